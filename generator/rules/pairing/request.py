"""What a Swiss stage gives its pairing block to draw a round (``SwissPairing.draw``).

Most blocks match on the standings alone (ranked, points, opponents); a block that pairs as a
federation's own system does (chess's Dutch) also reads each player's rounds so far, his
pairing number and the event's choices: all of it travels in one request.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from podium.rules.outcome import Outcome


@dataclass(frozen=True)
class SwissRequest:
    ranked: list[str]  # the players to pair, best first
    points: dict[str, float]
    opponents: dict[str, set[str]]  # whom each has met (never again)
    bye_candidates: list[str]  # from the bye policy, most deserving first
    rng: random.Random  # the round's own seeded draw: every random choice comes from it
    rounds_after: int  # the stage's rounds after this one, kept pairable
    joining: Mapping[str, int]  # late entries → the round after this one they start in
    avoid: frozenset  # groups of players no two of whom are paired where it can be helped
    number: int  # the round to draw, counted from the stage's first
    rounds: int  # the stage's rounds
    history: "StageHistory | None"  # what a block that reads the rounds so far is given (None: the others)
    asked: Mapping[str, str]  # byes asked for in this round: player → full | half | zero
    initial_colour: str  # the colour of the first board's top player in round 1
    acceleration: str | None  # "baku" (FIDE C.04.5.1)

    @cached_property
    def to_pair(self) -> frozenset[str]:
        return frozenset(self.ranked)


@dataclass(frozen=True)
class StageHistory:
    """The rounds so far, for a pairing block that reads them (``SwissPairing.reads_history``)."""

    start_list: tuple[str, ...]  # every entrant of the stage by pairing number, 1 first
    played: Mapping[str, tuple[tuple[Outcome, ...], ...]]  # each entrant's outcomes, a tuple per earlier round of
    # the stage (empty: absent)
