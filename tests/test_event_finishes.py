"""Issue 15, round 3: real situations that left an event unfinishable or wrongly scored — a
knockout reached by fewer players than its cut, a free-for-all table down to two, excluded
players in groups, an event left with one active player, a 2-vs-2 group that loses a player.
Each event is played through the CLI: pair → results → pair …; the expected standings are
worked by hand in each test's docstring."""
from __future__ import annotations

import re

from play import next_armies
from test_knockout_fidelity import standings
from test_knockout_gone import drop_after as drop, ffg_round, notes


def ranks(result: dict) -> list[tuple]:
    return [(r["rank"], r["player"], r["points"], r["status"]) for r in result["standings"]]


# ------------------------------------------------------------------ Tantrix

TANTRIX_GAME = {"score": [30, 20], "time": ["12:00", "12:00"], "tiles": [20, 20]}  # margin 10: 16.2 / 3.8 TP


def tantrix_lower_id_wins(tree, event_id: str, number: int) -> dict:
    """Every game of round ``number``: the lower id wins 30–20 (16.2 / 3.8 TP a game)."""
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        if pairing.get("bye") or "forfeit" in pairing:
            continue
        a, b = pairing["players"]
        games = len(pairing.get("games") or [None])
        score = [30, 20] if a < b else [20, 30]
        pairing["games"] = [{**TANTRIX_GAME, "score": score} for _ in range(games)]
    tree.save_round(event_id, number, data)
    return data


def rated(prefix: str, count: int) -> list[dict]:
    return [{"name": f"Gracz {prefix}{i}", "id": f"{prefix}{i}", "rating": 2000 - 10 * i} for i in range(1, count + 1)]


def test_an_excluded_player_is_last_across_the_groups_not_at_his_groups_place(tree, cli):
    """Tantrix §7d: a totally excluded player's results do not count in the final table. Seven
    rated players, two groups dealt in snake order: A t1, t4, t5 · B t2, t3, t6, t7; one game a
    mini-match. Round 1 A: t4 v t5 (t1 rests); B: t2 v t7, t3 v t6. t1 withdraws after it: his
    two games to come are missed, more than a mini-match's one — excluded, nothing counts.
    The lower id wins every game (16.2 / 3.8):
         A  t4 16.2 · t5 3.8 · t1 0 (excluded)
         B  t2 3 × 16.2 = 48.6 · t3 2 × 16.2 + 3.8 = 36.2 · t6 16.2 + 2 × 3.8 = 23.8 · t7 3 × 3.8 = 11.4
       Across the groups, every 1st, then every 2nd …: t2, t4 · t3, t5 · t6 · t7 — and t1 last.
       Before, t1 stood at his group's place, A3, among the 3rds: 5 t6, 6 t1, 7 t7."""
    tree.event("gx", rated("t", 7), ruleset="tantrix", structure=[{"kind": "round-robin", "groups": 2, "games": 1}])
    for number in range(1, 4):
        cli("pair", "gx")
        tantrix_lower_id_wins(tree, "gx", number)
        if number == 1:
            drop(tree, "gx", 1, ["t1"])
    result = standings(cli, "gx")
    assert result["complete"]
    assert ranks(result) == [(1, "t2", 48.6, "active"), (2, "t4", 16.2, "active"), (3, "t3", 36.2, "active"),
                             (4, "t5", 3.8, "active"), (5, "t6", 23.8, "active"), (6, "t7", 11.4, "active"),
                             (7, "t1", 0, "excluded")]
    cli("build", "--out", tree.root / "site")


# ------------------------------------------------------------------ Micromutants extreme

INTACT_1 = {"intact": 1, "damaged": 0, "square": 0}  # 2 secondary points (RBB: 2 an intact hexagonal base)


def free_for_all_turn(tree, event_id: str, number: int, finish: list[str], bases: dict = INTACT_1) -> dict:
    """Turn ``number`` of a free-for-all table: its players in ``finish`` order, the winner's bases."""
    data = tree.read_round(event_id, number)
    (pairing,) = data["pairings"]
    pairing.update(finish=finish, bases=bases, eliminated={})
    tree.save_round(event_id, number, data)
    return data


def test_a_free_for_all_table_down_to_two_plays_its_turns_by_places(tree, cli):
    """House rule (MicromutantsScoring): a free-for-all table plays its turns on without a player
    who leaves, each keeping his seat and clans. m1–m4 seated A–D by rating; turn 1 finishes m1,
    m2, m3, m4 (6, 4, 2, 3; m1's intact base: 2 secondary); m3 and m4 withdraw. m1 and m2 play
    turns 2–4 as the table they are — places 1st 6, 2nd 4, the winner's bases — and m1 wins
    each: turn 2 one intact base (2), turn 3 two (4), turn 4 one intact and one damaged (3).
         m1  6 + 6 + 6 + 6 = 24, secondary 2 + 2 + 4 + 3 = 11, 4 wins
         m2  4 + 4 + 4 + 4 = 16, 4 second places
         m4  3 (withdrawn) · m3 2 (withdrawn)
       Before, turn 2 asked for "game 1: the bella" of a best-of-1 match, refused 'finish:' and
       'bases:', and gave m1 6 + 1 + 1 + 1 = 9, one win and 2 secondary points."""
    tree.event("ffa", [{"name": f"Giocatore m{i}", "id": f"m{i}", "rating": 2000 - i} for i in range(1, 5)],
               ruleset="micromutants-extreme", structure=[{"kind": "free-for-all"}])
    cli("pair", "ffa")
    free_for_all_turn(tree, "ffa", 1, ["m1", "m2", "m3", "m4"])
    drop(tree, "ffa", 1, ["m3", "m4"])
    cli("pair", "ffa")
    text = tree.round_path("ffa", 2).read_text(encoding="utf-8")
    assert "    finish: []  # the players from 1st to last\n" in text and "bella" not in text
    assert "# clans this turn: A Flyborg, B Sovietopteri" in text
    free_for_all_turn(tree, "ffa", 2, ["m1", "m2"])
    for number, bases in ((3, {"intact": 2, "damaged": 0, "square": 0}), (4, {"intact": 1, "damaged": 1, "square": 0})):
        cli("pair", "ffa")
        free_for_all_turn(tree, "ffa", number, ["m1", "m2"], bases)
    result = standings(cli, "ffa")
    assert result["complete"]
    assert ranks(result) == [(1, "m1", 24, "active"), (2, "m2", 16, "active"), (3, "m4", 3, "dropped"),
                             (4, "m3", 2, "dropped")]
    assert result["standings"][0]["tiebreaks"] == {"secondary": 11, "wins": 4, "tertiary": 0, "second_places": 0}
    assert result["standings"][1]["tiebreaks"]["second_places"] == 4
    cli("check")
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site" / "events" / "ffa" / "rounds" / "3" / "index.html").read_text(encoding="utf-8")
    # (between the name and the clan, his points as the turn began: issue 33)
    assert re.search(r'Giocatore m2</a>(<span class="before">[^<]*</span>)? <span class="army">USArtropodi</span> '
                     r'<span class="army">→ 4 pts</span>', page)


# ------------------------------------------------------------------ a knockout that withdrawals leave short

FFA_THEN_FINALS = [{"kind": "free-for-all", "advance": 4}, {"kind": "knockout", "size": 2, "best_of": 5,
                                                             "third_place": True}]


def four_turns_then_drops(tree, cli, gone: list[str]) -> int:
    """m1–m4 at one free-for-all table, m1, m2, m3, m4 in that order every turn (6, 4, 2, 3:
    m1 24, m2 16, m4 12, m3 8); ``gone`` withdraw after turn 4. The line of the drops."""
    tree.event("ko", [{"name": f"Giocatore m{i}", "id": f"m{i}", "rating": 2000 - i} for i in range(1, 5)],
               ruleset="micromutants-extreme", structure=FFA_THEN_FINALS)
    for number in range(1, 5):
        cli("pair", "ko")
        free_for_all_turn(tree, "ko", number, ["m1", "m2", "m3", "m4"])
    return drop(tree, "ko", 4, gone)


def test_the_one_player_left_for_the_finals_wins_the_final_without_playing(tree, cli):
    """The audit's case (micromutants-extreme): m1, m2 and m3 withdraw after the free-for-all's
    last turn. Before, pair said "the finals cannot be paired yet: the standings before them have
    problems", check said ok, and the standings stayed provisional for ever. House rule (the seed
    is silent): the one left, m4, wins the final without playing — a bye, written by pair — and
    the event completes: m4 1st, then the free-for-all's order m1 24, m2 16, m3 8 (withdrawn)."""
    line = four_turns_then_drops(tree, cli, ["m1", "m2", "m3"])
    cli("pair", "ko")
    final = tree.read_round("ko", 5)
    assert final["pairings"] == [{"table": 1, "players": ["m4"], "match": "final", "bye": True}]
    assert ("# only m4 is left for the knockout: he wins the final without playing"
            in tree.round_path("ko", 5).read_text(encoding="utf-8"))
    result = standings(cli, "ko")
    assert result["complete"]
    assert ranks(result) == [(1, "m4", 12, "active"), (2, "m1", 24, "dropped"), (3, "m2", 16, "dropped"),
                             (4, "m3", 8, "dropped")]
    assert notes(cli) == [f"note: content/events/ko/rounds/4.yaml:{line}: only m4 is left for the knockout: he wins "
                          "the final without playing (house rule: the rules do not cover a knockout one player reaches)"]
    assert "the event is complete" in cli("pair", "ko", expect=1).output
    assert "all identical" in cli("verify").output  # the final's bye is re-drawn as pair wrote it
    cli("build", "--out", tree.root / "site")


def test_a_knockout_nobody_reaches_is_not_played_and_the_event_completes(tree, cli):
    """All four withdraw after the last turn: nobody plays the knockout, the event is complete
    with the free-for-all's order m1 24, m2 16, m4 12, m3 8 (house rule, named by check)."""
    line = four_turns_then_drops(tree, cli, ["m1", "m2", "m3", "m4"])
    result = standings(cli, "ko")
    assert result["complete"]
    assert [(r["rank"], r["player"], r["points"]) for r in result["standings"]] == [
        (1, "m1", 24), (2, "m2", 16), (3, "m4", 12), (4, "m3", 8)]
    assert notes(cli) == [f"note: content/events/ko/rounds/4.yaml:{line}: nobody is left for the knockout: it is "
                          "not played, and the standings before it stand (house rule: the rules do not cover a "
                          "knockout nobody reaches)"]
    assert "the event is complete" in cli("pair", "ko", expect=1).output
    cli("build", "--out", tree.root / "site")


def test_a_free_for_all_one_player_reaches_is_not_played_and_he_wins_the_final(tree, cli):
    """micromutants-extreme as it ships: m1–m4 in a 2-vs-2 group, the first pair winning every
    game (one intact base, 2 each): AB–CD, AC–BD, BC–AD and back — m1, m2, m3 4 wins (8 secondary),
    m4 none; the sealed bid orders m1, m2, m3. They withdraw after round 6: m4 alone goes on. The
    free-for-all is not played (house rule: nobody to play it with) and m4 wins the final without
    playing — m4, then the group's order m1, m2, m3 (withdrawn). Before, pair refused ("free-for-all
    tables seat 4; 1 players reach them") and check failed for the whole archive."""
    tree.event("one", [{"name": f"Giocatore m{i}", "id": f"m{i}", "rating": 2000 - i} for i in range(1, 5)],
               ruleset="micromutants-extreme", manual_order=["m1", "m2", "m3", "m4"])
    for number in range(1, 7):
        cli("pair", "one")
        data = tree.read_round("one", number)
        data["pairings"][0].update(winner=0, bases=INTACT_1)
        tree.save_round("one", number, data)
    line = drop(tree, "one", 6, ["m1", "m2", "m3"])
    cli("pair", "one")
    final = tree.read_round("one", 7)
    assert (final["stage"], final["pairings"]) == ("knockout", [{"table": 1, "players": ["m4"], "match": "final",
                                                                  "bye": True}])
    result = standings(cli, "one")
    assert result["complete"]
    assert ranks(result) == [(1, "m4", 0, "active"), (2, "m1", 4, "dropped"), (3, "m2", 4, "dropped"),
                             (4, "m3", 4, "dropped")]
    where = f"note: content/events/one/rounds/6.yaml:{line}: "
    assert notes(cli) == [
        where + "the free-for-all stage is not played: only m4 is left to play it (house rule: the rules do not say "
        "how an event goes on with one player)",
        where + "only m4 is left for the knockout: he wins the final without playing (house rule: the rules do not "
        "cover a knockout one player reaches)"]


def test_a_cut_short_of_players_is_played_by_those_left_with_byes(tree, cli):
    """The audit's case (Tantrix): five rated players t1–t5 in one round robin of two-game
    mini-matches, 'advance: 4' to a knockout. The lower id wins every game 30–20 (16.2 / 3.8 TP,
    a mini-match 32.4 / 7.6):  t1 4 × 32.4 = 129.6 · t2 3 × 32.4 + 7.6 = 104.8 ·
    t3 2 × 32.4 + 2 × 7.6 = 80 · t4 32.4 + 3 × 7.6 = 55.2 · t5 4 × 7.6 = 30.4.
    t4 and t5 withdraw after the last round (they keep their results: nothing is left unplayed).
    Before, check, pair and build failed: "only 3 active players for a top 4; set a smaller cut
    with structure: {swiss_rounds: N, cut: N}" (advice that would make it a Swiss). House rule: the
    bracket of those left — seed 1 t1 goes on without playing, t2 beats t3 in the semifinal, t1
    beats t2 in the final; one semifinal loser, so no 3rd-place match:  t1, t2, t3, then t4, t5."""
    tree.event("tx", rated("t", 5), ruleset="tantrix",
               structure=[{"kind": "round-robin", "games": 2, "advance": 4}, {"kind": "knockout", "games": 2}])
    for number in range(1, 6):
        cli("pair", "tx")
        tantrix_lower_id_wins(tree, "tx", number)
    line = drop(tree, "tx", 5, ["t4", "t5"])
    text = notes(cli)
    assert text == [f"note: content/events/tx/rounds/5.yaml:{line}: only 3 players are left for the top 4: the "
                    "bracket of those left starts with the semifinal, seed 1 going on without playing (house rule: "
                    "the rules do not cover a cut that withdrawals leave short)"]
    cli("pair", "tx")
    semifinals = tree.read_round("tx", 6)["pairings"]
    assert [(p["players"], p["match"], p.get("bye", False)) for p in semifinals] == [
        (["t1"], "semifinal", True), (["t2", "t3"], "semifinal", False)]
    tantrix_lower_id_wins(tree, "tx", 6)
    cli("pair", "tx")
    assert [(p["players"], p["match"]) for p in tree.read_round("tx", 7)["pairings"]] == [(["t1", "t2"], "final")]
    tantrix_lower_id_wins(tree, "tx", 7)
    result = standings(cli, "tx")
    assert result["complete"]
    assert ranks(result) == [(1, "t1", 129.6, "active"), (2, "t2", 104.8, "active"), (3, "t3", 80, "active"),
                             (4, "t4", 55.2, "dropped"), (5, "t5", 30.4, "dropped")]
    assert "all identical" in cli("verify").output
    cli("build", "--out", tree.root / "site")


def test_a_cut_that_exclusions_leave_short_is_played_by_those_left(tree, cli):
    """Tantrix §7d with a cut: t1–t5 in one round robin of two-game mini-matches, 'advance: 4'.
    Round 1: t5 v t2, t3 v t4 (t1 rests). t4 and t5 withdraw after it: six games missed each, more
    than a mini-match's two — excluded, their results gone (t2's and t3's round-1 games too), level
    at 0 and last. The three left play t2 v t3, t1 v t3, t1 v t2 (the rounds that held only the
    excluded players' games are not played); the lower id wins every game (32.4 / 7.6 a match):
         t1 2 × 32.4 = 64.8 · t2 32.4 + 7.6 = 40 · t3 2 × 7.6 = 15.2
       Top 4 for three (house rule): t1 goes on, t2 beats t3, t1 beats t2 — t1, t2, t3, then the
       excluded. (The two excluded left level made the standings weigh the knockout with them:
       that scratch knockout, short of players, crashed check before it knew its stage before.)"""
    tree.event("tx", rated("t", 5), ruleset="tantrix",
               structure=[{"kind": "round-robin", "games": 2, "advance": 4}, {"kind": "knockout", "games": 2}])
    cli("pair", "tx")
    tantrix_lower_id_wins(tree, "tx", 1)
    drop(tree, "tx", 1, ["t4", "t5"])
    played = []
    for number in range(2, 7):
        cli("pair", "tx")
        played.append([p["players"] for p in tantrix_lower_id_wins(tree, "tx", number)["pairings"]])
    assert played == [[["t2", "t3"]], [["t1", "t3"]], [["t1", "t2"]], [["t1"], ["t2", "t3"]], [["t1", "t2"]]]
    result = standings(cli, "tx")
    assert result["complete"]
    assert ranks(result)[:3] == [(1, "t1", 64.8, "active"), (2, "t2", 40, "active"), (3, "t3", 15.2, "active")]
    assert {(r[2], r[3]) for r in ranks(result)[3:]} == {(0, "excluded")}
    cli("check")


def test_an_ffg_cut_short_of_players_gives_game_1_a_bye(tree, cli):
    """FFG, a custom structure (3 Swiss rounds, top 4) for six players; the lower id wins every
    game. Three of them withdraw after the last Swiss round, so three are left for the top 4:
    they keep their Swiss order as seeds (the withdrawn keep their places below). The seed is
    silent; house rule: the top-4 bracket with the missing 4th seed a bye — Game 1 is seed 1
    against nobody (he goes on), Game 2 seed 2 v seed 3 (the lower id wins); then the final,
    seed 1 v the winner of Game 2. Before, check, pair and build failed (cut bigger than the
    players left)."""
    tree.event("ffg", [{"name": f"Gracz {i:02d}", "id": f"f{i:02d}"} for i in range(1, 7)], ruleset="ffg-conquest",
               level="casual", organizer="Olga", head_judge="Olga", structure={"swiss_rounds": 3, "cut": 4})
    for number in range(1, 4):
        cli("pair", "ffg")
        ffg_round(tree, "ffg", number)
    swiss = [row["player"] for row in standings(cli, "ffg")["standings"]]
    drop(tree, "ffg", 3, swiss[3:])
    cli("pair", "ffg")
    assert [(p["players"], p.get("bye", False)) for p in tree.read_round("ffg", 4)["pairings"]] == [
        ([swiss[0]], True), (swiss[1:3], False)]
    data = tree.read_round("ffg", 4)
    data["pairings"][1]["winner"] = min(swiss[1:3])
    tree.save_round("ffg", 4, data)
    cli("pair", "ffg")
    final = tree.read_round("ffg", 5)
    assert [p["players"] for p in final["pairings"]] == [[swiss[0], min(swiss[1:3])]]
    final["pairings"][0]["winner"] = swiss[0]
    tree.save_round("ffg", 5, final)
    result = standings(cli, "ffg")
    assert result["complete"]
    assert [row["player"] for row in result["standings"]] == [swiss[0], min(swiss[1:3]), max(swiss[1:3])] + swiss[3:]
    cli("check")


# ------------------------------------------------------------------ an event left to one player

def swiss_left_to_one(tree, cli, cut: int) -> tuple[list[str], int]:
    """NS HEX, four players, three Swiss rounds and a top ``cut``. Round 1 (drawn at random):
    table 1 a v b, a wins 12–0 (+12); table 2 c v d, c wins 12–5 (+7). b, c and d withdraw after
    it. [a, b, c, d] and the line of the drops."""
    tree.event("one", 4, structure={"swiss_rounds": 3, "cut": cut})
    cli("pair", "one")
    data = tree.read_round("one", 1)
    (a, b), (c, d) = [p["players"] for p in data["pairings"]]
    armies = next_armies(tree, "one", 1, [a, b, c, d])
    data["pairings"][0].update(armies=armies[:2], score=[12, 0])
    data["pairings"][1].update(armies=armies[2:], score=[12, 5])
    tree.save_round("one", 1, data)
    return [a, b, c, d], drop(tree, "one", 1, [b, c, d])


SWISS_ENDS = ("the swiss stage ends after round 1: only {a} is left to play, so its rounds 2–3 are not played and its "
              "standings stand (house rule: the rules do not say how an event goes on with one player)")


def test_a_swiss_left_to_one_player_ends_and_its_standings_stand(tree, cli):
    """No cut (``swiss_left_to_one``). Before, pair said "fewer than two active players; nothing
    to pair" and the event never completed. House rule (the seed is silent): fewer than two
    players left, the rounds not played are not played and the standings stand:
         a 3 TP +12 · c 3 TP +7 · d 0 TP −7 · b 0 TP −12 (c, d, b withdrawn)."""
    (a, b, c, d), line = swiss_left_to_one(tree, cli, cut=0)
    result = standings(cli, "one")
    assert result["complete"]
    assert [(r["rank"], r["player"], r["points"], r["tiebreaks"]["hq_diff"], r["status"])
            for r in result["standings"]] == [(1, a, 3, 12, "active"), (2, c, 3, 7, "dropped"),
                                              (3, d, 0, -7, "dropped"), (4, b, 0, -12, "dropped")]
    assert notes(cli) == [f"note: content/events/one/rounds/1.yaml:{line}: " + SWISS_ENDS.format(a=a)]
    assert "the event is complete" in cli("pair", "one", expect=1).output
    cli("build", "--out", tree.root / "site")


def test_a_swiss_left_to_one_player_before_its_cut_gives_him_the_final(tree, cli):
    """A top 4 after the Swiss (``swiss_left_to_one``): the Swiss ends after round 1, and a, the
    one left, wins the final without playing — round 2 is the knockout's (before, the Swiss took
    round 2 as its own and refused the final in it). a 1st, then the Swiss order c, d, b."""
    (a, b, c, d), line = swiss_left_to_one(tree, cli, cut=4)
    cli("pair", "one")
    final = tree.read_round("one", 2)
    assert (final["stage"], final["pairings"]) == ("knockout", [{"table": 1, "players": [a], "match": "final",
                                                                  "bye": True}])
    result = standings(cli, "one")
    assert result["complete"]
    assert [r["player"] for r in result["standings"]] == [a, c, d, b]
    where = f"note: content/events/one/rounds/1.yaml:{line}: "
    assert notes(cli) == [where + SWISS_ENDS.format(a=a), where + f"only {a} is left for the knockout: he wins the "
                          "final without playing (house rule: the rules do not cover a knockout one player reaches)"]
    assert "all identical" in cli("verify").output
    cli("build", "--out", tree.root / "site")


def test_tables_left_to_one_player_end_and_their_standings_stand(tree, cli):
    """carcassonne-cz, five players c1–c5 at one table in round 1, VP 100, 90, 80, 70, 60 in id
    order: TB 5, 4, 3, 2, 1 (a table of five counts from five). c2–c5 withdraw after it: the
    other three rounds are not played and the standings stand — c1 5, c2 4, c3 3, c4 2, c5 1."""
    tree.event("cz", [{"name": f"Hráč {i}", "id": f"c{i}"} for i in range(1, 6)], ruleset="carcassonne-cz")
    cli("pair", "cz")
    data = tree.read_round("cz", 1)
    (pairing,) = data["pairings"]
    pairing["score"] = [100 - 10 * (int(p[1]) - 1) for p in pairing["players"]]
    tree.save_round("cz", 1, data)
    line = drop(tree, "cz", 1, ["c2", "c3", "c4", "c5"])
    result = standings(cli, "cz")
    assert result["complete"]
    assert [(r["player"], r["points"]) for r in result["standings"]] == [
        ("c1", 5), ("c2", 4), ("c3", 3), ("c4", 2), ("c5", 1)]
    assert notes(cli) == [f"note: content/events/cz/rounds/1.yaml:{line}: the tables stage ends after round 1: only "
                          "c1 is left to play, so its rounds 2–4 are not played and its standings stand (house rule: "
                          "the rules do not say how an event goes on with one player)"]
    assert "the event is complete" in cli("pair", "cz", expect=1).output


def test_a_free_for_all_that_withdrawals_leave_short_of_its_tables_seats_those_left(tree, cli):
    """Micromutants extreme, a custom structure: two 2-vs-2 groups of four, all eight going on
    ('advance: 8') to free-for-all tables of four. The first pair wins every game; the sealed
    bid ('manual_order:') orders any tie. e7 and e8 withdraw after the groups' last round: six
    reach the free-for-all. Before, check failed for the whole archive ("free-for-all tables seat
    4; 6 players reach them — set the previous stage's 'advance:' to a multiple of 4", which the
    organizer cannot fix). House rule: as few tables as seat them, dealt in snake order from the
    groups' order o1…o6 — table 1 o1, o4, o5 · table 2 o2, o3, o6. Every turn seat A wins, B is
    2nd, C 3rd (6, 4, 2): each A 24, each B 16, each C 8."""
    players = [{"name": f"Giocatore e{i}", "id": f"e{i}", "rating": 2000 - i} for i in range(1, 9)]
    tree.event("short", players, ruleset="micromutants-extreme", manual_order=[f"e{i}" for i in range(1, 9)],
               structure=[{"kind": "pairs-rotation", "advance": 8}, {"kind": "free-for-all"}])
    for number in range(1, 7):
        cli("pair", "short")
        data = tree.read_round("short", number)
        for pairing in data["pairings"]:
            pairing.update(winner=0, bases=INTACT_1)
        tree.save_round("short", number, data)
    drop(tree, "short", 6, ["e7", "e8"])
    groups = standings(cli, "short")["standings"]  # the groups' order across both groups, until the event ends
    order = [r["player"] for r in groups if r["status"] == "active"]
    cli("pair", "short")
    tables = [p["players"] for p in tree.read_round("short", 7)["pairings"]]
    assert tables == [[order[0], order[3], order[4]], [order[1], order[2], order[5]]]
    for number in range(7, 11):
        if number > 7:
            cli("pair", "short")
        data = tree.read_round("short", number)
        for pairing in data["pairings"]:
            pairing.update(finish=pairing["players"], bases={"intact": 0, "damaged": 0, "square": 0}, eliminated={})
        tree.save_round("short", number, data)
    result = standings(cli, "short")
    assert result["complete"]
    table = {r["player"]: r["points"] for group in result["stages"][1]["groups"] for r in group["standings"]}
    assert table == {order[0]: 24, order[3]: 16, order[4]: 8, order[1]: 24, order[2]: 16, order[5]: 8}
    cli("check")


def test_a_2_vs_2_group_left_by_one_plays_as_many_games_each_from_then_on_not_in_all(tree, cli):
    """House rule (MicromutantsScoring), stated precisely: a group of five b1–b5 (rated in that
    order) plays the rotation of five, game i seating out player i — round 1 b1 rests, round 2 b2,
    round 3 b3. b1 withdraws after round 3: b2 and b3 have played 2 games, b4 and b5 3. The four
    left play the rotation of four, home and away, rounds 4–9: 6 games each, as many as each
    other from then on; in all b2 8, b3 8, b4 9, b5 9 (the audit's 9, 9, 8, 8). Four left sit at
    every game, so no schedule could even the totals out."""
    tree.event("g5", [{"name": f"Giocatore b{i}", "id": f"b{i}", "rating": 2000 - i} for i in range(1, 6)],
               ruleset="micromutants-extreme", manual_order=[f"b{i}" for i in range(1, 6)],
               structure=[{"kind": "pairs-rotation"}])
    seated = {number: [] for number in range(1, 10)}
    for number in range(1, 10):
        cli("pair", "g5")
        data = tree.read_round("g5", number)
        for pairing in data["pairings"]:
            pairing.update(winner=0, bases=INTACT_1)
            seated[number] += [p for team in pairing["teams"] for p in team]
        tree.save_round("g5", number, data)
        if number == 3:
            drop(tree, "g5", 3, ["b1"])
    assert "the event is complete" in cli("pair", "g5", expect=1).output
    after = {p: sum(seated[n].count(p) for n in range(4, 10)) for p in ("b2", "b3", "b4", "b5")}
    total = {p: sum(seated[n].count(p) for n in range(1, 10)) for p in ("b2", "b3", "b4", "b5")}
    assert after == {"b2": 6, "b3": 6, "b4": 6, "b5": 6}
    assert total == {"b2": 8, "b3": 8, "b4": 9, "b5": 9}
