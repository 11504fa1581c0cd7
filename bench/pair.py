"""Benchmark: every `podium pair` of an 8-round, 1000-player Swiss, end to end.

    python bench/pair.py [--players 1000] [--rounds 8] [--ruleset ffg-conquest|chess-swiss] [--out /tmp/podium-pair]
                         [--only-last [--repeat 5]]

Registers the players in a fresh content folder, then for each round runs
`python -m podium pair big` in a fresh process (imports, reading and checking every file,
the replay of the earlier rounds, the matching, writing the round) and times it, filling in
results by player strength between rounds. Prints each round's time and the peak memory.
``--only-last``: rounds 1 … N − 1 drawn untimed, then the last round drawn ``--repeat`` times
(its file deleted before each), printed as min, median and max: a 10,000-player field's figure
without waiting for the minutes of the earlier rounds' replays to be timed. ``--ruleset
chess-swiss``: the same with FIDE's colour rules, which keep apart players who need one colour.
"""
from __future__ import annotations

import argparse
import random
import resource
import shutil
import statistics
import sys
from pathlib import Path

import yaml

from archive import timed  # bench/archive.py


def register(content: Path, players: int, rounds: int, ruleset: str) -> Path:
    folder = content / "events" / "big"
    folder.mkdir(parents=True)
    (content / "site.yaml").write_text("title: Bench\n", encoding="utf-8")
    (folder / "event.yaml").write_text(yaml.safe_dump({"name": "Big", "ruleset": ruleset, "seed": 1,
                                                       "structure": {"swiss_rounds": rounds, "cut": 0}}), encoding="utf-8")
    entries = [{"name": f"Player {i:04d}", "rating": 2400 - i % 1200} for i in range(players)]
    (folder / "registrations.yaml").write_text(yaml.safe_dump(entries), encoding="utf-8")
    return folder


def fill_results(path: Path, skill: dict, rand: random.Random) -> None:
    """The stronger player tends to win (the organizer's part, not timed)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for pairing in data["pairings"]:
        if not pairing.get("bye"):
            a, b = pairing["players"]
            sa, sb = (skill.setdefault(p, rand.gauss(0, 1)) for p in (a, b))
            first_wins = sa + rand.gauss(0, 1) > sb + rand.gauss(0, 1)
            if "score" in pairing:  # chess: each player's result
                pairing["score"] = [1, 0] if first_wins else [0, 1]
            else:
                pairing["winner"] = a if first_wins else b
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--ruleset", default="ffg-conquest", choices=["ffg-conquest", "chess-swiss"])
    parser.add_argument("--out", type=Path, default=Path("/tmp/podium-pair"))
    parser.add_argument("--only-last", action="store_true", help="time the last round only")
    parser.add_argument("--repeat", type=int, default=5, help="with --only-last: how many times")
    args = parser.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    folder = register(args.out / "content", args.players, args.rounds, args.ruleset)
    rand, skill, timings = random.Random(1), {}, []
    for number in range(1, args.rounds + 1):
        for _ in range(args.repeat if args.only_last and number == args.rounds else 1):
            (folder / "rounds" / f"{number}.yaml").unlink(missing_ok=True)
            timings.append(timed([sys.executable, "-m", "podium", "pair", "big"], args.out))  # a fresh process
        fill_results(folder / "rounds" / f"{number}.yaml", skill, rand)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if args.only_last:
        last = timings[args.rounds - 1:]
        print(f"podium pair, {args.ruleset}, {args.players} players, round {args.rounds} × {len(last)}: median "
              f"{statistics.median(last):.2f} s, min {min(last):.2f} s, max {max(last):.2f} s; peak memory {peak:.0f} MB")
        return
    print(f"podium pair, {args.ruleset}, {args.players} players, rounds 1-{args.rounds}: "
          f"{', '.join(f'{t:.2f}' for t in timings)} s; slowest {max(timings):.2f} s; peak memory {peak:.0f} MB")


if __name__ == "__main__":
    main()
