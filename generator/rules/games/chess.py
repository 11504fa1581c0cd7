"""Chess — FIDE Handbook C.07, Tie-Break Regulations (2023): the tie-breaks of individual
tournaments, each as its article defines it, with unplayed rounds managed as §16 says.

Section numbers (§) point into the regulations approved by the FIDE Council on 04/08/2022
(applied from 1 July 2023; handbook.fide.com/chapter/TieBreakRegulations2023). What §16 says
of unplayed rounds, as read here:
- an unplayed round is a bye, a game won or lost by forfeit, or a round the player was absent;
- the voluntarily unplayed rounds (VUR) are a forfeit loss, a bye the player asked for and an
  absence: the player chose not to play. A pairing-allocated bye and a forfeit win are not;
- §16.3: as an opponent, a player's score counts each VUR after his last round that was not
  one (he withdrew) as a draw;
- §16.4: for the player's own unplayed rounds, the Buchholz family and Sonneborn-Berger count a
  "dummy opponent" with the player's own final score (in a round robin, nothing);
- §14.1 with §16.5: a cut takes away the player's VURs first, then the least value.
FIDE's own tie-break exercise (2024-03-18) is worked in tests/test_chess_tiebreaks.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby
from math import floor

from podium.rules.colours import BLACK
from podium.rules.kinds import ROUND_ROBIN
from podium.rules.outcome import REQUESTED_BYE
from podium.rules.standings.metrics import Context, ExactTiebreaker, ValueTiebreaker, exact_points, resplit




@dataclass(frozen=True)
class RoundSeen:
    """One round of one player as §16 sees it."""

    points: Fraction
    opponent: str | None  # paired (also when the game was forfeited); None: a bye or absent
    played: bool  # over the board
    voluntary: bool  # a VUR: a forfeit loss or an absence
    colour: str | None = None


class _Fide:
    """Every player's rounds of the stage so far, and the scores §16 derives from them: worked out
    once per standings (``_fide``)."""

    def __init__(self, ctx: Context):
        numbers = sorted({o.round for record in ctx.records.values() for o in record.outcomes})
        self.rounds = {p: self._seen(record, numbers) for p, record in ctx.records.items()}
        self.score = {p: sum((r.points for r in rounds), Fraction(0)) for p, rounds in self.rounds.items()}
        self.win = exact_points(getattr(ctx.scoring, "win", 1))
        self.draw = exact_points(getattr(ctx.scoring, "draw", Fraction(1, 2)))
        self.round_robin = ctx.kind == ROUND_ROBIN
        self.adjusted = {p: self._adjusted(rounds) for p, rounds in self.rounds.items()}
        self.plain: dict[str, list] = {}  # opponent_values without a weight, shared by the Buchholz family

    @staticmethod
    def _seen(record, numbers: list[int]) -> list[RoundSeen]:
        """The player's round of each of ``numbers``: absent where he has no outcome."""
        by_round = {}
        for outcome in record.outcomes:
            by_round.setdefault(outcome.round, outcome)  # the round's first outcome, as before
        seen = []
        for number in numbers:
            outcome = by_round.get(number)
            if outcome is None:
                seen.append(RoundSeen(Fraction(0), None, played=False, voluntary=True))
                continue
            forfeit_loss = outcome.unplayed and outcome.opponent is not None and outcome.result == "loss"
            seen.append(RoundSeen(exact_points(outcome.points), outcome.opponent, played=not outcome.unplayed,
                                  voluntary=forfeit_loss or outcome.result == REQUESTED_BYE, colour=outcome.colour))
        return seen

    def played_with_black(self, player: str) -> list[RoundSeen]:
        """§7.3–7.4: the games the player played over the board with Black."""
        return [seen for seen in self.rounds[player] if seen.played and seen.colour == BLACK]

    def _adjusted(self, rounds: list[RoundSeen]) -> Fraction:
        """§16.3: the score the player's opponents count: a VUR without an opponent after his last
        round that was not voluntary counts as a draw (nothing in a round robin)."""
        last = max((i for i, r in enumerate(rounds) if not r.voluntary), default=-1)
        filler = Fraction(0) if self.round_robin else self.draw
        return sum((r.points if i <= last or r.opponent is not None else filler for i, r in enumerate(rounds)),
                   Fraction(0))

    def opponent_values(self, player: str, weight=None) -> list[tuple[Fraction, bool]]:
        """(value, voluntary) of each round: a played game counts the opponent's adjusted score, an
        unplayed round the dummy opponent's (§16.4: the player's own score; in a round robin
        nothing). ``weight(round)`` multiplies each value (Sonneborn-Berger: the points scored).
        Read only: without a weight the list is worked out once per player and shared."""
        if weight is None:
            if player not in self.plain:
                self.plain[player] = self._values(player, None)
            return self.plain[player]
        return self._values(player, weight)

    def _values(self, player: str, weight) -> list[tuple[Fraction, bool]]:
        values = []
        for seen in self.rounds[player]:
            if seen.played:
                value = self.adjusted[seen.opponent]
            elif self.round_robin:
                continue
            else:
                value = self.score[player]
            values.append((value * (weight(seen) if weight else 1), seen.voluntary))
        return values


def _fide(ctx: Context) -> _Fide:
    return ctx.remember(_Fide, lambda: _Fide(ctx))


def cut_lowest(values: list[tuple[Fraction, bool]], count: int = 1) -> list[tuple[Fraction, bool]]:
    """§14.1 Cut-1 with §16.5: take away the least value, a voluntarily unplayed round's first."""
    left = sorted(values, key=lambda v: (not v[1], v[0]))
    return left[count:]


class _OpponentSum(ExactTiebreaker):
    """Base of the Buchholz family: the sum of the opponents' values, some cut (§8.1, §14.1)."""

    cut_low = 0
    cut_high = 0

    def exact(self, player, ctx) -> Fraction:
        values = _fide(ctx).opponent_values(player)
        if self.cut_low:
            values = cut_lowest(values, self.cut_low)
        if self.cut_high:
            values = sorted(values, key=lambda v: v[0])[:-self.cut_high]
        return sum((v for v, _ in values), Fraction(0))


class Buchholz(_OpponentSum):
    """FIDE C.07 (2023) §8.1 Buchholz: the sum of the scores of the player's opponents; a round the player did not play counts his own score (§16.4), and an opponent's rounds missed after he withdrew count as draws (§16.3)."""

    name = key = "buchholz"
    abbr, title = "BH", "Buchholz"


class BuchholzCut1(_OpponentSum):
    """FIDE C.07 (2023) §8.1, §14.1 Buchholz Cut-1: the Buchholz without its least value; a round the player chose not to play is cut first (§16.5)."""

    name = key = "buchholz_cut1"
    abbr, title = "BH-C1", "Buchholz Cut-1"
    cut_low = 1


class BuchholzMedian(_OpponentSum):
    """FIDE C.07 (2023) §8.1, §14.2 Median Buchholz: the Buchholz without its least and its greatest value."""

    name = key = "buchholz_median"
    abbr, title = "BH-M1", "Median Buchholz"
    cut_low = 1
    cut_high = 1


class SonnebornBerger(ExactTiebreaker):
    """FIDE C.07 (2023) §9.1 Sonneborn-Berger: for each round, the opponent's score times the points scored against him, summed; a round the player did not play counts his own score times its points (§16.4)."""

    name = key = "sonneborn_berger"
    abbr, title = "SB", "Sonneborn-Berger"

    def exact(self, player, ctx) -> Fraction:
        values = _fide(ctx).opponent_values(player, weight=lambda seen: seen.points)
        return sum((v for v, _ in values), Fraction(0))


class Koya(ExactTiebreaker):
    """FIDE C.07 (2023) §9.2 Koya: the points scored against the opponents who scored at least half the most points possible."""

    name = key = "koya"
    abbr, title = "KS", "Koya"

    def exact(self, player, ctx) -> Fraction:
        fide = _fide(ctx)
        rounds = fide.rounds[player]
        limit = fide.win * len(rounds) / 2
        return sum((seen.points for seen in rounds if seen.opponent is not None and fide.score[seen.opponent] >= limit),
                   Fraction(0))


class Cumulative(ExactTiebreaker):
    """FIDE C.07 (2023) §7.5 Progressive (cumulative) score: the player's score after each round, summed."""

    name = key = "cumulative"
    abbr, title = "Cum", "Cumulative score"

    def exact(self, player, ctx) -> Fraction:
        total, running = Fraction(0), Fraction(0)
        for seen in _fide(ctx).rounds[player]:
            running += seen.points
            total += running
        return total


class BlackGames(ValueTiebreaker):
    """FIDE C.07 (2023) §7.3: the games played with Black (a forfeited game is not played)."""

    name = key = "black_games"
    abbr, title = "BPG", "Games with Black"
    needs = frozenset({"colours"})

    def value(self, player, ctx):
        return len(_fide(ctx).played_with_black(player))


class BlackWins(ValueTiebreaker):
    """FIDE C.07 (2023) §7.4: the games won with Black over the board."""

    name = key = "black_wins"
    abbr, title = "BWG", "Wins with Black"
    needs = frozenset({"colours"})

    def value(self, player, ctx):
        fide = _fide(ctx)
        return sum(1 for seen in fide.played_with_black(player) if seen.points == fide.win)


class AverageRatingOfOpponents(ExactTiebreaker):
    """FIDE C.07 (2023) §10.1 Average Rating of Opponents: the mean rating of the opponents met over the board, rounded to a whole number (.5 up); unrated opponents are left out."""

    name = key = "aro"
    abbr, title = "ARO", "Average rating of opponents"
    cut = 0

    def exact(self, player, ctx) -> int:
        ratings = sorted(ctx.ratings[seen.opponent] for seen in _fide(ctx).rounds[player]
                         if seen.played and ctx.ratings.get(seen.opponent))[self.cut:]
        return floor(Fraction(sum(ratings), len(ratings)) + Fraction(1, 2)) if ratings else 0  # .5 up, not to even


class AverageRatingOfOpponentsCut1(AverageRatingOfOpponents):
    """FIDE C.07 (2023) §10.1, §14.1 ARO Cut-1: the average rating of opponents without the lowest-rated one."""

    # Unplayed rounds have no rating and are not cut in its place: FIDE's own exercise cuts a
    # rating beside an absence (tests/test_chess_tiebreaks.py, player 9: 2200).

    name = key = "aro_cut1"
    abbr, title = "ARO-C1", "Average rating of opponents Cut-1"
    cut = 1


class DirectEncounter(ValueTiebreaker):
    """FIDE C.07 (2023) §6 Direct encounter: among the players still tied, the points scored in the games between them; when not all of them have met, a player goes above the others only if no result of the games they did not play could catch him. The standings show the place inside the tied group (shared when equal); the rule is applied again to a group it leaves tied."""

    name = key = "direct_encounter"
    abbr, title = "DE", "Direct encounter"

    def split(self, group, ctx):
        """``group`` as ordered sub-groups (a sub-group left tied ranked again by the games between
        its own players), each player's place inside the group remembered for ``value``."""
        ranked = resplit(group, lambda tied: self._once(tied, ctx))
        places, start = ctx.memo.setdefault(DirectEncounter, {}), 1
        for bucket in ranked:
            places.update(dict.fromkeys(bucket, start))
            start += len(bucket)
        return ranked

    def _once(self, group: list[str], ctx: Context) -> list[list[str]]:
        fide = _fide(ctx)
        tied = set(group)
        scores, met = {}, {}
        for player in group:
            games = [seen for seen in fide.rounds[player] if seen.played and seen.opponent in tied]
            scores[player] = sum((seen.points for seen in games), Fraction(0))
            met[player] = {seen.opponent for seen in games}
        if all(len(met[p]) == len(group) - 1 for p in group):  # §6.1: all have met
            ordered = sorted(group, key=lambda p: -scores[p])
            return [list(g) for _, g in groupby(ordered, key=scores.__getitem__)]
        best = {p: scores[p] + fide.win * (len(group) - 1 - len(met[p])) for p in group}  # every game not played won
        ordered = sorted(group, key=lambda p: (-scores[p], -best[p]))
        buckets = []
        while len(ordered) > 1 and scores[ordered[0]] > max(best[p] for p in ordered[1:]):  # §6.2: nobody can catch him
            buckets.append([ordered.pop(0)])
        return buckets + [ordered]

    def value(self, player, ctx):
        return ctx.memo.get(DirectEncounter, {}).get(player, 1)


BLOCKS: dict = {}  # scored by the generic points block (rules/points.py)
TIEBREAKERS = [Buchholz, BuchholzCut1, BuchholzMedian, SonnebornBerger, DirectEncounter, BlackGames, BlackWins,
               AverageRatingOfOpponents, AverageRatingOfOpponentsCut1, Koya, Cumulative]
