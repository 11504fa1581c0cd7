"""How the top-down score-group pairing (score_groups.py) ranks the pairings of a round.

FFG Organized Play, "Rundy szwajcarskie": the highest group is paired at random inside; when it
is odd, one of its players is paired at random with the next group; then the next group is
paired, and so on down, with no rematches. Two readings of it, one per version of the draws:

``ForcedFloats`` (draws 4 on): a pairing crosses the boundary between two score groups once for
every pair with a player on each side. The method crosses each boundary as few times as it can,
from the top: a group keeps its players together unless the groups above leave it an odd
player, or a rematch forces one out. So, first, the fewest crossings of the first boundary, then
of the second, and so on down. Among pairings that cross every boundary as often, the floater
meets the next group rather than passing over it ("sparowany z graczem z grupy z następną
największą liczbą punktów"): the fewest pairs passing over the second group, then the third…

``ClassCounts`` (draws 2 and 3): each pair has a class by its lower player's group g — two
players of g, or a floater into g — and the classes rank (group 0 inside) > (floater into 1) >
(1 inside) > (floater into 2) > …; the most pairs of the first class, then of the second… It
prefers a floater taken in by a group to that group pairing inside, so one floater could push
another player further down (issue 35: crossings 1,0,1,1,2 where 1,0,1,1,0 existed).

Each ranking gives the tuple a round's pairs are compared by (``key``, larger is better) and the
integer weights of one maximum-weight matching that finds the best (``weights``): digits in mixed
radix, each worth more than every later digit can total, as many as fit ``budget`` (rustworkx
matches on 128-bit integers). When not all fit, the field is paired in steps
(score_groups ``_pair_by_groups``); ``weights`` then names the last group whose pairs to keep.
"""
from __future__ import annotations

from collections import Counter
from itertools import accumulate


def _radix_weights(bounds: list[int]) -> tuple[list[int], int]:
    """Each digit's weight, most significant first, for digits at most ``bounds``; and their total
    span (more than any sum of digits within their bounds can weigh)."""
    weights, step = [0] * len(bounds), 1
    for index in range(len(bounds) - 1, -1, -1):
        weights[index] = step
        step *= bounds[index] + 1
    return weights, step


def _kept_up_to(weighed: list[int]) -> int:
    """The last of the ``weighed`` groups whose pairs a step keeps: the first half, so that every
    kept group looks at least as far ahead as the groups kept with it."""
    return weighed[max(0, len(weighed) // 2 - 1)]


class ForcedFloats:
    """Draws 4 on: the fewest crossings of each boundary from the top, then the fewest pairs
    passing over each group from the top (module docstring)."""

    def key(self, pairs, group: dict[str, int]) -> tuple[int, ...]:
        last = max(group.values(), default=0)
        crossings, passing = [0] * last, [0] * last
        for a, b in pairs:
            high, low = sorted((group[a], group[b]))
            for g in range(high, low):
                crossings[g] += 1
            for g in range(high + 1, low):
                passing[g] += 1
        return tuple(-count for count in crossings + passing[1:])

    def weights(self, field_, group: dict[str, int], bracket: int, budget: int):
        """(weight of a pair, the last group to keep or None for all). Players of ``field_`` above
        ``bracket`` are floaters left by an earlier step: one level just above the bracket."""
        level_of = {p: max(group[p], bracket - 1) for p in field_}
        sizes = Counter(level_of.values())
        levels = sorted(sizes)
        above = list(accumulate(sizes[level] for level in levels))  # players at or above each level
        total = len(field_)

        def crossing_bound(k):  # boundary k: between levels k and k + 1
            return min(above[k], total - above[k])

        def passing_bound(k):  # level k passed over
            return min(above[k - 1], total - above[k])

        shown = len(levels)
        while True:
            bounds = [crossing_bound(k) for k in range(shown - 1)] + [passing_bound(k) for k in range(1, shown - 1)]
            digit_weights, span = _radix_weights(bounds)
            if shown <= 3 or span <= budget:
                break
            shown -= 1
        crossing = list(accumulate([0] + digit_weights[:shown - 1]))  # crossing[k]: boundaries 0..k−1
        passing = list(accumulate([0, 0] + digit_weights[shown - 1:]))  # passing[k]: levels 1..k−1
        index = {level: k for k, level in enumerate(levels)}

        def weight(p, q) -> int:
            high, low = sorted((index[level_of[p]], index[level_of[q]]))
            upto = min(low, shown - 1)
            cost = crossing[upto] - crossing[min(high, upto)]
            cost += passing[upto] - passing[min(high + 1, upto)]
            return span - cost

        if shown == len(levels):
            return weight, None
        return weight, _kept_up_to([level for level in levels[:shown] if level >= bracket])


def pair_class(group_a: int, group_b: int) -> int:
    """A pair's class, best first: 2g for two players of group g, 2g − 1 for a player from a
    higher group (a floater) with one of group g."""
    return 2 * max(group_a, group_b) - (group_a != group_b)


class ClassCounts:
    """Draws 2 and 3: the most pairs of each class, best class first (module docstring)."""

    def key(self, pairs, group: dict[str, int]) -> tuple[int, ...]:
        counts = Counter(pair_class(group[a], group[b]) for a, b in pairs)
        return tuple(counts[c] for c in range(2 * max(group.values(), default=0) + 1))

    def weights(self, field_, group: dict[str, int], bracket: int, budget: int):
        """Class → weight for the classes from ``bracket`` down: those of the bracket and of the
        next group always, more as the budget allows. Players of ``field_`` above ``bracket``
        are floaters."""
        sizes = Counter(group[p] for p in field_)
        bounds, above = [], sum(n for g, n in sizes.items() if g < bracket)
        for g in sorted(g for g in sizes if g >= bracket):
            bounds += [(2 * g - 1, min(sizes[g], above)), (2 * g, sizes[g] // 2)]  # floaters in, pairs inside
            above += sizes[g]
        radices, total = [], 1
        for cls, bound in bounds:
            if len(radices) >= 4 and total * (bound + 1) > budget:
                break
            radices.append((cls, bound))
            total *= bound + 1
        digit_weights, _ = _radix_weights([bound for _, bound in radices])
        by_class = {cls: w for (cls, _), w in zip(radices, digit_weights)}

        def weight(p, q) -> int:
            return by_class.get(pair_class(group[p], group[q]), 0)

        if len(radices) == len(bounds):
            return weight, None
        return weight, _kept_up_to(sorted({(cls + 1) // 2 for cls, _ in radices}))


FORCED_FLOATS, CLASS_COUNTS = ForcedFloats(), ClassCounts()
