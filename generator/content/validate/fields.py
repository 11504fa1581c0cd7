"""Fields: the keys of one YAML mapping read as its declared model (podium.content.validate.schema) says, each
problem said at the value's line in the house's words."""
from __future__ import annotations

import datetime

from podium.core.errors import Problems, Src, suggest
from podium.content.load import with_colon_space
from podium.core.located import YMap, src_of
from podium.rules.blocks import src_within
from podium.content.validate.schema import Declared, declared_keys, not_declared
from podium.core.slug import MAX_SLUG, is_slug, slugify
from podium.content.validate.files import UNREADABLE
from podium.core.values import checked, described, is_blank


class Fields:
    """Reads the keys of one YAML mapping as its declared model says (podium.content.validate.schema): each value
    checked against its kind by pydantic, the required ones asked for, the undeclared ones
    reported at the end. Each problem is said at the value's line, in the house's words."""

    def __init__(self, data, src: Src, problems: Problems, what: str, model: type[Declared]):
        self.model = model
        self.declared = declared_keys(model)  # key → (kind, required): looked up for every value read
        # A file that does not parse, or holds a list or a single value, is reported once:
        # every key it lacks would only repeat that problem.
        self.unreadable = data is UNREADABLE or (data is not None and not isinstance(data, YMap))
        if not isinstance(data, YMap):
            if data is not None and data is not UNREADABLE:
                problems.add(where_written(data, src), f"{what} must be a mapping of 'key: value' lines{_colon_space_hint(data)}")
            data = YMap()
            data.src, data.key_srcs = src._replace(line=max(src.line, 1)), {}  # a missing key goes at the top
        self.data, self.problems, self.what = data, problems, what
        self.src = data.src

    def at(self, key: str) -> Src:
        return self.data.at(key)

    def get(self, key: str, kind=None, required: bool | None = None, default=None):
        """The value of ``key`` as written (a list keeps its lines); ``kind`` may narrow the
        declared one (an index where an id or an index is declared), ``required`` may depend on
        another key. None (the ``default``) when missing or not of its kind."""
        if kind is None or required is None:
            declared = self.declared.get(key)
            if declared is None:
                raise not_declared(self.model, key)
            kind = declared[0] if kind is None else kind
            required = declared[1] if required is None else required
        value = self.data.get(key)
        if value is None:  # left out, or written with nothing after the colon
            if required and not self.unreadable and key in self.data:
                self.problems.add(self.at(key), f"'{key}' is empty, and {self.what} needs it; write it after the colon")
            elif required and not self.unreadable:
                self.problems.add(self.src, f"{self.what} needs '{key}'")
            return default
        wrong = checked(kind, value)[1]
        for place, why in wrong:
            self.problems.add(src_within(value, place, self.at(key)), self._said(key, place, why, value))
        if wrong:
            return default
        if required and isinstance(value, str) and is_blank(value):
            self.problems.add(self.at(key), f"'{key}' is blank, and {self.what} needs it; write it after the colon")
            return default
        return value

    def _said(self, key: str, place: tuple, why: str, value) -> str:
        """``why`` a value is not of its kind, with YAML's usual slips named: 012 read as 10,
        a date with a time."""
        written = self.data.written(key) if not place else None
        if written is not None and why.startswith(("must be text,", "must be text or")):
            # YAML reads 012 as 10, no as false and 2023-05-06 as a date: quoting keeps the text
            return (f"'{key}' must be text, but YAML reads {written} as {described(value)}; put it in quotes: "
                    f"{key}: \"{written}\"")
        if not place and isinstance(value, datetime.datetime):
            return f"'{key}' must be a date without a time (YYYY-MM-DD), not {written or value}"
        return f"'{key}' {why}"

    def slug(self, key: str, required: bool | None = None):
        value = self.get(key, str, required)
        if value is not None and not is_slug(value):
            self.problems.add(self.at(key), f"'{key}' must be a lowercase slug like '{slugify(value)[:MAX_SLUG] or 'my-id'}' "
                              f"(a-z, 0-9, -; at most {MAX_SLUG} characters)")
            return None
        return value

    def finish(self) -> None:
        valid = self.declared
        for key in self.data:
            if key not in valid:
                self.problems.add(self.at(key), f"unknown key '{key}' in {self.what}{suggest(key, valid)}; "
                                  f"valid keys: {', '.join(sorted(valid))}")


def _colon_space_hint(data) -> str:
    """'name:Anna' is one text to YAML, not a key and its value: the commonest slip of all."""
    fixed = with_colon_space(data) if isinstance(data, str) else None
    return f"; YAML needs a space after the colon: '{fixed}'" if fixed else ""


def where_written(data, file_src: Src) -> Src:
    """Where a value of the wrong kind was written: its own line, or the file's first line for
    a single value (YAML keeps no line for a plain top-level scalar)."""
    return src_of(data, file_src._replace(line=max(file_src.line, 1)))


def string_list(f: Fields, key: str) -> list[str] | None:
    """A list of names (armies, colours, judges): its kind (list of one-line text) is declared."""
    value = f.get(key)
    return None if value is None else list(value)
