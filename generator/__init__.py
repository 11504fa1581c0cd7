"""Podium: tournament results as a static site.

The package is a pipeline in floors, each a folder that imports only from the floors below it
(tests/test_architecture.py holds every import to this order; docs/architecture.md draws it):

    core      the words every floor shares: errors with their file:line, the declared model
    rules     the rules engine: the model → each event's report (pairings, standings)
    content   the organizer's files read and checked into the model, and written back
    formats   other programs' files: TRF, sign-up sheets, the JSON of CONTRACT.md
    site      reports → pages → HTML, and the site written whole
    run       a run over the whole archive: every event computed, what changed since the last
              run, the replays kept, the work shared among the cores; `podium build`
    venue     servers for the venue: `podium serve`, the site on the room's network
    commands  the command line and each command's glue
"""

__version__ = "0.3.0"

FLOORS = ("core", "rules", "content", "formats", "site", "run", "venue", "commands")  # bottom first
