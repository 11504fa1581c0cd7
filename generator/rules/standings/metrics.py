"""Tie-breakers: one small class each (DESIGN.md §5). A ruleset lists them by ``key``.

``split`` divides a group of players tied so far into ordered sub-groups (best first);
players left in one sub-group are still tied and go on to the next tie-breaker.
"""
from __future__ import annotations

from abc import abstractmethod
from fractions import Fraction
from itertools import groupby
from math import lcm
from typing import ClassVar

from podium.core.words import N_
from podium.rules.blocks import Block
from podium.rules.draw import CURRENT as CURRENT_DRAWS, LOT_PER_PURPOSE, TIEBREAK, lot, tie_purpose
from podium.rules.outcome import tidy


class Context:
    """What tie-breakers may read: the records of the stage, the event's seed, the
    organizer's recorded order for ties no rule breaks and the play-offs held for ties."""

    def __init__(self, records: dict, seed: int, manual_order: tuple = (), playoffs: tuple = (),
                 draws: int = CURRENT_DRAWS, moment: str = "", kind: str = "", scoring=None, ratings=None):
        self.records, self.seed, self.manual_order = records, seed, manual_order
        self.playoffs = playoffs  # play-off games held for ties (Tantrix §10c)
        self.draws, self.moment = draws, moment  # which draws made the event; when these standings stand
        self.kind, self.scoring = kind, scoring  # the stage's kind and the ruleset's scoring block
        self.ratings = ratings or {}  # player → his registered rating (None: unrated)
        self.memo: dict = {}  # what the tie-breakers share within one standings (the opponents' strengths)

    def remember(self, key, compute):
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]


ORGANIZERS_DECISION = N_("the organizer's decision")  # what a tie 'manual_order:' settles awaits


class Tiebreaker(Block):
    """What every tie-breaker answers: ``split``, how it orders players tied so far; the standings
    show ``value`` in its column when it is ``shown``. One that orders by a value of each player
    derives from ``ValueTiebreaker``, which splits by that value."""

    key: ClassVar[str] = ""
    abbr: ClassVar[str] = ""
    title: ClassVar[str] = ""
    shown: ClassVar[bool] = False  # a column in the standings table (a value to show: ValueTiebreaker)
    signed: ClassVar[bool] = False  # a difference, shown with its sign (+7 / −7)
    percent: ClassVar[bool] = False  # a fraction in [0, 1], shown as a per cent (70.83 %)
    # A decision taken away from the results (a play-off game, the organizer's order). When later
    # tie-breakers follow it (Tantrix §10c, §10d), those order only the places whose order decides
    # nothing; a tie for who goes on or the winner waits for this decision (rules/ties.py).
    awaited: ClassVar[bool] = False
    # The facts of results it reads beyond points and opponents (scoring.FACTS): the ruleset's
    # scoring must record them, or the ruleset is refused when loaded (never a silent 0).
    needs: ClassVar[frozenset] = frozenset()

    @abstractmethod
    def split(self, group: list[str], ctx: Context) -> list[list[str]]:
        """``group`` (players tied so far) as ordered sub-groups, best first, each player in one;
        players left together in a sub-group are still tied and go on to the next tie-breaker."""

    def value(self, player: str, ctx: Context):
        """What the standings show in this tie-breaker's column (None: it only orders, not shown)."""
        return None

    def how_to_decide(self, players: tuple[str, ...], event) -> str:
        """An awaited decision: what the organizer records to settle ``players``' tie ("": the
        organizer's order, 'manual_order:')."""
        return ""

    def awaiting(self, players: tuple[str, ...]) -> str:
        """What a tie of ``players`` this tie-breaker leaves open waits for, in the rules' terms:
        the one wording check, the standings and the site give it (a text for the catalogs)."""
        return ORGANIZERS_DECISION

    public = ""  # the explanation players read, where the docstring speaks to organizers (files, commands)

    @property
    def explanation(self) -> str:
        return self.public or " ".join((self.__doc__ or "").split())


class ValueTiebreaker(Tiebreaker):
    """A tie-breaker that gives each player a value, shown in its column: the higher value first."""

    shown = True

    @abstractmethod
    def value(self, player: str, ctx: Context):
        """What the standings show for ``player`` (a number, or numbers compared in order)."""

    def exact(self, player: str, ctx: Context):
        """The value compared when breaking ties (exact; ``value`` is what is shown)."""
        return self.value(player, ctx)

    def split(self, group: list[str], ctx: Context) -> list[list[str]]:
        exact = {p: self.compared(p, ctx) for p in group}  # each player's value worked out once
        ordered = sorted(group, key=exact.__getitem__, reverse=True)
        return [list(g) for _, g in groupby(ordered, key=exact.__getitem__)]

    def compared(self, player: str, ctx: Context):
        """``exact`` as ``split`` reads it (an ExactTiebreaker's worked out once per standings)."""
        return self.exact(player, ctx)


class ExactTiebreaker(ValueTiebreaker):
    """A tie-breaker worked out exactly (a fraction, ``exact``), which ties compare; ``value`` is
    it as a number: whole numbers and halves as they are, others to six places (a percentage as a
    fraction in [0, 1], which the site shows as a per cent)."""

    @abstractmethod
    def exact(self, player: str, ctx: Context):
        """The exact value (a Fraction or an int)."""

    def compared(self, player, ctx):
        # split and the shown value both read it: one Fraction sum per player and standings
        return ctx.remember((type(self), player), lambda: self.exact(player, ctx))

    def value(self, player, ctx):
        return tidy(float(self.compared(player, ctx)))  # tidy rounds to six places


def exact_points(points) -> Fraction:
    """A result's points as an exact fraction (halves, thirds): what exact tie-breakers add up."""
    return Fraction(points).limit_denominator(1000)


def opponents_mean(player: str, ctx: Context, of) -> Fraction:
    """The mean of ``of(opponent, ctx)`` over the opponents the player met, one a game (none: 0)."""
    faced = ctx.records[player].opponents
    if not faced:
        return Fraction(0)
    return sum((of(o, ctx) for o in faced), Fraction(0)) / len(faced)


class Points(ValueTiebreaker):
    """Tournament points: the ruleset's main score, minus any penalty points."""

    name = key = "points"
    abbr, title = "Pts", "Points"

    def value(self, player, ctx):
        record = ctx.records[player]
        return tidy(record.points - record.penalty_points)


class HqDifference(ValueTiebreaker):
    """NS HEX 2023 §5.6 I: total HQ-durability difference over all Swiss games, a bye counting +7."""

    name = key = "hq_diff"
    abbr, title = "HQ±", "HQ difference"
    signed = True
    needs = frozenset({"margin"})

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
    """Players still tied are ordered by lot (NS HEX 2023 §5.6 II "kolejność ustalana jest losowo"; FFG "Losowo"): each tie a draw of its own, from the event's seed, the players tied and the moment of the standings (recorded, reproducible)."""

    name = key = "random"
    abbr, title = "Lot", "Random lot"
    shown = False
    public = "Players still tied are ordered by lot, drawn for each tie from the event's seed (recorded, reproducible)."

    def split(self, group, ctx):
        # Before any result (the order a first round is drawn from) the one lot of every version;
        # once results are in, each tie its own draw.
        purpose = tie_purpose(ctx.moment, group) if ctx.moment and ctx.draws >= LOT_PER_PURPOSE else TIEBREAK
        return [[p] for p in sorted(group, key=lambda p: lot(ctx.seed, p, purpose))]



def _exact_points(points) -> Fraction | int:
    """``points`` as an exact number: whole points as they are (most are), others as the nearest
    fraction of denominator at most 10⁶."""
    if isinstance(points, int) or (isinstance(points, float) and points.is_integer()):
        return int(points)
    return Fraction(points).limit_denominator(10**6)


class _Strengths:
    """Players' Strength of Schedule and Extended Strength of Schedule, exact, as whole numbers
    over one denominator each (``sos_scale``, ``esos_scale``): compared as integers they order
    and tie players as the fractions do, without the millions of Fraction additions (a gcd and
    an object each) a season's standings cost; shown, one true division rounds each value as the
    fraction's float does. One per standings; each player's worked out when first asked for."""

    def __init__(self, records: dict):
        self.opponents = {p: record.opponents for p, record in records.items()}
        exact = {p: _exact_points(record.points) for p, record in records.items()}
        over = {p: exact[p].denominator * record.rounds_played for p, record in records.items() if record.rounds_played}
        rounds_scale = lcm(*over.values())  # points per round × this: whole numbers
        self.count_scale = lcm(*(len(faced) for faced in self.opponents.values() if faced))  # a mean over opponents × this: whole
        self.per_round = {p: exact[p].numerator * (rounds_scale // over[p]) if p in over else 0 for p in records}
        self.sos_scale = rounds_scale * self.count_scale
        self.esos_scale = self.sos_scale * self.count_scale
        self._sos: dict = {}
        self._esos: dict = {}

    def sos(self, player: str) -> int:
        if player not in self._sos:
            self._sos[player] = self._mean(player, self.per_round.__getitem__)
        return self._sos[player]

    def esos(self, player: str) -> int:
        if player not in self._esos:
            self._esos[player] = self._mean(player, self.sos)
        return self._esos[player]

    def _mean(self, player: str, value) -> int:
        """The mean of ``value`` over the player's opponents (byes are not opponents; none: 0),
        times ``count_scale`` (a multiple of every count of opponents): a whole number."""
        faced = self.opponents[player]
        return sum(value(o) for o in faced) * (self.count_scale // len(faced)) if faced else 0


def _strengths(ctx: Context) -> _Strengths:
    return ctx.remember(_Strengths, lambda: _Strengths(ctx.records))


class StrengthOfSchedule(ValueTiebreaker):
    """FFG Conquest tie-breaker 1 (Strength of Schedule): for each opponent, his points divided by the rounds he played (a bye round counts as played; a dropped opponent counts only the rounds he played); the sum divided by the number of opponents. A bye is not an opponent."""

    name = key = "sos"
    abbr, title = "SoS", "Strength of Schedule"

    def exact(self, player, ctx) -> int:
        return _strengths(ctx).sos(player)

    def value(self, player, ctx) -> float:
        strengths = _strengths(ctx)
        return strengths.sos(player) / strengths.sos_scale


class ExtendedStrengthOfSchedule(ValueTiebreaker):
    """FFG Conquest tie-breaker 2 (Extended Strength of Schedule): the mean of the opponents' Strength of Schedule."""

    name = key = "esos"
    abbr, title = "ESoS", "Extended Strength of Schedule"

    def exact(self, player, ctx) -> int:
        return _strengths(ctx).esos(player)

    def value(self, player, ctx) -> float:
        strengths = _strengths(ctx)
        return strengths.esos(player) / strengths.esos_scale


class StatTotal(ValueTiebreaker):
    """Base: the higher total of one per-game statistic the scoring block records."""

    stat: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.needs = frozenset({cls.stat})

    def value(self, player, ctx):
        return ctx.records[player].stat(self.stat)


class GamesWon(StatTotal):
    """Tantrix §10d: games won, a drawn game counting ½."""

    name = key = stat = "games_won"
    abbr, title = "W", "Games won"


class MarginSum(StatTotal):
    """Tantrix §10d: the sum of the margins of all games (won games add, lost games subtract)."""

    name = key = stat = "margin_sum"
    abbr, title = "Mrg", "Sum of margins"
    signed = True


class TilesUsed(StatTotal):
    """Tantrix §10a, §10d: tiles the player used in all games (the opponent's tiles not counted)."""

    name = key = stat = "tiles"
    abbr, title = "Tiles", "Tiles used"


class MutualPoints(Tiebreaker):
    """Tantrix §10b: among players still tied, the points each scored in the games between them; when that separates some of them, again among those still tied, counting only the games between these."""

    name = key = "mutual_points"
    abbr, title = "Mut", "Results between the tied players"
    shown = False

    def split(self, group, ctx):
        """§10b weighs "the points of the games the tied players played between them"; the seed
        does not say what happens when that separates only some, so the rule is read as written:
        the players still tied are again "the tied players", and the games between them alone
        decide — re-applied until it separates nobody more."""
        return resplit(group, lambda tied_now: self._once(tied_now, ctx))

    @staticmethod
    def _once(group: list[str], ctx: Context) -> list[list[str]]:
        tied = set(group)
        points = {p: ctx.records[p].points_against(tied - {p}) for p in group}
        ordered = sorted(group, key=points.__getitem__, reverse=True)
        return [list(g) for _, g in groupby(ordered, key=points.__getitem__)]


def resplit(group: list[str], once) -> list[list[str]]:
    """``once(group)`` (ordered sub-groups), applied again to each sub-group it leaves tied until
    it separates nobody more: the results between the tied players alone decide (Tantrix §10b,
    FIDE C.07 (2023) §6)."""
    buckets = once(group)
    if len(buckets) == 1:
        return buckets
    return [sub for bucket in buckets for sub in (resplit(bucket, once) if len(bucket) > 1 else [bucket])]


class Secondary(StatTotal):
    """Micromutants (RBB): secondary points — 2 per intact hexagonal base, 1 per damaged hexagonal base, 1 per square base left to the winners."""

    name = key = stat = "secondary"
    abbr, title = "2nd pts", "Secondary points"


class Wins(StatTotal):
    """Wins: the games won, as the ruleset counts them; its 'explain: wins' says what a win is in
    its game (a round in chess, a 1st place at a free-for-all table)."""

    public = "Wins: the games won, as this event's rules count them."
    name = key = stat = "wins"
    abbr, title = "Wins", "Wins"


class Tertiary(StatTotal):
    """Micromutants (RBB), free-for-all tables: tertiary points — opponents eliminated in one's own turn."""

    name = key = stat = "tertiary"
    abbr, title = "3rd pts", "Tertiary points"


class SecondPlaces(StatTotal):
    """Micromutants (RBB), free-for-all tables: games finished in 2nd place."""

    name = key = stat = "second_places"
    abbr, title = "2nd", "Second places"


class VictoryPoints(StatTotal):
    """Czech club rules (Carcassonne), scoring: the total of victory points (VP) scored in one's own games."""

    name = key = stat = "vp"
    abbr, title = "VP", "Victory points"


class RoundPoints(ValueTiebreaker):
    """Czech club rules (Carcassonne), scoring: how the tournament points were earned — the per-round sequences are compared from round 1 on and the higher earlier score wins (1, 4, 1 beats 1, 1, 4)."""

    name = key = "round_points"
    abbr, title = "By round", "Points by round"

    def value(self, player, ctx):
        return ctx.records[player].points_by_round()


class ManualOrder(Tiebreaker):
    """Players still tied are ordered as the organizer recorded in 'manual_order:' of event.yaml (Micromutants: the sealed bid to the club). Players not listed stay tied: they share their place, unless their order decides who goes on, a seed, the next round's tables or the winner; then check names them and pair waits for the order."""

    name = key = "manual"
    abbr, title = "Org.", "Organizer's decision"
    public = ("Players still tied are ordered by the organizer's decision (Micromutants: the sealed bid to the "
              "club); players the organizer has not ordered share their place.")
    shown = False

    def split(self, group, ctx):
        listed = [p for p in ctx.manual_order if p in group]
        rest = [p for p in group if p not in listed]
        return [[p] for p in listed] + ([rest] if rest else [])
