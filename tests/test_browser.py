"""The demo site in a real browser (Debian's Chromium driven by Playwright) at 360×740."""
from __future__ import annotations

import functools
import re
import shutil
import threading
from pathlib import Path

import pytest

from podium.run.builder import build_site

ROOT = Path(__file__).resolve().parent.parent
PAGES = {
    "home": "", "season": "seasons/nshex-2023/", "event": "events/2023-04-krakow/",
    "ffg event": "events/2023-10-poznan-regional/", "round": "events/2023-04-krakow/rounds/3/",
    "knockout round": "events/2023-04-krakow/rounds/5/", "page": "pages/about/", "404": "404.html",
    "groups and knockout": "events/2023-03-tantrix-grand-prix/", "tantrix round": "events/2023-03-tantrix-grand-prix/rounds/1/",
    "extreme event": "events/2023-10-micromutants-estremo/", "2 v 2 round": "events/2023-10-micromutants-estremo/rounds/1/",
    "free-for-all round": "events/2023-10-micromutants-estremo/rounds/7/", "drawn bracket": "events/2023-05-micromutants-classico/",
    "table round": "events/2023-09-carcassonne-brno/rounds/2/", "rated player": "players/ola-wisniewska/",
    "guide": "pages/first-tournament/", "desk guide": "pages/results-desk/",
}



def _player_page(base_url, phone) -> str:
    phone.goto(base_url + PAGES["event"])
    return phone.locator(".standings .name a").first.get_attribute("href")


@pytest.mark.parametrize("kind", sorted(PAGES) + ["player"])
def test_no_sideways_scroll_of_the_page(base_url, phone, kind):
    url = base_url + PAGES[kind] if kind != "player" else base_url + PAGES["event"] + _player_page(base_url, phone)
    phone.goto(url)
    width, viewport = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= viewport, f"{kind} page is {width}px wide at a {viewport}px viewport"


def test_the_desk_guides_screenshots_show_within_the_phones_width(base_url, phone):
    """Issue 32: the guide shows the desk (1280 px) and a report page (360 px), each scaled to the screen."""
    phone.goto(base_url + PAGES["desk guide"])
    images = phone.locator(".prose img")
    assert images.count() == 2
    for index in range(2):
        images.nth(index).scroll_into_view_if_needed()
        phone.wait_for_function("i => document.querySelectorAll('.prose img')[i].complete", arg=index)
        natural, shown = images.nth(index).evaluate("i => [i.naturalWidth, i.getBoundingClientRect().width]")
        assert natural in (360, 1280) and 0 < shown <= 360


def test_standings_and_bracket_are_visible(base_url, phone):
    """The event page leads with the standings; the bracket, several screens on a phone, is a
    page of its own linked at the top."""
    phone.goto(base_url + PAGES["event"])
    assert phone.locator("table.standings").first.is_visible()
    assert phone.locator(".bracket").count() == 0
    phone.locator(".jump a").first.click()
    phone.wait_for_url("**/events/2023-04-krakow/bracket/")
    assert phone.locator(".bracket .match").first.is_visible()
    assert phone.locator(".bracket .side.won").count() >= 7  # every decided match marks its winner
    # the bracket scrolls inside its own box, not the page
    assert phone.evaluate("document.querySelector('.bracket').scrollWidth > document.querySelector('.bracket').clientWidth")


def test_filter_finds_a_players_table(base_url, phone):
    phone.goto(base_url + PAGES["round"])
    name = phone.locator(".table-card .seat a").nth(5).inner_text()
    phone.fill("#filter", name.split()[-1].lower())
    visible = phone.locator(".table-card:visible")
    assert 1 <= visible.count() <= 2
    assert name in visible.first.inner_text() or name in visible.last.inner_text()
    phone.fill("#filter", "")
    assert phone.locator(".table-card:visible").count() == phone.locator(".table-card").count()


def test_print_stylesheet_hides_navigation(base_url, phone):
    phone.goto(base_url + PAGES["round"])
    assert phone.locator("header.top").is_visible()
    assert not phone.locator(".slip").first.is_visible()  # result slips are for paper only
    phone.emulate_media(media="print")
    assert not phone.locator("header.top").is_visible()
    assert not phone.locator("#filter").is_visible()
    assert phone.locator(".table-card").first.is_visible()
    assert phone.locator(".slip").count() == phone.locator(".table-card").count() - phone.locator(".table-card", has_text="Bye").count()
    assert phone.locator(".slip").first.is_visible()


@pytest.mark.parametrize("page, typed, found", [
    ("event", "lukasz", "Łukasz"),  # typed without the Ł
    ("event", "ŁUKASZ", "Łukasz"),
    ("table round", "stastny", "Šťastný"),  # typed without the Š and ť
])
def test_find_me_ignores_case_and_diacritics(base_url, phone, page, typed, found):
    phone.goto(base_url + PAGES[page])
    phone.fill("#filter", typed)
    visible = phone.locator("[data-names]:visible")
    assert visible.count() >= 1
    assert all(found in visible.nth(i).inner_text() for i in range(visible.count()))
    assert not phone.locator("#filter-none").is_visible()


def test_find_me_says_when_no_player_matches(base_url, phone):
    phone.goto(base_url + PAGES["event"])
    phone.fill("#filter", "zzzz")
    assert phone.locator("[data-names]:visible").count() == 0
    assert phone.locator("#filter-none").inner_text() == "Żaden gracz nie pasuje"
    phone.fill("#filter", "")
    assert not phone.locator("#filter-none").is_visible()
    assert phone.locator("[data-names]:visible").count() == phone.locator("[data-names]").count()


@pytest.mark.parametrize("page", ["event", "ffg event", "groups and knockout", "extreme event"])
def test_standings_fit_a_phone_with_the_reason_in_words(base_url, phone, page):
    """360 px: neither the page nor the table scrolls sideways; each row shows its rank, name and
    points; a tie-break's decision reads as words, its values one tap away."""
    phone.goto(base_url + PAGES[page])
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    table = phone.locator(".standings").first
    assert phone.evaluate("t => t.parentElement.scrollWidth <= t.parentElement.clientWidth", table.element_handle())
    first = table.locator("tbody tr").first
    cells = first.locator("td:visible")
    assert cells.count() == 3 and cells.nth(0).inner_text().strip().lstrip("=") == "1"
    assert not table.locator("th.tb").first.is_visible() if table.locator("th.tb").count() else True


def test_a_tie_break_decision_reads_as_words_with_the_values_below(base_url, phone):
    phone.goto(base_url + PAGES["event"])
    reason = phone.locator(".standings .why-line", has_text="wyżej niż").first
    assert reason.is_visible()
    values = phone.locator(".standings tbody tr").first.locator(".tbv")
    assert values.is_visible() and re.search(r"Sztab± [+−]\d+", values.inner_text())  # HQ difference, abbreviated
    phone.set_viewport_size({"width": 1024, "height": 740})
    assert not values.is_visible() and phone.locator(".standings th.tb").first.is_visible()  # columns again
    assert reason.is_visible()  # the reason in words at every width (no column repeats it)


def test_the_leader_is_on_the_first_screen(base_url, phone):
    """A finished event leads with its podium (issue 33): the winner is on the first screen."""
    phone.goto(base_url + PAGES["event"])
    leader = phone.locator(".podium li").first
    assert leader.bounding_box()["y"] + leader.bounding_box()["height"] <= 740


def test_the_players_page_lists_everyone_by_surname_and_finds_them(base_url, phone):
    from podium.site.i18n import Language

    phone.goto(base_url + "players/")
    names = phone.locator("li[data-names] a").all_inner_texts()
    assert len(names) > 50 and any(n.split()[-1].startswith("Ł") for n in names)
    assert names == sorted(names, key=Language("pl").name_key)  # by surname, Ł after L (code points: after Z)
    phone.fill("#filter", "lukasz")
    found = phone.locator("li[data-names]:visible").all_inner_texts()
    assert found and all("łukasz" in t.lower() for t in found)


def test_find_me_on_a_running_event_shows_the_players_table(tree, cli, browser):
    """While an event runs, typing a name on the event page shows that player's table and
    opponent in the round being played, above the standings."""
    import http.server as hs

    tree.event("e1", [{"name": n} for n in ("Łukasz Lis", "Anna Nowak", "Jan Kot", "Ewa Mak", "Olga Bąk", "Piotr Zięba")],
               ruleset="ffg-conquest")
    cli("pair", "e1")
    cli("build")
    from conftest import QuietHandler

    handler = functools.partial(QuietHandler, directory=str(tree.root / "site"))
    server = hs.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page = browser.new_page(viewport={"width": 360, "height": 740}, service_workers="block")
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/events/e1/")
        assert not page.locator(".now-tables li").first.is_visible()  # the standings lead
        page.fill("#filter", "lukasz")
        shown = page.locator(".now-tables li:visible")
        assert shown.count() == 1 and shown.inner_text().startswith("Łukasz Lis — table ")
    finally:
        page.close()
        server.shutdown()


def github_pages(root: Path, path: str = "/"):
    """A server answering as GitHub Pages does: the site ``root`` at ``path`` (/repo/ for a
    project site), and 404.html, with status 404, at any address it does not have."""
    import http.server as hs

    class PagesLike(hs.SimpleHTTPRequestHandler):
        def translate_path(self, asked):
            return super().translate_path("/" + asked[len(path):] if asked.startswith(path) else "/nowhere")

        def send_error(self, code, message=None, explain=None):
            if code != 404:
                return super().send_error(code, message, explain)
            body = (root / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = hs.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(PagesLike, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{path}"


STYLED = "getComputedStyle(document.querySelector('header.top')).backgroundColor"


def test_a_project_site_works_under_its_path_404_page_included(tmp_path, browser):
    """GitHub Pages serves a project site at /repo/ and answers any missing address with
    404.html: every page and its stylesheet load there, the 404 page too, and its links lead home."""
    build_site(ROOT / "content", tmp_path / "site", base_url="http://127.0.0.1/repo")
    server, base = github_pages(tmp_path / "site", "/repo/")
    page = browser.new_page(viewport={"width": 360, "height": 740}, service_workers="block")
    try:
        for address in ("", "events/2023-04-krakow/", "events/2023-04-krakow/bracket/", "players/", "no/such/page/"):
            page.goto(base + address)
            assert page.evaluate(STYLED) != "rgba(0, 0, 0, 0)", address  # the stylesheet loaded
        page.locator("a.brand").click()
        page.wait_for_url(base)
    finally:
        page.close()
        server.shutdown()


def test_the_404_page_deep_in_a_site_without_a_base_url_is_styled_and_leads_home(demo_site, browser):
    """Without a base URL the 404 page links from the host's root: at /no/such/page/ of a site
    served there (podium serve --lan, a custom domain) its stylesheet loads and home is home."""
    server, base = github_pages(demo_site)
    page = browser.new_page(viewport={"width": 360, "height": 740}, service_workers="block")
    try:
        response = page.goto(base + "no/such/page/")
        assert response.status == 404 and page.locator("h1").inner_text() == "Nie znaleziono strony"
        assert page.evaluate(STYLED) != "rgba(0, 0, 0, 0)"  # the stylesheet loaded
        page.locator("a.brand").click()
        page.wait_for_url(base)
        assert page.locator("h1").count() >= 1 and page.evaluate(STYLED) != "rgba(0, 0, 0, 0)"
    finally:
        page.close()
        server.shutdown()


@pytest.mark.parametrize("kind", ["home", "event", "round", "rated player"])
def test_pages_load_with_no_console_error(base_url, browser, kind):
    """A fresh browser asks every site for /favicon.ico: a site without a favicon logged a 404
    on the first page a phone opened. Podium ships its own icon; no page logs an error."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base_url + PAGES[kind], wait_until="networkidle")
    context.close()
    assert errors == []


CONTRAST = """() => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const c = [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                               return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
  const background = el => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
                               if (c.length === 3 || c[3] > 0) return c.slice(0, 3); } return [255, 255, 255]; };
  const low = [];
  for (const el of document.querySelectorAll('body *')) {
    const text = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent.trim()).join('');
    const box = el.getBoundingClientRect();
    if (!text || box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    const a = lum(rgb(getComputedStyle(el).color).slice(0, 3)), b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) low.push(`${el.tagName.toLowerCase()}.${el.className} "${text.slice(0, 30)}" ${ratio.toFixed(2)}`);
  }
  return low;
}"""


@pytest.mark.parametrize("kind", ["home", "event", "round", "knockout round", "2 v 2 round", "rated player", "season"])
def test_text_contrast_is_at_least_4_5_to_1(base_url, phone, kind):
    """WCAG 2.1 AA (1.4.3): every visible text, its colour against the background it sits on."""
    phone.goto(base_url + PAGES[kind])
    assert phone.evaluate(CONTRAST) == []


@pytest.mark.parametrize("kind", ["event", "round", "home"])
def test_every_input_has_a_label(base_url, phone, kind):
    """WCAG 2.1 (1.3.1, 4.1.2): the find-me box and any other input is named for a screen reader."""
    phone.goto(base_url + PAGES[kind])
    unnamed = phone.evaluate("""() => [...document.querySelectorAll('input, select, textarea')]
        .filter(i => !(i.labels && i.labels.length) && !i.getAttribute('aria-label') && !i.getAttribute('aria-labelledby'))
        .map(i => i.outerHTML)""")
    assert unnamed == []


def test_a_knockout_bye_reads_as_advancing_with_no_points(base_url, phone):
    """Issue 18: a bracket's bye read 'bye (+3)', the Swiss bye's points, though it scores nothing;
    it says the player advances. The demo's drawn bracket (Micromutants, 6 players) gives two byes."""
    phone.goto(base_url + "events/2023-05-micromutants-classico/rounds/1/")
    results = phone.locator(".result").all_inner_texts()
    assert results.count("przechodzi dalej (wolny los)") == 2  # the demo site is in Polish: "advances (bye)"
    assert not [text for text in results if "(+" in text]


def test_the_season_shows_each_players_points_per_event_and_who_is_invited(base_url, phone):
    """Issue 18: the leaderboard gave a total alone. Each row now lists the events that gave its
    points (Marcin Michalski: Warszawa 25, Gdańsk 18, Wrocław 25 = 68) and marks the players
    invited to the final; the page still fits 360 px."""
    phone.goto(base_url + PAGES["season"])
    first = phone.locator(".standings tbody tr").first
    assert "68" in first.inner_text()
    assert first.locator(".tbv").inner_text().count(" · ") == 2 and first.locator(".tag").inner_text() == "zaproszony"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.fixture(scope="module")
def with_repo_url(tmp_path_factory):
    """The demo built with repo_url in site.yaml, served as GitHub Pages serves a project site."""
    root = tmp_path_factory.mktemp("repo-url")
    shutil.copytree(ROOT / "content", root / "content")
    with (root / "content/site.yaml").open("a", encoding="utf-8") as site:
        site.write("repo_url: https://github.com/club/results\n")
    build_site(root / "content", root / "site")
    server, base = github_pages(root / "site")
    yield base
    server.shutdown()


@pytest.mark.parametrize("kind", ["round", "2 v 2 round", "free-for-all round", "tantrix round"])
def test_correct_this_result_is_a_small_visible_link_that_fits_a_phone(with_repo_url, browser, kind):
    """With repo_url in site.yaml each result on a round page links to its round file's edit page
    on GitHub (issue 18); the link is seen at 360 px and the page still does not scroll sideways."""
    base = with_repo_url
    page = browser.new_page(viewport={"width": 360, "height": 740}, service_workers="block")
    try:
        page.goto(base + PAGES[kind])
        link = page.locator(".table-card a.edit").first
        event, number = re.fullmatch(r"events/([^/]+)/rounds/(\d+)/", PAGES[kind]).groups()
        assert link.get_attribute("href") == (f"https://github.com/club/results/edit/main/content/events/{event}"
                                              f"/rounds/{number}.yaml")
        assert link.inner_text() == "Popraw ten wynik"
        link.scroll_into_view_if_needed()
        box = link.bounding_box()
        assert link.is_visible() and box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert float(link.evaluate("a => getComputedStyle(a).fontSize").rstrip("px")) < float(
            page.locator("h1").evaluate("h => getComputedStyle(h.ownerDocument.body).fontSize").rstrip("px"))
        width, viewport = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width <= viewport, f"{kind} page is {width}px wide at a {viewport}px viewport"
    finally:
        page.close()


def test_game_lines_label_margin_and_time_penalty_and_tables_list_places_in_order(base_url, phone):
    """Issue 18, game detail. Tantrix Grand Prix round 1, table 1, game 2: 22 : 26 on the board, a
    margin of 4; Weronika Sikora's clock 15:13 is over 15:00, so she loses 1 TP (§9b) — said in
    words beside the TP. Micromutants extreme round 7, a free-for-all table: listed 1st to 4th,
    not in seat order (Giulia Romanò, seat A, finished 4th)."""
    phone.goto(base_url + PAGES["tantrix round"])
    game = phone.locator(".table-card").first.locator(".games li").nth(1).inner_text()
    assert "22 : 26 (różnica 4)" in game and "Weronika Sikora traci 1 PT za czas" in game  # the demo is in Polish
    phone.goto(base_url + PAGES["free-for-all round"])
    places = phone.locator(".table-card").first.locator(".seat .place").all_inner_texts()
    assert places == ["1.", "2.", "3.", "4."]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_index_of_all_events_is_by_season_with_rules_size_and_winner(base_url, phone):
    """Issue 18: the list of all events was by year, without the rules. It is by season, the newest
    season first (Conquest's last event, 14 October 2023, is the newest of a season), each line with
    its date, the ruleset's name, the number of players and the winner; it fits 360 px."""
    phone.goto(base_url + "events/")
    titles = phone.locator("main section h2").all_inner_texts()
    assert titles[0] == "Warhammer 40,000: Conquest — sezon 2023" and len(titles) == 7  # six seasons, and the events of no season
    first = phone.locator("main section").first.locator("li").first.inner_text()
    assert "Warhammer 40,000 Conquest — FFG Organized Play" in first and "14 graczy" in first and "Grzegorz Sęk" in first
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_round_pages_link_their_neighbours_and_show_the_standings_after_them(base_url, phone):
    """Issue 18: round 3 of Kraków links round 2 (rel=prev) and round 4 (rel=next) and shows the
    Swiss standings as they stood after it."""
    phone.goto(base_url + PAGES["round"])
    assert phone.locator('a[rel="prev"]').inner_text() == "← Runda 2"
    assert phone.locator('a[rel="next"]').inner_text() == "Runda 4 →"
    assert phone.get_by_role("heading", name="Klasyfikacja po rundzie 3").is_visible()


@pytest.mark.parametrize("kind", ["home", "event", "round", "knockout round", "rated player", "season", "drawn bracket"])
def test_public_pages_speak_no_jargon(base_url, phone, kind):
    """Issue 18: no file names, YAML keys or commands on the pages players read (the guide and the
    about page, for organizers, may name them)."""
    phone.goto(base_url + PAGES[kind])
    text = phone.locator("body").inner_text()
    assert not re.search(r"\.yaml|manual_order|podium (verify|pair|check|build)|drawn_from|\bjoins:", text)


def test_counts_take_the_languages_plural_forms(base_url, phone):
    """Issue 18: Polish has three forms: 24 gracze (Kraków), 14 graczy (Poznań), 22 gracze."""
    phone.goto(base_url + "events/")
    lines = phone.locator("main li").all_inner_texts()
    assert any("Kraków" in line and "24 gracze" in line for line in lines)
    assert any("Regional Championship — Poznań" in line and "14 graczy" in line for line in lines)


def test_a_2v2_partner_is_shown_as_a_partner(base_url, phone):
    """Issue 18: on a 2 vs 2 round the pairs face each other across a 'v'; on a player's page the
    partner is 'in a pair with', never among the opponents."""
    phone.goto(base_url + PAGES["2 v 2 round"])
    card = phone.locator(".table-card").first
    assert card.locator(".versus").count() == 1 and card.locator(".seat").count() == 4
    phone.goto(base_url + "players/niccolo-bianchi/")
    row = phone.locator("tr", has_text="w parze z").first
    partner = row.locator(".meta a").inner_text()
    opponents = [name for name in row.locator("td").nth(1).locator("a").all_inner_texts() if name != partner]
    assert partner and partner not in opponents and len(opponents) == 2


@pytest.mark.parametrize("kind", ["event", "round", "season"])
def test_pages_are_complete_with_javascript_off(base_url, browser, kind):
    """Issue 18: search is the only enhancement. With JavaScript off the standings, the tables and
    the leaderboard are all there, and the page still fits 360 px."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    page = context.new_page()
    page.goto(base_url + PAGES[kind])
    shown = page.locator(".standings tbody tr, .table-card").count()
    width = page.evaluate("document.documentElement.scrollWidth")
    context.close()
    assert shown > 5 and width <= 360
