"""A change to the content read before it is written: a file "proposed" to hold a text reads as
holding it (the results desk checks a save this way). Its own module, with nothing imported, so
that a build with nothing changed hashes the content without loading the YAML reader."""
from __future__ import annotations

import os
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

_PROPOSED: ContextVar[dict] = ContextVar("proposed", default={})  # absolute path → the text it would hold


@contextmanager
def proposed(path: Path, text: str):
    """Within this block, ``path`` reads as holding ``text``: the content as a change would make
    it, read and checked by the one reader before anything is written (the results desk)."""
    token = _PROPOSED.set({**_PROPOSED.get(), os.path.abspath(path): text})
    try:
        yield
    finally:
        _PROPOSED.reset(token)


def proposed_text(path) -> str | None:
    """What ``path`` would hold under a change being checked (``proposed``); None: as on disk."""
    instead = _PROPOSED.get()
    return instead.get(os.path.abspath(path)) if instead else None
