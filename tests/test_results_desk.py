"""Issue 32: results recorded from outside an editor (the results desk) are written into the
round file as a person types them, checked as `podium check` checks them before anything is
written, and never over a file that changed since the form was opened."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from podium.content.resultfile import Changed, RoundText
from podium.run.recording import Refused, record_results

ROOT = Path(__file__).resolve().parent.parent
LISTS = re.compile(r"^(\s+)(armies|score): \[[^\]\n]*\]", re.M)


def test_results_filled_in_are_the_files_a_person_typed():
    """Every demo round file whose results are lists (`score: [11, 6]`, `armies: [...]`) written
    back from its blanks (as `podium pair` left them) is the committed file, byte for byte:
    comments, key order, quotes and the hints after each value kept."""
    files = [path for path in sorted((ROOT / "content/events").glob("*/rounds/*.yaml"))
             if LISTS.search(path.read_text(encoding="utf-8"))]
    assert len(files) > 20
    for path in files:
        typed = path.read_text(encoding="utf-8")
        blanks = LISTS.sub(r"\1\2: []", typed)
        pairings = yaml.safe_load(typed)["pairings"]
        results = {index: {key: pairing[key] for key in ("armies", "score") if key in pairing}
                   for index, pairing in enumerate(pairings)}
        assert RoundText(path, blanks).with_results(results) == typed, path


def _round_one(tree, cli) -> Path:
    tree.event("e1", 8)
    cli("pair", "e1")
    return tree.round_path("e1", 1)


def test_a_result_is_written_beside_the_organizers_own_comments(tree, cli):
    path = _round_one(tree, cli)
    text = path.read_text(encoding="utf-8").replace("pairings:\n", "# rooms: tables 1-2 upstairs\npairings:\n")
    path.write_text(text, encoding="utf-8")
    read = RoundText.read(path)
    saved = record_results(tree.content, path, read.version, {0: {"armies": ["Moloch", "Neodżungla"], "score": [12, 5]}})
    assert isinstance(saved, RoundText) and path.read_text(encoding="utf-8") == saved.text
    changed = [(old, new) for old, new in zip(text.splitlines(), saved.text.splitlines()) if old != new]
    assert changed == [("    armies: []  # army each player fielded, in the order of players, e.g. [Moloch, Borgo]",
                        "    armies: [Moloch, Neodżungla]  # army each player fielded, in the order of players, e.g. [Moloch, Borgo]"),
                       ("    score: []  # HQ durability left at the end, e.g. [12, 5]",
                        "    score: [12, 5]  # HQ durability left at the end, e.g. [12, 5]")]
    assert cli("check").output.endswith("rulesets\n")


def test_a_result_check_refuses_is_not_written_and_is_said_at_its_line(tree, cli):
    path = _round_one(tree, cli)
    before = path.read_text(encoding="utf-8")
    read = RoundText.read(path)
    refused = record_results(tree.content, path, read.version, {0: {"armies": ["Moloch", "Neodżungla"], "score": [25, 5]}})
    assert isinstance(refused, Refused) and path.read_text(encoding="utf-8") == before
    line = before.splitlines().index("    score: []  # HQ durability left at the end, e.g. [12, 5]") + 1
    [(src, message)] = [(p.src, p.message) for p in refused.problems]
    assert (src.path, src.line) == (str(path), line) and "20" in message, message


def test_a_file_changed_since_the_form_was_opened_is_not_overwritten(tree, cli):
    """An editor (or a `git pull`) saved the round after the desk read it: nothing is written, and
    the desk is given what the file holds now, to show beside the organizer's entry."""
    path = _round_one(tree, cli)
    opened = RoundText.read(path)
    edited = opened.text.replace("score: []", "score: [10, 3]", 1).replace("armies: []", "armies: [Moloch, Hegemonia]", 1)
    path.write_text(edited, encoding="utf-8")
    answer = record_results(tree.content, path, opened.version, {0: {"armies": ["Moloch", "Neodżungla"], "score": [12, 5]}})
    assert isinstance(answer, Changed) and answer.now.text == edited
    assert path.read_text(encoding="utf-8") == edited


def _archive_after(tree, cli, event_id: str, rounds_played: int):
    from play import strength_results

    from podium.run.archive import load_archive

    for number in range(1, rounds_played + 1):
        cli("pair", event_id)
        strength_results(tree, event_id, number)
    cli("pair", event_id)
    return load_archive(tree.content).events[event_id]


def test_the_desk_offers_each_player_the_armies_he_has_not_fielded_in_the_swiss(tree, cli):
    """NS HEX §6.2: each army once in the Swiss; after round 1 the army a player fielded is not
    offered again in round 2. The form is the army block's choice and the scoring's HQ left."""
    from podium.rules.forms import CHOICE, NUMBER, form_of

    tree.event("e1", 8)
    result = _archive_after(tree, cli, "e1", 1)
    first, second = result.event.rounds
    pairing = second.pairings[0]
    armies, score = form_of(result.ruleset, pairing, result.event)[:2]
    assert (armies.key, armies.kind, armies.per_player, score.key, score.kind, score.maximum) == \
        ("armies", CHOICE, True, "score", NUMBER, 20)
    for player, offered in zip(pairing.players, armies.options):
        fielded = next(army for p in first.pairings for who, army in zip(p.players, p.armies) if who == player)
        registered = result.ruleset.armies.armies_of(result.event.player(player))
        assert [option.value for option in offered] == [army for army in registered if army != fielded]


def test_a_forms_answers_are_the_keys_a_person_writes():
    from podium.rules.forms import CHECK, CHOICE, NUMBER, FormAnswer, Input, Option, answers

    chess = (Input("score", "Result", CHOICE, options=(Option([1, 0], "1–0"), Option([0.5, 0.5], "½–½"))),)
    assert answers(chess, {"score": "1"}, ("anna", "jan")) == {"score": [0.5, 0.5]}
    assert answers(chess, {}, ("anna", "jan")) == {"score": None}  # left empty: no result yet
    ffg = (Input("winner", "Winner", CHOICE, options=(Option("anna", "Anna"), Option("jan", "Jan"))),
           Input("modified", "Modified win", CHECK, optional=True))
    assert answers(ffg, {"winner": "1", "modified": "on"}, ("anna", "jan")) == {"winner": "jan", "modified": True}
    hq = (Input("score", "HQ left", NUMBER, per_player=True, minimum=0, maximum=20),)
    assert answers(hq, {"score.0": "11", "score.1": "4"}, ("anna", "jan")) == {"score": [11, 4]}
    for posted, said in [({"score.0": "11"}, "give it for every player, or for none"),
                         ({"score.0": "11", "score.1": "nan"}, "'nan' is not a number"),
                         ({"score.0": "x", "score.1": "4"}, "'x' is not a number")]:
        try:
            answers(hq, posted, ("anna", "jan"))
        except FormAnswer as refused:
            assert (refused.key, str(refused)) == ("score", said)
        else:
            raise AssertionError(posted)


def test_places_eliminations_and_a_mappings_keys_are_written_as_a_person_writes_them():
    """A free-for-all table: a place a player, written as the players from 1st to last; the
    eliminations as a mapping of the players who made any; the bases as one mapping; a game
    holding nothing but the home player the form proposed is not entered."""
    from podium.rules.forms import BY_PLAYER, CHOICE, GAMES, NUMBER, RANKING, FormAnswer, Input, Option, answers

    players = ("a", "b", "c", "d")
    table = (Input("finish", "Place", NUMBER, per_player=True, writes=RANKING),
             Input("bases.intact", "Intact", NUMBER, optional=True), Input("bases.square", "Square", NUMBER, optional=True),
             Input("eliminated", "Eliminated", NUMBER, per_player=True, writes=BY_PLAYER, optional=True))
    posted = {"finish.0": "3", "finish.1": "1", "finish.2": "4", "finish.3": "2", "bases.intact": "2",
              "bases.square": "0", "eliminated.1": "2", "eliminated.2": "0"}
    assert answers(table, posted, players) == {"finish": ["b", "d", "a", "c"], "bases": {"intact": 2, "square": 0},
                                              "eliminated": {"b": 2}}
    try:
        answers(table, {**posted, "finish.3": "1"}, players)
    except FormAnswer as refused:
        assert (refused.key, str(refused)) == ("finish", "give each player a different place, from 1 to 4")
    else:
        raise AssertionError("two winners")
    who = (Option("a", "A"), Option("b", "B"))
    match = (Input("games", "Game", GAMES, games=(
        (Input("home", "Home", CHOICE, options=who, default="a"), Input("winner", "Winner", CHOICE, options=who)),
        (Input("home", "Home", CHOICE, options=who, default="b"), Input("winner", "Winner", CHOICE, options=who)),
        (Input("winner", "Winner", CHOICE, options=who),))),)
    two_nil = {"games.0.home": "0", "games.0.winner": "1", "games.1.home": "1", "games.1.winner": "1", "games.2.winner": ""}
    assert answers(match, two_nil, ("a", "b")) == {"games": [{"home": "a", "winner": "b"}, {"home": "b", "winner": "b"}]}
    assert answers(match, {"games.0.home": "0", "games.1.home": "1"}, ("a", "b")) == {"games": None}


# ---------------------------------------------------------------- the desk, over HTTP

import http.client  # noqa: E402
import urllib.parse  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture
def desk(tree, cli):
    from podium.venue.desk import Desk

    tree.event("e1", 8)
    cli("pair", "e1")
    running = Desk(tree.content, 0, "http://127.0.0.1:8000/").start()
    yield running
    running.close()


def ask(desk, path: str, form: dict | None = None, host: str | None = None) -> tuple[int, str, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", desk.port, timeout=30)
    headers = {"Host": host or f"127.0.0.1:{desk.port}"}
    body = None
    if form is not None:
        body = urllib.parse.urlencode(form)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request("POST" if form is not None else "GET", path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.read().decode(), dict(response.getheaders())


def hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', page).group(1)


def options(page: str, index: int, field: str) -> list[tuple[str, str]]:
    """(value, label) of each option of a table's select."""
    table = page.split(f'id="table-{index}"')[1].split("</section>")[0]
    select = re.search(rf'<select name="{re.escape(field)}"[^>]*>(.*?)</select>', table, re.S).group(1)
    return re.findall(r'<option value="(\d+)"[^>]*>([^<]*)</option>', select)


def two_armies(page: str, index: int) -> dict:
    """Each player's first army offered, the second player's other than the first's (§6.5)."""
    first = options(page, index, "armies.0")[0]
    second = next(option for option in options(page, index, "armies.1") if option[1] != first[1])
    return {"armies.0": first[0], "armies.1": second[0]}


def test_the_desk_shows_each_table_of_the_round_with_a_form_and_the_pending_ones_stand_out(desk):
    status, page, headers = ask(desk, "/events/e1/")
    assert status == 200 and "round 1" in page and page.count('class="table pending"') == 4
    assert "frame-ancestors" in headers["Content-Security-Policy"] or headers["X-Frame-Options"] == "DENY"
    assert page.count('name="armies.0"') == 4 and page.count('name="score.1"') == 4


def test_a_table_saved_at_the_desk_is_the_line_a_person_types_and_the_next_round_is_one_click(desk, tree):
    path = tree.round_path("e1", 1)
    for index in range(4):
        page = ask(desk, "/events/e1/")[1]
        form = {"token": hidden(page, "token"), "version": hidden(page, "version"), **two_armies(page, index),
                "score.0": "12", "score.1": "5"}
        status, answer, headers = ask(desk, f"/events/e1/rounds/1/{index}", form)
        assert status == 303 and headers["Location"] == f"/events/e1/#table-{index}", answer
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert all(p["score"] == [12, 5] for p in data["pairings"])
    assert "    score: [12, 5]  # HQ durability left at the end, e.g. [12, 5]" in path.read_text(encoding="utf-8")
    page = ask(desk, "/events/e1/")[1]
    assert 'class="table pending"' not in page and "Pair the next round" in page
    status, _, headers = ask(desk, "/events/e1/pair", {"token": hidden(page, "token")})
    assert status == 303 and tree.round_path("e1", 2).is_file()


def test_a_problem_is_shown_beside_its_table_and_nothing_is_written(desk, tree):
    path = tree.round_path("e1", 1)
    before = path.read_text(encoding="utf-8")
    page = ask(desk, "/events/e1/")[1]
    form = {"token": hidden(page, "token"), "version": hidden(page, "version"), **two_armies(page, 2),
            "score.0": "25", "score.1": "5"}
    status, page, _ = ask(desk, "/events/e1/rounds/1/2", form)
    assert status == 200 and path.read_text(encoding="utf-8") == before
    table = page.split('id="table-2"')[1].split("</section>")[0]
    assert '<p class="problem">' in table and "20" in table and 'value="25"' in table  # the entry kept


def test_a_file_edited_on_disk_while_the_form_is_open_is_not_overwritten(desk, tree):
    path = tree.round_path("e1", 1)
    page = ask(desk, "/events/e1/")[1]
    first, second = options(page, 0, "armies.0")[0][1], options(page, 0, "armies.1")[-1][1]
    edited = path.read_text(encoding="utf-8").replace("score: []", "score: [10, 3]", 1) \
        .replace("armies: []", f"armies: [{first}, {second}]", 1)
    path.write_text(edited, encoding="utf-8")  # an editor, or a git pull
    form = {"token": hidden(page, "token"), "version": hidden(page, "version"), **two_armies(page, 0),
            "score.0": "12", "score.1": "5"}
    status, page, _ = ask(desk, "/events/e1/rounds/1/0", form)
    assert status == 200 and path.read_text(encoding="utf-8") == edited
    assert "changed on disk since this form was opened" in page and "score: [10, 3]" in page


@pytest.mark.parametrize("host", ["192.168.1.20:{port}", "evil.example:{port}", "127.0.0.1.nip.io:{port}"])
def test_the_desk_answers_this_computer_by_its_own_name_only(desk, host):
    status, text, _ = ask(desk, "/", host=host.format(port=desk.port))
    assert (status, text) == (403, "The results desk answers only on this computer (http://127.0.0.1); open it there.\n")


def test_the_desk_listens_on_this_computer_alone_and_refuses_another_address(desk):
    """Bound to 127.0.0.1 only (no other machine reaches it); a request from any other address,
    127.0.0.2 here as another machine would be, is refused with a sentence."""
    assert {sock.getsockname()[0] for sock in desk._sockets} == {"127.0.0.1"}
    connection = http.client.HTTPConnection("127.0.0.1", desk.port, timeout=30, source_address=("127.0.0.2", 0))
    connection.request("GET", "/", headers={"Host": f"127.0.0.1:{desk.port}"})
    answer = connection.getresponse()
    assert (answer.status, answer.read().decode()) == \
        (403, "The results desk answers only on this computer (http://127.0.0.1); open it there.\n")


def test_the_desk_numbers_the_tables_as_the_printed_round_does(tree, cli):
    """A round file without table numbers and its bye first: the desk's first seated table is
    table 1, as on the round page players read (the bye sits at none)."""
    from podium.venue.desk import Desk

    tree.event("e1", 7)
    cli("pair", "e1")
    data = tree.read_round("e1", 1)
    for pairing in data["pairings"]:
        pairing.pop("table", None)
    data["pairings"].sort(key=lambda pairing: not pairing.get("bye"))  # the bye first
    tree.save_round("e1", 1, data)
    desk = Desk(tree.content, 0, "http://127.0.0.1:8000/").start()
    try:
        page = ask(desk, "/events/e1/")[1]
    finally:
        desk.close()
    assert re.findall(r'<h2>(Bye|Table \d+):', page) == ["Bye", "Table 1", "Table 2", "Table 3"]


def test_a_change_without_this_desks_token_is_refused_and_writes_nothing(desk, tree):
    path = tree.round_path("e1", 1)
    before = path.read_text(encoding="utf-8")
    page = ask(desk, "/events/e1/")[1]
    form = {"token": "guessed", "version": hidden(page, "version"), "score.0": "12", "score.1": "5"}
    status, text, _ = ask(desk, "/events/e1/rounds/1/0", form)
    assert status == 403 and text.startswith("This form is not from this run of the desk")
    assert path.read_text(encoding="utf-8") == before


@pytest.mark.parametrize("width", [360, 1280])
def test_a_result_entered_in_chromium_is_saved_and_its_table_no_longer_pending(desk, browser, tree, width):
    """The organizer's laptop (1280 px) or a phone at the desk (360 px): the form is used as it
    is drawn — a select per army, a number per HQ — and the page fits the screen."""
    page = browser.new_page(viewport={"width": width, "height": 800})
    try:
        page.goto(f"http://127.0.0.1:{desk.port}/events/e1/")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        table = page.locator("#table-0")
        first = table.locator('select[name="armies.0"] option').nth(1).inner_text()
        table.locator('select[name="armies.0"]').select_option(label=first)
        second = next(text for text in table.locator('select[name="armies.1"] option').all_inner_texts() if text and text != first)
        table.locator('select[name="armies.1"]').select_option(label=second)
        table.locator('input[name="score.0"]').fill("11")
        table.locator('input[name="score.1"]').fill("4")
        table.get_by_role("button", name="Save").click()
        page.wait_for_url("**/events/e1/#table-0")
        assert "pending" not in (page.locator("#table-0").get_attribute("class") or "")
        assert page.locator("section.table.pending").count() == 3
    finally:
        page.close()
    assert f"armies: [{first}, {second}]" in tree.round_path("e1", 1).read_text(encoding="utf-8")


def _git(where, *args) -> str:
    import subprocess

    return subprocess.run(["git", *args], cwd=where, capture_output=True, text=True, check=True).stdout


def test_with_commit_each_saved_result_is_a_commit_of_its_own(tree, cli):
    """--commit: the repository's history is the audit trail — a commit a result, saying it, and
    nothing else the organizer had changed or staged in it."""
    from podium.venue.desk import Desk

    tree.event("e1", 8)
    cli("pair", "e1")
    _git(tree.root, "init", "--quiet")
    _git(tree.root, "-c", "user.name=Club", "-c", "user.email=club@example.org", "add", ".")
    _git(tree.root, "-c", "user.name=Club", "-c", "user.email=club@example.org", "commit", "--quiet", "-m", "the event")
    _git(tree.root, "config", "user.name", "Club")
    _git(tree.root, "config", "user.email", "club@example.org")
    event = tree.content / "events/e1/event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "venue: Hall B\n", encoding="utf-8")
    _git(tree.root, "add", str(event))  # staged by the organizer, not for the desk to commit
    desk = Desk(tree.content, 0, "http://127.0.0.1:8000/", commit=True).start()
    try:
        page = ask(desk, "/events/e1/")[1]
        names = re.search(r'id="table-0">\s*<h2>Table 1: ([^<]*) v ([^<]*?)(?: ·|</h2>)', page).groups()
        form = {"token": hidden(page, "token"), "version": hidden(page, "version"), **two_armies(page, 0),
                "score.0": "11", "score.1": "4"}
        assert ask(desk, "/events/e1/rounds/1/0", form)[0] == 303
    finally:
        desk.close()
    assert _git(tree.root, "log", "-1", "--format=%s").strip() == f"Round 1, table 1: {names[0]} 11 : 4 {names[1]}"
    assert _git(tree.root, "show", "--name-only", "--format=", "HEAD").split() == ["content/events/e1/rounds/1.yaml"]
    assert _git(tree.root, "diff", "--cached", "--name-only").split() == ["content/events/e1/event.yaml"]


def test_with_commit_a_withdrawal_is_a_commit_too(tree, cli):
    """Every change the desk writes is a commit with --commit, not only a table's result (a
    withdrawal, a penalty, a late entry and a paired round failed with a server error)."""
    from podium.venue.desk import Desk

    tree.event("e1", 8)
    cli("pair", "e1")
    _git(tree.root, "init", "--quiet")
    _git(tree.root, "config", "user.name", "Club")
    _git(tree.root, "config", "user.email", "club@example.org")
    _git(tree.root, "add", ".")
    _git(tree.root, "commit", "--quiet", "-m", "the event")
    desk = Desk(tree.content, 0, "http://127.0.0.1:8000/", commit=True).start()
    try:
        page = ask(desk, "/events/e1/")[1]
        player = re.search(r'name="drop\.([a-z0-9-]+)"', page).group(1)
        form = {"token": hidden(page, "token"), "version": hidden(page, "version"), f"drop.{player}": "on"}
        status, answer, _ = ask(desk, "/events/e1/rounds/1/round", form)
        assert status == 303, answer[-300:]
    finally:
        desk.close()
    assert _git(tree.root, "show", "--name-only", "--format=", "HEAD").split() == ["content/events/e1/rounds/1.yaml"]
    assert _git(tree.root, "status", "--porcelain").strip() == ""


def test_commit_is_the_desks_and_needs_a_repository(tree, cli):
    tree.event("e1", 8)
    assert cli("serve", "--commit", expect=1).output == "--commit: commits the results the desk saves: add --desk\n1 problem found.\n"
    output = cli("serve", "--desk", "--commit", expect=1).output
    assert output == "--commit: content is not in a git repository (git init, or leave out --commit)\n1 problem found.\n", output


def test_a_withdrawal_and_a_warning_entered_at_the_desk_are_the_round_files_lines(desk, tree):
    path = tree.round_path("e1", 1)
    page = ask(desk, "/events/e1/")[1]
    player = re.search(r'name="drop\.([a-z0-9-]+)"', page).group(1)
    form = {"token": hidden(page, "token"), "version": hidden(page, "version"), f"drop.{player}": "on",
            "penalty.player": player, "penalty.kind": "warning", "penalty.reason": "late to the table"}
    status, answer, headers = ask(desk, "/events/e1/rounds/1/round", form)
    assert status == 303, re.findall(r'<p class="problem">([^<]*)', answer)
    text = path.read_text(encoding="utf-8")
    assert text.endswith(f"drops: [{player}]\npenalties:\n  - {{player: {player}, kind: warning, reason: late to the table}}\n")
    data = yaml.safe_load(text)
    assert data["drops"] == [player] and data["penalties"] == [{"player": player, "kind": "warning", "reason": "late to the table"}]
    page = ask(desk, "/events/e1/")[1]
    assert f'name="drop.{player}" checked' in page


def test_a_bye_marks_the_army_its_player_uses_at_the_desk(tree, cli):
    """NS HEX §5.4: the bye player marks one of his armies as used; the desk asks for it."""
    from podium.venue.desk import Desk

    tree.event("e1", 7)
    cli("pair", "e1")
    path = tree.round_path("e1", 1)
    desk = Desk(tree.content, 0, "http://127.0.0.1:8000/").start()
    try:
        page = ask(desk, "/events/e1/")[1]
        bye = next(i for i in range(4) if "<p>Bye.</p>" in page.split(f'id="table-{i}"')[1].split("</section>")[0])
        value, army = options(page, bye, "armies.0")[0]
        form = {"token": hidden(page, "token"), "version": hidden(page, "version"), "armies.0": value}
        status, answer, _ = ask(desk, f"/events/e1/rounds/1/{bye}", form)
        assert status == 303, re.findall(r'<p class="problem">([^<]*)', answer)
    finally:
        desk.close()
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["pairings"][bye]["armies"] == [army]


def test_a_tantrix_match_is_entered_game_by_game_and_the_clocks_stay_in_quotes(tree, cli):
    """Tantrix §9: each game's points, clocks and tiles. A clock "14:10" written plain would read
    as a number of seconds (YAML 1.1), so it stays in quotes, as the blank wrote it."""
    from podium.venue.desk import Desk

    players = [{"name": f"Gracz {i}", "id": f"t{i}"} for i in range(1, 5)]
    tree.event("rr", players, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    cli("pair", "rr")
    path = tree.round_path("rr", 1)
    desk = Desk(tree.content, 0, "http://127.0.0.1:8000/").start()
    try:
        page = ask(desk, "/events/rr/")[1]
        assert page.count('name="games.1.time.1"') == 2  # two games a match, each with both clocks
        form = {"token": hidden(page, "token"), "version": hidden(page, "version"),
                "games.0.score.0": "31", "games.0.score.1": "16", "games.0.time.0": "11:54", "games.0.time.1": "11:51",
                "games.0.tiles.0": "28", "games.0.tiles.1": "21",
                "games.1.score.0": "21", "games.1.score.1": "35", "games.1.time.0": "15:20", "games.1.time.1": "11:04",
                "games.1.tiles.0": "29", "games.1.tiles.1": "23"}
        status, answer, _ = ask(desk, "/events/rr/rounds/1/0", form)
        assert status == 303, re.findall(r'<p class="problem">([^<]*)', answer)
    finally:
        desk.close()
    text = path.read_text(encoding="utf-8")
    assert '      - {score: [31, 16], time: ["11:54", "11:51"], tiles: [28, 21]}\n' \
           '      - {score: [21, 35], time: ["15:20", "11:04"], tiles: [29, 23]}\n' in text
    assert yaml.safe_load(text)["pairings"][0]["games"][0]["time"] == ["11:54", "11:51"]


def test_a_late_entry_registered_at_the_desk_is_the_line_an_import_writes(desk, tree, cli):
    registrations = tree.content / "events/e1/registrations.yaml"
    page = ask(desk, "/events/e1/")[1]
    armies = "Moloch, Neodżungla, Nowy Jork, Piraci, Posterunek"
    form = {"token": hidden(page, "token"), "registrations": hidden(page, "registrations"),
            "name": "Late Comer", "club": "", "armies": armies, "joins": "2"}
    status, answer, _ = ask(desk, "/events/e1/late-entry", form)
    assert status == 303, re.findall(r'<p class="problem">([^<]*)', answer)
    assert registrations.read_text(encoding="utf-8").endswith(
        '- name: "Late Comer"\n  armies: ["Moloch", "Neodżungla", "Nowy Jork", "Piraci", "Posterunek"]\n  joins: 2\n')
    again = ask(desk, "/events/e1/late-entry", {**form, "registrations": hidden(ask(desk, "/events/e1/")[1], "registrations")})
    assert "is registered already" in again[1]


# ---------------------------------------------------------------- site.yaml's desk settings, commit messages

def test_site_yaml_can_ask_for_the_desks_commits_and_says_where_when_there_is_no_repository(tree, cli):
    """`desk: {commit: true}` in site.yaml is --commit for every `podium serve --desk`; outside a
    repository it is refused at its line, before anything is served."""
    tree.event("e1", 8)
    tree.write("site.yaml", "title: Test site\nlanguage: en\ndesk:\n  commit: true\n")
    from test_serve_lan import free_port

    # on a port of its own: the organizer's own serve may hold 8000 (the README's first command)
    output = cli("serve", "--desk", "--port", free_port(), expect=1).output
    assert output.endswith("\ncontent/site.yaml:4: content is not in a git repository (git init, or remove "
                           "'commit: true' from desk: in site.yaml)\n1 problem found.\n"), output
    tree.write("site.yaml", "title: Test site\nlanguage: en\ndesk:\n  comit: true\n")
    output = cli("check", expect=1).output
    assert output.startswith("content/site.yaml:4: "), output


def test_a_commit_says_a_match_of_games_in_words():
    """--commit on a Tantrix match: its games (mappings) are said in brackets, not a crash."""
    from types import SimpleNamespace

    from podium.run.recording import commit_message

    event = SimpleNamespace(player=lambda pid: SimpleNamespace(name={"t1": "Gracz 1", "t2": "Gracz 2"}[pid]))
    pairing = SimpleNamespace(players=("t1", "t2"), table=2)
    games = [{"score": [31, 16], "time": ["11:54", "11:51"], "tiles": [28, 21]}, {"score": [21, 35]}]
    assert commit_message(event, 3, pairing, {"games": games}) == (
        "Round 3, table 2: Gracz 1 v Gracz 2: games (score 31 / 16, time 11:54 / 11:51, tiles 28 / 21) / (score 21 / 35)")
