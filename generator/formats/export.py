"""The JSON of CONTRACT.md: event standings and season leaderboards."""
from __future__ import annotations

import json

from podium.rules.kinds import KNOCKOUT
from podium.rules.report import EventReport, SeasonReport


def row_json(row, people) -> dict:
    person = people[row.player]
    data = {"rank": row.rank, "player": row.player, "name": person.name, "points": row.points,
            "tiebreaks": dict(row.tiebreaks), "status": row.status}
    if person.team:
        data["team"] = person.team  # a team event (registrations' 'team:')
    if row.separated_by:
        data["separated_by"] = row.separated_by
    if row.tie:
        data["tie"] = row.tie  # shared (the place decides nothing) | undecided (a decision is awaited)
    if row.awaits:
        data["awaiting"] = row.awaits  # what an undecided place awaits, in the rules' terms
    return data


def standings_json(report: EventReport) -> dict:
    people = report.person
    return {
        "event": report.id, "ruleset": report.ruleset, "players": len(report.people),
        "qualifier": report.qualifier, "complete": report.complete,
        "final": report.final,  # complete, and no tie left open: the standings are final
        "open_ties": [_open_tie_json(t) for t in report.open_ties],
        "standings": [row_json(r, people) for r in report.standings],
        "stages": [_stage_json(stage, people) for stage in report.stages],
    }


def _open_tie_json(tie) -> dict:
    """A tie whose order decides something and awaits a decision, as check words it."""
    return {"players": list(tie.players), "places": list(tie.places), "group": tie.group, "stage": tie.stage,
            "awaiting": tie.awaits, "message": tie.message}


def _stage_json(stage, people) -> dict:
    data = {"id": stage.id, "kind": stage.kind}
    if stage.kind == KNOCKOUT:
        data["matches"] = _matches(stage)
    elif len(stage.groups) > 1:
        data["groups"] = [{"id": g.id, "standings": [row_json(r, people) for r in g.rows]} for g in stage.groups]
    else:
        data["standings"] = [row_json(r, people) for r in stage.standings]
    return data


def _matches(stage) -> list[dict]:
    return [{"round": m.round_no, "game": m.table or m.slot, "match": m.match.label,
             "players": [side.player for side in m.sides], "seeds": [side.seed for side in m.sides],
             "winner": m.winner, "points": list(m.points) if m.points else None}
            for matches in stage.bracket for m in matches if m.round_no is not None]


def leaderboard_json(season: SeasonReport, players: dict) -> dict:
    return {
        "season": season.season.id,
        "events": list(season.events),
        "leaderboard": [{"rank": r.rank, "player": r.player, "name": players[r.player].name, "points": r.points,
                         "events": r.events, "points_by_event": dict(r.points_by_event)} for r in season.leaderboard],
        "invitations": [{"player": i.player, "event": i.event, "via": i.via, "reason": i.reason,
                         "passed_over": [{"player": p, "why": why} for p, why in i.passed_over]}
                        for i in season.invitations],
    }


def dumps(data) -> str:
    # allow_nan=False: NaN and Infinity are not JSON; content cannot hold them (the loader refuses them),
    # so one here is a bug to stop on, never a file other tools fail to read
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False, allow_nan=False) + "\n"
