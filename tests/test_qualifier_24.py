"""A 24-player NS HEX 2023 qualifier played through `podium pair`, with a drop after round 2.

Results follow one rule — the lower player number wins 12:5 (±7) — so every total below was
worked out by hand from the round files the engine drew (seed 20230513; each random tie drawn
on its own, issue 15):

R1 winners 01 02 03 04 05 06 07 10 12 13 14 20 · R2 winners 10 06 03 01 04 02 15 08 17 19 16 09
· p03 drops · R3 bye p11 (the lot among the six on 0 TP −14), winners 01 04 02 13 07 19 08 09 12
18 22 · R4 bye p21 (the lot among 21 23 24 on 0 TP −21), winners 01 02 12 09 06 07 05 17 11 14
23. Swiss: p01 p02 12 TP +28; p04 p06 p07 p09 p12 9 TP +14; p03 (dropped) 6 TP +14; p05 p08
p10 p11 p13 p14 p17 p19 6 TP ±0; p15 p16 p18 p20 p21 p22 p23 3 TP −14; p24 0 TP −28 (144 TP in
all: 4 rounds of 12 games or 11 and a bye, 3 TP each).
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
    expected = {"p01": (12, 28), "p02": (12, 28), "p04": (9, 14), "p06": (9, 14), "p07": (9, 14), "p09": (9, 14),
                "p12": (9, 14), "p03": (6, 14), "p05": (6, 0), "p08": (6, 0), "p10": (6, 0), "p11": (6, 0),
                "p13": (6, 0), "p14": (6, 0), "p17": (6, 0), "p19": (6, 0), "p15": (3, -14), "p16": (3, -14),
                "p18": (3, -14), "p20": (3, -14), "p21": (3, -14), "p22": (3, -14), "p23": (3, -14), "p24": (0, -28)}
    assert {p: (r["points"], r["tiebreaks"]["hq_diff"]) for p, r in rows.items()} == expected
    assert rows["p03"]["status"] == "dropped"


def test_byes_went_to_the_lowest_ranked(tree, played):
    byes = {n: [p["players"][0] for p in tree.read_round(EVENT, n)["pairings"] if p.get("bye")] for n in range(1, 5)}
    assert byes == {1: [], 2: [], 3: ["p11"], 4: ["p21"]}


def test_swiss_order_and_ties_explained(played):
    swiss = _swiss(played)
    assert [r["player"] for r in swiss[:2]] == ["p02", "p01"]  # 12 TP +28, never met: the lot
    assert swiss[1]["separated_by"] == "random"
    assert {r["player"] for r in swiss[2:7]} == {"p04", "p06", "p07", "p09", "p12"}
    assert swiss[2]["separated_by"] == "points"
    assert swiss[3]["separated_by"] == "random"  # equal TP and HQ, five of them: no head-to-head (§5.6: two only)
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
    assert swiss[7] == "p19"  # the lot among the eight on 6 TP ±0


def test_final_classification_follows_section_9(played):
    swiss = [r["player"] for r in _swiss(played)]
    final = [r["player"] for r in played["standings"]]
    # Finals by hand (lower number wins), seeds 02 01 06 09 12 04 07 19: QF 02 (v 19), 09 (v 12),
    # 01 (v 07), 04 (v 06) go on; SF 02 (v 09), 01 (v 04); final 01; 3rd place 04.
    assert final[:4] == ["p01", "p02", "p04", "p09"]
    # QF losers p06 p07 p12 p19 take 5-8 in their Swiss order.
    losers = ["p06", "p07", "p12", "p19"]
    assert final[4:8] == sorted(losers, key=swiss.index)
    assert final[8:] == [p for p in swiss if p not in final[:8]]
    assert played["complete"] is True and played["qualifier"] is True


def test_pair_refuses_when_complete(tree, cli, played):
    result = cli("pair", EVENT, expect=1)
    assert "the event is complete" in result.output
    assert not tree.round_path(EVENT, 8).exists()
