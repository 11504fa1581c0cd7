"""Benchmark: one Swiss round of N players paired by the engine (run by hand; prints figures).

    python bench/pairing.py [--players 1000] [--repeat 5] [--round 8]

Points are those of a mid-event round (0-27 TP in steps of 3) with some earlier opponents,
so the matching works on a realistic, nearly complete graph. ``--round N``: instead, the field
of round N of a Swiss: each player has met N - 1 opponents, one a round, and has 0 to N - 1 wins.
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


def round_field(players: int, seed: int, number: int):
    """Round ``number``'s field: rounds 1 … number − 1 paired within their score groups (the
    order by wins, neighbours paired; a rematch is allowed here, it is only a benchmark's
    history), the better of two random skills winning."""
    rand = random.Random(seed)
    ids = [f"p{i:05d}" for i in range(players)]
    skill = {p: rand.gauss(0, 1) for p in ids}
    wins = dict.fromkeys(ids, 0)
    opponents = {p: set() for p in ids}
    for _ in range(number - 1):
        order = sorted(ids, key=lambda p: (-wins[p], rand.random()))
        for a, b in zip(order[::2], order[1::2]):
            opponents[a].add(b)
            opponents[b].add(a)
            wins[a if skill[a] + rand.gauss(0, 1) > skill[b] + rand.gauss(0, 1) else b] += 1
    points = {p: 3 * wins[p] for p in ids}
    return sorted(ids, key=lambda p: -points[p]), points, opponents


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--round", type=int, default=0, help="the field of this round of a Swiss (default: mid-event)")
    args = parser.parse_args()
    timings = []
    for run in range(args.repeat):
        ranked, points, opponents = (round_field(args.players, run, args.round) if args.round
                                     else field(args.players, run))
        start = time.perf_counter()
        drawn = pair_swiss(ranked, points, opponents, list(reversed(ranked)), random.Random(run))
        timings.append(time.perf_counter() - start)
        assert len(drawn.pairs) == args.players // 2
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{args.players} players{f', round {args.round}' if args.round else ''}: median {statistics.median(timings):.3f} s, "
          f"min {min(timings):.3f} s, max {max(timings):.3f} s over {args.repeat} rounds")


if __name__ == "__main__":
    main()
