"""A 24-player NS HEX 2023 qualifier played through `podium pair`, with a drop after round 2.

Results follow one rule — the lower player number wins 12:5 (±7) — so every total below was
worked out by hand from the round files the engine drew (seed 20230513):

R1 winners 01 02 03 04 05 06 07 10 12 13 14 20 · R2 (winners v winners) 05 02 06 01 03 13
· p03 drops · R3 bye p24 (0 TP, −14; a bye is 3 TP +7), floats 05→17, 14→09 · R4 bye p22,
floats 05→04, 20→19. Swiss: p01 12 TP +28; p02 p04 p05 p06 p07 p11 9 TP +14; p03 (dropped)
6 TP +14; p08 p09 p10 p12 p13 p14 p15 p17 6 TP ±0; the other eight 3 TP −14.
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
    expected = {"p01": (12, 28), "p02": (9, 14), "p04": (9, 14), "p05": (9, 14), "p06": (9, 14), "p07": (9, 14),
                "p11": (9, 14), "p03": (6, 14), "p08": (6, 0), "p09": (6, 0), "p10": (6, 0), "p12": (6, 0),
                "p13": (6, 0), "p14": (6, 0), "p15": (6, 0), "p17": (6, 0), "p16": (3, -14), "p18": (3, -14),
                "p19": (3, -14), "p20": (3, -14), "p21": (3, -14), "p22": (3, -14), "p23": (3, -14), "p24": (3, -14)}
    assert {p: (r["points"], r["tiebreaks"]["hq_diff"]) for p, r in rows.items()} == expected
    assert rows["p03"]["status"] == "dropped"


def test_byes_went_to_the_lowest_ranked(tree, played):
    byes = {n: [p["players"][0] for p in tree.read_round(EVENT, n)["pairings"] if p.get("bye")] for n in range(1, 5)}
    assert byes == {1: [], 2: [], 3: ["p24"], 4: ["p22"]}


def test_swiss_order_and_ties_explained(played):
    swiss = _swiss(played)
    assert swiss[0]["player"] == "p01"
    assert swiss[1]["separated_by"] == "points"
    assert {r["player"] for r in swiss[1:7]} == {"p02", "p04", "p05", "p06", "p07", "p11"}
    assert swiss[2]["separated_by"] == "random"  # equal TP and HQ, never met
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
    assert swiss[7] == "p10"  # the lot among the eight on 6 TP ±0


def test_final_classification_follows_section_9(played):
    swiss = [r["player"] for r in _swiss(played)]
    final = [r["player"] for r in played["standings"]]
    # Finals by hand (lower number wins), seeds 01 07 06 04 02 11 05 10: QF 01, 02, 05, 06 go on;
    # SF 01 (v 02), 05 (v 06); final 01; 3rd place 02.
    assert final[:4] == ["p01", "p05", "p02", "p06"]
    # QF losers p10 p04 p07 p11 take 5-8 in their Swiss order.
    losers = ["p04", "p07", "p10", "p11"]
    assert final[4:8] == sorted(losers, key=swiss.index)
    assert final[8:] == [p for p in swiss if p not in final[:8]]
    assert played["complete"] is True and played["qualifier"] is True


def test_pair_refuses_when_complete(tree, cli, played):
    result = cli("pair", EVENT, expect=1)
    assert "the event is complete" in result.output
    assert not tree.round_path(EVENT, 8).exists()
