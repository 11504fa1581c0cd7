"""One wording for a tie the rules leave open (issue 35), and standings that do not call
themselves final while one is.

Tantrix §10c: two players still level for 1st place after the results between them play a
5-minute play-off game. Podium 0.3 named that in check ("record its winner as 'playoffs: …'"),
while `podium standings` said "tie: the organizer decides (manual_order)" and the site's table
"tied: the organizer decides", under a heading that said "final standings". What the tie awaits
is the engine's, in the ruleset's terms (rules/ties.py UnbrokenTie.awaits: "a play-off game
(Tantrix §10c)" here, "the organizer's decision" where 'manual_order:' settles ties); check, the
standings (rows, heading, JSON) and the site all show it, and the heading says "provisional".
"""
from __future__ import annotations

import json
import re

PLAYERS = [{"name": f"Gracz {i}", "id": f"t{i}", "rating": 2000 - 100 * i} for i in range(1, 5)]
WIN_10 = {"score": [30, 20], "time": ["12:00", "12:00"], "tiles": [20, 20]}  # 16.2 / 3.8 TP (§9a)
LOSS_10 = {"score": [20, 30], "time": ["12:00", "12:00"], "tiles": [20, 20]}
EVEN = [{"score": [24, 20]}, {"score": [20, 24]}]  # a game each by 4: 14.7 + 5.3 = 20 TP each
LEVEL = ({"t1", "t2"}, {"t3", "t4"})

AWAITS = "a play-off game (Tantrix §10c)"
ROW = f"tied, awaiting {AWAITS}"
HEADING = f"tie for places 1–2: awaiting {AWAITS}"
NOTE = ("t1 and t2 are tied for 1st and 2nd place after points and results between the tied players of the "
        "round-robin stage, and their order decides the winner of the event; the tie is awaiting a play-off game "
        "(Tantrix §10c): they play one 5-minute game; record its winner in event.yaml as "
        "'playoffs: [{players: [t1, t2], winner: …}]'")


def tied_for_first(tree, cli, **fields) -> None:
    """One group of two-game mini-matches, played out:
         t1  20 (t2) + 32.4 (t3) + 32.4 (t4) = 84.8
         t2  20 (t1) + 32.4 (t3) + 32.4 (t4) = 84.8
         t3   7.6 + 7.6 + 20 (t4)            = 35.2, t4 likewise
       t1 and t2 are level on TP and on the results between them (20–20): a tie for 1st place,
       which §10c plays off; the event's winner waits for it."""
    tree.event("e", PLAYERS, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}], **fields)
    for number in (1, 2, 3):
        cli("pair", "e")
        data = tree.read_round("e", number)
        for pairing in data["pairings"]:
            a, b = pairing["players"]
            pairing["games"] = EVEN if {a, b} in LEVEL else [WIN_10 if a < b else LOSS_10] * 2
        tree.save_round("e", number, data)


def test_check_names_what_the_tie_awaits_in_the_rulesets_terms(tree, cli):
    tied_for_first(tree, cli)
    assert f"note: content/events/e/rounds/3.yaml:1: {NOTE}\n" in cli("check").output


def test_the_standings_say_the_same_and_are_not_final(tree, cli):
    tied_for_first(tree, cli)
    lines = cli("standings", "e").output.splitlines()
    assert lines[0] == f"Event e — provisional standings — {HEADING}"
    assert [line.split("  ")[0] for line in lines[3:5]] == ["=1", "=1"]
    assert all(line.endswith(ROW) for line in lines[3:5])
    assert "organizer" not in "\n".join(lines)


def test_the_json_says_the_standings_are_not_final_and_why(tree, cli):
    tied_for_first(tree, cli)
    report = json.loads(cli("standings", "e", "--json").output)
    assert (report["complete"], report["final"]) == (True, False)
    assert report["open_ties"] == [{"players": ["t1", "t2"], "places": [1, 2], "group": None, "stage": "round-robin",
                                    "awaiting": AWAITS, "message": NOTE}]
    assert [(r["player"], r.get("tie"), r.get("awaiting")) for r in report["standings"][:2]] == [
        ("t1", "undecided", AWAITS), ("t2", "undecided", AWAITS)]


def test_the_event_page_says_the_same_and_is_not_final(tree, cli):
    tied_for_first(tree, cli)
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site" / "events" / "e" / "index.html").read_text(encoding="utf-8")
    assert "<h2>Provisional standings</h2>" in page
    assert f'<p class="meta open-tie">{HEADING}</p>' in page
    assert page.count(f'<small class="why-line">{ROW}</small>') == 2
    assert "Final standings" not in page and "final classification" not in page
    assert "provisional classification" in page
    listed = (tree.root / "site" / "events" / "index.html").read_text(encoding="utf-8")
    assert "provisional classification" in listed


def test_the_last_rounds_page_says_the_same(tree, cli):
    """The round page's standings after the last round are the stage's own: the tie is open there
    too (before, they were ranked again apart and broke it by lot: "ahead of Gracz 2 on lot")."""
    tied_for_first(tree, cli)
    cli("build", "--out", tree.root / "site")
    site = tree.root / "site" / "events" / "e"
    round_page = (site / "rounds" / "3" / "index.html").read_text(encoding="utf-8")
    event_page = (site / "index.html").read_text(encoding="utf-8")

    def why_lines(page):
        return re.findall(r'<small class="why-line">([^<]*)</small>', page)
    assert why_lines(round_page)[:2] == [ROW, ROW]
    assert why_lines(round_page) == why_lines(event_page)


def test_pair_says_the_event_awaits_its_play_off_not_that_it_is_complete(tree, cli):
    tied_for_first(tree, cli)
    assert cli("pair", "e", expect=1).output.splitlines()[0] == (
        f"content/events/e/rounds/3.yaml:1: every round of the event's structure is played, and no round is left to "
        f"pair; {NOTE}")


def test_a_polish_page_says_it_in_polish(tree, cli):
    tree.write("site.yaml", {"title": "Turnieje", "language": "pl"})
    tied_for_first(tree, cli)
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site" / "events" / "e" / "index.html").read_text(encoding="utf-8")
    assert "<h2>Klasyfikacja tymczasowa</h2>" in page
    assert "remis o miejsca 1–2: rozstrzygnie gra barażowa (Tantrix §10c)" in page
    assert "remis: rozstrzygnie gra barażowa (Tantrix §10c)" in page


def test_once_the_play_off_is_recorded_the_standings_are_final(tree, cli):
    """§10c: t2 won the play-off game: 1st, and nothing is left open."""
    tied_for_first(tree, cli, playoffs=[{"players": ["t1", "t2"], "winner": "t2"}])
    assert "note:" not in cli("check").output
    assert cli("standings", "e").output.splitlines()[0] == "Event e — final standings"
    report = json.loads(cli("standings", "e", "--json").output)
    assert (report["final"], report["open_ties"]) == (True, [])
    assert [r["player"] for r in report["standings"][:2]] == ["t2", "t1"]
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site" / "events" / "e" / "index.html").read_text(encoding="utf-8")
    assert "<h2>Final standings</h2>" in page
