"""Tantrix: tournament points, time, defaults, round robin, knockout decisions, colours (RULESETS.md §3)."""
from __future__ import annotations

import itertools
from decimal import ROUND_HALF_UP, Decimal
from math import sqrt

import pytest

from podium.core.errors import Src
from podium.core.model import Game, Pairing
from podium.rules.structure import Stage
from podium.rules.games.tantrix import TantrixScoring, colour_plan, time_penalty, winner_tp

# The seed's table (§9), winner's TP by margin 0–36; the loser's column is 20 minus it. Its
# margin-7 row prints the loser as 1.5 — a typo for 4.5 (RULESETS.md §3), so only the winner's
# column is copied here and the loser's is derived.
SEED_TABLE = [10.0, 13.3, 13.9, 14.3, 14.7, 15.0, 15.3, 15.5, 15.8, 16.0, 16.2, 16.4, 16.6, 16.8, 17.0, 17.2, 17.3,
              17.5, 17.7, 17.8, 18.0, 18.1, 18.3, 18.4, 18.5, 18.7, 18.8, 18.9, 19.1, 19.2, 19.3, 19.4, 19.5, 19.7,
              19.8, 19.9, 20.0]
SRC = Src("rounds/1.yaml", 3)
SCORING = TantrixScoring()


def formula(margin: int) -> float:
    """10 + min(10, 2 + 4/3·√margin), half up to 0.1 — written out again, independently."""
    if margin == 0:
        return 10.0
    bonus = min(10.0, 2 + (4.0 / 3.0) * sqrt(margin))
    return float(Decimal(str(10 + bonus)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


@pytest.mark.parametrize("margin", range(0, 41))
def test_every_margin_follows_the_formula(margin):
    assert winner_tp(margin) == formula(margin)
    if margin <= 36:
        assert winner_tp(margin) == SEED_TABLE[margin]
    game = Game(src=SRC, score=(100 + margin, 100))
    won, lost = SCORING.game_points(game, ("a", "b"))
    assert won == winner_tp(margin) and round(won + lost, 6) == 20


def test_margin_seven_is_15_5_to_4_5_not_the_seeds_typo():
    assert SCORING.game_points(Game(src=SRC, score=(30, 23)), ("a", "b")) == (15.5, 4.5)


@pytest.mark.parametrize("clock, penalty", [("14:59", 0), ("15:00", 1), ("15:59", 1), ("16:00", 2), ("18:30", 4)])
def test_time_penalty_per_started_minute(clock, penalty):
    minutes, seconds = map(int, clock.split(":"))
    assert time_penalty(minutes * 60 + seconds) == penalty


def game(score, time=None, **kw):
    clocks = tuple(int(t[:-3]) * 60 + int(t[-2:]) for t in time) if time else None
    return Game(src=SRC, score=score, time=clocks, **kw)


def test_the_penalty_goes_to_the_opponent():
    # margin 9: 16.0 / 4.0; b finished at 15:02 → 1 TP from b to a.
    assert SCORING.game_points(game((31, 22), ("14:10", "15:02")), ("a", "b")) == (17, 3)


def test_both_players_over_time():
    # margin 4: 14.7 / 5.3; a loses 1 (15:30), b loses 3 (17:05): a 14.7 − 1 + 3, b 5.3 − 3 + 1.
    assert SCORING.game_points(game((20, 16), ("15:30", "17:05")), ("a", "b")) == (16.7, 3.3)


def test_points_stay_within_0_and_20():
    # margin 36 is 20–0 already; the loser's 2 minutes over cannot push it past 20–0.
    assert SCORING.game_points(game((40, 4), ("10:00", "16:10")), ("a", "b")) == (20, 0)
    # margin 32: 19.5 / 0.5; the loser's 1 TP penalty: 20.5 → 20 and −0.5 → 0.
    assert SCORING.game_points(game((40, 8), ("10:00", "15:10")), ("a", "b")) == (20, 0)


def test_defaults_no_show_and_double_disconnection():
    assert SCORING.game_points(Game(src=SRC, forfeit="b"), ("a", "b")) == (20, 0)
    assert SCORING.game_points(Game(src=SRC, disconnected=True), ("a", "b")) == (10, 10)
    assert not SCORING.played(Game(src=SRC, forfeit="b")) and not SCORING.played(Game(src=SRC, disconnected=True))


KNOCKOUT = Stage("knockout", size=4, games=2)


def match(*games):
    return Pairing(players=("a", "b"), src=SRC, games=tuple(games))


def test_knockout_tied_on_tp_and_games_goes_to_tiles():
    # a wins game 1 by 4 (14.7–5.3), b game 2 by 4: 20–20 TP, one game each; tiles 55 v 57.
    tied = match(Game(src=SRC, score=(24, 20), tiles=(30, 28)), Game(src=SRC, score=(18, 22), tiles=(25, 29)))
    totals = SCORING.totals(tied, 2)
    assert (totals["a"]["tp"], totals["b"]["tp"], totals["a"]["games_won"], totals["b"]["games_won"]) == (20, 20, 1, 1)
    assert SCORING.match_winner(tied, None, KNOCKOUT) == "b"


def test_knockout_tied_on_tiles_goes_to_the_extra_game():
    level = [Game(src=SRC, score=(24, 20), tiles=(30, 28)), Game(src=SRC, score=(18, 22), tiles=(28, 30))]
    assert SCORING.match_winner(match(*level), None, KNOCKOUT) is None
    assert not SCORING.decided(match(*level), KNOCKOUT)
    decided = match(*level, Game(src=SRC, winner="a"))
    assert SCORING.match_winner(decided, None, KNOCKOUT) == "a" and SCORING.decided(decided, KNOCKOUT)
    # the deciding game is a tie-break, not part of the match's points
    assert SCORING.totals(decided, 2)["a"]["tp"] == 20


def test_a_more_points_match_wins_on_tp_alone():
    clear = match(Game(src=SRC, score=(40, 10)), Game(src=SRC, score=(20, 21)))
    assert SCORING.match_winner(clear, None, KNOCKOUT) == "a"


@pytest.mark.parametrize("first, second, games, expected", [
    (("red", "yellow"), ("blue", "green"), 2, [("red", "blue", 0)] * 2),  # different 1st choices
    (("red", "yellow"), ("red", "green"), 2, [("yellow", "green", 0)] * 2),  # same 1st: both 2nd
    # both choices the same: the first-listed plays his 1st colour in the first half, the other
    # his 1st colour in the second half and the odd extra game
    (("red", "yellow"), ("red", "yellow"), 3, [("red", None, 0), (None, "red", 1), (None, "red", 1)]),
    (("red", "yellow"), (), 2, [("red", None, 0)] * 2),  # no preference: picks from the other three
    ((), (), 4, [(None, None, 0)] * 2 + [(None, None, 1)] * 2),  # nobody: first listed picks first half
])
def test_colour_preferences(first, second, games, expected):
    assert colour_plan(first, second, games) == expected


# ------------------------------------------------------------------ through the commands

def tantrix_players(count, ratings=None):
    return [{"name": f"Gracz {i}", "id": f"t{i}", **({"rating": ratings[i - 1]} if ratings else {})}
            for i in range(1, count + 1)]


def fill_games(tree, event_id, number, decide):
    """``decide(a, b, index)`` → (score a, score b) for each game of each pairing."""
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        a, b = pairing["players"]
        pairing["games"] = [{"score": list(decide(a, b, i)), "time": ["12:00", "13:00"], "tiles": [20, 20]}
                            for i in range(len(pairing["games"]))]
    tree.save_round(event_id, number, data)
    return data


def lower_id_wins(a, b, index):
    return (30, 20) if a < b else (20, 30)


def test_six_player_round_robin_every_pair_meets_once(tree, cli):
    tree.event("rr", tantrix_players(6), ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    met = []
    for number in range(1, 6):
        cli("pair", "rr")
        data = fill_games(tree, "rr", number, lower_id_wins)
        seated = [p for pairing in data["pairings"] for p in pairing["players"]]
        assert sorted(seated) == [f"t{i}" for i in range(1, 7)]  # everyone plays every round, once
        met += [frozenset(p["players"]) for p in data["pairings"]]
    assert sorted(met, key=sorted) == sorted({frozenset(c) for c in itertools.combinations([f"t{i}" for i in range(1, 7)], 2)}, key=sorted)
    assert "complete" in cli("pair", "rr", expect=1).output
    standings = __import__("json").loads(cli("standings", "rr", "--json").output)
    # margin 10 → 16.2 TP a game, two games a mini-match: t1 beat everyone: 5 × 32.4 = 162.
    top = standings["standings"][0]
    assert (top["player"], top["points"], top["tiebreaks"]["games_won"]) == ("t1", 162, 10)
    assert [r["player"] for r in standings["standings"]] == [f"t{i}" for i in range(1, 7)]


def test_round_file_lists_the_games_to_fill(tree, cli):
    tree.event("rr", tantrix_players(4), ruleset="tantrix")
    cli("pair", "rr")
    text = tree.round_path("rr", 1).read_text(encoding="utf-8")
    assert "stage: round-robin" in text and text.count('{score: [], time: ["", ""], tiles: []}') == 4


def test_total_exclusion_removes_the_absent_players_results(tree, cli):
    """§7d: absent from more games of the group (3) than a mini-match has (2) → excluded."""
    tree.event("rr", tantrix_players(4), ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    for number in range(1, 4):
        cli("pair", "rr")
        data = tree.read_round("rr", number)
        for pairing in data["pairings"]:
            a, b = pairing["players"]
            if "t4" in (a, b):  # t4 turns up for one game of his first match only
                absent = [{"forfeit": "t4"}, {"forfeit": "t4"}]
                pairing["games"] = ([{"score": [20, 30] if a == "t4" else [30, 20]}, {"forfeit": "t4"}]
                                    if number == 1 else absent)
            else:
                pairing["games"] = [{"score": list(lower_id_wins(a, b, 0))}] * 2
        tree.save_round("rr", number, data)
    rows = __import__("json").loads(cli("standings", "rr", "--json").output)["standings"]
    assert rows[-1]["player"] == "t4" and rows[-1]["status"] == "excluded"
    # t1 beat t2 and t3 (2 × 16.2 each); the 20 TP defaults against t4 are gone with t4's results.
    assert rows[0]["player"] == "t1" and rows[0]["points"] == 64.8


def test_knockout_seeded_by_rating_decided_by_tiles(tree, cli):
    tree.event("ko", tantrix_players(4, ratings=[1500, 1800, 1650, 1700]), ruleset="tantrix",
               structure=[{"kind": "knockout", "games": 2, "seeding": "rating", "third_place": False}])
    cli("pair", "ko")
    first = tree.read_round("ko", 1)
    assert [p["players"] for p in first["pairings"]] == [["t2", "t1"], ["t4", "t3"]]  # 1800 v 1500, 1700 v 1650
    for pairing in first["pairings"]:
        pairing["games"] = [{"score": [24, 20], "tiles": [30, 28]}, {"score": [18, 22], "tiles": [25, 29]}]
    tree.save_round("ko", 1, first)
    cli("pair", "ko")
    final = tree.read_round("ko", 2)
    assert final["pairings"][0]["players"] == ["t1", "t3"] and final["pairings"][0]["match"] == "final"


def test_elo_update_by_hand():
    from podium.rules.elo import expected, update

    # equal ratings: expected ½; a 20–0 game (score 1) moves K/2 = 16 points each way.
    assert expected(1500, 1500) == 0.5
    assert update(1500, 1500, 1.0) == (1516, 1484)
    # 400 points apart: the favourite expects 10/11; a 10–10 draw costs him 32·(½ − 10/11).
    a, b = update(1900, 1500, 0.5)
    assert round(a, 3) == round(1900 + 32 * (0.5 - 10 / 11), 3) and round(a + b, 6) == 3400


def test_ratings_carry_across_events_and_skip_defaults(tree, cli):
    import datetime

    from podium.run.archive import load_archive

    tree.event("e1", tantrix_players(2, ratings=[1600, 1400]), ruleset="tantrix", date=datetime.date(2023, 3, 1),
               structure=[{"kind": "round-robin", "games": 2}])
    tree.event("e2", tantrix_players(2), ruleset="tantrix", date=datetime.date(2023, 4, 1),
               structure=[{"kind": "round-robin", "games": 2}])
    for event_id in ("e1", "e2"):
        cli("pair", event_id)
        data = tree.read_round(event_id, 1)
        data["pairings"][0]["games"] = [{"score": [31, 31]}, {"forfeit": "t2"}]  # a 10–10 game and a default
        tree.save_round(event_id, 1, data)
    ratings = load_archive(tree.content).ratings
    # e1: one rated game, a draw between 1600 and 1400: t1 expects 1/(1+10^(−0.5)) ≈ 0.7597.
    first = 1600 + 32 * (0.5 - 1 / (1 + 10 ** (-200 / 400)))
    assert [p.games for p in ratings["t1"]] == [1, 1]
    assert ratings["t1"][0].rating == round(first, 1)
    # e2 registers no rating: the players carry on from e1, not from 1500.
    other = 3000 - first  # Elo moves points from one player to the other
    second = first + 32 * (0.5 - 1 / (1 + 10 ** ((other - first) / 400)))
    assert ratings["t1"][1].rating == round(second, 1)
    cli("build")
    page = (tree.root / "site/players/t1/index.html").read_text(encoding="utf-8")
    assert "<svg" in page and "<polyline" in page and f"{ratings['t1'][1].rating:,}" in page
