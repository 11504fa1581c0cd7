"""The worked examples of RULESETS.md §1 and hand-made cases, on the engine's own blocks."""
from __future__ import annotations

import pytest

from podium.core.errors import Problems, Src
from podium.core.model import Pairing, Player
from podium.rules.classification import BracketThenSwiss
from podium.rules.pairing.knockout import Match, StandardBracket, standard_order
from podium.content.rulesets import BUILTIN_DIR, load_rulesets

SRC = Src("round.yaml", 3)


@pytest.fixture(scope="module")
def nshex():
    return load_rulesets([BUILTIN_DIR])["neuroshima-hex-pl-2023"]


def game(score, armies=None, players=("a", "b"), **extra):
    return Pairing(players=players, src=SRC, score=score, armies=armies, **extra)


def test_12_v_5_is_plus_minus_7(nshex):
    outcomes = nshex.scoring.outcomes(game((12, 5)), 1)
    assert [(o.player, o.result, o.points, o.margin) for o in outcomes] == [("a", "win", 3, 7), ("b", "loss", 0, -7)]


def test_draw_gives_one_point_each(nshex):
    outcomes = nshex.scoring.outcomes(game((8, 8)), 1)
    assert [(o.result, o.points, o.margin) for o in outcomes] == [("draw", 1, 0), ("draw", 1, 0)]


def test_dancer_difference_capped_at_20(nshex):
    outcomes = nshex.scoring.outcomes(game((27, 0), armies=("Dancer", "Moloch")), 1)
    assert [o.margin for o in outcomes] == [20, -20]
    # the cap applies whoever fields Dancer, and not without it
    assert nshex.scoring.outcomes(game((0, 23), armies=("Borgo", "Dancer")), 1)[1].margin == 20
    assert nshex.scoring.outcomes(game((20, 0), armies=("Borgo", "Vegas")), 1)[0].margin == 20


def test_more_than_20_hq_is_only_legal_for_dancer(nshex):
    problems = Problems()
    nshex.scoring.check(game((21, 3), armies=("Moloch", "Borgo")), problems)
    nshex.scoring.check(game((27, 3), armies=("Dancer", "Borgo")), problems)
    assert [p.message for p in problems.items] == ["a cannot have 21 HQ durability left; the most is 20"]


def test_winner_must_agree_with_score(nshex):
    problems = Problems()
    nshex.scoring.check(game((5, 12), winner="a", key_srcs={"winner": Src("r.yaml", 9)}), problems)
    assert str(problems.items[0]).startswith("r.yaml:9: 'winner: a' disagrees with the score [5, 12]")


def test_bye_is_3_tp_and_plus_7_to_lowest_without_bye(nshex):
    outcome = nshex.bye.outcome("z", 2, "Vegas")
    assert (outcome.points, outcome.margin, outcome.army) == (3, 7, "Vegas")
    ranked = ["a", "b", "c", "d", "e"]  # best first: e has fewest TP / lowest difference
    assert nshex.bye.candidates(ranked, had_bye={"e"}) == ["d", "c", "b", "a"]


def test_knockout_draw_goes_to_higher_swiss_seed(nshex):
    assert nshex.scoring.match_winner(game((9, 9)), higher_seed="b") == "b"
    assert nshex.scoring.match_winner(game((3, 9)), higher_seed="a") == "b"


@pytest.mark.parametrize("players, rounds, cut", [
    (7, 4, 0), (8, 4, 0), (11, 4, 0), (12, 4, 4), (15, 4, 4), (20, 4, 4), (21, 4, 8), (23, 4, 8), (40, 4, 8),
    (41, 4, 16), (200, 4, 16)])
def test_structure_by_player_count(nshex, players, rounds, cut):
    plan = nshex.structure.plan(players, "auto", SRC, Problems())
    assert (plan.swiss.rounds, plan.cut) == (rounds, cut)


def test_qualifier_needs_8_players(nshex):
    assert nshex.qualifier_min == 8


def test_23_players_top8_quarterfinals():
    seeded = [f"s{i}" for i in range(1, 9)]
    matches = StandardBracket().first_round(seeded)
    assert [m.seeds for m in matches] == [[1, 8], [4, 5], [2, 7], [3, 6]]
    assert {m.label for m in matches} == {"quarterfinal"}


def test_15_players_top4_semifinals():
    matches = StandardBracket().first_round(["s1", "s2", "s3", "s4"])
    assert [m.seeds for m in matches] == [[1, 4], [2, 3]]
    assert {m.label for m in matches} == {"semifinal"}


def test_top16_standard_seeding():
    assert standard_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


def test_semifinal_winners_of_1_8_and_4_5_meet():
    bracket = StandardBracket()
    quarter = bracket.first_round([f"s{i}" for i in range(1, 9)])
    for m in quarter:
        m.winner = m.players[1]  # the lower seed wins every quarterfinal
    semis = bracket.next_round(quarter, {f"s{i}": i for i in range(1, 9)}, third_place=True)
    assert [m.players for m in semis] == [["s8", "s5"], ["s7", "s6"]]
    assert all(m.label == "semifinal" for m in semis)


def test_third_place_match_comes_with_the_final():
    bracket = StandardBracket()
    semis = bracket.first_round(["s1", "s2", "s3", "s4"])
    semis[0].winner, semis[1].winner = "s1", "s3"
    last = bracket.next_round(semis, {"s1": 1, "s2": 2, "s3": 3, "s4": 4}, third_place=True)
    assert [(m.label, m.players) for m in last] == [("final", ["s1", "s3"]), ("third-place", ["s4", "s2"])]


def _decided(label, a, b, winner, round_index=0):
    match = Match(round_index, 0, label, [a, b], [None, None])
    match.winner = winner
    return match


def test_final_classification_section_9_top4_without_third_place_match():
    swiss = ["a", "b", "c", "d", "e", "f"]
    semis = [_decided("semifinal", "a", "d", "d"), _decided("semifinal", "b", "c", "c")]
    final = [_decided("final", "d", "c", "c", 1)]
    assert BracketThenSwiss().order(swiss, [semis, final]) == ["c", "d", "a", "b", "e", "f"]


def test_registration_needs_five_different_legal_armies(nshex):
    problems = Problems()
    src = Src("registrations.yaml", 4)
    nshex.armies.check_registration(Player("x", "X", src, armies=("Moloch", "Moloch", "Borgo", "Tau", "Vegas")), problems)
    messages = [p.message for p in problems.items]
    assert any("'Tau' is not a legal army" in m for m in messages)
    assert any("registers Moloch twice" in m for m in messages)
    beginner = Player("y", "Y", src, beginner=True)
    problems = Problems()
    nshex.armies.check_registration(beginner, problems)
    assert not problems and nshex.armies.armies_of(beginner) == ("Moloch", "Borgo", "Hegemonia", "Posterunek")


def test_finals_army_count_by_cut(nshex):
    player = Player("x", "X", SRC, armies=("Moloch", "Borgo", "Vegas", "Smart", "Piraci"))
    assert [nshex.armies.finals_count(cut, player) for cut in (4, 8, 16)] == [3, 4, 5]
