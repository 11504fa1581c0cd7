"""Swiss pairing top-down by score group (pairing kind ``score-groups``).

FFG Organized Play, "Rundy szwajcarskie": "należy losowo sparować graczy w obrębie grupy graczy
z najwyższą liczbą punktów. Jeżeli liczba graczy z taką samą liczbą punktów jest nieparzysta,
jeden z graczy zostaje losowo sparowany z graczem z grupy z następną największą liczbą punktów
w turnieju. Następnie należy losowo sparować graczy w grupie graczy z drugą największą liczbą
punktową i kontynuować do czasu, aż wszyscy gracze będą posiadać pary", and "Żaden gracz nie
powinien zostać sparowany przeciwko temu samemu przeciwnikowi … więcej niż raz".

Read with no rematches, the method ranks a round's pairings group by group from the top. Each
pair has a class by its lower player's group g: two players of g, or a player from above (a
floater) with one of g. The classes rank (group 0, inside) > (group 1, floater) > (group 1,
inside) > (group 2, floater) > …: the floater is paired with the next group before that group
pairs among itself, as the seed does it. The draw is a rematch-free pairing with the most pairs
of the first class, then the most of the second, and so on, at random among equals. So:

- a group pairs among itself, and a floater meets the next group, whenever some rematch-free
  pairing of the whole field keeps every group above as it is: two players of a group who can
  meet are never split for what happens below (the seed is silent when a group cannot pair
  inside without a rematch: it is split as little as possible, from the top);
- who floats is random among the players whose floating lets the groups below do as well as
  they can (in a group of five, not the one who has met the whole next group).

The bye comes first (the bye policy's order; the first candidate whom the others can all be
paired without), as in the seed, where it is given before the pairing.
"""
from __future__ import annotations

import random
from collections import Counter

from podium.rules.pairing.candidates import candidate_edges, uses_candidates
from podium.rules.pairing.swiss import (BYE, StandingsPairing, SwissRound, _in_table_order, _matching, _pair_edges,
                                        _scaled, _unpaired, bye_in, bye_tiers, clash_count, drawn_avoiding,
                                        least_cost_by_pieces, look_ahead, looks_ahead, pairs_in, window_matching)

WEIGHT_BUDGET = 1 << 90  # rustworkx matches on 128-bit integers: a whole pairing's weight stays far inside


def pair_top_down(ranked: list[str], points: dict[str, float], opponents: dict[str, set[str]],
                  bye_candidates: list[str], rng: random.Random, rounds_after: int = 0,
                  joining: dict[str, int] | None = None, avoid=frozenset()) -> SwissRound:
    """Pair ``ranked`` (best first) top-down by score group. ``bye_candidates``: who may get a
    bye, most deserving first; ``rounds_after``: Swiss rounds still to play after this one;
    ``joining``: late entries, each with the later round he starts in (1: the next round);
    ``avoid``: groups kept apart where some pairing can (swiss.py ``drawn_avoiding``)."""
    nodes = list(ranked)
    rng.shuffle(nodes)  # random among equals, reproducibly
    scaled = _scaled(points, ranked)
    group = score_groups(scaled)
    large = uses_candidates(len(nodes))

    def draw(met):
        drawn = _by_pieces(nodes, group, scaled, met, bye_candidates) if large else None
        if drawn is not None:
            return drawn
        bye = _feasible_bye(nodes, scaled, met, bye_candidates, large)
        return _pair_by_groups([p for p in nodes if p != bye], group, scaled, met), bye

    pairs, bye = drawn_avoiding(draw, opponents, avoid)
    if looks_ahead(ranked, rounds_after, joining):
        pairs, bye = _keep_later_rounds_pairable(nodes, pairs, bye, group, opponents, bye_candidates, rounds_after,
                                                 joining, avoid)
    return _in_table_order(pairs, bye, ranked, scaled)


def score_groups(scaled: dict[str, int]) -> dict[str, int]:
    """Each player's score group: 0 for the most points, 1 for the next, and so on."""
    index = {score: i for i, score in enumerate(sorted(set(scaled.values()), reverse=True))}
    return {p: index[score] for p, score in scaled.items()}


def pair_class(group_a: int, group_b: int) -> int:
    """A pair's class, best first: 2g for two players of group g, 2g − 1 for a player from a
    higher group (a floater) with one of group g."""
    return 2 * max(group_a, group_b) - (group_a != group_b)


def class_counts(pairs, group: dict[str, int]) -> tuple[int, ...]:
    """How many pairs of each class, best class first: the larger tuple is the better pairing."""
    counts = Counter(pair_class(group[a], group[b]) for a, b in pairs)
    return tuple(counts[c] for c in range(2 * max(group.values(), default=0) + 1))


def _by_pieces(nodes, group, scaled, opponents, bye_candidates):
    """(pairs, bye) of a large field piece by piece (``least_cost_by_pieces``), or None when a
    piece falls short: the bye to the first candidate, the others with the best class counts
    possible without rematches (the consecutive pairing's), which is the method's draw."""
    field_ = nodes + [BYE] if len(nodes) % 2 else nodes
    matching = least_cost_by_pieces(field_, scaled, opponents, bye_candidates, lambda pairs: class_counts(pairs, group))
    return None if matching is None else (pairs_in(field_, matching), bye_in(field_, matching))


def _feasible_bye(nodes, scaled, opponents, bye_candidates, large: bool) -> str | None:
    """The first bye candidate whom the rest can all be paired without; raises when no
    rematch-free pairing exists at all. (A large field's pieces fell short already: the
    candidate graph gives the same bye.)"""
    field_ = nodes + [BYE] if len(nodes) % 2 else nodes
    return bye_in(field_, window_matching(field_, scaled, opponents, bye_candidates, large))


def _pair_by_groups(field_: list[str], group, scaled, opponents) -> list[tuple[str, str]]:
    """The best rematch-free pairing of ``field_`` by class counts (``class_counts``).

    One maximum-weight matching whose weights give each class more than every later class can
    total. When the field has too many groups for those weights to fit the matching's integers
    (hundreds of players), it is paired in steps: each matching weighs as many groups ahead as
    fit (always the next one) and keeps the pairs of the first half of them; then the next bracket.

    The edges are ``_pair_edges``' window in the points order: its swap argument holds because a
    pair's weight depends only on its lower player's group and whether it floats, never rising
    down the order (floater of g ≥ inside g ≥ floater of g + 1), and a swap never lowers it
    (tests/test_ffg_swiss_fidelity.py compares with the full graph).
    """
    pairs, bracket = [], min(group[p] for p in field_) if field_ else 0
    while field_:
        weight, last = _class_weights(field_, group, bracket)
        matching = _matching(field_, _group_edges(field_, group, scaled, opponents, weight))
        if 2 * len(matching) < len(field_):  # a bug: the bye was drawn so that this field pairs
            raise AssertionError(f"no pairing of {', '.join(sorted(_unpaired(field_, matching)))}")
        drawn = pairs_in(field_, matching)
        if last is None:
            return pairs + drawn
        kept = [(a, b) for a, b in drawn if pair_class(group[a], group[b]) <= 2 * last]
        pairs += kept
        paired = {p for pair in kept for p in pair}
        field_ = [p for p in field_ if p not in paired]
        bracket = min(group[p] for p in field_ if group[p] > last)
    return pairs


def _group_edges(field_, group, scaled, opponents, weight: dict[int, int]):
    """The pairs to match ``field_`` on, each weighing its class: the window, or for a large field
    the candidate graph (candidates.py; its proof needs only the same swap as the window's)."""
    def class_weight(p, q):
        return weight.get(pair_class(group[p], group[q]), 0)
    if uses_candidates(len(field_)):
        return candidate_edges(field_, scaled, opponents, class_weight)
    return _pair_edges(field_, scaled, opponents, True, class_weight)


def _class_weights(field_, group, bracket: int) -> tuple[dict[int, int], int | None]:
    """Class → weight for the classes from ``bracket`` down, in mixed radix (a class's weight is
    more than the later classes' most possible pairs can total): those of the bracket and of the
    next group always, more as the budget allows. And the last group whose pairs to keep: None
    when every class is weighed (keep them all), else that of the first half of the groups
    weighed, so each kept bracket looks at least as far ahead as the groups kept with it.
    Players of ``field_`` above ``bracket`` are floaters."""
    sizes = Counter(group[p] for p in field_)
    bounds, above = [], sum(n for g, n in sizes.items() if g < bracket)
    for g in sorted(g for g in sizes if g >= bracket):
        bounds += [(2 * g - 1, min(sizes[g], above)), (2 * g, sizes[g] // 2)]  # floaters in, pairs inside
        above += sizes[g]
    radices, total = [], 1
    for cls, bound in bounds:
        if len(radices) >= 4 and total * (bound + 1) > WEIGHT_BUDGET:
            break
        radices.append((cls, bound + 1))
        total *= bound + 1
    weight, step = {}, 1
    for cls, radix in reversed(radices):
        weight[cls] = step
        step *= radix
    weighed = sorted({(cls + 1) // 2 for cls, _ in radices})
    return weight, None if len(radices) == len(bounds) else weighed[max(0, len(weighed) // 2 - 1)]


def _keep_later_rounds_pairable(nodes, pairs, bye, group, opponents, bye_candidates, rounds_after, joining=None,
                                avoid=frozenset()):
    """The draw when the later rounds stay pairable after it (pairing/swiss.py ``look_ahead``);
    otherwise, among the pairings the method could draw, one after which they do.

    A pairing the method could draw: for its bye, as good by ``class_counts`` as any rematch-free
    pairing with that bye. The bye may move up the bye policy's order (the seed gives it to the
    lowest-ranked without one, and is silent when that leaves a later round impossible: it is
    read as for this round, the first candidate whom the stage can be finished without); among
    the rest, the best by class counts. When none leaves the later rounds pairable, the pairing
    method itself makes the stage impossible: ``MethodLeavesLaterRoundImpossible``, before this
    round is drawn, and the organizer decides. Among pairings as good, the fewest pairs within
    a group of ``avoid``.
    """
    field_ = nodes + [BYE] if len(nodes) % 2 else list(nodes)
    index = {p: i for i, p in enumerate(field_)}
    matching = [(index[a], index[b]) for a, b in pairs] + ([(index[bye], index[BYE])] if bye else [])
    tier = bye_tiers(bye_candidates)
    clashes = clash_count(field_, avoid)

    def bye_tier(m) -> int:
        return tier.get(bye_in(field_, m), 0)

    def counts(m) -> tuple[int, ...]:
        return class_counts(pairs_in(field_, m), group)

    def method(matchings):
        best = {}
        for m in matchings:
            best[bye_tier(m)] = max(best.get(bye_tier(m), ()), counts(m))
        return [m for m in matchings if counts(m) == best[bye_tier(m)]]

    chosen = look_ahead(field_, matching, opponents, bye_candidates, rounds_after, method=method,
                        preference=lambda m: (bye_tier(m), counts(m), -clashes(m)),
                        method_name="top-down by score group", joining=joining)
    return pairs_in(field_, chosen), bye_in(field_, chosen)


class ScoreGroupsTopDown(StandingsPairing):
    """FFG Swiss pairing, top-down by score group: the highest group paired at random, an odd
    player left over paired at random with the next group, and so on down; no rematches. Two
    players of one group who can meet are never split for what happens below (FFG Organized
    Play, "Rundy szwajcarskie"; worked example: Jan, Sara, Bartek on 15, Tomek on 10 → Jan v
    Sara, Bartek v Tomek). Small fields look ahead: among the draws the method allows, one
    that keeps the stage's later rounds pairable."""

    name = "score-groups"

    def pair(self, ranked, points, opponents, bye_candidates, rng, rounds_after=0, joining=None,
             avoid=frozenset()) -> SwissRound:
        return pair_top_down(ranked, points, opponents, bye_candidates, rng, rounds_after, joining, avoid)
