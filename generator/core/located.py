"""Plain data that remembers where it was written: a mapping or a list read from a YAML file,
with the file and line of itself and of each key or item.

The YAML loader (load.py) builds them; the content reader, the ruleset reader and the rules
engine read them (a problem found anywhere is said at its line) without knowing any file.
"""
from __future__ import annotations

from podium.core.errors import Src


class YMap(dict):
    src: Src
    key_srcs: dict
    scalar_texts: dict | None = None  # key → the text as written, for values YAML did not read as text

    def at(self, key) -> Src:
        """Line of ``key`` if present, else the mapping's own line."""
        return self.key_srcs.get(key, self.src)

    def written(self, key) -> str | None:
        """The value of ``key`` as typed in the file, when YAML read it as something other than
        text (``012`` → 10, ``no`` → False): error messages quote what the organizer wrote."""
        return self.scalar_texts.get(key) if self.scalar_texts else None


class YSeq(list):
    src: Src
    item_srcs: list
    scalar_texts: dict | None = None  # index → the text as written, for items YAML did not read as text

    def at(self, index: int) -> Src:
        return self.item_srcs[index] if index < len(self.item_srcs) else self.src

    def written(self, index: int) -> str | None:
        return self.scalar_texts.get(index) if self.scalar_texts else None


def src_of(value, default: Src) -> Src:
    return getattr(value, "src", default)
