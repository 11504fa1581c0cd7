"""Issue 32: the two players of a table report its result from their phones, through the code
on its slip; two reports alike are entered as the desk enters a result, others wait for the
organizer; every bad report is answered with a sentence in the site's language and changes no
file; every report is kept in an append-only log outside the content."""
from __future__ import annotations

import http.client
import json
import threading
import urllib.parse

import pytest
import yaml

from podium.venue.lanserver import SiteServer
from podium.venue.reportpage import MAX_BODY, report_handlers
from podium.venue.reports import (CONTRADICTS, DIFFERS, FINISHED, LOG, WAITING, WRITTEN, WRONG_SECRET, Reports,
                                  reports_folder, table_secret)


@pytest.fixture
def room(tree, cli):
    """A paired NS HEX round served to the room, with the players' reports taken."""
    tree.event("e1", 8)
    cli("pair", "e1")
    cli("build")
    reports = Reports(tree.content)
    server = SiteServer(tree.root / "site", "127.0.0.1", 0, handlers=report_handlers(reports)).start()
    yield reports, server
    server.close()


def send(server, path: str, form: dict | None = None, cookie: str = "", address_body: bytes | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    headers = {"Host": "venue"}
    if cookie:
        headers["Cookie"] = cookie
    body = address_body if address_body is not None else (urllib.parse.urlencode(form) if form is not None else None)
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request("POST" if body is not None else "GET", path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read().decode(), response


def slip(reports, index: int) -> str:
    return f"/report/e1/1/{index}/{reports.secret('e1', 1, index)}"


def armies_and_hq(page: str, a: int, b: int) -> dict:
    import re

    first = re.search(r'<select name="armies\.0"[^>]*>.*?<option value="(\d+)">([^<]*)', page, re.S)
    second = [m for m in re.finditer(r'<option value="(\d+)">([^<]*)', page.split('name="armies.1"')[1].split("</select>")[0])
              if m.group(2) != first.group(2)][0]
    return {"armies.0": first.group(1), "armies.1": second.group(1), "score.0": str(a), "score.1": str(b)}


def test_the_secret_of_a_slip_is_its_tables_alone():
    key = bytes(32)
    secrets = {table_secret(key, "e1", number, index) for number in (1, 2) for index in range(4)}
    assert len(secrets) == 8 and all(len(s) == 16 and s.isalnum() for s in secrets)
    assert table_secret(bytes(31) + b"\1", "e1", 1, 0) != table_secret(key, "e1", 1, 0)


def test_two_reports_alike_are_entered_and_one_alone_waits(room, tree):
    reports, server = room
    path = tree.round_path("e1", 1)
    status, page, response = send(server, slip(reports, 0))
    assert status == 200 and "Send the result" in page
    form = armies_and_hq(page, 12, 5)
    status, page, _ = send(server, slip(reports, 0), form, cookie="podium-phone=anna")
    assert (status, WAITING in page) == (202, True) and "score: [12, 5]" not in path.read_text(encoding="utf-8")
    status, page, _ = send(server, slip(reports, 0), form, cookie="podium-phone=jan")
    assert (status, WRITTEN in page) == (200, True) and reports.settled()
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["pairings"][0]["score"] == [12, 5]
    status, page, _ = send(server, slip(reports, 0), form, cookie="podium-phone=jan")
    assert (status, FINISHED in page) == (409, True)  # the table's result is in now


def test_two_reports_that_differ_wait_for_the_organizer_and_the_desk_shows_both(room, tree):
    reports, server = room
    page = send(server, slip(reports, 1))[1]
    send(server, slip(reports, 1), armies_and_hq(page, 12, 5), cookie="podium-phone=anna")
    status, said, _ = send(server, slip(reports, 1), armies_and_hq(page, 5, 12), cookie="podium-phone=jan")
    assert (status, DIFFERS in said) == (202, True)
    assert "score: []" in tree.round_path("e1", 1).read_text(encoding="utf-8").split("table: 2")[1].split("table: 3")[0]
    assert [one["score"] for one in reports.waiting("e1", 1)[1]] == [[12, 5], [5, 12]]


@pytest.mark.parametrize("bad", ["wrong secret", "another table's secret", "finished round", "same phone, other result"])
def test_a_bad_report_is_answered_in_a_sentence_and_changes_no_file(room, tree, bad):
    reports, server = room
    path = tree.round_path("e1", 1)
    page = send(server, slip(reports, 2))[1]
    form = armies_and_hq(page, 12, 5)
    if bad == "same phone, other result":
        send(server, slip(reports, 2), form, cookie="podium-phone=anna")
    before = path.read_text(encoding="utf-8")
    where, expected = {"wrong secret": (f"/report/e1/1/2/{'a' * 16}", (403, WRONG_SECRET)),
                       "another table's secret": (f"/report/e1/1/2/{reports.secret('e1', 1, 3)}", (403, WRONG_SECRET)),
                       "finished round": (f"/report/e1/2/2/{reports.secret('e1', 2, 2)}", (409, FINISHED)),
                       "same phone, other result": (slip(reports, 2), (409, CONTRADICTS))}[bad]
    other = {**form, "score.0": "3"} if bad == "same phone, other result" else form
    status, said, _ = send(server, where, other, cookie="podium-phone=anna")
    assert (status, expected[1] in said.replace("&#39;", "'")) == (expected[0], True)
    assert path.read_text(encoding="utf-8") == before


def test_a_body_over_a_few_kilobytes_and_a_flood_from_one_address_are_refused(room, tree):
    reports, server = room
    status, said, _ = send(server, slip(reports, 0), address_body=b"score.0=" + b"1" * MAX_BODY)
    assert status == 413 and "too long to be a result" in said
    page = send(server, slip(reports, 3))[1]
    answers = [send(server, slip(reports, 3), armies_and_hq(page, 12, 5), cookie=f"podium-phone=p{n}")[0] for n in range(8)]
    assert 429 in answers


def test_every_report_is_in_the_append_only_log_outside_the_content(room, tree):
    reports, server = room
    page = send(server, slip(reports, 0))[1]
    send(server, slip(reports, 0), armies_and_hq(page, 12, 5), cookie="podium-phone=anna")
    send(server, f"/report/e1/1/0/{'b' * 16}", armies_and_hq(page, 1, 2), cookie="podium-phone=eve")
    log = reports_folder(tree.content) / LOG
    assert not log.is_relative_to(tree.root)
    entries = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [(e["phone"], e["outcome"]) for e in entries] == [("anna", WAITING), ("eve", WRONG_SECRET)]
    assert entries[0]["result"]["score"] == [12, 5]


def test_the_report_page_speaks_the_sites_language(tree, cli):
    tree.write("site.yaml", {"title": "Turniej", "language": "pl"})
    tree.event("e1", 8)
    cli("pair", "e1")
    cli("build")
    reports = Reports(tree.content)
    server = SiteServer(tree.root / "site", "127.0.0.1", 0, handlers=report_handlers(reports)).start()
    try:
        status, page, _ = send(server, slip(reports, 0))
        assert status == 200 and 'lang="pl"' in page and "Wyślij wynik" in page and "Pozostała wytrzymałość Sztabu" in page
        status, said, _ = send(server, f"/report/e1/1/0/{'c' * 16}", {"score.0": "1"})
        assert status == 403 and "To nie jest adres z karteczki twojego stołu" in said
    finally:
        server.close()


def test_reports_need_the_room_and_the_desk(tree, cli):
    tree.event("e1", 8)
    output = cli("serve", "--reports", expect=1).output
    assert output.startswith("--reports: takes the players' reports on the room's network and shows them at the desk")


def test_reports_from_many_phones_at_once_are_all_kept(room, tree):
    """Phones of every table report at once (threads): each report is logged once, no answer is
    an error, and every table whose two reports agree is entered."""
    reports, room_server = room
    room_server.close()  # every phone here is 127.0.0.1: a room of addresses, one limit each
    server = SiteServer(tree.root / "site", "127.0.0.1", 0, handlers=report_handlers(reports, per_second=100)).start()
    pages = {index: send(server, slip(reports, index))[1] for index in range(4)}
    statuses = []

    def phone(index, who):
        statuses.append(send(server, slip(reports, index), armies_and_hq(pages[index], 12, 5), cookie=f"podium-phone={who}{index}")[0])
    threads = [threading.Thread(target=phone, args=(index, who)) for index in range(4) for who in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] * 4 + [202] * 4 and reports.settled()
    data = yaml.safe_load(tree.round_path("e1", 1).read_text(encoding="utf-8"))
    assert all(p["score"] == [12, 5] for p in data["pairings"])
    written = [json.loads(line) for line in (reports_folder(tree.content) / LOG).read_text(encoding="utf-8").splitlines()]
    assert len([e for e in written if "phone" in e]) == 8 and len([e for e in written if "phone" not in e]) == 4
    server.close()


def test_the_desk_shows_what_phones_reported_and_prints_the_slips_with_their_codes(room, tree):
    from test_results_desk import ask

    from podium.venue.desk import Desk

    reports, server = room
    page = send(server, slip(reports, 1))[1]
    send(server, slip(reports, 1), armies_and_hq(page, 12, 5), cookie="podium-phone=anna")
    desk = Desk(tree.content, 0, "http://127.0.0.1:8000/", reports=reports, site_port=server.port).start()
    try:
        page = ask(desk, "/events/e1/")[1]
        table = page.split('id="table-1"')[1].split("</section>")[0]
        assert "Reported from a phone:" in table and "score: 12 / 5" in table
        slips = ask(desk, "/events/e1/slips")[1]
        assert slips.count("<svg") == 4 and f"/report/e1/1/1/{reports.secret('e1', 1, 1)}" in slips
    finally:
        desk.close()


def test_a_report_while_the_organizer_has_a_file_broken_is_asked_to_wait(room, tree):
    """The organizer is mid-edit (a file that does not read): the phone is told to try again in a
    minute (503), never shown an error of the server."""
    from podium.venue.reports import BUSY

    reports, server = room
    page = send(server, slip(reports, 0))[1]
    (tree.content / "events/e1/event.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    reports.current.forget()  # look at the content now, not REFRESH seconds later
    status, said, _ = send(server, slip(reports, 0), armies_and_hq(page, 12, 5), cookie="podium-phone=anna")
    assert status == 503 and BUSY.split(":")[0] in said.replace("&#39;", "'")


def test_with_commit_the_results_the_players_agreed_on_are_committed(tree, cli):
    import subprocess

    def git(*args):
        return subprocess.run(["git", *args], cwd=tree.root, capture_output=True, text=True, check=True).stdout

    tree.event("e1", 8)
    cli("pair", "e1")
    cli("build")
    git("init", "--quiet")
    git("config", "user.name", "Club")
    git("config", "user.email", "club@example.org")
    git("add", "content")
    git("commit", "--quiet", "-m", "the event")
    reports = Reports(tree.content, commit=True)
    server = SiteServer(tree.root / "site", "127.0.0.1", 0, handlers=report_handlers(reports)).start()
    try:
        page = send(server, slip(reports, 0))[1]
        for phone in ("anna", "jan"):
            send(server, slip(reports, 0), armies_and_hq(page, 12, 5), cookie=f"podium-phone={phone}")
        assert reports.settled()
    finally:
        server.close()
    assert git("log", "-1", "--format=%s").strip() == "Round 1: results reported by both players (table 1)"


def test_two_phones_in_chromium_report_a_table_and_it_is_entered(room, browser, tree):
    """The page a player opens from his slip, on a phone (360 px): it fits the screen, its
    selects and numbers are the table's form, and two phones sending the same result enter it."""
    reports, server = room
    said = []
    for phone in ("anna", "jan"):
        context = browser.new_context(viewport={"width": 360, "height": 740})
        page = context.new_page()
        try:
            page.goto(f"http://127.0.0.1:{server.port}{slip(reports, 0)}")
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            page.locator('select[name="armies.0"]').select_option(index=1)
            second = page.locator('select[name="armies.1"] option').all_inner_texts()
            first = page.locator('select[name="armies.0"] option:checked').inner_text()
            page.locator('select[name="armies.1"]').select_option(label=next(a for a in second if a and a != first))
            page.locator('input[name="score.0"]').fill("12")
            page.locator('input[name="score.1"]').fill("5")
            page.get_by_role("button", name="Send the result").click()
            page.wait_for_selector(".message")
            said.append(page.locator(".message").inner_text())
        finally:
            context.close()
    assert said == [WAITING, WRITTEN] and reports.settled()
    assert yaml.safe_load(tree.round_path("e1", 1).read_text(encoding="utf-8"))["pairings"][0]["score"] == [12, 5]
