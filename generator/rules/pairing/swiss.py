"""Swiss pairing as one maximum-weight matching over the whole field (DESIGN.md §6).

Every player is a node; an edge joins two players who have not met, so a rematch is
impossible by construction. With an odd count a virtual BYE node joins, linked only to
players who may still receive a bye. Priorities are exact integer weights, compared
lexicographically by scaling:

1. everyone is paired (maximum cardinality);
2. the bye goes to the first eligible candidate of the bye policy (tiers of ``span``);
3. the total of squared point differences is least (pairs of equal points first, one player
   floated down to the nearest group, never two groups apart when one would do).

Among equal optima the choice is random: the node order is shuffled with the round's seeded
generator. (Perturbing the weights instead makes the blossom algorithm ~12× slower.)

Only pairs that can appear in some optimum become edges (``_window``), which keeps a 1000-player
round at ~60,000 edges instead of ~500,000 and the matching at ~0.1 s instead of 0.4–2.4 s.
"""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field

import rustworkx as rx

from podium.rules.blocks import Block

BYE = None


class PairingImpossible(Exception):
    """No rematch-free pairing exists for these players."""


class LaterRoundImpossible(Exception):
    """However this round is paired, a later round of the stage has no rematch-free pairing;
    ``rounds`` is how many rounds, this one included, the field can still play."""

    def __init__(self, rounds: int):
        super().__init__(rounds)
        self.rounds = rounds


class MethodLeavesLaterRoundImpossible(LaterRoundImpossible):
    """Some pairing of this round leaves the later rounds pairable, but none the pairing method
    would draw; ``rounds``: how many rounds, this one included, its draws leave at most;
    ``method``: the method in words ("top-down by score group")."""

    def __init__(self, rounds: int, method: str = ""):
        super().__init__(rounds)
        self.method = method


@dataclass
class SwissRound:
    pairs: list[tuple[str, str]]
    bye: str | None
    flags: dict = field(default_factory=dict)  # player → "paired-down" / "paired-up"


def pair_swiss(ranked: list[str], points: dict[str, float], opponents: dict[str, set[str]],
               bye_candidates: list[str], rng: random.Random, rounds_after: int = 0) -> SwissRound:
    """Pair ``ranked`` (best first). ``bye_candidates``: who may get a bye, most deserving first.
    ``rounds_after``: Swiss rounds still to play after this one (see ``_look_ahead``)."""
    nodes = list(ranked)
    rng.shuffle(nodes)  # random among equal optima, reproducibly
    if len(nodes) % 2:
        nodes.append(BYE)
    scaled = _scaled(points, ranked)
    matching = _perfect_matching(nodes, scaled, opponents, bye_candidates)
    if rounds_after and len(ranked) <= LOOK_AHEAD_PLAYERS:
        matching = _look_ahead(nodes, matching, scaled, opponents, bye_candidates, rounds_after)
    return _as_round(matching, nodes, ranked, scaled)


# ---------------------------------------------------------------- look-ahead for small fields

LOOK_AHEAD_PLAYERS = 12  # up to here every pairing of a round can be tried (11!! = 10,395 at most)


def _look_ahead(nodes, matching, scaled, opponents, bye_candidates, rounds_after: int):
    """A pairing of this round after which the ``rounds_after`` later rounds can still be paired
    without a rematch or a second bye, or ``LaterRoundImpossible`` before this round is paired.

    NS HEX 2023 §5.6 makes "no rematches" absolute ("tak, aby gracze którzy grali ze sobą w
    poprzednich rundach nie spotkali się ponownie") and near TP a wish ("w miarę możliwości"),
    and §5.1 plays four Swiss rounds whatever the field. In a small field a least-cost round can
    leave the last round with no rematch-free pairing (6 players: three rounds whose unplayed
    pairs form two triangles). So: the least-cost pairing when the later rounds stay pairable
    after it (every event that could be finished is drawn as before); otherwise the heaviest
    pairing, by the same weights, among those after which they do (the first found in the
    shuffled node order among equals). The later rounds assume today's field: no drops.
    """
    weight = _pair_weights(nodes, scaled, bye_candidates)
    return look_ahead(nodes, matching, opponents, bye_candidates, rounds_after,
                      preference=lambda m: sum(weight(i, j) for i, j in m))


def look_ahead(nodes, matching, opponents, bye_candidates, rounds_after: int, preference, method=list,
               method_name: str = ""):
    """``matching`` (node index pairs, ``nodes`` in their shuffled order, ``BYE`` last when odd)
    when the ``rounds_after`` later rounds can be paired after it; otherwise the pairing with the
    largest ``preference`` among those the pairing ``method`` could draw (``method`` keeps them
    from a list of every pairing of the round; ``list``: any pairing) after which they can.

    Raises ``LaterRoundImpossible`` when no pairing of this round leaves them pairable, and
    ``MethodLeavesLaterRoundImpossible`` when only pairings the method (``method_name``) would not draw do.
    """
    graph = _unplayed(nodes, opponents, bye_candidates)
    if _disjoint_matchings(_without(graph, matching), rounds_after):
        return matching
    if not _disjoint_matchings(graph, rounds_after + 1):
        raise LaterRoundImpossible(_rounds_possible(graph, rounds_after))
    drawable = method(list(_perfect_matchings(graph)))
    pairable = [m for m in drawable if _disjoint_matchings(_without(graph, m), rounds_after)]
    if not pairable:
        raise MethodLeavesLaterRoundImpossible(1 + max(_rounds_possible(_without(graph, m), rounds_after - 1)
                                                       for m in drawable), method_name)
    return max(pairable, key=preference)  # max keeps the first of equals


def _rounds_possible(graph, most: int) -> int:
    """How many rematch-free rounds, up to ``most``, ``graph`` still holds."""
    return next(k for k in range(most, -1, -1) if _disjoint_matchings(graph, k))


def _unplayed(nodes, opponents, bye_candidates) -> tuple[int, ...]:
    """The pairs still allowed, as one bit mask of neighbours a node: two players who have not
    met, the bye and a player who may still receive one."""
    def allowed(p, q):
        if p is BYE or q is BYE:
            return (q if p is BYE else p) in bye_candidates
        return q not in opponents.get(p, ()) and p not in opponents.get(q, ())
    return tuple(sum(1 << j for j, q in enumerate(nodes) if j != i and allowed(p, q)) for i, p in enumerate(nodes))


def _without(graph, matching) -> tuple[int, ...]:
    graph = list(graph)
    for i, j in matching:
        graph[i] &= ~(1 << j)
        graph[j] &= ~(1 << i)
    return tuple(graph)


def _perfect_matchings(graph, free: int | None = None):
    """Every perfect matching of ``graph`` (bit masks), as lists of node pairs."""
    if free is None:
        free = (1 << len(graph)) - 1
    if not free:
        yield []
        return
    i = (free & -free).bit_length() - 1  # the lowest free node is paired first
    rest = free & ~(1 << i)
    partners = graph[i] & rest
    while partners:
        j = (partners & -partners).bit_length() - 1
        partners &= partners - 1
        for matching in _perfect_matchings(graph, rest & ~(1 << j)):
            yield [(i, j), *matching]


@functools.lru_cache(maxsize=100_000)
def _disjoint_matchings(graph: tuple[int, ...], count: int) -> bool:
    """Whether ``graph`` holds ``count`` perfect matchings with no pair in common: ``count``
    rounds without a rematch or a second bye."""
    if count == 0:
        return True
    if any(neighbours.bit_count() < count for neighbours in graph):
        return False  # a player needs a different opponent (or the bye) every round
    return any(_disjoint_matchings(_without(graph, m), count - 1) for m in _perfect_matchings(graph))


def _weight_scale(nodes, scaled) -> tuple[int, int]:
    """``top``: more than any pair's squared difference of points, so a pair weighs top − that;
    ``span``: more than any matching's total of pair weights, the step between bye candidates."""
    values = [scaled[p] for p in nodes if p is not BYE]
    top = (max(values) - min(values)) ** 2 + 1
    return top, top * (len(nodes) // 2 + 1)


def _pair_weights(nodes, scaled, bye_candidates):
    """``_best_matching``'s weights for one pair of nodes: a bye by its candidate's tier, a pair
    by how close its points are."""
    top, span = _weight_scale(nodes, scaled)
    tier = {p: len(bye_candidates) - t for t, p in enumerate(bye_candidates)}

    def weight(i, j):
        p, q = nodes[i], nodes[j]
        if p is BYE or q is BYE:
            return span * tier[q if p is BYE else p]
        return top - (scaled[p] - scaled[q]) ** 2
    return weight


def _scaled(points, players) -> dict[str, int]:
    return {p: round(points[p] * 10) for p in players}  # points come in steps of 0.1 at the finest


def _perfect_matching(nodes, scaled, opponents, bye_candidates):
    matching = _best_matching(nodes, scaled, opponents, bye_candidates, windowed=True)
    if 2 * len(matching) < len(nodes):
        # No perfect matching inside the windows means none at all; match on every edge only
        # to name the fewest players left over.
        matching = _best_matching(nodes, scaled, opponents, bye_candidates, windowed=False)
        raise PairingImpossible(", ".join(sorted(_unpaired(nodes, matching))))
    return matching


def _best_matching(nodes, scaled, opponents, bye_candidates, windowed: bool):
    top, span = _weight_scale(nodes, scaled)
    edges = _pair_edges(nodes, scaled, opponents, windowed, lambda p, q: top - (scaled[p] - scaled[q]) ** 2)
    edges += _bye_edges(nodes, bye_candidates, span)
    return _matching(nodes, edges)


def _matching(nodes, edges):
    graph = rx.PyGraph()
    graph.add_nodes_from(range(len(nodes)))
    graph.add_edges_from(edges)
    return rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)


def _pair_edges(nodes, scaled, opponents, windowed: bool, weight):
    """Edges between players who have not met and lie within each other's ``_window``,
    weighted by ``weight(p, q)`` (squared-difference form: largest cost + 1 − squared difference)."""
    by_points = sorted((i for i, p in enumerate(nodes) if p is not BYE), key=lambda i: -scaled[nodes[i]])
    met = {i: opponents.get(nodes[i], ()) for i in by_points}
    widest = max(len(m) for m in met.values())
    reach = _window if windowed else lambda *_: len(nodes)
    edges = []
    for k, i in enumerate(by_points):
        p = nodes[i]
        for distance, j in enumerate(by_points[k + 1:k + 1 + reach(len(met[i]), widest)], start=1):
            q = nodes[j]
            if distance <= reach(len(met[i]), len(met[j])) and q not in met[i] and p not in met[j]:
                edges.append((i, j, weight(p, q)))
    edges.sort()  # the shuffled node order, not the points order, decides among equal optima
    return edges


def _window(met_p: int, met_q: int) -> int:
    """How far apart in the points order two players can be and still meet in some optimum.

    Say p and q are paired with more than 2·(met_p + met_q) + 1 players between them. Each
    player a between, paired with b, offers a swap: if b ranks below a, pair p–a and b–q,
    otherwise q–a and b–p. On a line of points either swap never raises the total of squared
    differences ((p−b)(a−q) ≥ 0, resp. (p−a)(b−q) ≥ 0) and strictly shortens the pairs' total
    distance in the order. A swap is barred only when a or b is an earlier opponent of p or q
    (at most 2·(met_p + met_q) players a) or b is the bye (one more), so some a can always
    swap: an optimum with every pair inside the window exists, and with the same bye.
    """
    return 2 * (met_p + met_q) + 2


def _bye_edges(nodes, bye_candidates, span):
    """The first candidate's edge outweighs every alternative by a whole ``span``."""
    if nodes[-1] is not BYE:
        return []
    index = {p: i for i, p in enumerate(nodes)}
    bye_node, count = len(nodes) - 1, len(bye_candidates)
    return [(index[p], bye_node, span * (count - tier)) for tier, p in enumerate(bye_candidates) if p in index]


def _unpaired(nodes, matching):
    matched = {i for pair in matching for i in pair}
    return [p for i, p in enumerate(nodes) if i not in matched and p is not BYE]


def float_flags(pairs, points: dict) -> dict[str, str]:
    """Who crossed point groups (DESIGN.md §8): the higher player is paired down, the other up."""
    flags = {}
    for a, b in pairs:
        if points[a] != points[b]:
            high, low = (a, b) if points[a] > points[b] else (b, a)
            flags[high], flags[low] = "paired-down", "paired-up"
    return flags


def _as_round(matching, nodes, ranked, scaled) -> SwissRound:
    pairs, bye = [], None
    for i, j in matching:
        a, b = nodes[i], nodes[j]
        if a is BYE or b is BYE:
            bye = b if a is BYE else a
            continue
        pairs.append((a, b))
    return _in_table_order(pairs, bye, ranked, scaled)


def _in_table_order(pairs, bye, ranked, scaled) -> SwissRound:
    """Each pair best player first; table 1 to the pair with the best player."""
    position = {p: i for i, p in enumerate(ranked)}
    pairs = sorted((tuple(sorted(pair, key=position.__getitem__)) for pair in pairs), key=lambda pair: position[pair[0]])
    return SwissRound(pairs=pairs, bye=bye, flags=float_flags(pairs, scaled))


class SwissMatching(Block):
    """Swiss pairing by maximum-weight matching: no rematches, the least total of squared point
    differences, random among equals, seeded (NS HEX 2023 §5.6; FFG Swiss pairing)."""

    name = "swiss-matching"

    def pair(self, ranked, points, opponents, bye_candidates, rng, rounds_after=0) -> SwissRound:
        return pair_swiss(ranked, points, opponents, bye_candidates, rng, rounds_after)
