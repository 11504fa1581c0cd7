"""The kinds of value content files and rulesets hold, declared once, and how a value that is
not of its kind is said to the organizer.

The kinds are pydantic annotated types (a count of points, a number of rounds, a line of
text …): a ruleset block declares its parameters with them, and pydantic checks a value
against its kind in strict mode (``"3"`` is not 3, ``true`` is not 1). ``problems_of`` turns
pydantic's errors into this project's messages — what the key must be, at the line of the
value — so a declared kind reads as well as the hand-written checks it replaces.
"""
from __future__ import annotations

import datetime
import difflib
import unicodedata
from functools import lru_cache
from typing import Annotated, Any

from pydantic import AfterValidator, Field, TypeAdapter, ValidationError
from pydantic_core import PydanticCustomError

LONGEST_LINE = 200  # characters of one line of text: far beyond any real name
LONGEST_TEXT = 100_000  # characters of Markdown
MOST = 99  # rounds of a stage, games of a match: more is a slip of the keyboard, and would take for ever to plan

_ODD = ("Cc", "Zl", "Zp")  # control characters, line and paragraph separators
_DIRECTION_CONTROLS = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def text_problem(value: str, multiline: bool = False) -> str | None:
    """Why ``value`` cannot be a text: longer than any real one, or holding a character that
    breaks the pages and the terminal (a control character; a line break outside Markdown) or
    shows the text other than it is (a direction override). Said without the key: the caller
    names it."""
    longest = LONGEST_TEXT if multiline else LONGEST_LINE
    if len(value) > longest:
        return f"is {len(value):,} characters long; at most {longest:,}"
    allowed = "\n\t" if multiline else ""
    odd = next((char for char in value if (char in _DIRECTION_CONTROLS or unicodedata.category(char) in _ODD)
                and char not in allowed), None)
    if odd is None:
        return None
    if odd in "\n\r\x85\u2028\u2029":
        shown = "a line break"
    elif odd in _DIRECTION_CONTROLS:
        shown = f"the direction override U+{ord(odd):04X}"
    else:
        shown = f"the control character \\x{ord(odd):02x}"
    return f"holds {shown}, which has no place in it; write it as one line of plain text"


def is_blank(text: str) -> bool:
    """Nothing a reader would see: empty, spaces of any kind, or invisible characters (U+200B)."""
    return all(char.isspace() or unicodedata.category(char) in ("Cf", "Zs") for char in text)


def _text_of(multiline: bool):
    """A validator that refuses what ``text_problem`` names."""
    def check(text: str) -> str:
        if problem := text_problem(text, multiline):
            raise PydanticCustomError("one_line", problem)
        return text
    return check


# ------------------------------------------------------------------ the kinds

OneLine = Annotated[str, AfterValidator(_text_of(multiline=False))]
Markdown = Annotated[str, AfterValidator(_text_of(multiline=True))]
Count = Annotated[int, Field(ge=0, le=1000)]  # points of a result, secondary points, players
Points = Annotated[float, Field(ge=0, le=1000)]  # may be a half (a bye worth 0.5, TP to 0.1)
Rounds = Annotated[int, Field(ge=1, le=MOST)]
Players = Annotated[int, Field(ge=1, le=100_000)]


# ------------------------------------------------------------------ checking, and saying why not

@lru_cache(maxsize=None)
def adapter(kind) -> TypeAdapter:
    return TypeAdapter(kind)


def checked(kind, value) -> tuple[Any, list[tuple[tuple, str]]]:
    """``value`` as ``kind`` (strictly: YAML's ``"3"`` is not a number), and the problems with
    it: (where inside the value, what it must be) — an empty place is the value itself."""
    try:
        return adapter(kind).validate_python(value, strict=True), []
    except ValidationError as exc:
        return None, _one_problem_a_place(exc.errors())


def _one_problem_a_place(errors: list[dict]) -> list[tuple[tuple, str]]:
    """One problem for each place in the value. A kind with alternatives (a whole number or a
    tenth) fails once per alternative; the value is one mistake, so its problem names what it
    may be: 'must be a number', or 'must be text or a list'."""
    by_place: dict[tuple, list[dict]] = {}
    for error in errors:
        by_place.setdefault(tuple(p for p in error["loc"] if not _alternative_tag(p)), []).append(error)
    found = []
    for place, alike in by_place.items():
        words = list(dict.fromkeys(_MUST[e["type"]] for e in alike if e["type"] in _MUST))
        if "a number" in words and "a whole number" in words:
            words.remove("a whole number")  # a whole number is a number: the wider says it
        if len(words) > 1:
            found.append((place, f"must be {' or '.join(words)}, not {described(alike[0].get('input'))}"))
        else:
            found.append((place, phrase(next((e for e in alike if _MUST.get(e["type"]) in words), alike[0]))))
    return found


def _alternative_tag(part) -> bool:
    """pydantic's name of a union's alternative in an error's location ('int', 'list[str]')."""
    return isinstance(part, str) and (part in ("int", "float", "str", "bool", "date", "datetime") or "[" in part)


def phrase(error: dict) -> str:
    """A pydantic error as the rest of Podium says it: 'must be a whole number, not 'abc''."""
    kind, ctx, given = error["type"], error.get("ctx") or {}, error.get("input")
    words = _MUST.get(kind)
    if kind == "one_line":
        return error["msg"]
    if kind == "value_error":  # a kind's own check (a cut that is not a power of two): its words
        return str(ctx.get("error", error["msg"]))
    if kind in ("greater_than_equal", "greater_than"):
        return f"must be at least {ctx.get('ge', ctx.get('gt')):g}, not {described(given)}"
    if kind in ("less_than_equal", "less_than"):
        return f"must be at most {ctx.get('le', ctx.get('lt')):g}, not {described(given)}"
    if kind == "literal_error":
        options = str(ctx.get("expected")).replace("''", "(nothing)").replace("'", "")
        close = difflib.get_close_matches(str(given), options.replace(" or ", ", ").split(", "), n=1)
        return f"must be one of {options}, not {described(given)}" + (f" (did you mean '{close[0]}'?)" if close else "")
    if kind == "date_type":
        return f"must be a date written YYYY-MM-DD without quotes, like 2026-05-16 (a real month and day, no time), " \
               f"not {described(given)}"
    if kind == "missing":
        return "is missing"
    if kind == "extra_forbidden":
        return "is not a key of it"
    if kind in ("too_short", "too_long"):
        return f"must have {ctx.get('min_length') if kind == 'too_short' else ctx.get('max_length')} " \
               f"item{'s' if (ctx.get('min_length') or ctx.get('max_length')) != 1 else ''} at {'least' if kind == 'too_short' else 'most'}"
    if words:
        return f"must be {words}, not {described(given)}"
    return error["msg"]  # a kind this table does not know yet: pydantic's own words


_MUST = {
    "int_type": "a whole number", "int_from_float": "a whole number", "float_type": "a number",
    "bool_type": "true or false", "string_type": "text", "list_type": "a list", "dict_type": "a mapping (key: value)",
    "model_type": "a mapping (key: value)", "model_attributes_type": "a mapping (key: value)",
    "int_parsing": "a whole number", "float_parsing": "a number",
}


def described(value) -> str:
    """A value as a problem names it: 'abc' quoted, the number 10, the date 2023-05-06, true."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "a mapping"
    if isinstance(value, datetime.datetime):
        return f"the date and time {value.isoformat(sep=' ')}"
    if isinstance(value, datetime.date):
        return f"the date {value.isoformat()}"
    if isinstance(value, (int, float)):
        return f"the number {value:g}" if isinstance(value, float) else f"the number {value}"
    return repr(value[:40] + "…" if isinstance(value, str) and len(value) > 40 else value)


def json_schema_of(kind) -> dict:
    """The JSON Schema of a kind, for editors (inline: no $defs to resolve)."""
    schema = adapter(kind).json_schema()
    defs = schema.pop("$defs", {})
    return _inlined(schema, defs)


def _inlined(node, defs: dict):
    if isinstance(node, dict):
        if "$ref" in node:
            return _inlined(defs[node["$ref"].rsplit("/", 1)[1]], defs)
        return {key: _inlined(value, defs) for key, value in node.items()}
    if isinstance(node, list):
        return [_inlined(item, defs) for item in node]
    return node


def kind_text(kind) -> str:
    """A kind in words, for the reference of building blocks."""
    schema = adapter(kind).json_schema()
    return _schema_text(schema)


def _schema_text(schema: dict) -> str:
    if "enum" in schema or "const" in schema:
        return "one of " + ", ".join(str(v) or "(empty)" for v in schema.get("enum", [schema.get("const")]))
    kind = schema.get("type")
    if kind == "array":
        return f"list of {_schema_text(schema.get('items', {}))}"
    if kind == "object":
        return "mapping"
    names = {"integer": "whole number", "number": "number", "boolean": "true/false", "string": "text"}
    text = names.get(kind, "value")
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        text += f" {low:g}–{high:g}"
    elif low is not None:
        text += f" ≥ {low:g}"
    return text
