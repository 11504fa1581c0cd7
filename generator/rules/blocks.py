"""The building blocks a ruleset is composed of.

A block is a small class registered under a name (registry.py). Its ``params`` say which
keys a ruleset may set, with their types and defaults, so a ruleset file is checked with the
same quality of messages as content, and the docs page is generated from the same table.
"""
from __future__ import annotations

from abc import ABC
from dataclasses import dataclass
from typing import Any, ClassVar

from podium.core.errors import Problems, Src, suggest
from podium.core.located import YMap, YSeq
from podium.core.values import checked


@dataclass(frozen=True)
class Param:
    kind: Any  # a declared kind: a type or an annotated type (podium.core.values), checked by pydantic
    default: Any
    doc: str


class Block(ABC):
    """Each kind of block has an abstract base (Scoring, ByePolicy, …: registry.BASES) that
    declares every method a stage may call on it: with @abstractmethod what each block must
    answer, with a default what most blocks answer alike. A block that lacks an abstract one is
    refused when its ruleset is loaded (``unanswered``), never mid-event."""

    name: ClassVar[str] = ""
    params: ClassVar[dict[str, Param]] = {}

    def __init__(self, **values):
        for key, param in self.params.items():
            setattr(self, key, values.get(key, param.default))

    @classmethod
    def build(cls, values: dict, src_of_key, problems: Problems, where: str) -> "Block":
        """Check ``values`` against ``params`` (each a declared kind, podium.core.values); unknown
        keys and values not of their kind are reported at their lines, then the block's own
        ``agreement`` of its values."""
        good = {}
        for key, value in values.items():
            if key == "kind":
                continue
            param = cls.params.get(key)
            if param is None:
                valid = ", ".join(sorted(cls.params)) or "none"
                problems.add(src_of_key(key), f"unknown parameter '{key}' for {where} '{cls.name}'{suggest(key, cls.params)}; "
                             f"valid: {valid}")
                continue
            parsed, fine = checked_at(param.kind, value, src_of_key(key), f"of {where} '{cls.name}'", key, problems)
            if fine:  # a list or mapping the kind leaves as written keeps its lines, for later checks
                good[key] = value if isinstance(value, (YSeq, YMap)) and parsed == value else parsed
        lacking = unanswered(cls, where)
        if lacking:
            problems.add(src_of_key("kind"), lacking)
            return None
        block = cls(**good)
        for key, why in block.agreement():
            problems.add(src_of_key(key), f"'{key}' of {where} '{cls.name}' {why}")
        return block

    def agreement(self) -> list[tuple[str, str]]:
        """(parameter, why) for values that contradict each other (a loss worth more than a win);
        none by default."""
        return []

    def describe(self) -> str:
        return (self.__doc__ or "").strip().split("\n")[0]


def unanswered(cls, where: str) -> str:
    """Why block class ``cls`` cannot serve as a ``where``: the methods its kind declares
    (@abstractmethod) that it does not answer; "" when it answers them all. Said when the ruleset
    naming it is loaded, so that a stage never finds a method missing in the middle of an event."""
    missing = sorted(getattr(cls, "__abstractmethods__", ()))
    if not missing:
        return ""
    return (f"{where} '{cls.name}' lacks {', '.join(missing)}, which every {where} must answer; it cannot be used "
            "(a bug of that block: report it)")


def checked_at(kind, value, src: Src, whose: str, key: str, problems: Problems) -> tuple[Any, bool]:
    """``value`` of ``key`` as ``kind`` (values.checked), each problem said at its own line
    inside the value ('points[2]' of bye policy 'lowest-ranked' …); and whether it has none."""
    parsed, wrong = checked(kind, value)
    for place, why in wrong:
        inside = "".join(f"[{p!r}]" if isinstance(p, str) else f"[{p}]" for p in place)
        problems.add(src_within(value, place, src), f"'{key}{inside}' {whose} {why}")
    return parsed, not wrong


def src_within(value, place: tuple, outer: Src) -> Src:
    """The line of ``value[place[0]][place[1]]…`` as the YAML reader kept it (``.at``), or the
    nearest line above it."""
    src = outer
    for part in place:
        if not hasattr(value, "at"):
            break
        try:
            src, value = value.at(part), value[part]
        except (KeyError, IndexError, TypeError):
            break
    return src
