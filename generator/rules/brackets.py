"""The names of a single-elimination bracket's matches, and its size: the one place that says
what a knockout round is called, for the pairing writer, ``check`` and the knockout stage.

A round is named by how many players it starts with: the final (2), the semifinal (4), the
quarterfinal (8), then ``round-of-16``, ``round-of-32``, ``round-of-64`` … for any power of
two. The semifinal losers' match is ``third-place``. A bracket whose player count is not a
power of two is filled up with byes to the next one, so its first round is named by that.
"""
from __future__ import annotations

import re

FINAL, THIRD_PLACE = "final", "third-place"
NAMED_ROUNDS = {2: FINAL, 4: "semifinal", 8: "quarterfinal"}
_ROUND_OF = re.compile(r"round-of-([1-9][0-9]*)")


def next_power_of_two(count: int) -> int:
    return 1 << max(count - 1, 0).bit_length()


def knockout_rounds(size: int) -> int:
    """Rounds of single elimination for ``size`` players (byes fill up to a power of two)."""
    return max((size - 1).bit_length(), 0)


def round_name(players: int) -> str:
    """The name of a round that starts with ``players`` (a power of two): quarterfinal for 8,
    round-of-64 for 64."""
    return NAMED_ROUNDS.get(players, f"round-of-{players}")


def round_size(name: str) -> int | None:
    """How many players start the round ``name`` (64 for round-of-64); None for no round name."""
    sizes = {label: players for players, label in NAMED_ROUNDS.items()}
    if name in sizes:
        return sizes[name]
    found = _ROUND_OF.fullmatch(name)
    players = int(found.group(1)) if found else 0
    return players if players > max(NAMED_ROUNDS) and players & (players - 1) == 0 else None


def is_match_name(name: str) -> bool:
    return name == THIRD_PLACE or round_size(name) is not None


def match_names_hint() -> str:
    """How the valid names are listed in a message."""
    return f"{FINAL}, {THIRD_PLACE}, semifinal, quarterfinal, round-of-16, round-of-32, round-of-64 (any power of two)"
