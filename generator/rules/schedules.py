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


def pair_rotation(players: list[str]) -> list[tuple[tuple[str, str], tuple[str, str]]]:
    """RBB 2-vs-2 with rotating pairs, one leg (the return leg swaps home and away).

    4 players A, B, C, D: AB–CD, AC–BD, BC–AD (the seed's order). 5 players: five games, player
    i sits out game i and (i+1, i+4) play (i+2, i+3) — everyone partners everyone exactly once
    and meets everyone twice. More players: every pair partners at least once, the players
    with the fewest games so far going first.
    """
    n = len(players)
    if n == 4:
        a, b, c, d = players
        return [((a, b), (c, d)), ((a, c), (b, d)), ((b, c), (a, d))]
    if n == 5:
        p = players
        return [((p[(i + 1) % 5], p[(i + 4) % 5]), (p[(i + 2) % 5], p[(i + 3) % 5])) for i in range(5)]
    return _covering_rotation(players)


def _covering_rotation(players: list[str]) -> list:
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
