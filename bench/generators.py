"""Benchmark: Podium beside Hugo and Pelican, building the same number of pages.

    python bench/generators.py [--archive /tmp/podium-national] [--pelican /tmp/pelican-venv/bin/pelican]

Needs the national archive of bench/archive.py, Debian's Hugo (`apt-get install hugo`) and
Pelican in a separate environment (`python -m venv /tmp/pelican-venv &&
/tmp/pelican-venv/bin/pip install pelican markdown`); a generator that is missing is skipped.

Each of Podium's pages becomes one Markdown page carrying the same text — a round's pairings,
an event's standings, a player's history — as Markdown tables; Hugo and Pelican render them with
a minimal layout (one template, no taxonomies, feeds or lists). Every build runs three times in
a fresh process, on the same machine, one after another; the best run counts. Podium's cold
builds start with no cache (the archive's cache folder removed); then three builds into the site just built,
each after one result is corrected in another event (what an organizer does between rounds).
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from archive import correct_one, timed  # bench/archive.py
from podium.run.archive import load_archive
from podium.run.cache import cache_folder
from podium.site.pages import pages_of, site_items

LAYOUT = """<!doctype html><html lang="pl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title} · National archive</title>
<link rel="stylesheet" href="/static/site.css"></head>
<body><header><a href="/">National archive</a></header><main><h1>{title}</h1>{content}</main></body></html>
"""


def markdown_pages(archive_root: Path) -> list[tuple[str, str]]:
    """(title, Markdown) for each page Podium builds from the archive."""
    pages = pages_of(site_items(load_archive(archive_root / "content")))
    return [(page.title, _markdown(page.template, page.context)) for page in pages]


def _markdown(template: str, context: dict) -> str:
    if template == "round.html":
        rows = [f"| {t['table']} | {' | '.join(s['person']['name'] for s in t['seats'])} | {t['result']['text']} |"
                for t in context["tables"]]
        names = [f"- {x['person']['name']}: table {x['table']}" for x in context["by_name"]]
        return "\n".join(["| Table | Player | Player | Result |", "|---|---|---|---|", *rows, "", *names])
    if template == "event.html":
        rows = [f"| {r['rank']} | {r['person']['name']} | {r['points']} | "
                f"{' | '.join(str(v) for v in r['tiebreaks'].values())} |" for r in context["standings"]]
        return "\n".join(["| # | Player | Points | SoS | ESoS |", "|---|---|---|---|---|", *rows])
    if template == "player.html":
        rows = [f"| {h['event']['name']} | {h['rank']} | {h['points']} | "
                f"{', '.join(o['name'] for g in h['games'] for o in g['opponents'])} |" for h in context["history"]]
        return "\n".join(["| Event | Place | Points | Opponents |", "|---|---|---|---|", *rows])
    if template == "season.html":
        rows = [f"| {r['rank']} | {r['person']['name']} | {r['points']} | {r['events']} |" for r in context["leaderboard"]]
        return "\n".join(["| # | Player | Points | Events |", "|---|---|---|---|", *rows])
    return "Results of every event."


def hugo_site(root: Path, pages: list[tuple[str, str]]) -> list[str]:
    (root / "layouts" / "_default").mkdir(parents=True)
    (root / "config.toml").write_text('baseURL = "/"\ntitle = "National archive"\n'
                                      'disableKinds = ["taxonomy", "term", "section", "RSS", "sitemap", "robotsTXT", "404"]\n')
    (root / "layouts" / "_default" / "single.html").write_text(LAYOUT.format(title="{{ .Title }}", content="{{ .Content }}"))
    (root / "layouts" / "index.html").write_text(LAYOUT.format(title="{{ .Title }}", content=""))
    for number, (title, text) in enumerate(pages):
        _page(root / "content" / "p" / f"{number}.md", f'---\ntitle: "{_quoted(title)}"\n---\n{text}\n')
    return ["hugo", "--quiet", "--source", str(root), "--destination", str(root / "public")]


def pelican_site(root: Path, pages: list[tuple[str, str]], pelican: str) -> list[str]:
    templates = root / "theme" / "templates"
    templates.mkdir(parents=True)
    (templates / "page.html").write_text(LAYOUT.format(title="{{ page.title }}", content="{{ page.content }}"))
    (root / "theme" / "static").mkdir()
    (root / "pelicanconf.py").write_text(
        'SITENAME = "National archive"\nTHEME = "theme"\nPATH = "content"\nPAGE_PATHS = ["pages"]\n'
        'ARTICLE_PATHS = []\nDIRECT_TEMPLATES = []\nFEED_ALL_ATOM = None\nCATEGORY_FEED_ATOM = None\n'
        'AUTHOR_SAVE_AS = ""\nCATEGORY_SAVE_AS = ""\nTAG_SAVE_AS = ""\nARCHIVES_SAVE_AS = ""\n'
        'AUTHORS_SAVE_AS = ""\nCATEGORIES_SAVE_AS = ""\nTAGS_SAVE_AS = ""\nCACHE_CONTENT = False\nLOAD_CONTENT_CACHE = False\n'
        'TIMEZONE = "UTC"\nDEFAULT_LANG = "pl"\n')
    for number, (title, text) in enumerate(pages):
        _page(root / "content" / "pages" / f"p{number}.md", f"Title: {title}\nSlug: p{number}\n\n{text}\n")
    return [pelican, str(root / "content"), "--settings", str(root / "pelicanconf.py"), "--output", str(root / "output"),
            "--quiet"]


def _page(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _quoted(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def best_of_three(command: list[str], cwd: Path, output: Path, before=lambda: None) -> tuple[float, str]:
    """The best time of three builds into an empty folder (``before`` each: what else to clear),
    and what the last one wrote (HTML pages and their size)."""
    timings = [timed(command, cwd, before=lambda: (shutil.rmtree(output, ignore_errors=True), before()))
               for _ in range(3)]
    html = list(output.rglob("*.html"))
    return min(timings), f"{len(html)} pages, {sum(p.stat().st_size for p in html) / 1e6:.1f} MB of HTML"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--archive", type=Path, default=Path("/tmp/podium-national"))
    parser.add_argument("--pelican", default="/tmp/pelican-venv/bin/pelican")
    parser.add_argument("--work", type=Path, default=Path("/tmp/podium-generators"))
    args = parser.parse_args()
    if not (args.archive / "content").exists():
        sys.exit(f"no archive at {args.archive}: run python bench/archive.py first")
    pages = markdown_pages(args.archive)
    shutil.rmtree(args.work, ignore_errors=True)
    build = [sys.executable, "-m", "podium", "build", "--out", str(args.work / "podium")]
    podium, wrote = best_of_three(build, args.archive, args.work / "podium",
                                  before=lambda: shutil.rmtree(cache_folder(args.archive / "content"), ignore_errors=True))
    print(f"podium build, cold (no cache): {wrote}, best {podium:.2f} s")
    # into the site just built: an organizer corrects a result, then builds
    rebuild = min(timed(build, args.archive, before=lambda: correct_one(args.archive, n)) for n in range(3))
    print(f"podium build after one result corrected: best {rebuild:.2f} s")
    others = [("hugo", shutil.which("hugo"), lambda root: hugo_site(root, pages), "public"),
              ("pelican", shutil.which(args.pelican), lambda root: pelican_site(root, pages, args.pelican), "output")]
    for name, found, make, output in others:
        if not found:
            print(f"{name}: not installed, skipped")
            continue
        root = args.work / name
        command = make(root)
        seconds, wrote = best_of_three(command, root, root / output)
        print(f"{name}: {wrote}, best {seconds:.2f} s; podium cold ÷ {name} = {podium / seconds:.2f}, "
              f"podium after one correction ÷ {name} = {rebuild / seconds:.2f}")


if __name__ == "__main__":
    main()
