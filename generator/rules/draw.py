"""Seeded randomness (DESIGN.md §7). Nothing in the engine touches the global random module.

Every draw is derived from the event's committed seed plus the purpose and round, hashed, so
anyone can re-run it and get the same result.

A player's lot is drawn for one purpose: the label is part of the hash, so lots drawn for
different purposes are independent. Two purposes exist:

- ``TIEBREAK`` ("lot"): the random tie-break of the standings (NS HEX 2023 §5.6 II, FFG
  "Losowo"), and equal ratings when seeding. The label is the one every earlier version
  used, so standings already published keep their order.
- ``ROUND_ONE_BYE`` ("round-1-bye"): who gets the bye of round 1, "a random player" (NS HEX
  2023 §5.4, FFG). Up to Podium 0.2 the round-1 bye went to the player ranked last by the
  tie-break lots, so he also lost every later random tie-break; now it is its own draw.

Up to Podium 0.2 a player's one tie-break lot decided every random tie of the event: the
player it put last lost them all — the standings after each round (hence later byes), the cut,
the final order, equal ratings when seeding. Now each tie is a draw of its own
(``tie_purpose``): the players tied and the moment of the standings are part of its label.

An event's ``draws:`` says which version of the draws made it (``DRAW_VERSIONS``), so an
event drawn by an earlier version is re-drawn (``podium pair``, ``podium verify``) as it was.
"""
from __future__ import annotations

import hashlib
import random

TIEBREAK = "lot"
ROUND_ONE_BYE = "round-1-bye"

SHARED_LOTS = 1  # Podium 0.2 and earlier: the tie-break lots also chose the round-1 bye; FFG Swiss by least cost
LOT_PER_PURPOSE = 2  # a lot per purpose and per tie; FFG Swiss top-down by score group
DUTCH = 3  # chess Swiss rounds by the FIDE Dutch system (py4swiss), where version 2 matched them as other games
ROUND_3_RULES = 4  # issue 35's draws: FFG floats only where forced, round-robin starts evened, equal 2-vs-2 groups
CURRENT = ROUND_3_RULES
DRAW_VERSIONS = {
    SHARED_LOTS: "Podium 0.2 and earlier: one lot per player chose the round-1 bye and broke random ties; "
                 "ffg-conquest Swiss rounds paired by least total cost",
    LOT_PER_PURPOSE: "a lot per purpose (the round-1 bye drawn apart from the tie-break lots) and per tie; "
                     "ffg-conquest Swiss rounds paired top-down by score group; chess-swiss rounds by Podium's "
                     "matching (the least squared point differences)",
    DUTCH: "chess-swiss rounds paired by the FIDE Dutch system (C.04.3)",
    ROUND_3_RULES: "ffg-conquest Swiss rounds float a player only where the score groups above force it; who is "
                   "first in a round-robin pairing evened out; micromutants-extreme groups of equal games",
}

# What the organizer of an event drawn before CURRENT writes in its event.yaml, said in a sentence.
EARLIER_DRAWS = ("'draws: 1' (0.2.0 or earlier), 'draws: 2' (a chess Swiss paired before the Dutch system) or "
                 "'draws: 3' (Podium 0.3)")


def derive(seed: int, *parts) -> int:
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def rng(seed: int, *parts) -> random.Random:
    """A private random generator for one draw (``rng(event.seed, "pair", 3)``)."""
    return random.Random(derive(seed, *parts))


def inputs_digest(players) -> str:
    """A short digest of who is being drawn, so a changed field gives a different draw."""
    return hashlib.sha256(" ".join(sorted(players)).encode()).hexdigest()[:16]


def lot(seed: int, player_id: str, purpose: str = TIEBREAK) -> int:
    """A player's lot for one ``purpose``: a fixed random number drawn once per event."""
    return derive(seed, purpose, player_id)


def tie_purpose(moment: str, tied) -> str:
    """The label of one random tie-break: the players tied, and the moment of the standings
    (the stage and the results counted so far), so every tie is drawn anew."""
    return f"{TIEBREAK} {moment} {inputs_digest(tied)}"


def seeding_purpose(stage_index: int) -> str:
    """The label of the lots ordering equal ratings when a stage is seeded by rating."""
    return f"seeding {stage_index}"
