"""What a Swiss stage gives its pairing block to draw a round (``SwissPairing.draw``).

Most blocks match on the standings alone (ranked, points, opponents); a block that pairs as a
federation's own system does (chess's Dutch) also reads each player's rounds so far, his
pairing number and the event's choices: all of it travels in one request.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from podium.rules.outcome import Outcome


@dataclass(frozen=True)
class SwissRequest:
    ranked: list[str]  # the players to pair, best first
    points: dict[str, float]
    opponents: dict[str, set[str]]  # whom each has met (never again)
    bye_candidates: list[str]  # from the bye policy, most deserving first
    rng: random.Random  # the round's own seeded draw: every random choice comes from it
    rounds_after: int = 0  # the stage's rounds after this one, kept pairable
    joining: Mapping[str, int] | None = None  # late entries → the round after this one they start in
    avoid: frozenset = frozenset()  # groups of players no two of whom are paired where it can be helped
    number: int = 1  # the round to draw, counted from the stage's first
    rounds: int = 1  # the stage's rounds
    start_list: tuple[str, ...] = ()  # every entrant of the stage by pairing number, 1 first
    played: Mapping[str, tuple[tuple[Outcome, ...], ...]] = field(default_factory=dict)  # each entrant's outcomes, a
    # tuple per earlier round of the stage (empty: absent)
    asked: Mapping[str, str] = field(default_factory=dict)  # byes asked for in this round: player → full | half | zero
    initial_colour: str | None = None  # the colour of the first board's top player in round 1
    acceleration: str | None = None  # "baku" (FIDE C.04.5.1)
