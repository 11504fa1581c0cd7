"""The building blocks a ruleset is composed of.

A block is a small class registered under a name (registry.py). Its ``params`` say which
keys a ruleset may set, with their types and defaults, so a ruleset file is checked with the
same quality of messages as content, and the docs page is generated from the same table.
"""
from __future__ import annotations

from abc import ABC
from dataclasses import dataclass
from typing import Any, ClassVar

from podium.errors import Problems, Src


@dataclass(frozen=True)
class Param:
    kind: Any  # a type, or a tuple of types
    default: Any
    doc: str


class Block(ABC):
    """A kind of block (Scoring, …) declares with @abstractmethod every method a stage may call
    on it; a block that lacks one is refused when its ruleset is loaded, never mid-event."""

    name: ClassVar[str] = ""
    params: ClassVar[dict[str, Param]] = {}

    def __init__(self, **values):
        for key, param in self.params.items():
            setattr(self, key, values.get(key, param.default))

    @classmethod
    def build(cls, values: dict, src_of_key, problems: Problems, where: str) -> "Block":
        """Check ``values`` against ``params``; unknown or mistyped keys are reported."""
        good = {}
        for key, value in values.items():
            if key == "kind":
                continue
            param = cls.params.get(key)
            if param is None:
                valid = ", ".join(sorted(cls.params)) or "none"
                problems.add(src_of_key(key), f"unknown parameter '{key}' for {where} '{cls.name}'; valid: {valid}")
            elif not _fits(value, param.kind):
                problems.add(src_of_key(key), f"'{key}' of {where} '{cls.name}' must be {_kind_text(param.kind)}, not {value!r}")
            else:
                good[key] = value
        missing = sorted(getattr(cls, "__abstractmethods__", ()))
        if missing:
            problems.add(src_of_key("kind"), f"{where} '{cls.name}' lacks {', '.join(missing)}, which every {where} "
                         "must answer; it cannot be used (a bug of that block: report it)")
            return None
        return cls(**good)

    def describe(self) -> str:
        return (self.__doc__ or "").strip().split("\n")[0]


def _fits(value, kind) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        return False
    if float in kinds and isinstance(value, int):
        return True
    return isinstance(value, kinds)


def _kind_text(kind) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {int: "a whole number", float: "a number", bool: "true or false", str: "text", list: "a list", dict: "a mapping"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def no_src(_key) -> Src:
    return Src("<built-in>")
