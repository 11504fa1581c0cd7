"""Tantrix online tournament rules, round 2 of fidelity (issue 15). Every expected number is
worked by hand in the comments, from the seed (002_3acad9b51e57a7c3.txt, the Polish
translation of the 2003 rules); section numbers (§) point into it."""
from __future__ import annotations

import json

from podium.core.errors import Src
from podium.core.model import Game, Pairing
from podium.rules.outcome import Outcome
from podium.rules.standings.metrics import Context, GamesWon, MutualPoints, RandomLot
from podium.rules.standings.order import rank_players
from podium.rules.standings.records import Record
from podium.rules.structure import Stage
from podium.rules.games.tantrix import TantrixScoring, colour_plan, team_default
from play import only_problem

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


# ------------------------------------------------------------------ 2. a withdrawal from a round robin

FIVE = [{"name": f"Gracz {i}", "id": f"t{i}", "rating": 2000 - 100 * i} for i in range(1, 6)]


def lower_id_wins_every_game(tree, event_id, number):
    """Fill round ``number``: the lower id wins both games 30–20 (margin 10: 16.2 / 3.8 TP a game,
    32.4 / 7.6 a mini-match), within the clock, 20 tiles each."""
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        a, b = pairing["players"]
        score = [30, 20] if a < b else [20, 30]
        pairing["games"] = [{"score": score, "time": ["12:00", "12:00"], "tiles": [20, 20]}] * 2
    tree.save_round(event_id, number, data)
    return data


def test_a_player_who_withdraws_from_a_round_robin_is_totally_excluded(tree, cli):
    """§7d, §7l. Five rated players in one group (Berger order t1…t5):
         round 1: t5 v t2, t3 v t4   round 2: t5 v t1, t2 v t3   round 3: t4 v t1, t3 v t5
         round 4: t1 v t3, t2 v t4   round 5: t1 v t2, t4 v t5
       t3 beats t4 in round 1, loses to t2 in round 2, then withdraws ('drops: [t3]' in round 2)
       with t5 and t1 still to play: his games of rounds 3 and 4 are not paired — 4 games
       missed, more than a mini-match's 2 — and all his results go, t2's 32.4 against him and
       t4's 7.6 with them.
         t1: beat t5, t4, t2           3 × 32.4        = 97.2
         t2: beat t5, t4, lost to t1   2 × 32.4 + 7.6  = 72.4
         t4: lost to t1, t2, beat t5   32.4 + 2 × 7.6  = 47.6
         t5: lost all three            3 × 7.6         = 22.8
         t3: excluded, nothing counts  0, last."""
    tree.event("rr", FIVE, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    for number in range(1, 6):
        cli("pair", "rr")
        data = lower_id_wins_every_game(tree, "rr", number)
        if number == 2:
            data["drops"] = ["t3"]
            tree.save_round("rr", 2, data)
        if number >= 3:
            assert all("t3" not in p["players"] for p in data["pairings"])
    assert [p["players"] for p in tree.read_round("rr", 3)["pairings"]] == [["t4", "t1"]]
    assert "complete" in cli("pair", "rr", expect=1).output
    report = json.loads(cli("standings", "rr", "--json").output)
    assert report["complete"]
    assert [(r["rank"], r["player"], r["points"], r["status"]) for r in report["standings"]] == [
        (1, "t1", 97.2, "active"), (2, "t2", 72.4, "active"), (3, "t4", 47.6, "active"), (4, "t5", 22.8, "active"),
        (5, "t3", 0, "excluded")]
    assert report["standings"][0]["tiebreaks"]["games_won"] == 6  # three mini-matches of two games, t3's gone


def test_a_player_who_withdraws_after_his_last_game_keeps_his_results(tree, cli):
    """§7l asks for every game to be played; one who withdraws after round 5 has played them all
    (t3's last game was in round 4; withdrawing after round 4 leaves nothing unplayed either):
    he keeps his results and is listed as withdrawn. Every game as above, t3 now included:
    t3 beat t4, t5 and lost to t2, t1: 2 × 32.4 + 2 × 7.6 = 80."""
    tree.event("rr", FIVE, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    for number in range(1, 6):
        cli("pair", "rr")
        data = lower_id_wins_every_game(tree, "rr", number)
        if number == 4:
            data["drops"] = ["t3"]
            tree.save_round("rr", 4, data)
    rows = json.loads(cli("standings", "rr", "--json").output)["standings"]
    assert [(r["player"], r["points"], r["status"]) for r in rows][2] == ("t3", 80, "dropped")


def withdraw_after_round_3(tree, cli, absent_in_round_1=False):
    """The five players above, the lower id winning every game; t3 withdraws after round 3 with
    one mini-match left (round 4, against t1; his bye falls in round 5). ``absent_in_round_1``:
    t3 also did not turn up for the second game against t4 (a default: 20–0 TP to t4)."""
    tree.event("rr", FIVE, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    for number in range(1, 6):
        cli("pair", "rr")
        data = lower_id_wins_every_game(tree, "rr", number)
        if number == 1 and absent_in_round_1:
            pairing = next(p for p in data["pairings"] if "t3" in p["players"])
            pairing["games"] = [pairing["games"][0], {"forfeit": "t3"}]
        if number == 3:
            data["drops"] = ["t3"]
        tree.save_round("rr", number, data)
    assert [p["players"] for p in tree.read_round("rr", 4)["pairings"]] == [["t2", "t4"]]  # t1 v t3 not paired
    return json.loads(cli("standings", "rr", "--json").output)


def test_a_withdrawal_with_one_mini_match_left_is_not_a_total_exclusion(tree, cli):
    """§7d excludes a player absent from MORE games than a mini-match has (2). t3, withdrawing
    after round 3, misses only his round-4 mini-match against t1: 2 games, not more. He keeps his
    results; t1 wins the two games by default (§7b: 20 TP each, 0 to t3), with round 4.
         t1: t5 (r2), t4 (r3), t2 (r5) 3 × 32.4 + 2 × 20 default   = 137.2, games won 8
         t2: t5 (r1), t3 (r2), t4 (r4) 3 × 32.4 + 7.6 (t1)         = 104.8
         t3: t4 (r1) 32.4, t2 (r2) 7.6, t5 (r3) 32.4, t1 (r4) 0    = 72.4, withdrawn
         t4: t3, t1, t2 3 × 7.6 + t5 (r5) 32.4                     = 55.2
         t5: lost all four 4 × 7.6                                 = 30.4"""
    report = withdraw_after_round_3(tree, cli)
    assert report["complete"]
    assert [(r["rank"], r["player"], r["points"], r["status"]) for r in report["standings"]] == [
        (1, "t1", 137.2, "active"), (2, "t2", 104.8, "active"), (3, "t3", 72.4, "dropped"),
        (4, "t4", 55.2, "active"), (5, "t5", 30.4, "active")]
    assert report["standings"][0]["tiebreaks"]["games_won"] == 8  # the defaults are games won (§7b)
    cli("check")
    cli("build", "--out", tree.root / "site")


def test_a_withdrawal_adds_to_the_games_a_player_did_not_turn_up_for(tree, cli):
    """§7d counts every absence: t3 did not turn up for one game in round 1 and then misses the
    two games of round 4 by withdrawing — 3 games, more than a mini-match's 2: totally excluded.
    Without t3's results (as in the test of the withdrawal after round 2):
         t1: t5, t4, t2 3 × 32.4 = 97.2;  t2: t5, t4 2 × 32.4 + t1 7.6 = 72.4;
         t4: t1, t2 2 × 7.6 + t5 32.4 = 47.6;  t5: 3 × 7.6 = 22.8."""
    report = withdraw_after_round_3(tree, cli, absent_in_round_1=True)
    assert [(r["rank"], r["player"], r["points"], r["status"]) for r in report["standings"]] == [
        (1, "t1", 97.2, "active"), (2, "t2", 72.4, "active"), (3, "t4", 47.6, "active"), (4, "t5", 22.8, "active"),
        (5, "t3", 0, "excluded")]


# ------------------------------------------------------------------ 3. colours (§5)

COLOURED = [{"name": "Gracz 1", "id": "t1", "rating": 1900, "colours": ["red", "yellow"]},
            {"name": "Gracz 2", "id": "t2", "rating": 1800, "colours": ["red", "yellow"]},
            {"name": "Gracz 3", "id": "t3", "rating": 1700, "colours": ["red", "blue"]},
            {"name": "Gracz 4", "id": "t4", "rating": 1600}]


def colour_lines(tree, number):
    text = tree.round_path("cc", number).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if "# colours: " in line]


def test_pair_writes_each_games_colours_and_the_site_shows_them(tree, cli):
    """§5, mini-matches of 3 games, the pairing's first player being "first on the list":
       round 1  t1 v t4: only t1 reserved → t1 red in every game, t4 picks one of the other three
                t3 v t2: both 1st choices red → each his 2nd: t3 blue, t2 yellow, every game
       round 2  t3 v t1: red clash → 2nd choices blue / yellow; t2 v t4: t2 red, t4 picks
       round 3  t1 v t2: 1st and 2nd choices the same → t1's red in the first half (3 // 2 = game 1),
                t2's red in the second half and the odd extra game (games 2–3); the other picks."""
    tree.event("cc", COLOURED, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 3}])
    cli("pair", "cc")
    assert colour_lines(tree, 1) == [
        "# colours: games 1–3: Gracz 1 red, Gracz 4 picks another colour",
        "# colours: games 1–3: Gracz 3 blue, Gracz 2 yellow"]
    expected = {2: ["# colours: games 1–3: Gracz 3 blue, Gracz 1 yellow",
                    "# colours: games 1–3: Gracz 2 red, Gracz 4 picks another colour"]}
    for number in (1, 2):
        data = tree.read_round("cc", number)  # (saving drops the file's comments: read them first)
        for pairing in data["pairings"]:
            pairing["games"] = [{"score": [30, 20], "time": ["12:00", "12:00"], "tiles": [20, 20]}] * 3
        tree.save_round("cc", number, data)
        cli("pair", "cc")
        if number + 1 in expected:
            assert colour_lines(tree, number + 1) == expected[number + 1]
    assert colour_lines(tree, 3) == [
        "# colours: game 1: Gracz 1 red, Gracz 2 picks another colour; "
        "games 2–3: Gracz 1 picks another colour, Gracz 2 red",
        "# colours: games 1–3: Gracz 4 picks another colour, Gracz 3 red"]
    cli("check")
    cli("build", "--out", tree.root / "site")
    page = next((tree.root / "site" / "events" / "cc").rglob("3/index.html")).read_text(encoding="utf-8")
    assert "Colours: game 1 red / own choice · game 2 own choice / red · game 3 own choice / red" in page


def test_a_single_game_gives_the_odd_game_to_the_second_player():
    """§5: the first-listed has the first half, the opponent "the second half and the extra round
    when the number of rounds is odd" — one game is no first half and one extra round."""
    assert colour_plan(("red",), ("red",), 1) == [(None, "red", 1)]
    assert colour_plan((), (), 1) == [(None, None, 1)]


def test_when_neither_player_named_a_colour_the_first_listed_picks_first_for_the_first_half(tree, cli):
    """§5, last case: neither player reserved a colour, so the first on the list chooses first
    and keeps it for the first half of the mini-match; the opponent chooses for the second half
    and the odd extra game. Mini-matches of 3 games: first half = game 1 (3 // 2), second half =
    games 2–3. Round 1 of four players without preferences pairs t1 v t4 and t3 v t2 (Berger)."""
    plain = [{key: value for key, value in player.items() if key != "colours"} for player in COLOURED]
    tree.event("cc", plain, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 3}])
    cli("pair", "cc")
    assert colour_lines(tree, 1) == [
        "# colours: game 1: Gracz 1 picks a colour first; games 2–3: Gracz 4 picks a colour first",
        "# colours: game 1: Gracz 3 picks a colour first; games 2–3: Gracz 2 picks a colour first"]
    cli("build", "--out", tree.root / "site")
    page = next((tree.root / "site" / "events" / "cc").rglob("1/index.html")).read_text(encoding="utf-8")
    assert "Colours: game 1 Gracz 1 picks first · game 2 Gracz 4 picks first · game 3 Gracz 4 picks first" in page


# ------------------------------------------------------------------ 4. the play-off for a qualifying place (§10c)

WIN_10 = {"score": [30, 20], "time": ["12:00", "12:00"], "tiles": [20, 20]}  # 16.2 / 3.8
GAMES_FOR = {  # each pairing's two games, for the player listed first (the Berger order)
    ("t1", "t4"): [WIN_10, WIN_10], ("t3", "t1"): [{"score": [20, 30]}] * 2, ("t1", "t2"): [WIN_10, WIN_10],
    # t3 v t2: one game each by 4 (14.7 / 5.3): 20–20 TP, a game each
    ("t3", "t2"): [{"score": [24, 20]}, {"score": [20, 24]}],
    # t2 v t4: t2 wins both by 10: 32.4 / 7.6
    ("t2", "t4"): [{"score": [30, 20]}] * 2,
    # t4 v t3: t3 wins by 11 (16.4 / 3.6), then a 25–25 draw with t4 at 20:10 on his clock: 6 TP
    # to t3 (16 / 4) — t3 32.4, t4 7.6, but on the board t3 won 1 game and drew 1
    ("t4", "t3"): [{"score": [20, 31]}, {"score": [25, 25], "time": ["20:10", "12:00"]}],
}


def group_then_final(tree, playoffs=None):
    tree.event("po", FIVE[:4], ruleset="tantrix", structure=[
        {"kind": "round-robin", "games": 2, "advance": 2}, {"kind": "knockout", "games": 2, "third_place": False}],
        **({"playoffs": playoffs} if playoffs else {}))


def play_the_group(tree, cli):
    """§10c. Four players, two go on to a final. t1 beats everyone (3 × 32.4 = 97.2).
         t2: 7.6 (t1) + 20 (t3) + 32.4 (t4) = 60, games won on the board 0 + 1 + 2   = 3
         t3: 7.6 (t1) + 20 (t2) + 32.4 (t4) = 60, games won on the board 0 + 1 + 1.5 = 2.5
         t4: 3 × 7.6 = 22.8
       t2 and t3 are level on TP and on the results between them (20–20): a tie for the 2nd,
       qualifying, place."""
    for number in (1, 2, 3):
        cli("pair", "po")
        data = tree.read_round("po", number)
        for pairing in data["pairings"]:
            pairing["games"] = GAMES_FOR[tuple(pairing["players"])]
        tree.save_round("po", number, data)


PLAY_OFF_NOTE = ("t2 and t3 are tied for 2nd and 3rd place after points and results between the tied players of "
                 "the round-robin stage, and their order decides who goes on to the knockout stage; the tie is "
                 "awaiting a play-off game (Tantrix §10c): they play one 5-minute game; record its winner in "
                 "event.yaml as 'playoffs: [{players: [t2, t3], winner: …}]'")


def test_a_tie_for_a_qualifying_place_waits_for_its_play_off(tree, cli):
    """§10c, §10d: the wins (t2 3, t3 2.5) decide only "the less important" ties; the 2nd place
    goes on to the final, so t2 and t3 play a 5-minute game for it. Until its winner is recorded
    they share the 2nd place, check names them and pair writes no final."""
    group_then_final(tree)
    play_the_group(tree, cli)
    rows = json.loads(cli("standings", "po", "--json").output)["stages"][0]["standings"]
    assert [(r["rank"], r["player"], r["points"], r["tiebreaks"]["games_won"], r.get("tie")) for r in rows] == [
        (1, "t1", 97.2, 6, None), (2, "t2", 60, 3, "undecided"), (2, "t3", 60, 2.5, "undecided"),
        (4, "t4", 22.8, 0.5, None)]
    where = "content/events/po/rounds/3.yaml:1"
    assert f"note: {where}: {PLAY_OFF_NOTE} (round 4 cannot be paired until then)" in cli("check").output
    refused = cli("pair", "po", expect=1).output
    assert f"{where}: round 4 cannot be paired: {PLAY_OFF_NOTE}; then run pair again" in refused
    assert not tree.round_path("po", 4).exists()


def test_the_recorded_play_off_decides_the_qualifying_place(tree, cli):
    """§10c: t3 won the play-off game: 2nd, and on to the final against t1, whatever §10d says."""
    group_then_final(tree, playoffs=[{"players": ["t2", "t3"], "winner": "t3"}])
    play_the_group(tree, cli)
    rows = json.loads(cli("standings", "po", "--json").output)["stages"][0]["standings"]
    assert [(r["rank"], r["player"], r.get("separated_by"), r.get("tie")) for r in rows] == [
        (1, "t1", None, None), (2, "t3", "points", None), (3, "t2", "playoff", None), (4, "t4", "points", None)]
    assert "t2 and t3" not in cli("check").output
    cli("pair", "po")
    assert tree.read_round("po", 4)["pairings"][0]["players"] == ["t1", "t3"]  # t3 goes on to the final


def test_a_tie_for_a_place_that_decides_nothing_goes_to_the_wins(tree, cli):
    """§10d: the same group played as the whole event (no final): t1 wins it alone, and the tie
    for 2nd place decides nothing — "a less important" tie, so the wins on the board decide it
    (t2 3 against t3 2.5), with no play-off asked for."""
    tree.event("po", FIVE[:4], ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    play_the_group(tree, cli)
    report = json.loads(cli("standings", "po", "--json").output)
    assert report["complete"]
    assert [(r["rank"], r["player"], r.get("separated_by"), r.get("tie")) for r in report["standings"]] == [
        (1, "t1", None, None), (2, "t2", "points", None), (3, "t3", "games_won", None), (4, "t4", "points", None)]
    assert "note:" not in cli("check").output


# Three players level after the results between them: t2, t3 and t4 each win one game by 4 and
# lose the other by 4 against each other (14.7 + 5.3 = 20 TP a mini-match, 40 between the three),
# and each loses both games to t1 by 10 (2 × 3.8 = 7.6): 47.6 each; t1 3 × 32.4 = 97.2.
EVEN = [{"score": [24, 20]}, {"score": [20, 24]}]
THREE_LEVEL = {("t1", "t4"): [WIN_10, WIN_10], ("t3", "t1"): [{"score": [20, 30]}] * 2, ("t1", "t2"): [WIN_10, WIN_10],
               ("t3", "t2"): EVEN, ("t2", "t4"): EVEN, ("t4", "t3"): EVEN}


def test_three_tied_for_a_qualifying_place_wait_for_the_organizers_order(tree, cli):
    """§10c plays off a tie of two; of three (t2, t3, t4 for the 2nd place, which goes on) the
    seed says nothing, so the organizer decides ('manual_order:'), not §10d — whose wins (2
    each), margins (0 each) and tiles (none entered) would leave the place to the lot. Once he
    has written [t4, t2, t3], t4 is 2nd and plays the final."""
    group_then_final(tree)
    for number in (1, 2, 3):
        cli("pair", "po")
        data = tree.read_round("po", number)
        for pairing in data["pairings"]:
            pairing["games"] = THREE_LEVEL[tuple(pairing["players"])]
        tree.save_round("po", number, data)
    rows = json.loads(cli("standings", "po", "--json").output)["stages"][0]["standings"]
    assert [(r["rank"], r["points"], r.get("tie")) for r in rows] == [
        (1, 97.2, None), (2, 47.6, "undecided"), (2, 47.6, "undecided"), (2, 47.6, "undecided")]
    assert ("t2, t3 and t4 are tied for 2nd–4th place after points and results between the tied players of the "
            "round-robin stage, and their order decides who goes on to the knockout stage; the tie is awaiting the "
            "organizer's decision: Tantrix §10c plays off a tie of two players and says nothing of 3, so write "
            "'manual_order: [t2, t3, t4]' in event.yaml, best first") in cli("pair", "po", expect=1).output

    event = tree.content / "events" / "po" / "event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "manual_order: [t4, t2, t3]\n", encoding="utf-8")
    rows = json.loads(cli("standings", "po", "--json").output)["stages"][0]["standings"]
    assert [(r["rank"], r["player"], r.get("separated_by"), r.get("tie")) for r in rows] == [
        (1, "t1", None, None), (2, "t4", "points", None), (3, "t2", "playoff", None), (4, "t3", "playoff", None)]
    cli("pair", "po")
    assert tree.read_round("po", 4)["pairings"][0]["players"] == ["t1", "t4"]


def test_a_play_off_that_does_not_fit_is_refused_with_its_line(tree, cli):
    tree.event("po", FIVE[:4], ruleset="tantrix")
    tree.write("events/po/event.yaml", """\
name: Play-offs
ruleset: tantrix
seed: 1
playoffs:
  - {players: [t2, t3], winner: t4}
  - {players: [t2, t2], winner: t2}
  - {players: [t1, t2], winner: t1}
  - {players: [t2, t1], winner: t2}
""")
    out = cli("check", expect=1).output
    where = "content/events/po/event.yaml"
    assert f"{where}:5: 'winner: t4' did not play this play-off; write t2 or t3" in out
    assert f"{where}:6: a play-off is one game between two tied players: 'players: [id, id]'" in out
    assert f"{where}:8: a play-off between t2 and t1 is recorded already (line 7); keep the one that was played" in out


# ------------------------------------------------------------------ 6. team events: a default (§7c)

def test_a_team_default_is_15_or_the_teams_higher_average():
    """§7c: a default win in a team game is worth 15 TP, or the average of all the team's
    players' results, to 0.1, when that is more than 15; the absent player gets 20 minus it.
      results 16.2, 17.0, 13.3       → 46.5 / 3 = 15.5 > 15 → 15.5 / 4.5
      results 16.2, 17.0, 13.3, 18.4 → 64.9 / 4 = 16.225 → 16.2 / 3.8
      results 10, 13.3, 16.2         → 39.5 / 3 = 13.17 < 15 → 15 / 5
      no game played yet             → 15 / 5"""
    assert team_default([16.2, 17.0, 13.3]) == (15.5, 4.5)
    assert team_default([16.2, 17.0, 13.3, 18.4]) == (16.2, 3.8)
    assert team_default([10, 13.3, 16.2]) == (15, 5)
    assert team_default([]) == (15, 5)


# ------------------------------------------------------------------ 7. a round robin of three that loses a player

# Rated Ala > Bob > Cyd: the Berger order is Ala, Bob, Cyd, and with three players one rests
# each round — round 1 Cyd v Bob (Ala rests), round 2 Ala v Cyd, round 3 Bob v Ala.
THREE = [{"name": "Ala", "id": "ala", "rating": 1900}, {"name": "Bob", "id": "bob", "rating": 1800},
         {"name": "Cyd", "id": "cyd", "rating": 1700}]
BY_5 = {"score": [30, 25], "time": ["12:00", "12:00"], "tiles": [20, 20]}  # margin 5: 2 + 4/3·√5 = 4.98 → 15.0 / 5.0
BY_10 = WIN_10  # margin 10: 2 + 4/3·√10 = 6.22 → 16.2 / 3.8
LOST_BY_10 = {**WIN_10, "score": [20, 30]}


def play_three(tree, cli, results: dict, drops: dict, last: int = 3) -> dict:
    """Pair and fill rounds until pair has nothing left: ``results`` gives each pairing's two
    games (for its players as listed), ``drops`` the players withdrawing after a round."""
    tree.event("rr", THREE, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    played = {}
    for number in range(1, last + 1):
        if "complete" in cli("pair", "rr", expect=None).output:
            break
        data = tree.read_round("rr", number)
        for pairing in data["pairings"]:
            pairing["games"] = [results[tuple(pairing["players"])]] * 2
        if number in drops:
            data["drops"] = drops[number]
        tree.save_round("rr", number, data)
        played[number] = [tuple(p["players"]) for p in data["pairings"]]
    return played


def test_a_round_where_only_the_withdrawn_players_games_remain_is_not_played(tree, cli):
    """§7d, §7l (the audit's case). Ala withdraws after round 1, which she rested: she misses
    her mini-matches against Cyd (round 2) and Bob (round 3), 4 games, more than a mini-match's
    2 — totally excluded. Rounds 2 and 3 hold only her games: nothing is left to play, so they
    are not played and the event is complete after round 1. Before, pair wrote a round 2 with
    empty 'pairings:' that check, standings and build refused.
       Cyd beat Bob 30–25 twice: Cyd 2 × 15.0 = 30, Bob 2 × 5.0 = 10; Ala 0, excluded."""
    played = play_three(tree, cli, {("cyd", "bob"): BY_5}, drops={1: ["ala"]})
    assert played == {1: [("cyd", "bob")]}
    assert not tree.round_path("rr", 2).exists()
    assert "rr/event.yaml:1: the event is complete" in cli("pair", "rr", expect=1).output
    report = json.loads(cli("standings", "rr", "--json").output)
    assert report["complete"]
    assert [(r["rank"], r["player"], r["points"], r["status"]) for r in report["standings"]] == [
        (1, "cyd", 30, "active"), (2, "bob", 10, "active"), (3, "ala", 0, "excluded")]
    cli("check")
    cli("build", "--out", tree.root / "site")


def test_the_rounds_after_a_round_left_empty_move_up(tree, cli):
    """§7d, §7b. Cyd withdraws after round 1 (Cyd beat Bob: Cyd 30, Bob 10). His round-2
    mini-match against Ala is 2 games missed, not more than a mini-match: he keeps his results
    and Ala wins both by default, 2 × 20 = 40 TP. Round 2 had nothing else, so round 3's
    Bob v Ala is played as round 2, with Ala's defaults. Ala beats Bob by 10 twice: 32.4 / 7.6.
       Ala 40 + 32.4 = 72.4;  Cyd 30, withdrawn;  Bob 10 + 7.6 = 17.6 — the event ends with round 2."""
    played = play_three(tree, cli, {("cyd", "bob"): BY_5, ("bob", "ala"): LOST_BY_10}, drops={1: ["cyd"]})
    assert played == {1: [("cyd", "bob")], 2: [("bob", "ala")]}
    assert tree.read_round("rr", 2)["round"] == 2
    report = json.loads(cli("standings", "rr", "--json").output)
    assert report["complete"]
    assert [(r["rank"], r["player"], r["points"], r["status"]) for r in report["standings"]] == [
        (1, "ala", 72.4, "active"), (2, "cyd", 30, "dropped"), (3, "bob", 17.6, "active")]
    assert report["standings"][0]["tiebreaks"]["games_won"] == 4  # 2 defaults (§7b) + 2 won on the board


def test_defaults_of_a_last_round_left_empty_count_with_the_round_before(tree, cli):
    """§7d, §7b. Round 1 Cyd beats Bob (30 / 10); round 2 Ala beats Cyd by 10 twice (32.4 /
    7.6) and withdraws, missing only round 3 against Bob: 2 games, so she keeps her results and
    Bob wins them by default (40). Nothing else is left in round 3: the event ends with round 2,
    Bob's defaults counted with it.  Bob 10 + 40 = 50;  Cyd 30 + 7.6 = 37.6;  Ala 32.4, withdrawn."""
    played = play_three(tree, cli, {("cyd", "bob"): BY_5, ("ala", "cyd"): BY_10}, drops={2: ["ala"]})
    assert played == {1: [("cyd", "bob")], 2: [("ala", "cyd")]}
    report = json.loads(cli("standings", "rr", "--json").output)
    assert report["complete"]
    assert [(r["rank"], r["player"], r["points"], r["status"]) for r in report["standings"]] == [
        (1, "bob", 50, "active"), (2, "cyd", 37.6, "active"), (3, "ala", 32.4, "dropped")]


def test_pair_never_writes_a_round_without_pairings(tree, cli, monkeypatch):
    """Whatever a stage's next round holds, a round file without pairings is never written (check
    would refuse the whole event, and pair wrote it again after it was deleted): a stage that
    offers an empty round (forced here) is refused at the last round file, where the drops are."""
    from podium.rules.stages import groups
    from podium.rules.stages.common import DraftRound

    play_three(tree, cli, {("cyd", "bob"): BY_5}, drops={}, last=1)
    monkeypatch.setattr(groups, "next_round", lambda result, state, number: DraftRound(number, result.kind, []))
    out = cli("pair", "rr", expect=1).output
    assert ("content/events/rr/rounds/1.yaml:1: round 2 cannot be paired: no game of the round-robin stage is left "
            "for the players still in it; check the drops and disqualifications, or the event's structure") in out
    assert not tree.round_path("rr", 2).exists()


def test_a_single_registered_player_cannot_be_paired(tree, cli):
    tree.event("rr", THREE[:1], ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    out = cli("pair", "rr", expect=1).output
    assert ("content/events/rr/event.yaml:1: round 1 cannot be paired: fewer than two players are registered; "
            "register the players in registrations.yaml, then run pair again") in out
    assert not tree.round_path("rr", 1).exists()


# ------------------------------------------------------------------ 8. a disqualification in a round robin

def disqualified_after(tree, cli, player: str, after: int) -> dict:
    """FIVE's round robin, the lower id winning every game by 10, ``player`` disqualified in the
    file of round ``after``; none of the rounds after seats him. The standings JSON at the end."""
    tree.event("rr", FIVE, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    for number in range(1, 6):
        cli("pair", "rr")
        data = lower_id_wins_every_game(tree, "rr", number)
        if number == after:
            data["penalties"] = [{"player": player, "kind": "disqualification", "reason": "conduct"}]
            tree.save_round("rr", number, data)
        assert number <= after or all(player not in p["players"] for p in data["pairings"])
    return json.loads(cli("standings", "rr", "--json").output)


def test_a_player_disqualified_in_a_round_robin_is_absent_from_the_games_to_come(tree, cli):
    """§7d, §7l: a disqualified player, like one who withdraws, is absent from every game still
    to come. FIVE (Berger order as in section 2), the lower id winning every game by 10; t1
    (rested in round 1) beats t5 in round 2 and is disqualified in round 2's file. He misses his
    mini-matches against t4, t3 and t2 (rounds 3–5): 6 games, more than 2 — totally excluded, his
    results removed (t5's 7.6 against him with them). Before, he kept his 32.4 and t5 his 7.6
    (30.4), and his unplayed games counted neither as absences nor as defaults.
         t2: beat t5 (r1), t3 (r2), t4 (r4)      3 × 32.4           = 97.2
         t3: beat t4 (r1), t5 (r3), lost to t2    2 × 32.4 + 7.6     = 72.4
         t4: lost to t3, t2, beat t5 (r5)        2 × 7.6 + 32.4     = 47.6
         t5: lost to t2, t3, t4                  3 × 7.6            = 22.8
         t1: 0, disqualified (the organizer's word, kept), last."""
    report = disqualified_after(tree, cli, "t1", 2)
    assert report["complete"]
    assert [(r["rank"], r["player"], r["points"], r["status"]) for r in report["standings"]] == [
        (1, "t2", 97.2, "active"), (2, "t3", 72.4, "active"), (3, "t4", 47.6, "active"), (4, "t5", 22.8, "active"),
        (5, "t1", 0, "disqualified")]


def test_a_player_disqualified_with_one_mini_match_left_gives_its_games_by_default(tree, cli):
    """§7d, §7b: t3 disqualified after round 3 misses only round 4's mini-match against t1 (2
    games, not more): he keeps his results, and t1 wins both by default (2 × 20) — the numbers
    of the withdrawal after round 3 (section 2), t3 now last as disqualified:
         t1 137.2, t2 104.8, t4 55.2, t5 30.4; t3 72.4, disqualified."""
    rows = disqualified_after(tree, cli, "t3", 3)["standings"]
    assert [(r["rank"], r["player"], r["points"], r["status"]) for r in rows] == [
        (1, "t1", 137.2, "active"), (2, "t2", 104.8, "active"), (3, "t4", 55.2, "active"), (4, "t5", 30.4, "active"),
        (5, "t3", 72.4, "disqualified")]
    assert rows[0]["tiebreaks"]["games_won"] == 8  # 6 on the board and the 2 defaults (§7b)


# ------------------------------------------------------------------ 9. a team event, end to end (§7c)

TEAMS = [{"name": "Kacper", "id": "k1", "rating": 1900, "team": "Kraków"},
         {"name": "Gosia", "id": "g1", "rating": 1800, "team": "Gdańsk"},
         {"name": "Kuba", "id": "k2", "rating": 1700, "team": "Kraków"},
         {"name": "Grześ", "id": "g2", "rating": 1600, "team": "Gdańsk"}]
WON_BY_5 = {"score": [30, 25], "time": ["12:00", "12:00"], "tiles": [20, 20]}  # 15.0 / 5.0


def team_round(tree, cli, number: int, games: dict) -> list:
    cli("pair", "te")
    data = tree.read_round("te", number)
    for pairing in data["pairings"]:
        pairing["games"] = games[tuple(pairing["players"])]
    tree.save_round("te", number, data)
    return [tuple(p["players"]) for p in data["pairings"]]


def test_a_team_event_scores_a_default_as_the_teams_average(tree, cli):
    """§7c. Two teams, Kraków (k1, k2) and Gdańsk (g1, g2), registered with 'team:', one
    round-robin group of 2-game mini-matches; players of one team do not meet (a team game is
    between teams), so the round of k1 v k2 and g1 v g2 is not played: 2 rounds, not 3.
       round 1  k1 v g2: g2 does not turn up for game 1; k1 wins game 2 by 5 (15.0 / 5.0)
                k2 v g1: k2 wins both by 10 (16.2 / 3.8 each)
       round 2  k1 v g1, k2 v g2: the Kraków player wins both by 10 (16.2 / 3.8 each)
     Kraków's games played (the default is none): k1 15.0, 16.2, 16.2; k2 4 × 16.2 = 64.8
       → (15.0 + 32.4 + 64.8) / 7 = 112.2 / 7 = 16.03 → 16.0 > 15: k1's default win is worth
       16.0, g2 gets 20 − 16.0 = 4.0 (by §7b, for one game alone: 20 and 0).
         k2 4 × 16.2                   = 64.8
         k1 16.0 + 15.0 + 2 × 16.2     = 63.4   (by §7b it would have been 67.4, first)
         g2 4.0 + 5.0 + 2 × 3.8        = 16.6
         g1 4 × 3.8                    = 15.2
     After round 1 alone Kraków's average was (15.0 + 16.2 + 16.2) / 3 = 15.8: k1 15.8 + 15.0
     = 30.8 — a default's worth follows the team's games until the event ends."""
    tree.event("te", TEAMS, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    assert team_round(tree, cli, 1, {("k1", "g2"): [{"forfeit": "g2"}, WON_BY_5], ("k2", "g1"): [WIN_10] * 2}) == [
        ("k1", "g2"), ("k2", "g1")]
    rows = {r["player"]: r["points"] for r in json.loads(cli("standings", "te", "--json").output)["standings"]}
    assert (rows["k1"], rows["g2"]) == (30.8, 9.2)
    assert team_round(tree, cli, 2, {("k1", "g1"): [WIN_10] * 2, ("g2", "k2"): [LOST_BY_10] * 2}) == [
        ("k1", "g1"), ("g2", "k2")]
    assert "complete" in cli("pair", "te", expect=1).output
    report = json.loads(cli("standings", "te", "--json").output)
    assert report["complete"]
    assert [(r["rank"], r["player"], r["points"], r["team"]) for r in report["standings"]] == [
        (1, "k2", 64.8, "Kraków"), (2, "k1", 63.4, "Kraków"), (3, "g2", 16.6, "Gdańsk"), (4, "g1", 15.2, "Gdańsk")]
    cli("check")
    cli("build", "--out", tree.root / "site")


def test_every_player_of_a_team_event_has_a_team_and_only_team_rulesets_take_one(tree, cli):
    """Each registration above takes 4 lines: the 4th player's entry starts at line 13."""
    tree.event("te", [*TEAMS[:3], {"name": "Grześ", "id": "g2", "rating": 1600}], ruleset="tantrix")
    where = "content/events/te/registrations.yaml"
    assert only_problem(cli) == (f"{where}:13: g2 has no 'team:', but this is a team event (k1 plays for 'Kraków', "
                                 "line 1); give every player a 'team:', or none")
    tree.event("te", [{"name": "Kacper", "id": "k1", "team": "Kraków"}, {"name": "Gosia", "id": "g1"}],
               ruleset="micromutants-classic")
    assert only_problem(cli) == (f"{where}:1: 'team: Kraków': ruleset micromutants-classic has no team events "
                                 "(nothing scores a team's games apart); remove 'team:'")
    tree.event("te", [{**player, "team": "Kraków"} for player in TEAMS], ruleset="tantrix")
    assert only_problem(cli) == (f"{where}:1: every player plays for 'Kraków': a team event needs two teams at "
                                 "least, whose players meet; register the other teams, or remove 'team:'")
    tree.event("te", TEAMS, ruleset="tantrix")
    tree.write("players.yaml", "- name: Kacper\n  id: k1\n  team: Kraków\n")
    assert only_problem(cli) == ("content/players.yaml:3: a team plays in one event: write 'team:' in that event's "
                                 "registrations.yaml, not in players.yaml")
