"""The JSON of CONTRACT.md: event standings and season leaderboards."""
from __future__ import annotations

import json

from generator.rules.engine import EventResult
from generator.rules.season import SeasonResult


def row_json(row, players) -> dict:
    data = {"rank": row.rank, "player": row.player, "name": players[row.player].name, "points": row.points,
            "tiebreaks": dict(row.tiebreaks), "status": row.status}
    if row.separated_by:
        data["separated_by"] = row.separated_by
    return data


def standings_json(result: EventResult) -> dict:
    players = {p.id: p for p in result.event.players}
    stages = [{"id": "swiss", "kind": "swiss", "standings": [row_json(r, players) for r in result.swiss_rows]}]
    if result.plan.knockout:
        stages.append({"id": f"top{result.plan.cut}", "kind": "knockout", "matches": _matches(result)})
    return {
        "event": result.event.id, "ruleset": result.ruleset.id, "players": len(result.event.players),
        "qualifier": result.qualifier, "complete": result.complete,
        "standings": [row_json(r, players) for r in result.final_rows], "stages": stages,
    }


def _matches(result: EventResult) -> list[dict]:
    scoring = result.ruleset.scoring
    out = []
    for matches in result.bracket:
        for slot, match in enumerate(matches, start=1):
            if match.round_no is None:
                continue
            out.append({"round": match.round_no, "game": match.pairing.table or slot, "match": match.label,
                        "players": list(match.players), "seeds": list(match.seeds), "winner": match.winner,
                        "points": [scoring.win if p == match.winner else scoring.loss for p in match.players]
                        if match.winner else None})
    return out


def leaderboard_json(season: SeasonResult, players: dict) -> dict:
    return {
        "season": season.season.id,
        "events": [r.event.id for r in season.events],
        "leaderboard": [{"rank": r.rank, "player": r.player, "name": players[r.player].name, "points": r.points,
                         "events": r.events} for r in season.leaderboard],
        "invitations": [{"player": i.player, "event": i.event, "via": i.via, "reason": i.reason}
                        for i in season.invitations],
    }


def dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
