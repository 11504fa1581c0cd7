"""A late loss (Play! Pokémon: a round lost for arriving late, its player alone on the line and
paired with nobody) on the pages, at the desk and in `podium verify`: it sits at no table, has
no result slip and no form, says in words what happened, and a round drawn without the late
player re-draws as it was published."""
from __future__ import annotations

import functools
import http.server
import re
import threading

import pytest
from test_pokemon import enter_division

from podium.core.errors import Src
from podium.core.model import Pairing
from podium.rules.report import table_numbers


def card(html: str, name: str) -> str:
    """The round page's card (article) of the table ``name`` sits at."""
    return next(a for a in re.findall(r"<article.*?</article>", html, re.S) if f">{name}</a>" in a)


@pytest.fixture
def seniors(tree, cli):
    """Milwaukee's seniors built: Henry S. lost round 1 for arriving late (8 tables and a bye)."""
    enter_division(tree, "seniors")
    cli("build", "--out", tree.root / "site")
    return tree.root / "site"


def test_a_late_loss_sits_at_no_table_and_the_tables_after_it_keep_their_numbers():
    """The report numbers the tables as a bye leaves them: a late loss, like a bye, sits at none."""
    src = Src("rounds/1.yaml", 1)
    pairings = [Pairing(("a", "b"), src), Pairing(("c",), src, late_loss=True), Pairing(("d", "e"), src),
                Pairing(("f",), src, bye=True)]
    assert table_numbers(pairings) == [1, None, 2, None]


def test_a_late_loss_on_the_round_page_says_why_with_no_table_and_no_slip(seniors):
    """Round 1: Henry S.'s card is headed "Late loss", its result "lost for arriving late", with no
    table number (the round has tables 1–8), no result pending and no slip to print (8 slips, one
    a table); the by-name list and the find-me lines say "Henry S. — lost for arriving late"."""
    html = (seniors / "events/seniors/rounds/1/index.html").read_text(encoding="utf-8")
    henry = card(html, "Henry S.")
    assert re.search(r'<span class="label">Late loss</span><span class="result">lost for arriving late</span>', henry)
    assert 'data-table=""' in henry and "result pending" not in henry
    assert "Table 9" not in html
    slips = re.findall(r'<div class="slip">(.*?)</div>', html, re.S)
    assert len(slips) == 8 and not any("Henry S." in slip for slip in slips)
    assert re.search(r'>Henry S\.</a> — lost for arriving late</li>', html)


def test_a_late_loss_on_the_players_page_is_arriving_late_not_a_bye(seniors):
    """His games: round 1 "arrived late · loss" (the template said "bye" for a game with no
    opponent), round 2 Keaton A. · loss; his record counts both losses."""
    html = (seniors / "players/henry-s/index.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr><td class=\"num\">(\d+)</td><td>(.*?)</td><td>(.*?)</td>", html)
    assert [(r, re.sub(r"<[^>]+>", "", who), result) for r, who, result in rows] == [
        ("1", "arrived late", "loss"), ("2", "Keaton A.", "loss")]
    assert "losses 2" in html


def test_a_late_loss_reads_at_360_px(seniors, phone):
    """In Chromium at 360 px: "Henry" typed in the find-me box of round 1 leaves his card (late
    loss, why, his name) and his by-name line, the page never wider than the phone; his page's
    round 1 reads "arrived late" and "loss" in one row."""
    from conftest import QuietHandler

    handler = functools.partial(QuietHandler, directory=str(seniors))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        phone.goto(base + "events/seniors/rounds/1/")
        phone.fill("#filter", "Henry")
        cards = phone.locator("article.table-card:visible")
        assert cards.count() == 1
        header = cards.first.locator("header")
        assert header.locator(".label").inner_text() == "Late loss"
        assert header.locator(".result").inner_text() == "lost for arriving late"
        label, result = header.locator(".label").bounding_box(), header.locator(".result").bounding_box()
        assert abs(label["y"] - result["y"]) < 4  # one line: the label and why, side by side
        assert phone.locator(".by-name li:visible").all_inner_texts() == ["Henry S. — lost for arriving late"]
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
        phone.goto(base + "players/henry-s/")
        first = phone.locator("table tbody tr").first.locator("td").all_inner_texts()
        assert first[:3] == ["1", "arrived late", "loss"]
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        server.shutdown()


def test_the_desk_has_no_form_and_prints_no_slip_for_a_late_loss(tree, cli):
    """At the desk a late loss is headed "Late loss", says there is nothing to enter, has no form,
    and the slips with report codes are the tables' only (a late player has no table to report)."""
    from test_results_desk import ask

    from podium.venue.desk import Desk
    from podium.venue.reports import Reports

    late_round_one(tree, cli)
    desk = Desk(tree.content, 0, "http://127.0.0.1:8000/", reports=Reports(tree.content), site_port=8000).start()
    try:
        page = ask(desk, "/events/cup/")[1]
        slips = ask(desk, "/events/cup/slips")[1]
    finally:
        desk.close()
    assert re.findall(r"<h2>(Bye|Late loss|Table \d+):", page) == ["Table 1", "Table 2", "Table 3", "Late loss"]
    late = page.split("<h2>Late loss:")[1].split("</section>")[0]
    assert "Lost for arriving late: no game, nothing to enter." in late
    assert "<form" not in late and "Enter this table's result" not in late
    assert re.findall(r"<h2>Table (\d+):", slips) == ["1", "2", "3"] and "Player 7" not in slips


# ---------------------------------------------------------------- verify

PLAYERS = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 8)]


def late_round_one(tree, cli) -> None:
    """Seven players; p7 is not there when round 1 is paired: the organizer registers him to join
    in round 2 ('joins: 2'), pairs round 1 without him (three tables, no bye), then writes him
    back as a player of round 1 and gives him his late loss there."""
    tree.event("cup", [*PLAYERS[:6], {**PLAYERS[6], "joins": 2}], ruleset="pokemon-swiss",
               structure={"swiss_rounds": 3, "cut": 0})
    cli("pair", "cup")
    tree.write("events/cup/registrations.yaml", PLAYERS)
    add_late_loss(tree, 1, "p7")


def add_late_loss(tree, number: int, player: str) -> None:
    path = tree.round_path("cup", number)
    path.write_text(path.read_text(encoding="utf-8") + f"  - players: [{player}]\n    late_loss: true\n",
                    encoding="utf-8")


def test_a_late_loss_added_to_a_round_drawn_without_its_player_verifies(tree, cli):
    """Round 1 drawn without p7, his late loss added: check notes no difference from the draw and
    verify finds the round as drawn (the re-draw, like Tournament Operations Manager, leaves the
    late player out; it used to pair him and call the round changed by hand)."""
    late_round_one(tree, cli)
    assert "differ from the draw" not in cli("check").output
    assert cli("verify", "cup").output.strip() == "ok: 1 round re-drawn, all identical"


def test_a_hand_change_beside_a_late_loss_is_still_caught(tree, cli):
    """Two players swapped between round 1's tables, besides p7's late loss: the round differs
    from the draw, and the late loss is no table of either (it is not named)."""
    late_round_one(tree, cli)
    data = tree.read_round("cup", 1)
    first, second = (p for p in data["pairings"] if len(p["players"]) == 2 and "table" in p and p["table"] <= 2)
    first["players"][1], second["players"][1] = second["players"][1], first["players"][1]
    tree.save_round("cup", 1, data)
    output = cli("verify", "cup", expect=1).output
    assert "the pairings of round 1 differ from the draw" in output and "p7" not in output


def test_a_late_loss_in_a_later_round_leaves_its_player_out_of_the_redraw(tree, cli):
    """Round 1 played; p3 is not there when round 2 is paired, and round 2 is drawn without him
    (here by dropping him after round 1 for the draw, then taking the drop out) and his late loss
    added: verify re-draws round 2 without him, as published."""
    late_round_one(tree, cli)
    played = tree.round_path("cup", 1).read_text(encoding="utf-8").replace("score: []", "score: [1, 0]")
    tree.round_path("cup", 1).write_text(played + "drops: [p3]\n", encoding="utf-8")
    cli("pair", "cup")
    tree.round_path("cup", 1).write_text(played, encoding="utf-8")
    add_late_loss(tree, 2, "p3")
    assert cli("verify", "cup").output.strip() == "ok: 2 rounds re-drawn, all identical"
