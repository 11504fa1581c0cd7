"""Fixed schedules: groups, round-robin (Berger) rounds, 2-vs-2 pair rotations, table sizes.

Pure functions of the players given, in the order given; any randomness is the caller's
seeded shuffle before the call.
"""
from __future__ import annotations

from itertools import combinations

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


def berger_rounds(players: list[str]) -> list[list[tuple[str, str]]]:
    """All-play-all by the circle (Berger) method: every pair meets once; with an odd count one
    player rests each round (left out of that round's pairs)."""
    seats = list(players) + ([None] if len(players) % 2 else [])
    n = len(seats)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if a is not None and b is not None:
                pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        seats = [seats[0], seats[-1]] + seats[1:-1]
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


FIDE_BERGER = "fide-berger"
ROUND_ROBIN_SCHEDULES = {"circle": berger_rounds, FIDE_BERGER: fide_berger_rounds}  # a round robin's 'schedule:'


def pair_rotation(players: list[str]) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """RBB 2-vs-2 with rotating pairs, one leg (the return leg swaps home and away).

    4 players A, B, C, D: AB–CD, AC–BD, BC–AD (the seed's order). 5 players: five games, player
    i sits out game i and (i+1, i+4) play (i+2, i+3) — everyone partners everyone exactly once
    and meets everyone twice. More players: ``balanced_rotation``.
    """
    n = len(players)
    if n == 4:
        a, b, c, d = players
        return [((a, b), (c, d)), ((a, c), (b, d)), ((b, c), (a, d))]
    if n == 5:
        p = players
        return [((p[(i + 1) % 5], p[(i + 4) % 5]), (p[(i + 2) % 5], p[(i + 3) % 5])) for i in range(5)]
    return balanced_rotation(players)


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
