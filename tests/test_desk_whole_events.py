"""Issue 32: whole events run from the results desk alone, round 1 to the end, with no YAML
typed, end in the files a person types and the same site: an NS HEX qualifier, an FFG Swiss with
a cut, a Carcassonne event, a Tantrix round robin and both Micromutants tournaments (best-of-N
matches with the bella; 2-vs-2 games, free-for-all tables and a best-of-5 final)."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import yaml

from test_results_desk import ask, hidden, options, two_armies


def run_at_the_desk(tree, tmp_path, event_id: str, enter, phones: bool = False) -> int:
    """Play ``event_id`` (round 1 paired) to its end at the desk alone: ``enter(desk, page, number,
    index, typed)`` enters a table there and returns the round file of the copy kept by hand with
    the same result typed in; each round's file must be that copy's, byte for byte, and the two
    sites alike at the end. Returns the number of rounds played. ``phones``: the room's site takes
    the players' reports too (``desk.room``, ``desk.reports``: ``reported_by_both``)."""
    from podium.run.builder import build_site
    from podium.venue.desk import Desk
    from podium.venue.lanserver import SiteServer
    from podium.venue.reportpage import report_handlers
    from podium.venue.reports import Reports

    shutil.copytree(tree.content, tmp_path / "by-hand" / "content")
    by_hand = tmp_path / "by-hand" / "content" / "events" / event_id / "rounds"
    reports = Reports(tree.content) if phones else None
    room = SiteServer(tmp_path, "127.0.0.1", 0, handlers=report_handlers(reports)).start() if phones else None
    desk = Desk(tree.content, 0, "http://127.0.0.1:8000/", reports=reports).start()
    desk.room, desk.reports = room, reports
    try:
        for number in range(1, 20):
            page = ask(desk, f"/events/{event_id}/")[1]
            typed = (by_hand / f"{number}.yaml").read_text(encoding="utf-8")
            for index in range(page.count('<section class="table') - 2):  # the round's and the late entry's forms last
                if f'action="/events/{event_id}/rounds/{number}/{index}"' in page:
                    typed = enter(desk, page, number, index, typed)
                    page = ask(desk, f"/events/{event_id}/")[1]
            (by_hand / f"{number}.yaml").write_text(typed, encoding="utf-8")
            assert typed == tree.round_path(event_id, number).read_text(encoding="utf-8")
            if "Pair the next round" not in page:
                break
            status, answer, _ = ask(desk, f"/events/{event_id}/pair", {"token": hidden(page, "token")})
            if status != 303:
                said = re.findall(r'<p class="problem">([^<]*)', answer)
                assert any("the event is complete" in line for line in said), said
                break  # the event is over: pair says so
            shutil.copy(tree.round_path(event_id, number + 1), by_hand / f"{number + 1}.yaml")
    finally:
        desk.close()
        if room is not None:
            room.close()
    build_site(tree.content, tmp_path / "desk-site")
    build_site(tmp_path / "by-hand" / "content", tmp_path / "hand-site")
    assert site_files(tmp_path / "desk-site") == site_files(tmp_path / "hand-site")
    return number


def site_files(root: Path) -> dict:
    return {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file() and p.name != ".podium-build"}


def as_shown(page: str, index: int) -> dict:
    """What a browser sends for a table's form left as the page shows it: each select's selected
    option (the home player the form proposes), each field's value."""
    table = page.split(f'id="table-{index}"')[1].split("</section>")[0]
    fields = {name: "".join(re.findall(r'<option value="(\d+)" selected', body))
              for name, body in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', table, re.S)}
    fields.update(re.findall(r'<input type="(?:number|text)" name="([^"]+)" value="([^"]*)"', table))
    return fields


def saved(desk, event_id: str, number: int, index: int, page: str, fields: dict) -> None:
    form = {"token": hidden(page, "token"), "version": hidden(page, "version"), **as_shown(page, index), **fields}
    status, answer, _ = ask(desk, f"/events/{event_id}/rounds/{number}/{index}", form)
    assert status == 303, re.findall(r'<p class="problem">([^<]*)', answer)


PHONES = iter(range(10**6))  # each report from an address of its own (127.0.0.x): no rate limit reached


def reported_by_both(desk, event_id: str, number: int, index: int, fields: dict) -> None:
    """The table's two players send ``fields`` from their phones, through the room's site and
    the code of their slip; the two alike, the result is entered."""
    import http.client
    import urllib.parse

    secret = desk.reports.secret(event_id, number, index)
    for seat in (0, 1):
        phone = next(PHONES)
        address = f"127.0.{phone // 250 % 250}.{phone % 250 + 2}"
        connection = http.client.HTTPConnection("127.0.0.1", desk.room.port, timeout=30, source_address=(address, 0))
        connection.request("POST", f"/report/{event_id}/{number}/{index}/{secret}", body=urllib.parse.urlencode(fields),
                           headers={"Host": "venue", "Cookie": f"podium-phone=phone{phone}",
                                    "Content-Type": "application/x-www-form-urlencoded"})
        answer = connection.getresponse()
        assert answer.status == (202, 200)[seat], answer.read().decode()  # waiting for the other; both in
    # written in the background: the desk's next save, made from the page as it stood, would find
    # the file changed meanwhile (and say so, as the organizer would be told)
    assert desk.reports.settled()


QUALIFIER_PLAYERS = int(os.environ.get("PODIUM_DESK_PLAYERS", 12))  # 24 for the qualifier (`PODIUM_DESK_PLAYERS=24`)


def test_a_qualifier_run_from_the_desk_and_the_players_phones_alone_ends_in_the_files_a_person_types(tree, cli, tmp_path):
    """An NS HEX qualifier (24 players with PODIUM_DESK_PLAYERS=24; 12 by default, to keep the
    suite short) from round 1 to the final with no YAML typed: every other table's result entered
    at the desk, the others reported by its two players from their phones, every round paired by
    its button. The same results typed into a copy by hand (each blank `[]`
    filled in, as the demo's were) give the same files, byte for byte, and the same site."""
    def enter(desk, page, number, index, typed):
        armies = two_armies(page, index)
        labels = [dict(options(page, index, f"armies.{i}"))[armies[f"armies.{i}"]] for i in (0, 1)]
        result = {**armies, "score.0": str(12 - index % 3), "score.1": "5"}
        if index % 2:  # every other table reported by its two players from their phones
            reported_by_both(desk, "e1", number, index, result)
        else:
            saved(desk, "e1", number, index, page, result)
        return typed.replace("armies: []", f"armies: [{', '.join(labels)}]", 1) \
            .replace("score: []", f"score: [{12 - index % 3}, 5]", 1)

    tree.event("e1", QUALIFIER_PLAYERS)
    cli("pair", "e1")
    assert run_at_the_desk(tree, tmp_path, "e1", enter, phones=True) >= 5  # the Swiss rounds and a top cut


def test_an_ffg_swiss_with_a_cut_run_from_the_desk_alone_ends_in_the_files_a_person_types(tree, cli, tmp_path):
    """FFG Organized Play: Swiss rounds, then the cut, every winner chosen at the desk (the first
    player wins, every third table by a modified win, on a line of its own below the winner)."""
    def enter(desk, page, number, index, typed):
        modified = index % 3 == 2
        saved(desk, "ffg", number, index, page,
              {"winner": options(page, index, "winner")[0][0], **({"modified": "on"} if modified else {})})
        winner = yaml.safe_load(tree.round_path("ffg", number).read_text(encoding="utf-8"))["pairings"][index]["winner"]
        at = typed.index("    winner:  #")
        end = typed.index("\n", at) + 1
        return typed[:at] + typed[at:end].replace("winner:  #", f"winner: {winner}  #") + \
            ("    modified: true\n" if modified else "") + typed[end:]

    tree.event("ffg", 12, ruleset="ffg-conquest", structure="advanced")  # 4 Swiss rounds, a top 4
    cli("pair", "ffg")
    assert run_at_the_desk(tree, tmp_path, "ffg", enter) >= 5


def test_a_carcassonne_event_run_from_the_desk_in_chromium_ends_in_the_files_a_person_types(tree, cli, tmp_path, browser):
    """Czech club rules: tables of four, each player's VP typed into the desk in Chromium at
    1280 px and saved with its button, round after round."""
    screen = browser.new_page(viewport={"width": 1280, "height": 900})

    def enter(desk, page, number, index, typed):
        vp = [100 - 10 * seat - index - number for seat in range(4)]  # no two alike: no tie to decide
        screen.goto(f"http://127.0.0.1:{desk.port}/events/cz/")
        form = screen.locator(f"#table-{index} form")
        for seat, points in enumerate(vp):
            form.locator(f'input[name="score.{seat}"]').fill(str(points))
        with screen.expect_navigation():
            form.get_by_role("button", name="Save").click()
        assert screen.locator(f"#table-{index}.pending").count() == 0
        return typed.replace("score: []", f"score: {vp}", 1)

    tree.event("cz", 8, ruleset="carcassonne-cz")
    cli("pair", "cz")
    assert run_at_the_desk(tree, tmp_path, "cz", enter) == 4
    screen.close()


def test_a_tantrix_round_robin_run_from_the_desk_alone_ends_in_the_files_a_person_types(tree, cli, tmp_path):
    """Tantrix, two games a match: each game's points, clocks and tiles entered at the desk."""
    def enter(desk, page, number, index, typed):
        fields = {}
        for game in range(2):
            a, b, clock_a, clock_b = 30 + index + game, 20 - number, f"1{game}:0{index}", "12:34"
            fields.update({f"games.{game}.score.0": str(a), f"games.{game}.score.1": str(b),
                           f"games.{game}.time.0": clock_a, f"games.{game}.time.1": clock_b,
                           f"games.{game}.tiles.0": str(20 + game), f"games.{game}.tiles.1": "19"})
            typed = typed.replace('{score: [], time: ["", ""], tiles: []}',
                                  f'{{score: [{a}, {b}], time: ["{clock_a}", "{clock_b}"], tiles: [{20 + game}, 19]}}', 1)
        saved(desk, "rr", number, index, page, fields)
        return typed

    players = [{"name": f"Gracz {i}", "id": f"t{i}"} for i in range(1, 5)]
    tree.event("rr", players, ruleset="tantrix", structure=[{"kind": "round-robin", "games": 2}])
    cli("pair", "rr")
    assert run_at_the_desk(tree, tmp_path, "rr", enter) == 3




def test_micromutants_matches_run_from_the_desk_alone_end_in_the_files_a_person_types(tree, cli, tmp_path):
    """The classic tournament: a knockout of best-of-3 matches, a best-of-5 final and a match for
    third place. Every other match goes to the bella at 1:1, entered where the blank offered it
    as a commented-out line (a person uncomments it); the others end 2:0 and the bella is left."""
    def enter(desk, page, number, index, typed):
        table = page.split(f'id="table-{index}"')[1].split("</section>")[0]
        games = len(re.findall(r'name="games\.(\d+)\.winner"', table))
        first, second = (label for _, label in options(page, index, "games.0.winner"))
        ids = {name: f"m{name.split()[-1]}" for name in (first, second)}
        to_bella = index % 2 == 1
        winners = [0, 1] * (games // 2) + [0] if to_bella else [0] * (games // 2 + 1)
        saved(desk, "mm", number, index, page, {f"games.{game}.winner": str(won) for game, won in enumerate(winners)})
        lines = typed.split("\n")
        at = next(n for n, line in enumerate(lines) if "winner: }" in line and not line.lstrip().startswith("#"))
        for game, won in enumerate(winners):
            line = lines[at + game]
            if line.lstrip().startswith("# - "):  # the game the blank offered, uncommented and filled in
                indent = line[:len(line) - len(line.lstrip())]
                line = indent + line.lstrip()[2:].split("  # ", 1)[0] + "  # " + line.split("  # ", 2)[2]
            lines[at + game] = line.replace("winner: }", f"winner: {ids[(first, second)[won]]}}}")
        return "\n".join(lines)

    players = [{"name": f"Giocatore {i}", "id": f"m{i}"} for i in range(1, 9)]
    tree.event("mm", players, ruleset="micromutants-classic")
    cli("pair", "mm")
    assert run_at_the_desk(tree, tmp_path, "mm", enter) == 3  # quarterfinals, semifinals, the final and 3rd place


def test_micromutants_extreme_run_from_the_desk_alone_ends_in_the_files_a_person_types(tree, cli, tmp_path):
    """The extreme tournament: 2-vs-2 games with rotating pairs (the winning pair and its bases),
    free-for-all tables of four (each player's place, the winner's bases, eliminations) and a
    best-of-5 final, all entered at the desk."""
    def enter(desk, page, number, index, typed):
        table = page.split(f'id="table-{index}"')[1].split("</section>")[0]
        if 'name="finish.0"' in table:
            names = re.findall(r'aria-label="Place \(1 = the winner\): ([^"]+)"', table)
            places = [seat + 1 for seat in range(len(names))]  # seat A wins every turn: no tie to decide
            ranked = [f"m{name.split()[-1]}" for _, name in sorted(zip(places, names))]
            saved(desk, "mx", number, index, page, {**{f"finish.{seat}": str(place) for seat, place in enumerate(places)},
                                                    "bases.intact": "2", "bases.damaged": "0", "bases.square": "1",
                                                    "eliminated.0": "1"})
            first = f"m{names[0].split()[-1]}"
            return typed.replace("finish: []", f"finish: [{', '.join(ranked)}]", 1) \
                .replace("bases: {intact: 0, damaged: 0, square: 0}", "bases: {intact: 2, damaged: 0, square: 1}", 1) \
                .replace("eliminated: {}", f"eliminated: {{{first}: 1}}", 1)
        if 'name="games.0.winner"' in table:
            first, second = (label for _, label in options(page, index, "games.0.winner"))
            saved(desk, "mx", number, index, page, {f"games.{game}.winner": "0" for game in range(3)})
            return re.sub(r"^( +- \{.*winner: )\}", rf"\g<1>m{first.split()[-1]}}}", typed, count=3, flags=re.M)
        pairs = [label for _, label in options(page, index, "winner")]
        won = min((0, 1), key=lambda team: min(int(name.split()[-1]) for name in pairs[team].split(" & ")))
        intact = (number + index) % 4  # the pair of the lowest number wins, by bases that differ: no tie
        saved(desk, "mx", number, index, page, {"winner": str(won), "bases.intact": str(intact), "bases.damaged": "1",
                                                "bases.square": "0"})
        return typed.replace("winner:   #", f"winner: {won}  #", 1) \
            .replace("bases: {intact: 0, damaged: 0, square: 0}", f"bases: {{intact: {intact}, damaged: 1, square: 0}}", 1)

    players = [{"name": f"Giocatore {i}", "id": f"m{i}"} for i in range(1, 9)]
    tree.event("mx", players, ruleset="micromutants-extreme")
    cli("pair", "mx")
    assert run_at_the_desk(tree, tmp_path, "mx", enter) == 11  # 2 v 2 rounds, free-for-all turns, the final
