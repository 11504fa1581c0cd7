"""FFG Swiss pairing top-down by score group (issue 15), worked by hand on the seed's rule:
"pair at random within the group with the most points; if that group is odd, one of its
players is paired at random with a player of the next group; then pair the next group, and
continue until everyone is paired" (FFG Organized Play, "Rundy szwajcarskie")."""
from __future__ import annotations

import os

import random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from podium.content.rulesets import BUILTIN_DIR, load_rulesets


@pytest.fixture(scope="module")
def rulesets():
    return load_rulesets([BUILTIN_DIR])


def pair(ruleset, points: dict, met=(), seed=1):
    """The round ``ruleset`` (or a pairing block) draws: its pairs as sets, and the bye."""
    pairing = getattr(ruleset, "pairing", ruleset)
    ranked = sorted(points, key=lambda p: (-points[p], p))
    opponents = {p: set() for p in points}
    for a, b in met:
        opponents[a].add(b)
        opponents[b].add(a)
    drawn = pairing.pair(ranked, points, opponents, list(reversed(ranked)), random.Random(seed))
    return {frozenset(pair) for pair in drawn.pairs}, drawn.bye


def test_top_group_is_not_split_for_a_lower_total_cost(rulesets):
    # After three rounds (win 5, modified win 4): a1, a2 on 10; b1, b2 on 9 and they have met;
    # c1, c2 on 4.
    #   top-down: a1 v a2 (the top group pairs inside: it can, b1 and b2 can still meet c1 and c2);
    #             b1, b2 cannot meet, so both float: b1 v c1 and b2 v c2 (or crossed).
    #             squared point differences: 0 + 25 + 25 = 50.
    #   the least total instead splits the top group: a1 v b1, a2 v b2, c1 v c2 = 1 + 1 + 0 = 2.
    points = {"a1": 10, "a2": 10, "b1": 9, "b2": 9, "c1": 4, "c2": 4}
    for seed in range(20):
        pairs, bye = pair(rulesets["ffg-conquest"], points, met=[("b1", "b2")], seed=seed)
        assert frozenset(("a1", "a2")) in pairs and bye is None
        assert pairs - {frozenset(("a1", "a2"))} in ({frozenset(("b1", "c1")), frozenset(("b2", "c2"))},
                                                       {frozenset(("b1", "c2")), frozenset(("b2", "c1"))})
    # NS HEX §5.6 asks only that players with similar TP meet "as far as possible": it keeps
    # the least total of squared differences, and splits a1 and a2 here (2 < 50).
    pairs, _ = pair(rulesets["neuroshima-hex-pl-2023"], points, met=[("b1", "b2")])
    assert frozenset(("a1", "a2")) not in pairs


def test_seed_example_one_of_three_floats_at_random(rulesets):
    # The seed's example: Jan, Sara, Bartek on 15, Tomek alone on 10 → two of the 15s meet,
    # the third is paired with Tomek. Which one floats is random: over 30 seeds each of the
    # three floats at least once (a fixed choice would fail).
    points = {"jan": 15, "sara": 15, "bartek": 15, "tomek": 10}
    floaters = set()
    for seed in range(30):
        pairs, _ = pair(rulesets["ffg-conquest"], points, seed=seed)
        (with_tomek,) = [pair for pair in pairs if "tomek" in pair]
        floaters |= with_tomek - {"tomek"}
        assert len(pairs) == 2
    assert floaters == {"jan", "sara", "bartek"}


def test_a_group_is_split_only_when_the_field_below_could_not_be_paired(rulesets):
    # a1, a2 on 10; b on 5; c on 0; b and c have met. a1 v a2 would leave b v c, a rematch:
    # the seed is silent; the top group floats both (b takes one, c the other).
    points = {"a1": 10, "a2": 10, "b": 5, "c": 0}
    pairs, _ = pair(rulesets["ffg-conquest"], points, met=[("b", "c")])
    assert frozenset(("a1", "a2")) not in pairs and frozenset(("b", "c")) not in pairs and len(pairs) == 2


def test_bye_first_then_top_down(rulesets):
    # Five players: the bye goes to the lowest-ranked without one (e on 0), then top-down:
    # a, b on 10 meet; c, d on 5 meet.
    points = {"a": 10, "b": 10, "c": 5, "d": 5, "e": 0}
    pairs, bye = pair(rulesets["ffg-conquest"], points)
    assert bye == "e" and pairs == {frozenset(("a", "b")), frozenset(("c", "d"))}


# ---------------------------------------------------------------- the floater (issue 15, C)

# Ten players, win 5, modified win 4, loss 0. Round 1: f01>f06, f04>f03 (modified), f07>f09,
# f05>f02, f10>f08. Round 2: f01>f10, f05>f07, f08>f04, f03>f09, f02>f06.
ROUND_ONE = [("f01", "f06", False), ("f04", "f03", True), ("f07", "f09", False), ("f05", "f02", False),
             ("f10", "f08", False)]
ROUND_TWO = [("f01", "f10", False), ("f05", "f07", False), ("f08", "f04", False), ("f03", "f09", False),
             ("f02", "f06", False)]


def ten_players_after_two_rounds():
    """Points: 10 f05, f01; 5 f10, f02, f07, f08, f03; 4 f04; 0 f06, f09."""
    points = {f"f{i:02d}": 0 for i in range(1, 11)}
    opponents = {p: set() for p in points}
    for winner, loser, modified in ROUND_ONE + ROUND_TWO:
        points[winner] += 4 if modified else 5
        opponents[winner].add(loser)
        opponents[loser].add(winner)
    return points, opponents


def check_round_three(pairs):
    """By hand, top-down: 10 = {f05, f01} meet. 5 = {f10, f02, f07, f08, f03} is odd: one floats
    to 4 = {f04}, who has met f03 (round 1) and f08 (round 2), so the floater is f10, f02 or f07,
    and the other four pair inside (rematch-free: f08 has met only f10 and f04, f03 only f04 and
    f09). 0 = {f06, f09} meet. (The engine before floated f08, sent f04 down two groups and split
    f06 and f09: f05–f01, f10–f03, f02–f07, f08–f06, f04–f09.)"""
    pairs = {frozenset(pair) for pair in pairs}
    fives = {"f10", "f02", "f07", "f08", "f03"}
    (floater,) = [p for pair in pairs if "f04" in pair for p in pair if p != "f04"]
    assert {frozenset(("f05", "f01")), frozenset(("f06", "f09"))} <= pairs
    assert floater in {"f10", "f02", "f07"}
    assert {pair for pair in pairs if pair <= fives - {floater}} == pairs - {
        frozenset(("f05", "f01")), frozenset(("f06", "f09")), frozenset((floater, "f04"))}
    return floater


def test_the_floater_is_one_the_next_group_can_meet(rulesets):
    points, met = ten_players_after_two_rounds()
    ranked = sorted(points, key=lambda p: (-points[p], p))
    floaters = set()
    for seed in range(30):
        drawn = rulesets["ffg-conquest"].pairing.pair(ranked, points, met, [], random.Random(seed))
        assert not any(b in met[a] for a, b in drawn.pairs)
        floaters.add(check_round_three(drawn.pairs))
    assert floaters == {"f10", "f02", "f07"}  # at random among the three


def test_the_floater_is_chosen_well_when_the_field_is_paired_in_steps(rulesets, monkeypatch):
    # A field too big for one matching's weights is paired a few groups at a time; each step
    # still weighs the next group, so the 5-point floater is one f04 can meet.
    from podium.rules.pairing import score_groups

    monkeypatch.setattr(score_groups, "WEIGHT_BUDGET", 1)
    points, met = ten_players_after_two_rounds()
    ranked = sorted(points, key=lambda p: (-points[p], p))
    for seed in range(10):
        check_round_three(rulesets["ffg-conquest"].pairing.pair(ranked, points, met, [], random.Random(seed)).pairs)


def test_the_issue_repro_pairs_round_three_top_down(tree, cli):
    tree.event("e", [{"name": f"F{i:02d}", "id": f"f{i:02d}"} for i in range(1, 11)], ruleset="ffg-conquest",
               seed=29, level="casual", organizer="Olga", head_judge="Olga")
    for number, games in ((1, ROUND_ONE), (2, ROUND_TWO)):
        tree.save_round("e", number, {"round": number, "stage": "swiss", "pairings": [
            {"table": t, "players": [w, lo], "winner": w, **({"modified": True} if m else {})}
            for t, (w, lo, m) in enumerate(games, start=1)]})
    cli("pair", "e")
    check_round_three(tuple(p["players"]) for p in tree.read_round("e", 3)["pairings"])


# ---------------------------------------------------------------- floats only where forced (issue 35)

# Round 4 of a 12-player event (issue 35): 15 {p06}; 10 {p02}; 9 {p05 p07 p10 p11 p12};
# 5 {p03 p09}; 4 {p01}; 0 {p04 p08}; p01 has met p03 and p09.
ROUND_FOUR = {"p06": 15, "p02": 10, "p05": 9, "p07": 9, "p10": 9, "p11": 9, "p12": 9, "p03": 5, "p09": 5, "p01": 4,
              "p04": 0, "p08": 0}


def test_a_player_floats_only_where_the_groups_above_force_it(rulesets):
    # By hand, top-down: p06 is alone on 15 and floats to p02 (boundary 15|10 crossed once).
    # The 9s are five: two pairs inside and one floats (9|5 crossed once). 5 = {p03, p09} can
    # meet: if the floater from the 9s met one of them, the other would float to p01, whom both
    # have met, and on to the 0s, with p01 sent down too — 5|4 crossed once and 4|0 twice. Kept
    # together, p03–p09, the 9s' floater passes the 5s to meet p01 (5|4 once) and p04–p08 meet
    # inside (4|0 never). Crossings from the top: 1, 0, 1, 1, 0 against 1, 0, 1, 1, 2.
    met = [("p01", "p03"), ("p01", "p09")]
    for seed in range(20):
        pairs, bye = pair(rulesets["ffg-conquest"], ROUND_FOUR, met=met, seed=seed)
        assert bye is None and {frozenset(("p06", "p02")), frozenset(("p03", "p09")), frozenset(("p04", "p08"))} <= pairs
        (floater,) = [p for pair in pairs if "p01" in pair for p in pair if p != "p01"]
        assert ROUND_FOUR[floater] == 9
        assert crossings_then_passes(pairs, ROUND_FOUR)[:5] == [1, 0, 1, 1, 0]


def test_an_event_drawn_with_podium_0_3_re_draws_as_it_was(rulesets):
    # 'draws: 3': Podium 0.3 took the 9s' floater into the 5s first (a floater taken in ranked
    # above a group pairing inside), so p03 or p09 went on down: 1, 0, 1, 1, 2.
    as_in_03 = rulesets["ffg-conquest"].pairing.as_drawn_by(3)
    assert rulesets["ffg-conquest"].pairing.as_drawn_by(4) is rulesets["ffg-conquest"].pairing
    pairs, _ = pair(as_in_03, ROUND_FOUR, met=[("p01", "p03"), ("p01", "p09")], seed=1)
    assert frozenset(("p03", "p09")) not in pairs
    assert crossings_then_passes(pairs, ROUND_FOUR)[:5] == [1, 0, 1, 1, 2]


def test_a_floater_meets_the_next_group_rather_than_passing_over_it(rulesets):
    # a on 15, b and c on 10, d on 5: a must float, and one of b, c after him. a–d with b–c
    # crosses each boundary once, as a–b (or a–c) with the other down to d does; the seed pairs
    # the floater "with a player of the next group": a meets b or c.
    points = {"a": 15, "b": 10, "c": 10, "d": 5}
    for seed in range(10):
        pairs, _ = pair(rulesets["ffg-conquest"], points, seed=seed)
        assert frozenset(("a", "d")) not in pairs


def group_numbers(points) -> dict:
    scores = sorted(set(points.values()), reverse=True)
    return {p: scores.index(points[p]) for p in points}


def crossings_then_passes(pairs, points) -> list[int]:
    """The method as a ranking, written apart from the engine: for each boundary between two
    score groups from the top, how many pairs cross it; then for each group from the second,
    how many pairs pass over it (a player above paired with one below). The smallest list, in
    order, is the method's."""
    group = group_numbers(points)
    spans = [sorted((group[a], group[b])) for a, b in pairs]
    last = max(group.values())
    crossings = [sum(1 for high, low in spans if high <= k < low) for k in range(last)]
    passes = [sum(1 for high, low in spans if high < k < low) for k in range(1, last)]
    return crossings + passes


def rematch_free_pairings(players, met):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if other not in met[first]:
            for tail in rematch_free_pairings(rest[:i] + rest[i + 1:], met):
                yield [(first, other), *tail]


def check_top_down(pairs, bye, points, met):
    """The draw is rematch-free and, of all rematch-free pairings with its bye (found by brute
    force), the best by ``crossings_then_passes``."""
    assert not any(b in met[a] for a, b in pairs)
    field = sorted(p for p in points if p != bye)
    best = min(crossings_then_passes(m, points) for m in rematch_free_pairings(field, met))
    assert crossings_then_passes(pairs, points) == best


def play_ffg(players: int, rounds: int, seed: int, check):
    """An FFG Swiss of random results (a win 5, a modified win 4, a bye 5), each round drawn by
    the score-groups pairing with the look-ahead; ``check(pairs, bye, points, met)`` each round.
    Returns how many rounds were drawn."""
    from podium.rules.pairing.score_groups import pair_top_down
    from podium.rules.pairing.swiss import LaterRoundImpossible

    rand = random.Random(seed)
    ids = [f"p{i:02d}" for i in range(players)]
    points, met, had_bye = {p: 0 for p in ids}, {p: set() for p in ids}, set()
    for number in range(1, rounds + 1):
        ranked = sorted(ids, key=lambda p: (-points[p], rand.random()))
        candidates = [p for p in reversed(ranked) if p not in had_bye]
        try:
            drawn = pair_top_down(ranked, points, met, candidates, random.Random(seed + number), rounds - number)
        except LaterRoundImpossible:
            return number - 1  # said before the round (its own tests)
        check(drawn.pairs, drawn.bye, dict(points), met)
        for a, b in drawn.pairs:
            met[a].add(b)
            met[b].add(a)
            points[rand.choice((a, b))] += rand.choice((5, 5, 4))
        if drawn.bye:
            had_bye.add(drawn.bye)
            points[drawn.bye] += 5
    return rounds


# The default run draws 520 random rounds of 4–12 players against the brute force (about 6 s
# on 2 cores); PODIUM_FFG_ROUNDS=5000 draws a long run.
FFG_ROUNDS = int(os.environ.get("PODIUM_FFG_ROUNDS", "520"))


def test_random_ffg_rounds_float_only_where_forced_as_the_brute_force_finds():
    drawn, seed = 0, 0
    while drawn < FFG_ROUNDS:
        rand = random.Random(seed)
        drawn += play_ffg(rand.randint(4, 12), rand.randint(2, 5), seed, check_top_down)
        seed += 1


@settings(max_examples=25, deadline=None)
@given(players=st.integers(14, 80), rounds=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_the_windowed_edges_draw_as_well_as_the_full_graph(players, rounds, seed):
    # pairing/score_groups.py matches on _pair_edges' window in the points order; on the full
    # graph of rematch-free pairs the best rank is the same (fields too big for brute force).
    from podium.rules.pairing import score_groups
    from podium.rules.pairing.top_down_ranks import FORCED_FLOATS

    def same_as_full_graph(pairs, bye, points, met):
        field = [p for p in sorted(points, key=lambda p: -points[p]) if p != bye]
        scaled = {p: points[p] * 10 for p in points}
        windowed = score_groups._pair_edges
        with mock.patch.object(score_groups, "_pair_edges", lambda n, s, o, _, w: windowed(n, s, o, False, w)):
            full = score_groups._pair_by_groups(field, score_groups.score_groups(scaled), scaled, met, FORCED_FLOATS)
        assert crossings_then_passes(pairs, points) == crossings_then_passes(full, points)
    play_ffg(players, rounds, seed, same_as_full_graph)


# ---------------------------------------------------------------- later rounds (issue 15, D)

SIX = {"a": ("d", "b"), "b": ("e", "a"), "c": ("f", "d"), "d": ("a", "c"), "e": ("b", "f"), "f": ("c", "e")}


def test_small_fields_draw_a_top_down_pairing_that_keeps_the_last_round_pairable(rulesets):
    # Six players. Round 1: a>d, b>e, c>f; round 2: a>b, d>c, f>e. Points: a 10; b, c, d, f 5;
    # e 0. By hand, top-down: a floats into the 5s and can meet c or f (not b, d: met); then
    # one 5 floats to e, who has met b and f:
    #   a–c, then b, d, f: b–f inside and d down to e          → a–c, b–f, d–e
    #   a–f, then b, c, d: c, d have met; b–c, d–e or b–d, c–e → a–f, b–c, d–e / a–f, b–d, c–e
    # Each keeps one floater and one pair inside: all three are the method's. After a–f, b–c,
    # d–e the pairs never played are a–c, a–e, c–e and b–d, b–f, d–f: two triangles, no round 4.
    # After the other two they form a 6-cycle (a-e-c-b-d-f-a, a-c-b-f-d-e-a): round 4 pairs.
    points = {"a": 10, "b": 5, "c": 5, "d": 5, "e": 0, "f": 5}
    met = {p: set(o) for p, o in SIX.items()}
    ranked = sorted(points, key=lambda p: (-points[p], p))
    method = {frozenset({frozenset("ac"), frozenset("bf"), frozenset("de")}),
              frozenset({frozenset("af"), frozenset("bc"), frozenset("de")}),
              frozenset({frozenset("af"), frozenset("bd"), frozenset("ce")})}
    dead_end = frozenset({frozenset("af"), frozenset("bc"), frozenset("de")})

    def draw(seed: int, rounds_after: int):
        drawn = rulesets["ffg-conquest"].pairing.pair(ranked, points, met, [], random.Random(seed), rounds_after)
        return frozenset(frozenset(pair) for pair in drawn.pairs)
    without_look_ahead = {draw(seed, 0) for seed in range(20)}
    assert without_look_ahead <= method and dead_end in without_look_ahead
    assert {draw(seed, 1) for seed in range(20)} <= method - {dead_end}


def ffg_event(tree, players, seed=7, **fields):
    registrations = [{"name": p.upper(), "id": p} for p in players]
    return tree.event("e", registrations, ruleset="ffg-conquest", seed=seed, level="casual", organizer="Olga",
                      head_judge="Olga", **fields)


def line_of(tree, text: str) -> int:
    lines = (tree.content / "events/e/event.yaml").read_text().splitlines()
    return next(n for n, line in enumerate(lines, start=1) if text in line)


def save_results(tree, number: int, games) -> None:
    tree.save_round("e", number, {"round": number, "stage": "swiss", "pairings": [
        {"table": t, "players": [w, lo], "winner": w} for t, (w, lo) in enumerate(games, start=1)]})


def test_the_method_leaving_a_later_round_impossible_is_said_before_the_round(tree, cli):
    # Six players, four Swiss rounds. Round 1: a>d, b>e, c>f; round 2: a>f, b>c, d>e. Points:
    # a, b 10; c, d 5; e, f 0, and each group can meet inside: top-down forces a–b, c–d, e–f.
    # The pairs then never played are a–c, a–e, c–e and b–d, b–f, d–f: two triangles, no
    # rematch-free round 4. Another round 3 would keep it (six players can play five rounds),
    # but not top-down: the seed does not say which gives way, so pair asks before round 3.
    ffg_event(tree, "abcdef", structure={"swiss_rounds": 4, "cut": 0})
    save_results(tree, 1, [("a", "d"), ("b", "e"), ("c", "f")])
    save_results(tree, 2, [("a", "f"), ("b", "c"), ("d", "e")])
    result = cli("pair", "e", expect=1)
    assert result.output.strip().splitlines()[0] == (
        f"content/events/e/event.yaml:{line_of(tree, 'swiss_rounds')}: round 3 not drawn: paired top-down by score "
        "group, round 3 leaves 6 players unable to play Swiss round 4 without a rematch or a second bye (only a "
        "pairing outside that method keeps them pairable); set the Swiss rounds to 3 with structure: {swiss_rounds: "
        "3, cut: N}, or write round 3 by hand (podium verify then lists it as changed by hand)")
    assert not tree.round_path("e", 3).exists()
    ffg_event(tree, "abcdef", structure={"swiss_rounds": 3, "cut": 0})  # the organizer's choice: three rounds
    cli("pair", "e")
    assert {frozenset(p["players"]) for p in tree.read_round("e", 3)["pairings"]} == {
        frozenset("ab"), frozenset("cd"), frozenset("ef")}


@pytest.mark.parametrize("players", ["abc", "abcd"])
def test_a_field_too_small_for_its_rounds_is_told_before_round_one(tree, cli, players):
    # Four players have three rematch-free rounds (a–b c–d, a–c b–d, a–d b–c); three players
    # too (each round one sits out: a bye each, every pair once). Four rounds: refused before
    # round 1, as for NS HEX (the look-ahead is the same), not stuck in round 4.
    ffg_event(tree, players, structure={"swiss_rounds": 4, "cut": 0})
    assert cli("pair", "e", expect=1).output.strip().splitlines()[0] == (
        f"content/events/e/event.yaml:{line_of(tree, 'swiss_rounds')}: round 1 not drawn: {len(players)} players "
        "cannot play Swiss rounds 1–4 without a rematch or a second bye, however round 1 is paired (at most 3 Swiss "
        "rounds in all); set the Swiss rounds to 3 with structure: {swiss_rounds: 3, cut: N}, or register more players")


def test_the_look_ahead_counts_late_entries(tree, cli):
    # Four players have three rematch-free rounds (above); with e joining in round 2 (docs/
    # late-entries.md) they have four, e.g. R1 a–b, c–d; R2 bye a: b–d, c–e; R3 bye b: a–c,
    # d–e; R4 bye c: a–d, b–e. Before, round 1 was refused: "4 players cannot play Swiss rounds
    # 1–4" (issue 15). Drawn now, each round top-down, the lower id winning, seeds 1–8, to the
    # end; round 1 records the late entry it counted on, for `podium verify`.
    for seed in range(1, 9):
        registrations = [{"name": p.upper(), "id": p} for p in "abcd"] + [{"name": "E", "id": "e", "joins": 2}]
        tree.event("e", registrations, ruleset="ffg-conquest", seed=seed, level="casual", organizer="Olga",
                   head_judge="Olga", structure={"swiss_rounds": 4, "cut": 0})
        for path in (tree.content / "events/e/rounds").glob("*.yaml"):
            path.unlink()
        for number in range(1, 5):
            cli("pair", "e")
            data = tree.read_round("e", number)
            assert data.get("late_entries") == ({"e": 2} if number == 1 else None)
            for pairing in data["pairings"]:
                pairing["winner"] = min(pairing["players"])
            tree.save_round("e", number, data)
        assert cli("verify", "e").output.startswith("ok: 4 rounds re-drawn, all identical")
    # Three players and d joining in round 2: round 1 is a pair and the bye; rounds 2–4 are the
    # four of K4 with that pair played, which has two rematch-free rounds left: three in all.
    tree.event("e", [{"name": p.upper(), "id": p} for p in "abc"] + [{"name": "D", "id": "d", "joins": 2}],
               ruleset="ffg-conquest", seed=7, level="casual", organizer="Olga", head_judge="Olga",
               structure={"swiss_rounds": 4, "cut": 0})
    for path in (tree.content / "events/e/rounds").glob("*.yaml"):
        path.unlink()
    assert cli("pair", "e", expect=1).output.strip().splitlines()[0] == (
        f"content/events/e/event.yaml:{line_of(tree, 'swiss_rounds')}: round 1 not drawn: 3 players and 1 late entry "
        "(d in round 2) cannot play Swiss rounds 1–4 without a rematch or a second bye, however round 1 is paired "
        "(at most 3 Swiss rounds in all); set the Swiss rounds to 3 with structure: {swiss_rounds: 3, cut: N}, or "
        "register more players")


@pytest.mark.parametrize("players", ["abcde", "abcdef"])
def test_five_or_six_players_finish_four_rounds_or_are_told_before_the_round(tree, cli, players):
    # Before, four rounds of five or six players could get stuck in round 4 ("cannot be paired
    # without a rematch"). Now each round is drawn so that the later ones stay pairable, or pair
    # says before the round that the method cannot (the test above): the lower id wins, seeds 1–12.
    for seed in range(1, 13):
        ffg_event(tree, players, seed=seed, structure={"swiss_rounds": 4, "cut": 0})
        for path in (tree.content / "events/e/rounds").glob("*.yaml"):
            path.unlink()
        for number in range(1, 5):
            result = cli("pair", "e", expect=None)
            if result.exit_code:
                assert "leaves" in result.output and "unable to play Swiss round" in result.output, result.output
                break
            data = tree.read_round("e", number)
            for pairing in data["pairings"]:
                pairing["winner"] = min(pairing["players"])
            tree.save_round("e", number, data)
        else:
            assert cli("pair", "e", expect=1).output.startswith("content/events/e/event.yaml:1: the event is complete")


def test_the_advanced_structure_needs_nine_players(tree, cli):
    # The seed's advanced table (Regional Championship) starts at 9 players; every tournament
    # must use one of the three structures, and basic takes 4–8 (3 Swiss rounds, no cut).
    # Registering is not refused (a field may still grow): check notes it, pair refuses.
    ffg_event(tree, "abcdef", structure="advanced")
    where = f"content/events/e/event.yaml:{line_of(tree, 'structure')}"
    why = ("the advanced structure starts at 9 players and this event has 6; use 'structure: basic' (3 Swiss rounds, "
           "no cut), or register more players")
    assert cli("check").output.splitlines()[0] == f"note: {where}: {why}"
    assert cli("pair", "e", expect=1).output.splitlines()[0] == f"{where}: round 1 not drawn: {why}"
    ffg_event(tree, "abcdefghi", structure="advanced")  # nine: 4 rounds, top 4
    assert cli("check").output.startswith("ok")
    cli("pair", "e")


def test_the_basic_structure_needs_four_players(tree, cli):
    # Below the basic table's first row (4–8) the seed has no structure: a custom one, or more players.
    ffg_event(tree, "abc")
    assert cli("pair", "e", expect=1).output.splitlines()[0] == (
        "content/events/e/event.yaml:1: round 1 not drawn: the basic structure starts at 4 players and this event "
        "has 3; register more players, or set 'structure: {swiss_rounds: 3, cut: 0}'")
    ffg_event(tree, "abc", structure={"swiss_rounds": 3, "cut": 0})
    cli("pair", "e")


# ---------------------------------------------------------------- one matching an even field (issue 36)

def test_an_even_field_is_drawn_with_one_matching_and_an_impossible_one_names_who_is_left(rulesets):
    """An odd field first finds its bye with a matching; an even field has none to find, so its
    pairing is its only matching (a re-draw of a ten-times archive spent a third of each draw
    on the other). Where no rematch-free pairing exists, the draw still names who is left over."""
    from podium.rules.pairing import score_groups, swiss
    from podium.rules.pairing.swiss import PairingImpossible

    matchings = []
    match = swiss._matching

    def counted(nodes, edges):
        matchings.append(len(nodes))
        return match(nodes, edges)
    points = {p: 10 - i for i, p in enumerate("abcdef")}
    with mock.patch.object(score_groups, "_matching", counted), mock.patch.object(swiss, "_matching", counted):
        pairs, bye = pair(rulesets["ffg-conquest"], points, met=[("a", "b")])
    assert bye is None and matchings == [6]
    assert pairs == {frozenset("ac"), frozenset("bd"), frozenset("ef")}
    # a and b have each met c and d, and c has met d: a, b, c and d cannot all be paired
    with pytest.raises(PairingImpossible, match="^a, b$"):
        pair(rulesets["ffg-conquest"], points, met=[("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"), ("c", "d"),
                                                    ("a", "b")])
