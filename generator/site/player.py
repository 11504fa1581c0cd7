"""Player pages: every event of a player, newest first, with each game played, partners kept
apart from opponents, and the rating chart."""
from __future__ import annotations

from podium.site import labels
from podium.site.charts import rating_chart
from podium.site.model import SiteModel
from podium.site.rounds import penalty_said, round_title


def player_page(player_id: str, model: SiteModel) -> dict:
    ratings = model.ratings.get(player_id, [])
    played = model.played[player_id]
    records = [report.player[player_id].record for report in played]
    return {"player": model.players[player_id], "me": model.person(player_id),
            "summary": {"events": len(played), "won": sum(r[0] for r in records), "drawn": sum(r[1] for r in records),
                        "lost": sum(r[2] for r in records),
                        "best": min((report.player[player_id].rank for report in played
                                     if report.complete and report.player[player_id].rank), default=None),
                        "seasons": model.season_places.get(player_id, [])},
            "history": [_played(report, player_id, model) for report in played],
            "rating": rating_chart(ratings),
            "rating_events": {r.event: model.events[r.event].name for r in ratings}}


def _played(report, player_id: str, model: SiteModel) -> dict:
    mine = report.player[player_id]
    return {"event": model.card(report), "rank": mine.rank, "points": mine.points,
            "armies": any(game.army for game in mine.games),  # the columns an event has, and no other
            "margins": any(game.margin is not None for game in mine.games),
            "status": labels.STATUS.get(mine.status, ""),
            "final": report.final,  # a place a tie leaves open is not his yet
            "games": [{"round": g.round, "opponents": [model.person(p) for p in g.opponents],
                       "partners": [model.person(p) for p in g.partners],
                       "result": labels.RESULTS.get(g.result, g.result), "army": g.army, "margin": g.margin,
                       "match": labels.match_name(g.match) if g.match else None, "late": g.late} for g in mine.games],
            "penalties": [{**penalty_said(p, model), "round": round_title(rnd)} for rnd in report.rounds
                          for p in rnd.penalties if player_id in (p.player, p.to)]}
