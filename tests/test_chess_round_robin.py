"""Issue 21: chess-round-robin pairs every round by FIDE's Berger tables (Handbook C.05 Annex 1),
White first; start numbers in the order of registrations.yaml unless the event sets
'start_numbers: rating'."""
from __future__ import annotations

import pytest

# The published tables, by start number, White first (C.05 Annex 1).
BERGER_6 = [["1-6", "2-5", "3-4"], ["6-4", "5-3", "1-2"], ["2-6", "3-1", "4-5"], ["6-5", "1-4", "2-3"],
            ["3-6", "4-2", "5-1"]]
BERGER_8 = [["1-8", "2-7", "3-6", "4-5"], ["8-5", "6-4", "7-3", "1-2"], ["2-8", "3-1", "4-7", "5-6"],
            ["8-6", "7-5", "1-4", "2-3"], ["3-8", "4-2", "5-1", "6-7"], ["8-7", "1-6", "2-5", "3-4"],
            ["4-8", "5-3", "6-2", "7-1"]]


def play_out(tree, cli, players: list[dict], **fields) -> list[list[str]]:
    """Pair every round, White winning each game; the tables as 'White-Black' start numbers."""
    tree.event("rr", players, ruleset="chess-round-robin", **fields)
    number_of = {p["id"]: str(i) for i, p in enumerate(players, start=1)}
    if fields.get("start_numbers") == "rating":
        number_of = {p["id"]: str(i) for i, p in enumerate(sorted(players, key=lambda p: -p["rating"]), start=1)}
    rounds = []
    for number in range(1, len(players) + len(players) % 2):
        cli("pair", "rr")
        data = tree.read_round("rr", number)
        rounds.append(["-".join(number_of[p] for p in pairing["players"]) for pairing in data["pairings"]])
        for pairing in data["pairings"]:
            pairing["score"] = [1, 0]
        tree.save_round("rr", number, data)
    return rounds


@pytest.mark.parametrize("count, table", [(6, BERGER_6), (8, BERGER_8)])
def test_the_rounds_and_colours_are_fides_berger_tables_in_registration_order(tree, cli, count, table):
    players = [{"id": f"p{i}", "name": f"Player {i}", "rating": 1500 + 10 * i} for i in range(1, count + 1)]
    assert play_out(tree, cli, players) == table


def test_start_numbers_by_rating_when_the_event_says_so(tree, cli):
    players = [{"id": f"p{i}", "name": f"Player {i}", "rating": 1500 + 10 * i} for i in range(1, 7)]
    assert play_out(tree, cli, players, start_numbers="rating") == BERGER_6


def test_an_odd_field_rests_the_player_the_table_gives_the_bye(tree, cli):
    """Five players: the sixth number is the bye; whoever meets it rests that round."""
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 6)]
    assert play_out(tree, cli, players) == [[t for t in r if "6" not in t] for r in BERGER_6]


def test_an_unknown_schedule_is_refused_at_its_line(tree, cli):
    """Said at the ruleset's own line when it is loaded (a stage list's lines were lost to the
    declared kind's copy, so its shape was said only at each event that used it)."""
    tree.house_rules("chess-round-robin", "structure:\n  kind: stages\n  stages:\n    - {kind: round-robin, schedule: berger}\n",
                     players=6)
    output = cli("check", expect=1).output
    assert "rulesets/club.yaml:7: unknown schedule 'berger' for a round-robin stage; one of circle, fide-berger" \
        in output
    assert "Traceback" not in output


def test_start_numbers_take_only_registrations_or_rating(tree, cli):
    tree.event("rr", 6, ruleset="chess-round-robin", start_numbers="elo")
    output = cli("check", expect=1).output
    assert "content/events/rr/event.yaml:7: 'start_numbers' must be one of registrations or rating, not 'elo'" in output
    assert "Traceback" not in output


def test_a_round_robin_of_all_names_no_group_on_its_pages(tree, cli):
    """One group plays everyone: its round page said 'Group A' on every table and over the
    standings, a label that tells a player nothing."""
    play_out(tree, cli, [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 5)])
    cli("build", "--out", tree.root / "site")
    for page in ("rounds/1/index.html", "index.html"):
        assert "Group" not in (tree.root / "site/events/rr" / page).read_text(encoding="utf-8"), page


def test_the_round_file_names_who_rests_in_a_round_robin_of_three(tree, cli):
    """Issue 35: of three players one rests each round; the round file `pair` wrote named nobody."""
    tree.event("rr", [{"id": i, "name": i.title()} for i in ("ann", "bob", "cid")], ruleset="chess-round-robin")
    cli("pair", "rr")
    text = tree.round_path("rr", 1).read_text(encoding="utf-8")
    seated = {p for pairing in tree.read_round("rr", 1)["pairings"] for p in pairing["players"]}
    (resting,) = {"ann", "bob", "cid"} - seated
    assert f"# Resting this round (no game): {resting.title()} ({resting})\n" in text


def test_the_round_page_names_who_rests(tree, cli):
    """Issue 35: the page of a round of three players named only the two who played."""
    tree.event("rr", [{"id": i, "name": i.title()} for i in ("ann", "bob", "cid")], ruleset="chess-round-robin")
    cli("pair", "rr")
    seated = {p for pairing in tree.read_round("rr", 1)["pairings"] for p in pairing["players"]}
    (resting,) = {"ann", "bob", "cid"} - seated
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site/events/rr/rounds/1/index.html").read_text(encoding="utf-8")
    line = page.split("Resting this round (no game):")[1].split("</p>")[0]
    assert resting.title() in line and all(p.title() not in line for p in seated)
