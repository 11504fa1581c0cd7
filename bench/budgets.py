"""Benchmark: the page budgets of issue 18, for a phone on a venue's Wi-Fi.

    python bench/budgets.py [--out /tmp/podium-budgets]

Generates one 64-player event (bench/archive.py's generator: every round drawn by the
engine, results by player strength), builds it twice — finished, and running with its last round
just paired — and prints what a phone downloads:

- the event page's HTML (budget 40 KB), the largest round page, the largest page of the site;
- the CSS and JavaScript every page loads (budget 20 KB together);
- whether every script is deferred, so that the first render needs no script.

Contrast (≥ 4.5:1) and labelled inputs are checked in the browser by tests/test_browser.py.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

from archive import generate

EVENT_BUDGET = 40 * 1024
ASSETS_BUDGET = 20 * 1024


def build(content: Path, out: Path) -> None:
    subprocess.run([sys.executable, "-m", "podium", "build", "--content", str(content), "--out", str(out)],
                   check=True, stdout=subprocess.DEVNULL)


def sizes(site: Path) -> dict:
    event = next((site / "events").glob("*/index.html"))
    rounds = list((site / "events").glob("*/rounds/*/index.html"))
    pages = list(site.rglob("*.html"))
    assets = [p for p in (site / "static").iterdir() if p.suffix in (".css", ".js")]
    blocking = [tag for page in pages for tag in re.findall(r"<script\b[^>]*>", page.read_text(encoding="utf-8"))
                if "defer" not in tag and "async" not in tag]
    largest = max(pages, key=lambda p: p.stat().st_size)
    return {"event page": event.stat().st_size, "largest round page": max(p.stat().st_size for p in rounds),
            f"largest page ({largest.relative_to(site)})": largest.stat().st_size,
            "CSS + JS": sum(p.stat().st_size for p in assets), "scripts not deferred": len(blocking)}


def print_sizes(title: str, found: dict) -> None:
    print(title)
    for name, value in found.items():
        budget = EVENT_BUDGET if name == "event page" else ASSETS_BUDGET if name == "CSS + JS" else None
        shown = f"{value / 1024:.1f} KB" if "scripts" not in name else str(value)
        verdict = "" if budget is None else (" (budget %d KB: %s)" % (budget // 1024, "met" if value <= budget else "OVER"))
        print(f"  {name}: {shown}{verdict}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=Path("/tmp/podium-budgets"))
    args = parser.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    generate(args.out, seasons=1, events=1, players=64, rounds=6)
    content = args.out / "content"
    build(content, args.out / "finished")
    print_sizes("64 players, 6 Swiss rounds, finished:", sizes(args.out / "finished"))
    last = max((content / "events").glob("*/rounds/*.yaml"), key=lambda p: int(p.stem))
    text = last.read_text(encoding="utf-8")
    last.write_text(re.sub(r"(?m)^\s+(winner|modified|score): .*\n", "", text), encoding="utf-8")  # results out
    build(content, args.out / "running")
    print_sizes("the same event running (its last round paired, no result in):", sizes(args.out / "running"))


if __name__ == "__main__":
    main()
