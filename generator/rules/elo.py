"""Elo ratings carried across events, from played games only (Tantrix §12, §7h).

The seed points to the Tantrix rating page without reproducing it, so the update is the
classic Elo one: expected score 1 / (1 + 10^((Rb − Ra)/400)), new rating R + K·(S − E), with
the game's share of the tournament points as S (20–0 is 1, 10–10 is ½) — so the result and the
time penalties count, as §7h says, and defaults never do.
"""
from __future__ import annotations

from dataclasses import dataclass

START = 1500
K = 32


@dataclass(frozen=True)
class RatingPoint:
    event: str
    date: object
    rating: float
    games: int  # rated games played at that event


def expected(rating: float, opponent: float) -> float:
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def update(rating_a: float, rating_b: float, score_a: float, k: float = K) -> tuple[float, float]:
    """Both ratings after one game where A scored ``score_a`` (1 win, ½ draw, 0 loss, or between)."""
    change = k * (score_a - expected(rating_a, rating_b))
    return rating_a + change, rating_b - change


def rating_histories(results, registry: dict) -> dict[str, list[RatingPoint]]:
    """Every rated player's rating after each event, oldest first. A player's first rating is
    the one at his first registration, else the registry's, else START."""
    ratings: dict[str, float] = {}
    history: dict[str, list[RatingPoint]] = {}
    rated = [r for r in results if r.rated_games]
    for result in sorted(rated, key=lambda r: (r.event.date is None, r.event.date, r.event.id)):
        played: dict[str, int] = {}
        for a, b, score in result.rated_games:
            for player in (a, b):
                if player not in ratings:
                    ratings[player] = float(result.event.player(player).rating or
                                            getattr(registry.get(player), "rating", None) or START)
                played[player] = played.get(player, 0) + 1
            ratings[a], ratings[b] = update(ratings[a], ratings[b], score)
        for player, games in played.items():
            history.setdefault(player, []).append(RatingPoint(result.event.id, result.event.date,
                                                              round(ratings[player], 1), games))
    return history
