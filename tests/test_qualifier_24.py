"""A 24-player NS HEX 2023 qualifier played through `podium pair`, with a drop after round 2.

Results follow one rule — the lower player number wins 12:5 (±7) — so every total below was
worked out by hand from the round files the engine drew (seed 20230513):

R1 winners 01 02 03 04 06 07 08 09 11 12 13 16 · R2 (winners v winners) 03 08 02 01 04 12
· p03 drops · R3 bye p20 (0 TP, −14), floats 04→13, 10→17 · R4 bye p24, floats 01→05, 12→20.
Swiss: p01, p04 12 TP +28; p02 p06 p08 p10 p12 9 TP +14; p03 (dropped) 6 TP +14; …
"""
from __future__ import annotations

import json

import pytest

from conftest import nshex_player
from play import strength_results

EVENT = "q24"


@pytest.fixture
def played(tree, cli):
    tree.event(EVENT, 24)
    armies = {f"p{i:02d}": nshex_player(i)["armies"] for i in range(1, 25)}
    for number in range(1, 8):
        cli("pair", EVENT)
        data = strength_results(tree, EVENT, number, army_of=lambda p, n: armies[p][(n - 1) % 5])
        if number == 2:
            data["drops"] = ["p03"]
            tree.save_round(EVENT, 2, data)
    return json.loads(cli("standings", EVENT, "--json").output)


def _swiss(standings):
    return next(s for s in standings["stages"] if s["kind"] == "swiss")["standings"]


def test_swiss_totals_match_hand_count(played):
    rows = {r["player"]: r for r in _swiss(played)}
    expected = {"p01": (12, 28), "p04": (12, 28), "p02": (9, 14), "p06": (9, 14), "p08": (9, 14), "p10": (9, 14),
                "p12": (9, 14), "p03": (6, 14), "p05": (6, 0), "p07": (6, 0), "p09": (6, 0), "p11": (6, 0),
                "p13": (6, 0), "p15": (6, 0), "p18": (6, 0), "p19": (6, 0), "p14": (3, -14), "p16": (3, -14),
                "p17": (3, -14), "p20": (3, -14), "p21": (3, -14), "p22": (3, -14), "p24": (3, -14), "p23": (0, -28)}
    assert {p: (r["points"], r["tiebreaks"]["hq_diff"]) for p, r in rows.items()} == expected
    assert rows["p03"]["status"] == "dropped"


def test_byes_went_to_the_lowest_ranked(tree, played):
    byes = {n: [p["players"][0] for p in tree.read_round(EVENT, n)["pairings"] if p.get("bye")] for n in range(1, 5)}
    assert byes == {1: [], 2: [], 3: ["p20"], 4: ["p24"]}


def test_swiss_order_and_ties_explained(played):
    swiss = _swiss(played)
    assert {r["player"] for r in swiss[:2]} == {"p01", "p04"}
    assert swiss[1]["separated_by"] == "random"  # equal TP and HQ, never met
    assert {r["player"] for r in swiss[2:7]} == {"p02", "p06", "p08", "p10", "p12"}
    assert swiss[2]["separated_by"] == "points"
    assert swiss[7]["player"] == "p03"
    assert swiss[8]["separated_by"] == "hq_diff"  # 6 TP +14 above 6 TP ±0


def test_top8_bracket_is_seeded_1_8_4_5_2_7_3_6(played):
    swiss = [r["player"] for r in _swiss(played) if r["status"] == "active"]
    seed = {p: i + 1 for i, p in enumerate(swiss[:8])}
    top8 = next(s for s in played["stages"] if s["kind"] == "knockout")
    quarterfinals = [m for m in top8["matches"] if m["round"] == 5]
    assert [m["seeds"] for m in quarterfinals] == [[1, 8], [4, 5], [2, 7], [3, 6]]
    assert all([seed[p] for p in m["players"]] == m["seeds"] for m in quarterfinals)
    assert "p03" not in seed  # dropped players are not cut
    assert swiss[7] == "p07"


def test_final_classification_follows_section_9(played):
    swiss = [r["player"] for r in _swiss(played)]
    final = [r["player"] for r in played["standings"]]
    # Finals by hand (lower number wins): QF 04, 06, 01, 10 go on; SF 04, 01; final 01; 3rd place 06.
    assert final[:4] == ["p01", "p04", "p06", "p10"]
    # QF losers p07 p08 p02 p12 take 5-8 in their Swiss order.
    losers = ["p02", "p07", "p08", "p12"]
    assert final[4:8] == sorted(losers, key=swiss.index)
    assert final[8:] == [p for p in swiss if p not in final[:8]]
    assert played["complete"] is True and played["qualifier"] is True


def test_pair_refuses_when_complete(tree, cli, played):
    result = cli("pair", EVENT, expect=1)
    assert "the event is complete" in result.output
    assert not tree.round_path(EVENT, 8).exists()
