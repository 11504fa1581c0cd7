"""Player pages: every event of a player, newest first, with each game played, partners kept
apart from opponents, and the rating chart."""
from __future__ import annotations

from podium.site import labels
from podium.site.charts import rating_chart
from podium.site.model import SiteModel


def player_page(player_id: str, model: SiteModel) -> dict:
    ratings = model.ratings.get(player_id, [])
    return {"player": model.players[player_id],
            "history": [_played(report, player_id, model) for report in model.played[player_id]],
            "rating": rating_chart(ratings),
            "rating_events": {r.event: model.events[r.event].name for r in ratings}}


def _played(report, player_id: str, model: SiteModel) -> dict:
    mine = report.player[player_id]
    return {"event": model.card(report), "rank": mine.rank, "points": mine.points,
            "status": labels.STATUS.get(mine.status, ""), "complete": report.complete,
            "games": [{"round": g.round, "opponents": [model.person(p) for p in g.opponents],
                       "partners": [model.person(p) for p in g.partners],
                       "result": labels.RESULTS.get(g.result, g.result), "army": g.army, "margin": g.margin,
                       "match": labels.match_name(g.match) if g.match else None} for g in mine.games]}
