"""FIDE's A.7 check of chess-swiss against a corpus drawn by bbpPairings (tests/data/dutch-corpus.tar.xz).

Each tournament of the corpus is a TRF file bbpPairings generated round by round with its Dutch
engine (`bbpPairings --dutch -g`): random results, draws, forfeits, half-point byes and
withdrawals, 10–100 players, 5–11 rounds, each file with its rounds (XXR) and initial colour
(XXC). For every round k, the file is cut to the state before it — rounds 1 … k−1 as played, and
of round k only what an arbiter enters before pairing (a bye asked for, an absence: H, F, Z
without an opponent), as bbpPairings' own checker reads it — and Podium imports that file and
pairs round k as an arbiter would (`podium import trf`, `podium pair`). The round is identical
when it has the same games, each with the same White, and the same pairing-allocated bye.
"""
from __future__ import annotations

import contextlib
import os
import tarfile
from dataclasses import dataclass
from pathlib import Path

import yaml
from click.testing import CliRunner

from podium.commands.cli import main

CORPUS = Path(__file__).parent / "data" / "dutch-corpus.tar.xz"
FIRST_ROUND = 91  # TRF-16: a player's round entries start at column 92, ten columns each
ARBITERS_ENTRIES = set("HFZ-")  # before pairing: a bye asked for or an absence, without an opponent


@dataclass(frozen=True)
class Tournament:
    name: str  # its path inside the corpus: main/t0042.trf
    text: str

    @property
    def rounds(self) -> int:
        return next(int(line.split()[1]) for line in self.text.splitlines() if line.startswith("XXR"))


def tournaments(every: int = 1) -> list[Tournament]:
    """The corpus's tournaments in name order; ``every``: one in so many (the default run's sample)."""
    with tarfile.open(CORPUS) as archive:
        members = sorted((m for m in archive.getmembers() if m.isfile() and m.name.endswith(".trf")), key=lambda m: m.name)
        return [Tournament(m.name, archive.extractfile(m).read().decode("utf-8")) for m in members[::every]]


def before_round(text: str, k: int) -> str:
    """The TRF as it stood before round ``k`` was paired."""
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            entries = [line[i:i + 10] for i in range(FIRST_ROUND, len(line), 10)]
            kept = entries[:k - 1]
            if len(entries) >= k and _arbiters_entry(entries[k - 1]):
                kept.append(entries[k - 1])
            line = line[:80] + f"{sum(_points(e) for e in kept):4.1f}" + line[84:FIRST_ROUND] + "".join(kept)
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def drawn(text: str, k: int) -> list[tuple[int, int]]:
    """Round ``k`` as the file holds it: each game (White, Black) by start number, and the
    pairing-allocated bye as (player, 0), in the order of White's start number."""
    games = set()
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        entry = line[FIRST_ROUND + 10 * (k - 1):FIRST_ROUND + 10 * k].ljust(10)
        player, opponent, colour, code = int(line[4:8]), entry[:4].strip(), entry[5], entry[7]
        if code == "U":
            games.add((player, 0))
        elif opponent not in ("", "0000") and colour == "w":
            games.add((player, int(opponent)))
    return sorted(games)


def podium_draws(tournament: Tournament, k: int, folder: Path) -> list[tuple[int, int]]:
    """Round ``k`` as `podium pair` draws it from the file cut before it, imported into ``folder``."""
    content = folder / "content"
    content.mkdir(parents=True)
    (content / "site.yaml").write_text("title: Corpus\n", encoding="utf-8")
    source = folder / "before.trf"
    source.write_text(before_round(tournament.text, k), encoding="utf-8")
    runner = CliRunner()
    with contextlib.chdir(folder):  # where `podium` finds content/, as an arbiter runs it
        for args in (["import", "trf", str(source), "t", "--date", "2026-02-01"], ["pair", "t"]):
            result = runner.invoke(main, args, catch_exceptions=False)
            if result.exit_code:
                raise AssertionError(f"{tournament.name} round {k}: podium {args[0]}: {result.output}")
    number = _start_numbers(tournament.text)
    round_file = yaml.safe_load((content / "events/t/rounds" / f"{k}.yaml").read_text(encoding="utf-8"))
    ids = {p["id"]: number[p["name"]] for p in yaml.safe_load((content / "events/t/registrations.yaml").read_text("utf-8"))}
    games = set()
    for pairing in round_file["pairings"]:
        players = [ids[p] for p in pairing["players"]]
        if pairing.get("bye") is True:
            games.add((players[0], 0))
        elif len(players) == 2:
            games.add((players[0], players[1]))
    return sorted(games)


def _start_numbers(text: str) -> dict[str, int]:
    return {line[14:47].strip(): int(line[4:8]) for line in text.splitlines() if line.startswith("001")}


def _arbiters_entry(entry: str) -> bool:
    return entry[:4].strip() in ("", "0000") and entry[7] in ARBITERS_ENTRIES


def _points(entry: str) -> float:
    code = entry[7]
    return 1.0 if code in "1W+FU" else 0.5 if code in "=DH" else 0.0


def sample_every() -> int:
    """The default run checks one tournament in 125 (10); PODIUM_DUTCH_CORPUS=all every one."""
    return 1 if os.environ.get("PODIUM_DUTCH_CORPUS") == "all" else 125
