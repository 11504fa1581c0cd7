"""Tantrix online tournament rules, round 2 of fidelity (issue 15). Every expected number is
worked by hand in the comments, from the seed (002_3acad9b51e57a7c3.txt, the Polish
translation of the 2003 rules); section numbers (§) point into it."""
from __future__ import annotations

import json

from podium.errors import Src
from podium.model import Game, Pairing
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
