"""Colour allocation: who has White in a Swiss round's games — what every block of colour rules
answers (``ColourAllocation``). A game's own rules live in its module (rules/games/)."""
from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass

from podium.rules.blocks import Block

WHITE, BLACK = "white", "black"


@dataclass(frozen=True)
class ColourStanding:
    """What colour rules read of one player before a round: the colours of the games he played,
    oldest first (unplayed games and byes left out), where he stands for the pairing (0 first)
    and his pairing number (the start list's order, 1 first)."""

    history: tuple[str, ...]
    rank: int
    number: int


class ColourAllocation(Block):
    """What every block of colour rules answers: a Swiss stage asks it which pairs the matching
    should avoid, then, the pairs matched, who of each has White."""

    @abstractmethod
    def avoided(self, standings: dict[str, ColourStanding]) -> set[frozenset]:
        """Groups of players no two of whom can both be given their colour, which the matching
        keeps apart when it can (else it pairs them, and ``white_first`` decides)."""

    @abstractmethod
    def white_first(self, pair: tuple[str, str], standings: dict[str, ColourStanding], initial: str) -> tuple[str, str]:
        """``pair`` with White first; ``initial``: the initial colour the event's lot drew."""
