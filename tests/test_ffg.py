"""FFG Organized Play (Warhammer 40,000: Conquest), RULESETS.md §2, and organizer-made rulesets."""
from __future__ import annotations

import json
import random

import pytest

from podium.core.errors import Problems, Src
from podium.rules.pairing.knockout import GameNumberBracket
from podium.rules.pairing.swiss import pair_swiss
from podium.content.rulesets import BUILTIN_DIR, load_rulesets


@pytest.fixture(scope="module")
def ffg():
    return load_rulesets([BUILTIN_DIR])["ffg-conquest"]


def ffg_event(tree, event_id, players, **fields):
    registrations = [{"name": name, "id": name.lower()} if isinstance(name, str) else name for name in players]
    return tree.event(event_id, registrations, ruleset="ffg-conquest", seed=7, level="casual",
                      organizer="Olga", head_judge="Olga", **fields)


@pytest.mark.parametrize("seed", range(20))
def test_seed_example_three_on_15_one_on_10(seed):
    points = {"jan": 15, "sara": 15, "bartek": 15, "tomek": 10}
    drawn = pair_swiss(list(points), points, {p: set() for p in points}, [], random.Random(seed))
    top = [pair for pair in drawn.pairs if tomek_not_in(pair)]
    assert len(drawn.pairs) == 2 and len(top) == 1  # two of the 15s play; the third meets Tomek
    floater = next(p for pair in drawn.pairs if "tomek" in pair for p in pair if p != "tomek")
    assert points[floater] == 15 and drawn.flags == {floater: "paired-down", "tomek": "paired-up"}


def tomek_not_in(pair):
    return "tomek" not in pair


def test_sos_and_esos_worked_by_hand_with_a_bye_and_a_drop(tree, cli):
    """R1: A beats B, C beats D, E has the bye (5); D drops. R2: A beats C, E beats B by a modified win (4).
    Points per round played: A 10/2, B 0/2, C 5/2, D 0/1, E 9/2 (the bye round counts).
    SoS: A (0 + 2.5)/2 = 1.25; B (5 + 4.5)/2 = 4.75; C (0 + 5)/2 = 2.5; D 2.5/1; E 0/1 (a bye is no opponent).
    ESoS: A (4.75 + 2.5)/2 = 3.625; B (1.25 + 0)/2 = 0.625; C (2.5 + 1.25)/2 = 1.875; D 2.5/1; E 4.75/1."""
    ffg_event(tree, "sos", ["A", "B", "C", "D", "E"], structure={"swiss_rounds": 2, "cut": 0})
    tree.save_round("sos", 1, {"round": 1, "stage": "swiss", "drops": ["d"], "pairings": [
        {"table": 1, "players": ["a", "b"], "winner": "a"}, {"table": 2, "players": ["c", "d"], "winner": "c"},
        {"players": ["e"], "bye": True}]})
    tree.save_round("sos", 2, {"round": 2, "stage": "swiss", "pairings": [
        {"table": 1, "players": ["a", "c"], "winner": "a"}, {"table": 2, "players": ["e", "b"], "winner": "e", "modified": True}]})
    rows = json.loads(cli("standings", "sos", "--json").output)["standings"]
    got = {r["player"]: (r["rank"], r["points"], r["tiebreaks"]["sos"], r["tiebreaks"]["esos"], r["status"]) for r in rows}
    assert got == {"a": (1, 10, 1.25, 3.625, "active"), "e": (2, 9, 0.0, 4.75, "active"),
                   "c": (3, 5, 2.5, 1.875, "active"), "b": (4, 0, 4.75, 0.625, "active"),
                   "d": (5, 0, 2.5, 2.5, "dropped")}


def test_equal_sos_ties_are_exact_not_float_noise(ffg):
    from podium.rules.outcome import Outcome
    from podium.rules.standings.metrics import Context, StrengthOfSchedule
    from podium.rules.standings.records import Record

    records = {p: Record(p) for p in "xyzuv"}
    for player, points, rounds in (("z", 1, 3), ("u", 2, 3), ("v", 0, 3)):
        for r in range(rounds):
            records[player].add(Outcome(player, "q", "win" if r < points else "loss", 5 if r < points else 0, 0, r))
    for a, opponents in (("x", "zu"), ("y", "uz")):
        for o in opponents:
            records[a].add(Outcome(a, o, "win", 5, 0, 1))
    sos = StrengthOfSchedule()
    ctx = Context(records, 1)
    assert sos.exact("x", ctx) == sos.exact("y", ctx)
    assert sos.split(["x", "y"], ctx) == [["x", "y"]]


BASIC = [(4, 3, 0), (8, 3, 0), (9, 4, 0), (16, 4, 0), (17, 4, 4), (24, 4, 4), (25, 5, 4), (40, 5, 4), (41, 5, 8),
         (44, 5, 8), (45, 6, 8), (76, 6, 8), (77, 6, 16), (148, 6, 16), (149, 7, 16), (600, 7, 16)]
ADVANCED = [(9, 4, 4), (12, 4, 4), (13, 4, 8), (24, 4, 8), (25, 5, 8), (40, 5, 8), (41, 6, 8), (76, 6, 8), (77, 6, 16),
            (148, 6, 16), (149, 6, 32), (288, 6, 32), (289, 7, 32), (512, 7, 32), (513, 8, 32), (900, 8, 32)]


@pytest.mark.parametrize("table, players, rounds, cut", [("basic", *row) for row in BASIC] + [("advanced", *row) for row in ADVANCED])
def test_structure_rows_at_their_boundaries(ffg, table, players, rounds, cut):
    plan = ffg.structure.plan(players, table, Src("event.yaml", 1), Problems())
    assert (plan.swiss_rounds, plan.cut) == (rounds, cut)


def test_auto_is_basic_and_custom_is_honoured(ffg):
    assert ffg.structure.plan(20, "auto", Src("e", 1), Problems()).cut == 4
    from podium.content.load import parse_yaml

    custom = parse_yaml("{swiss_rounds: 5, cut: 8}", "e.yaml")
    plan = ffg.structure.plan(20, custom, Src("e", 1), Problems())
    assert (plan.swiss_rounds, plan.cut) == (5, 8)


def test_cut_games_numbered_and_repaired_by_game_number():
    bracket = GameNumberBracket()
    first = bracket.first_round([f"s{i}" for i in range(1, 9)])
    assert [m.seeds for m in first] == [[1, 8], [2, 7], [3, 6], [4, 5]]  # Games 1-4
    for m in first:
        m.winner = m.players[1]  # the lower seed wins each game: s8, s7, s6, s5
    second = bracket.next_round(first, {}, third_place=False)
    assert [m.players for m in second] == [["s8", "s5"], ["s7", "s6"]]  # G1 v G4, G2 v G3
    for m in second:
        m.winner = m.players[0]
    assert [m.players for m in bracket.next_round(second, {}, False)] == [["s8", "s7"]]


def test_event_starting_with_elimination_draws_byes_and_plays_out(tree, cli):
    ffg_event(tree, "ko", ["A", "B", "C", "D", "E", "F"], structure=[{"kind": "knockout", "seeding": "random"}])
    cli("pair", "ko")
    first = tree.read_round("ko", 1)["pairings"]
    assert sorted(len(p["players"]) for p in first) == [1, 1, 2, 2]  # 8 − 6 = 2 byes
    assert [p["table"] for p in first] == [1, 2, 3, 4]  # games and byes numbered from Game 1
    for number in (1, 2, 3):
        data = tree.read_round("ko", number) if number == 1 else (cli("pair", "ko"), tree.read_round("ko", number))[1]
        for pairing in data["pairings"]:
            if not pairing.get("bye"):
                pairing["winner"] = min(pairing["players"])
        tree.save_round("ko", number, data)
    standings = json.loads(cli("standings", "ko", "--json").output)
    assert standings["complete"] is True
    assert standings["standings"][0]["player"] == "a"
    assert cli("pair", "ko", expect=1).output.count("complete") == 1


def test_levels_forbid_staff_playing_at_competitive_events(tree, cli):
    ffg_event(tree, "lvl", ["Olga", "B", "C", "D"])
    tree.write("events/lvl/event.yaml", tree.content.joinpath("events/lvl/event.yaml").read_text()
               .replace("level: casual", "level: premier"))
    output = cli("check", expect=1).output
    assert "Olga is staff and registered as a player; at a premier event organizers and judges may not play" in output


def test_organizer_ruleset_extends_ffg_end_to_end(tree, cli):
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets" / "my-club.yaml").write_text(
        "id: my-club\nextends: ffg-conquest\nname: My club league\nscoring: {win: 3, modified_win: 2}\n"
        "tiebreakers: [sos, random]\nstructure: {default: league, tables: {league: [{min: 2, swiss_rounds: 3, cut: 2}]}}\n")
    tree.event("club", [{"name": n, "id": n.lower()} for n in "ABCDEF"], ruleset="my-club", seed=3, level="casual",
               organizer="Olga", head_judge="Olga")
    for number in range(1, 5):
        cli("pair", "club")
        data = tree.read_round("club", number)
        for pairing in data["pairings"]:
            pairing["winner"] = min(pairing["players"])
            pairing["modified"] = number == 3
        tree.save_round("club", number, data)
    standings = json.loads(cli("standings", "club", "--json").output)
    assert standings["ruleset"] == "my-club" and standings["complete"] is True
    swiss = standings["stages"][0]["standings"]
    assert {r["player"]: r["points"] for r in swiss}["a"] == 3 + 3 + 2  # two wins, one modified win
    assert set(swiss[0]["tiebreaks"]) == {"sos"}
    assert [m["match"] for m in standings["stages"][1]["matches"]] == ["final"]
    assert cli("check").output.startswith("ok")


def test_building_blocks_doc_is_generated_from_the_registries(cli):
    from pathlib import Path

    committed = Path(__file__).resolve().parent.parent / "docs" / "building-blocks.md"
    generated = cli("blocks").output
    assert committed.read_text(encoding="utf-8") == generated, "run: podium blocks > docs/building-blocks.md"
    for name in ("win-loss", "neuroshima-hex", "game-numbers", "lowest-ranked", "`sos`", "`esos`", "player-count-table"):
        assert name in generated
