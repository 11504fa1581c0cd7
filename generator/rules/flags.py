"""The flags that explain a seat of a round (the report's ``Seat.flag``), named once: why a player
was paired as he was, and why he has a bye, each with the words that explain it."""
from __future__ import annotations

from podium.core.words import N_

PAIRED_DOWN = "paired-down"  # no opponent was left on his points: he plays a lower score group
PAIRED_UP = "paired-up"  # his opponent comes from a higher score group


def bye_flag(reason: str) -> str:
    """The flag of a bye given for ``reason`` (the bye policy's ``reason``: round-1-random …)."""
    return f"bye-{reason}"


ROUND_ONE_RANDOM = "round-1-random"  # the round-1 bye is drawn at random
LOWEST_RANKED = "lowest-ranked"  # to the lowest-ranked player without a bye yet
BYE_REASONS = (ROUND_ONE_RANDOM, LOWEST_RANKED)  # every reason a bye policy of Podium gives
FLAGS = (PAIRED_DOWN, PAIRED_UP, *(bye_flag(reason) for reason in BYE_REASONS))
WORDS = {  # each flag in the words that explain it (English; the site translates them)
    PAIRED_DOWN: N_("Paired down: no opponent was left on the same points"),
    PAIRED_UP: N_("Paired up: plays a player from a higher point group"),
    bye_flag(ROUND_ONE_RANDOM): N_("Bye drawn at random in round 1"),
    bye_flag(LOWEST_RANKED): N_("Bye to the lowest-ranked player without a bye"),
}
