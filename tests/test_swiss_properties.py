"""Property tests for Swiss pairing: random events never rematch, never give a second bye,
always pair every active player, and reach the brute-force optimum on small fields."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from podium.rules.pairing.swiss import PairingImpossible, pair_swiss


def play_event(players: int, rounds: int, seed: int, drop_chance: float = 0.0):
    """Pair and play an event with random results; returns the rounds as (pairs, bye)."""
    rand = random.Random(seed)
    ids = [f"p{i}" for i in range(players)]
    points = {p: 0 for p in ids}
    opponents = {p: set() for p in ids}
    had_bye, active, history = set(), list(ids), []
    for number in range(1, rounds + 1):
        ranked = sorted(active, key=lambda p: (-points[p], p))
        candidates = [p for p in reversed(ranked) if p not in had_bye]
        try:
            drawn = pair_swiss(ranked, points, opponents, candidates, random.Random(seed * 100 + number))
        except PairingImpossible:
            break  # small fields run out of rematch-free pairings; the engine reports it
        history.append((drawn, set(active), {p: set(o) for p, o in opponents.items()}, set(had_bye)))
        for a, b in drawn.pairs:
            opponents[a].add(b)
            opponents[b].add(a)
            winner = rand.choice((a, b, None))
            for p in (a, b):
                points[p] += 3 if winner == p else 1 if winner is None else 0
        if drawn.bye:
            had_bye.add(drawn.bye)
            points[drawn.bye] += 3
        if drop_chance and len(active) > 4:
            active = [p for p in active if rand.random() > drop_chance]
    return history


@settings(max_examples=60, deadline=None)
@given(players=st.integers(4, 200), rounds=st.integers(4, 9), seed=st.integers(0, 10**6),
       drops=st.sampled_from([0.0, 0.05]))
def test_random_events_pair_everyone_without_rematch_or_second_bye(players, rounds, seed, drops):
    for drawn, active, met_before, byes_before in play_event(players, rounds, seed, drops):
        seated = [p for pair in drawn.pairs for p in pair] + ([drawn.bye] if drawn.bye else [])
        assert sorted(seated) == sorted(active)  # everyone active, exactly once
        assert all(b not in met_before[a] for a, b in drawn.pairs)  # no rematch
        assert drawn.bye not in byes_before  # no second bye
        assert (drawn.bye is not None) == (len(active) % 2 == 1)


def _matchings(players):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for tail in _matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other)] + tail


def _cost(pairs, bye, points, candidates):
    tier = candidates.index(bye) if bye is not None else 0
    return tier, sum((points[a] - points[b]) ** 2 for a, b in pairs)


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 9), seed=st.integers(0, 10**6), data=st.data())
def test_small_fields_reach_the_brute_force_optimum(players, seed, data):
    ids = [f"p{i}" for i in range(players)]
    points = {p: data.draw(st.sampled_from([0, 1, 3, 4, 6, 7, 9])) for p in ids}
    pairs_all = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]]
    met = data.draw(st.sets(st.sampled_from(pairs_all), max_size=len(pairs_all) // 2)) if pairs_all else set()
    opponents = {p: {b for a, b in met if a == p} | {a for a, b in met if b == p} for p in ids}
    ranked = sorted(ids, key=lambda p: -points[p])
    had_bye = set(data.draw(st.lists(st.sampled_from(ids), max_size=2)))
    candidates = [p for p in reversed(ranked) if p not in had_bye]
    best = None
    for bye in (candidates if players % 2 else [None]):
        field = [p for p in ids if p != bye]
        for pairs in _matchings(field):
            if all(b not in opponents[a] for a, b in pairs):
                cost = _cost(pairs, bye, points, candidates)
                best = cost if best is None or cost < best else best
    try:
        drawn = pair_swiss(ranked, points, opponents, candidates, random.Random(seed))
    except PairingImpossible:
        assert best is None
        return
    assert best is not None
    assert _cost(drawn.pairs, drawn.bye, points, candidates) == best


def test_same_seed_same_pairing_other_seed_may_differ():
    ids = [f"p{i}" for i in range(40)]
    points = {p: 0 for p in ids}
    opponents = {p: set() for p in ids}
    first = pair_swiss(ids, points, opponents, ids[::-1], random.Random(7))
    again = pair_swiss(ids, points, opponents, ids[::-1], random.Random(7))
    other = pair_swiss(ids, points, opponents, ids[::-1], random.Random(8))
    assert first.pairs == again.pairs
    assert first.pairs != other.pairs


def test_three_on_top_one_floats_down_to_the_next_group():
    points = {"a": 6, "b": 6, "c": 6, "d": 3, "e": 3, "f": 3}
    drawn = pair_swiss(list(points), points, {p: set() for p in points}, [], random.Random(1))
    cross = [pair for pair in drawn.pairs if points[pair[0]] != points[pair[1]]]
    assert len(cross) == 1
    assert sorted(drawn.flags.values()) == ["paired-down", "paired-up"]


def _full_graph_optimum(ranked, points, opponents, candidates):
    """The optimum over every rematch-free pair, found independently of the engine's windows:
    (bye tier, total of squared differences), or None when not everyone can be paired."""
    import rustworkx as rx
    nodes = list(ranked) + ([None] if len(ranked) % 2 else [])
    spread = (max(points.values()) - min(points.values())) ** 2 + 1
    big = spread * len(nodes)
    graph = rx.PyGraph()
    graph.add_nodes_from(nodes)
    for i, a in enumerate(ranked):
        for j in range(i + 1, len(ranked)):
            if ranked[j] not in opponents[a]:
                graph.add_edge(i, j, spread - (points[a] - points[ranked[j]]) ** 2)
        if nodes[-1] is None and a in candidates:
            graph.add_edge(i, len(nodes) - 1, big * (len(candidates) - candidates.index(a)))
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    if 2 * len(matching) < len(nodes):
        return None
    pairs = [(nodes[i], nodes[j]) for i, j in matching if None not in (nodes[i], nodes[j])]
    bye = next((nodes[i] or nodes[j] for i, j in matching if None in (nodes[i], nodes[j])), None)
    return _cost(pairs, bye, points, candidates)


@settings(max_examples=120, deadline=None)
@given(players=st.integers(10, 70), seed=st.integers(0, 10**6), density=st.sampled_from([0.0, 0.1, 0.3, 0.6]),
       groups=st.sampled_from([2, 4, 10, 28]))
def test_the_windowed_matching_reaches_the_optimum_over_every_pair(players, seed, density, groups):
    """Only pairs within a window of the points order become edges (swiss._window); the result
    must still be the optimum over every rematch-free pair, also when rematches crowd the windows."""
    rand = random.Random(seed)
    ids = [f"p{i}" for i in range(players)]
    points = {p: rand.randrange(groups) for p in ids}
    opponents = {p: set() for p in ids}
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if rand.random() < density:
                opponents[a].add(b)
                opponents[b].add(a)
    ranked = sorted(ids, key=lambda p: -points[p])
    candidates = rand.sample(ranked, rand.randint(0, players))
    best = _full_graph_optimum(ranked, points, opponents, candidates)
    try:
        drawn = pair_swiss(ranked, points, opponents, candidates, random.Random(seed))
    except PairingImpossible:
        assert best is None
        return
    assert _cost(drawn.pairs, drawn.bye, points, candidates) == best
