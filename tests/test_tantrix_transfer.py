"""Tantrix §7e (issue 35): TP taken from a player who did not turn up for an arranged game and
given to his opponent, recorded as a points penalty naming who receives them ('to:').

The seed (002_3acad9b51e57a7c3.txt, §7e): if your opponent twice fails to turn up and you give
him another chance, "natychmiast powinieneś poprosić o 2 pkt od swojego partnera tzn. 2 pkt za
każdą zaaranżowaną lecz nierozegraną grę" — claim 2 TP from him for each game arranged but not
played. Podium 0.2 took a negative penalty on the receiver; negative penalties are refused now,
and 'to:' is the way: '{player: marek, kind: points, points: 2, to: kasia}' takes 2 TP off
marek and gives them to kasia. Only a ruleset whose scoring has such transfers (Tantrix's) takes
'to:'; elsewhere it is refused, as is a receiver who is not another player of the event.
"""
from __future__ import annotations

import json

from play import only_problem

# The strongest first: in every game the stronger player wins 30–20, margin 10 → 16.2 / 3.8 TP
# (§9a: 10 + 2 + 4/3·√10 = 16.22 → 16.2), within the clock, 20 tiles each; a two-game
# mini-match is 32.4 / 7.6.
PLAYERS = [{"name": "Ola Wiśniewska", "id": "ola", "rating": 1900},
           {"name": "Kasia Nowak", "id": "kasia", "rating": 1800},
           {"name": "Marek Kowalski", "id": "marek", "rating": 1700},
           {"name": "Piotr Zając", "id": "piotr", "rating": 1600}]
STRENGTH = [p["id"] for p in PLAYERS]
MISSED = {"player": "marek", "kind": "points", "points": 2, "to": "kasia", "reason": "§7e: missed an arranged game"}


def play_the_group(tree, cli, event_id: str = "tx", penalties: list | None = None) -> int:
    """Pair and fill the three rounds of one round-robin group of two-game mini-matches; the
    ``penalties`` go into the round file where marek plays kasia. Returns that round's number."""
    tree.event(event_id, PLAYERS, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    met_in = 0
    for number in (1, 2, 3):
        cli("pair", event_id)
        data = tree.read_round(event_id, number)
        for pairing in data["pairings"]:
            a, b = pairing["players"]
            score = [30, 20] if STRENGTH.index(a) < STRENGTH.index(b) else [20, 30]
            pairing["games"] = [{"score": score, "time": ["12:00", "12:00"], "tiles": [20, 20]}] * 2
            if {a, b} == {"marek", "kasia"}:
                met_in = number
                if penalties:
                    data["penalties"] = penalties
        tree.save_round(event_id, number, data)
    return met_in


def test_two_missed_games_move_4_tp_from_the_absent_player_to_his_opponent(tree, cli):
    """§7e: marek failed to turn up twice for his arranged mini-match with kasia; she gave him
    another chance and claimed 2 TP for each of the two games arranged but not played.
    Without the penalty (three mini-matches each, 32.4 won / 7.6 lost):
         ola    3 × 32.4          = 97.2
         kasia  7.6 + 2 × 32.4    = 72.4
         marek  2 × 7.6 + 32.4    = 47.6
         piotr  3 × 7.6           = 22.8
    With it, 2 × 2 = 4 TP move from marek to kasia (none is lost: 240 TP in all, 12 games × 20):
         kasia  72.4 + 4 = 76.4, marek 47.6 − 4 = 43.6; ola 97.2 and piotr 22.8 as they were."""
    play_the_group(tree, cli, penalties=[MISSED, MISSED])
    report = json.loads(cli("standings", "tx", "--json").output)
    assert [(r["player"], r["points"]) for r in report["standings"]] == [
        ("ola", 97.2), ("kasia", 76.4), ("marek", 43.6), ("piotr", 22.8)]
    assert "76.4" in cli("standings", "tx").output
    assert "problem" not in cli("check").output


def test_the_round_and_both_players_pages_show_the_transfer_on_both_sides(tree, cli):
    """The round page lists the round's penalties; a transfer names both players, what one loses
    and the other gains, with the organizer's reason. Each player's page says it too."""
    met_in = play_the_group(tree, cli, penalties=[MISSED])
    cli("build", "--out", tree.root / "site")
    said = "Marek Kowalski: −2 pts, Kasia Nowak: +2 pts (§7e: missed an arranged game)"
    page = (tree.root / "site" / "events" / "tx" / "rounds" / str(met_in) / "index.html").read_text(encoding="utf-8")
    assert f"<h2>Penalties</h2><ul class=\"list\"><li>{said}</li></ul>" in page
    for player in ("marek", "kasia"):
        mine = (tree.root / "site" / "players" / player / "index.html").read_text(encoding="utf-8")
        assert f"Penalties: Round {met_in} · {said}" in mine


def test_the_transfer_is_said_in_the_sites_language(tree, cli):
    tree.write("site.yaml", {"title": "Turnieje", "language": "pl"})
    met_in = play_the_group(tree, cli, penalties=[MISSED])
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site" / "events" / "tx" / "rounds" / str(met_in) / "index.html").read_text(encoding="utf-8")
    assert "<h2>Kary</h2>" in page
    assert "Marek Kowalski: −2 pkt, Kasia Nowak: +2 pkt (§7e: missed an arranged game)" in page


def paired_round_with(tree, cli, event_id: str, penalty_line: str) -> tuple[str, int]:
    """Round 1 as `pair` wrote it (results still to come: a note, not a problem), with one
    penalty appended; returns the file as check names it and the penalty's line."""
    cli("pair", event_id)
    path = tree.round_path(event_id, 1)
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "penalties:\n" + penalty_line + "\n", encoding="utf-8")
    return f"content/events/{event_id}/rounds/1.yaml", len(text.splitlines()) + 2


def tantrix_event(tree) -> str:
    return tree.event("tx", PLAYERS, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])


def test_the_receiver_must_not_be_the_penalized_player(tree, cli):
    where, line = paired_round_with(tree, cli, tantrix_event(tree),
                                    "  - {player: marek, kind: points, points: 2, to: marek}")
    assert only_problem(cli) == (
        f"{where}:{line}: 'to: marek' names the penalized player: the points taken off would come back; name the "
        "opponent who receives them, or remove 'to:' to take them off alone")


def test_the_receiver_must_be_the_opponent_in_that_round(tree, cli):
    """§7e: the points are claimed "od swojego partnera", the opponent of the game not played;
    the round file that records them is that game's round."""
    cli("pair", tantrix_event(tree))
    (opponent,) = [q for pairing in tree.read_round("tx", 1)["pairings"] if "marek" in pairing["players"]
                   for q in pairing["players"] if q != "marek"]
    stranger = next(p for p in STRENGTH if p not in ("marek", opponent))
    tree.round_path("tx", 1).unlink()
    where, line = paired_round_with(tree, cli, "tx", f"  - {{player: marek, kind: points, points: 2, to: {stranger}}}")
    problem = only_problem(cli)
    assert problem == (
        f"{where}:{line}: 'to: {stranger}': the points go to the penalized player's opponent in round 1, and marek "
        f"plays his opponent {opponent} there; name the opponent, or record it in the round of that game")


def test_the_round_file_says_how_to_write_a_transfer(tree, cli):
    cli("pair", tantrix_event(tree))
    assert ("# Points one player owes his opponent: '{player: id, kind: points, points: 2, to: opponent-id, reason: "
            "…}'.") in tree.round_path("tx", 1).read_text(encoding="utf-8")
    tree.event("ns", 8)
    cli("pair", "ns")
    assert "owes his opponent" not in tree.round_path("ns", 1).read_text(encoding="utf-8")


def test_the_receiver_must_be_a_player_of_the_event(tree, cli):
    where, line = paired_round_with(tree, cli, tantrix_event(tree),
                                    "  - {player: marek, kind: points, points: 2, to: kasa}")
    assert only_problem(cli) == (
        f"{where}:{line}: unknown player 'kasa' (did you mean 'kasia'?); use an id from registrations.yaml")


def test_only_a_points_penalty_gives_points_to_anyone(tree, cli):
    where, line = paired_round_with(tree, cli, tantrix_event(tree), "  - {player: marek, kind: warning, to: kasia}")
    assert only_problem(cli) == (
        f"{where}:{line}: 'to: kasia' names who receives the points of a 'kind: points' penalty; a warning takes no "
        "points off, so nobody receives any: remove 'to:'")


def test_the_receivers_line_is_named_in_a_penalty_written_over_several_lines(tree, cli):
    where, line = paired_round_with(tree, cli, tantrix_event(tree),
                                    "  - player: marek\n    kind: points\n    points: 2\n    to: marek")
    assert only_problem(cli).startswith(f"{where}:{line + 3}: 'to: marek' names the penalized player")


def test_a_ruleset_without_transfers_refuses_to(tree, cli):
    """Neuroshima HEX (and every ruleset but Tantrix) gives a penalty's points to nobody: a
    player's points come from his games there, so 'to:' is refused, not read as a bonus."""
    tree.event("ns", 8)
    where, line = paired_round_with(tree, cli, "ns", "  - {player: p01, kind: points, points: 2, to: p02}")
    assert only_problem(cli) == (
        f"{where}:{line}: 'to: p02': under ruleset neuroshima-hex-pl-2023 a penalty takes points off and gives them "
        "to nobody (its scoring has no transfers); remove 'to:' to take them off p01 alone")

