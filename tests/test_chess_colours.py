"""Issue 21: chess colours in a Swiss, FIDE Handbook C.04.1 f–h and C.04.3 §A.6 and §E (E.1–E.5),
each worked by hand; the matching keeps apart two players who both need one colour; the round
page shows who has White."""
from __future__ import annotations

import random

import pytest

from podium.rules.colours import BLACK, WHITE, ColourStanding
from podium.rules.games.chess_colours import ABSOLUTE, MILD, NONE, STRONG, FideColours, preference
from podium.rules.outcome import Outcome
from podium.rules.pairing.swiss import pair_swiss
from podium.rules.standings.records import Record

W, B = WHITE, BLACK


@pytest.mark.parametrize("history, expected", [
    ((), (NONE, None)),
    ((W,), (STRONG, B)),           # difference +1: the colour played less
    ((W, B), (MILD, W)),           # difference 0: alternate from the last game
    ((W, W), (ABSOLUTE, B)),       # difference +2
    ((B, W, W), (ABSOLUTE, B)),    # the last two White, difference +1
    ((W, B, B), (ABSOLUTE, W)),    # the last two Black
    ((W, W, B, B), (ABSOLUTE, W)),  # difference 0, but the last two Black
    ((B, W, B, B, W), (STRONG, W)),  # difference −1
])
def test_colour_preferences_as_c04_3_a6_defines_them(history, expected):
    assert preference(history) == expected


def standing(history, rank, number):
    return ColourStanding(tuple(history), rank, number)


@pytest.mark.parametrize("p, q, white, rule", [
    ((W,), (B,), "q", "E.1: p wants Black, q White — both granted"),
    ((), (B,), "q", "E.1: p has no preference, q wants White"),
    ((W, B, W), (B, W), "q", "E.2: both want Black; p's is strong, q's mild"),
    ((W, W), (B, W, W), "q", "E.2: both absolute Black, p's difference +2 is wider than q's +1"),
    ((B, W, W, B), (W, B, W, B), "q", "E.3: both mild White; three games back p had White, q Black"),
    ((W, B), (W, B), "p", "E.4: both mild White with the same history: the higher-ranked p"),
    ((), (), "p", "E.5: no history; p, higher, has the odd number 1: the initial colour (White)"),
])
def test_each_pair_gets_its_colours_by_e1_to_e5_in_turn(p, q, white, rule):
    standings = {"p": standing(p, 0, 1), "q": standing(q, 1, 2)}
    assert FideColours().white_first(("q", "p"), standings, initial=WHITE)[0] == white, rule


def test_e5_gives_an_even_numbered_higher_player_the_other_colour():
    """Round 1, boards 1 and 2 by hand: number 1 gets the initial colour, number 2 the other one."""
    standings = {f"n{i}": standing((), i - 1, i) for i in range(1, 5)}
    allocate = FideColours().white_first
    assert allocate(("n3", "n1"), standings, initial=BLACK) == ("n3", "n1")  # 1 odd: Black, the initial
    assert allocate(("n4", "n2"), standings, initial=BLACK) == ("n2", "n4")  # 2 even: White


def test_the_higher_ranked_player_is_the_one_with_more_points_then_the_lower_number():
    standings = {"a": standing((), 1, 1), "b": standing((), 0, 2)}  # b leads on points
    assert FideColours().white_first(("a", "b"), standings, initial=WHITE) == ("a", "b")  # b even: Black


def test_two_players_who_both_need_one_colour_are_to_be_kept_apart():
    standings = {"a": standing((W, W), 0, 1), "b": standing((B, W, W), 1, 2), "c": standing((B, B), 2, 3),
                 "d": standing((W,), 3, 4)}
    assert FideColours().avoided(standings) == {frozenset(("a", "b"))}


def test_the_matching_keeps_apart_a_pair_that_would_break_the_colour_rules_when_it_can():
    """a and b lead on 2 points and both must have Black: the least-cost pairing a–b would break
    C.04.1 f or g, so a and b each meet a player on 1 point instead."""
    points = {"a": 2, "b": 2, "c": 1, "d": 1}
    opponents = {p: set() for p in points}
    assert {frozenset(p) for p in pair_swiss(list(points), points, opponents, [], random.Random(1)).pairs} == \
        {frozenset("ab"), frozenset("cd")}
    drawn = pair_swiss(list(points), points, opponents, [], random.Random(1), avoid={frozenset("ab")})
    assert frozenset("ab") not in {frozenset(p) for p in drawn.pairs}


def test_a_pair_kept_apart_meets_when_no_other_pairing_exists():
    points = {"a": 1, "b": 1}
    drawn = pair_swiss(["a", "b"], points, {"a": set(), "b": set()}, [], random.Random(1), avoid={frozenset("ab")})
    assert drawn.pairs == [("a", "b")]


def test_a_forfeit_and_a_bye_do_not_count_for_colours():
    """C.04.2 §D.5 (2017): byes and games not played are not taken into account for colours."""
    record = Record("p")
    record.add(Outcome("p", "q", "win", 1, 0, 1, colour=W))
    record.add(Outcome("p", "r", "win", 1, 0, 2, colour=B, played=False))
    record.add(Outcome("p", None, "bye", 1, 0, 3))
    assert record.colours_played() == (W,)


def test_colour_rules_need_a_scoring_that_records_colours(tree, cli):
    tree.house_rules("chess-swiss", "scoring: {kind: win-loss}\ntiebreakers: [buchholz]\ncolours: fide\n")
    output = cli("check", expect=1).output
    assert ("rulesets/club.yaml:6: colour allocation 'fide' needs a scoring that records who had White; scoring "
            "'win-loss' does not (e.g. scoring: {kind: points, colours: true})") in output


def test_a_chess_swiss_allocates_colours_by_the_rules_and_the_round_page_shows_them(tree, cli):
    """Eight players, numbers by rating. Round 1 by E.5: the higher of each pair (the lower
    number) gets the initial colour when odd, the other when even; after five rounds nobody has
    one colour three times running or two games more with one colour than the other, but in a
    last-round game with a topscorer (over half the points, C.04.3 A.7), as C.04.1 f–g and C.3
    allow. (Six
    players cannot play five Dutch rounds: the system pairs a round at a time, and by round 4
    the games left would pair two players who both must have one colour, C.04.3 C.3.)"""
    players = [{"id": f"p{i}", "name": f"Player {i}", "rating": 2000 - 10 * i} for i in range(1, 9)]
    tree.event("open", players, ruleset="chess-swiss", structure={"swiss_rounds": 5, "cut": 0})
    histories = {p["id"]: "" for p in players}
    points = {p["id"]: 0 for p in players}
    results = iter([[1, 0], [0.5, 0.5], [0, 1]] * 10)
    for number in range(1, 6):
        cli("pair", "open")
        data = tree.read_round("open", number)
        if number == 1:
            higher_colours = {}
            for pairing in data["pairings"]:
                higher = min(pairing["players"], key=lambda p: int(p[1:]))
                higher_colours[int(higher[1:]) % 2] = "W" if pairing["players"][0] == higher else "B"
            assert len(higher_colours) == 1 or higher_colours[0] != higher_colours[1]
        for pairing in data["pairings"]:
            white, black = pairing["players"]
            histories[white] += "W"
            histories[black] += "B"
            pairing["score"] = next(results)
            for player, score in zip(pairing["players"], pairing["score"]):
                points[player] += score * (number < 5)  # the points before the last round
        tree.save_round("open", number, data)
    topscorers_game = {p for pairing in data["pairings"] if any(points[q] > 4 / 2 for q in pairing["players"])
                       for p in pairing["players"]}
    for player, history in histories.items():
        for played in (history[:4],) if player in topscorers_game else (history[:4], history):
            assert "WWW" not in played and "BBB" not in played and abs(played.count("W") - played.count("B")) <= 2
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site/events/open/rounds/1/index.html").read_text()
    white, black = tree.read_round("open", 1)["pairings"][0]["players"]
    assert page.index('<span class="colour white">White</span> <a') < page.index(f"Player {white[1:]}") \
        < page.index('<span class="colour black">Black</span>') < page.index(f"Player {black[1:]}")


def test_the_round_page_gives_the_bye_the_points_the_standings_count(tree, cli):
    """chess-swiss scores a pairing-allocated bye 1 (its scoring's 'pairing_allocated_bye'); the
    page said "bye (+3)", the bye policy's own points, which the scoring overrides."""
    tree.event("odd", [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 6)], ruleset="chess-swiss")
    cli("pair", "odd")
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site/events/odd/rounds/1/index.html").read_text()
    assert "bye (+1)" in page and "bye (+3)" not in page
