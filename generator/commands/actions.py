"""What each command does, as library functions the CLI calls (and tests can call too)."""
from __future__ import annotations

from pathlib import Path

import click

from podium.build import progress
from podium.build.archive import find_event, load_archive, without_cycle_collection
from podium.content.editor import modeline
from podium.formats.export import dumps, standings_json
from podium.site.i18n import Language
from podium.content.roundfile import render_round
from podium.core.writing import write_new_file
from podium.rules.engine import next_round, still_to_play, table_name, unfit_structure
from podium.rules.standings.order import shared_ranks


def check(content: Path) -> str:
    from podium.site.render import check_theme
    from podium.commands.verify import verify_events

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
    """A tie whose order decides something: until the organizer records it, pair waits."""
    waits = f" (round {tie.blocks} cannot be paired until then)" if tie.blocks else ""
    return f"note: {tie.src}: {tie.message}{waits}"


def pair(content: Path, event_name: str) -> Path:
    result = find_event(load_archive(content), event_name)
    draft = next_round(result)
    path = Path(result.event.folder) / "rounds" / f"{draft.number}.yaml"
    write_new_file(path, render_round(draft, result, modeline(path, "round", content)))
    return path


def standings(content: Path, event_name: str, as_json: bool) -> str:
    result = find_event(load_archive(content), event_name)
    if as_json:
        return dumps(standings_json(result.report))
    return standings_table(result)


def export_trf(content: Path, event_name: str) -> str:
    """`podium export trf`: the event as FIDE's Tournament Report File (TRF-16)."""
    from podium.formats.trf import write_trf
    from podium.formats.trf_export import event_trf

    return write_trf(event_trf(find_event(load_archive(content), event_name).report))


def standings_table(result) -> str:
    english = Language("en")  # plain, locale-free numbers in the terminal
    number = english.number
    ranked_by = result.ruleset.tiebreakers_for(result.first.kind) if result.stages else []  # the rows' own
    shown = [t for t in ranked_by if t.shown]
    keys = [t.key for t in shown]
    percents = {t.key for t in shown if t.percent}  # OMW% and the like, as the site shows them
    names = {p.id: p.name for p in result.event.players}
    header = ["#", "player", "pts", *keys, "status"]

    def cell(key, value) -> str:
        return english.tiebreak(value, percent=key in percents)

    shared = shared_ranks(result.final_rows)
    body = [[f"={r.rank}" if r.rank in shared else str(r.rank), names[r.player], number(r.points),
             *(cell(k, r.tiebreaks[k]) for k in keys), _status_cell(r)] for r in result.final_rows]
    widths = [max(len(line[i]) for line in [header, *body]) for i in range(len(header))]
    title = f"{result.event.name} — {'final' if result.complete else 'provisional'} standings"
    lines = [title, ""] + ["  ".join(c.ljust(w) for c, w in zip(line, widths)).rstrip() for line in [header, *body]]
    return "\n".join(lines)


def _status_cell(row) -> str:
    status = row.status if row.status != "active" else ""
    undecided = "tie: the organizer decides (manual_order)" if row.tie == "undecided" else ""
    return ", ".join(text for text in (status, undecided) if text)


def verify(content: Path, event_name: str | None) -> tuple[list, int]:
    """Differences between published and re-drawn rounds, and how many rounds were checked."""
    from podium.commands.verify import verify_events

    with without_cycle_collection():  # as a build: millions of objects kept to the end
        archive = load_archive(content)
        results = [find_event(archive, event_name)] if event_name else list(archive.events.values())
        registry = {p.id: p for p in archive.site.registry}
        kept, keys = kept_redraws(content, archive)
        differences = [d for found in verify_events(results, registry, kept=kept, keys=keys) for d in found]
    return differences, sum(len(r.event.rounds) for r in results)


def kept_redraws(content: Path, archive) -> tuple:
    """Where verify keeps its redraws (cache.py), with the key of each event's replay; the
    redraws of events that are gone are forgotten."""
    from podium.build.cache import REDRAWS, Kept

    kept = Kept(content, REDRAWS)
    kept.keep_only(archive.events)
    return kept, archive.event_keys


def echo_written(path: Path) -> None:
    click.echo(f"wrote {path}")
