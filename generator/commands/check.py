"""`podium check`: every file read and checked, every event replayed and its rounds re-drawn; what
is still to play, ties the organizer decides and the re-draws' notes listed, then one "ok" line."""
from __future__ import annotations

from pathlib import Path

from podium.run import progress
from podium.run.archive import load_archive, without_cycle_collection
from podium.commands.verify import kept_redraws, verify_events
from podium.rules.engine import still_to_play, table_name, unfit_structure
from podium.site.render import check_theme


def check(content: Path) -> str:
    with without_cycle_collection(), progress.shown():  # as a build: millions of objects kept to the end
        archive = load_archive(content)
        check_theme(archive.site)
        with progress.counting("events re-drawn", len(archive.events), "event") as tick:
            registry = {p.id: p for p in archive.site.registry}
            kept, keys = kept_redraws(content, archive)
            redrawn = verify_events(list(archive.events.values()), registry, tick, kept=kept, keys=keys)
    events, seasons = len(archive.events), len(archive.seasons)
    lines = [note for result in archive.events.values() for note in pending_notes(result)]
    lines += [f"note: {result.event.at('structure')}: {unfit}"
              for result in archive.events.values() if (unfit := unfit_structure(result))]
    lines += [tie_note(tie) for result in archive.events.values() for tie in result.ties if tie.decides]
    lines += [f"note: {src}: {text}" for result in archive.events.values() for src, text in result.notes]
    # check passes either way: the pairings as published stand and the standings follow them
    lines += [f"note: {d.src}: {d.message}" for differences in redrawn for d in differences]
    lines.append(f"ok: {events} event{'s' * (events != 1)}, {seasons} season{'s' * (seasons != 1)}, "
                 f"{len(archive.rulesets)} rulesets")
    return "\n".join(lines)


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
