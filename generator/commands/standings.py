"""`podium standings`: an event's standings as a table for the terminal, or as CONTRACT.md's JSON."""
from __future__ import annotations

from pathlib import Path

from podium.run.archive import load_event
from podium.formats.export import dumps, standings_json
from podium.rules.standings.order import shared_ranks
from podium.site import labels
from podium.site.i18n import Language


def standings(content: Path, event_name: str, as_json: bool) -> str:
    """The event's standings, from its own files alone (``load_event``)."""
    result = load_event(content, event_name).result
    if as_json:
        return dumps(standings_json(result.report))
    return standings_table(result)


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
    open_ties = "; ".join(labels.plain(tie) for tie in labels.open_ties(result.report))  # the site's words
    title = f"{result.event.name} — {'final' if result.report.final else 'provisional'} standings"
    title += f" — {open_ties}" if open_ties else ""
    lines = [title, ""] + ["  ".join(c.ljust(w) for c, w in zip(line, widths)).rstrip() for line in [header, *body]]
    return "\n".join(lines)


def _status_cell(row) -> str:
    status = row.status if row.status != "active" else ""
    undecided = labels.plain(labels.tied_awaiting(row.awaits)) if row.awaits else ""  # as the site says it
    return ", ".join(text for text in (status, undecided) if text)
