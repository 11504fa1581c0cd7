"""The fingerprint of the results a round was drawn from: `pair` writes it into the round file
(``drawn_from:``), `verify` finds by it the committed results a corrected round was drawn from,
and the report marks a round paired before a result of an earlier round was corrected.
"""
from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json


def paired_before_a_correction(rounds, prefixes: list[str] | None = None) -> set[int]:
    """The numbers of the rounds whose 'drawn_from:' names other results than those of the rounds
    before them now: a result was corrected after they were paired, and they stand as paired.
    ``prefixes``: ``prefix_fingerprints(rounds)``, where already worked out."""
    prefixes = prefixes or prefix_fingerprints(rounds)
    return {rnd.number for index, rnd in enumerate(rounds)
            if rnd.drawn_from is not None and rnd.drawn_from != prefixes[index]}


def results_fingerprint(rounds) -> str:
    """A short fingerprint of everything rounds 1 … n−1 say (pairings, results, drops, penalties),
    and nothing about where it is written: lines, comments and formatting do not count, nor do
    fields left at their default (so a field added in a later version keeps old fingerprints)."""
    return prefix_fingerprints(rounds)[-1]


def prefix_fingerprints(rounds) -> list[str]:
    """The fingerprints of no round, round 1, rounds 1–2 … all of them, in one pass: each is the
    hash of the rounds' facts as one JSON list, '[' + ', '.join(each round's JSON) + ']', which
    is what json.dumps writes of the list (so the fingerprints stay those pair wrote)."""
    digest, found = hashlib.sha256(b"["), []
    for index, rnd in enumerate(rounds):
        found.append(_closed(digest))
        digest.update((", " if index else "").encode() + _json(rnd).encode())
    return [*found, _closed(digest)]


def _closed(digest) -> str:
    ended = digest.copy()
    ended.update(b"]")
    return ended.hexdigest()[:16]


def _json(rnd) -> str:
    return json.dumps(_facts(rnd), sort_keys=True, ensure_ascii=False, default=_plain)


_WHERE_WRITTEN = {"src", "key_srcs", "drop_srcs", "drawn_from", "late_entries"}  # and what the draw wrote of itself


def _facts(value):
    if dataclasses.is_dataclass(value):
        return {f.name: _facts(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.name not in _WHERE_WRITTEN and getattr(value, f.name) != _default(f)}
    if isinstance(value, (tuple, list)):
        return [_facts(item) for item in value]
    return value


def _default(field):
    if field.default is not dataclasses.MISSING:
        return field.default
    return field.default_factory() if field.default_factory is not dataclasses.MISSING else dataclasses.MISSING


def _plain(value):
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    raise TypeError(f"a round holds a {type(value).__name__}, which has no fingerprint")
