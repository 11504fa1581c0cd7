"""Micromutants classic and extreme, and the Czech table tournament (RULESETS.md §4, §5)."""
from __future__ import annotations

import json

import pytest

from podium.core.errors import Problems, Src
from podium.core.model import Bases, Game, Pairing
from podium.rules.games.carcassonne import place_points
from podium.rules.games.micromutants import MicromutantsScoring, home_plan
from podium.rules.schedules import pair_rotation, table_sizes
from podium.rules.standings.metrics import Context, RoundPoints
from podium.rules.standings.order import rank_players
from podium.core.slug import slugify
from podium.rules.standings.records import Record
from podium.rules.outcome import Outcome

SRC = Src("rounds/1.yaml", 2)


def people(prefix, count):
    return [{"name": f"Giocatore {prefix}{i}", "id": f"{prefix}{i}"} for i in range(1, count + 1)]


def standings(cli, event_id):
    return json.loads(cli("standings", event_id, "--json").output)


# ------------------------------------------------------------------ Czech table rules

def test_shared_places_on_equal_vp():
    assert place_points([100, 75, 75, 60], 4) == [4, 2.5, 2.5, 1]


def test_a_small_table_counts_from_the_standard_top():
    assert place_points([50, 70, 60], 4) == [2, 4, 3]
    assert place_points([10, 20, 30, 40, 50], 4) == [1, 2, 3, 4, 5]  # a bigger table counts from its own size
    assert place_points([30, 30], 4) == [3.5, 3.5]


def test_earlier_points_beat_later_points():
    """A (1, 4, 1) is ranked above B (1, 1, 4): A's 4 came in round 2, against stronger players."""
    records = {"a": Record("a"), "b": Record("b")}
    for player, points in (("a", (1, 4, 1)), ("b", (1, 1, 4))):
        for round_no, tb in enumerate(points, start=1):
            records[player].add(Outcome(player, None, "loss", tb, 0, round_no, stats={"vp": 50}))
    rows = rank_players(["b", "a"], [RoundPoints()], Context(records, 1), {})
    assert [(r.player, r.points, r.separated_by) for r in rows] == [("a", 6, None), ("b", 6, "round_points")]


@pytest.mark.parametrize("count", range(2, 31))
def test_tables_of_two_to_five_seat_everyone(count):
    sizes = table_sizes(count, 4)
    assert sum(sizes) == count and all(2 <= s <= 5 for s in sizes)


def vp_by_id(data):
    """Lower id scores more VP; the 3rd and 4th seats of a table of four tie on VP."""
    for pairing in data["pairings"]:
        ranked = sorted(pairing["players"])
        vp = {p: 120 - 10 * i for i, p in enumerate(ranked)}
        if len(ranked) == 4:
            vp[ranked[3]] = vp[ranked[2]]
        pairing["score"] = [vp[p] for p in pairing["players"]]
    return data


def test_eleven_players_four_rounds_valid_tables(tree, cli):
    # vp_by_id leaves players level on TB and VP, which only the referee's order separates:
    # recorded here as the ids' order (tests/test_unbroken_ties.py covers the tie left open)
    tree.event("cz", [{"name": f"Hráč {i:02d}", "id": f"h{i:02d}"} for i in range(1, 12)], ruleset="carcassonne-cz",
               manual_order=[f"h{i:02d}" for i in range(1, 12)])
    for number in range(1, 5):
        cli("pair", "cz")
        data = tree.read_round("cz", number)
        sizes = sorted(len(p["players"]) for p in data["pairings"])
        assert sizes == [3, 4, 4] and data["stage"] == "tables"
        seated = sorted(p for pairing in data["pairings"] for p in pairing["players"])
        assert seated == [f"h{i:02d}" for i in range(1, 12)]
        text = tree.round_path("cz", number).read_text(encoding="utf-8")
        assert "setup: remove 3 tiles unseen" in text and "setup: remove 2 tiles unseen" in text
        if number > 1:  # by standing: the leader sits at table 1 with the next best
            leader = standings(cli, "cz")["standings"][0]["player"]
            assert leader in data["pairings"][0]["players"]
        tree.save_round("cz", number, vp_by_id(data))
    final = standings(cli, "cz")
    assert final["complete"] and [r["rank"] for r in final["standings"]] == list(range(1, 12))
    assert set(final["standings"][0]["tiebreaks"]) == {"round_points", "vp"}
    assert "complete" in cli("pair", "cz", expect=1).output


# ------------------------------------------------------------------ Micromutants classic

def test_home_player_of_each_game():
    assert home_plan(3) == [0, 1, None]  # A at home, B at home, the decider ("bella")
    assert home_plan(5) == [0, 1, 0, 1, None]


def best_of(data, winner_of):
    """Play each match to its end: ``winner_of(a, b)`` wins 2:1 (3:1 in a best of 5)."""
    for pairing in data["pairings"]:
        if pairing.get("bye"):
            continue
        a, b = pairing["players"]
        winner = winner_of(a, b)
        loser = b if winner == a else a
        long = pairing.get("match") in ("final", "third-place")
        order = [winner, loser, winner] + ([winner] if long else [])
        pairing["games"] = [{"winner": w} for w in order]
    return data


def test_six_player_classic_bracket_with_two_drawn_byes(tree, cli):
    tree.event("mm", people("c", 6), ruleset="micromutants-classic")
    cli("pair", "mm")
    first = tree.read_round("mm", 1)
    byes = [p for p in first["pairings"] if p.get("bye")]
    matches = [p for p in first["pairings"] if not p.get("bye")]
    assert len(byes) == 2 and len(matches) == 2 and {p["match"] for p in first["pairings"]} == {"quarterfinal"}
    text = tree.round_path("mm", 1).read_text(encoding="utf-8")
    a, b = matches[0]["players"]
    assert f"- {{home: \"{a}\", winner: }}  # game 1" in text and f"- {{home: \"{b}\", winner: }}  # game 2" in text
    assert "# - {winner: }  # game 3: the bella — compulsory on a tie, optional otherwise" in text
    lower = min
    tree.save_round("mm", 1, best_of(first, lambda a, b: lower(a, b)))
    cli("pair", "mm")
    semis = tree.read_round("mm", 2)
    assert [p["match"] for p in semis["pairings"]] == ["semifinal", "semifinal"]
    # the bracket tree: every bye meets the winner of the match drawn next to it
    assert {frozenset(p["players"]) for p in semis["pairings"]} == {
        frozenset((byes[0]["players"][0], lower(*matches[0]["players"]))),
        frozenset((byes[1]["players"][0], lower(*matches[1]["players"])))}
    tree.save_round("mm", 2, best_of(semis, lambda a, b: lower(a, b)))
    cli("pair", "mm")
    finals = tree.read_round("mm", 3)
    assert sorted(p["match"] for p in finals["pairings"]) == ["final", "third-place"]
    assert "game 5: the bella" in tree.round_path("mm", 3).read_text(encoding="utf-8")
    tree.save_round("mm", 3, best_of(finals, lambda a, b: lower(a, b)))
    result = standings(cli, "mm")
    assert result["complete"]
    final = next(m for m in result["stages"][0]["matches"] if m["match"] == "final")
    assert final["points"][final["players"].index(final["winner"])] == 3 and sorted(final["points"]) == [1, 3]
    assert final["seeds"] == [None, None]
    winners = {m["winner"] for m in result["stages"][0]["matches"] if m["match"] == "final"}
    assert result["standings"][0]["player"] in winners
    ranks = [r["rank"] for r in result["standings"]]
    assert ranks == [1, 2, 3, 4, 5, 5]  # the two quarterfinal losers share 5th: nothing separates them


def test_a_decided_series_needs_no_decider_and_too_many_games_are_refused():
    scoring = MicromutantsScoring()
    two_nil = Pairing(players=("a", "b"), src=SRC, games=(Game(src=SRC, winner="a"), Game(src=SRC, winner="a")))
    from podium.rules.structure import Stage
    stage = Stage("knockout", games=3)
    assert scoring.match_winner(two_nil, None, stage) == "a" and scoring.decided(two_nil, stage)
    one_all = Pairing(players=("a", "b"), src=SRC, games=(Game(src=SRC, winner="a"), Game(src=SRC, winner="b")))
    assert not scoring.decided(one_all, stage)
    four = Pairing(players=("a", "b"), src=SRC, games=(Game(src=SRC, winner="a"),) * 4)
    problems = Problems()
    scoring.check(four, problems, stage)
    assert "game 4 is one too many: a best-of-3 match has at most 3 games" in problems.items[0].message


# ------------------------------------------------------------------ Micromutants extreme

def test_rotation_of_four_and_five():
    assert pair_rotation(list("ABCD")) == [(("A", "B"), ("C", "D")), (("A", "C"), ("B", "D")), (("B", "C"), ("A", "D"))]
    five = pair_rotation(list("ABCDE"))
    partners = sorted(tuple(sorted(team)) for game in five for team in game)
    assert len(five) == 5 and len(set(partners)) == 10  # everyone partners everyone exactly once


def test_bases_give_secondary_points():
    assert MicromutantsScoring().secondary(Bases(intact=2, damaged=1, square=1)) == 2 * 2 + 1 + 1


def test_eight_player_extreme_event_through_all_three_phases(tree, cli):
    """Points checked by hand below: the lower-numbered pair always wins a 2 v 2 game."""
    tree.event("ex", people("x", 8), ruleset="micromutants-extreme",
               manual_order=[f"x{i}" for i in range(1, 9)])  # the sealed bids, opened in the ids' order
    for number in range(1, 7):
        cli("pair", "ex")
        data = tree.read_round("ex", number)
        assert data["stage"] == "pairs-rotation" and len(data["pairings"]) == 2  # one game per group
        for pairing in data["pairings"]:
            teams = pairing["teams"]
            pairing["winner"] = 0 if min(teams[0]) < min(teams[1]) else 1
            pairing["bases"] = {"intact": 1, "damaged": 1, "square": 0}  # 3 secondary points to each winner
        tree.save_round("ex", number, data)
    groups = standings(cli, "ex")["stages"][0]["groups"]
    assert len(groups) == 2 and all(len(g["standings"]) == 4 for g in groups)
    for group in groups:
        # within a group of four A<B<C<D: the pair holding the group's lowest id wins each game, twice
        # over three pairings: the lowest plays in 6 winning games (6 primary, 18 secondary); the
        # other three win only with him: 2 games each (2 primary, 6 secondary).
        points = [(r["points"], r["tiebreaks"]["secondary"]) for r in group["standings"]]
        assert points[0] == (6, 18) and points[1:] == [(2, 6)] * 3
    # the three tied players of each group stay tied after secondary points: the sealed bids
    # (manual_order) order them (tests/test_unbroken_ties.py: pair waits while none is recorded).
    cli("pair", "ex")
    table = tree.read_round("ex", 7)
    assert table["stage"] == "free-for-all" and len(table["pairings"]) == 1
    seated = table["pairings"][0]["players"]
    assert len(seated) == 4
    text = tree.round_path("ex", 7).read_text(encoding="utf-8")
    assert "clans this turn: A Chitiniani, B Flyborg, C Sovietopteri, D USArtropodi" in text
    for number in range(7, 11):
        data = tree.read_round("ex", number)
        players = data["pairings"][0]["players"]
        # the same order every turn: seat A 1st, B 2nd, C 3rd, D 4th; A eliminates one opponent
        data["pairings"][0]["finish"] = list(players)
        data["pairings"][0]["bases"] = {"intact": 0, "damaged": 0, "square": 2}
        data["pairings"][0]["eliminated"] = {players[0]: 1}
        tree.save_round("ex", number, data)
        if number < 10:
            cli("pair", "ex")
            assert f"clans this turn: A {['Chitiniani', 'Flyborg', 'Sovietopteri', 'USArtropodi'][number - 6]}" in \
                tree.round_path("ex", number + 1).read_text(encoding="utf-8")
    ffa = standings(cli, "ex")["stages"][1]["standings"]
    # 4 turns: 1st 6 × 4 = 24, 2nd 4 × 4 = 16, 3rd 2 × 4 = 8, 4th 3 × 4 = 12 — 4th ranks above 3rd.
    assert [r["points"] for r in ffa] == [24, 16, 12, 8]
    assert [r["player"] for r in ffa] == [seated[0], seated[1], seated[3], seated[2]]
    assert ffa[0]["tiebreaks"] == {"secondary": 8, "wins": 4, "tertiary": 4, "second_places": 0}
    cli("pair", "ex")
    finals = tree.read_round("ex", 11)
    by_match = {p["match"]: p["players"] for p in finals["pairings"]}
    assert by_match == {"final": [seated[0], seated[1]], "third-place": [seated[3], seated[2]]}
    tree.save_round("ex", 11, best_of(finals, min))
    result = standings(cli, "ex")
    assert result["complete"]
    top4 = [r["player"] for r in result["standings"][:4]]
    assert top4 == [min(seated[0], seated[1]), max(seated[0], seated[1]),
                    min(seated[3], seated[2]), max(seated[3], seated[2])]


def test_a_table_of_two_names_its_winner_and_a_table_of_four_lists_its_places(tree, cli):
    """Issue 18: a Carcassonne table of two showed '85 : 70' without saying who won; a table of
    four listed its players in seat order. Six players: a table of four and one of two (one tile
    put back unseen, in the singular). VP 100, 90, 80, 70 at the four: 1st to 4th in that order,
    whatever their seats; 85 : 70 at the two: its first player wins."""
    names = ["Anna A", "Bara B", "Cyril C", "Dana D", "Emil E", "Filip F"]
    tree.event("cz", [{"name": n} for n in names], ruleset="carcassonne-cz")
    cli("pair", "cz")
    assert "setup: remove 1 tile unseen" in tree.round_path("cz", 1).read_text(encoding="utf-8")
    data = tree.read_round("cz", 1)
    four, two = sorted(data["pairings"], key=lambda p: -len(p["players"]))
    four["score"], two["score"] = [70, 100, 80, 90], [85, 70]
    tree.save_round("cz", 1, data)
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site/events/cz/rounds/1/index.html").read_text(encoding="utf-8")
    name = {slugify(n): n for n in names}
    assert f"{name[two['players'][0]]} wins (85 : 70)" in page
    by_place = [name[four["players"][i]] for i in (1, 3, 2, 0)]  # 100, 90, 80, 70
    positions = [page.index(f"{place}.</span> <a href=\"../../../../players/{slugify(n)}/\">{n}</a>")
                 for place, n in enumerate(by_place, start=1)]
    assert positions == sorted(positions)
