"""The built site: complete, deterministic, atomic, escaped, with relative links."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from play import strength_results


def _digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def site_tree(tree, cli):
    tree.write("seasons/s2023.yaml", {"name": "Season 2023", "qualification": "invitations",
                                       "points": {1: 25, 2: 18, 3: 15, 4: 12},
                                       "wildcards": [{"player": "p05", "reason": "best Dancer player"}]})
    tree.event("e1", 12, season="s2023", description="**Entry** 20 zł <script>alert(1)</script> [x](javascript:alert(1))")
    for number in range(1, 7):
        cli("pair", "e1")
        strength_results(tree, "e1", number)
    return tree


def test_build_writes_every_page_kind(site_tree, cli):
    assert "built" in cli("build").output
    site = site_tree.root / "site"
    for page in ["index.html", "404.html", "sitemap.xml", ".nojekyll", "seasons/s2023/index.html",
                 "seasons/s2023/leaderboard.json", "events/e1/index.html", "events/e1/standings.json",
                 "events/e1/rounds/1/index.html", "events/e1/rounds/6/index.html", "players/p01/index.html"]:
        assert (site / page).is_file(), page


def test_two_builds_are_byte_identical(site_tree, cli, tmp_path):
    cli("build", "--out", tmp_path / "a")
    cli("build", "--out", tmp_path / "b")
    assert _digest(tmp_path / "a") == _digest(tmp_path / "b")


def test_failed_build_leaves_previous_site(site_tree, cli):
    cli("build")
    before = _digest(site_tree.root / "site")
    site_tree.write("events/e1/registrations.yaml", "- name: [broken\n")
    result = cli("build", expect=1)
    assert "registrations.yaml:1: YAML syntax" in result.output
    assert result.output.strip().endswith("1 problem found.")
    assert _digest(site_tree.root / "site") == before
    assert not [p for p in site_tree.root.iterdir() if p.name.startswith(".site-")]


def test_markdown_and_names_are_escaped(site_tree, cli):
    site_tree.write("events/e1/event.yaml", site_tree.content.joinpath("events/e1/event.yaml").read_text()
                    .replace("name: Event e1", "name: <img src=x onerror=alert(1)>"))
    cli("build")
    html = (site_tree.root / "site/events/e1/index.html").read_text()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert 'href="javascript:' not in html
    assert "<strong>Entry</strong>" in html


def test_links_are_relative_and_resolve(site_tree, cli):
    cli("build")
    site = site_tree.root / "site"
    for page in site.rglob("*.html"):
        for href in re.findall(r'(?:href|src)="([^"#]+)"', page.read_text()):
            if href.startswith(("http:", "https:", "mailto:")):
                continue
            if page.name == "404.html":  # served at any address: its links start at the host's root
                assert href.startswith("/"), (page, href)
                target = (site / href.lstrip("/")).resolve()
            else:
                assert not href.startswith("/"), (page, href)
                target = (page.parent / href).resolve()
            assert (target / "index.html").is_file() or target.is_file(), (page, href)


def test_standings_json_follows_the_contract(site_tree, cli):
    cli("build")
    data = json.loads((site_tree.root / "site/events/e1/standings.json").read_text())
    assert {"event", "ruleset", "players", "qualifier", "complete", "standings", "stages"} <= set(data)
    assert data["players"] == 12 and data["complete"] is True and data["qualifier"] is True
    row = data["standings"][0]
    assert {"rank", "player", "name", "points", "tiebreaks", "status"} <= set(row)
    assert row["player"] == "p01" and "hq_diff" in row["tiebreaks"]
    knockout = data["stages"][1]
    assert knockout["id"] == "top4" and knockout["matches"][0]["seeds"] == [1, 4]


def test_season_invitations_and_wildcard(site_tree, cli):
    cli("build")
    board = json.loads((site_tree.root / "site/seasons/s2023/leaderboard.json").read_text())
    assert board["invitations"] == [
        {"player": "p01", "event": "e1", "via": "winner", "reason": "", "passed_over": []},
        {"player": "p05", "event": None, "via": "wildcard", "reason": "best Dancer player", "passed_over": []}]
    assert board["leaderboard"][0] == {"rank": 1, "player": "p01", "name": "Player 01", "points": 25, "events": 1,
                                       "points_by_event": {"e1": 25}}


def test_base_url_makes_absolute_sitemap(site_tree, cli):
    cli("build", "--base-url", "https://example.org/club/")
    sitemap = (site_tree.root / "site/sitemap.xml").read_text()
    assert "<loc>https://example.org/club/events/e1/</loc>" in sitemap
    assert "offline/" not in sitemap and "404" not in sitemap  # pages a phone is sent to, not looked for


def test_symlink_out_of_content_is_refused(tree, cli, tmp_path):
    secret = tmp_path / "secret.md"
    secret.write_text("---\ntitle: Secret\n---\ntop secret\n")
    tree.event("e1", 8)
    (tree.content / "pages").mkdir()
    (tree.content / "pages" / "leak.md").symlink_to(secret)
    result = cli("build", expect=1)
    assert "content/pages/leak.md: is a symbolic link to a place outside the content folder" in result.output
    assert not (tree.root / "site").exists()


def test_atom_feed_lists_events_with_their_podium(site_tree, cli):
    import xml.etree.ElementTree as ET

    cli("build", "--base-url", "https://example.org/club")
    feed = ET.parse(site_tree.root / "site/feed.xml").getroot()
    ns = {"a": "http://www.w3.org/2005/Atom"}
    entries = feed.findall("a:entry", ns)
    assert [e.find("a:title", ns).text for e in entries] == ["Event e1"]
    assert entries[0].find("a:link", ns).get("href") == "https://example.org/club/events/e1/"
    assert entries[0].find("a:summary", ns).text.startswith("12 players. 1. Player 01, 2. ")


def test_printed_round_has_a_qr_code_to_the_live_page(site_tree, cli):
    cli("build", "--base-url", "https://example.org/club")
    html = (site_tree.root / "site/events/e1/rounds/2/index.html").read_text(encoding="utf-8")
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html and 'class="qr"' in html
    assert "https://example.org/club/events/e1/rounds/2/" in html
    cli("build")
    assert "<svg" not in (site_tree.root / "site/events/e1/rounds/2/index.html").read_text(encoding="utf-8")


def test_round_page_marks_each_tables_winner(site_tree, cli):
    cli("build")
    html = (site_tree.root / "site/events/e1/rounds/1/index.html").read_text(encoding="utf-8")
    tables = html.count('class="table-card')
    assert html.count('class="seat won"') == tables  # strength_results: every game has a winner, no byes


def test_a_2v2_players_page_names_the_partner_apart_from_the_opponents(demo_site):
    """Micromutants extreme, round 1 of the demo: Niccolò Bianchi and Gianluca Mancò against
    Beatrice Ferrè and Giulia Romanò."""
    html = (demo_site / "players/niccolo-bianchi/index.html").read_text()
    games = html[html.index("<tbody>", html.index("estremo")):]
    first = re.sub(r"<[^>]+>", " ", games[games.index("<tr>"):games.index("</tr>")])
    assert " ".join(first.split()) == "1 Beatrice Ferrè , Giulia Romanò w parze z Gianluca Mancò wygrana 0"


def test_a_2v2_rounds_list_by_name_names_the_partner_apart_from_the_opponents(demo_site):
    """The same table in the round's find-your-table list: it called the partner an opponent."""
    html = (demo_site / "events/2023-10-micromutants-estremo/rounds/1/index.html").read_text()
    lines = [" ".join(re.sub(r"<[^>]+>", " ", line).split()) for line in re.findall(r"<li data-names[^>]*>(.*?)</li>", html)]
    assert "Niccolò Bianchi — stół 1, w parze z Gianluca Mancò, przeciwnicy: Beatrice Ferrè, Giulia Romanò" in lines
    ffa = (demo_site / "events/2023-10-micromutants-estremo/rounds/7/index.html").read_text()  # every player alone
    assert "w parze z" not in ffa and "przeciwnik: " in ffa


def test_round_pages_link_the_rounds_before_and_after(demo_site):
    rounds = demo_site / "events/2023-04-krakow/rounds"

    def neighbours(number: int) -> list[tuple[str, str]]:
        html = (rounds / str(number) / "index.html").read_text()
        return re.findall(r'<a rel="(prev|next)" href="[./]*events/2023-04-krakow/rounds/(\d+)/">', html)

    last = len(list(rounds.iterdir()))
    assert neighbours(1) == [("next", "2")]
    assert neighbours(3) == [("prev", "2"), ("next", "4")]
    assert neighbours(last) == [("prev", str(last - 1))]


def test_the_404_page_of_a_project_site_links_from_the_sites_own_path(tmp_path):
    """GitHub Pages serves 404.html for https://user.github.io/repo/no/such/page: relative links
    would point into /repo/no/such/; they start at /repo/ instead."""
    from podium.run.builder import build_site

    build_site(Path(__file__).resolve().parent.parent / "content", tmp_path / "site",
               base_url="https://user.github.io/repo")
    html = (tmp_path / "site/404.html").read_text()
    assert '<link rel="stylesheet" href="/repo/static/style.css">' in html
    assert '<a class="brand" href="/repo/">' in html
    assert "../" not in html
    event = (tmp_path / "site/events/2023-04-krakow/index.html").read_text()
    assert 'href="../../static/style.css"' in event  # every other page stays relative: it works anywhere


def test_the_404_page_without_a_base_url_links_from_the_hosts_root(demo_site):
    """Served at /no/such/page/ (podium serve, serve --lan, a custom domain), relative links
    would point into /no/such/page/; without a base URL they start at the host's root."""
    html = (demo_site / "404.html").read_text()
    assert '<link rel="stylesheet" href="/static/style.css">' in html
    assert '<a class="brand" href="/">' in html
    assert sorted(set(re.findall(r'(?:href|src)="([^"]*)"', html))) == [
        "/", "/about-results/", "/feed.xml", "/site.webmanifest", "/static/apple-touch-icon.png", "/static/favicon.svg",
        "/static/me.js", "/static/offline.js", "/static/style.css"]


def test_public_pages_name_no_file_yaml_key_or_command(demo_site):
    """Players read the site; files, keys and commands are the organizer's (issue 18). The
    organizer's own Markdown pages (the guide teaches the commands) are theirs to word, and
    "About these results" tells whoever checks a draw the command that does it (issue 33)."""
    leaks = re.compile(r"\.yaml\b|manual_order|playoffs:|podium (?:verify|pair|check|build)")
    for page in sorted(demo_site.rglob("*.html")):
        if page.parent.parent.name == "pages" or page.parent.name == "about-results":
            continue
        found = leaks.search(re.sub(r"<[^>]+>", " ", page.read_text()))
        assert not found, f"{page.relative_to(demo_site)}: {found.group()}"


def test_a_season_page_says_how_its_points_are_earned(demo_site):
    html = (demo_site / "seasons/carcassonne-2023/index.html").read_text()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert ("Jak zdobywa się punkty sezonu Każdy zakończony turniej sezonu daje punkty za miejsce w klasyfikacji "
            "końcowej: miejsce 1: 10 punktów miejsce 2: 7 punktów miejsce 3: 5 punktów miejsce 4: 3 punkty") in text


def test_every_event_is_listed_by_season_and_linked_from_home(demo_site):
    from podium.run.archive import load_archive

    content = Path(__file__).resolve().parent.parent / "content"
    listing = (demo_site / "events/index.html").read_text()
    events = load_archive(content).events
    assert len(events) > 10  # more than the home page's latest ten
    for event_id in events:
        assert f'href="../events/{event_id}/">' in listing, event_id
    seasons = re.findall(r'<h2><a href="../seasons/([^/]+)/">', listing)
    assert len(seasons) == 6 and seasons.index("tantrix-2023") < seasons.index("tantrix-2022")  # newest first
    home = (demo_site / "index.html").read_text()
    assert f'<a href="events/">Wszystkie turnieje ({len(events)})</a>' in home


def test_a_swiss_round_page_shows_the_standings_after_that_round(tree, cli):
    """FFG (a win 5 points): four players, the lower id wins every game. After round 1 two
    players have 5 and two 0; after round 2 one has 10, two 5 and one 0."""
    tree.event("e1", 4, ruleset="ffg-conquest")
    for number in (1, 2):
        cli("pair", "e1")
        data = tree.read_round("e1", number)
        for pairing in data["pairings"]:
            pairing["winner"] = min(pairing["players"])
        tree.save_round("e1", number, data)
    cli("build")

    def points_after(number: int) -> list[int]:
        html = (tree.root / f"site/events/e1/rounds/{number}/index.html").read_text()
        table = html[html.index(f"<h2>Standings after round {number}</h2>"):]
        rows = re.findall(r'<td class="num">=?\d+</td>\s*<td class="name">.*?</td>\s*<td class="num pts">(\d+)</td>',
                          table, re.S)
        return [int(p) for p in rows]

    assert points_after(1) == [5, 5, 0, 0]
    assert points_after(2) == [10, 5, 5, 0]


def test_a_pending_result_is_marked_pending_on_the_round_page(tree, cli):
    tree.event("e1", 4, ruleset="ffg-conquest")
    cli("pair", "e1")
    data = tree.read_round("e1", 1)
    data["pairings"][0]["winner"] = min(data["pairings"][0]["players"])  # table 1 in, table 2 still out
    tree.save_round("e1", 1, data)
    cli("build")
    html = (tree.root / "site/events/e1/rounds/1/index.html").read_text()
    assert html.count('<span class="tag">result pending</span>') == 1
    # the standings under it count the results in so far: not yet "after round 1"
    assert "<h2>Standings so far, round 1 in play</h2>" in html and "Standings after round 1" not in html


def test_the_leader_is_within_the_first_screen_of_an_event_page(demo_site):
    """At 360×740 a player sees the leader without scrolling (issue 18: the standings began
    about 940 px down). Measured in Chromium by tests/test_browser.py; here the order of the page."""
    html = (demo_site / "events/2023-04-krakow/index.html").read_text()
    assert html.index('class="standings') < html.index('id="about"') < html.index('id="tiebreakers"')
    assert 'class="bracket"' not in html and 'href="../../events/2023-04-krakow/bracket/"' in html


def test_a_group_round_page_shows_each_groups_standings_after_that_round(demo_site):
    """The demo's Tantrix Grand Prix: two round-robin groups; round 1's page shows both groups'
    tables as they stood after round 1."""
    html = (demo_site / "events/2023-03-tantrix-grand-prix/rounds/1/index.html").read_text()
    after = html[html.index('<section class="after-round">'):]
    assert "<h3>Grupa A</h3>" in after and "<h3>Grupa B</h3>" in after
    assert after.count('<table class="standings') == 2
    tables = html[:html.index('<section class="after-round">')]
    assert "Grupa A</div>" in tables and "Grupa B</div>" in tables  # each table says its group when there are two


def test_the_by_name_list_gives_a_tantrix_players_colour(demo_site):
    """Tantrix §5: where players stated colours, the list by name says each one's colour in game 1."""
    html = (demo_site / "events/2022-11-tantrix-liga/rounds/1/index.html").read_text()
    by_name = html[html.index('<section class="by-name">'):]
    assert re.search(r"stół \d+, przeciwnik: [^<]+ · gra 1: (czerwony|żółty|zielony|niebieski)<", by_name), by_name[:600]


def test_a_players_stated_colours_are_said_in_the_sites_language_and_an_organizers_own_word_as_written(demo_site):
    """The demo's Tantrix league is a Polish site: its round pages said "gra 1: red" and "Kolory:
    gra 1 red / własny wybór". The four tile colours are words of the catalogues; a colour an
    organizer wrote in his own words is shown as he wrote it."""
    html = (demo_site / "events/2022-11-tantrix-liga/rounds/1/index.html").read_text()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert not re.search(r"\b(red|yellow|green|blue)\b", text)
    assert re.search(r"Kolory: gra 1 (czerwony|żółty|zielony|niebieski|własny wybór) / ", text)
    from podium.site import labels

    assert labels.colour_said("Red") == {"text": "red", "args": {}} and labels.colour_said("turkusowy") == "turkusowy"


def test_a_passed_down_invitation_names_whom_it_passed_over_and_why(tree, cli):
    """Issue 15: the season page said 'the players above already held an invitation' of a
    winner who had withdrawn; it names each player passed over and why."""
    from play import strength_results

    tree.write("seasons/s.yaml", "name: S\nqualification: invitations\n")
    tree.event("e1", 8, season="s")
    for number in range(1, 5):
        cli("pair", "e1")
        data = strength_results(tree, "e1", number)
        if number == 4:
            data["drops"] = ["p01"]  # the winner of the Swiss leaves before the finals
            tree.save_round("e1", number, data)
    cli("build")
    page = (tree.root / "site/seasons/s/index.html").read_text(encoding="utf-8")
    assert "passed over:" in page and "(withdrew)" in page and "already held" not in page
    board = json.loads((tree.root / "site/seasons/s/leaderboard.json").read_text(encoding="utf-8"))
    assert board["invitations"][0]["passed_over"] == [{"player": "p01", "why": "dropped"}]
    assert board["invitations"][0]["reason"] == "passed over: p01 withdrew"


PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")  # 1×1


def test_a_pages_pictures_are_published_beside_it_and_shown_from_any_depth(tree, cli):
    """A guide page shows screenshots: pictures kept in content/pages/images/, published under
    pages/images/ and shown from the page's own address (with or without a base URL)."""
    tree.event("e1", 8)
    tree.write("pages/guide.md", "---\ntitle: Guide\n---\nThe desk:\n\n![The desk at 1280 px](images/desk.png)\n"
                                 "\n![A logo elsewhere](https://example.org/logo.png)\n")
    (tree.content / "pages" / "images").mkdir()
    (tree.content / "pages" / "images" / "desk.png").write_bytes(PNG)
    cli("build")
    assert (tree.root / "site/pages/images/desk.png").read_bytes() == PNG
    page = (tree.root / "site/pages/guide/index.html").read_text(encoding="utf-8")
    assert '<img src="../../pages/images/desk.png" alt="The desk at 1280 px" loading="lazy"' in page
    assert '<img src="https://example.org/logo.png" alt="A logo elsewhere"' in page


@pytest.mark.parametrize("src, said", [
    ("images/missing.png", "the image 'images/missing.png' is not in content/pages/images; add the file or fix the name"),
    ("images/Desk.png", "the image 'images/Desk.png' is not in content/pages/images; add the file or fix the name"),
    ("../secret.png", "the image '../secret.png' is not in pages/images/; put the picture there"),
    ("images/desk.svg", "the image 'images/desk.svg' is not a picture a page shows (.png, .jpg, .jpeg, .webp, .gif)"),
    ("images/link.png", "the image 'images/link.png' is a link or not a file; put the picture itself in pages/images/"),
])
def test_a_pages_picture_that_is_not_a_picture_file_of_the_content_is_refused_at_its_line(tree, cli, src, said):
    tree.event("e1", 8)
    tree.write("pages/guide.md", f"---\ntitle: Guide\n---\nThe desk:\n\n![The desk]({src})\n")
    (tree.content / "pages" / "images").mkdir()
    (tree.content / "pages" / "images" / "desk.png").write_bytes(PNG)
    (tree.content / "pages" / "images" / "desk.svg").write_text("<svg/>")
    (tree.content / "pages" / "images" / "link.png").symlink_to(tree.content / "pages" / "images" / "desk.png")
    result = cli("build", expect=1)
    assert f"content/pages/guide.md:6: {said}" in result.output
    assert not (tree.root / "site").exists()


def test_the_seasons_have_an_index_page_the_home_page_leads_to(tmp_path):
    """Issue 35: /seasons/ was a 404; it lists every season, the newest first, with its events."""
    import subprocess
    import sys

    out = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "podium", "build", "--out", str(out)], cwd=Path(__file__).parent.parent,
                   check=True, capture_output=True)
    page = (out / "seasons/index.html").read_text(encoding="utf-8")
    assert "<h1>Sezony</h1>" in page and page.count('<li><a href="') >= 2
    assert '<h2><a href="seasons/">Sezony</a></h2>' in (out / "index.html").read_text(encoding="utf-8")
