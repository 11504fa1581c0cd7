"""Issue 21: the Pokémon tiebreakers (Play! Pokémon Tournament Rules Handbook §5.3.3,
§5.5.1.1, §5.6.1), worked by hand."""
from __future__ import annotations

import json

import pytest
from play import only_problem

from podium.core.errors import Problems, Src
from podium.content.rulesets import BUILTIN_DIR, load_rulesets

from podium.rules.kinds import SWISS
from podium.rules.outcome import Outcome
from podium.rules.registry import TIEBREAKERS
from podium.rules.points import PointsScoring
from podium.rules.standings.metrics import Context
from podium.rules.standings.records import Record

POKEMON = PointsScoring(win=3, draw=1, loss=0)
POINTS = {"win": 3, "draw": 1, "loss": 0}
OTHER = {"win": "loss", "draw": "draw", "loss": "win"}


def records_of(games, byes=()) -> dict[str, Record]:
    """(round, player, opponent, the player's result) games, and (round, player) byes."""
    records: dict[str, Record] = {}
    for number, player, opponent, result in games:
        for me, other, mine in ((player, opponent, result), (opponent, player, OTHER[result])):
            records.setdefault(me, Record(me)).add(Outcome(me, other, mine, POINTS[mine], 0, number))
    for number, player in byes:
        records.setdefault(player, Record(player)).add(Outcome(player, None, "bye", 3, 0, number, played=False))
    return records


def values(records, key: str) -> dict[str, float]:
    ctx = Context(records, seed=0, kind=SWISS, scoring=POKEMON)
    return {p: TIEBREAKERS[key]().value(p, ctx) for p in sorted(records)}


def test_resistance_floors_each_opponent_at_a_quarter_and_counts_a_tie_as_half_a_win():
    """Win percentages: A 3/3 = 1; B ½ of 3 = 0.167 → 0.25; C 2/3; D ½ of 3 → 0.25."""
    records = records_of([(1, "A", "B", "win"), (1, "C", "D", "win"), (2, "A", "C", "win"), (2, "B", "D", "draw"),
                          (3, "A", "D", "win"), (3, "C", "B", "win")])
    assert values(records, "resistance") == {
        "A": round((0.25 + 2 / 3 + 0.25) / 3, 6),  # 0.388889
        "B": round((1 + 0.25 + 2 / 3) / 3, 6),  # 0.638889
        "C": round((0.25 + 1 + 0.25) / 3, 6),  # 0.5
        "D": round((2 / 3 + 0.25 + 1) / 3, 6)}
    # opponents' resistance: the mean of the opponents' resistances
    assert values(records, "opp_resistance")["A"] == round((23 / 36 + 0.5 + 23 / 36) / 3, 6)  # 0.592593


def test_a_dropped_opponent_counts_at_most_three_quarters_and_a_bye_is_no_round_played():
    """E wins rounds 1 and 2 and drops: 2/2 is capped at 75 %. G's bye in round 1 is no round
    played (§5.6.1): his two losses give 0/2 → 25 %, not 1/3 with the bye as a win."""
    records = records_of([(1, "E", "F", "win"), (2, "E", "G", "win"), (3, "F", "G", "win")], byes=[(1, "G")])
    assert values(records, "resistance")["F"] == 0.5  # (0.75 + 0.25) / 2
    assert values(records, "resistance")["G"] == round((0.75 + 0.5) / 2, 6)  # F: 1 of 2 played


# Play! Pokémon Tournament Rules Handbook (1 January 2026) §5.5.4.1: (players, Swiss rounds, cut)
LEAGUE_CHALLENGE = [(4, 3, 0), (8, 3, 0), (9, 4, 0), (16, 4, 0), (17, 5, 0), (32, 5, 0), (33, 6, 0), (64, 6, 0),
                    (65, 7, 0), (128, 7, 0), (129, 8, 0), (256, 8, 0), (257, 9, 0), (512, 9, 0), (513, 10, 0)]
LEAGUE_CUP = [(4, 3, 0), (8, 3, 0), (9, 4, 4), (12, 4, 4), (13, 5, 4), (20, 5, 4), (21, 5, 8), (32, 5, 8), (33, 6, 8),
              (64, 6, 8), (65, 7, 8), (128, 7, 8), (129, 8, 8), (226, 8, 8), (227, 9, 8), (409, 9, 8), (410, 10, 8)]


@pytest.mark.parametrize("table, players, rounds, cut", [("auto", *row) for row in LEAGUE_CHALLENGE] +
                         [("league-challenge", *row) for row in LEAGUE_CHALLENGE] +
                         [("league-cup", *row) for row in LEAGUE_CUP])
def test_the_rounds_and_cut_are_the_handbooks_at_each_boundary(table, players, rounds, cut):
    """Variant #2 (TCG Swiss Rounds Only, a League Challenge: the ruleset's own) and Variant #3
    (TCG Single Day, a League Cup: 2 single-elimination rounds are a top 4, 3 a top 8)."""
    pokemon = load_rulesets([BUILTIN_DIR])["pokemon-swiss"]
    plan = pokemon.structure.plan(players, table, Src("event.yaml", 1), Problems())
    assert (plan.swiss_rounds, plan.cut) == (rounds, cut)


def test_a_league_cup_of_nine_plays_four_swiss_rounds_then_a_top_four(tree, cli):
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 10)]
    tree.event("cup", players, ruleset="pokemon-swiss", structure="league-cup")
    for number in range(1, 6):
        cli("pair", "cup")
        written = tree.round_path("cup", number).read_text(encoding="utf-8")
        data = tree.read_round("cup", number)
        for pairing in data["pairings"]:
            if len(pairing["players"]) == 2:
                pairing["score"] = [1, 0]
        tree.save_round("cup", number, data)
    assert [tree.read_round("cup", n)["stage"] for n in range(1, 6)] == ["swiss"] * 4 + ["knockout"]
    semifinals = [p["players"] for p in tree.read_round("cup", 5)["pairings"]]
    assert "score: []  # the first player won: [1, 0]; lost: [0, 1] (a match has a winner)" in written
    assert "[0.5, 0.5]" not in written  # it offered the draw that a knockout refuses
    assert len(semifinals) == 2 and all(len(pair) == 2 for pair in semifinals)
    cli("pair", "cup")  # the final; no match for third place
    final = tree.read_round("cup", 6)
    assert [p.get("match") for p in final["pairings"]] == ["final"]
    final["pairings"][0]["score"] = [0.5, 0.5]
    tree.save_round("cup", 6, final)
    assert only_problem(cli) == (
        "content/events/cup/rounds/6.yaml:10: a knockout match goes on until it has a winner (the game's rules say how "
        "a drawn match is decided); write the decided result, not [0.5, 0.5]")
    final["pairings"][0]["score"] = [0, 1]
    tree.save_round("cup", 6, final)
    rows = json.loads(cli("standings", "cup", "--json").output)["standings"]
    assert rows[0]["player"] == final["pairings"][0]["players"][1]
    cli("build")
    assert (tree.root / "site/events/cup/bracket/index.html").exists()
