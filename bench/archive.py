"""Benchmark: build a national archive (3 seasons × 40 events × 48 players × 5 rounds).

    python bench/archive.py [--out /tmp/podium-national] [--seasons 3 --events 40 --players 48]
    python bench/archive.py --out /tmp/podium-tenfold --seasons 10 --events 120 --no-bare   # ten times

Generates the content once (every round drawn by the engine, results by player strength), then
times, each in a fresh process: `podium build` cold (no cache, no earlier site), with nothing
changed and after one result is corrected; `check` and `verify` cold and with nothing changed;
`serve`'s rebuild of an unchanged save and after a one-result edit; the peak memory of a cold
build; and a bare Jinja2 render of the same pages. Prints the figures.
"""
from __future__ import annotations

import argparse
import datetime
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import yaml

from podium.core.errors import Problems
from podium.content.roundfile import render_round
from podium.rules.engine import compute_event, next_round
from podium.content.rulesets import BUILTIN_DIR, load_rulesets
from podium.content.validate import read_event


def generate(root: Path, seasons: int, events: int, players: int, rounds: int) -> None:
    content = root / "content"
    rand = random.Random(9)
    pool = [f"Gracz {i:04d} Nowak" for i in range(1500)]
    skill = {name: rand.gauss(0, 1) for name in pool}
    (content / "seasons").mkdir(parents=True)
    (content / "site.yaml").write_text("title: National archive\nlanguage: pl\n", encoding="utf-8")
    ruleset = load_rulesets([BUILTIN_DIR])["ffg-conquest"]
    for s in range(seasons):
        year = 2021 + s
        season = f"national-{year}"
        dump(content / "seasons" / f"{season}.yaml", {"name": f"Liga {year}", "ruleset": "ffg-conquest",
                                                       "points": {1: 10, 2: 7, 3: 5, 4: 3}})
        for e in range(events):
            event_id = f"{year}-{e:02d}"
            folder = content / "events" / event_id
            folder.mkdir(parents=True)
            dump(folder / "event.yaml", {"name": f"Turniej {e + 1} — {year}", "date": datetime.date(year, 1 + e % 12, 1 + e // 12),
                                         "season": season, "ruleset": "ffg-conquest", "seed": year * 100 + e,
                                         "structure": {"swiss_rounds": rounds, "cut": 0}, "level": "competitive"})
            dump(folder / "registrations.yaml", [{"name": n} for n in rand.sample(pool, players)])
            play(content, folder, ruleset, skill, rand)


def play(content: Path, folder: Path, ruleset, skill, rand) -> None:
    problems = Problems()
    while True:
        event = read_event(folder, problems, {})  # just this event's files
        result = compute_event(event, ruleset, problems)
        if result.complete:
            return
        draft = next_round(result)
        path = folder / "rounds" / f"{draft.number}.yaml"
        path.parent.mkdir(exist_ok=True)
        data = yaml.safe_load(render_round(draft, result))
        names = {p.id: p.name for p in event.players}
        for pairing in data["pairings"]:
            if not pairing.get("bye"):
                a, b = pairing["players"]
                pairing["winner"] = a if skill[names[a]] + rand.gauss(0, 1) > skill[names[b]] + rand.gauss(0, 1) else b
        dump(path, data)


def dump(path: Path, data) -> None:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def main() -> None:
    from podium.run.parallel import cores

    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=Path("/tmp/podium-national"))
    parser.add_argument("--seasons", type=int, default=3)
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--players", type=int, default=48)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-bare", action="store_true", help="skip the bare Jinja2 render (long at ten times)")
    args = parser.parse_args()
    root = args.out
    if not (root / "content").exists():
        start = time.perf_counter()
        generate(root, args.seasons, args.events, args.players, args.rounds)
        print(f"generated the content in {time.perf_counter() - start:.1f} s")
    podium = [sys.executable, "-m", "podium"]
    cold = [timed(podium + ["build"], root, before=lambda: forget(root)) for _ in range(args.runs)]
    pages = sum(1 for _ in (root / "site").rglob("*.html"))
    report(f"podium build, cold (no cache, no earlier site): {pages} pages", cold)
    forget(root)
    print(f"peak memory of a cold build: {peak_memory(podium + ['build'], root):.0f} MB")
    report("podium build, nothing changed", [timed(podium + ["build"], root) for _ in range(args.runs)])
    report("podium build, one result corrected", [timed(podium + ["build"], root, before=lambda: correct_one(root, n))
                                                   for n in range(args.runs)])
    for command in ("check", "verify"):
        report(f"podium {command}, cold", [timed(podium + [command], root, before=lambda: forget(root))
                                            for _ in range(args.runs)])
        report(f"podium {command}, nothing changed", [timed(podium + [command], root) for _ in range(args.runs)])
    idle, edits = serve_rebuilds(root)
    report("serve, a save that changed nothing", idle)
    report(f"serve, rebuild after a one-result edit ({edits[0][1]})", [t for t, _ in edits])
    if not args.no_bare:
        one, split = bare_jinja(root), bare_jinja(root, cores())
        print(f"bare Jinja2 render of the same pages (no engine, no writing): {one:.2f} s on one core, {split:.2f} s "
              f"on {cores()}; the cold build's median is {statistics.median(cold) / split:.1f}× the render on "
              f"{cores()} cores ({statistics.median(cold) / one:.1f}× the render on one)")


def report(what: str, timings: list[float]) -> None:
    print(f"{what}: min {min(timings):.3f} s, median {statistics.median(timings):.3f} s, max {max(timings):.3f} s "
          f"({len(timings)} runs)")


def forget(root: Path) -> None:
    """What a first run finds: no kept replays, no earlier site."""
    import shutil

    from podium.run.cache import cache_folder

    for folder in (root / "site", cache_folder(root / "content")):
        shutil.rmtree(folder, ignore_errors=True)


def correct_one(root: Path, n: int) -> None:
    """An organizer corrects one result: the first table's winner of the last round of event n."""
    path = sorted((root / "content").glob("events/*/rounds/*.yaml"), key=lambda p: (p.parent.parent.name, int(p.stem)))
    last = [p for p in path if not p.with_name(f"{int(p.stem) + 1}.yaml").exists()][n]
    data = yaml.safe_load(last.read_text(encoding="utf-8"))
    first = data["pairings"][0]
    first["winner"] = next(p for p in first["players"] if p != first["winner"])
    dump(last, data)


def timed(command: list[str], cwd: Path, before=lambda: None) -> float:
    before()
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def peak_memory(command, cwd) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    return max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024


def serve_rebuilds(root: Path, runs: int = 5) -> tuple[list[float], list[tuple[float, str]]]:
    """What `podium serve` does when a file is saved unchanged, and after an organizer corrects
    one result: five edits, each in another event's last round, each timed from the change to
    the last file written."""
    import shutil

    from podium.run.rebuild import Rebuilder

    content = root / "serve" / "content"
    shutil.rmtree(content.parent, ignore_errors=True)
    shutil.copytree(root / "content", content)
    builder = Rebuilder(content, root / "serve" / "site")
    builder.rebuild()
    idle = []
    for _ in range(runs):
        start = time.perf_counter()
        builder.rebuild()
        idle.append(time.perf_counter() - start)
    timings = []
    for n in range(runs):
        correct_one(root / "serve", n)
        start = time.perf_counter()
        done = builder.rebuild()
        timings.append((time.perf_counter() - start, f"{done.pages} of {done.total} pages written"))
    return idle, timings


def bare_jinja(root: Path, count: int = 1) -> float:
    """Render the same page list with plain Jinja2 and the same templates, timing only rendering:
    in this process, or dealt to ``count`` processes forked once the contexts are made (as the
    build deals its pages), from the fork to the last page rendered."""
    from podium.run.archive import load_archive
    from podium.run.parallel import run_shares
    from podium.site.render import Renderer
    from podium.site.pages import pages_of, site_items

    archive = load_archive(root / "content")
    pages = pages_of(site_items(archive))
    for page in pages:
        page.context  # built before the clock starts: only Jinja's rendering is timed
    renderer = Renderer(archive.site, "")
    start = time.perf_counter()
    run_shares(_render_all, (renderer, pages), [range(first, len(pages), count) for first in range(count)])
    return time.perf_counter() - start


def _render_all(state: tuple, indexes: range) -> None:
    renderer, pages = state  # inherited by the forked process: only the indexes travel
    for index in indexes:
        renderer.render(pages[index])


if __name__ == "__main__":
    main()
