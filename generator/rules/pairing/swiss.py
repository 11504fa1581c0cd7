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
A field of more than 1,024 players is matched piece by piece, each piece proven to reach the
least cost possible (pieces.py), else on a sparser candidate graph (candidates.py): 10,000
players in ~0.3 s instead of ~5 s; smaller fields draw exactly as before.
"""
from __future__ import annotations

import functools
import random
from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

import rustworkx as rx

from podium.rules.blocks import Block
from podium.rules.draw import SHARED_LOTS
from podium.rules.pairing.candidates import candidate_edges, points_order, uses_candidates
from podium.rules.pairing.request import SwissRequest
from podium.rules.pairing.pieces import by_pieces, consecutive, squared_cost
from podium.rules.flags import PAIRED_DOWN, PAIRED_UP

BYE = None


class PairingImpossible(Exception):
    """No rematch-free pairing exists for these players."""

    remedy = "reduce the Swiss rounds with structure: {swiss_rounds: N, cut: N}"

    def why(self) -> str:
        return f"without a rematch or a second bye (left over: {self})"


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
    flags: dict = field(default_factory=dict)  # player → PAIRED_DOWN / PAIRED_UP


def pair_swiss(ranked: list[str], points: dict[str, float], opponents: dict[str, set[str]],
               bye_candidates: list[str], rng: random.Random, rounds_after: int = 0,
               joining: Mapping[str, int] | None = None, sparse: bool = True, avoid=frozenset()) -> SwissRound:
    """Pair ``ranked`` (best first). ``bye_candidates``: who may get a bye, most deserving first.
    ``rounds_after``: Swiss rounds still to play after this one; ``joining``: late entries, each
    with the later round he starts in (1: the next round) (see ``_look_ahead``). ``sparse``: a
    large field may be matched on the sparse candidate graph (candidates.py); False: on the
    window at any size, as Podium 0.2 drew (``draws: 1``). ``avoid``: groups of players (sets),
    no two of a group paired when some pairing can (``drawn_avoiding``)."""
    nodes = list(ranked)
    rng.shuffle(nodes)  # random among equal optima, reproducibly
    if len(nodes) % 2:
        nodes.append(BYE)
    scaled = _scaled(points, ranked)
    matching = drawn_avoiding(lambda met: _perfect_matching(nodes, scaled, met, bye_candidates, sparse),
                              opponents, avoid)
    if looks_ahead(ranked, rounds_after, joining):
        matching = _look_ahead(nodes, matching, scaled, opponents, bye_candidates, rounds_after, joining, avoid)
    return _as_round(matching, nodes, ranked, scaled)


def drawn_avoiding(draw, opponents: dict[str, set[str]], avoid):
    """``draw(opponents)`` with any two players of a group of ``avoid`` barred as if they had met
    (chess: the players who all need White, C.04.1 f–g), or — when no pairing keeps them apart
    — as the rules of pairing alone draw it. Barring them is exact for every method: a barred
    pair is no edge, like a rematch. Only the barred players' sets are copied."""
    if not avoid:
        return draw(opponents)
    barred = dict(opponents)
    for group in avoid:
        members = group & barred.keys()
        for player in members:
            barred[player] = barred[player] | (members - {player})
    try:
        return draw(barred)
    except PairingImpossible:
        return draw(opponents)


def clash_count(nodes, avoid):
    """How many pairs of a matching (node index pairs of ``nodes``) join two players of one group
    of ``avoid``, as a function of the matching."""
    group_of = {player: index for index, group in enumerate(avoid) for player in group}

    def count(matching) -> int:
        return sum(1 for i, j in matching if nodes[i] in group_of and group_of[nodes[i]] == group_of.get(nodes[j]))
    return count


# ---------------------------------------------------------------- look-ahead for small fields

LOOK_AHEAD_PLAYERS = 12  # up to here every pairing of a round can be tried (11!! = 10,395 at most)


def looks_ahead(ranked, rounds_after: int, joining: Mapping[str, int] | None) -> bool:
    """Whether the later rounds are looked ahead at: some are left, and the largest field of them
    (today's players and every late entry) has at most ``LOOK_AHEAD_PLAYERS``."""
    return bool(rounds_after) and len(ranked) + len(joining or ()) <= LOOK_AHEAD_PLAYERS


def _look_ahead(nodes, matching, scaled, opponents, bye_candidates, rounds_after: int, joining=None, avoid=frozenset()):
    """A pairing of this round after which the ``rounds_after`` later rounds can still be paired
    without a rematch or a second bye, or ``LaterRoundImpossible`` before this round is paired.

    NS HEX 2023 §5.6 makes "no rematches" absolute ("tak, aby gracze którzy grali ze sobą w
    poprzednich rundach nie spotkali się ponownie") and near TP a wish ("w miarę możliwości"),
    and §5.1 plays four Swiss rounds whatever the field. In a small field a least-cost round can
    leave the last round with no rematch-free pairing (6 players: three rounds whose unplayed
    pairs form two triangles). So: the least-cost pairing when the later rounds stay pairable
    after it (every event that could be finished is drawn as before); otherwise the heaviest
    pairing, by the same weights, among those after which they do (the first found in the
    shuffled node order among equals). The later rounds assume today's field, no drops, and the
    late entries ``joining`` from their round on (docs/late-entries.md). A pairing chosen so
    keeps the groups of ``avoid`` apart first, where one can.
    """
    weight = _pair_weights(nodes, scaled, bye_candidates)
    clashes = clash_count(nodes, avoid)
    return look_ahead(nodes, matching, opponents, bye_candidates, rounds_after,
                      preference=lambda m: (-clashes(m), sum(weight(i, j) for i, j in m)),
                      joining=joining)


def look_ahead(nodes, matching, opponents, bye_candidates, rounds_after: int, preference, method=list,
               method_name: str = "", joining: Mapping[str, int] | None = None):
    """``matching`` (node index pairs, ``nodes`` in their shuffled order, ``BYE`` last when odd)
    when the ``rounds_after`` later rounds can be paired after it; otherwise the pairing with the
    largest ``preference`` among those the pairing ``method`` could draw (``method`` keeps them
    from a list of every pairing of the round; ``list``: any pairing) after which they can.

    A later round is paired among the players present then: today's, and each late entry of
    ``joining`` (player → the later round he starts in, 1 for the next) from his round on, with
    the bye when they are odd. A late entry has met nobody and had no bye, so may receive one
    (docs/late-entries.md: "they are the likeliest to receive the bye").

    Raises ``LaterRoundImpossible`` when no pairing of this round leaves them pairable, and
    ``MethodLeavesLaterRoundImpossible`` when only pairings the method (``method_name``) would not draw do.
    """
    everyone, fields = _later_fields(nodes, rounds_after, joining or {})
    graph = _unplayed(everyone, opponents, set(bye_candidates) | set(joining or ()))
    today = (1 << len(nodes)) - 1
    if _rounds_pairable(_without(graph, matching), fields):
        return matching
    if not _rounds_pairable(graph, (today, *fields)):
        raise LaterRoundImpossible(_rounds_possible(graph, (today, *fields)))
    drawable = method(list(_perfect_matchings(graph, today)))
    pairable = [m for m in drawable if _rounds_pairable(_without(graph, m), fields)]
    if not pairable:
        raise MethodLeavesLaterRoundImpossible(1 + max(_rounds_possible(_without(graph, m), fields[:-1])
                                                       for m in drawable), method_name)
    return max(pairable, key=preference)  # max keeps the first of equals


def _later_fields(nodes, rounds_after: int, joining: Mapping[str, int]) -> tuple[list, tuple[int, ...]]:
    """``nodes`` followed by the late entries (and the ``BYE`` when only a later round needs it),
    and each later round's field among them as a bit mask: who plays then, and the bye when odd."""
    late = sorted(p for p, after in joining.items() if after <= rounds_after)
    everyone = list(nodes) + late
    players = [p for p in nodes if p is not BYE]
    counts = [len(players) + sum(joining[p] <= t for p in late) for t in range(1, rounds_after + 1)]
    if BYE not in everyone and any(n % 2 for n in counts):
        everyone.append(BYE)
    bit = {p: 1 << i for i, p in enumerate(everyone)}
    here = sum(bit[p] for p in players)
    fields = tuple(here + sum(bit[p] for p in late if joining[p] <= t) + (bit[BYE] if n % 2 else 0)
                   for t, n in enumerate(counts, start=1))
    return everyone, fields


def _rounds_possible(graph, fields: tuple[int, ...]) -> int:
    """How many of the rounds ``fields``, from the first, ``graph`` can still pair rematch-free."""
    return next(k for k in range(len(fields), -1, -1) if _rounds_pairable(graph, fields[:k]))


def _unplayed(nodes, opponents, may_sit_out) -> tuple[int, ...]:
    """The pairs still allowed, as one bit mask of neighbours a node: two players who have not
    met, the bye and a player who may still receive one (``may_sit_out``)."""
    def allowed(p, q):
        if p is BYE or q is BYE:
            return (q if p is BYE else p) in may_sit_out
        return q not in opponents.get(p, ()) and p not in opponents.get(q, ())
    return tuple(sum(1 << j for j, q in enumerate(nodes) if j != i and allowed(p, q)) for i, p in enumerate(nodes))


def _without(graph, matching) -> tuple[int, ...]:
    graph = list(graph)
    for i, j in matching:
        graph[i] &= ~(1 << j)
        graph[j] &= ~(1 << i)
    return tuple(graph)


def _bits(mask: int):
    """The node indices of a bit mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _perfect_matchings(graph, free: int):
    """Every perfect matching of the nodes ``free`` (a bit mask) in ``graph`` (bit masks), as
    lists of node pairs."""
    if not free:
        yield []
        return
    i = (free & -free).bit_length() - 1  # the lowest free node is paired first
    rest = free & ~(1 << i)
    for j in _bits(graph[i] & rest):
        for matching in _perfect_matchings(graph, rest & ~(1 << j)):
            yield [(i, j), *matching]


def _rounds_pairable(graph: tuple[int, ...], fields: tuple[int, ...]) -> bool:
    """Whether ``graph`` holds a perfect matching of each field of ``fields`` (bit masks of the
    nodes present, one a round), no two with a pair in common: those rounds without a rematch or
    a second bye. The order of the rounds does not matter to that."""
    return _pairable(graph, tuple(sorted(f for f in fields if f)))


@functools.lru_cache(maxsize=200_000)
def _pairable(graph: tuple[int, ...], unpaired: tuple[int, ...]) -> bool:
    """``_rounds_pairable`` by an exhaustive search: ``unpaired`` holds, a round, the nodes still
    without a partner in it (sorted: rounds left alike are the same problem). The node and round
    with the fewest partners left are paired first, every way, so a dead end shows early; a
    branch ends as soon as the players cannot all find as many partners as rounds they still
    play (``_enough_partners``)."""
    if not unpaired:
        return True
    slot = _tightest(graph, unpaired)
    if slot is None or not _enough_partners(graph, unpaired):
        return False
    i, t, partners = slot
    return any(_pairable(_without(graph, [(i, j)]), _paired(unpaired, t, i, j)) for j in _bits(partners))


def _paired(unpaired: tuple[int, ...], t: int, i: int, j: int) -> tuple[int, ...]:
    """``unpaired`` once ``i`` and ``j`` are paired in round ``t``: a round left with nobody goes."""
    rest = unpaired[t] & ~(1 << i | 1 << j)
    return tuple(sorted(unpaired[:t] + ((rest,) if rest else ()) + unpaired[t + 1:]))


def _tightest(graph, unpaired):
    """(node, round, its possible partners then) with the fewest partners; None when a node has none."""
    best = None
    for t, free in enumerate(unpaired):
        for i in _bits(free):
            partners = graph[i] & free
            if not partners:
                return None
            if best is None or partners.bit_count() < best[2].bit_count():
                best = (i, t, partners)
    return best


def _enough_partners(graph, unpaired) -> bool:
    """Whether every player can still have a different partner (or the bye) in each round he is
    unpaired in, counting partners alone, not rounds: a subgraph of the usable pairs in which each
    node has as many pairs as rounds left (an f-factor, Tutte 1952). A node with fewer usable
    pairs fails at once; else Tutte's reduction makes it a perfect matching (``_factor_gadget``)."""
    usable, rounds = _usable(graph, unpaired)
    if any(pairs.bit_count() < need for pairs, need in zip(usable, rounds)):
        return False
    count, edges = _factor_gadget(usable, rounds)
    gadget = rx.PyGraph()
    gadget.add_nodes_from(range(count))
    gadget.add_edges_from_no_data(edges)
    return 2 * len(rx.max_weight_matching(gadget, max_cardinality=True)) == count


def _usable(graph, unpaired) -> tuple[list[int], list[int]]:
    """Each node's usable partners (unplayed, unpaired with it in some round) and rounds left."""
    usable = [0] * len(graph)
    for free in unpaired:
        for i in _bits(free):
            usable[i] |= graph[i] & free
    return usable, [sum(f >> i & 1 for f in unpaired) for i in range(len(graph))]


def _factor_gadget(usable, rounds) -> tuple[int, list[tuple[int, int]]]:
    """Tutte's graph for the f-factor, as (node count, edges): for node v, an outer node for each
    usable pair (v, w), joined to its twin (w, v), and (pairs − rounds) inner nodes joined to every
    outer node of v. A perfect matching leaves v exactly ``rounds`` outer nodes matched to twins."""
    outer, edges, count = {}, [], 0
    for i, partners in enumerate(usable):
        ends = list(_bits(partners))
        for j in ends:
            outer[i, j], count = count, count + 1
        for inner in range(count, count + len(ends) - rounds[i]):
            edges += [(inner, outer[i, j]) for j in ends]
        count += len(ends) - rounds[i]
    return count, edges + [(outer[i, j], outer[j, i]) for i, j in outer if i < j]


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
    tier = bye_tiers(bye_candidates)
    closeness = _closeness(top, scaled)

    def weight(i, j):
        p, q = nodes[i], nodes[j]
        if p is BYE or q is BYE:
            return span * tier[q if p is BYE else p]
        return closeness(p, q)
    return weight


def _closeness(top: int, scaled):
    """A pair's weight: ``top`` (``_weight_scale``) less the squared difference of its points."""
    return lambda p, q: top - (scaled[p] - scaled[q]) ** 2


def _scaled(points, players) -> dict[str, int]:
    return {p: round(points[p] * 10) for p in players}  # points come in steps of 0.1 at the finest


def _perfect_matching(nodes, scaled, opponents, bye_candidates, sparse: bool = True):
    large = sparse and uses_candidates(len(nodes) - (nodes[-1] is BYE))
    if large:
        matching = least_cost_by_pieces(nodes, scaled, opponents, bye_candidates)
        if matching is not None:
            return matching
    return window_matching(nodes, scaled, opponents, bye_candidates, large)


def window_matching(nodes, scaled, opponents, bye_candidates, large: bool):
    """The optimum on the windows (``large``: on the candidate graph, candidates.py); raises
    PairingImpossible naming the fewest players left over when there is no perfect matching."""
    matching = _best_matching(nodes, scaled, opponents, bye_candidates, windowed=True, large=large)
    if 2 * len(matching) < len(nodes):
        # No perfect matching inside the windows (or the candidate graph) means none at all;
        # match on every edge only to name the fewest players left over.
        matching = _best_matching(nodes, scaled, opponents, bye_candidates, windowed=False)
        raise PairingImpossible(", ".join(sorted(_unpaired(nodes, matching))))
    return matching


def least_cost_by_pieces(nodes, scaled, opponents, bye_candidates, measure=None):
    """The optimum of a large field piece by piece (pieces.py), or None when a piece falls short:
    the bye to the first candidate (no bye can rank higher), the others as good by ``measure``
    (the squared cost; score groups: their class counts) as the consecutive pairing, the best
    possible without rematches."""
    measure = measure or (lambda pairs: squared_cost(pairs, scaled))
    bye = _first_bye(nodes, bye_candidates)
    if bye is None and nodes[-1] is BYE:
        return None
    field_ = [i for i, p in enumerate(nodes) if p is not BYE and p != bye]
    top, _ = _weight_scale(nodes, scaled)
    found = by_pieces([nodes[i] for i in field_], scaled, opponents, _closeness(top, scaled),
                      lambda players, pairs: measure(pairs) == measure(consecutive(players, scaled)), _matching)
    if found is None:
        return None
    return {(field_[a], field_[b]) for a, b in found} | ({(nodes.index(bye), len(nodes) - 1)} if bye else set())


def _first_bye(nodes, bye_candidates):
    """The bye policy's first candidate among ``nodes`` when they hold the ``BYE``, else None."""
    if not nodes or nodes[-1] is not BYE:
        return None
    present = set(nodes)
    return next((p for p in bye_candidates if p in present), None)


def _best_matching(nodes, scaled, opponents, bye_candidates, windowed: bool, large: bool = False):
    """``large``: on the candidate graph, proven to hold the same optimum with fewer edges."""
    top, span = _weight_scale(nodes, scaled)
    weight = _closeness(top, scaled)
    edges = (candidate_edges(nodes, scaled, opponents, weight) if large
             else _pair_edges(nodes, scaled, opponents, windowed, weight))
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
    by_points = points_order(nodes, scaled)
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
            flags[high], flags[low] = PAIRED_DOWN, PAIRED_UP
    return flags


def _as_round(matching, nodes, ranked, scaled) -> SwissRound:
    return _in_table_order(pairs_in(nodes, matching), bye_in(nodes, matching), ranked, scaled)


def pairs_in(nodes, matching) -> list[tuple[str, str]]:
    """The pairs of players of ``matching`` (node index pairs of ``nodes``), the bye left out."""
    return [(nodes[i], nodes[j]) for i, j in matching if BYE not in (nodes[i], nodes[j])]


def bye_in(nodes, matching) -> str | None:
    """Who sits out in ``matching`` (node index pairs of ``nodes``, the ``BYE`` node among them)."""
    return next((nodes[i if nodes[j] is BYE else j] for i, j in matching if BYE in (nodes[i], nodes[j])), None)


def bye_tiers(bye_candidates) -> dict[str, int]:
    """Each bye candidate's tier, the first the highest: what a bye weighs in a matching."""
    return {p: len(bye_candidates) - t for t, p in enumerate(bye_candidates)}


def _in_table_order(pairs, bye, ranked, scaled) -> SwissRound:
    """Each pair best player first; table 1 to the pair with the best player."""
    position = {p: i for i, p in enumerate(ranked)}
    pairs = sorted((tuple(sorted(pair, key=position.__getitem__)) for pair in pairs), key=lambda pair: position[pair[0]])
    return SwissRound(pairs=pairs, bye=bye, flags=float_flags(pairs, scaled))


class SwissPairing(Block):
    """What every Swiss pairing answers: a Swiss stage asks it for each round's pairs and bye."""

    gives_colours: ClassVar[bool] = False  # True: each pair comes White first, as the block's own rules say
    reads_history: ClassVar[bool] = False  # True: it reads the rounds so far (SwissRequest.history)
    accelerations: ClassVar[frozenset] = frozenset()  # the event's 'acceleration:' values it pairs by
    forfeit_is_a_meeting: ClassVar[bool] = True  # two players whose game was forfeited have met: never paired again

    @abstractmethod
    def draw(self, request: SwissRequest) -> SwissRound:
        """The round's pairs, each in table order, its bye (None when even) and why a player was
        paired down or up, from what ``request`` holds. Raises ``PairingImpossible`` when no
        rematch-free pairing exists, ``LaterRoundImpossible`` (or
        ``MethodLeavesLaterRoundImpossible``) when every pairing it may draw leaves a later round
        without one."""

    def misfit(self, scoring) -> str | None:
        """Why ``scoring`` cannot go with this pairing (None: it can); most pair on any points."""
        return None

    def as_drawn_by(self, draws: int) -> "SwissPairing":
        """The block that draws as version ``draws`` of Podium's draws did (rules/draw.py): up to
        Podium 0.2 every Swiss was paired by least total cost."""
        return self if draws > SHARED_LOTS else SwissMatchingAsIn02()


class StandingsPairing(SwissPairing):
    """A Swiss pairing that reads the standings alone: who is ranked where, on what points, and
    whom each has met."""

    def draw(self, request: SwissRequest) -> SwissRound:
        r = request
        return self.pair(r.ranked, r.points, r.opponents, r.bye_candidates, r.rng, r.rounds_after, r.joining, r.avoid)

    @abstractmethod
    def pair(self, ranked: list[str], points: dict[str, float], opponents: dict[str, set[str]],
             bye_candidates: list[str], rng: random.Random, rounds_after: int = 0,
             joining: Mapping[str, int] | None = None, avoid=frozenset()) -> SwissRound:
        """``ranked`` best first, ``points`` each player's, ``opponents`` whom each has met (never
        again), ``bye_candidates`` from the bye policy, most deserving first; the random choices
        from ``rng`` only. ``rounds_after`` and ``joining`` (late entries → the round after this
        one they start in) let it keep the later rounds pairable. ``avoid``: groups of players
        (frozensets), no two of a group to be paired where some pairing can
        (``drawn_avoiding``)."""


class SwissMatching(StandingsPairing):
    """Swiss pairing by maximum-weight matching: no rematches, the least total of squared point
    differences, random among equals, seeded (NS HEX 2023 §5.6; FFG Swiss pairing)."""

    name = "swiss-matching"

    sparse = True  # a large field on the candidate graph (candidates.py)

    def pair(self, ranked, points, opponents, bye_candidates, rng, rounds_after=0, joining=None,
             avoid=frozenset()) -> SwissRound:
        return pair_swiss(ranked, points, opponents, bye_candidates, rng, rounds_after, joining, self.sparse, avoid)


class SwissMatchingAsIn02(SwissMatching):
    """``swiss-matching`` as Podium 0.2 drew it (``draws: 1``): on the window at any field size,
    so a large round published then re-draws the same among equally good pairings."""

    sparse = False
