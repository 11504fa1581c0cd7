"""What one pairing means for each player once the ruleset has scored it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    player: str
    opponent: str | None  # None for a bye
    result: str  # win | loss | draw | bye
    points: float
    margin: float
    round: int
    army: str | None = None


def tidy(number):
    """3.0 → 3, so integer scores print and serialise as integers."""
    if isinstance(number, float) and number.is_integer():
        return int(number)
    return number
