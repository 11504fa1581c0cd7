"""Benchmark: one Swiss round of N players paired by the engine (run by hand; prints figures).

    python bench/pairing.py [--players 1000] [--repeat 5]

Points are those of a mid-event round (0-27 TP in steps of 3) with some earlier opponents,
so the matching works on a realistic, nearly complete graph.
"""
from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from podium.rules.pairing.swiss import pair_swiss


def field(players: int, seed: int):
    rand = random.Random(seed)
    ids = [f"p{i:04d}" for i in range(players)]
    points = {p: rand.choice(range(0, 28, 3)) for p in ids}
    ranked = sorted(ids, key=lambda p: -points[p])
    opponents = {p: set(rand.sample(ids, 8)) - {p} for p in ids}
    for p, met in list(opponents.items()):
        for q in met:
            opponents[q].add(p)
    return ranked, points, opponents


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    timings = []
    for run in range(args.repeat):
        ranked, points, opponents = field(args.players, run)
        start = time.perf_counter()
        drawn = pair_swiss(ranked, points, opponents, list(reversed(ranked)), random.Random(run))
        timings.append(time.perf_counter() - start)
        assert len(drawn.pairs) == args.players // 2
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{args.players} players: median {statistics.median(timings):.3f} s, "
          f"min {min(timings):.3f} s, max {max(timings):.3f} s over {args.repeat} rounds")


if __name__ == "__main__":
    main()
