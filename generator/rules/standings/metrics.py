"""Tie-breakers: one small class each (DESIGN.md §5). A ruleset lists them by ``key``.

``split`` divides a group of players tied so far into ordered sub-groups (best first);
players left in one sub-group are still tied and go on to the next tie-breaker.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import groupby
from typing import ClassVar

from generator.rules.blocks import Block
from generator.rules.draw import lot


class Context:
    """What tie-breakers may read: the records of the stage and the event's seed."""

    def __init__(self, records: dict, seed: int):
        self.records, self.seed = records, seed


class Tiebreaker(Block):
    key: ClassVar[str] = ""
    abbr: ClassVar[str] = ""
    title: ClassVar[str] = ""
    shown: ClassVar[bool] = True  # a column in the standings table
    signed: ClassVar[bool] = False  # a difference, shown with its sign (+7 / −7)

    def value(self, player: str, ctx: Context):
        return None

    def exact(self, player: str, ctx: Context):
        """The value compared when breaking ties (exact; ``value`` is what is shown)."""
        return self.value(player, ctx)

    def split(self, group: list[str], ctx: Context) -> list[list[str]]:
        ordered = sorted(group, key=lambda p: self.exact(p, ctx), reverse=True)
        return [list(g) for _, g in groupby(ordered, key=lambda p: self.exact(p, ctx))]

    @property
    def explanation(self) -> str:
        return " ".join((self.__doc__ or "").split())


class Points(Tiebreaker):
    """Tournament points: the ruleset's main score, minus any penalty points."""

    name = key = "points"
    abbr, title = "Pts", "Points"

    def value(self, player, ctx):
        record = ctx.records[player]
        return record.points - record.penalty_points


class HqDifference(Tiebreaker):
    """NS HEX 2023 §5.6 I: total HQ-durability difference over all Swiss games, a bye counting +7."""

    name = key = "hq_diff"
    abbr, title = "HQ±", "HQ difference"
    signed = True

    def value(self, player, ctx):
        return ctx.records[player].margin


class HeadToHead(Tiebreaker):
    """NS HEX 2023 §5.6 II: when exactly two players are still tied and played each other, the winner of that game is higher."""

    name = key = "head_to_head"
    abbr, title = "H2H", "Head-to-head"
    shown = False

    def split(self, group, ctx):
        if len(group) != 2:
            return [group]
        a, b = group
        results = ctx.records[a].results_against(b)
        wins, losses = results.count("win"), results.count("loss")
        if wins == losses:
            return [group]
        return [[a], [b]] if wins > losses else [[b], [a]]


class RandomLot(Tiebreaker):
    """Players still tied are ordered by lot: a random number drawn once per player from the event's seed (recorded, reproducible)."""

    name = key = "random"
    abbr, title = "Lot", "Random lot"
    shown = False

    def split(self, group, ctx):
        return [[p] for p in sorted(group, key=lambda p: lot(ctx.seed, p))]



def _points_per_round(record) -> Fraction:
    """An opponent's points divided by the rounds he took part in, his bye round included."""
    if not record.rounds_played:
        return Fraction(0)
    return Fraction(record.points).limit_denominator(10**6) / record.rounds_played


def _mean_over_opponents(player, ctx, measure) -> Fraction:
    """The mean of ``measure(opponent)`` over the player's opponents (byes are not opponents)."""
    opponents = ctx.records[player].opponents
    if not opponents:
        return Fraction(0)
    return sum((measure(o) for o in opponents), Fraction(0)) / len(opponents)


class StrengthOfSchedule(Tiebreaker):
    """FFG Conquest tie-breaker 1 (Strength of Schedule): for each opponent, his points divided by the rounds he played (a bye round counts as played; a dropped opponent counts only the rounds he played); the sum divided by the number of opponents. A bye is not an opponent."""

    name = key = "sos"
    abbr, title = "SoS", "Strength of Schedule"

    def exact(self, player, ctx) -> Fraction:
        return _mean_over_opponents(player, ctx, lambda o: _points_per_round(ctx.records[o]))

    def value(self, player, ctx) -> float:
        return float(self.exact(player, ctx))


class ExtendedStrengthOfSchedule(Tiebreaker):
    """FFG Conquest tie-breaker 2 (Extended Strength of Schedule): the mean of the opponents' Strength of Schedule."""

    name = key = "esos"
    abbr, title = "ESoS", "Extended Strength of Schedule"

    def exact(self, player, ctx) -> Fraction:
        sos = StrengthOfSchedule()
        return _mean_over_opponents(player, ctx, lambda o: sos.exact(o, ctx))

    def value(self, player, ctx) -> float:
        return float(self.exact(player, ctx))
