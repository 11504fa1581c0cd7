"""`podium check`: every file read and checked, every event replayed and its rounds re-drawn; what
is still to play, ties the organizer decides and the re-draws' notes listed, then one "ok" line."""
from __future__ import annotations

from pathlib import Path

from podium.run import progress
from podium.run.archive import load_archive, without_cycle_collection
from podium.run.answers import Answering, answers_by_event
from podium.run.cache import CHECK_NOTES
from podium.commands.verify import redraw_differences
from podium.rules.engine import still_to_play, table_name, unfit_structure
from podium.site.render import check_theme


def check(content: Path) -> str:
    with without_cycle_collection(), progress.shown():  # as a build: millions of objects kept to the end
        differences_in = redraw_differences(content)

        def notes_of(result, key: str, registry: dict) -> tuple:
            return _notes_of(result, differences_in(result, key, registry))
        answering = Answering(content, CHECK_NOTES, notes_of, "re-drawn")  # from each whole replay
        archive = load_archive(content, outlines=True, answering=answering)
        check_theme(archive.site)
        notes = answers_by_event(archive, answering)
    events, seasons = len(archive.events), len(archive.seasons)
    # by kind, then by event: what is still to play first, the re-draws' differences last
    lines = [line for kind in range(NOTE_KINDS) for event_id in archive.events for line in notes[event_id][kind]]
    lines.append(f"ok: {events} event{'s' * (events != 1)}, {seasons} season{'s' * (seasons != 1)}, "
                 f"{len(archive.rulesets)} rulesets")
    return "\n".join(lines)


NOTE_KINDS = 5  # what is still to play, an unfit structure, ties to decide, the engine's notes, the re-draws'


def _notes_of(result, differences: list) -> tuple[tuple[list[str], ...], bool]:
    """One event's notes by kind, from its whole replay and its re-draws' ``differences``, and
    whether they may be kept: not when a re-draw differs from the published round (its note may
    read the git history, which the replay key does not cover)."""
    unfit = unfit_structure(result)
    notes = (pending_notes(result),
             [f"note: {result.event.at('structure')}: {unfit}"] if unfit else [],
             [tie_note(tie) for tie in result.ties if tie.decides],
             [f"note: {src}: {text}" for src, text in result.notes],
             # check passes either way: the pairings as published stand and the standings follow them
             [f"note: {d.src}: {d.message}" for d in differences])
    return notes, not differences


def pending_notes(result) -> list[str]:
    """One line per round whose results are not all in: an event in progress is normal, but
    the organizer should see what is still missing (the engine says which pairings)."""
    notes = []
    for rnd in result.event.rounds:
        to_play = still_to_play(result, rnd)
        notes += [f"note: {pairing.src}: table {table_name(pairing)}: {what}" for pairing, what in to_play]
        playing = {p for p, _ in to_play}
        missing = [p for p in result.pending.get(rnd.number, ()) if p not in playing]
        if missing:
            count = len(missing)
            tables = ", ".join(table_name(p) for p in missing)
            notes.append(f"note: {rnd.src}: {count} result{'s' * (count != 1)} pending "
                         f"(table{'s' * (count != 1)} {tables})")
    return notes


def tie_note(tie) -> str:
    """A tie whose order decides something, in the engine's one wording of it (what it awaits,
    in the ruleset's terms, as the standings and the site say it): until that decision is
    recorded, pair waits."""
    waits = f" (round {tie.blocks} cannot be paired until then)" if tie.blocks else ""
    return f"note: {tie.src}: {tie.message}{waits}"
