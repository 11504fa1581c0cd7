"""Pokémon TCG — Play! Pokémon Tournament Rules Handbook, §5.3.3 and §5.5.1.1: resistance
(opponents' win percentage) and opponents' resistance, after match points (win 3, tie 1, loss
0, the generic ``points`` scoring).

As computed here:
- a player's win percentage is his wins (a tie half a win) over the rounds he played; a bye
  counts in neither (§5.6.1: it is no round played for the percentage);
- it is at least 25 %; at most 100 % for a player who played to the last round, 75 % for one
  who dropped before it (§5.3.3.1);
- resistance is the mean of the opponents' win percentages (a bye is no opponent); opponents'
  resistance the mean of the opponents' resistances.
The handbook does not say what a tie counts; half a win is rk9.gg's reading, said so here.
"""
from __future__ import annotations

from fractions import Fraction

from podium.rules.standings.metrics import Context, ExactTiebreaker, opponents_mean

FLOOR, DROPPED_CAP = Fraction(1, 4), Fraction(3, 4)
COUNTED = {"win": Fraction(1), "draw": Fraction(1, 2), "loss": Fraction(0)}


def win_percentage(player: str, ctx: Context) -> Fraction:
    return ctx.remember(("win percentage", player), lambda: _win_percentage(player, ctx))


def _win_percentage(player: str, ctx: Context) -> Fraction:
    outcomes = [o for o in ctx.records[player].outcomes if o.opponent is not None]
    if not outcomes:
        return FLOOR
    last_round = ctx.remember("pokemon last round", lambda: max(
        (o.round for record in ctx.records.values() for o in record.outcomes), default=0))
    played_out = max(o.round for o in ctx.records[player].outcomes) == last_round
    share = sum((COUNTED.get(o.result, Fraction(0)) for o in outcomes), Fraction(0)) / len(outcomes)
    return min(max(share, FLOOR), Fraction(1) if played_out else DROPPED_CAP)


def resistance(player: str, ctx: Context) -> Fraction:
    return ctx.remember(("resistance", player), lambda: opponents_mean(player, ctx, win_percentage))


class Resistance(ExactTiebreaker):
    """Play! Pokémon Tournament Rules Handbook §5.3.3: resistance — the mean win percentage of the opponents met (a bye is no opponent), each at least 25 % and at most 75 % for one who dropped."""

    name = key = "resistance"
    abbr, title = "Res%", "Resistance"
    percent = True

    def exact(self, player, ctx):
        return resistance(player, ctx)


class OpponentsResistance(ExactTiebreaker):
    """Play! Pokémon Tournament Rules Handbook §5.5.1.1: opponents' resistance — the mean resistance of the opponents met."""

    name = key = "opp_resistance"
    abbr, title = "OppRes%", "Opponents' resistance"
    percent = True

    def exact(self, player, ctx):
        return opponents_mean(player, ctx, resistance)


BLOCKS: dict = {}  # scored by the generic points block (rules/points.py)
TIEBREAKERS = [Resistance, OpponentsResistance]
