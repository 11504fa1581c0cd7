"""The PNG icons a phone puts on its home screen (site.webmanifest's 192 and 512 px, iOS's 180 px
apple-touch-icon), drawn from Podium's favicon.svg by Chromium, on white with a margin that keeps
the podium inside the circle a launcher may cut the icon to.

    python scripts/icons.py

Writes templates/static/icon-192.png, icon-512.png and apple-touch-icon.png.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "templates" / "static"
CHROMIUM = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), "/usr/bin/chromium")
SIZES = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}


def main() -> None:
    svg = (STATIC / "favicon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, size in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            margin = round(size * 0.14)  # the podium within the middle 72 %: safe in a round mask
            page.set_content(f'<body style="margin:0;background:#fff"><div style="padding:{margin}px;'
                             f'width:{size - 2 * margin}px;height:{size - 2 * margin}px">{svg}</div></body>')
            page.locator("svg").evaluate("s => { s.style.width = '100%'; s.style.height = '100%'; }")
            page.screenshot(path=str(STATIC / name))
            print(f"templates/static/{name}")
        browser.close()


if __name__ == "__main__":
    main()
