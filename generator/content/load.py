"""① YAML → plain data that remembers, for every node, the file and line it came from.

Mappings load as ``YMap`` (a dict) and sequences as ``YSeq`` (a list); both know their own
``src`` and the ``src`` of each key or item, so any later stage can point an organizer at
the exact line. Scalars load as plain Python values.

The loader is also the first line of defence against hostile files: an alias is built once
and shared (a "billion laughs" file cannot explode memory or time), an alias may not contain
itself, nesting and alias expansion are capped, and values YAML accepts but no tournament
file can mean — impossible dates, NaN, infinities, numbers of thousands of digits — are
refused with their line.
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import yaml

from podium.core.errors import Src, fail
from podium.core.located import YMap, YSeq
from podium.content.proposed import proposed_text

MAX_DEPTH = 64  # no content file nests deeper than ~6 levels; deeper is a mistake or an attack
MAX_NUMBER = 10 ** 15  # 15 digits: every whole number below it is exact as a float too
MAX_ALIAS_EXPANSION = 100_000  # values that aliases may add to a document beyond what is written


_STR = "tag:yaml.org,2002:str"
_plain_tags: dict[str, str] = {}  # plain scalar text → its resolved tag (``_Loader.resolve``)
_REMEMBERED_TEXT, _REMEMBERED_TAGS = 64, 200_000  # bounds: a hostile file cannot grow it without end
_MERGE = "tag:yaml.org,2002:merge"


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml parses ~10× faster
    """SafeLoader that builds YMap/YSeq, refuses duplicate keys and ``12:5`` numbers, and builds
    every anchored node once (see the module docstring)."""

    def __init__(self, stream, path: str):
        super().__init__(stream)
        self.path = path
        self.built: dict[int, object] = {}  # id(node) → value, for lists and mappings
        self.sizes: dict[int, int] = {}  # id(node) → number of values it holds, all levels
        self.in_progress: set[int] = set()
        self.expanded = 0  # values added by aliases so far

    def _src(self, node) -> Src:
        return Src(self.path, node.start_mark.line + 1)

    def resolve(self, kind, value, implicit):
        """A node's tag. A plain scalar's depends on its text alone (this loader has no path
        resolvers), so each short text is matched against YAML's patterns once per process, not
        at every occurrence: a ten-times archive holds ~1.5 million scalars, mostly the same ids,
        numbers and words again."""
        if kind is not yaml.ScalarNode or not implicit[0] or len(value) > _REMEMBERED_TEXT:
            return super().resolve(kind, value, implicit)
        tag = _plain_tags.get(value)
        if tag is None:
            tag = super().resolve(kind, value, implicit)
            if len(_plain_tags) < _REMEMBERED_TAGS:
                _plain_tags[value] = tag
        return tag

    def construct_document(self, node):
        return self._build(node, 0)

    def _build(self, node, depth: int):
        if node.tag == _STR:  # most values: no constructor needed (a national archive has ~100,000)
            return node.value
        if isinstance(node, yaml.ScalarNode):
            return self._build_scalar(node)
        key = id(node)
        if key in self.built:
            return self._reuse(node)
        if key in self.in_progress:
            raise fail(self._src(node), "an alias (*name) refers to the list or mapping that contains it; "
                       "YAML data here must be a tree: write the values out instead")
        if depth > MAX_DEPTH:
            raise fail(self._src(node), f"lists and mappings nested more than {MAX_DEPTH} levels deep; "
                       "content files need only a few levels — check the indentation")
        self.in_progress.add(key)
        value = self._build_map(node, depth) if isinstance(node, yaml.MappingNode) else self._build_seq(node, depth)
        self.in_progress.discard(key)
        self.built[key] = value
        return value

    def _reuse(self, node):
        """An alias: the value built at the anchor, shared; its size counts against the cap."""
        self.expanded += self._size(node)
        if self.expanded > MAX_ALIAS_EXPANSION:
            raise fail(self._src(node), f"aliases (*name) in this file expand to more than {MAX_ALIAS_EXPANSION:,} "
                       "values; write the data out, or use fewer nested aliases")
        return self.built[id(node)]

    def _size(self, node) -> int:
        if not isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            return 1
        key = id(node)
        if key not in self.sizes:
            children = [v for pair in node.value for v in pair] if isinstance(node, yaml.MappingNode) else node.value
            self.sizes[key] = 1 + sum(self._size(child) for child in children)
        return self.sizes[key]

    def _build_seq(self, node, depth: int) -> YSeq:
        seq = YSeq(self._build(item, depth + 1) for item in node.value)
        seq.src, seq.item_srcs = self._src(node), [self._src(item) for item in node.value]
        texts = {index: item.value for index, item in enumerate(node.value) if _read_as_non_text(item)}
        if texts:
            seq.scalar_texts = texts
        return seq

    def _build_map(self, node, depth: int) -> YMap:
        result = YMap()
        result.src, result.key_srcs = self._src(node), {}
        merged = {}
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                merged.update(self._merged(value_node, depth))
                continue
            key = self._build(key_node, depth + 1)
            if isinstance(key, (YMap, YSeq)):
                raise fail(self._src(key_node), "a key must be a plain word, not a list or mapping")
            if key in result:
                raise fail(self._src(key_node), f"duplicate key '{key}' (first at line {result.key_srcs[key].line}); keep one")
            result[key] = self._build(value_node, depth + 1)
            result.key_srcs[key] = self._src(key_node)
            if _read_as_non_text(value_node):
                result.scalar_texts = result.scalar_texts or {}
                result.scalar_texts[key] = value_node.value
        for key, (value, src) in merged.items():  # keys written here win over merged ones (YAML merge)
            if key not in result:
                result[key], result.key_srcs[key] = value, src
        return result

    def _merged(self, node, depth: int) -> dict:
        """``<<: *defaults`` or ``<<: [*a, *b]``: the keys to merge, earlier mappings first."""
        sources = node.value if isinstance(node, yaml.SequenceNode) else [node]
        merged = {}
        for source in reversed(sources):
            value = self._build(source, depth + 1)
            if not isinstance(value, YMap):
                raise fail(self._src(source), "'<<' merges mappings: write '<<: *name' where &name marks a mapping")
            merged.update((key, (item, value.at(key))) for key, item in value.items())
        return merged

    def _build_scalar(self, node):
        try:
            value = self.construct_object(node, deep=True)
        except (ValueError, KeyError, AttributeError):  # what PyYAML's constructors raise on a value their tag refuses
            raise fail(self._src(node), _unreadable(node)) from None
        if isinstance(value, bytes):
            raise fail(self._src(node), "a '!!binary' value has no place in content; write the text itself")
        if isinstance(value, float) and not math.isfinite(value):
            raise fail(self._src(node), f"'{node.value}' is not a number a result can have; write a number like 12 or 12.5")
        if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) >= MAX_NUMBER:
            raise fail(self._src(node), too_large(node.value, value))
        if isinstance(value, (int, float)) and not isinstance(value, bool) and ":" in str(node.value) and not node.style:
            raise fail(self._src(node), f"'{node.value}' reads as the number {value} in YAML; "
                       "write a score as a list like [12, 5], or quote a clock time like \"14:10\"")
        return value


def too_large(written: str, value) -> str:
    """Scores, ratings, points and seeds are all far below MAX_NUMBER; larger ones would turn
    into floats that lose digits or overflow mid-sum, so they are a typo or an attack."""
    if isinstance(value, int):
        digits = len(written.lstrip("+-").replace("_", ""))
        shown = written if len(written) <= 20 else f"{written[:20]}…"
        return f"'{shown}' is a number of {digits} digits; no tournament number is that large: write at most 15 digits"
    return f"'{written[:20]}' is a number too large for a tournament; write at most 15 digits"


def _read_as_non_text(node) -> bool:
    return node.tag != _STR and isinstance(node, yaml.ScalarNode)


def _unreadable(node) -> str:
    """Why YAML could not build a scalar: a date that does not exist, or a number too long."""
    kind = node.tag.rpartition(":")[2]
    if kind == "timestamp":
        return (f"'{node.value}' is not a real date; write YYYY-MM-DD with a real month and day "
                "(or put it in quotes if it is a name)")
    if kind in ("int", "float") and len(node.value) > 1000:
        return f"'{node.value[:20]}…' is a number of {len(node.value)} digits; write a shorter number"
    return f"'{node.value[:40]}' cannot be read as the {kind} its tag '!!{kind}' asks for; remove the tag"


SAFE_NESTING_MARKS = 10_000  # libyaml's composer recurses in C and crashes the process beyond ~20,000 levels


def _refuse_deep_nesting(text: str, path: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before libyaml composes the file. Every level opens
    with one of ``[ { - ? :``, so a file with few of them cannot be deep; only a larger file
    pays for a pass over its parse events (cheaper than composing)."""
    if sum(text.count(mark) for mark in "[{-?:") < SAFE_NESTING_MARKS:
        return
    events = _Loader(text, path)
    depth = 0
    try:
        while events.check_event():
            event = events.get_event()
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise _too_deep(path, event.start_mark)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    finally:
        events.dispose()


def _too_deep(path: str, mark):
    return fail(Src(path, mark.line + 1), f"lists and mappings nested more than {MAX_DEPTH} levels deep; content "
                "files need only a few levels — check the indentation")


def parse_yaml(text: str, path: str):
    """Parse one YAML document; syntax errors become a UserError with the line."""
    loader = None
    try:
        _refuse_deep_nesting(text, path)
        loader = _Loader(text, path)  # the reader already rejects control characters here
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        if "maximum nesting depth" in str(exc.problem):
            # libyaml 0.2.6 (in PyYAML 6.0.4's wheels) stops at ~1,000 levels of its own, in a
            # file of any size: the problem MAX_DEPTH is for, said the same way
            raise _too_deep(path, exc.problem_mark) from None
        raise fail(*_syntax_problem(exc, text, path)) from None
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        shown = exc.character if isinstance(exc.character, str) else chr(exc.character)
        raise fail(Src(path, line), f"the character {shown.encode('unicode_escape').decode()} is not allowed in YAML; "
                   "delete it") from None
    except yaml.YAMLError as exc:
        raise fail(Src(path), f"YAML: {exc}") from None
    finally:
        if loader is not None:
            loader.dispose()


YAML_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")  # YAML 1.1's line breaks


def _syntax_problem(exc: yaml.MarkedYAMLError, text: str, path: str) -> tuple[Src, str]:
    """Where a syntax error is and, for the commonest slips, how to fix it in one line: the
    parser's own words name a symptom, often lines after the cause."""
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else 0
    said = f"YAML syntax: {exc.problem or exc.context}"
    lines = YAML_LINE_BREAK.split(text)  # as the parser counts them: a lone \r or a U+2028 breaks a line too
    written = lines[line - 1] if 0 < line <= len(lines) else ""
    problem = exc.problem or ""
    if "tab character" in problem:
        return Src(path, line), f"{said}; YAML indents with spaces only: replace the tab on this line with spaces"
    if exc.context in ("while scanning a quoted scalar", "while parsing a flow sequence", "while parsing a flow mapping"):
        opened = exc.context_mark.line + 1
        what = "quote" if "quoted" in exc.context else "'['" if "sequence" in exc.context else "'{'"
        return Src(path, opened), f"{said}; the {what} opened on this line is never closed: close it on the same line"
    if opened := _quote_closed_late(text, line):
        return Src(path, opened), (f"{said}; the quote opened on this line is closed only on line {line}, so the "
                                   "lines between became part of its value: close it on the same line")
    if "cannot start any token" in problem or "undefined alias" in problem:
        char = written[mark.column:mark.column + 1] or "?"
        key, _, value = written.strip().lstrip("- ").partition(": ")
        example = f'{key}: "{value}"' if value else f'"{written.strip()}"'
        return Src(path, line), f"{said}; a value cannot start with '{char}' unquoted: put it in quotes, like {example}"
    if "mapping values are not allowed" in problem:
        return Src(path, line), f"{said}; {_colon_hint(lines, line)}"
    if exc.context == "while scanning a simple key":  # a line of a mapping without 'key: '
        line = exc.context_mark.line + 1
        if fixed := with_colon_space(lines[line - 1] if 0 < line <= len(lines) else ""):  # the mark may be past the end
            return Src(path, line), f"{said}; YAML needs a space after the colon: write '{fixed}'"
        return Src(path, line), (f"{said}; every line of a mapping is 'key: value': add the key, or join this line "
                                 "to the value above")
    if "another document" in problem:
        return Src(path, line), (f"{said}; a '---' line starts a second document, and a content file holds one: "
                                 "remove this line")
    if problem.startswith("did not find expected"):
        if re.match(r"\s*-[^\s-]", written):
            return Src(path, line), f"{said}; put a space after the '-' that starts a list item: '- {written.strip()[1:]}'"
        return Src(path, line), (f"{said}; this line's indentation does not match the lines above: the items of one "
                                 "list, or the keys of one mapping, start in the same column")
    return Src(path, line), said


def _quote_closed_late(text: str, line: int) -> int | None:
    """The line a quoted value opened on, when that value runs over several lines and closes on
    ``line``: an unclosed quote (name: 'Anna) swallows the keys below it up to the next quote in
    the file, and the parser only stumbles after that quote, lines later. None otherwise."""
    try:
        for token in yaml.scan(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            start, end = token.start_mark.line + 1, token.end_mark.line + 1
            if start > line:
                return None
            if isinstance(token, yaml.ScalarToken) and token.style in ("'", '"') and start < end == line:
                return start
    except yaml.YAMLError:  # the scanner's own error lies past the values read so far
        return None
    return None


def _colon_hint(lines: list[str], line: int) -> str:
    written = lines[line - 1]
    key, _, value = written.strip().lstrip("- ").partition(": ")
    if ": " in value or value.endswith(":"):
        return f'a value with a colon in it must be quoted: {key}: "{value}"'
    previous = next((text for text in reversed(lines[:line - 1]) if text.strip() and not text.strip().startswith("#")), "")
    if fixed := with_colon_space(previous):
        return f"the line above lacks a space after its colon: write '{fixed}'"
    return ("this line is indented under a key that already has a value; line it up with the keys above, "
            "or quote the value if it contains ': '")


def with_colon_space(text: str) -> str | None:
    """'name:Anna' written as meant, 'name: Anna' (YAML reads the first as one text, not a key and
    its value); None when the text is not that slip."""
    if re.match(r"\s*(- )?[\w-]+:[^\s/]", text):
        return re.sub(r":(?=\S)", ": ", text.strip(), count=1)
    return None


def read_text(path: Path) -> str:
    """Read a content file as UTF-8 (a BOM is tolerated); other encodings are an error."""
    if (text := proposed_text(path)) is not None:
        return text
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        line = exc.object[:exc.start].count(b"\n") + 1
        raise fail(Src(str(path), line), f"not UTF-8 text (byte {exc.start}); save the file as UTF-8") from None
    except OSError as exc:
        raise fail(Src(str(path)), f"cannot read: {exc.strerror}") from None


def load_yaml(path: Path):
    return parse_yaml(read_text(path), str(path))
