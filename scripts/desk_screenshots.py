"""The screenshots of the demo's guide "Running the day from the desk" (issue 32): the desk at
1280 px and a player's report page at 360 px, in content/pages/images/.

    python scripts/desk_screenshots.py

Copies the demo content to a temporary folder, pairs round 1 of a new event with the demo's
Neuroshima HEX players, enters two tables at the desk and one player's report, then photographs
both pages in Debian's Chromium driven by Playwright, as an organizer and a player see them.
"""
from __future__ import annotations

import datetime
import os
import re
import shutil
import tempfile
import urllib.parse
from pathlib import Path

import yaml
from click.testing import CliRunner
from playwright.sync_api import sync_playwright

from podium.commands.cli import main as podium
from podium.venue.desk import Desk
from podium.venue.lanserver import SiteServer
from podium.venue.reportpage import report_handlers
from podium.venue.reports import Reports

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "content" / "pages" / "images"
CHROMIUM = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), "/usr/bin/chromium")
PLAYERS_FROM = "2023-08-warszawa"  # a demo event whose players, with their armies, enter the new one
EVENT = "2026-11-poznan-liga"


def new_event(content: Path) -> None:
    """An NS HEX qualifier of the demo's players, round 1 paired."""
    folder = content / "events" / EVENT
    folder.mkdir(parents=True)
    shutil.copy(content / "events" / PLAYERS_FROM / "registrations.yaml", folder / "registrations.yaml")
    event = yaml.safe_load((content / "events" / PLAYERS_FROM / "event.yaml").read_text(encoding="utf-8"))
    event.update(name="Liga Poznańska — runda listopadowa", date=datetime.date(2026, 11, 28), seed=20261128)
    event.pop("season", None)
    (folder / "event.yaml").write_text(yaml.safe_dump(event, allow_unicode=True, sort_keys=False), encoding="utf-8")
    answer = CliRunner().invoke(podium, ["pair", EVENT, "--content", str(content)])
    assert answer.exit_code == 0, answer.output


def enter_two_tables(page, desk_url: str) -> None:
    """Tables 1 and 2 entered at the desk, as the organizer would: the first armies offered, HQ left."""
    for table, (first, second) in enumerate(((14, 6), (9, 11))):
        page.goto(f"{desk_url}events/{EVENT}/", wait_until="networkidle")
        form = page.locator(f"#table-{table} form")
        form.locator('select[name="armies.0"]').select_option(index=1)
        chosen = form.locator('select[name="armies.0"] option:checked').inner_text()
        other = next(a for a in form.locator('select[name="armies.1"] option').all_inner_texts() if a and a != chosen)
        form.locator('select[name="armies.1"]').select_option(label=other)
        form.locator('input[name="score.0"]').fill(str(first))
        form.locator('input[name="score.1"]').fill(str(second))
        form.get_by_role("button", name="Save").click()
        page.wait_for_load_state("networkidle")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PODIUM_DATA_DIR"] = str(Path(folder) / "data")  # the reports' key and log, not the user's
        content = Path(folder) / "content"
        shutil.copytree(ROOT / "content", content)
        new_event(content)
        site = Path(folder) / "site"
        CliRunner().invoke(podium, ["build", "--content", str(content), "--out", str(site)])
        reports = Reports(content)
        room = SiteServer(site, "127.0.0.1", 0, handlers=report_handlers(reports)).start()
        desk = Desk(content, 0, f"http://127.0.0.1:{room.port}/", reports=reports).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                organizer = browser.new_page(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
                desk_url = f"http://127.0.0.1:{desk.port}/"
                enter_two_tables(organizer, desk_url)
                slips = organizer.goto(f"{desk_url}events/{EVENT}/slips").text()
                report = urllib.parse.urlparse(re.findall(r'>(http://[^<]*/report/[^<]*)</p>', slips)[2]).path
                phone = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=1)
                phone.goto(f"http://127.0.0.1:{room.port}{report}", wait_until="networkidle")
                phone.locator('input[name="score.0"]').fill("12")
                phone.screenshot(path=str(OUT / "report-360.png"))
                organizer.goto(f"{desk_url}events/{EVENT}/", wait_until="networkidle")
                organizer.screenshot(path=str(OUT / "desk-1280.png"))
                browser.close()
        finally:
            desk.close()
            room.close()
    for name in ("desk-1280.png", "report-360.png"):
        print(f"content/pages/images/{name}")


if __name__ == "__main__":
    main()
