"""Issue 33: live pages a player can trust, read in Chromium at 360 px as a player at the venue
reads them: an FFG Swiss of eight in its second round with two of four results in."""
from __future__ import annotations

import functools
import http.server
import os
import re
import threading

import pytest

NAMES = ("Tomasz Król", "Anna Nowak", "Grzegorz Sęk", "Ewa Mak", "Olga Bąk", "Piotr Zięba", "Jan Kot", "Iga Lis")


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    """The site of an event in play: round 1 complete, round 2 with its first two tables in."""
    from click.testing import CliRunner

    from conftest import QuietHandler, Tree
    from podium.commands.cli import main

    root = tmp_path_factory.mktemp("live")
    tree = Tree(root)

    def cli(*args):
        result = CliRunner().invoke(main, [*args, "--content", str(tree.content)], catch_exceptions=False)
        assert result.exit_code == 0, result.output

    tree.event("e1", [{"name": name} for name in NAMES], ruleset="ffg-conquest")
    cli("pair", "e1")
    first = tree.read_round("e1", 1)
    for pairing in first["pairings"]:
        pairing["winner"] = pairing["players"][0]
    tree.save_round("e1", 1, first)
    cli("pair", "e1")
    second = tree.read_round("e1", 2)
    for pairing in second["pairings"][:2]:
        pairing["winner"] = pairing["players"][1]
    tree.save_round("e1", 2, second)
    result = CliRunner().invoke(main, ["build", "--content", str(tree.content), "--out", str(root / "site")])
    assert result.exit_code == 0, result.output
    handler = functools.partial(QuietHandler, directory=str(root / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", tree
    server.shutdown()


def test_the_live_event_page_has_one_standings_table_after_the_last_complete_round(live, phone):
    """Round 2 in play: the standings are those after round 1, titled so (no winner of round 2
    counted yet), and the round in play says how many of its results are in and as of when."""
    base, tree = live
    phone.goto(base + "events/e1/")
    assert phone.locator("table.standings").count() == 1
    assert phone.locator("main h2").first.inner_text() == "Standings after round 1"
    points = phone.locator("table.standings tbody tr td.num:nth-child(3)").all_inner_texts()
    assert sorted(points) == ["0"] * 4 + ["5"] * 4  # a win (5 points) each at most: round 2's results not counted
    status = phone.locator(".live-status").inner_text()
    assert re.fullmatch(r"Round 2: 2 of 4 results in · as of \d\d:\d\d( [AP]M)?", status), status  # the language's clock
    assert "standings.json" not in phone.content()


def test_every_table_has_its_number_and_a_knockout_match_its_name_beside_it(base_url, phone):
    """A knockout round's cards and printed slips say where to sit: "Table 1 · Final" ("Stół 1 · Finał")."""
    phone.goto(base_url + "events/2023-04-krakow/rounds/5/")
    labels = phone.locator(".table-card .label").all_inner_texts()
    assert labels and all(re.match(r"Stół \d+( · .+)?$", label) for label in labels), labels  # the demo speaks Polish
    assert any(" · " in label for label in labels)
    phone.emulate_media(media="print")
    slips = phone.locator(".slip b").all_inner_texts()
    assert slips and all(re.search(r" · Stół \d+", slip) for slip in slips), slips


def test_a_round_file_without_table_numbers_numbers_its_tables_in_order(base_url, phone):
    phone.goto(base_url + "events/2023-05-legacy-semanal/rounds/1/")
    labels = [label for label in phone.locator(".table-card .label").all_inner_texts() if not label.startswith("Bye")]
    assert labels == [f"Stół {n}" for n in range(1, len(labels) + 1)]


def test_this_is_me_is_remembered_on_the_phone_and_leads_every_page(live, phone):
    """A name typed in any order finds the player; one tap on "This is me" remembers him on this
    phone alone; the event, round and home pages then lead with his table and points, his row
    and table highlighted; "Forget" clears it."""
    base, _ = live
    phone.goto(base + "events/e1/")
    assert phone.locator("#me").is_hidden()
    phone.fill("#filter", "sęk grzegorz")  # surname first
    assert phone.locator("table.standings tbody tr:visible").all_inner_texts()[0].split("\n")[0].endswith("Grzegorz Sęk")
    offer = phone.locator("#this-is-me")
    assert offer.inner_text() == "This is me: Grzegorz Sęk" and offer.bounding_box()["height"] >= 44
    offer.click()
    banner = phone.locator("#me")
    assert re.fullmatch(r"Your table \d — Grzegorz Sęk, [05] pts Not you\? Forget", banner.inner_text()), banner.inner_text()
    assert phone.locator("tr.me").count() == 1 and phone.locator(".now-tables li.me").count() == 1
    assert phone.evaluate("JSON.parse(localStorage.getItem('podium-me')).name") == "Grzegorz Sęk"
    table = re.search(r"Your table (\d)", banner.inner_text()).group(1)
    phone.goto(base + "events/e1/rounds/2/")
    assert phone.locator("#me").inner_text().startswith(f"Your table {table} — Grzegorz Sęk")
    mine = phone.locator(".table-card.me")
    assert mine.count() == 1 and "Grzegorz Sęk" in mine.inner_text()
    phone.goto(base)
    assert "Grzegorz Sęk" in phone.locator("#me").inner_text()
    phone.locator("#me button").click()
    assert phone.locator("#me").is_hidden() and phone.evaluate("localStorage.getItem('podium-me')") is None


def test_a_players_page_remembers_him_with_one_tap(live, phone):
    base, _ = live
    phone.goto(base + "players/anna-nowak/")
    phone.get_by_role("button", name="This is me").click()
    assert phone.locator("#me a").inner_text() == "Anna Nowak"
    phone.goto(base + "events/e1/")
    assert phone.locator("#me").inner_text().startswith("Your table ")


def test_a_finished_event_leads_with_its_podium_and_says_the_finals_decided_it(base_url, phone):
    """The NS HEX qualifier ended in a top cut: its winner and podium lead the page, and it says
    that the finals decided them (the points shown are the Swiss rounds')."""
    phone.goto(base_url + "events/2023-04-krakow/")
    places = phone.locator(".podium li")
    assert places.count() == 3 and places.first.inner_text().startswith("1.")
    assert phone.locator(".podium").bounding_box()["y"] < phone.locator("table.standings").first.bounding_box()["y"]
    assert "finały" in phone.locator(".podium .meta").inner_text()  # the demo speaks Polish


def test_the_bracket_says_where_the_final_is_and_takes_the_player_there(base_url, phone):
    """At 360 px the bracket is several screens wide: a link a round, the final last, scrolls it
    into view; the rounds' headings follow the page's h1 (no h3 under it)."""
    phone.goto(base_url + "events/2023-04-krakow/bracket/")
    assert phone.locator(".bracket h3").count() == 0 and phone.locator(".bracket h2").count() >= 2
    final = phone.locator(".bracket-jump a").last
    assert final.bounding_box()["height"] >= 44
    final.click()
    column = phone.locator(".bracket-round").last.bounding_box()
    assert 0 <= column["x"] < 360, column


@pytest.mark.parametrize("player, columns", [
    ("bartlomiej-zielinski", 5),  # NS HEX: army and margin
    ("ola-wisniewska", 4),  # Tantrix and chess: no army column (margins of points, yes)
    ("niccolo-bianchi", 4),  # Micromutants: clans, no margin
])
def test_a_players_page_fits_the_phone_and_leads_with_a_summary(base_url, phone, player, columns):
    """The games fit 360 px (no table scrolled sideways, the result column whole), the page
    leads with his events and record, and shows only the columns his events have."""
    phone.goto(base_url + f"players/{player}/")
    summary = phone.locator(".summary").inner_text()
    assert re.match(r"\d+ (turniej|turnieje|turniejów) · wygrane \d+ · remisy \d+ · porażki \d+", summary), summary
    for table in phone.locator("table.games-played").all():
        assert table.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth"), player
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert max(len(t.locator("thead th").all()) for t in phone.locator("table.games-played").all()) == columns


@pytest.mark.parametrize("event, says, not_says", [
    ("2023-11-szachy-krakow", "FIDE C.07", "RBB"),  # chess: a win is a round won
    ("2023-10-micromutants-estremo", "RBB", "FIDE"),  # Micromutants: a 1st place at a free-for-all table
])
def test_each_tiebreak_is_explained_in_the_words_of_its_own_rules(base_url, phone, event, says, not_says):
    phone.goto(base_url + f"events/{event}/")
    wins = phone.locator("#tb-wins").inner_text()
    assert says in wins and not_says not in wins, wins


def test_a_ruleset_explaining_a_tiebreak_it_does_not_list_is_told_so_at_its_line(tree, cli):
    tree.house_rules("chess-swiss", "explain:\n  hq_diff: the HQ difference\n")
    result = cli("check", expect=1)
    assert "rulesets/club.yaml:5: 'explain: hq_diff' names no tie-breaker of this ruleset's 'tiebreakers:'" in result.output


def test_a_pairing_shows_each_players_points_and_record_before_the_round(live, phone):
    """Round 2: beside each name the points and wins–draws–losses of round 1 (a winner 5 · 1–0–0,
    a loser 0 · 0–0–1), said once in a line above the tables; round 1 shows none."""
    base, _ = live
    phone.goto(base + "events/e1/rounds/2/")
    before = phone.locator(".table-card .before").all_inner_texts()
    assert len(before) == 8 and sorted(set(before)) == ["0 · 0–0–1", "5 · 1–0–0"], before
    assert phone.locator(".legend").inner_text() == "Beside each name: points before this round · wins–draws–losses"
    phone.goto(base + "events/e1/rounds/1/")
    assert phone.locator(".table-card .before").count() == 0 and phone.locator(".legend").count() == 0


def test_a_rated_event_shows_each_players_rating_beside_his_name(base_url, phone):
    phone.goto(base_url + "events/2023-11-szachy-krakow/rounds/1/")
    assert all(re.fullmatch(r"\d{3,4}", text) for text in phone.locator(".table-card .before").all_inner_texts())
    assert phone.locator(".legend").inner_text() == "Przy nazwisku: ranking"


def test_a_round_robin_has_a_cross_table(base_url, phone):
    """The chess round robin: a row a player in the standings' order, what he scored against
    each number, nothing against himself."""
    phone.goto(base_url + "events/2024-01-szachy-kolowy/")
    table = phone.locator("table.cross")
    players = table.locator("tbody tr").count()
    assert players == 6 and table.locator("thead th").count() == players + 2
    first = table.locator("tbody tr").first.locator("td").all_inner_texts()
    assert first[2] == "" and all(cell in ("1", "0,5", "0") for cell in first[3:]), first


def test_the_players_by_name_print_as_a_sheet_for_the_wall(base_url, phone):
    phone.goto(base_url + "events/2023-08-warszawa/rounds/1/")
    phone.emulate_media(media="print")
    by_name = phone.locator(".by-name")
    assert by_name.is_visible() and by_name.evaluate("e => getComputedStyle(e).breakBefore") == "page"
    assert by_name.locator("li").count() == 44


def test_the_season_page_says_how_invitations_are_earned_and_finds_a_player(base_url, phone):
    """From the season's rules, in words: a qualifier's size, the invitation passed down, the
    wild cards, and that the points decide none; each leaderboard row in at most two lines at
    360 px; find-me on the page."""
    phone.goto(base_url + "seasons/nshex-2023/")
    rules = phone.locator("section.explain").first.inner_text()
    assert "Jak zdobywa się zaproszenia do finału" in rules and "co najmniej 8 graczy" in rules
    assert "do 3 dzikie karty" in rules
    assert "nie decydują o zaproszeniach" in phone.locator("main").inner_text()
    line = phone.evaluate("parseFloat(getComputedStyle(document.body).lineHeight)")
    names = [a.bounding_box()["height"] for a in phone.locator("table.season-board td.name > a").all()]
    events = [e.bounding_box()["height"] for e in phone.locator("table.season-board .tbv").all()]
    assert max(names) <= 46 and max(events) <= line  # the name on one line (a 44 px target), its events on one
    phone.fill("#filter", "król zofia")
    assert phone.locator("table.season-board tbody tr:visible").count() == 1
    assert "leaderboard.json" not in phone.content()


def test_no_seed_or_file_name_on_a_players_pages_and_the_check_has_a_page_of_its_own(base_url, phone):
    """The round page says nothing of seeds; every page links "About these results", which says
    how the draws are checked and lists each event's seed."""
    phone.goto(base_url + "events/2023-08-warszawa/rounds/1/")
    text = phone.locator("main").inner_text()
    assert "ziarn" not in text.lower() and "seed" not in text.lower() and ".json" not in text
    phone.locator("footer a", has_text="O tych wynikach").click()
    phone.wait_for_url("**/about-results/")
    assert re.fullmatch(r"podium verify [a-z0-9-]+", phone.locator("pre").inner_text().strip())
    assert "Turniej eliminacyjny — Warszawa" in phone.locator("main").inner_text()
    assert "ziarno 20230819" in phone.locator("main").inner_text()


def test_page_titles_and_podiums_own_ruleset_names_speak_the_sites_language(base_url, phone):
    phone.goto(base_url + "404.html")
    assert phone.title().startswith("Nie znaleziono strony")
    phone.goto(base_url + "events/2023-08-warszawa/")
    assert "Neuroshima HEX! Mistrzostwa Polski 2023 — eliminacje" in phone.locator("#about").inner_text()


def test_an_organizers_ruleset_name_is_shown_as_written_and_escaped(tree, cli):
    tree.house_rules("neuroshima-hex-pl-2023", "")
    rules = tree.content.parent / "rulesets" / "club.yaml"
    rules.write_text(rules.read_text().replace("name: Club rules", 'name: "Club <b>rules</b> 100%"'))
    cli("build")
    page = (tree.root / "site/events/e1/index.html").read_text(encoding="utf-8")
    assert "<dd>Club &lt;b&gt;rules&lt;/b&gt; 100%</dd>" in page


from test_browser import PAGES  # noqa: E402 — every kind of page the browser tests read

EVERY_KIND = {**PAGES, "player": "players/zofia-krol/", "bracket": "events/2023-04-krakow/bracket/",
              "events": "events/", "players": "players/", "about these results": "about-results/",
              "seasons": "seasons/"}
TAPPED = ".standings td.name > a, .seat > a, .list > li > a:first-child, .rounds a, .crumbs a, footer a, .round-nav a, " \
         ".jump a, .now a, .podium li > a"
AXE_RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
# axe-core takes about a second a page: by default one page of each template, every kind of page
# with PODIUM_A11Y_PAGES=all (as the property runs' full sizes are asked for)
A11Y_KINDS = sorted(EVERY_KIND) if os.environ.get("PODIUM_A11Y_PAGES") == "all" else \
    ["event", "round", "player", "season", "about these results"]


def test_every_link_a_player_taps_is_44_px_tall(base_url, phone):
    """Every name, row and link a player taps is at least 44 px tall, on every kind of page (one
    phone reads them all, one after another)."""
    small = {}
    for kind, url in sorted(EVERY_KIND.items()):
        phone.goto(base_url + url)
        small[kind] = phone.eval_on_selector_all(TAPPED, """links => links.map(a => [a.innerText, a.getBoundingClientRect()])
            .filter(([, box]) => box.width > 0 && box.height < 44).map(([text, box]) => [text, box.height])""")
    assert not {kind: links[:3] for kind, links in small.items() if links}


@pytest.mark.parametrize("kind", A11Y_KINDS)
def test_axe_finds_nothing_serious(base_url, phone, kind):
    """WCAG 2.2 as axe-core checks it (target size, headings, contrast, focusable scroll boxes):
    no serious or critical violation."""
    from axe_playwright_python.sync_playwright import Axe

    phone.goto(base_url + EVERY_KIND[kind])
    found = Axe().run(phone, options={"runOnly": {"type": "tag", "values": AXE_RULES}, "resultTypes": ["violations"]})
    serious = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found.response["violations"]
               if v["impact"] in ("serious", "critical")]
    assert not serious, serious


def test_polish_words_naming_a_player_take_her_gender(base_url, phone):
    """'Halina Szymańska … wycofała się', not 'wycofał się'; a man's stays masculine; a winner is
    'zwyciężczyni' (the given name's -a; registrations may say 'gender:')."""
    phone.goto(base_url + "events/2023-04-krakow/")
    tags = {row.locator("td.name > a").inner_text(): row.locator(".tag").inner_text()
            for row in phone.locator("table.standings tbody tr", has=phone.locator(".tag")).all()}
    assert tags.get("Halina Szymańska") == "wycofała się", tags
    phone.goto(base_url + "events/")
    assert "zwyciężczyni: Dorota Kowalczyk" in phone.locator("main").inner_text()
    assert "zwycięzca: Grzegorz Sęk" in phone.locator("main").inner_text()


@pytest.mark.parametrize("name, gender, feminine", [
    ("Anna Nowak", None, True), ("Kuba Nowak", None, False), ("Luca Bianchi", None, False),
    ("Andrea Rossi", "f", True), ("Maria Nowak", "m", False), ("Jan Kowalski", None, False)])
def test_a_players_gender_is_as_registered_else_read_from_the_given_name(name, gender, feminine):
    from podium.site.i18n import feminine as is_feminine

    assert is_feminine(name, gender) is feminine


def test_gender_is_checked_like_every_key(tree, cli):
    tree.event("e1", [{"name": "Anna Nowak", "gender": "female"}] + [{"name": f"Gracz {i}"} for i in range(7)])
    result = cli("check", expect=1)
    assert "content/events/e1/registrations.yaml:2: " in result.output and "gender" in result.output


def test_the_home_page_leads_with_the_remembered_players_table(live, phone):
    base, _ = live
    phone.goto(base + "players/grzegorz-sek/")
    phone.get_by_role("button", name="This is me").click()
    phone.goto(base)
    assert re.fullmatch(r"Your table \d — Grzegorz Sęk Not you\? Forget", phone.locator("#me").inner_text())
    assert phone.locator(".now-tables").is_hidden()


def test_on_a_round_page_the_remembered_player_leads_with_his_points_as_the_round_began(live, phone):
    """Round 2 in play: the round page's standings count the results in so far; the banner gives
    his points before the round, as his seat does."""
    base, _ = live
    phone.goto(base + "events/e1/rounds/2/")
    link = phone.locator(".table-card").first.locator(".seat > a").nth(1)
    who, href = link.inner_text(), link.get_attribute("href")
    phone.evaluate("m => localStorage.setItem('podium-me', JSON.stringify(m))",
                   {"id": href.rstrip("/").split("/")[-1], "name": who})
    phone.reload()
    before = phone.locator(".table-card").first.locator(".seat").nth(1).locator(".before").inner_text().split(" · ")[0]
    assert before == "5"  # he won round 1, and round 2 too (the fixture): the standings so far say 10
    assert phone.locator("#me").inner_text().startswith(f"Your table 1 — {who}, {before} pts")


def test_a_players_summary_gives_his_season_place_and_invitation(base_url, phone):
    """Zofia Król: her place in the NS HEX season with its points, and her invitation to the
    final (a wild card), said of her: 'zaproszona do finału'."""
    phone.goto(base_url + "players/zofia-krol/")
    season = phone.locator(".season-place", has_text="Neuroshima HEX 2023").inner_text()
    assert re.search(r"miejsce \d+ · \d+ punkt", season) and "zaproszona do finału" in season, season


def test_one_tap_on_a_standings_row_remembers_the_player(live, phone):
    """Beside the name (the name itself leads to his page): one tap, and the page leads with him."""
    base, _ = live
    phone.goto(base + "events/e1/")
    assert phone.locator("#tap-to-remember").is_visible()
    row = phone.locator("table.standings tbody tr").nth(2)
    name = row.locator("td.name > a").inner_text()
    row.locator("td.pts").click()
    assert phone.locator("#me").inner_text().startswith("Your table ") and name in phone.locator("#me").inner_text()
    assert phone.locator("tr.me").count() == 1
