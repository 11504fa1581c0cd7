"""Benchmark: `podium pair` of the last round of an 8-round, 1000-player Swiss, end to end.

    python bench/pair.py [--players 1000] [--rounds 8] [--out /tmp/podium-pair]

Plays rounds 1…7 once (drawn by the engine, results by player strength), then times
`python -m generator pair big` for round 8 in a fresh process, three times (deleting the
written round in between), and prints the peak memory.
"""
from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

import yaml

from generator.errors import Problems
from generator.pairfile import render_round
from generator.rules.engine import compute_event, next_round
from generator.rules.ruleset import BUILTIN_DIR, load_rulesets
from generator.validate import _event as read_event


def generate(root: Path, players: int, rounds: int) -> None:
    folder = root / "content" / "events" / "big"
    folder.mkdir(parents=True)
    (root / "content" / "site.yaml").write_text("title: Bench\n", encoding="utf-8")
    (folder / "event.yaml").write_text(yaml.safe_dump({"name": "Big", "ruleset": "ffg-conquest", "seed": 1,
                                                       "structure": {"swiss_rounds": rounds, "cut": 0}}), encoding="utf-8")
    (folder / "registrations.yaml").write_text(yaml.safe_dump([{"name": f"Player {i:04d}"} for i in range(players)]),
                                               encoding="utf-8")
    ruleset = load_rulesets([BUILTIN_DIR])["ffg-conquest"]
    rand = random.Random(1)
    skill = {}
    for _ in range(rounds - 1):
        event = read_event(folder, Problems(), {})
        draft = next_round(compute_event(event, ruleset, Problems()))
        data = yaml.safe_load(render_round(draft, compute_event(event, ruleset, Problems())))
        for pairing in data["pairings"]:
            if not pairing.get("bye"):
                a, b = pairing["players"]
                sa, sb = (skill.setdefault(p, rand.gauss(0, 1)) for p in (a, b))
                pairing["winner"] = a if sa + rand.gauss(0, 1) > sb + rand.gauss(0, 1) else b
        (folder / "rounds").mkdir(exist_ok=True)
        (folder / "rounds" / f"{draft.number}.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--out", type=Path, default=Path("/tmp/podium-pair"))
    args = parser.parse_args()
    if not (args.out / "content").exists():
        generate(args.out, args.players, args.rounds)
    last = args.out / "content" / "events" / "big" / "rounds" / f"{args.rounds}.yaml"
    timings = []
    for _ in range(3):
        last.unlink(missing_ok=True)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "generator", "pair", "big"], cwd=args.out, check=True, capture_output=True)
        timings.append(time.perf_counter() - start)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"podium pair, round {args.rounds} of {args.players} players: best {min(timings):.2f} s, "
          f"runs {', '.join(f'{t:.2f}' for t in timings)}; peak memory {peak:.0f} MB")


if __name__ == "__main__":
    main()
