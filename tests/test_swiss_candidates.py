"""Large Swiss fields (issue 19): the sparse candidate graph (pairing/candidates.py) and the
piece-by-piece matching (pairing/pieces.py) reach the optimum of the full graph, and fields up
to WINDOW_UP_TO players draw exactly as before.

The random fields have up to 200 players by default (a few seconds);
PODIUM_SWISS_PLAYERS=2000 compares fields of up to 2,000 players with the full graph (minutes).
"""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest
import rustworkx as rx

from podium.rules.pairing import candidates, pieces, score_groups, swiss
from podium.rules.pairing.swiss import BYE, PairingImpossible, pair_swiss
from podium.rules.pairing.top_down_ranks import FORCED_FLOATS

PLAYERS = int(os.environ.get("PODIUM_SWISS_PLAYERS", "200"))
FIELDS = 40


def random_field(players: int, seed: int):
    """A mid-event field: points in score groups, some players met more than others, a few
    rematch-crowded corners (dense players), bye candidates at random."""
    rand = random.Random(seed)
    ids = [f"p{i}" for i in range(players)]
    groups = rand.choice([1, 2, 3, 8, 28])
    points = {p: rand.randrange(groups) * rand.choice([1, 3]) for p in ids}
    opponents = {p: set() for p in ids}
    density = rand.choice([0.0, 0.02, 0.1, 0.3])
    met_each = rand.choice([0, 3, 7])
    for a in ids:
        for b in rand.sample(ids, min(met_each, players)) if met_each else ():
            if a != b:
                opponents[a].add(b)
                opponents[b].add(a)
    dense = rand.sample(ids, max(1, players // 20))
    for a in dense:
        for b in ids:
            if a != b and rand.random() < density:
                opponents[a].add(b)
                opponents[b].add(a)
    ranked = sorted(ids, key=lambda p: -points[p])
    bye_candidates = rand.sample(ranked, rand.randint(0, players))
    return ranked, points, opponents, bye_candidates


def sizes():
    rand = random.Random(19)
    return [rand.randint(6, PLAYERS) for _ in range(FIELDS)]


def optimum(nodes, scaled, opponents, bye_candidates, edges):
    """(pairs, bye tier, total squared difference) of the maximum-weight matching on ``edges``."""
    top, span = swiss._weight_scale(nodes, scaled)
    matching = swiss._matching(nodes, edges + swiss._bye_edges(nodes, bye_candidates, span))
    pairs = swiss.pairs_in(nodes, matching)
    bye = swiss.bye_in(nodes, matching)
    tiers = swiss.bye_tiers(bye_candidates)
    return len(matching), tiers.get(bye, 0), -sum((scaled[p] - scaled[q]) ** 2 for p, q in pairs)


def full_edges(nodes, scaled, opponents, weight):
    return swiss._pair_edges(nodes, scaled, opponents, False, weight)


@pytest.mark.parametrize("index", range(FIELDS))
def test_the_candidate_graph_reaches_the_full_graphs_optimum(index):
    """Same number of pairs, same bye tier, same total cost as over every rematch-free pair."""
    ranked, points, opponents, bye_candidates = random_field(sizes()[index], index)
    nodes = list(ranked)
    random.Random(index).shuffle(nodes)
    if len(nodes) % 2:
        nodes.append(BYE)
    scaled = swiss._scaled(points, ranked)
    top, _ = swiss._weight_scale(nodes, scaled)

    def weight(p, q):
        return top - (scaled[p] - scaled[q]) ** 2
    sparse = candidates.candidate_edges(nodes, scaled, opponents, weight)
    full = full_edges(nodes, scaled, opponents, weight)
    assert set(sparse) <= {(min(i, j), max(i, j), w) for i, j, w in full}
    assert optimum(nodes, scaled, opponents, bye_candidates, sparse) == optimum(nodes, scaled, opponents, bye_candidates, full)


@pytest.fixture
def small_pieces(monkeypatch):
    """Pieces and the sparse path at test sizes: every field above 10 players goes through them."""
    monkeypatch.setattr(candidates, "WINDOW_UP_TO", 10)
    monkeypatch.setattr(pieces, "PIECE", 6)


def drawn_cost(drawn, points, bye_candidates):
    tier = swiss.bye_tiers(bye_candidates).get(drawn.bye, 0)
    return tier, -sum((points[p] - points[q]) ** 2 for p, q in drawn.pairs)


@pytest.mark.parametrize("index", range(FIELDS))
def test_large_field_pairing_reaches_the_full_graphs_optimum(index, small_pieces):
    """pair_swiss on the pieces (or, when they fall short, the candidate graph): no rematch,
    and the bye and cost of the optimum over every pair; impossible exactly when it is."""
    ranked, points, opponents, bye_candidates = random_field(sizes()[index], 1000 + index)
    nodes = ranked + ([BYE] if len(ranked) % 2 else [])
    scaled = swiss._scaled(points, ranked)
    top, _ = swiss._weight_scale(nodes, scaled)
    best = optimum(nodes, scaled, opponents, bye_candidates,
                   full_edges(nodes, scaled, opponents, lambda p, q: top - (scaled[p] - scaled[q]) ** 2))
    try:
        drawn = pair_swiss(ranked, points, opponents, bye_candidates, random.Random(index))
    except PairingImpossible:
        assert 2 * best[0] < len(nodes)
        return
    assert all(q not in opponents[p] for p, q in drawn.pairs)
    assert 2 * best[0] == len(nodes)
    tier, cost = drawn_cost(drawn, swiss._scaled(points, ranked), bye_candidates)
    assert (tier, cost) == best[1:]


@pytest.mark.parametrize("index", range(FIELDS))
def test_large_field_top_down_draws_as_well_as_the_window(index, small_pieces, monkeypatch):
    """score-groups on the pieces: the same bye and rank as its draw on the window."""
    ranked, points, opponents, bye_candidates = random_field(sizes()[index], 2000 + index)
    scaled = swiss._scaled(points, ranked)
    group = score_groups.score_groups(scaled)
    try:
        sparse = score_groups.pair_top_down(ranked, points, opponents, bye_candidates, random.Random(index))
    except PairingImpossible:
        sparse = None
    monkeypatch.setattr(candidates, "WINDOW_UP_TO", 10 ** 9)
    try:
        window = score_groups.pair_top_down(ranked, points, opponents, bye_candidates, random.Random(index))
    except PairingImpossible:
        assert sparse is None
        return
    assert sparse is not None
    assert all(q not in opponents[p] for p, q in sparse.pairs)
    assert sparse.bye == window.bye
    assert FORCED_FLOATS.key(sparse.pairs, group) == FORCED_FLOATS.key(window.pairs, group)


@pytest.mark.parametrize("index", range(10))
def test_fields_up_to_the_window_limit_draw_exactly_as_before(index):
    """Published rounds must re-draw the same (podium verify): up to WINDOW_UP_TO players the
    draw is the window's, pair for pair, whatever the pieces would choose among equals."""
    ranked, points, opponents, bye_candidates = random_field(random.Random(index).randint(6, 300), 3000 + index)
    try:
        drawn = pair_swiss(ranked, points, opponents, bye_candidates, random.Random(index))
    except PairingImpossible:
        return
    assert drawn == pair_swiss(ranked, points, opponents, bye_candidates, random.Random(index), sparse=False)


def test_draws_1_events_keep_the_window_at_any_size():
    assert swiss.SwissMatching.sparse and not swiss.SwissMatchingAsIn02.sparse


def bench_field(players: int, seed: int):
    sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
    try:
        from pairing import field
    finally:
        sys.path.pop(0)
    return field(players, seed)


def test_a_10000_player_round_is_paired_in_pieces_on_few_edges():
    """The claim of issue 19: a 10,000-player round's candidate graph has half the window's
    edges, and the round is matched piece by piece (the blossom algorithm on 400 players at a
    time), not on one graph of 10,000 nodes."""
    ranked, points, opponents = bench_field(10_000, 0)
    nodes = list(ranked)
    scaled = swiss._scaled(points, ranked)

    top, _ = swiss._weight_scale(nodes, scaled)

    def weight(p, q):
        return top - (scaled[p] - scaled[q]) ** 2
    assert len(candidates.candidate_edges(nodes, scaled, opponents, weight)) < 0.6 * len(
        swiss._pair_edges(nodes, scaled, opponents, True, weight))
    sizes_matched = []

    def match(players, edges):
        sizes_matched.append(len(players))
        return swiss._matching(players, edges)
    found = pieces.by_pieces(nodes, scaled, opponents, weight,
                             lambda players, pairs: pieces.squared_cost(pairs, scaled) == pieces.squared_cost(
                                 pieces.consecutive(players, scaled), scaled), match)
    assert found is not None and 2 * len(found) == len(nodes)
    assert max(sizes_matched) < 800


def test_the_consecutive_pairing_is_the_least_cost_without_rematches():
    """pieces.py's bound: on small fields with no rematch to avoid, the blossom optimum costs
    exactly the consecutive pairing's."""
    for seed in range(50):
        rand = random.Random(seed)
        ids = [f"p{i}" for i in range(2 * rand.randint(1, 8))]
        scaled = {p: rand.randrange(10) for p in ids}
        graph = rx.PyGraph()
        graph.add_nodes_from(ids)
        graph.add_edges_from([(i, j, 1000 - (scaled[a] - scaled[b]) ** 2) for i, a in enumerate(ids)
                              for j, b in enumerate(ids) if i < j])
        best = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        cost = pieces.squared_cost([(ids[i], ids[j]) for i, j in best], scaled)
        assert cost == pieces.squared_cost(pieces.consecutive(ids, scaled), scaled)
