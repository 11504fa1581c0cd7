"""Magic: The Gathering — the Magic Tournament Rules (MTR), Appendix C "Tiebreaker
Explanation": opponents' match-win percentage, game-win percentage and opponents' game-win
percentage, in that order after match points (MTR 3.1). Match points and games are recorded by
the generic ``points`` scoring (``score_means: games``; a bye is a match won 2–0).

What Appendix C says, as computed here:
- match-win percentage: match points ÷ (3 × rounds played), a bye a round won; at least 1/3;
- game points: 3 a game won, 1 a game drawn; game-win percentage: game points ÷ (3 × games
  played), a bye two games won; at least 1/3;
- opponents' percentages: the mean over the opponents the player met (a bye is no opponent),
  each opponent's percentage over the rounds he took part in, floored as above.
The floor is exactly 1/3: the published standings of real events (tests/test_magic.py) are
reproduced with 1/3, not with 0.33.
"""
from __future__ import annotations

from fractions import Fraction

from podium.rules.standings.metrics import Context, ExactTiebreaker, exact_points, opponents_mean

FLOOR = Fraction(1, 3)
GAME_WIN, GAME_DRAW = 3, 1  # game points (MTR Appendix C)


def match_win(player: str, ctx: Context) -> Fraction:
    """A player's match-win percentage, once per standings (every opponent's mean reads it)."""
    return ctx.remember(("match win", player), lambda: _match_win(player, ctx))


def game_win(player: str, ctx: Context) -> Fraction:
    """A player's game-win percentage, once per standings (GW% and every opponent's OGW% read it)."""
    return ctx.remember(("game win", player), lambda: _game_win(player, ctx))


def _match_win(player: str, ctx: Context) -> Fraction:
    record = ctx.records[player]
    if not record.rounds_played:
        return FLOOR
    win = exact_points(getattr(ctx.scoring, "win", 3))
    return max(FLOOR, exact_points(record.points) / (win * record.rounds_played))


def _game_win(player: str, ctx: Context) -> Fraction:
    stats = ctx.records[player].stats
    games = stats.get("played_games", 0)
    if not games:
        return FLOOR
    points = GAME_WIN * stats.get("won_games", 0) + GAME_DRAW * stats.get("drawn_games", 0)
    return max(FLOOR, Fraction(points) / (GAME_WIN * games))


class OpponentsMatchWin(ExactTiebreaker):
    """MTR Appendix C: opponents' match-win percentage — the mean of the match-win percentages of the opponents met (a bye is no opponent), each at least 1/3."""

    name = key = "omw"
    abbr, title = "OMW%", "Opponents' match-win %"
    percent = True

    def exact(self, player, ctx):
        return opponents_mean(player, ctx, match_win)


class GameWin(ExactTiebreaker):
    """MTR Appendix C: game-win percentage — game points (3 a game won, 1 a game drawn) over 3 a game played, a bye two games won; at least 1/3."""

    name = key = "gw"
    abbr, title = "GW%", "Game-win %"
    percent = True
    needs = frozenset({"games"})

    def exact(self, player, ctx):
        return game_win(player, ctx)


class OpponentsGameWin(ExactTiebreaker):
    """MTR Appendix C: opponents' game-win percentage — the mean of the game-win percentages of the opponents met, each at least 1/3."""

    name = key = "ogw"
    abbr, title = "OGW%", "Opponents' game-win %"
    percent = True
    needs = frozenset({"games"})

    def exact(self, player, ctx):
        return opponents_mean(player, ctx, game_win)


BLOCKS: dict = {}  # scored by the generic points block (rules/points.py)
TIEBREAKERS = [OpponentsMatchWin, GameWin, OpponentsGameWin]
