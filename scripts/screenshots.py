"""Screenshots of the demo site at 360 px for docs/screenshots/ (issues 18, 33): what a player sees
on a phone between rounds.

    python scripts/screenshots.py

Builds the demo from content/ into a temporary folder, serves it on 127.0.0.1 and photographs the
first screen (360 × 740) of each page in PAGES with Debian's Chromium driven by Playwright; then
the same demo with one event put back in play (LIVE: round 3 of 8 with half its results in), as
the phone that remembers one of its players sees it.
"""
from __future__ import annotations

import functools
import http.server
import json
import shutil
import tempfile
import threading
from pathlib import Path

import yaml
from playwright.sync_api import sync_playwright

from podium.run.builder import build_site

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), "/usr/bin/chromium")
PAGES = {  # file name → the page of the demo
    "event": "events/2023-04-krakow/",
    "round": "events/2023-04-krakow/rounds/3/",
    "bracket": "events/2023-04-krakow/bracket/",
    "player": "players/zofia-krol/",
    "season": "seasons/nshex-2023/",
    "events-index": "events/",
}


LIVE = "2023-08-warszawa"  # put back in play: its rounds after 3 gone, half of round 3's results out
ME = {"id": "iwona-kwiatkowska", "name": "Iwona Kwiatkowska"}  # the player the phone remembers ("This is me")
LIVE_PAGES = {"live-event": f"events/{LIVE}/", "live-round": f"events/{LIVE}/rounds/3/"}


def in_play(content: Path) -> None:
    """``LIVE`` as it stood during round 3: the later rounds not yet paired, half of round 3's
    tables still without a result."""
    rounds = content / "events" / LIVE / "rounds"
    for path in rounds.glob("*.yaml"):
        if int(path.stem) > 3:
            path.unlink()
    third = yaml.safe_load((rounds / "3.yaml").read_text(encoding="utf-8"))
    for pairing in third["pairings"][len(third["pairings"]) // 2:]:
        for key in ("score", "armies", "winner", "forfeit"):
            pairing.pop(key, None)
    (rounds / "3.yaml").write_text(yaml.safe_dump(third, allow_unicode=True, sort_keys=False), encoding="utf-8")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # the photographs are the output, not the requests
        pass


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        site, live_site, live_content = Path(folder) / "site", Path(folder) / "live-site", Path(folder) / "content"
        build_site(ROOT / "content", site)
        shutil.copytree(ROOT / "content", live_content)
        in_play(live_content)
        build_site(live_content, live_site)
        OUT.mkdir(parents=True, exist_ok=True)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            photograph(browser, site, PAGES)
            photograph(browser, live_site, LIVE_PAGES, remembered=ME)
            browser.close()


def photograph(browser, site: Path, pages: dict, remembered: dict | None = None) -> None:
    """The first screen of each page of ``site``; ``remembered``: the player the phone remembers."""
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=1)
    if remembered:
        context.add_init_script(f"localStorage.setItem('podium-me', {json.dumps(json.dumps(remembered))})")
    page = context.new_page()
    for name, url in pages.items():
        page.goto(base + url, wait_until="networkidle")
        page.screenshot(path=str(OUT / f"{name}-360.png"))
        print(f"docs/screenshots/{name}-360.png  ← {url}")
    context.close()
    server.shutdown()


if __name__ == "__main__":
    main()
