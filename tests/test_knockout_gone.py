"""Knockouts, round 2 (issue 15): a match nobody is left to play, three groups crossed over, the
disqualified placed last, a bracket's own points, forfeits without points and a level Tantrix
match. Each event is played through the CLI: pair → results → pair …

In the knockouts the higher seed wins every match that is played (NS HEX 12 v 5 HQ, FFG
'winner:'), so the expected classifications are written in seeds ``s[n]``, read from the bracket
the event drew, and in Swiss places ``swiss[i]`` (0-based), read from its Swiss standings.
"""
from __future__ import annotations

import pytest
import yaml

from play import next_armies
from podium.rules.pairing.knockout import spread_slots
from test_knockout_fidelity import (ffg_players, final_order, margins_won, score_12_5, seeds_of, standings,
                                    swiss_order, tantrix_games, tantrix_players)

# ---------------------------------------------------------------- helpers


def nshex_round(tree, event_id: str, number: int, seed_of: dict | None = None) -> dict:
    """Swiss: the lower player number wins 12 v 5; knockout: the higher seed. Armies: each
    player's first registered army not yet fielded in the stage (a Swiss bye marks one, §5.4; a
    knockout bye marks none). A walkover ('forfeit:' written by pair) and a bye are left as they are."""
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        players = pairing["players"]
        if "forfeit" in pairing or (pairing.get("bye") and pairing.get("match")):
            continue
        pairing["armies"] = next_armies(tree, event_id, number, players)
        if not pairing.get("bye"):
            score_12_5(pairing, seed_of)
    tree.save_round(event_id, number, data)
    return data


def nshex_cut(tree, cli, event_id: str, players: int, **fields) -> dict[int, str]:
    """Four Swiss rounds, then the first knockout round paired: seed → player."""
    tree.event(event_id, players, **fields)
    for number in range(1, 5):
        cli("pair", event_id)
        nshex_round(tree, event_id, number)
    cli("pair", event_id)
    return seeds_of(standings(cli, event_id))


def ffg_round(tree, event_id: str, number: int, seed_of: dict | None = None) -> None:
    """Swiss: the lower id wins; knockout: the higher seed. Walkovers and byes stay."""
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        if not (pairing.get("bye") or "forfeit" in pairing):
            a, b = pairing["players"]
            pairing["winner"] = (a if seed_of[a] < seed_of[b] else b) if seed_of else min(a, b)
    tree.save_round(event_id, number, data)


def ffg_cut(tree, cli, event_id: str, players: int, swiss_rounds: int, **fields) -> dict[int, str]:
    tree.event(event_id, ffg_players(players), ruleset="ffg-conquest", level="casual", organizer="Olga",
               head_judge="Olga", **fields)
    for number in range(1, swiss_rounds + 1):
        cli("pair", event_id)
        ffg_round(tree, event_id, number)
    cli("pair", event_id)
    return seeds_of(standings(cli, event_id))


def drop_after(tree, event_id: str, number: int, players: list[str]) -> int:
    """List ``players`` under 'drops:' of round ``number``; the line of the first of them."""
    data = tree.read_round(event_id, number)
    data["drops"] = players
    tree.save_round(event_id, number, data)
    lines = tree.round_path(event_id, number).read_text(encoding="utf-8").splitlines()
    return lines.index("drops:") + 2


def notes(cli) -> list[str]:
    output = cli("check").output.splitlines()
    assert output[-1].startswith("ok"), output
    return output[:-1]


def invert(seeds: dict[int, str]) -> dict[str, int]:
    return {player: seed for seed, player in seeds.items()}


# ----------------------------------------- E. both players of a knockout match are gone


def test_both_finalists_gone_the_final_is_not_played_and_they_keep_1st_and_2nd(tree, cli):
    """NS HEX, 12 players → top 4 (§5.1). Semifinals 1 v 4, 2 v 3; the higher seeds win, then
    both (seeds 1 and 2) withdraw. Before, check, standings and build failed for the whole
    archive ("have both withdrawn … take that player off 'drops:'"). Now the final is not
    played: nobody wins it; the 3rd-place match is played (seed 3 beats seed 4). The seed is
    silent on a final nobody is left to play; house rule: its players go out in the final's
    round, placed like the losers of one round by their Swiss places (§9) — seeds 1 and 2 are
    1st and 2nd, then 3, 4, then the Swiss order (§9)."""
    s = nshex_cut(tree, cli, "final", 12)
    nshex_round(tree, "final", 5, invert(s))
    line = drop_after(tree, "final", 5, [s[1], s[2]])
    cli("pair", "final")
    text = tree.round_path("final", 6).read_text(encoding="utf-8")
    assert (f"# the final {s[1]} v {s[2]} is not played: {s[1]} and {s[2]} withdrew after round 5, so nobody goes "
            "on from it\npairings:\n  - table: 2\n") in text
    assert [(p["match"], p["players"]) for p in tree.read_round("final", 6)["pairings"]] == [
        ("third-place", [s[4], s[3]])]
    nshex_round(tree, "final", 6, invert(s))
    result = standings(cli, "final")
    assert result["complete"] is True
    assert final_order(result) == [s[1], s[2], s[3], s[4]] + swiss_order(result)[4:]
    assert [r["status"] for r in result["standings"][:2]] == ["dropped", "dropped"]
    assert notes(cli) == [
        f"note: content/events/final/rounds/5.yaml:{line}: the final {s[1]} v {s[2]} is not played ({s[1]} and "
        f"{s[2]} withdrew after round 5): nobody wins it or goes on from it; {s[1]} 1st and {s[2]} 2nd, in the order "
        "of the stage before (house rule: the rules do not cover a match nobody is left to play)"]
    assert "the event is complete" in cli("pair", "final", expect=1).output
    cli("build", "--out", tree.root / "site")
    assert (tree.root / "site" / "events" / "final" / "index.html").is_file()


def test_top_8_semifinal_nobody_is_left_to_play_makes_the_final_a_bye(tree, cli):
    """NS HEX, 21 players → top 8. Quarterfinals 1–8, 4–5, 2–7, 3–6, the higher seeds win; the
    winners of 1–8 and 4–5 (seeds 1 and 4), who would meet in a semifinal, withdraw. That
    semifinal is not played; the other (2 v 3) is, and seed 2 goes to the final, where nobody
    comes from the other side: a bye (written 'bye: true', marking no army: §5.4's bye is the
    Swiss's). With one semifinal loser there is no 3rd-place match. Classification (§9, the house
    rule for a match not played): seed 2 1st; out in the semifinals: seed 3, who played his, 2nd,
    then those who left before theirs in Swiss order, seeds 1 and 4 → 3rd, 4th; the quarterfinal
    losers 5–8 in Swiss order; then the Swiss order."""
    s = nshex_cut(tree, cli, "top8", 21)
    nshex_round(tree, "top8", 5, invert(s))
    line = drop_after(tree, "top8", 5, [s[1], s[4]])
    cli("pair", "top8")
    assert [(p["table"], p["match"], p["players"]) for p in tree.read_round("top8", 6)["pairings"]] == [
        (2, "semifinal", [s[2], s[3]])]
    nshex_round(tree, "top8", 6, invert(s))
    cli("pair", "top8")
    text = tree.round_path("top8", 7).read_text(encoding="utf-8")
    assert (f'  - table: 1\n    players: ["{s[2]}"]  # Player {s[2][1:]} (seeds 2 v -)\n'
            "    # nobody comes from the match before (it was not played): he goes on without playing\n"
            "    match: final\n    bye: true\n") in text
    assert "armies" not in text.split("pairings:")[1]
    result = standings(cli, "top8")
    assert result["complete"] is True
    swiss = swiss_order(result)
    quarterfinal_losers = sorted([s[5], s[6], s[7], s[8]], key=swiss.index)
    assert final_order(result) == [s[2], s[3], s[1], s[4]] + quarterfinal_losers + swiss[8:]
    assert notes(cli) == [
        f"note: content/events/top8/rounds/5.yaml:{line}: the semifinal {s[1]} v {s[4]} is not played ({s[1]} and "
        f"{s[4]} withdrew after round 5): nobody wins it or goes on from it; {s[1]} 3rd and {s[4]} 4th, in the order "
        "of the stage before (house rule: the rules do not cover a match nobody is left to play)"]
    cli("build", "--out", tree.root / "site")
    bracket = (tree.root / "site" / "events" / "top8" / "bracket" / "index.html").read_text(encoding="utf-8")
    assert bracket.count("<em>bye</em>") == 1  # the final's empty side
    assert bracket.count(">not played<") == 1  # the semifinal nobody was left to play


def test_ffg_both_finalists_gone_the_event_ends_with_the_semifinals(tree, cli):
    """FFG basic, 17 players → 4 Swiss rounds, top 4, no 3rd-place match. Games 1 (seed 1 v 4)
    and 2 (2 v 3); the higher seeds win and both withdraw: no final is left to play, so the event
    is complete after the semifinals. Seeds 1 and 2 are 1st and 2nd (house rule, as above), the
    semifinal losers 3rd and 4th in Swiss order."""
    s = ffg_cut(tree, cli, "cut", 17, 4)
    ffg_round(tree, "cut", 5, invert(s))
    drop_after(tree, "cut", 5, [s[1], s[2]])
    result = standings(cli, "cut")
    assert result["complete"] is True
    assert final_order(result)[:4] == [s[1], s[2], s[3], s[4]]
    assert "the event is complete" in cli("pair", "cut", expect=1).output
    assert "the final" in notes(cli)[0]


def test_ffg_game_numbers_a_game_not_played_leaves_its_partner_a_bye(tree, cli):
    """FFG, 16 players, a custom 3 rounds and top 8. Games 1–4: 1 v 8, 2 v 7, 3 v 6, 4 v 5; the
    higher seeds win. Re-paired by game number: new Game 1 = winner of Game 1 v winner of Game 4
    (seeds 1 v 4), Game 2 = seeds 2 v 3. Seeds 1 and 4 withdraw: Game 1 is not played, Game 2 is
    (written at table 2, its game number). The final is new Game 1 = the winner of Game 1 (none)
    v the winner of Game 2 (seed 2): a bye. Seed 2 1st; out in the semifinals seed 3, who played,
    2nd, then seeds 1 and 4, who left before, in Swiss order (seeds are Swiss places): 3rd, 4th."""
    s = ffg_cut(tree, cli, "games", 16, 3, structure={"swiss_rounds": 3, "cut": 8})
    assert [p["players"] for p in tree.read_round("games", 4)["pairings"]] == [
        [s[1], s[8]], [s[2], s[7]], [s[3], s[6]], [s[4], s[5]]]
    ffg_round(tree, "games", 4, invert(s))
    drop_after(tree, "games", 4, [s[1], s[4]])
    cli("pair", "games")
    assert [(p["table"], p["players"]) for p in tree.read_round("games", 5)["pairings"]] == [(2, [s[2], s[3]])]
    ffg_round(tree, "games", 5, invert(s))
    cli("pair", "games")
    assert [(p["match"], p["players"], p.get("bye")) for p in tree.read_round("games", 6)["pairings"]] == [
        ("final", [s[2]], True)]
    result = standings(cli, "games")
    assert result["complete"] is True
    assert final_order(result)[:4] == [s[2], s[3], s[1], s[4]]


def test_a_match_nobody_is_left_to_play_written_anyway_is_refused_at_its_line(tree, cli):
    s = nshex_cut(tree, cli, "wrong", 12)
    nshex_round(tree, "wrong", 5, invert(s))
    drop_after(tree, "wrong", 5, [s[1], s[2]])
    cli("pair", "wrong")
    data = tree.read_round("wrong", 6)
    data["pairings"].insert(0, {"table": 1, "players": [s[1], s[2]], "match": "final", "score": [12, 5]})
    tree.save_round("wrong", 6, data)
    line = tree.round_path("wrong", 6).read_text(encoding="utf-8").splitlines().index("- table: 1") + 1
    output = cli("check", expect=1).output
    assert (f"content/events/wrong/rounds/6.yaml:{line}: {s[1]} v {s[2]} is not played: {s[1]} and {s[2]} withdrew "
            "after round 5, so nobody is left to play the final; remove it — or, if they did play it, move their "
            "withdrawals to this round") in output


def test_the_organizer_orders_the_players_of_a_match_not_played_when_the_ruleset_lets_him(tree, cli):
    """A club ruleset leaving the knockout's ties to the organizer ('manual'): the note says how
    to reorder the two absent finalists, and 'manual_order: [seed 2, seed 1]' does."""
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets" / "club.yaml").write_text(
        "id: club\nextends: neuroshima-hex-pl-2023\n"
        "tiebreakers: {swiss: [hq_diff, head_to_head, random], knockout: [manual]}\n")
    s = nshex_cut(tree, cli, "club", 12, ruleset="club")
    nshex_round(tree, "club", 5, invert(s))
    drop_after(tree, "club", 5, [s[1], s[2]])
    cli("pair", "club")
    nshex_round(tree, "club", 6, invert(s))
    assert notes(cli)[0].endswith(f"; to place them otherwise, write 'manual_order: [{s[2]}, {s[1]}]' in event.yaml")
    assert final_order(standings(cli, "club"))[:2] == [s[1], s[2]]
    event = yaml.safe_load((tree.content / "events" / "club" / "event.yaml").read_text(encoding="utf-8"))
    tree.write("events/club/event.yaml", {**event, "manual_order": [s[2], s[1]]})
    assert final_order(standings(cli, "club"))[:4] == [s[2], s[1], s[3], s[4]]


def test_a_bracket_without_a_stage_before_shares_the_place_of_a_final_not_played(tree, cli):
    """Tantrix, 3 players seeded by rating (t1 1900, t2 1800, t3 1700): t1 has the semifinal bye,
    t2 beats t3; then t1 and t2 withdraw. The final is not played. With no stage before the
    bracket, nothing orders the two (as the losers of one round of such a bracket, who share
    their place): they share 1st place, t3 is 3rd."""
    tree.event("three", tantrix_players(3, [1900, 1800, 1700]), ruleset="tantrix",
               structure=[{"kind": "knockout", "games": 2, "seeding": "rating", "third_place": True}])
    cli("pair", "three")
    tantrix_games(tree, "three", 1, min)
    drop_after(tree, "three", 1, ["t1", "t2"])
    result = standings(cli, "three")
    assert result["complete"] is True
    assert [(r["rank"], r["player"]) for r in result["standings"]] == [(1, "t1"), (1, "t2"), (3, "t3")]
    assert notes(cli)[0].endswith(": the final t1 v t2 is not played (t1 and t2 withdrew after round 1): nobody wins "
                                  "it or goes on from it; t1 and t2 share 1st place (house rule: the rules do not "
                                  "cover a match nobody is left to play)")


# ---------------------------------------------- I. the disqualified are last, wherever


def test_a_disqualified_player_is_last_in_the_swiss_and_in_the_knockout_one_who_withdrew_keeps_his_place(tree, cli):
    """NS HEX §2.3: a player disqualified (or given his third warning) is "wykluczony z turnieju",
    put out of the event: he keeps no place, in the Swiss as in the knockout (before, one
    disqualified in the knockout kept the loser's place of his walkover, 2nd here). §2.5: one who
    withdraws keeps his results. 12 players; after round 2 p12 is disqualified; after the
    semifinals seed 2 is disqualified and seed 4 withdraws. Final: a walkover for seed 1 (1st);
    3rd place: a walkover for seed 3 over seed 4. Classification: seed 1, seed 3, seed 4 (the
    3rd-place match's loser, who withdrew), the Swiss order of the rest, then the two
    disqualified — seed 2 (placed by the bracket) before p12 (placed by the Swiss)."""
    tree.event("dq", 12)
    for number in range(1, 5):
        cli("pair", "dq")
        data = nshex_round(tree, "dq", number)
        if number == 2:
            data["penalties"] = [{"player": "p12", "kind": "disqualification", "reason": "cheating"}]
            tree.save_round("dq", 2, data)
    cli("pair", "dq")
    s = seeds_of(standings(cli, "dq"))
    data = nshex_round(tree, "dq", 5, invert(s))
    data["penalties"] = [{"player": s[2], "kind": "disqualification", "reason": "unsporting conduct"}]
    data["drops"] = [s[4]]
    tree.save_round("dq", 5, data)
    cli("pair", "dq")
    assert [(p["match"], p["forfeit"]) for p in tree.read_round("dq", 6)["pairings"]] == [
        ("final", s[2]), ("third-place", s[4])]
    result = standings(cli, "dq")
    assert result["complete"] is True
    rest = [p for p in swiss_order(result) if p not in s.values() and p != "p12"]
    assert final_order(result) == [s[1], s[3], s[4]] + rest + [s[2], "p12"]
    status = {r["player"]: r["status"] for r in result["standings"]}
    assert (status[s[2]], status[s[4]], status["p12"]) == ("disqualified", "dropped", "disqualified")


# ------------------------------------------- I. a bracket's own points, forfeits without


def test_tantrix_knockout_only_standings_carry_each_players_match_points(tree, cli):
    """Tantrix, 4 players, a knockout of two-game matches seeded by rating (1500, 1800, 1650,
    1700 → seeds t2, t4, t3, t1): semifinals t2 v t1, t4 v t3; the lower id wins every game
    30–20 with 20 tiles each (§9: margin 10 → 16.2 / 3.8). Before, every row showed 0 points.
      t1: beats t2 (2 × 16.2) and t3 (2 × 16.2) = 64.8 TP, 4 games won, margins +40, 80 tiles;
      t3: beats t4 32.4, loses to t1 7.6 = 40 TP, 2 games won, margins +20 − 20 = 0, 80 tiles;
      t2 and t4: 7.6 TP, 0 won, −20, 40 tiles — the semifinal losers, sharing 3rd."""
    tree.event("ko", tantrix_players(4, [1500, 1800, 1650, 1700]), ruleset="tantrix",
               structure=[{"kind": "knockout", "games": 2, "third_place": False}])
    for number in (1, 2):
        cli("pair", "ko")
        tantrix_games(tree, "ko", number, min)
    rows = standings(cli, "ko")["standings"]
    assert [(r["rank"], r["player"], r["points"], r["tiebreaks"]) for r in rows] == [
        (1, "t1", 64.8, {"games_won": 4, "margin_sum": 40, "tiles": 80}),
        (2, "t3", 40, {"games_won": 2, "margin_sum": 0, "tiles": 80}),
        (3, "t2", 7.6, {"games_won": 0, "margin_sum": -20, "tiles": 40}),
        (3, "t4", 7.6, {"games_won": 0, "margin_sum": -20, "tiles": 40})]


def test_a_forfeited_knockout_match_has_no_points_like_a_walkover(tree, cli):
    """NS HEX top 4: seed 4 does not come to his semifinal ('forfeit:', still in the event: he
    plays for 3rd place). Not played, the match has no points — null, as a walkover's or a bye's
    (before: [3, 0] here, [0, 0] for a Micromutants series)."""
    s = nshex_cut(tree, cli, "ff", 12)
    data = nshex_round(tree, "ff", 5, invert(s))
    first = data["pairings"][0]
    assert first["players"] == [s[1], s[4]]
    first["forfeit"] = s[4]
    del first["score"], first["armies"]
    tree.save_round("ff", 5, data)
    matches = {m["players"][1]: m for m in standings(cli, "ff")["stages"][1]["matches"]}
    assert (matches[s[4]]["winner"], matches[s[4]]["points"]) == (s[1], None)
    assert matches[s[3]]["points"] == [3, 0]


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


def test_three_group_winners_and_the_best_runner_up_do_not_pair_group_mates_in_the_semifinal():
    """Three groups to a top 4: the winners A1, B1, C1 and the best runner-up A2 are seeds 1–4.
    Standard order (1 v 4, 2 v 3) would give A1 v A2, a rematch of group A, in the semifinal.
    House rule (no seed document covers three groups): group-mates meet as late as the bracket
    allows, then seed order — A1 v C1 and B1 v A2, so A1 and A2 can meet only in the final."""
    groups = [["A1", "A2", "A3"], ["B1", "B2", "B3"], ["C1", "C2", "C3"]]
    assert spread_slots(groups, ["A1", "B1", "C1", "A2"]) == ["A1", "C1", "B1", "A2"]


def test_spreading_many_large_groups_is_bounded_and_repeatable():
    """Fifteen groups of eight to a bracket of 100 (128 slots): the search for the placement with
    the fewest early meetings stops at its budget, so the draw is quick and anyone who re-draws
    gets the same bracket; no group-mates meet in the first two rounds."""
    groups = [[f"{chr(65 + g)}{place}" for place in range(1, 9)] for g in range(15)]
    seeded = [group[place] for place in range(8) for group in groups][:100]
    first = spread_slots(groups, seeded)
    assert first == spread_slots(groups, seeded)
    group_of = {player: g for g, group in enumerate(groups) for player in group}
    for block in range(0, 128, 4):  # the first two rounds are played within blocks of four slots
        players = [group_of[p] for p in first[block:block + 4] if p]
        assert len(players) == len(set(players))
