"""Tantrix online tournament rules, round 2 of fidelity (issue 15). Every expected number is
worked by hand in the comments, from the seed (002_3acad9b51e57a7c3.txt, the Polish
translation of the 2003 rules); section numbers (§) point into it."""
from __future__ import annotations

import json

from podium.errors import Src
from podium.model import Game, Pairing
from podium.rules.outcome import Outcome
from podium.rules.standings.metrics import Context, GamesWon, MutualPoints, RandomLot
from podium.rules.standings.order import rank_players
from podium.rules.standings.records import Record
from podium.rules.structure import Stage
from podium.rules.tantrix import TantrixScoring

SRC = Src("rounds/1.yaml", 3)
SCORING = TantrixScoring()
KNOCKOUT = Stage("knockout", size=2, games=2)
ROUND_ROBIN = Stage("round-robin", games=2)


def clock(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def game(score, time=("10:00", "10:00"), tiles=(20, 20)):
    return Game(src=SRC, score=score, time=tuple(clock(t) for t in time), tiles=tiles)


# ------------------------------------------------------------------ 1. the board, not the TP

# a wins both games on the board, but over time in both:
#   game 1: 21–20, margin 1 → 13.3 / 6.7; a's clock 18:10 → 1 + 3 started minutes = 4 TP to b:
#           a 9.3, b 10.7 (b ahead on TP, a the winner on the board)
#   game 2: 24–20, margin 4 → 14.7 / 5.3; a's clock 18:10 again → 4 TP to b: a 10.7, b 9.3
#   match:  a 9.3 + 10.7 = 20.0, b 10.7 + 9.3 = 20.0 — level on TP.
# On the board a won 2 games to 0, margins +1 and +4 = +5 (b −5). By TP each "won" one game.
# Tiles: b used more (30 + 30 against 20 + 20), so a tie-break on TP-won games (1–1) would go on
# to the tiles and give the match to b.
PENALISED = (game((21, 20), ("18:10", "12:00"), (20, 30)), game((24, 20), ("18:10", "12:00"), (20, 30)))


def test_games_won_and_margins_come_from_the_board_not_the_tp():
    """§10a, §10d: games won (½ a draw) and the sum of margins are the game's own result; a time
    penalty moves TP (§9b) but does not turn a game won on the board into a lost one."""
    totals = SCORING.totals(Pairing(players=("a", "b"), src=SRC, games=PENALISED), 2)
    assert (totals["a"]["tp"], totals["b"]["tp"]) == (20, 20)
    assert (totals["a"]["games_won"], totals["b"]["games_won"]) == (2, 0)
    assert (totals["a"]["margin_sum"], totals["b"]["margin_sum"]) == (5, -5)


def test_a_knockout_level_on_tp_goes_to_the_board_winner_of_more_games():
    """§10a: equal TP → more games won (on the board: a 2, b 0) — the tiles (b 60 v 40) never count."""
    match = Pairing(players=("a", "b"), src=SRC, games=PENALISED)
    assert SCORING.match_winner(match, None, KNOCKOUT) == "a"


def test_a_draw_on_the_board_is_half_a_game_won_whatever_the_clocks():
    """§10d: a draw counts ½. 25–25 is 10–10 TP; b's clock 15:40 moves 1 TP to a (11–9), but on
    the board it is still a draw: ½ game each, margin 0."""
    drawn = Pairing(players=("a", "b"), src=SRC, games=(game((25, 25), ("12:00", "15:40")),))
    totals = SCORING.totals(drawn, 1)
    assert (totals["a"]["tp"], totals["b"]["tp"]) == (11, 9)
    assert (totals["a"]["games_won"], totals["b"]["games_won"]) == (0.5, 0.5)
    assert (totals["a"]["margin_sum"], totals["b"]["margin_sum"]) == (0, 0)


def test_the_standings_show_the_board_games_won():
    """Through the round robin's outcomes: the games_won and margin_sum columns are the board's."""
    outcomes = SCORING.outcomes(Pairing(players=("a", "b"), src=SRC, games=PENALISED), 1, ROUND_ROBIN)
    assert [(o.player, o.points, o.stats["games_won"], o.stats["margin_sum"]) for o in outcomes] == [
        ("a", 20, 2, 5), ("b", 20, 0, -5)]


# ------------------------------------------------------------------ 5. results between the tied, again

def mini_match(records, a, b, tp_a, tp_b, won_a=1, won_b=1):
    """One mini-match of two games (40 TP between the two) into both players' records."""
    records[a].add(Outcome(a, b, "win" if tp_a > tp_b else "loss", tp_a, 0, 1, stats={"games_won": won_a}))
    records[b].add(Outcome(b, a, "win" if tp_b > tp_a else "loss", tp_b, 0, 1, stats={"games_won": won_b}))


def test_results_between_the_tied_are_applied_again_to_those_still_tied():
    """§10b. Four players; a, b and c finish on 70 TP each:
         a v b 22–18, a v c 24–16, b v c 19–21; against d: a 24–16, b 33–7, c 33–7.
       totals: a 22 + 24 + 24 = 70, b 18 + 19 + 33 = 70, c 16 + 21 + 33 = 70, d 30.
       Between a, b and c: a 22 + 24 = 46, b 18 + 19 = 37, c 16 + 21 = 37 → a first, b and c still level.
       Between b and c alone: c 21, b 19 → c 2nd, b 3rd.
       (Had b and c gone on to games won, b's 4 against c's 3 would have put b 2nd.)"""
    records = {p: Record(p) for p in "abcd"}
    mini_match(records, "a", "b", 22, 18)
    mini_match(records, "a", "c", 24, 16)
    mini_match(records, "b", "c", 19, 21)
    mini_match(records, "a", "d", 24, 16, won_a=1, won_b=1)
    mini_match(records, "b", "d", 33, 7, won_a=2, won_b=0)
    mini_match(records, "c", "d", 33, 7, won_a=1, won_b=1)
    assert [records[p].points for p in "abcd"] == [70, 70, 70, 30]
    assert [records[p].stat("games_won") for p in "bc"] == [4, 3]
    rows = rank_players(list("abcd"), [MutualPoints(), GamesWon(), RandomLot()], Context(records, 1), {})
    assert [(r.rank, r.player, r.separated_by) for r in rows] == [
        (1, "a", None), (2, "c", "mutual_points"), (3, "b", "mutual_points"), (4, "d", "points")]
