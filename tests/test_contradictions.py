"""A contradiction in a result is an error at its line, never silently resolved; results still
missing are named by `podium check` (issue 14, "Nothing lost, no crash")."""
from __future__ import annotations

import json
import textwrap

import pytest
from play import next_armies, only_problem, strength_results

from podium.core.errors import Problems, Src
from podium.core.model import Bases, Game, Pairing
from podium.rules.games.micromutants import MicromutantsScoring
from podium.content.rulesets import BUILTIN_DIR, load_rulesets
from podium.rules.structure import Stage
from play import BUILTIN_RULESETS


def first_round(tree, cli, event_id: str = "e1") -> dict:
    cli("pair", event_id)
    return tree.read_round(event_id, 1)


def write_round(tree, event_id: str, data: dict, first: str) -> None:
    """The round ``data`` with its first table written out as ``first`` (YAML, so the lines are
    those the test reads: it starts at line 4) and the other tables one line each."""
    head = f"round: {data['round']}\nstage: {data['stage']}\npairings:\n"
    table = textwrap.indent(textwrap.dedent(first).strip() + "\n", "  ")
    rest = "".join(f"  - {json.dumps(p)}\n" for p in data["pairings"][1:])  # JSON is YAML
    tree.write(f"events/{event_id}/rounds/{data['round']}.yaml", head + table + rest)


def nshex_round(tree, cli, first: str) -> None:
    """Round 1 of an 8-player Neuroshima event, every other table 12–5, the first as given
    (``{a}`` and ``{b}`` stand for its two players) and then its armies (§6.5: a result records them)."""
    tree.event("e1", 8)
    cli("pair", "e1")
    data = strength_results(tree, "e1", 1)
    a, b = data["pairings"][0]["players"]
    armies = textwrap.indent(f"armies: {json.dumps(data['pairings'][0]['armies'])}", "  ")
    write_round(tree, "e1", data, textwrap.dedent(first.format(a=a, b=b)).strip() + "\n" + armies)


def tantrix_round(tree, cli, games: str, extra: str = "") -> None:
    """Round 1 of a 4-player Tantrix round robin (two-game mini-matches), the other table
    played, the first table's ``games:`` as given (after the line ``extra``, if any)."""
    tree.event("e1", [{"name": f"Gracz {i}", "id": f"t{i}"} for i in range(1, 5)], ruleset="tantrix")
    data = first_round(tree, cli)
    for pairing in data["pairings"][1:]:
        pairing["games"] = [{"score": [30, 20]}, {"score": [30, 20]}]
    a, b = data["pairings"][0]["players"]
    write_round(tree, "e1", data, f"- table: 1\n  players: [{a}, {b}]\n{extra.format(a=a, b=b)}  games:\n"
                + textwrap.indent(textwrap.dedent(games.format(a=a, b=b)).strip(), "  "))


# ------------------------------------------------------------------ results still to come

def test_check_names_the_tables_whose_results_are_pending(tree, cli):
    tree.event("e1", 8)
    data = first_round(tree, cli)
    for pairing in data["pairings"][::2]:  # tables 1 and 3 are in; 2 and 4 still playing
        pairing["score"] = [12, 5]
        pairing["armies"] = next_armies(tree, "e1", 1, pairing["players"])
    tree.save_round("e1", 1, data)
    output = cli("check").output  # an event in progress is normal: still exit 0
    assert output.splitlines() == ["note: content/events/e1/rounds/1.yaml:1: 2 results pending (tables 2, 4)",
                                   f"ok: 1 event, 0 seasons, {BUILTIN_RULESETS} rulesets"]


def test_one_pending_result_and_a_finished_round_say_so_plainly(tree, cli):
    tree.event("e1", 8)
    cli("pair", "e1")
    strength_results(tree, "e1", 1)
    assert "note:" not in cli("check").output
    cli("pair", "e1")
    data = strength_results(tree, "e1", 2)
    del data["pairings"][2]["score"]
    tree.save_round("e1", 2, data)
    assert cli("check").output.startswith("note: content/events/e1/rounds/2.yaml:1: 1 result pending (table 3)\n")


# ------------------------------------------------------------------ one result saying two things

def test_a_forfeit_beside_a_score_is_refused_at_the_score(tree, cli):
    nshex_round(tree, cli, """
        - table: 1
          players: [{a}, {b}]
          score: [12, 5]
          forfeit: {a}
    """)  # before: the forfeit silently won over the score
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:6: 'forfeit: p07' says the game was not played, "
                                 "but it has a score [12, 5]; keep the score if it was played, the forfeit if not "
                                 "— not both")


def test_a_draw_beside_an_unequal_score_is_refused_at_the_draw(tree, cli):
    nshex_round(tree, cli, """
        - table: 1
          players: [{a}, {b}]
          score: [12, 5]
          draw: true
    """)  # before: scored as a 12–5 win
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:7: 'draw: true' but the score [12, 5] is not "
                                 "level; remove 'draw' (the score decides) or correct the score")


def test_a_draw_beside_a_level_score_agrees(tree, cli):
    nshex_round(tree, cli, """
        - table: 1
          players: [{a}, {b}]
          score: [9, 9]
          draw: true
    """)
    assert cli("check").output.startswith("ok:")


def test_a_winner_beside_a_level_score_is_refused(tree, cli):
    nshex_round(tree, cli, """
        - table: 1
          players: [{a}, {b}]
          score: [9, 9]
          winner: {b}
    """)
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:7: 'winner: p08' disagrees with the score [9, 9]: "
                                 "the score is level; fix one of them")


def test_games_under_a_one_game_ruleset_are_refused_not_ignored(tree, cli):
    nshex_round(tree, cli, """
        - table: 1
          players: [{a}, {b}]
          score: [12, 5]
          games:
            - {{winner: {b}}}
    """)  # before: the games were read by nobody
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:7: 'games' is not part of this result (nothing "
                                 "would read it): write 'score: [HQ left, HQ left]' (12 v 5 → [12, 5]), 'forfeit: "
                                 "<id>' for a player who did not play, or 'judge_loss: <id>' for a player a judge "
                                 "gave the loss")


def test_a_game_with_a_forfeit_and_a_score_is_refused_at_its_score(tree, cli):
    tantrix_round(tree, cli, """
        - score: [30, 20]
        - forfeit: {a}
          score: [20, 30]
    """)
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:9: 'forfeit: t1' says the game was not played, "
                                 "but it has a score [20, 30]; keep the score if it was played, the forfeit if not "
                                 "— not both")


def test_a_game_won_by_the_player_who_forfeited_it_is_refused(tree, cli):
    tantrix_round(tree, cli, """
        - score: [30, 20]
        - forfeit: {a}
          winner: {a}
    """)  # before: accepted, the forfeit counted
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:9: 'winner: t1' but 'forfeit: t1' says t1 did not "
                                 "play this game; keep one of them")


def test_a_game_winner_against_its_score_is_refused(tree, cli):
    tantrix_round(tree, cli, """
        - score: [30, 20]
        - score: [20, 30]
          winner: {a}
    """)  # before: the score won silently
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:9: 'winner: t1' disagrees with the score [20, 30]: "
                                 "t4 scored more; fix one of them")


@pytest.fixture(scope="module")
def rulesets():
    return load_rulesets([BUILTIN_DIR])


@pytest.mark.parametrize("ruleset, fields, key", [
    ("neuroshima-hex-pl-2023", {"score": (12, 5), "modified": True}, "modified"),
    ("ffg-conquest", {"winner": "a", "draw": True}, "draw"),
    ("carcassonne-cz", {"score": (80, 60), "forfeit": "b"}, "forfeit"),
    ("carcassonne-cz", {"score": (80, 60), "finish": ("a", "b")}, "finish"),
])
def test_a_key_the_ruleset_does_not_read_is_refused_at_its_line_not_lost(rulesets, ruleset, fields, key):
    """Before: a Czech table's forfeit or a Neuroshima 'modified' was ignored without a word."""
    scoring = rulesets[ruleset].scoring
    pairing = Pairing(players=("a", "b"), src=Src("r.yaml", 4), key_srcs={k: Src("r.yaml", 9) for k in fields},
                      **fields)
    problems = Problems()
    scoring.check(pairing, problems)
    assert [str(p) for p in problems.items] == [f"r.yaml:9: '{key}' is not part of this result (nothing would read "
                                                f"it): {scoring.how}"]


# ------------------------------------------------------------------ Tantrix: a game is scored from its score

def test_a_tantrix_game_with_only_a_winner_is_refused_not_scored_as_a_draw(tree, cli):
    """§9a: the TP come from the margin, which a winner alone does not give (before: 10–10)."""
    tantrix_round(tree, cli, """
        - score: [30, 20]
        - winner: {b}
    """)
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:8: 'winner: t4' without a score: a game's TP come "
                                 "from its score (§9a), so write 'score: [points, points]' (and 'time:'); only a "
                                 "5-minute deciding game after a level knockout match (§10a) is entered as {winner: id}")


def test_a_tantrix_no_show_for_the_whole_match_is_entered_per_game(tree, cli):
    tantrix_round(tree, cli, """
        - score: [30, 20]
        - score: [30, 20]
    """, extra="  forfeit: {b}\n")  # before: ignored beside the games, and left the match pending without
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:6: 'forfeit' is not part of this result (nothing "
                                 "would read it): write a Tantrix result game by game under 'games:' (e.g. games: "
                                 "[{score: [31, 22], time: [\"14:10\", \"15:02\"]}]); a no-show as 'forfeit: <id>' "
                                 "in each game he did not turn up for (§7b)")


def test_a_disconnected_tantrix_game_has_no_score_besides(tree, cli):
    tantrix_round(tree, cli, """
        - score: [30, 20]
        - score: [30, 20]
          disconnected: true
    """)
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:9: 'disconnected: true' means both players lost "
                                 "the connection and the game counts 23–23, a 10–10 draw (§3c); it has no score, "
                                 "winner or forfeit besides — keep one")


def tantrix_knockout(tree, cli, games: list) -> dict:
    """A 4-player Tantrix knockout of two-game matches; table 1 plays ``games``, table 2 is clear."""
    tree.event("e1", [{"name": f"Gracz {i}", "id": f"t{i}", "rating": 1800 - i} for i in range(1, 5)],
               ruleset="tantrix", structure=[{"kind": "knockout", "games": 2, "seeding": "rating"}])
    data = first_round(tree, cli)
    data["pairings"][0]["games"] = games
    data["pairings"][1]["games"] = [{"score": [30, 20]}, {"score": [30, 20]}]
    tree.save_round("e1", 1, data)
    return data


LEVEL = [{"score": [24, 20], "tiles": [30, 28]}, {"score": [18, 22], "tiles": [28, 30]}]  # 20–20 TP, 1–1, 58–58


def test_a_deciding_game_after_a_decided_knockout_match_is_refused(tree, cli):
    tantrix_knockout(tree, cli, [{"score": [30, 20]}, {"score": [30, 20]}, {"winner": "t4"}])  # before: ignored
    line = tree.round_path("e1", 1).read_text().splitlines().index("  - winner: t4") + 1
    assert only_problem(cli) == (f"content/events/e1/rounds/1.yaml:{line}: game 3 is a deciding game, but its games "
                                 "already decided the match; one is played only while TP, games won and tiles are "
                                 "level (§10a) — remove it")


def test_deciding_games_are_played_until_one_is_won_and_no_further(tree, cli):
    data = tantrix_knockout(tree, cli, LEVEL + [{"score": [25, 25]}, {"winner": "t1"}])
    assert "note:" not in cli("check").output  # a level decider, then one won: decided
    data["pairings"][0]["games"] = LEVEL + [{"winner": "t1"}, {"winner": "t4"}]
    tree.save_round("e1", 1, data)
    assert only_problem(cli).endswith("game 4 is a deciding game, but game 3 already decided the match; one is "
                                      "played only while TP, games won and tiles are level (§10a) — remove it")



# ------------------------------------------------------------------ Micromutants: a best-of-N is its games

def micromutants_round(tree, cli, first: str) -> None:
    """Round 1 (the semifinals, best of 3) of a 4-player classic event, the other semifinal
    won 2:0, the first table as given (``{a}`` and ``{b}`` stand for its players)."""
    tree.event("e1", [{"name": f"Giocatore {i}", "id": f"g{i}"} for i in range(1, 5)], ruleset="micromutants-classic")
    data = first_round(tree, cli)
    for pairing in data["pairings"][1:]:
        pairing["games"] = [{"winner": pairing["players"][0]}] * 2
    a, b = data["pairings"][0]["players"]
    write_round(tree, "e1", data, first.format(a=a, b=b))


def test_a_winner_contradicting_the_games_of_a_series_is_refused(tree, cli):
    micromutants_round(tree, cli, """
        - table: 1
          players: [{a}, {b}]
          games:
            - winner: {a}
            - winner: {b}
            - winner: {a}
          winner: {b}
    """)  # before: the games decided, the winner line was ignored
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:10: 'winner: g2' contradicts the games, which g4 "
                                 "won 2:1; fix the winner or the games")  # the draw put g4 v g2 at table 1


def test_a_game_after_the_series_is_decided_is_refused(tree, cli):
    micromutants_round(tree, cli, """
        - table: 1
          players: [{a}, {b}]
          games:
            - winner: {a}
            - winner: {a}
            - winner: {b}
            - winner: {b}
    """)  # 2:0, then the optional bella (RBB: accepted), then a 4th game: too many
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:10: game 4 is one too many: a best-of-3 match has "
                                 "at most 3 games, the last of them the bella — remove it")


MM = MicromutantsScoring()
BEST_OF_3 = Stage("knockout", games=3)


def mm_problems(**fields) -> list[str]:
    """The problems with one Micromutants result line whose every key sits on line 9."""
    keys = {key: Src("r.yaml", 9) for key in fields}
    pairing = Pairing(players=fields.pop("players", ("a", "b")), src=Src("r.yaml", 4), key_srcs=keys, **fields)
    problems = Problems()
    MM.check(pairing, problems, BEST_OF_3)
    return [str(p) for p in problems.items]


def won(*winners) -> tuple:
    return tuple(Game(src=Src("r.yaml", 6 + i), winner=w) for i, w in enumerate(winners))


def test_a_winner_the_games_do_not_give_is_refused_not_ignored():
    assert mm_problems(games=won("a", "b"), winner="b") == [
        "r.yaml:9: 'winner: b' but the games listed do not decide the match (1:1); enter each game's winner under "
        "'games:' (a best-of-3 is won with 2 games)"]
    assert mm_problems(games=won("a", "a"), winner="a") == []  # saying it twice is no contradiction


def test_a_forfeit_by_the_player_who_won_the_games_is_refused():
    assert mm_problems(games=won("b", "b"), forfeit="b") == [
        "r.yaml:9: 'forfeit: b' but b won the match 2:0 in the games listed; keep the games or the forfeit"]
    assert mm_problems(games=won("a"), forfeit="b") == []  # one game played, then b conceded


def test_a_forfeit_after_games_that_already_decide_the_match_is_refused():
    """b lost 2:0 and did not forfeit: a forfeit beside a decided series says two things."""
    assert mm_problems(games=won("a", "a"), forfeit="b") == [
        "r.yaml:9: 'forfeit: b' but the games listed already decide the match: a won 2:0; keep the games, or the "
        "forfeit if b did not play"]


MATCH = ("a match is entered game by game, games: [{winner: <id>}, …], with 'forfeit: <id>' if a player did not "
         "play it")
TEAMS = "a 2-vs-2 game's result is 'winner: 0|1' (the winning pair) and that pair's 'bases:'"
TABLE = ("a free-for-all table's result is 'finish: [1st, 2nd, 3rd, 4th]' with the winner's 'bases:' and "
         "'eliminated:'")


@pytest.mark.parametrize("fields, key, how", [
    ({"draw": True}, "draw", MATCH),
    ({"score": (3, 1)}, "score", MATCH),
    ({"bases": Bases(intact=2)}, "bases", MATCH),
    ({"teams": (("a", "b"), ("c", "d")), "players": ("a", "b", "c", "d"), "winning_team": 0, "forfeit": "c"},
     "forfeit", TEAMS),
    ({"teams": (("a", "b"), ("c", "d")), "players": ("a", "b", "c", "d"), "winning_team": 1, "score": (5, 2)},
     "score", TEAMS),
    ({"players": ("a", "b", "c", "d"), "finish": ("a", "b", "c", "d"), "games": won("a")}, "games", TABLE),
    ({"players": ("a", "b", "c", "d"), "finish": ("a", "b", "c", "d"), "draw": True}, "draw", TABLE),
], ids=["match-draw", "match-score", "match-bases", "2v2-forfeit", "2v2-score", "table-games", "table-draw"])
def test_micromutants_keys_nothing_reads_are_refused_not_lost(fields, key, how):
    assert mm_problems(**fields) == [f"r.yaml:9: '{key}' is not part of this result (nothing would read it): {how}"]


def test_a_micromutants_game_with_a_score_or_a_forfeit_is_refused_not_lost():
    game = Game(src=Src("r.yaml", 6), score=(3, 1), forfeit="b", key_srcs={"score": Src("r.yaml", 7),
                                                                         "forfeit": Src("r.yaml", 8)})
    how = ("is not part of a game of this ruleset (nothing would read it): a Micromutants game records its "
           "'winner:' (and 'home:', 'clans:'); a player who did not play the match: 'forfeit: <id>' on the match")
    assert mm_problems(games=(game,) + won("a", "a")) == [f"r.yaml:7: 'score' {how}", f"r.yaml:8: 'forfeit' {how}"]


def test_more_eliminations_than_a_free_for_all_table_allows_are_refused():
    four = ("a", "b", "c", "d")
    assert mm_problems(players=four, finish=four, eliminated=(("a", 2), ("b", 2))) == [
        "r.yaml:9: 'eliminated' counts 4 eliminations at a table of 4, where at most 3 players can be eliminated"]
    assert mm_problems(players=four, finish=four, eliminated=(("a", 2), ("b", 1))) == []


# ------------------------------------------------------------------ a bracket's matches as the bracket has them

def micromutants_finals(tree, cli) -> dict:
    """A 4-player classic event (best of 3, the final and 3rd place best of 5): the semifinals
    won 2:0 by their first-listed players, the finals paired and won 3:0 likewise."""
    tree.event("e1", [{"name": f"Giocatore {i}", "id": f"g{i}"} for i in range(1, 5)], ruleset="micromutants-classic")
    for number, games in ((1, 2), (2, 3)):
        cli("pair", "e1")
        data = tree.read_round("e1", number)
        for pairing in data["pairings"]:
            pairing["games"] = [{"winner": pairing["players"][0]}] * games
        tree.save_round("e1", number, data)
    return data


def test_swapped_final_and_third_place_labels_are_refused(tree, cli):
    data = micromutants_finals(tree, cli)
    final, third = data["pairings"]
    assert (final["match"], third["match"]) == ("final", "third-place")
    final["match"], third["match"] = "third-place", "final"  # before: accepted, each scored by its players
    tree.save_round("e1", 2, data)
    lines = tree.round_path("e1", 2).read_text().splitlines()
    at = {label: lines.index(f"  match: {label}") + 1 for label in ("final", "third-place")}
    result = cli("check", expect=1)
    assert result.output.splitlines() == [
        f"content/events/e1/rounds/2.yaml:{at['third-place']}: 'match: third-place' but {' v '.join(final['players'])} "
        "is the final of this bracket (the semifinal winners play the final); set 'match: final'",
        f"content/events/e1/rounds/2.yaml:{at['final']}: 'match: final' but {' v '.join(third['players'])} is the "
        "3rd-place match of this bracket (the semifinal losers play for 3rd place); set 'match: third-place'",
        "2 problems found."]


def test_a_final_of_more_games_must_say_it_is_the_final(tree, cli):
    data = micromutants_finals(tree, cli)
    del data["pairings"][0]["match"]  # before: counted as a best of 3
    tree.save_round("e1", 2, data)
    line = tree.round_path("e1", 2).read_text().splitlines().index("pairings:") + 2  # the first pairing
    assert only_problem(cli) == (f"content/events/e1/rounds/2.yaml:{line}: {' v '.join(data['pairings'][0]['players'])} "
                                 "is the final here, of 5 games; add 'match: final'")


def test_a_match_name_in_a_swiss_round_is_refused(tree, cli):
    nshex_round(tree, cli, """
        - table: 1
          players: [{a}, {b}]
          score: [12, 5]
          match: final
    """)
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:7: 'match: final' names a knockout match, but "
                                 "round 1 is a swiss round; remove it")

