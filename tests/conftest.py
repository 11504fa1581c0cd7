"""Shared fixtures: small content trees written into tmp_path, and a CLI runner."""
from __future__ import annotations

import contextlib
import datetime
import functools
import http.server
import os
import shutil
import tempfile
import threading
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from podium.run.builder import build_site
from podium.commands.cli import main

# The suite's caches go to a folder of this process's own, never the user's (~/.cache/podium);
# commands the tests start inherit it.
_CACHE = tempfile.TemporaryDirectory(prefix="podium-test-cache-")
os.environ["PODIUM_CACHE_DIR"] = _CACHE.name
_DATA = tempfile.TemporaryDirectory(prefix="podium-test-data-")  # the report keys and logs, likewise
os.environ["PODIUM_DATA_DIR"] = _DATA.name

ARMIES = ["Bestie", "Borgo", "Dancer", "Death Breath", "Hegemonia", "Iron Gang", "Mephisto", "Missisipi", "Moloch",
          "Neodżungla", "Nowy Jork", "Piraci", "Posterunek", "Sandrunners", "Sharrash", "Smart", "Stalowa Policja",
          "Troglodyci", "Uranopolis", "Vegas"]


class Tree:
    """A content tree in a temporary folder, with helpers to write its files."""

    def __init__(self, root: Path):
        self.root = root
        self.content = root / "content"
        self.write("site.yaml", {"title": "Test site", "language": "en"})

    def write(self, relative: str, data) -> Path:
        path = self.content / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        text = data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
        path.write_text(text, encoding="utf-8")
        return path

    def event(self, event_id: str, players: int | list, **fields) -> str:
        info = {"name": f"Event {event_id}", "date": datetime.date(2023, 5, 13), "ruleset": "neuroshima-hex-pl-2023",
                "seed": 20230513, "organizer": "Olga Organizer", "head_judge": "Olga Organizer", **fields}
        self.write(f"events/{event_id}/event.yaml", info)
        if isinstance(players, int):
            players = [nshex_player(i) for i in range(1, players + 1)]
        self.write(f"events/{event_id}/registrations.yaml", players)
        return event_id

    def house_rules(self, extends: str, text: str, players: int = 8) -> None:
        """An event 'e1' on the organizer's ruleset 'club' (rulesets/club.yaml beside the
        content): ``extends`` a built-in one, then ``text`` (line 4 on)."""
        self.event("e1", players, ruleset="club")
        (self.root / "rulesets").mkdir(exist_ok=True)
        (self.root / "rulesets/club.yaml").write_text(f"id: club\nname: Club rules\nextends: {extends}\n{text}")

    def round_path(self, event_id: str, number: int) -> Path:
        return self.content / "events" / event_id / "rounds" / f"{number}.yaml"

    def read_round(self, event_id: str, number: int) -> dict:
        return yaml.safe_load(self.round_path(event_id, number).read_text(encoding="utf-8"))

    def save_round(self, event_id: str, number: int, data: dict) -> None:
        self.write(f"events/{event_id}/rounds/{number}.yaml", data)


def nshex_player(i: int) -> dict:
    """Player ``p01`` … with five different legal armies, rotating through the list."""
    return {"name": f"Player {i:02d}", "id": f"p{i:02d}", "armies": [ARMIES[(i + k) % len(ARMIES)] for k in range(5)]}


@pytest.fixture
def tree(tmp_path, monkeypatch) -> Tree:
    monkeypatch.chdir(tmp_path)
    return Tree(tmp_path)


@pytest.fixture
def cli():
    runner = CliRunner()

    def run(*args, expect: int | None = 0):
        result = runner.invoke(main, [str(a) for a in args], catch_exceptions=False)
        if expect is not None:
            assert result.exit_code == expect, result.output
        return result

    return run


# ------------------------------------------------------------------ the demo in a real browser
ROOT = Path(__file__).resolve().parent.parent
# Debian's chromium; Ubuntu's chromium-browser or Google Chrome where CI runners have those.
CHROMIUM = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), "/usr/bin/chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The site's files, without a line on the test's output for every request (an attribute set
    on a functools.partial, as before, never reached the handler)."""

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory) -> Path:
    """The demo content's site, built once a test process, for the tests that only read it."""
    out = tmp_path_factory.mktemp("demo") / "site"
    build_site(ROOT / "content", out)
    return out


@pytest.fixture(scope="module")
def base_url(demo_site):
    handler = functools.partial(QuietHandler, directory=str(demo_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    """One Chromium a test process (each module launched its own)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="session")
def _phone_page(browser):
    context = browser.new_context(viewport=PHONE, service_workers="block")
    yield context.new_page()
    context.close()


@pytest.fixture
def phone(_phone_page):
    """A phone's page at 360 px. Its service worker is blocked: each fresh page installed it and
    fetched every static file again (a fifth of the browser tests' time); the offline tests and
    the console-error check open pages of their own, with the worker. One page serves every
    test of the process (a new browser context a test took a third of the browser tests' time),
    put back as it was after each: what the site remembered (localStorage, sessionStorage,
    cookies), the media and the width a test set, and a blank page."""
    page = _phone_page
    yield page
    with contextlib.suppress(Exception):  # a test that left its page on another origin, or none
        page.evaluate("localStorage.clear(); sessionStorage.clear()")
    page.context.clear_cookies()
    page.emulate_media(media="no-override")
    page.set_viewport_size(PHONE)
    page.goto("about:blank")
