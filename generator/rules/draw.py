"""Seeded randomness (DESIGN.md §7). Nothing in the engine touches the global random module.

Every draw is derived from the event's committed seed plus the purpose and round, hashed, so
anyone can re-run it and get the same result.
"""
from __future__ import annotations

import hashlib
import random


def derive(seed: int, *parts) -> int:
    text = ":".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def rng(seed: int, *parts) -> random.Random:
    """A private random generator for one draw (``rng(event.seed, "pair", 3)``)."""
    return random.Random(derive(seed, *parts))


def inputs_digest(players) -> str:
    """A short digest of who is being drawn, so a changed field gives a different draw."""
    return hashlib.sha256(" ".join(sorted(players)).encode()).hexdigest()[:16]


def lot(seed: int, player_id: str) -> int:
    """A player's lot: a fixed random number drawn once per event for random tie-breaks."""
    return derive(seed, "lot", player_id)
