"""Results written into a round file in place, in the form a person writes them: the comments,
the order of the keys, the schema line and the layout kept, each list on one line
(``score: [11, 4]``), as ``podium pair`` left the blanks to fill. Saved atomically, and never over
a file that changed since it was read (an editor, a ``git pull``): the version a form was made
from is a hash of the text it read.

ruamel.yaml edits the file: it keeps comments and layout where PyYAML drops them. Its output is
checked once more before it is written: the layout must read back exactly as it was (every
round file of the demo archive does, byte for byte), or the file is not touched. The one reader
(load.py) checks the text first, so a file ruamel.yaml reads has passed the hardened loader.
"""
from __future__ import annotations

import hashlib
import io
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from podium.content.load import parse_yaml, read_text
from podium.core.errors import Src, UserError, fail
from podium.core.fileops import replace_file

# (mapping indent, sequence indent, offset of the dash): `podium pair`'s own files first, then
# PyYAML's safe_dump and a four-space style; the one that writes the file back unchanged is used.
LAYOUTS = ((2, 4, 2), (2, 2, 0), (4, 4, 2), (4, 6, 4), (4, 4, 0))


@dataclass(frozen=True)
class RoundText:
    """A round file's text as read, and its version: what a form opened on it carries."""

    path: Path
    text: str

    @classmethod
    def read(cls, path: Path) -> RoundText:
        return cls(path, read_text(path))

    @property
    def version(self) -> str:
        return version_of(self.text)

    def with_results(self, results: Mapping[int, Mapping[str, object]]) -> str:
        """The text with each pairing's keys (by its place in ``pairings:``, from 0) set to the
        values given; None removes a key. Raises UserError when the file's layout cannot be kept."""
        yaml, data = self._editable()
        pairings = data.get("pairings") if isinstance(data, CommentedMap) else None
        for index, values in results.items():
            if not isinstance(pairings, CommentedSeq) or not 0 <= index < len(pairings) or \
                    not isinstance(pairings[index], CommentedMap):
                raise fail(Src(str(self.path)), f"has no pairing {index + 1}; open the round again")
            _set(pairings[index], values)
        return _dumped(yaml, data)

    def with_round(self, drops: list[str] | None = None, penalty: Mapping[str, object] | None = None) -> str:
        """The text with the players who withdraw after this round (``drops``, all of them; [] for
        none) and one more penalty appended, each written on one line."""
        yaml, data = self._editable()
        if not isinstance(data, CommentedMap):
            raise fail(Src(str(self.path)), "is not a round file (a mapping with pairings:)")
        if drops is not None:
            _set(data, {"drops": list(drops) or None})
        if penalty:
            penalties = data.get("penalties")
            if not isinstance(penalties, CommentedSeq):
                penalties = data["penalties"] = CommentedSeq()
            penalties.append(_flow(dict(penalty)))
        return _dumped(yaml, data)

    def _editable(self):
        parse_yaml(self.text, str(self.path))  # the hardened reader first: no alias bomb reaches ruamel.yaml
        for mapping, sequence, offset in LAYOUTS:
            yaml = _yaml(mapping, sequence, offset)
            data = yaml.load(self.text)
            out = io.StringIO()
            yaml.dump(data, out)
            if out.getvalue() == self.text:
                return yaml, yaml.load(self.text)
        raise fail(Src(str(self.path)), "is laid out in a way the desk cannot write back unchanged (indents of "
                   "its own); enter the results in the file by hand, or let `podium pair` write the next round")


def _dumped(yaml: YAML, data) -> str:
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def version_of(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Changed:
    """The file changed since the form was opened: nothing was written; here is what it holds now."""

    now: RoundText


def save_round(path: Path, version: str, text: str) -> RoundText | Changed:
    """Write ``text`` over ``path`` atomically if it still holds the ``version`` the change was
    made from; otherwise write nothing and give what it holds now."""
    current = RoundText.read(path)
    if current.version != version:
        return Changed(current)
    replace_file(path, text)
    return RoundText(path, text)


def _yaml(mapping: int, sequence: int, offset: int) -> YAML:
    yaml = YAML()  # round trip: comments, order and quotes as written
    yaml.width = 1_000_000  # never fold a long line a person wrote on one
    yaml.preserve_quotes = True
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    return yaml


def _set(pairing: CommentedMap, values: Mapping[str, object]) -> None:
    for key, value in values.items():
        if value is None:
            pairing.pop(key, None)
            continue
        if isinstance(value, (list, tuple)):
            _set_list(pairing, key, list(value))
        else:
            pairing[key] = value
        _comment_two_spaces_after(pairing, key)


def _comment_two_spaces_after(pairing: CommentedMap, key: str) -> None:
    """The hint after a filled-in blank stays two spaces after the value, as `podium pair` wrote it
    (ruamel.yaml keeps a comment's column, and one space where the value has grown past it)."""
    comment = pairing.ca.items.get(key, [None] * 4)[2]
    if comment is not None and comment.value.lstrip(" ").startswith("#"):
        comment.value = " " + comment.value.lstrip(" ")
        comment.start_mark.column = 0


def _set_list(pairing: CommentedMap, key: str, items: list) -> None:
    """A list on one line, as a person types it; the blank ``[]`` `podium pair` wrote is filled in
    place, keeping its comment."""
    old = pairing.get(key)
    if isinstance(old, CommentedSeq) and len(old) == len(items) and items and \
            all(isinstance(new, Mapping) and isinstance(was, CommentedMap) for new, was in zip(items, old)):
        for was, new in zip(old, items):  # the games of a match: each filled in place, its comment kept
            _set(was, new)
        return
    if isinstance(old, CommentedSeq):
        old.clear()
        old.extend(_flow(item) for item in items)
        old.fa.set_flow_style()
        return
    seq = CommentedSeq(_flow(item) for item in items)
    seq.fa.set_flow_style()
    pairing[key] = seq


def _flow(item):
    if isinstance(item, (list, tuple)):
        seq = CommentedSeq(_flow(inner) for inner in item)
        seq.fa.set_flow_style()
        return seq
    if isinstance(item, Mapping):
        mapping = CommentedMap((k, _flow(v)) for k, v in item.items())
        mapping.fa.set_flow_style()
        return mapping
    if isinstance(item, str) and not _reads_back(item):
        return DoubleQuotedScalarString(item)  # "14:10" unquoted would read as a number of seconds
    return item


def _reads_back(text: str) -> bool:
    """Whether ``text`` written plain reads back as the same text (YAML 1.1, as the reader reads)."""
    try:
        return text != "" and list(parse_yaml(f"[{text}]", "a value")) == [text]
    except (UserError, TypeError):
        return False
