"""Issue 21: the Pokémon tiebreakers (Play! Pokémon Tournament Rules Handbook §5.3.3,
§5.5.1.1, §5.6.1), worked by hand and on a real League Cup's published standings
(tests/data/pokemon-milwaukee-cup-2023.yaml: its source is cited there): dropped players, late
losses and their places."""
from __future__ import annotations

import json
from itertools import groupby
from pathlib import Path

import pytest
import yaml
from play import only_problem

from podium.core.errors import Problems, Src
from podium.core.slug import slugify
from podium.content.rulesets import BUILTIN_DIR, load_rulesets

from podium.rules.kinds import SWISS
from podium.rules.outcome import Outcome
from podium.rules.registry import TIEBREAKERS
from podium.rules.games.pokemon import PokemonScoring
from podium.rules.standings.metrics import Context
from podium.rules.standings.order import rank_players
from podium.rules.standings.records import Record

MILWAUKEE = yaml.safe_load((Path(__file__).parent / "data" / "pokemon-milwaukee-cup-2023.yaml").read_text(
    encoding="utf-8"))

POKEMON = PokemonScoring(win=3, draw=1, loss=0)
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


def test_a_dropped_player_keeps_the_resistance_he_had_when_he_dropped():
    """J beats K in round 1 and drops. After round 1 K is 0/1 (25 %), so J keeps 25 %, though K
    wins rounds 2 and 3 (2/3 by the end); L, who lost to K in round 2 and played on, reads K's
    2/3. J's opponents' resistance is K's resistance after round 1, J's 100 % capped at 75 %
    for one who dropped: 75 %."""
    records = records_of([(1, "J", "K", "win"), (2, "K", "L", "win"), (3, "K", "M", "win"), (2, "M", "N", "win"),
                          (3, "L", "N", "win")], byes=[(1, "L"), (1, "M"), (1, "N")])
    assert values(records, "resistance")["J"] == 0.25
    assert values(records, "resistance")["L"] == round((2 / 3 + 0.25) / 2, 6)  # K 2/3; N 0 of 2 (a bye no round)
    assert values(records, "opp_resistance")["J"] == 0.75


def swiss_records(division: dict) -> dict[str, Record]:
    """A division's Swiss rounds as records: each table's two results (a loss for both is two
    losses), a bye, a late loss as the points scoring records one."""
    pokemon = PokemonScoring(win=3, draw=1, loss=0)
    points, results = {"W": 3, "T": 1, "L": 0}, {"W": "win", "T": "draw", "L": "loss"}
    records: dict[str, Record] = {}
    for number, tables in enumerate(division["rounds"], start=1):
        for table in tables:
            if table[1] == "BYE":
                outcomes = [Outcome(table[0], None, "bye", 3, 0, number, played=False)]
            elif table[1] == "LATE":
                outcomes = [pokemon.late_loss(table[0], number)]
            else:
                player, opponent, mine, theirs = table
                outcomes = [Outcome(player, opponent, results[mine], points[mine], 0, number),
                            Outcome(opponent, player, results[theirs], points[theirs], 0, number)]
            for outcome in outcomes:
                records.setdefault(outcome.player, Record(outcome.player)).add(outcome)
    return records


@pytest.mark.parametrize("division", ["masters", "seniors", "juniors"])
def test_a_published_league_cup_is_ranked_and_its_resistances_reproduced(division):
    """Milwaukee, June 2023: every player outside the top cut has the match points, resistance
    and opponents' resistance Tournament Operations Manager published, to 6 places, and the
    place: dropped players keep the resistance of the round they dropped after and rank below
    those who played on (masters: 12 points, Kevin Garcia, dropped after round 6 with 50.83 %,
    below Tou Moua's 41.94 %), an earlier drop below a later one (6 points: Jake Dillon's 68.75 %
    after round 4 below Olive Battaglia's 40.28 % after round 6), and Michael Holmblad, who lost
    round 1 for arriving late and played on, below every other 9-point player."""
    data = MILWAUKEE["divisions"][division]
    records = swiss_records(data)
    pokemon = load_rulesets([BUILTIN_DIR])["pokemon-swiss"]
    ctx = Context(records, seed=0, kind=SWISS, scoring=pokemon.scoring)
    rows = rank_players(sorted(records), pokemon.tiebreakers_for(SWISS), ctx, {})
    published = {name: (points, {"resistance": res, "opp_resistance": opp_res})
                 for name, points, res, opp_res in data["standings"]}
    assert {row.player: (row.points, row.tiebreaks) for row in rows if row.player in published} == published
    assert places([row.player for row in rows if row.player in published], published) == \
        places([name for name, *_ in data["standings"]], published)


def places(order: list[str], published: dict) -> list[frozenset]:
    """``order`` as its runs of players level on everything published (points, both resistances):
    the handbook orders those by a lot (masters' last four, each out after losing round 1)."""
    return [frozenset(run) for _, run in groupby(order, key=lambda name: repr(published[name]))]


def enter_division(tree, division: str) -> str:
    """A division's Swiss rounds as Podium content: a table's result [1, 0], [0.5, 0.5] or [0, 1],
    a bye, a late loss ('late_loss: true'), the drops after each round."""
    data = MILWAUKEE["divisions"][division]
    names = sorted({name for tables in data["rounds"] for table in tables for name in table[:2]} - {"BYE", "LATE"})
    tree.event(division, [{"name": n} for n in names], ruleset="pokemon-swiss", paired_by="rk9.gg",
               structure={"swiss_rounds": data["swiss_rounds"], "cut": 0})
    score = {"W": 1, "T": 0.5, "L": 0}
    for number, tables in enumerate(data["rounds"], start=1):
        pairings = [{"players": [slugify(t[0])], "bye": True} if t[1] == "BYE" else
                    {"players": [slugify(t[0])], "late_loss": True} if t[1] == "LATE" else
                    {"players": [slugify(t[0]), slugify(t[1])], "score": [score[t[2]], score[t[3]]]} for t in tables]
        drops = [slugify(n) for n in data["drops"].get(number, ())]
        tree.save_round(division, number, {"round": number, "stage": "swiss", "pairings": pairings,
                                           **({"drops": drops} if drops else {})})
    return division


def test_a_late_loss_is_written_checked_scored_ranked_and_built(tree, cli):
    """Milwaukee's seniors: Henry S. arrived late, lost round 1 without an opponent, lost round 2
    and dropped. '- {players: [henry-s], late_loss: true}' is checked, scores him no point and
    a round lost (0 of 2: 25 %), counts 25 % for his missing opponent (resistance (25 % + Keaton
    A.'s 50 % after round 2) / 2 = 37.5 %; opponents' resistance (25 % + 37.5 %) / 2 = 31.25 %,
    as published), ranks him below every other player on his points, and the site is built with
    the round, the standings and his page."""
    event = enter_division(tree, "seniors")
    assert cli("check").output.startswith("ok:")
    rows = json.loads(cli("standings", event, "--json").output)["standings"]
    henry = next(row for row in rows if row["player"] == "henry-s")
    assert (henry["points"], henry["tiebreaks"], henry["status"]) == (
        0, {"resistance": 0.375, "opp_resistance": 0.3125}, "dropped")
    published = {slugify(name): (points, {"resistance": res, "opp_resistance": opp_res})
                 for name, points, res, opp_res in MILWAUKEE["divisions"]["seniors"]["standings"]}
    assert {row["player"]: (row["points"], row["tiebreaks"]) for row in rows if row["player"] in published} == published
    order = [row["player"] for row in rows if row["player"] in published]
    assert places(order, published) == places(list(published), published)
    cli("build", "--out", tree.root / "site")
    player = (tree.root / "site/players/henry-s/index.html").read_text(encoding="utf-8")
    assert "Traceback" not in player and "Henry S." in player
    assert (tree.root / "site/events/seniors/rounds/1/index.html").exists()


@pytest.mark.parametrize("line, message", [
    ("- {players: [p1, p2], late_loss: true}",
     "content/events/cup/rounds/1.yaml:5: a late loss has exactly one player, the one who arrived late: 'players: "
     "[id]' and 'late_loss: true'; a game lists two or more players"),
    ("- {players: [p1], late_loss: true, score: [0]}",
     "content/events/cup/rounds/1.yaml:5: 'score' is not part of a late loss (nothing would read it): a late loss is "
     "'players: [id]' and 'late_loss: true', and nothing else"),
    ("- {players: [p1], late_loss: true, bye: true}",
     "content/events/cup/rounds/1.yaml:5: this table has more than one result (bye, late_loss); keep one"),
])
def test_a_late_loss_written_wrong_is_said_at_its_line(tree, cli, line, message):
    late_loss_round(tree, line)
    assert only_problem(cli) == message


def test_a_late_loss_where_the_rules_know_none_is_refused_at_its_line(tree, cli):
    late_loss_round(tree, "- {players: [p1], late_loss: true}", ruleset="mtg-swiss")
    assert only_problem(cli) == (
        "content/events/cup/rounds/1.yaml:5: 'late_loss: true': the scoring of this ruleset knows no late loss (a round "
        "lost without an opponent for arriving late); pair the player, or leave him out of the round")


def late_loss_round(tree, line: str, ruleset: str = "pokemon-swiss") -> None:
    """Round 1 of four players: p3–p4 at line 4, ``line`` at line 5 (p1, or p1 and p2), p2's bye
    after it where the line does not seat him."""
    tree.event("cup", [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 5)], ruleset=ruleset, paired_by="hand")
    score = "[2, 0]" if ruleset == "mtg-swiss" else "[1, 0]"
    bye = "" if "p2" in line else "- {players: [p2], bye: true}\n"
    tree.write("events/cup/rounds/1.yaml", f"round: 1\nstage: swiss\npairings:\n"
                                          f"- {{players: [p3, p4], score: {score}}}\n{line}\n{bye}")
