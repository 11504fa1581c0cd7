"""Screenshots of the demo site at 360 px for docs/screenshots/ (issue 18): what a player sees on
a phone between rounds.

    python scripts/screenshots.py

Builds the demo from content/ into a temporary folder, serves it on 127.0.0.1 and photographs the
first screen (360 × 740) of each page in PAGES with Debian's Chromium driven by Playwright.
"""
from __future__ import annotations

import functools
import http.server
import shutil
import tempfile
import threading
from pathlib import Path

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


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # the photographs are the output, not the requests
        pass


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build_site(ROOT / "content", site)
        handler = functools.partial(_Quiet, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        OUT.mkdir(parents=True, exist_ok=True)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=1)
            for name, url in PAGES.items():
                page.goto(base + url, wait_until="networkidle")
                page.screenshot(path=str(OUT / f"{name}-360.png"))
                print(f"docs/screenshots/{name}-360.png  ← {url}")
            browser.close()
        server.shutdown()


if __name__ == "__main__":
    main()
