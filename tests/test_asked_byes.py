"""Issue 21: a bye a player asks for in advance (registrations.yaml `byes: {3: half}`), as chess
events take them (FIDE C.07 (2023) §16.2.3–16.2.4: a half-point or zero-point bye the player
requests, TRF-16's H and Z). `podium pair` leaves him out of that round and writes his bye."""
from __future__ import annotations

import json

import pytest
import yaml
from play import only_problem


def chess_event(tree, byes: dict, players: int = 6, **fields) -> str:
    entries = [{"id": f"p{i}", "name": f"Player {i}", "rating": 2000 - 10 * i} for i in range(1, players + 1)]
    for player, asked in byes.items():
        entries[int(player[1:]) - 1]["byes"] = asked
    fields = {"ruleset": "chess-swiss", "structure": {"swiss_rounds": 3, "cut": 0}, **fields}
    return tree.event("open", entries, **fields)


def white_wins(tree, event: str, number: int) -> None:
    data = tree.read_round(event, number)
    for pairing in data["pairings"]:
        if len(pairing["players"]) == 2:
            pairing["score"] = [1, 0]
    tree.save_round(event, number, data)


def test_pair_leaves_out_who_asked_for_a_bye_and_writes_it(tree, cli):
    event = chess_event(tree, {"p3": {2: "half"}})
    cli("pair", event)
    white_wins(tree, event, 1)
    cli("pair", event)
    text = tree.round_path(event, 2).read_text(encoding="utf-8")
    assert "    bye: half  # asked for in registrations.yaml\n" in text
    pairings = tree.read_round(event, 2)["pairings"]
    assert {"players": ["p3"], "bye": "half"} in pairings
    games = [p["players"] for p in pairings if len(p["players"]) == 2]
    assert len(games) == 2 and "p3" not in sum(games, [])
    # five left to pair: one of them gets the pairing-allocated bye, worth a win in chess-swiss
    assert [p["players"] for p in pairings if p.get("bye") is True] != []
    white_wins(tree, event, 2)
    rows = {row["player"]: row for row in json.loads(cli("standings", event, "--json").output)["standings"]}
    round_one = next(p for p in tree.read_round(event, 1)["pairings"] if "p3" in p["players"])
    assert rows["p3"]["points"] == (1 if round_one["players"][0] == "p3" else 0) + 0.5
    assert cli("verify", event).output.startswith("ok")


def test_a_bye_asked_for_in_round_one_is_drawn_around(tree, cli):
    event = chess_event(tree, {"p1": {1: "zero"}}, players=5)
    cli("pair", event)
    pairings = tree.read_round(event, 1)["pairings"]
    assert {"players": ["p1"], "bye": "zero"} in pairings
    assert sorted(len(p["players"]) for p in pairings) == [1, 2, 2]  # four left: two games, no pairing bye
    assert cli("verify", event).output.startswith("ok")


def test_verify_redraws_a_round_with_the_byes_its_file_gives(tree, cli):
    """The bye taken out of registrations.yaml after the round was drawn: the round stands as
    drawn (its file says who sat out), as late entries do."""
    event = chess_event(tree, {"p3": {1: "half"}})
    cli("pair", event)
    path = tree.content / "events/open/registrations.yaml"
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))
    del entries[2]["byes"]
    path.write_text(yaml.safe_dump(entries), encoding="utf-8")
    assert cli("verify", event).output.startswith("ok")


def test_a_round_that_pairs_him_contradicts_the_bye_he_asked_for(tree, cli):
    event = chess_event(tree, {"p2": {1: "half"}}, players=4)
    tree.save_round(event, 1, {"round": 1, "stage": "swiss", "pairings": [
        {"table": 1, "players": ["p1", "p2"]}, {"table": 2, "players": ["p3", "p4"]}]})
    assert only_problem(cli) == (
        "content/events/open/registrations.yaml:7: p2 asked for a half bye in round 1 ('byes:'), but "
        "content/events/open/rounds/1.yaml:4 gives him a game; write him there as 'players: [p2]' with 'bye: half', "
        "or take round 1 out of 'byes:'")


def test_a_round_that_gives_him_another_bye_contradicts_it(tree, cli):
    event = chess_event(tree, {"p3": {1: "half"}}, players=3)
    tree.save_round(event, 1, {"round": 1, "stage": "swiss", "pairings": [
        {"table": 1, "players": ["p1", "p2"]}, {"players": ["p3"], "bye": "zero"}]})
    assert only_problem(cli) == (
        "content/events/open/registrations.yaml:10: p3 asked for a half bye in round 1 ('byes:'), but "
        "content/events/open/rounds/1.yaml:8 gives him 'bye: zero'; write him there as 'players: [p3]' with "
        "'bye: half', or take round 1 out of 'byes:'")


@pytest.mark.parametrize("fields, byes, message", [
    ({"ruleset": "ffg-conquest", "structure": None}, {2: "half"},
     "content/events/open/registrations.yaml:4: 'byes: {2: half}': the scoring of ruleset 'ffg-conquest' "
     "knows no bye a player asks for; remove it, and the player is paired as everyone else"),
    ({}, {4: "half"},
     "content/events/open/registrations.yaml:4: 'byes: {4: half}': a bye asked for in advance falls in a round of a "
     "Swiss stage; its last round is 3: take round 4 out of 'byes:'"),
    ({"ruleset": "chess-round-robin", "structure": None}, {2: "full"},
     "content/events/open/registrations.yaml:4: 'byes: {2: full}': a bye asked for in advance falls in a round of a "
     "Swiss stage; this event starts with round-robin: take round 2 out of 'byes:'"),
    ({}, {2: "maybe"},
     "content/events/open/registrations.yaml:5: 'byes' must be one of full, half or zero, not 'maybe'"),
    ({}, {0: "half"},
     "content/events/open/registrations.yaml:5: 'byes' must be at least 1, not the number 0"),
])
def test_a_bye_the_event_cannot_give_is_said_at_the_players_line(tree, cli, fields, byes, message):
    chess_event(tree, {"p1": byes}, **{k: v for k, v in fields.items() if v is not None})
    if "structure" in fields and fields["structure"] is None:
        event = yaml.safe_load((tree.content / "events/open/event.yaml").read_text())
        del event["structure"]
        tree.write("events/open/event.yaml", event)
    assert only_problem(cli) == message


def test_a_round_file_that_leaves_him_out_is_said_once_at_the_bye(tree, cli):
    event = chess_event(tree, {"p3": {1: "full"}}, players=3)
    tree.save_round(event, 1, {"round": 1, "stage": "swiss", "pairings": [{"table": 1, "players": ["p1", "p2"]}]})
    assert only_problem(cli) == (
        "content/events/open/registrations.yaml:10: p3 asked for a full bye in round 1 ('byes:'), but "
        "content/events/open/rounds/1.yaml:1 leaves him out; write him there as 'players: [p3]' with 'bye: full', or take "
        "round 1 out of 'byes:'")


def test_the_round_page_gives_no_pairing_reason_for_a_bye_asked_for(tree, cli):
    """It printed the bye policy's reason ('the bye goes to the lowest-ranked player …') under a
    bye the player had asked for."""
    event = chess_event(tree, {"p2": {1: "full"}}, players=5)
    cli("pair", event)
    assert {"players": ["p2"], "bye": "full"} in tree.read_round(event, 1)["pairings"]
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site/events/open/rounds/1/index.html").read_text(encoding="utf-8")
    assert "bye asked for (+1)" in page and "lowest" not in page
    assert 'Player 2</a> — bye asked for (+1)</li>' in page  # the by-name line says which bye, as the table does


def test_a_late_entry_cannot_sit_out_a_round_before_he_joins(tree, cli):
    chess_event(tree, {"p2": {1: "half"}}, players=4)
    path = tree.content / "events/open/registrations.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  byes:", "  joins: 2\n  byes:"), encoding="utf-8")
    assert only_problem(cli) == (
        "content/events/open/registrations.yaml:8: 'byes: {1: half}': p2 joins in round 2 ('joins:'), so round 1 is "
        "not his to sit out; take it out of 'byes:', or let him join in round 1")


def test_byes_that_leave_nobody_to_pair_say_who_asked(tree, cli):
    event = chess_event(tree, {"p1": {1: "half"}, "p2": {1: "half"}}, players=3)
    assert cli("pair", event, expect=1).output.startswith(
        "content/events/open/registrations.yaml:4: round 1: 2 of the 3 players asked for a bye (p1, p2: 'byes:' in "
        "registrations.yaml), and fewer than two are left to pair; take the round out of some players' 'byes:'")


def test_a_bye_is_asked_for_in_an_event_not_in_the_player_registry(tree, cli):
    chess_event(tree, {}, players=2)
    tree.write("players.yaml", [{"id": "p1", "name": "Player 1", "byes": {1: "half"}}])
    assert only_problem(cli) == ("content/players.yaml:3: a bye is asked for in one event: write 'byes:' in that "
                                 "event's registrations.yaml, not in players.yaml")


def test_magic_knows_no_bye_a_player_asks_for(tree, cli):
    """The Magic Tournament Rules have no such bye; only chess's scoring takes one."""
    chess_event(tree, {"p1": {2: "half"}}, ruleset="mtg-swiss")
    assert only_problem(cli) == (
        "content/events/open/registrations.yaml:4: 'byes: {2: half}': the scoring of ruleset 'mtg-swiss' knows no bye "
        "a player asks for; remove it, and the player is paired as everyone else")


def test_a_bye_the_rules_refuse_is_said_once(tree, cli):
    """A bye the scoring knows none of, or asked for before the player joins: said at 'byes:',
    not again as a contradiction with the round that pairs him or leaves him out."""
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets/club.yaml").write_text("id: club\nextends: chess-swiss\nscoring: {requested_byes: false}\n")
    chess_event(tree, {"p3": {1: "half"}}, players=4, ruleset="club")
    tree.save_round("open", 1, {"round": 1, "stage": "swiss", "pairings": [
        {"table": 1, "players": ["p1", "p2"]}, {"table": 2, "players": ["p3", "p4"]}]})
    assert "knows no bye a player asks for" in only_problem(cli)


def test_a_bye_before_joining_is_said_once(tree, cli):
    chess_event(tree, {"p3": {1: "half"}}, players=5)
    path = tree.content / "events/open/registrations.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("  byes:", "  joins: 2\n  byes:"), encoding="utf-8")
    tree.save_round("open", 1, {"round": 1, "stage": "swiss", "pairings": [
        {"table": 1, "players": ["p1", "p2"]}, {"table": 2, "players": ["p4", "p5"]}]})
    assert "is not his to sit out" in only_problem(cli)
