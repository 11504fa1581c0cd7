"""The flags that explain a seat of a round (the report's ``Seat.flag``), named once: why a player
was paired as he was, and why he has a bye. The site words each (site/labels.py FLAGS; a test
keeps the two in step)."""
from __future__ import annotations

PAIRED_DOWN = "paired-down"  # no opponent was left on his points: he plays a lower score group
PAIRED_UP = "paired-up"  # his opponent comes from a higher score group


def bye_flag(reason: str) -> str:
    """The flag of a bye given for ``reason`` (the bye policy's ``reason``: round-1-random …)."""
    return f"bye-{reason}"


ROUND_ONE_RANDOM = "round-1-random"  # the round-1 bye is drawn at random
LOWEST_RANKED = "lowest-ranked"  # to the lowest-ranked player without a bye yet
BYE_REASONS = (ROUND_ONE_RANDOM, LOWEST_RANKED)  # every reason a bye policy of Podium gives
FLAGS = (PAIRED_DOWN, PAIRED_UP, *(bye_flag(reason) for reason in BYE_REASONS))
