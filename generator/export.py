"""The JSON of CONTRACT.md: event standings and season leaderboards."""
from __future__ import annotations

import json

from podium.rules.engine import EventResult
from podium.rules.kinds import KNOCKOUT
from podium.rules.season import SeasonResult


def row_json(row, players) -> dict:
    data = {"rank": row.rank, "player": row.player, "name": players[row.player].name, "points": row.points,
            "tiebreaks": dict(row.tiebreaks), "status": row.status}
    if players[row.player].team:
        data["team"] = players[row.player].team  # a team event (registrations' 'team:')
    if row.separated_by:
        data["separated_by"] = row.separated_by
    if row.tie:
        data["tie"] = row.tie  # shared (the place decides nothing) | undecided (the organizer's order is awaited)
    return data


def standings_json(result: EventResult) -> dict:
    players = {p.id: p for p in result.event.players}
    return {
        "event": result.event.id, "ruleset": result.ruleset.id, "players": len(result.event.players),
        "qualifier": result.qualifier, "complete": result.complete,
        "standings": [row_json(r, players) for r in result.final_rows],
        "stages": [_stage_json(stage, result, players) for stage in result.stages],
    }


def _stage_json(stage, result: EventResult, players: dict) -> dict:
    data = {"id": stage.id, "kind": stage.kind}
    if stage.kind == KNOCKOUT:
        data["matches"] = _matches(stage, result)
    elif len(stage.groups) > 1:
        data["groups"] = [{"id": g.id, "standings": [row_json(r, players) for r in g.rows]} for g in stage.groups]
    else:
        data["standings"] = [row_json(r, players) for r in stage.rows]
    return data


def match_points(match, stage, scoring) -> list | None:
    """The ruleset's points of each player for the whole match (CONTRACT.md): Tantrix the sum
    of the games' TP, best-of-N the games won, one game the points of a win and a loss. A match
    not played has none: a bye, a walkover, a forfeit before any game (a no-show in one game of
    a Tantrix match is a game scored, §7b)."""
    pairing = match.pairing
    if not match.winner or match.bye or match.walkover or (pairing.forfeit and not (pairing.games or pairing.score)):
        return None
    summed = scoring.match_points(pairing, stage)
    if summed is not None:
        return summed
    series = scoring.series(pairing)
    if series is not None:
        return list(series)
    return [scoring.win if p == match.winner else scoring.loss for p in match.players]


def _matches(stage, result: EventResult) -> list[dict]:
    out = []
    for matches in stage.bracket:
        for slot, match in enumerate(matches, start=1):
            if match.round_no is None:
                continue
            out.append({"round": match.round_no, "game": match.pairing.table or slot, "match": match.label,
                        "players": list(match.players), "seeds": list(match.seeds), "winner": match.winner,
                        "points": match_points(match, stage.stage, result.ruleset.scoring)})
    return out


def leaderboard_json(season: SeasonResult, players: dict) -> dict:
    return {
        "season": season.season.id,
        "events": [r.event.id for r in season.events],
        "leaderboard": [{"rank": r.rank, "player": r.player, "name": players[r.player].name, "points": r.points,
                         "events": r.events} for r in season.leaderboard],
        "invitations": [{"player": i.player, "event": i.event, "via": i.via, "reason": i.reason,
                         "passed_over": [{"player": p, "why": why} for p, why in i.passed_over]}
                        for i in season.invitations],
    }


def dumps(data) -> str:
    # allow_nan=False: NaN and Infinity are not JSON; content cannot hold them (the loader refuses them),
    # so one here is a bug to stop on, never a file other tools fail to read
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False, allow_nan=False) + "\n"
