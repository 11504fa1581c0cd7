"""Who is first in a round-robin pairing (issue 35). Tantrix §5: the player "pierwszy na liście"
picks his colour first and has the first half of the mini-match; the circle schedule gave it
unevenly (9 players: p3 first in 8 games, p2 in none). From version 4 of the draws each player
is first in half his games, the pairs of every round unchanged; an event drawn by version 3 or
earlier re-draws as it was."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from podium.rules.draw import CURRENT, DUTCH, ROUND_3_RULES
from podium.rules.schedules import CIRCLE, FIDE_BERGER, ROUND_ROBIN_SCHEDULES, round_robin


def players(count: int) -> list[str]:
    return [f"p{i}" for i in range(1, count + 1)]


def firsts_and_seconds(rounds) -> tuple[Counter, Counter]:
    return Counter(a for pairs in rounds for a, _ in pairs), Counter(b for pairs in rounds for _, b in pairs)


def as_sets(rounds) -> list[set]:
    return [{frozenset(pair) for pair in pairs} for pairs in rounds]


@pytest.mark.parametrize("count", range(3, 17))
def test_each_player_is_first_in_half_his_games(count):
    """n − 1 games each: first ⌈(n−1)/2⌉ or ⌊(n−1)/2⌋ times — his firsts and seconds differ by one
    at most (by none with an odd count, whose players play an even number of games)."""
    rounds = round_robin(CIRCLE, players(count), ROUND_3_RULES)
    firsts, seconds = firsts_and_seconds(rounds)
    for player in players(count):
        assert firsts[player] + seconds[player] == count - 1
        assert abs(firsts[player] - seconds[player]) <= 1, (player, firsts[player], seconds[player])


@pytest.mark.parametrize("count", range(3, 17))
def test_the_pairs_of_each_round_stay_those_of_version_3(count):
    """Only the order within a pair changes: the same pairs, round by round, table by table."""
    evened = round_robin(CIRCLE, players(count), ROUND_3_RULES)
    before = round_robin(CIRCLE, players(count), DUTCH)
    assert [[frozenset(pair) for pair in pairs] for pairs in evened] == [[frozenset(pair) for pair in pairs]
                                                                         for pairs in before]
    assert len({pair for pairs in as_sets(evened) for pair in pairs}) == count * (count - 1) // 2


@pytest.mark.parametrize("count", range(3, 17))
def test_nobody_is_first_three_times_running(count):
    """Going round the circle a player is first and second by turns; the game against the player
    who keeps his seat may give two alike in a row, never three."""
    rounds = round_robin(CIRCLE, players(count), CURRENT)
    for player in players(count):
        sequence = "".join("F" if pair[0] == player else "S" for pairs in rounds for pair in pairs if player in pair)
        assert "FFF" not in sequence and "SSS" not in sequence, (player, sequence)


def test_version_3_keeps_the_order_it_drew():
    """Draws 1–3 give the circle's old order exactly: 9 players, p3 first in 8 games and p2 in
    none; 5 players as Podium 0.2 wrote them."""
    nine = round_robin(CIRCLE, players(9), DUTCH)
    firsts, _ = firsts_and_seconds(nine)
    assert firsts["p3"] == 8 and firsts["p2"] == 0
    assert round_robin(CIRCLE, players(5), DUTCH) == [
        [("p5", "p2"), ("p3", "p4")], [("p5", "p1"), ("p3", "p2")], [("p1", "p4"), ("p3", "p5")],
        [("p3", "p1"), ("p4", "p2")], [("p1", "p2"), ("p4", "p5")]]
    assert round_robin(CIRCLE, players(9), 1) == nine
    evened, _ = firsts_and_seconds(round_robin(CIRCLE, players(9), ROUND_3_RULES))
    assert set(evened.values()) == {4}


@pytest.mark.parametrize("draws", [1, DUTCH, ROUND_3_RULES])
def test_fides_berger_tables_are_the_same_in_every_version(draws):
    """FIDE fixes its tables (C.05 Annex 1): 4 players 1-4 2-3 / 4-3 1-2 / 2-4 3-1."""
    assert round_robin(FIDE_BERGER, players(4), draws) == [
        [("p1", "p4"), ("p2", "p3")], [("p4", "p3"), ("p1", "p2")], [("p2", "p4"), ("p3", "p1")]]
    assert round_robin(FIDE_BERGER, players(7), draws) == ROUND_ROBIN_SCHEDULES[FIDE_BERGER](players(7))


# ------------------------------------------------------------------ a Tantrix event, end to end

NINE = [{"name": f"Gracz {i}", "id": f"t{i}", "rating": 2000 - 10 * i} for i in range(1, 10)]  # the order t1 … t9


def play_round_robin(tree, cli, **fields) -> Counter:
    """Nine rated players in one group of two-game mini-matches, every round paired and played
    (the lower id wins both games 30–20); how often each was first on the list."""
    tree.event("rr", NINE, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}], **fields)
    firsts = Counter()
    for number in range(1, 10):
        cli("pair", "rr")
        data = tree.read_round("rr", number)
        for pairing in data["pairings"]:
            a, b = pairing["players"]
            firsts[a] += 1
            score = [30, 20] if a < b else [20, 30]
            pairing["games"] = [{"score": score, "time": ["12:00", "12:00"], "tiles": [20, 20]}] * 2
        tree.save_round("rr", number, data)
    assert "complete" in cli("pair", "rr", expect=1).output
    return firsts


def test_a_tantrix_round_robin_of_nine_gives_everyone_four_firsts(tree, cli):
    """Eight mini-matches each: first on the list in four (before: t3 in 8, t2 in none)."""
    firsts = play_round_robin(tree, cli)
    assert firsts == Counter({f"t{i}": 4 for i in range(1, 10)})
    assert cli("check").output.startswith("ok")
    assert "all identical" in cli("verify").output
    report = json.loads(cli("standings", "rr", "--json").output)
    assert report["complete"] and sum(r["points"] for r in report["standings"]) == 36 * 40  # 20 TP a game


def test_an_event_drawn_by_version_3_is_paired_and_verified_as_it_was(tree, cli):
    """'draws: 3': pair writes the old order (t3 first 8 times, t2 never) and verify finds it."""
    firsts = play_round_robin(tree, cli, draws=3)
    assert firsts["t3"] == 8 and firsts["t2"] == 0
    assert cli("check").output.startswith("ok")
    assert "all identical" in cli("verify").output


def test_verify_says_a_mini_match_whose_order_was_swapped_by_hand(tree, cli):
    """Who is first on the list picks colours first (Tantrix §5): a round file whose pairing was
    turned round after `podium pair` wrote it is changed by hand, and an event drawn by version 3
    without saying so is found out (before, verify compared each table's players as a set)."""
    play_round_robin(tree, cli)
    data = tree.read_round("rr", 2)
    data["pairings"][0]["players"].reverse()
    first, second = data["pairings"][0]["players"]
    for game in data["pairings"][0]["games"]:
        game["score"].reverse()
    tree.save_round("rr", 2, data)
    output = cli("verify", "rr", expect=1).output
    assert f"the pairings of round 2 differ from the draw (published {first} v {second}; re-drawn today {second} v " \
           f"{first})" in output
