"""Fixed schedules: groups, round-robin (Berger) rounds, 2-vs-2 pair rotations, table sizes.

Pure functions of the players given, in the order given; any randomness is the caller's
seeded shuffle before the call.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

from podium.rules.draw import CURRENT, ROUND_3_RULES, SHARED_LOTS

GROUP_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def snake_groups(players: list[str], count: int) -> list[list[str]]:
    """Deal ``players`` (best first) into ``count`` groups A, B, … in snake order:
    A B C C B A A B C … so every group gets one of the top seeds and the groups stay even."""
    groups = [[] for _ in range(count)]
    for index, player in enumerate(players):
        row, col = divmod(index, count)
        groups[col if row % 2 == 0 else count - 1 - col].append(player)
    return groups


def groups_of_four(count: int) -> int:
    """Micromutants extreme: groups of at least 4, bigger groups when the count is uneven."""
    return max(count // 4, 1)


def berger_rounds(players: list[str], evened: bool = True) -> list[list[tuple[str, str]]]:
    """All-play-all by the circle (Berger) method: every pair meets once; with an odd count one
    player rests each round (left out of that round's pairs).

    The first of a pair is the player "pierwszy na liście" of Tantrix §5, who picks his colour
    first and has the first half of the mini-match. ``evened``: each player is first in half
    his games (⌈n/2⌉ or ⌊n/2⌋ of n), never three times running (``_evened``). Not evened (the
    draws before ROUND_3_RULES, rules/draw.py): board i's first seat first in the rounds r where
    r + i is even — a player going round the circle kept his parity, so 9 players gave p3 the
    first place in 8 games and p2 in none. Both give the same pairs, round by round."""
    boards = _circle(players)
    ordered = _evened(boards) if evened else [[(a, b) if (r + i) % 2 == 0 else (b, a) for i, (a, b) in enumerate(rnd)]
                                              for r, rnd in enumerate(boards)]
    return [[pair for pair in rnd if None not in pair] for rnd in ordered]


def _circle(players: list[str]) -> list[list[tuple]]:
    """The circle's boards, round by round: seat 0 stays, the others move on one seat a round,
    board i seats i against n − 1 − i; None, an odd count's rest, goes round with them."""
    seats = list(players) + ([None] if len(players) % 2 else [])
    n = len(seats)
    rounds = []
    for _ in range(n - 1):
        rounds.append([(seats[i], seats[n - 1 - i]) for i in range(n // 2)])
        seats = [seats[0], seats[-1]] + seats[1:-1]
    return rounds


def _evened(boards: list[list[tuple]]) -> list[list[tuple]]:
    """Who is first on each board. Board i ≥ 1: its first seat when i is even, its second when
    odd — a player moving round the circle goes from board i to board i ± 1, so he is first and
    second by turns, as often each over the boards he passes. Board 0 (seat 0 against the player
    coming round): whichever of the two the other boards left behind — seat 0's partner when
    the others gave him fewer firsts than seconds (an odd count: his rest fell on a first),
    seat 0 when more; level (an even count), seat 0 first in every other round."""
    turning = [[(a, b) if i % 2 == 0 else (b, a) for i, (a, b) in enumerate(rnd) if i] for rnd in boards]
    lead = Counter()  # a player's firsts minus his seconds on the boards other than 0
    for a, b in (pair for rnd in turning for pair in rnd if None not in pair):
        lead[a] += 1
        lead[b] -= 1
    rounds = []
    for r, (rnd, (fixed, coming)) in enumerate(zip(turning, (rnd[0] for rnd in boards))):
        behind = lead[coming] < 0 or (lead[coming] == 0 and r % 2 == 1)
        rounds.append([(coming, fixed) if behind else (fixed, coming)] + rnd)
    return rounds


def fide_berger_rounds(players: list[str]) -> list[list[tuple[str, str]]]:
    """FIDE Handbook C.05 Annex 1, the Berger tables: players in start-number order, White first
    in each pair. "Where there is an odd number of players, the highest number counts as a bye":
    a player left to rest. With n numbers (n even, the bye counted) and h = n/2, round r seats
    number n against x = 1 + (r−1)·h (x White in odd rounds, n White in even ones), and on
    board k (2…h) k + (r−1)·h with White against n + 1 − k + (r−1)·h, numbers taken 1…n−1 in a
    circle — which writes out the published tables (4: 1-4 2-3 / 4-3 1-2 / 2-4 3-1)."""
    numbers = len(players) + len(players) % 2
    half, circle = numbers // 2, numbers - 1

    def player(number: int):
        return players[number - 1] if number <= len(players) else None

    def turned(number: int) -> int:
        return (number - 1) % circle + 1

    rounds = []
    for r in range(1, numbers):
        shift = (r - 1) * half
        x = turned(1 + shift)
        boards = [(x, numbers) if r % 2 else (numbers, x)]
        boards += [(turned(k + shift), turned(numbers + 1 - k + shift)) for k in range(2, half + 1)]
        rounds.append([(player(a), player(b)) for a, b in boards if player(a) and player(b)])
    return rounds


CIRCLE, FIDE_BERGER = "circle", "fide-berger"
ROUND_ROBIN_SCHEDULES = {CIRCLE: berger_rounds, FIDE_BERGER: fide_berger_rounds}  # a round robin's 'schedule:'


def round_robin(schedule: str, players: list[str], draws: int = CURRENT) -> list[list[tuple[str, str]]]:
    """The rounds of a round robin's ``schedule`` as version ``draws`` of the draws gave them
    (rules/draw.py): the circle evens out who is first from ROUND_3_RULES on; FIDE's tables are
    FIDE's in every version."""
    if schedule == CIRCLE and draws < ROUND_3_RULES:
        return berger_rounds(players, evened=False)
    return ROUND_ROBIN_SCHEDULES[schedule](players)


TwoVersusTwo = tuple[tuple[str, str], tuple[str, str]]  # the two pairs of a 2-vs-2 game


def pair_rotation(players: list[str], draws: int = CURRENT) -> list[TwoVersusTwo]:
    """RBB 2-vs-2 with rotating pairs, one leg (the return leg swaps home and away).

    4 players A, B, C, D: AB–CD, AC–BD, BC–AD (the seed's order). 5 players: five games, player
    i sits out game i and (i+1, i+4) play (i+2, i+3) — everyone partners everyone exactly once
    and meets everyone twice. More players: ``balanced_rotation``; in the draws of Podium 0.2
    (``SHARED_LOTS``, rules/draw.py) ``covering_rotation``, which the next version replaced
    without a version of the draws, so that a group of 6 or 7 drawn with 0.2 re-draws as it
    was with 'draws: 1'.
    """
    return [(tuple(players[i] for i in first), tuple(players[i] for i in second))
            for first, second in _rotation(len(players), draws > SHARED_LOTS)]


@lru_cache(maxsize=None)
def _rotation(count: int, balanced: bool) -> tuple:
    """``pair_rotation`` of the seats 0 … count − 1: a rotation depends on the seats alone."""
    seats = list(range(count))
    if count < 4:
        return ()  # a 2-vs-2 game seats four
    if count == 4:
        a, b, c, d = seats
        return ((a, b), (c, d)), ((a, c), (b, d)), ((b, c), (a, d))
    if count == 5:
        return tuple((((i + 1) % 5, (i + 4) % 5), ((i + 2) % 5, (i + 3) % 5)) for i in range(5))
    return tuple(balanced_rotation(seats) if balanced else covering_rotation(seats))


def rotation_schedule(groups: list[list[str]], draws: int = CURRENT) -> list[list[tuple[TwoVersusTwo, int]]]:
    """Each group's games over a 2-vs-2 stage, in order, as (pairs, home): 0 the first pair at
    home, 1 the second.

    RBB Micromutants, Torneo tipo 2: the rotation of pairs is played "andata" and "ritorno",
    the return leg swapping home and away. The seed aims at "uno schema di gioco il più
    possibile equo", a game won is a player's primary point, and the semifinal takes the best
    across the groups; so from ROUND_3_RULES on every player of the stage plays as many games
    (``equal_legs``). Before, each group played its rotation twice, whatever the others: 9
    players (groups of 4 and 5) played 6 games and 8."""
    plan = equal_legs([len(players) for players in groups], draws)
    games = []
    for players in groups:
        legs, length = plan.get(len(players), (0, 0))
        rotation = pair_rotation(players, draws)
        games.append([(rotation[i % len(rotation)], leg % 2) for leg in range(legs) for i in range(length)])
    return games


def equal_legs(sizes: list[int], draws: int = CURRENT) -> dict[int, tuple[int, int]]:
    """Group size → (legs, games a leg) of a 2-vs-2 stage whose groups have ``sizes`` players.

    A leg plays the group's rotation in order; a longer leg starts it again from its first game,
    stopping where everyone has played as many (``_even_stops``: a group of four after any game,
    all four sitting at each). The legs go home and away by turns, two at least ("andata e
    ritorno"). From ROUND_3_RULES on, the stage gives everyone the fewest games that every size
    can give, each size in its shortest legs: groups of 4 and 5 (9, 13, 14 … players) 8 games
    each, the 4 playing their first game again at the end of each leg (AB–CD, AC–BD, BC–AD,
    AB–CD), as many games a leg as each of the 5 plays — rather than one group of 9 (16 games
    each); groups of 5 and 6 (11 players) 12 each, the 5 playing their rotation three times
    (home, away, home), the 6 theirs twice. Before: every size two legs of its rotation."""
    playing = sorted({size for size in sizes if size >= 4})
    if draws < ROUND_3_RULES:
        return {size: (2, len(_rotation(size, draws > SHARED_LOTS))) for size in playing}
    each = {size: 4 * len(_rotation(size, True)) // size for size in playing}
    total = 2 * max(each.values(), default=0)
    while True:  # ends by 2 × the least common multiple of ``each``: whole rotations for every size
        plan = {size: _legs_of(size, total, each[size]) for size in playing}
        if all(plan.values()):
            return plan
        total += 1


def _legs_of(size: int, total: int, each: int) -> tuple[int, int] | None:
    """(legs, games a leg) that give every player of a group of ``size`` ``total`` games, in as
    many legs as can (a leg gives ``each`` games at least, its rotation's); None: no way."""
    length = len(_rotation(size, True))
    for legs in range(total // each, 1, -1):
        if total % legs == 0 and (total // legs * size) % 4 == 0:
            games = total // legs * size // 4
            if games >= length and games % length in _even_stops(size):
                return legs, games
    return None


@lru_cache(maxsize=None)
def _even_stops(count: int) -> frozenset[int]:
    """How many games of the rotation of ``count`` leave everyone with as many games."""
    seated, stops = Counter(), {0}
    for done, (first, second) in enumerate(_rotation(count, True), start=1):
        seated.update(first + second)
        if len(seated) == count and len(set(seated.values())) == 1:
            stops.add(done)
    return frozenset(stops)


def rotation_length(count: int) -> tuple[int, int]:
    """Games in one leg of a group of ``count``, and the games each player plays in it.

    RBB: "Qualora il numero di giocatori non sia un multiplo di 4 è possibile creare gironi di
    più giocatori" — bigger groups are allowed, but the seed gives the schedule of four only.
    Its two properties carried over: every pair of the group partners (the rotation of pairs),
    and — the seed's aim being "uno schema di gioco il più possibile equo" — everyone plays the
    same number of games, since primary points count games won. A game seats two pairs, so a
    leg of g games has 2g partnerships (at least one per pair: 2g ≥ n(n−1)/2) and 4g seats
    (the same for all: n divides 4g); the fewest such games. 6 players: 9 games, 6 each (15
    pairs, three of them partner twice); 7 players: 14 games, 8 each (21 pairs, seven twice).
    Where n(n−1)/2 is even (n = 4, 5, 8, 9, 12, 13 …) every pair partners exactly once:
    n(n−1)/4 games, n − 1 each."""
    pairs = count * (count - 1) // 2
    games = (pairs + 1) // 2
    while 4 * games % count:
        games += 1
    return games, 4 * games // count


def balanced_rotation(players: list[str]) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """One leg of ``rotation_length`` games: every pair partners at least once and everyone plays
    the same number of games. Built game by game: the pair not yet partnered whose players have
    played least, against the most rested disjoint pair (not yet partnered ones first), so the
    games stay spread over the leg; a depth-first search steps back where that greedy choice
    cannot be finished."""
    if len(players) < 4:
        return []  # a 2-vs-2 game seats four
    total, each = rotation_length(len(players))
    search = _RotationSearch(players, each)
    if not search.extend(total):  # found for every group of 4 to 40 players; the tests run 4 to 24
        raise ValueError(f"no balanced rotation of {len(players)} players")
    return search.games


def covering_rotation(players: list[str]) -> list[TwoVersusTwo]:
    """Podium 0.2's leg of a group of more than five (draws 1): game by game the pair not yet
    partnered whose players have played least, against the most rested pair apart from it (one
    not yet partnered when any is left), until every pair has partnered — some players then
    had a game more than others (6 players: 8 games, two played 6, four 5)."""
    pending = list(combinations(players, 2))
    played = {p: 0 for p in players}
    games = []
    while pending:
        first = min(pending, key=lambda pair: (played[pair[0]] + played[pair[1]], pending.index(pair)))
        pending.remove(first)
        disjoint = [q for q in pending if not set(q) & set(first)] or \
                   [q for q in combinations(players, 2) if not set(q) & set(first)]
        second = min(disjoint, key=lambda pair: played[pair[0]] + played[pair[1]])
        if second in pending:
            pending.remove(second)
        games.append((first, second))
        for player in first + second:
            played[player] += 1
    return games


class _RotationSearch:
    def __init__(self, players: list[str], each: int):
        self.players, self.each = players, each
        self.pairs = list(combinations(players, 2))
        self.pending = list(self.pairs)  # not yet partnered, in the order of ``pairs``
        self.played = {p: 0 for p in players}
        self.games: list = []

    def extend(self, total: int) -> bool:
        if len(self.games) == total:
            return not self.pending
        if not self._still_possible(total - len(self.games)):
            return False
        for game in self._candidates():
            partnered = self._play(game)
            if self.extend(total):
                return True
            self._undo(game, partnered)
        return False

    def _rest(self, pair) -> int:
        return self.played[pair[0]] + self.played[pair[1]]

    def _candidates(self):
        """The next games to try, the greedy choice first. A pending pair must be partnered in
        some later game, so placing it now loses nothing; once all have partnered, the least
        played player must still play, so his pairs are the choices."""
        free = {p for p in self.players if self.played[p] < self.each}
        if self.pending:
            firsts = sorted(self.pending, key=self._rest)[:1]
        else:
            least = min(free, key=lambda p: (self.played[p], self.players.index(p)))
            firsts = sorted((q for q in self.pairs if least in q and set(q) <= free), key=self._rest)
        for first in firsts:
            disjoint = [q for q in self.pairs if set(q) <= free and not set(q) & set(first)]
            new = sorted((q for q in disjoint if q in self.pending), key=self._rest)
            again = sorted((q for q in disjoint if q not in self.pending), key=self._rest)
            for second in new + again:
                yield first, second

    def _play(self, game) -> list:
        partnered = [pair for pair in game if pair in self.pending]
        for pair in partnered:
            self.pending.remove(pair)
        for player in game[0] + game[1]:
            self.played[player] += 1
        self.games.append(game)
        return partnered

    def _undo(self, game, partnered: list) -> None:
        self.games.pop()
        for player in game[0] + game[1]:
            self.played[player] -= 1
        self.pending = sorted(self.pending + partnered, key=self.pairs.index)

    def _still_possible(self, games_left: int) -> bool:
        """A game partners each of its players once: a player needs at least as many games left
        as partners still owed, and the games left must hold every pair still owed."""
        if 2 * games_left < len(self.pending):
            return False
        owed = {p: 0 for p in self.players}
        for a, b in self.pending:
            owed[a] += 1
            owed[b] += 1
        return all(owed[p] <= self.each - self.played[p] for p in self.players)


def table_sizes(count: int, standard: int = 4, smallest: int = 2, largest: int = 5) -> list[int]:
    """Split ``count`` players into tables of ``smallest``–``largest``, as many of the standard
    size as possible, larger tables first (11 → 4, 4, 3; 9 → 5, 4; 6 → 3, 3)."""
    if count < smallest:
        return []
    for standard_tables in range(count // standard, -1, -1):
        rest = count - standard_tables * standard
        if rest == 0:
            return [standard] * standard_tables
        for extra in range(1, rest + 1):  # the rest as ``extra`` tables, sizes as even as possible
            size, over = divmod(rest, extra)
            if smallest <= size and size + (1 if over else 0) <= largest:
                sizes = [size + 1] * over + [size] * (extra - over) + [standard] * standard_tables
                return sorted(sizes, reverse=True)
    return [count]


def round_robin_rounds(players: int) -> int:
    """Rounds of an all-play-all of ``players`` (Berger tables: one resting a round when odd)."""
    return players - 1 if players % 2 == 0 else players
