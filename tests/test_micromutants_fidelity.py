"""Micromutants, issue 15: every real situation of the RBB seed (003, Italian) ends in correct,
finished standings — a forfeit in a knockout, a match the bracket leaves with one player, groups
of six and seven in the extreme tournament, the optional bella. Expected numbers worked by hand
in the comments."""
from __future__ import annotations

import json
import textwrap
from collections import Counter

import pytest

from podium.errors import Problems, Src
from podium.model import Game, Pairing
from podium.rules.micromutants import MicromutantsScoring
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
