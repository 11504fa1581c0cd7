"""Knockouts, round 2 (issue 15): a level Tantrix match, three groups crossed over. Each event
is played through the CLI: pair → results → pair …

In the knockouts the higher seed wins every match that is played (NS HEX 12 v 5 HQ, FFG
'winner:'), so the expected classifications are written in seeds ``s[n]``, read from the bracket
the event drew, and in Swiss places ``swiss[i]`` (0-based), read from its Swiss standings.
"""
from __future__ import annotations

import pytest

from podium.rules.pairing.knockout import spread_slots
from test_knockout_fidelity import margins_won, tantrix_games, tantrix_players


# ---------------------------------------------------------------- helpers


def notes(cli) -> list[str]:
    output = cli("check").output.splitlines()
    assert output[-1].startswith("ok"), output
    return output[:-1]


# ------------------------------------------------- I. a level Tantrix knockout match


def test_a_level_tantrix_knockout_match_asks_for_the_deciding_game(tree, cli):
    """Tantrix §10a: after the match's games, equal TP → more games won → more tiles → a
    5-minute deciding game. t2 v t1: game 1 20–30 (t1), game 2 30–20 (t2), 20 tiles each: 16.2 +
    3.8 = 20 TP each, 1 game won each, 40 tiles each — level. Before, pair said "no result yet"
    and check "1 result pending"; now both say what to add. With the deciding game {winner: t1}
    in, the final is paired."""
    tree.event("lv", tantrix_players(4, [1500, 1800, 1650, 1700]), ruleset="tantrix",
               structure=[{"kind": "knockout", "games": 2, "third_place": False}])
    cli("pair", "lv")
    tantrix_games(tree, "lv", 1, min)
    data = tree.read_round("lv", 1)
    data["pairings"][0]["games"][1]["score"] = [30, 20]  # t2 wins game 2: level
    tree.save_round("lv", 1, data)
    line = tree.round_path("lv", 1).read_text(encoding="utf-8").splitlines().index("- table: 1") + 1
    what = ("t2 v t1 is level (TP 20–20, games won 1–1, tiles 40–40), so a 5-minute deciding game is played "
            "(Tantrix §10a); add it under 'games:' as game 3, {winner: <id>}")
    assert notes(cli) == [f"note: content/events/lv/rounds/1.yaml:{line}: table 1: {what}"]
    assert cli("pair", "lv", expect=1).output.startswith(
        f"content/events/lv/rounds/1.yaml:{line}: round 2 cannot be paired yet: table 1: {what}; then run pair again")
    data["pairings"][0]["games"].append({"winner": "t1"})
    tree.save_round("lv", 1, data)
    cli("pair", "lv")
    assert [p["players"] for p in tree.read_round("lv", 2)["pairings"]] == [["t1", "t3"]]


# ------------------------------------------------- H. three groups, then a knockout


def play_three_groups(tree, cli, ruleset: str = "tantrix") -> list:
    """9 players rated t1 > … > t9, snake-dealt into 3 groups of two-game mini-matches."""
    tree.event("three", tantrix_players(9, [2000 - 10 * i for i in range(1, 10)]), ruleset=ruleset,
               structure=[{"kind": "round-robin", "groups": 3, "games": 2, "advance": 6}, {"kind": "knockout", "games": 1}])
    decide = margins_won({"t1": 2, "t2": 30, "t3": 10, "t4": 30, "t5": 30, "t6": 1})
    number = 0
    while True:
        cli("pair", "three")
        number += 1
        data = tree.read_round("three", number)
        if data["stage"] == "knockout":
            return data["pairings"]
        for pairing in data["pairings"]:
            pairing["games"] = [{"score": decide(*pairing["players"]), "tiles": [20, 20]} for _ in pairing["games"]]
        tree.save_round("three", number, data)


@pytest.mark.parametrize("crossover", [True, False])
def test_three_groups_keep_group_mates_apart_in_the_knockout(tree, cli, crossover):
    """Snake: A = t1 t6 t7, B = t2 t5 t8, C = t3 t4 t9; the lower id wins both games of every
    mini-match, by the winner's margin (§9 TP: m 1 → 13.3 / 6.7, 2 → 10 + 2 + 1.886 = 13.9 / 6.1,
    10 → 16.2 / 3.8, 30 → 19.3 / 0.7): t1 by 2, t2 by 30, t3 by 10, t4 by 30, t5 by 30, t6 by 1.
      winners:    t2 4 × 19.3 = 77.2 (B), t3 4 × 16.2 = 64.8 (C), t1 4 × 13.9 = 55.6 (A);
      runners-up: t4 2 × 3.8 + 2 × 19.3 = 46.2 (C), t5 2 × 0.7 + 2 × 19.3 = 40 (B),
                  t6 2 × 6.1 + 2 × 13.3 = 38.8 (A).
    Seeds 1–6: t2, t3, t1, t4, t5, t6 in an 8-bracket (byes to seeds 1, 2). By seed alone:
    1 v bye, 4 v 5 (t4 v t5) | 2 v bye, 3 v 6 = t1 v t6, both of group A, in the first round
    (and t5 in t2's half). Crossed over, each runner-up in the half away from his group winner:
    t4 (C) and t6 (A) in t2's half, t5 (B) against t1: t2 bye, t4 v t6 | t3 bye, t1 v t5."""
    if not crossover:
        (tree.root / "rulesets").mkdir()
        (tree.root / "rulesets" / "flat.yaml").write_text("id: flat\nextends: tantrix\nbracket: {crossover: false}\n")
    quarters = play_three_groups(tree, cli, "tantrix" if crossover else "flat")
    expected = [["t2"], ["t4", "t6"], ["t3"], ["t1", "t5"]] if crossover else [["t2"], ["t4", "t5"], ["t3"], ["t1", "t6"]]
    assert [p["players"] for p in quarters] == expected


def test_spread_slots_moves_runners_up_away_from_their_group_winners():
    """The groups of the test above, seeded t2 t3 t1 | t4 t5 t6 into standard order [1, 8, 4, 5,
    2, 7, 3, 6]: slots t2 - t4 t5 | t3 - t1 t6. The winners stay; the runners-up take the slots
    of seeds 4, 5, 6 (slots 2, 3, 7) in the first order with the fewest early meetings: t4 at 2,
    t6 at 3, t5 at 7, each meeting his group winner only in the final."""
    groups = [["t1", "t6"], ["t2", "t5"], ["t3", "t4"]]
    assert spread_slots(groups, ["t2", "t3", "t1", "t4", "t5", "t6"]) == ["t2", None, "t4", "t6", "t3", None, "t1", "t5"]
