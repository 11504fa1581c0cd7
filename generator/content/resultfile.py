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

import copy

from ruamel.yaml import YAML, YAMLError
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.emitter import RoundTripEmitter
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


NULL = "tag:yaml.org,2002:null"


class _Emitter(RoundTripEmitter):
    """ruamel.yaml writes an empty value in a flow mapping as ``null``; a person, and `podium
    pair`'s blanks, write ``{winner: }``: written so, the blank reads back unchanged."""

    def choose_scalar_style(self):
        if self.event.value == "" and self.event.tag == NULL and self.flow_level and not self.simple_key_context:
            return ""
        return super().choose_scalar_style()

    def write_plain(self, text, split=True):
        if not text and self.flow_level and not self.whitespace:
            self.stream.write(" ")
            self.column += 1
            self.whitespace = True
            return
        super().write_plain(text, split)


def _yaml(mapping: int, sequence: int, offset: int) -> YAML:
    yaml = YAML()  # round trip: comments, order and quotes as written
    yaml.Emitter = _Emitter
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
        elif isinstance(value, Mapping):  # on one line, as the blank was: bases: {intact: 2, …}
            pairing[key] = _flow(value)
        else:
            pairing[key] = value
        _comment_two_spaces_after(pairing, key)


def _comment_two_spaces_after(holder: CommentedMap | CommentedSeq, key: str | int) -> None:
    """The hint after a filled-in blank stays two spaces after the value, as `podium pair` wrote it
    (ruamel.yaml keeps a comment's column, and one space where the value has grown past it)."""
    comment = _end_of_line_comment(holder, key)
    if comment is not None and comment.value.lstrip(" ").startswith("#"):
        comment.value = " " + comment.value.lstrip(" ")
        comment.start_mark.column = 0


def _end_of_line_comment(holder: CommentedMap | CommentedSeq, key: str | int):
    """The comment after ``key``'s value, with the comment lines below it (ruamel.yaml keeps it
    at place 2 of a mapping's key, at place 0 of a sequence's item)."""
    return holder.ca.items.get(key, [None] * 4)[2 if isinstance(holder, CommentedMap) else 0]


def _set_list(pairing: CommentedMap, key: str, items: list) -> None:
    """A list on one line, as a person types it; the blank ``[]`` `podium pair` wrote is filled in
    place, keeping its comment."""
    old = pairing.get(key)
    if isinstance(old, CommentedSeq) and len(old) and items and all(isinstance(new, Mapping) for new in items) and \
            all(isinstance(was, CommentedMap) for was in old):
        _set_games(old, items)
        return
    if isinstance(old, CommentedSeq):
        old.clear()
        old.extend(_flow(item) for item in items)
        old.fa.set_flow_style()
        return
    seq = CommentedSeq(_flow(item) for item in items)
    seq.fa.set_flow_style()
    pairing[key] = seq


def _set_games(old: CommentedSeq, games: list) -> None:
    """The games of a match, each filled in place with its comment kept; a game beyond those
    written fills in the commented-out line the blank offered for it, as a person uncomments it
    (``# - {winner: }  # game 3, only if needed``), and one no longer entered goes."""
    for index, (was, new) in enumerate(zip(old, games)):
        _set(was, new)
        _comment_two_spaces_after(old, index)
    while len(old) > len(games):
        old.pop()
    for new in games[len(old):]:
        offered = _offered(old)
        if offered is None:
            old.append(_flow(new))
            continue
        line, hint = offered
        _set(line, new)
        old.append(line)
        old.ca.items[len(old) - 1] = [hint, None, None, None]
        _comment_two_spaces_after(old, len(old) - 1)


def _offered(seq: CommentedSeq):
    """The first commented-out item (``# - {…}  # its hint``) among the comment lines after the
    last item, taken out of them: the item as written (its quotes kept) and a comment holding its
    hint and the lines after it; None where there is none."""
    above = _end_of_line_comment(seq, len(seq) - 1)
    lines = above.value.split("\n") if above is not None else []
    at = next((n for n, line in enumerate(lines) if n and line.lstrip().startswith("# - {")), None)
    if at is None:
        return None
    item, _, hint = lines[at].lstrip()[4:].partition("  # ")
    try:
        parse_yaml(item, "a line of the round file")  # the hardened reader first, as for the file
        line = _yaml(2, 2, 0).load(item)
    except (UserError, YAMLError):  # a comment that is not an item is left as it is
        return None
    if not isinstance(line, CommentedMap):
        return None
    below = copy.copy(above)
    below.start_mark = copy.copy(above.start_mark)
    above.value = "\n".join(lines[:at]) + "\n"
    below.value = "\n".join([f"# {hint}" if hint else ""] + lines[at + 1:])
    return line, below


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
