"""Offline at the venue (issue 18): a web app manifest and a service worker at the site's root keep
the pages a player opened readable without a network, and say when there are new results."""
from __future__ import annotations

import http.server
import json
import re
import shutil
import threading
import time
from pathlib import Path

import pytest

from podium.run.builder import build_site

ROOT = Path(__file__).resolve().parent.parent
PROJECT = "https://user.github.io/repo"
EVENT = "events/2023-04-krakow/"


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """The demo built twice, under a project path."""
    outs = [tmp_path_factory.mktemp("offline") / "site" for _ in range(2)]
    for out in outs:
        build_site(ROOT / "content", out, base_url=PROJECT)
    return outs


def test_the_manifest_names_the_site_and_starts_at_its_root(sites):
    manifest = json.loads((sites[0] / "site.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Podium — wyniki turniejów"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("./", "./", "standalone")
    assert manifest["theme_color"] == "#1b1f24"  # style.css's --fg: the header bar
    # the SVG, and PNGs of 192 and 512 px for launchers that read no SVG (issue 33)
    assert manifest["icons"] == [{"src": "static/favicon.svg", "sizes": "any", "type": "image/svg+xml"},
                                 {"src": "static/icon-192.png", "sizes": "192x192", "type": "image/png"},
                                 {"src": "static/icon-512.png", "sizes": "512x512", "type": "image/png"}]
    for icon, size in (("icon-192.png", 192), ("icon-512.png", 512), ("apple-touch-icon.png", 180)):
        png = (sites[0] / "static" / icon).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == size
    home = (sites[0] / "index.html").read_text(encoding="utf-8")
    assert '<link rel="apple-touch-icon" href="static/apple-touch-icon.png">' in home


def test_the_worker_is_at_the_root_and_keeps_the_static_files(sites):
    worker = (sites[0] / "sw.js").read_text(encoding="utf-8")
    assert 'addEventListener("fetch"' in worker and 'addEventListener("install"' in worker
    assets = json.loads(re.search(r"var ASSETS = (\[.*?\]);", worker).group(1))
    assert assets == sorted(f"static/{p.name}" for p in (sites[0] / "static").iterdir())
    assert re.search(r'var VERSION = "[0-9a-f]{16}";', worker)


def test_every_page_links_the_manifest_and_the_worker_from_its_own_place(sites):
    pages = sorted(sites[0].rglob("*.html"))
    assert len(pages) > 100
    for page in pages:
        url = page.relative_to(sites[0]).as_posix()
        up = "/repo/" if url == "404.html" else "../" * url.count("/")
        html = page.read_text(encoding="utf-8")
        assert f'<link rel="manifest" href="{up}site.webmanifest">' in html, url
        assert f'<script src="{up}static/offline.js" data-worker="{up}sw.js" defer></script>' in html, url
        assert '<p class="fresh" id="fresh" role="status" hidden><a>' in html, url


def test_the_same_content_makes_the_same_manifest_and_worker(sites, tmp_path):
    for name in ("site.webmanifest", "sw.js"):
        assert (sites[0] / name).read_bytes() == (sites[1] / name).read_bytes()
    # a new stylesheet makes a new worker, so phones replace the old one
    theme = tmp_path / "content"
    shutil.copytree(ROOT / "content", theme)
    (theme / "theme" / "static").mkdir(parents=True, exist_ok=True)
    (theme / "theme" / "static" / "club.css").write_text(":root { --fg: #2b1d0e; }\n", encoding="utf-8")
    site_yaml = theme / "site.yaml"
    site_yaml.write_text(site_yaml.read_text(encoding="utf-8") + "theme_dir: theme\n", encoding="utf-8")
    build_site(theme, tmp_path / "site", base_url=PROJECT)
    assert (tmp_path / "site" / "sw.js").read_bytes() != (sites[0] / "sw.js").read_bytes()
    assert json.loads((tmp_path / "site" / "site.webmanifest").read_text(encoding="utf-8"))["theme_color"] == "#2b1d0e"


@pytest.fixture(scope="module")
def built_demo(tmp_path_factory) -> Path:
    """The demo built once for this module's browser tests; each works on a copy of its own."""
    out = tmp_path_factory.mktemp("offline-demo") / "site"
    build_site(ROOT / "content", out)
    return out


def _copy_of(built: Path, tmp_path: Path) -> Path:
    root = tmp_path / "site"
    shutil.copytree(built, root, symlinks=True)
    return root


class Venue:
    """The site served on 127.0.0.1 (a secure origin for service workers) by a server whose
    network can be cut: while ``down``, every connection is closed unanswered."""

    def __init__(self, root: Path):
        self.down = threading.Event()
        self.asked: list[str] = []  # every path a browser asked for
        self.failing: set[str] = set()  # paths answered 503 (the venue's Wi-Fi dropping that request)
        venue = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(root), **kwargs)

            def handle(self):
                if not venue.down.is_set():
                    super().handle()

            def do_GET(self):
                venue.asked.append(self.path)
                if self.path in venue.failing:
                    self.send_error(503)
                    return
                super().do_GET()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"


@pytest.mark.parametrize("answers_after", [0, 1.5], ids=["network-at-once", "network-a-moment-later"])
def test_an_event_page_opened_once_reads_offline_and_says_when_results_are_new(tmp_path, answers_after, browser,
                                                                            built_demo):
    """A phone says it is online before its network answers (``answers_after`` seconds later):
    the page asks again until it does, instead of taking the worker's kept copy for the news."""
    root = _copy_of(built_demo, tmp_path)
    venue = Venue(root)
    context = browser.new_context(viewport={"width": 360, "height": 740})
    phone = context.new_page()
    phone.goto(venue.url + EVENT)
    phone.wait_for_function("!!navigator.serviceWorker.controller")  # active, and claimed the page
    kept = ("caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.match(location.href)))))"
            ".then(found => found.some(Boolean))")
    for attempt in range(3):  # now through the worker, which keeps the page (a reload now and then goes uncached)
        phone.reload()
        if phone.evaluate(f"new Promise(done => setTimeout(() => {kept}.then(done), 300))"):
            break
    assert phone.evaluate(kept), "the worker kept the event page"
    leader = phone.locator("table.standings .name").first.inner_text()

    venue.down.set()
    context.set_offline(True)
    phone.goto(venue.url + EVENT)
    assert phone.locator("table.standings").first.is_visible()
    assert phone.locator("table.standings .name").first.inner_text() == leader
    assert phone.locator("link[rel=stylesheet]").evaluate("l => l.sheet.cssRules.length") > 0  # styled, too
    assert phone.locator("#fresh").is_hidden()

    page = root / EVENT / "index.html"  # a round's results published while the phone was offline
    page.write_text(page.read_text(encoding="utf-8").replace(leader, "Nowy Lider", 1), encoding="utf-8")
    context.set_offline(False)
    time.sleep(answers_after)
    venue.down.clear()
    notice = phone.locator("#fresh")
    notice.wait_for(state="visible")
    assert notice.inner_text() == "Nowe wyniki od otwarcia tej strony — odśwież"
    box = notice.bounding_box()
    assert box["width"] <= 360 and box["y"] + box["height"] <= 740  # in sight at the foot of the screen
    notice.locator("a").click()
    phone.wait_for_load_state()
    assert "Nowy Lider" in phone.locator("table.standings").first.inner_text()
    context.close()
    venue.server.shutdown()


def test_an_index_page_asks_the_worker_to_keep_nothing_it_links(tmp_path, browser, built_demo):
    """The event page asks the worker to keep its rounds and bracket for reading offline. The
    index of players linked a page of every player: a phone that opened it fetched them all (the
    national archive has 1,500) over the venue's Wi-Fi. Only links marked to keep are kept."""
    root = _copy_of(built_demo, tmp_path)
    venue = Venue(root)
    context = browser.new_context(viewport={"width": 360, "height": 740})
    phone = context.new_page()
    phone.goto(venue.url + "players/")
    phone.wait_for_function("!!navigator.serviceWorker.controller")
    phone.reload()
    phone.goto(venue.url + EVENT)
    # what it waits for, not how long: the worker keeps pages in the order it is asked, so
    # once the event page's are in, anything the players' index had asked for would be too
    deadline = time.monotonic() + 60  # a hang guard
    while not {"/" + EVENT + "rounds/3/", "/" + EVENT + "bracket/"} <= set(venue.asked):
        assert time.monotonic() < deadline, f"the event page's rounds were never kept: {venue.asked}"
        time.sleep(0.05)
    assert not [path for path in venue.asked if path.startswith("/players/") and path != "/players/"]
    context.close()
    venue.server.shutdown()



def _kept_text(phone, url: str) -> str:
    """What the worker keeps for ``url`` (its pages' cache), "" if nothing."""
    return phone.evaluate("""url => caches.keys().then(names => Promise.all(names.filter(n => n.startsWith("podium pages"))
        .map(n => caches.open(n).then(c => c.match(url))))).then(found => { const r = found.find(Boolean);
        return r ? r.text() : ""; })""", url)


def _published_correction(page: Path) -> None:
    """A correction published: the page's results fingerprint and its text change."""
    html = page.read_text(encoding="utf-8")
    html = re.sub(r'<meta name="podium-results" content="([^ "]+) [^"]*">', r'<meta name="podium-results" content="\1 corrected">', html)
    page.write_text(html.replace("<main>", "<main><p>Poprawiony wynik</p>", 1), encoding="utf-8")


def test_an_event_opened_online_refreshes_its_kept_rounds_and_an_old_copy_says_so_offline(tmp_path, browser, built_demo):
    """A phone kept the event's rounds. A correction is published; opened online again, the
    event page has the worker fetch every kept round anew. A round the network did not give
    then keeps its old copy, and offline it says it is older than the newest results seen."""
    root = _copy_of(built_demo, tmp_path)
    venue = Venue(root)
    round_2, round_3 = venue.url + EVENT + "rounds/2/", venue.url + EVENT + "rounds/3/"
    deadline = time.monotonic() + 60  # a hang guard: each wait is for what it waits for
    context = browser.new_context(viewport={"width": 360, "height": 740})
    phone = context.new_page()
    phone.goto(venue.url + EVENT)
    phone.wait_for_function("!!navigator.serviceWorker.controller")
    phone.reload()
    while not (_kept_text(phone, round_2) and _kept_text(phone, round_3)):
        assert time.monotonic() < deadline, "the event's rounds were never kept"
        time.sleep(0.05)
    phone.goto(venue.url + EVENT.rstrip("/"))  # a folder asked for without its slash: the server's redirect
    assert phone.url == venue.url + EVENT and phone.locator("table.standings").first.is_visible()
    for page in (root / EVENT).rglob("index.html"):  # every page of the event carries its results' fingerprint
        _published_correction(page)
    venue.failing.add("/" + EVENT + "rounds/2/")
    phone.goto(venue.url + EVENT)  # online: every kept round asked for again
    while "Poprawiony wynik" not in _kept_text(phone, round_3):
        assert time.monotonic() < deadline, "round 3 was not fetched again"
        time.sleep(0.05)
    assert "Poprawiony wynik" not in _kept_text(phone, round_2)  # the network failed it: the old copy stays

    venue.down.set()
    context.set_offline(True)
    phone.goto(round_3)
    assert "Poprawiony wynik" in phone.locator("main").inner_text()
    phone.wait_for_function("document.readyState === 'complete'")
    assert phone.locator("#stale").is_hidden()
    phone.goto(round_2)
    stale = phone.locator("#stale")
    stale.wait_for(state="visible")
    assert stale.inner_text() == ("Ta kopia została zachowana przed najnowszymi wynikami, które ten telefon już "
                                  "widział: odśwież, gdy będziesz online")
    context.close()
    venue.server.shutdown()


def test_offline_a_page_never_opened_lists_what_is_kept_and_a_kept_page_says_when_it_was_saved(tmp_path, browser,
                                                                                             built_demo):
    """Offline at the venue (issue 33): a page the phone never opened gave the browser's own
    error; it now gives the offline page, which lists the pages kept on this phone by title. A
    kept page read offline says that it is the copy saved at HH:MM."""
    root = _copy_of(built_demo, tmp_path)
    venue = Venue(root)
    context = browser.new_context(viewport={"width": 360, "height": 740})
    phone = context.new_page()
    phone.goto(venue.url + EVENT)
    phone.wait_for_function("!!navigator.serviceWorker.controller")
    phone.reload()  # through the worker, which keeps it
    phone.wait_for_function("caches.open('podium pages ' + location.origin + '/').then(c => c.match(location.href))"
                            ".then(Boolean)")
    assert phone.locator("#kept").is_hidden()  # online: the network's page, nothing to say
    venue.down.set()  # the venue's network gone
    phone.goto(venue.url + "players/zofia-krol/")  # never opened
    phone.wait_for_url("**/offline/")
    assert phone.locator("h1").inner_text() == "Jesteś offline"
    kept = phone.locator("#kept-pages a")
    kept.first.wait_for()  # the event page, and the rounds and bracket it asked the worker to keep
    event = kept.filter(has_text=re.compile("^Turniej eliminacyjny — Kraków"))
    assert event.count() == 1 and kept.count() > 1
    event.click()
    phone.wait_for_url("**/" + EVENT)
    said = phone.locator("#kept")
    said.wait_for()
    assert re.fullmatch(r"Zapisano na tym telefonie o \d\d:\d\d: jesteś offline, to kopia z tamtej chwili\.",
                        said.inner_text()), said.inner_text()
    context.close()
