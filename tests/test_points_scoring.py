"""Issue 21: the generic 'points' scoring — halves, colours, games of a match, forfeits and the
pairing-allocated bye — on chess, Magic and Pokémon events played through the commands."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from play import only_problem

from podium.site.i18n import Language
from podium.site.rounds import _points


def chess_event(tree, players: int = 5) -> str:
    tree.event("open", [{"id": f"p{i}", "name": f"Player {i}", "rating": 2000 - 10 * i} for i in range(1, players + 1)],
               ruleset="chess-swiss", structure={"swiss_rounds": 3, "cut": 0})
    return "open"


def test_a_chess_round_scores_halves_colours_a_forfeit_and_the_bye(tree, cli):
    event = chess_event(tree)
    tree.save_round(event, 1, {"round": 1, "stage": "swiss", "pairings": [
        {"players": ["p1", "p2"], "score": [0.5, 0.5]}, {"players": ["p3", "p4"], "forfeit": "p4"},
        {"players": ["p5"], "bye": True}]})
    rows = {r["player"]: r for r in json.loads(cli("standings", event, "--json").output)["standings"]}
    assert {p: rows[p]["points"] for p in rows} == {"p1": 0.5, "p2": 0.5, "p3": 1, "p4": 0, "p5": 1}
    # FIDE C.07 §7.1: a forfeit win and a pairing-allocated bye are wins; the forfeit is no game with Black
    assert {p: rows[p]["tiebreaks"]["wins"] for p in rows} == {"p1": 0, "p2": 0, "p3": 1, "p4": 0, "p5": 1}
    assert set(rows["p1"]["tiebreaks"]) == {"buchholz_cut1", "buchholz", "sonneborn_berger", "direct_encounter", "wins"}


@pytest.mark.parametrize("pairing, message", [
    ({"players": ["p1", "p2"], "score": [1, 1]},
     "content/events/open/rounds/1.yaml:7: a game's score is [1, 0], [0.5, 0.5] or [0, 1] (each player's result, "
     "White first); not [1, 1]"),
    ({"players": ["p1", "p2"], "score": [1, 0], "drawn_games": 1},
     "content/events/open/rounds/1.yaml:10: 'drawn_games' is not part of this result (nothing would read it): write "
     "'score: [1, 0]', '[0.5, 0.5]' or '[0, 1]', or 'forfeit: <id>' for a player who did not play"),
])
def test_a_chess_result_the_game_cannot_have_is_refused_at_its_line(tree, cli, pairing, message):
    event = chess_event(tree, 4)
    tree.save_round(event, 1, {"round": 1, "stage": "swiss", "pairings": [
        pairing, {"players": ["p3", "p4"], "score": [0, 1]}]})
    assert only_problem(cli) == message


def test_the_byes_points_set_in_the_scoring_and_the_bye_policy_is_a_contradiction(tree, cli):
    chess_event(tree)
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets/club.yaml").write_text("id: club\nextends: chess-swiss\nbye: {points: 0.5}\n")
    tree.event("open", 5, ruleset="club")
    assert only_problem(cli) == ("rulesets/club.yaml:3: the bye's points are set twice: here and as "
                                 "'pairing_allocated_bye: 1' of the scoring; keep one")


def test_a_row_separated_by_a_new_tiebreaker_says_its_title(tree, cli):
    """The standings said 'buchholz_cut1' (the key) where a row was put above the next one."""
    event = chess_event(tree, 4)
    tree.save_round(event, 1, {"round": 1, "stage": "swiss", "pairings": [
        {"players": ["p1", "p2"], "score": [1, 0]}, {"players": ["p3", "p4"], "score": [1, 0]}]})
    tree.save_round(event, 2, {"round": 2, "stage": "swiss", "pairings": [
        {"players": ["p1", "p3"], "score": [1, 0]}, {"players": ["p2", "p4"], "score": [0.5, 0.5]}]})
    cli("build")
    page = (tree.root / "site/events/open/index.html").read_text(encoding="utf-8")
    assert "ahead of Player 4 on Buchholz Cut-1<" in page


def test_a_bye_a_player_asked_for_scores_its_kind_and_is_no_pairing_bye(tree, cli):
    """FIDE C.07 (2023) §16.2.3–16.2.4, TRF-16's F, H and Z: 'bye: half' is worth a draw and is
    not the bye the pairing gives (the same player may still get that one later)."""
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 6)]
    tree.event("club", players, ruleset="chess-swiss", structure={"swiss_rounds": 3, "cut": 0}, paired_by="by hand")
    tree.save_round("club", 1, {"round": 1, "stage": "swiss", "pairings": [
        {"table": 1, "players": ["p1", "p2"], "score": [1, 0]}, {"table": 2, "players": ["p3", "p4"], "score": [0, 1]},
        {"players": ["p5"], "bye": "half"}]})
    rows = {row["player"]: row for row in json.loads(cli("standings", "club", "--json").output)["standings"]}
    assert rows["p5"]["points"] == 0.5 and rows["p5"]["tiebreaks"]["wins"] == 0



def test_the_round_page_writes_half_points_as_score_sheets_do(tree, cli):
    """A chess draw reads '½ : ½' and a half-point bye '+½' in every language (it printed
    '0.5 : 0.5', an English decimal point on a Polish page)."""
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 6)]
    tree.event("club", players, ruleset="chess-swiss", structure={"swiss_rounds": 3, "cut": 0}, paired_by="by hand")
    tree.write("site.yaml", {"title": "Klub", "language": "pl"})
    tree.save_round("club", 1, {"round": 1, "stage": "swiss", "pairings": [
        {"table": 1, "players": ["p1", "p2"], "score": [0.5, 0.5]}, {"table": 2, "players": ["p3", "p4"], "score": [0, 1]},
        {"players": ["p5"], "bye": "half"}]})
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site/events/club/rounds/1/index.html").read_text(encoding="utf-8")
    assert '<span class="result">½ : ½</span>' in page and "(+½)" in page and "0.5" not in page


def test_points_on_a_round_page_in_the_sites_language():
    """Halves as ½ (a negative one too: divmod floors, so -0.5 read '-1½'); other numbers as the
    language writes them (2,25 in Polish, not 2.25)."""
    model = SimpleNamespace(language=Language("pl"))
    assert [_points(v, model) for v in (0.5, 1.5, -0.5, -1.5, 2.25, 3, 0)] == ["½", "1½", "-½", "-1½", "2,25", "3", "0"]
