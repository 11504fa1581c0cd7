"""Magic: The Gathering — the Magic Tournament Rules (MTR), Appendix C "Tiebreaker
Explanation": opponents' match-win percentage, game-win percentage and opponents' game-win
percentage, in that order after match points (MTR 3.1). Match points and games are recorded by
the ``magic`` scoring, the generic ``points`` one (``score_means: games``; a bye is a match won
2–0) with how a match of drawn games alone counts (``all_drawn_match``).

What Appendix C says, as computed here:
- match-win percentage: match points ÷ (3 × rounds played), a bye a round won; at least 1/3;
- game points: 3 a game won, 1 a game drawn; game-win percentage: game points ÷ (3 × games
  played), a bye two games won; at least 1/3. A match no game of which was won, only drawn
  (0-0-3), earns 1 game point a game as the MTR counts it, none as melee.gg counts it;
- opponents' percentages: the mean over the opponents the player met (a bye is no opponent),
  each opponent's percentage over the rounds he took part in, floored as above.
The floor is exactly 1/3: the published standings of real events (tests/test_magic.py) are
reproduced with 1/3, not with 0.33.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Literal

from podium.core.values import Points
from podium.rules.blocks import Param
from podium.rules.points import PointsScoring
from podium.rules.standings.metrics import Context, ExactTiebreaker, exact_points, opponents_mean

FLOOR = Fraction(1, 3)
GAME_WIN, GAME_DRAW = 3, 1  # game points (MTR Appendix C)
MTR, MELEE = "mtr", "melee"  # how a match of drawn games alone (0-0-3) counts: MagicScoring.all_drawn_match


class MagicScoring(PointsScoring):
    """Magic: The Gathering (MTR 3.1, Appendix C): the ``points`` scoring of a match of games (3 a
    match won, 1 drawn, 0 lost; ``score`` the games each player won, ``drawn_games`` the games
    drawn; a bye a match won 2–0), which also says how a match no game of which was won (0-0-3:
    ``score: [0, 0]``, ``drawn_games: 3``, most often an intentional draw) counts in the game-win
    percentages. MTR Appendix C: players earn "3 game points for each game they win and 1 point
    for each game that ends in a draw", so its three drawn games earn 3 game points of 9
    (``all_drawn_match: mtr``). melee.gg, which publishes most Magic events' standings, gives such
    a match no game point and still counts its three games as played, 0 of 9 (``melee``): its
    published standings of a real event with four 0-0-3s are reproduced so, and only so
    (tests/data/mtg-melee-15606.yaml: one player's 9 games won of 14 make 27/42, not the MTR's
    30/42). An event whose standings melee.gg made says ``melee`` to reproduce them."""

    name = "magic"
    params = {
        **PointsScoring.params,
        "win": Param(Points, 3, "match points for a match won (MTR Appendix C)"),
        "draw": Param(Points, 1, "match points each for a drawn match"),
        "loss": Param(Points, 0, "match points for a match lost"),
        "score_means": Param(Literal["result", "games"], "games", "what 'score' lists: 'games', the games each "
                             "player won in a match ([2, 1]); 'result', the match's result alone ([1, 0], [0.5, 0.5], "
                             "[0, 1])"),
        "all_drawn_match": Param(Literal["mtr", "melee"], MTR, "a match no game of which was won (0-0-3, an "
                                 "intentional draw): 'mtr', 1 game point a drawn game (MTR Appendix C); 'melee', no "
                                 "game point, its games still played (as melee.gg counts it)"),
    }

    def agreement(self) -> list[tuple[str, str]]:
        """What the matches' games are worth needs matches of games (``score_means: games``)."""
        counted = [] if self.all_drawn_match == MTR or self.score_means == "games" else [
            ("all_drawn_match", "counts the games of a drawn match, and 'score_means: result' records no games; "
                                "write 'score_means: games' or leave 'all_drawn_match' out")]
        return super().agreement() + counted


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
    record = ctx.records[player]
    games = record.stats.get("played_games", 0)
    if not games:
        return FLOOR
    all_drawn = getattr(ctx.scoring, "all_drawn_match", MTR)  # the generic points scoring counts as the MTR does
    points = sum(game_points(outcome.stats, all_drawn) for outcome in record.outcomes)
    return max(FLOOR, Fraction(points) / (GAME_WIN * games))


def game_points(games: dict, all_drawn: str = MTR) -> int:
    """The game points of one match (its ``games`` as the scoring recorded them): 3 a game won, 1
    a game drawn (MTR Appendix C) — but none for a match of drawn games alone as melee.gg counts
    it (``MagicScoring.all_drawn_match``), though its games stay among those played."""
    won, drawn = games.get("won_games", 0), games.get("drawn_games", 0)
    if all_drawn == MELEE and drawn and drawn == games.get("played_games", 0):
        return 0
    return GAME_WIN * won + GAME_DRAW * drawn


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


BLOCKS = {"scoring": [MagicScoring]}
TIEBREAKERS = [OpponentsMatchWin, GameWin, OpponentsGameWin]
