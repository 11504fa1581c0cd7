"""Micromutants, issue 15: every real situation of the RBB seed (003, Italian) ends in correct,
finished standings — a forfeit in a knockout, a match the bracket leaves with one player, groups
of six and seven in the extreme tournament, the optional bella. Expected numbers worked by hand
in the comments."""
from __future__ import annotations

import json
import re
import textwrap
from collections import Counter

import pytest

from podium.core.errors import Problems, Src
from podium.core.model import Game, Pairing
from podium.rules.games.micromutants import MicromutantsScoring
from podium.rules.schedules import pair_rotation, rotation_length
from podium.rules.structure import Stage

MM = MicromutantsScoring()
BEST_OF_5 = Stage("knockout", games=3, final_games=5)


def classic_event(tree, players: int = 4) -> str:
    return tree.event("mm", [{"name": f"Giocatore {i}", "id": f"g{i}"} for i in range(1, players + 1)],
                      ruleset="micromutants-classic")


def standings(cli) -> dict:
    return json.loads(cli("standings", "mm", "--json").output)


def write_round(tree, number: int, stage: str, tables: str) -> None:
    """A round file as written here: 'round', 'stage', 'pairings' on lines 1–3, then ``tables``."""
    text = f"round: {number}\nstage: {stage}\npairings:\n" + textwrap.indent(textwrap.dedent(tables).strip() + "\n", "  ")
    tree.write(f"events/mm/rounds/{number}.yaml", text)


def games(*winners) -> str:
    return "[" + ", ".join(f"{{winner: {w}}}" for w in winners) + "]"


def matches_by_label(result: dict) -> dict:
    """The bracket's matches by (round, label, table)."""
    return {(m["round"], m["match"], m["game"]): m for m in result["stages"][0]["matches"]}


# ------------------------------------------------------------------ 1. a forfeit in a knockout

def test_a_forfeit_in_the_knockout_is_scored_and_the_event_completes(tree, cli):
    """4 players, classic: semifinals best of 3, the final and 3rd place best of 5.

    Semifinal 1, a v b: b does not come ('forfeit: b') → a advances; no game was played, so the
    match has no points (null, as a walkover's: issue 15). Semifinal 2, c v d: c, d, c → c 2:1.
    Final a v c: a, a, c, a → a 3:1. 3rd place b v d: b wins game 1, then leaves ('forfeit: b')
    → d is 3rd; the game played stands: b 1, d 0.
    Final order: a 1st, c 2nd, d 3rd, b 4th. Before: standings --json and build raised
    AttributeError ('MicromutantsScoring' has no 'win') on the forfeited match."""
    classic_event(tree)
    cli("pair", "mm")
    (a, b), (c, d) = (p["players"] for p in tree.read_round("mm", 1)["pairings"])
    write_round(tree, 1, "knockout", f"""
        - {{table: 1, players: [{a}, {b}], match: semifinal, forfeit: {b}}}
        - {{table: 2, players: [{c}, {d}], match: semifinal, games: {games(c, d, c)}}}
    """)
    semis = matches_by_label(standings(cli))
    assert [(m["players"], m["winner"], m["points"]) for m in semis.values()] == [
        ([a, b], a, None), ([c, d], c, [2, 1])]
    cli("pair", "mm")
    finals = {p["match"]: p["players"] for p in tree.read_round("mm", 2)["pairings"]}
    assert finals == {"final": [a, c], "third-place": [b, d]}
    write_round(tree, 2, "knockout", f"""
        - {{table: 1, players: [{a}, {c}], match: final, games: {games(a, a, c, a)}}}
        - {{table: 2, players: [{b}, {d}], match: third-place, games: {games(b)}, forfeit: {b}}}
    """)
    result = standings(cli)
    assert result["complete"]
    by_label = matches_by_label(result)
    assert (by_label[(2, "final", 1)]["winner"], by_label[(2, "final", 1)]["points"]) == (a, [3, 1])
    assert (by_label[(2, "third-place", 2)]["winner"], by_label[(2, "third-place", 2)]["points"]) == (d, [1, 0])
    assert [(r["rank"], r["player"]) for r in result["standings"]] == [(1, a), (2, c), (3, d), (4, b)]
    cli("build", "--out", "site")
    event_page = (tree.root / "site" / "events" / "mm" / "index.html").read_text(encoding="utf-8")
    assert "Giocatore" in event_page
    round_page = (tree.root / "site" / "events" / "mm" / "rounds" / "1" / "index.html").read_text(encoding="utf-8")
    assert f"Giocatore {b[1:]} forfeits" in round_page


# ------------------------------------------------------------------ 2. a match with fewer than two players

@pytest.mark.parametrize("players", [("g3",), ()], ids=["one-player", "no-player"])
def test_a_match_without_two_players_never_indexes_a_missing_player(players):
    """A 3rd-place match the bracket could fill with one player only (3 entrants, the bye's
    opponent missing): before, blank raised IndexError on players[1]. Now: one comment line, no
    games to enter; no winner, no outcome, no series; check says what is wrong, at 'players'."""
    stage = BEST_OF_5
    assert MM.blank(players, stage, match="third-place") == [
        "    # one player and no opponent: there are no games to enter"]
    pairing = Pairing(players=players, src=Src("r.yaml", 4), match="third-place", forfeit="g3" if players else None,
                      games=(Game(src=Src("r.yaml", 6), winner="g3"),), key_srcs={"players": Src("r.yaml", 5)})
    assert MM.match_winner(pairing, None, stage) is None
    assert MM.outcomes(pairing, 2, stage) == []
    assert MM.series(pairing) is None
    assert not MM.decided(pairing, stage)
    problems = Problems()
    MM.check(pairing, problems, stage)
    assert [str(p) for p in problems.items] == [
        "r.yaml:5: a head-to-head match has two players; a player without an opponent has a bye ('bye: true')"]


def test_three_players_the_second_round_is_paired_without_a_crash(tree, cli):
    """The issue's case: A, B, C; round 1 a bye and one semifinal, b wins it 2:0; `pair` for
    round 2 raised IndexError in MicromutantsScoring.blank. (Which matches round 2 holds is the
    bracket's business; here only that pairing it ends in a written file, not a traceback.)"""
    classic_event(tree, 3)
    cli("pair", "mm")
    data = tree.read_round("mm", 1)
    for pairing in data["pairings"]:
        if not pairing.get("bye"):
            winner = pairing["players"][0]
            pairing["games"] = [{"winner": winner}, {"winner": winner}]
    tree.save_round("mm", 1, data)
    cli("pair", "mm")
    assert tree.read_round("mm", 2)["round"] == 2


def test_a_free_for_all_table_beyond_the_place_points_is_refused_not_a_crash():
    """place_points has 4 places (6, 4, 2, 3); a table of five has no points for 5th: before,
    scoring it raised IndexError."""
    five = ("a", "b", "c", "d", "e")
    pairing = Pairing(players=five, src=Src("r.yaml", 4), finish=five, key_srcs={"players": Src("r.yaml", 5)})
    problems = Problems()
    MM.check(pairing, problems, Stage("free-for-all"))
    assert [str(p) for p in problems.items] == [
        "r.yaml:5: a free-for-all table seats at most 4 players (place_points gives points to 4 places), not 5"]
    assert MM.outcomes(pairing, 7, Stage("free-for-all")) == []


# ------------------------------------------------------------------ 3. extreme groups of six and seven

def games_per_player(rotation) -> Counter:
    return Counter(p for first, second in rotation for p in first + second)


def partnerships(rotation) -> Counter:
    return Counter(frozenset(team) for game in rotation for team in game)


def test_groups_of_six_and_seven_play_balanced_legs():
    """The seed gives the rotation of four (3 games, everyone partners everyone once) and allows
    bigger groups; carried over: every pair partners, everyone plays as many games.
    Six players: 15 pairs, 2 partnerships a game → at least 8 games; 4 seats a game shared by 6
    players → 4g divisible by 6 → g = 9, 6 games each (before: 8 games, two players 6, four 5).
    Each player partners his 5 others once and one of them again: 3 pairs twice, 12 once.
    Seven players: 21 pairs → at least 11 games; 4g divisible by 7 → g = 14, 8 games each
    (before: 11 games, 7, 7, 6, 6, 6, 6, 6). 6 partners each, 2 slots left: 7 pairs twice."""
    assert rotation_length(6) == (9, 6) and rotation_length(7) == (14, 8)
    six = pair_rotation(list("ABCDEF"))
    assert len(six) == 9 and games_per_player(six) == Counter({p: 6 for p in "ABCDEF"})
    assert sorted(Counter(partnerships(six).values()).items()) == [(1, 12), (2, 3)]
    seven = pair_rotation(list("ABCDEFG"))
    assert len(seven) == 14 and games_per_player(seven) == Counter({p: 8 for p in "ABCDEFG"})
    assert sorted(Counter(partnerships(seven).values()).items()) == [(1, 14), (2, 7)]
    for game in six + seven:  # two pairs of four different players
        assert len(set(game[0] + game[1])) == 4


@pytest.mark.parametrize("count", [4, 5, 8, 9, 12, 13])
def test_groups_where_every_pair_can_partner_once_keep_their_schedule(count):
    """4, 5, 8, 9, 12, 13 players: the n(n−1)/2 pairs are even in number and n(n−1)/4 games seat
    each player n − 1 times, so every pair partners exactly once, in as many games as before."""
    rotation = pair_rotation([f"p{i}" for i in range(count)])
    assert len(rotation) == count * (count - 1) // 4
    assert set(games_per_player(rotation).values()) == {count - 1}
    assert set(partnerships(rotation).values()) == {1}


@pytest.mark.parametrize("count", range(4, 25))
def test_every_group_size_gets_a_balanced_covering_leg(count):
    total, each = rotation_length(count)
    rotation = pair_rotation([f"p{i}" for i in range(count)])
    assert len(rotation) == total and set(games_per_player(rotation).values()) == {each}
    assert len(partnerships(rotation)) == count * (count - 1) // 2  # every pair partners


def test_a_group_of_six_plays_twelve_games_each_over_both_legs(tree, cli):
    """An extreme event of six: one group (at least 4, bigger when the count is not a multiple
    of 4) of 9 games a leg, home and away → 18 rounds, 12 games for every player."""
    tree.event("ex", [{"name": f"Giocatore {i}", "id": f"x{i}"} for i in range(1, 7)], ruleset="micromutants-extreme")
    played = Counter()
    for number in range(1, 19):
        cli("pair", "ex")
        data = tree.read_round("ex", number)
        assert data["stage"] == "pairs-rotation" and len(data["pairings"]) == 1
        pairing = data["pairings"][0]
        played.update(p for team in pairing["teams"] for p in team)
        pairing["winner"] = 0
        tree.save_round("ex", number, data)
    assert played == Counter({f"x{i}": 12 for i in range(1, 7)})
    group = json.loads(cli("standings", "ex", "--json").output)["stages"][0]
    assert sum(r["points"] for r in group["standings"]) == 18 * 2  # 1 primary point to each of 2 winners


# ------------------------------------------------------------------ 4. the optional bella

def semifinal_round(tree, cli, first_games: list[str]) -> tuple[str, str]:
    """Round 1 of a 4-player classic event: table 1 with ``first_games`` on lines 7, 8, …
    (``{a}``, ``{b}`` stand for its players), table 2 won 2:0 by its first player."""
    classic_event(tree)
    cli("pair", "mm")
    (a, b), (c, d) = (p["players"] for p in tree.read_round("mm", 1)["pairings"])
    lines = ["round: 1", "stage: knockout", "pairings:", "  - table: 1", f"    players: [{a}, {b}]",
             "    games:"] + [f"      - {game.format(a=a, b=b)}" for game in first_games] + [
             f"  - {{table: 2, players: [{c}, {d}], games: {games(c, c)}}}"]
    tree.write("events/mm/rounds/1.yaml", "\n".join(lines) + "\n")
    return a, b


def test_the_bella_may_be_played_after_a_decided_series(tree, cli):
    """RBB: the bella "si deve effettuare obbligatoriamente solo in caso di parità nei turni
    precedenti e … è facoltativa negli altri casi". a wins games 1 and 2 (2:0, decided); the
    bella is played anyway and b wins it: 2:1, a still the winner. Before: 'game 3 comes after
    … — remove it'."""
    a, b = semifinal_round(tree, cli, ["{{home: {a}, winner: {a}}}", "{{home: {b}, winner: {a}}}", "{{winner: {b}}}"])
    assert cli("check").output.startswith("ok")
    semi = matches_by_label(standings(cli))[(1, "semifinal", 1)]
    assert (semi["players"], semi["winner"], semi["points"]) == ([a, b], a, [2, 1])


def test_no_game_beyond_the_bella(tree, cli):
    """A 4th game in a best of 3 (2:0, the bella, then one more) is refused at its line: games
    on lines 7–10, the 4th on line 10."""
    semifinal_round(tree, cli, ["{{winner: {a}}}", "{{winner: {a}}}", "{{winner: {b}}}", "{{winner: {b}}}"])
    assert cli("check", expect=1).output.splitlines() == [
        "content/events/mm/rounds/1.yaml:10: game 4 is one too many: a best-of-3 match has at most 3 games, the last "
        "of them the bella — remove it", "1 problem found."]


def test_only_the_bella_may_follow_a_decided_best_of_five():
    """Best of 5 (the final): 3:0 after game 3. The seed makes only the bella (game 5) optional,
    so a 4th game is refused; the bella after four games that did not tie (3:1) is accepted."""
    three_nil_then_four = Pairing(players=("a", "b"), src=Src("r.yaml", 4), match="final",
                                  games=tuple(Game(src=Src("r.yaml", 6 + i), winner=w)
                                              for i, w in enumerate("aaab")))
    problems = Problems()
    MM.check(three_nil_then_four, problems, BEST_OF_5)
    assert [str(p) for p in problems.items] == [
        "r.yaml:9: game 4 comes after a won 3 games: a best-of-5 match ends when a player wins 3 games, and only "
        "the bella (game 5) may still be played — remove it"]
    three_one_then_bella = Pairing(players=("a", "b"), src=Src("r.yaml", 4), match="final",
                                   games=tuple(Game(src=Src("r.yaml", 6 + i), winner=w)
                                               for i, w in enumerate("abaab")))
    problems = Problems()
    MM.check(three_one_then_bella, problems, BEST_OF_5)
    assert problems.items == []
    assert MM.match_winner(three_one_then_bella, None, BEST_OF_5) == "a"  # 3:2, decided at game 4
    assert MM.series(three_one_then_bella) == (3, 2)


def test_the_round_file_says_the_bella_is_optional(tree, cli):
    classic_event(tree)
    cli("pair", "mm")
    text = tree.round_path("mm", 1).read_text(encoding="utf-8")
    assert "# - {winner: }  # game 3: the bella — compulsory on a tie, optional otherwise; clans by agreement or " \
           "by draw" in text


# ------------------------------------------------------------------ 5. a player who leaves the extreme tournament

def rated(prefix: str, count: int) -> list[dict]:
    """Players rated in their numbers' order, so the groups and tables seat them in that order."""
    return [{"name": f"Giocatore {prefix}{i}", "id": f"{prefix}{i}", "rating": 2000 - i} for i in range(1, count + 1)]


def play_round(tree, cli, event_id: str, number: int, result: dict | None = None, drops=(), pair=True) -> dict:
    """Pair round ``number`` (unless paired already) and enter its result: a 2-vs-2 game won by
    ``result['winner']`` (default the first pair) with ``result['bases']``; a free-for-all table
    in ``result['finish']`` order, the winner's ``bases``; a match's ``games`` by their winners."""
    if pair:
        cli("pair", event_id)
    result = result or {}
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        bases = result.get("bases", {"intact": 1, "damaged": 0, "square": 0})
        if "teams" in pairing:
            pairing.update(winner=result.get("winner", 0), bases=bases)
        elif len(pairing["players"]) > 2:
            pairing.update(finish=result.get("finish", pairing["players"]), bases=bases, eliminated={})
        else:
            pairing["games"] = [{"winner": w} for w in result["games"]]
    if drops:
        data["drops"] = list(drops)
    tree.save_round(event_id, number, data)
    return data


def teams_of(tree, event_id: str, numbers) -> list:
    return [tree.read_round(event_id, n)["pairings"][0]["teams"] for n in numbers]


INTACT_1, INTACT_2 = {"intact": 1, "damaged": 0, "square": 0}, {"intact": 2, "damaged": 0, "square": 0}
TWO_AND_ONE = {"intact": 1, "damaged": 1, "square": 0}


def test_a_group_of_four_that_loses_a_player_ends_and_three_play_the_free_for_all(tree, cli):
    """House rule (the seed is silent; MicromutantsScoring). Four players a1–a4, rated in that
    order: the rotation AB–CD, AC–BD, BC–AD, home and away. Round 1 a1+a2 beat a3+a4 (one intact
    base: 2 secondary each); round 2 a1+a3 beat a2+a4 (intact + damaged: 3 each); a1 withdraws.
    Every 2-vs-2 game left seats him and three cannot play 2 vs 2: the group ends after round 2
    (before, pair wrote round 3 with empty 'pairings:').
         a1 2 primary, 5 secondary (withdrawn); a2 1, 2; a3 1, 3; a4 0, 0.
       a3, a2, a4 go on (a3 ahead on secondary) and, fewer than four, play one free-for-all table
       of three, seats A a3, B a2, C a4 (before: refused, "tables seat 4"). Places give 6, 4, 2:
         turn 1 a4, a3, a2 · turn 2 a4, a2, a3 · turn 3 a3, a4, a2 · turn 4 a2, a3, a4
         a3 4 + 2 + 6 + 4 = 16, a4 6 + 6 + 4 + 2 = 18, a2 2 + 4 + 2 + 6 = 14
       The final (best of 5): a4 v a3, a3 wins 3:1. With no fourth player there is no 3rd-place
       match; a2 is 3rd by the free-for-all.  Final: a3, a4, a2, then a1 (withdrawn)."""
    tree.event("mm", rated("a", 4), ruleset="micromutants-extreme")
    play_round(tree, cli, "mm", 1, {"bases": INTACT_1})
    play_round(tree, cli, "mm", 2, {"bases": TWO_AND_ONE}, drops=["a1"])
    assert teams_of(tree, "mm", (1, 2)) == [[["a1", "a2"], ["a3", "a4"]], [["a1", "a3"], ["a2", "a4"]]]
    group = standings(cli)["stages"][0]
    assert [(r["player"], r["points"], r["tiebreaks"]["secondary"], r["status"]) for r in group["standings"]] == [
        ("a1", 2, 5, "dropped"), ("a3", 1, 3, "active"), ("a2", 1, 2, "active"), ("a4", 0, 0, "active")]
    cli("pair", "mm")
    assert "# clans this turn: A Chitiniani, B Flyborg, C Sovietopteri" in tree.round_path("mm", 3).read_text(
        encoding="utf-8")
    for number, finish in enumerate((["a4", "a3", "a2"], ["a4", "a2", "a3"], ["a3", "a4", "a2"], ["a2", "a3", "a4"]),
                                    start=3):
        data = play_round(tree, cli, "mm", number, {"finish": finish}, pair=number > 3)
        assert data["stage"] == "free-for-all" and data["pairings"][0]["players"] == ["a3", "a2", "a4"]
    table = standings(cli)["stages"][1]
    assert [(r["player"], r["points"]) for r in table["standings"]] == [("a4", 18), ("a3", 16), ("a2", 14)]
    final = play_round(tree, cli, "mm", 7, {"games": ["a3", "a4", "a3", "a3"]})
    assert [(p["players"], p.get("match")) for p in final["pairings"]] == [(["a4", "a3"], "final")]
    result = standings(cli)
    assert result["complete"]
    assert [(r["rank"], r["player"], r["status"]) for r in result["standings"]] == [
        (1, "a3", "active"), (2, "a4", "active"), (3, "a2", "active"), (4, "a1", "dropped")]
    cli("check")
    cli("build", "--out", tree.root / "site")


def test_a_group_of_five_that_loses_a_player_plays_the_rotation_of_four(tree, cli):
    """House rule. Five players b1–b5 rated in order, the seed's-principle rotation of five: game i
    seats out player i — round 1 b2+b5 v b3+b4, round 2 b3+b1 v b4+b5, … (10 rounds planned).
    Round 1 b2+b5 win (intact: 2 each); round 2 b4+b5 win (intact + damaged: 3 each); b5 withdraws.
    The four left play the rotation of four, home and away, from round 3: b1+b2 v b3+b4,
    b1+b3 v b2+b4, b2+b3 v b1+b4, and back — 8 rounds in all instead of 10. The first pair wins
    each, one intact base (2) but two in round 5 (4):
         b1: r3, r4, r6, r7            4 primary, 2 + 2 + 2 + 2       = 8 secondary
         b2: r1, r3, r5, r6, r8        5 primary, 2 + 2 + 4 + 2 + 2   = 12
         b3: r4, r5, r7, r8            4 primary, 2 + 4 + 2 + 2       = 10
         b4: r2                        1 primary, 3
         b5: r1, r2                    2 primary, 2 + 3 = 5, withdrawn
       Games played: b1 7 and b2 7 (each rested once before b5 left), b3 8, b4 8. The four go on
       to the free-for-all in the group's order b2, b3, b1, b4 (b5 is not active)."""
    tree.event("mm", rated("b", 5), ruleset="micromutants-extreme")
    play_round(tree, cli, "mm", 1, {"bases": INTACT_1})
    play_round(tree, cli, "mm", 2, {"winner": 1, "bases": TWO_AND_ONE}, drops=["b5"])
    for number in range(3, 9):
        play_round(tree, cli, "mm", number, {"bases": INTACT_2 if number == 5 else INTACT_1})
    assert teams_of(tree, "mm", range(1, 9)) == [
        [["b2", "b5"], ["b3", "b4"]], [["b3", "b1"], ["b4", "b5"]],
        [["b1", "b2"], ["b3", "b4"]], [["b1", "b3"], ["b2", "b4"]], [["b2", "b3"], ["b1", "b4"]],
        [["b1", "b2"], ["b3", "b4"]], [["b1", "b3"], ["b2", "b4"]], [["b2", "b3"], ["b1", "b4"]]]
    assert [tree.read_round("mm", n)["pairings"][0]["home"] for n in range(3, 9)] == [0, 0, 0, 1, 1, 1]
    group = standings(cli)["stages"][0]
    assert [(r["player"], r["points"], r["tiebreaks"]["secondary"]) for r in group["standings"]] == [
        ("b2", 5, 12), ("b3", 4, 10), ("b1", 4, 8), ("b5", 2, 5), ("b4", 1, 3)]
    cli("pair", "mm")
    table = tree.read_round("mm", 9)
    assert table["stage"] == "free-for-all" and table["pairings"][0]["players"] == ["b2", "b3", "b1", "b4"]
    assert "all identical" in cli("verify").output  # each round re-drawn from the content before it


def test_a_group_of_six_that_loses_a_player_plays_the_rotation_of_five(tree, cli):
    """House rule. Six players c1–c6: 9 games a leg, 18 rounds planned; round 1 c1+c2 v c3+c4.
    c1 withdraws after it: the five left play the rotation of five, home and away, rounds 2–11 —
    4 games a leg each, 8 for everyone from round 2 (the schedule minus c1's games would have
    given c2 to c6 4, 6, 4, 3, 5 games). The group ends after 11 rounds, the free-for-all is round 12
    (the first pair winning every game leaves c3–c6 level: the sealed bid, 'manual_order:')."""
    tree.event("mm", rated("c", 6), ruleset="micromutants-extreme", manual_order=["c3", "c4", "c5", "c6"])
    play_round(tree, cli, "mm", 1, drops=["c1"])
    for number in range(2, 12):
        play_round(tree, cli, "mm", number)
    later = teams_of(tree, "mm", range(2, 12))
    assert Counter(p for teams in later for team in teams for p in team) == Counter(
        {f"c{i}": 8 for i in range(2, 7)})
    cli("pair", "mm")
    assert tree.read_round("mm", 12)["stage"] == "free-for-all"
    assert "all identical" in cli("verify").output


def test_a_free_for_all_table_plays_on_without_a_player_who_leaves(tree, cli):
    """House rule. A free-for-all of four, d1–d4 seated A–D by rating. Turns 1 and 2: d1, d2, d3,
    d4 in that order (6 + 4 + 2 + 3 each turn: d1 12, d2 8, d3 4, d4 6); d2 withdraws. Turns 3 and 4
    seat d1, d3, d4, each with his own seat's clan (turn 3: A Sovietopteri, C Chitiniani,
    D Flyborg — the seed's rotation, B's USArtropodi unplayed). Turn 3 d4, d3, d1; turn 4 d3, d1, d4
    (6, 4, 2 at a table of three):
         d1 12 + 2 + 4 = 18;  d3 4 + 4 + 6 = 14;  d4 6 + 6 + 2 = 14;  d2 8, withdrawn.
       d3 and d4 level on primary: secondary (one intact base to each turn's winner, 2): d4 turn 3
       2, d3 turn 4 2 — level; wins d3 1, d4 1; tertiary 0; second places d3 1 (turn 3), d4 0
       → d3 above d4. Before: pair wrote turn 3 with empty 'pairings:'."""
    tree.event("mm", rated("d", 4), ruleset="micromutants-extreme", structure=[{"kind": "free-for-all"}])
    play_round(tree, cli, "mm", 1)
    play_round(tree, cli, "mm", 2, drops=["d2"])
    cli("pair", "mm")
    text = tree.round_path("mm", 3).read_text(encoding="utf-8")
    assert "# clans this turn: A Sovietopteri, C Chitiniani, D Flyborg" in text
    assert tree.read_round("mm", 3)["pairings"][0]["players"] == ["d1", "d3", "d4"]
    play_round(tree, cli, "mm", 3, {"finish": ["d4", "d3", "d1"]}, pair=False)
    play_round(tree, cli, "mm", 4, {"finish": ["d3", "d1", "d4"]})
    result = standings(cli)
    assert result["complete"]
    assert [(r["rank"], r["player"], r["points"], r["status"]) for r in result["standings"]] == [
        (1, "d1", 18, "active"), (2, "d3", 14, "active"), (3, "d4", 14, "active"), (4, "d2", 8, "dropped")]
    assert [r.get("separated_by") for r in result["standings"]][2] == "second_places"
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site" / "events" / "mm" / "rounds" / "3" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'Giocatore d3</a>(<span class="before">[^<]*</span>)? <span class="army">Chitiniani</span>', page)
