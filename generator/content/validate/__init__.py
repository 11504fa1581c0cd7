"""② Content tree → model. Every problem is collected with its file and line; then abort once.

This package checks the shape of the content (types, keys, ids, references between files).
What a result means under a ruleset (legal score, army reuse…) is checked by the rules engine.
One module per file the reader meets, in the order load_site reads them:

    files      the content folder, its links and its YAML files as loaded
    fields     Fields: one mapping's keys read through its declared model (podium.content.validate.schema)
    site       the whole tree (load_site), one event's part of it (load_event_files) and site.yaml;
               events checked against seasons
    players    players.yaml and registrations.yaml; ids that must be registered
    seasons    seasons/<id>.yaml
    events     the event folders and event.yaml
    rounds     rounds/<n>.yaml: drops, late entries, penalties
    pairings   a round's tables, their results and games
    pages      pages/<slug>.md and their front matter
"""
from __future__ import annotations

from podium.content.validate.events import event_folders, read_event
from podium.content.validate.fields import Fields
from podium.content.validate.files import UNREADABLE, refuse_escaping_links, refuse_no_content
from podium.content.validate.players import read_player
from podium.content.validate.site import load_event_files, load_site

__all__ = ["UNREADABLE", "Fields", "event_folders", "load_event_files", "load_site", "read_event", "read_player",
           "refuse_escaping_links", "refuse_no_content"]
