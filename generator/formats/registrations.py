"""`podium import registrations FILE`: players from a spreadsheet (CSV, or XLSX) appended to an
event's registrations.yaml, so nobody retypes the names of a sign-up form.

Each player is checked by the rules `podium check` applies to registrations.yaml (one line of
plain text, at most 200 characters; numbers of at most 15 digits; joins of 1 or more), so what is
appended always checks; a problem is said at the row of the spreadsheet. A file is read up to
its 10,000th row and 100th column, and a file with anything further is refused: no sign-up
sheet is larger, and a hostile one (a single cell in a sheet's last row and column) would
otherwise take all the memory there is.

A CSV file is read in the encoding ``decode_text`` detects, or the one ``--encoding`` names (the
command says which). Its separator is the one its header row uses (a header without any is a
file of one column: 'Kowalski, Jan' is one name), or the one Excel's first line ``sep=;`` names.
An XLSX workbook is read as it streams (generator/formats/sheets.py).

Columns are matched to player keys by their header (``name``, ``club``, ``rating`` …, any case)
or by ``--column KEY=HEADER``; naming two headers for one key joins them (``--column
name=First --column name=Last``). Rows are numbered as the spreadsheet shows them (the header is
row 1; Excel does not show a ``sep=`` line). A player already registered is left as written, so
the same export can be imported again after late sign-ups: a row with an id is that id's player,
one without is the player of its name (whatever id he was given by hand). The file is only ever
appended to: every line already in it, comments included, stays as it was.
"""
from __future__ import annotations

import bisect
import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, NamedTuple

from podium.core.errors import Problems, Src, UserError, fail
from podium.content.load import MAX_NUMBER, parse_yaml, read_text, too_large
from podium.rules.scoring import yaml_string
from podium.core.slug import is_slug, slugify
from podium.content.validate import read_player
from podium.core.fileops import replace_file
from podium.formats.decoding import Decoded, decode_text
from podium.formats.sheets import capped, xlsx_rows

TEXT_KEYS = ("name", "id", "club", "country")
LIST_KEYS = ("armies", "finals_armies", "colours")
KEYS = (*TEXT_KEYS, "rating", "beginner", *LIST_KEYS, "joins")
MAX_DIGITS = len(str(MAX_NUMBER)) - 1  # as check reads numbers: at most 15 digits
_WHOLE = re.compile(r"-?[0-9]+")  # ASCII digits: int() also reads '٣' and '²' is a digit to isdigit()
YES, NO = {"yes", "y", "true", "1", "x", "tak", "ano", "sì", "si"}, {"no", "n", "false", "0", "", "nie", "ne"}


@dataclass(frozen=True)
class Imported:
    added: list[str]  # ids appended
    kept: list[str]  # ids already registered, left as they were
    read_as: "Decoded | None" = None  # a CSV file's encoding (a workbook says its own)
    ignored: tuple[str, ...] = ()  # the header's columns no player key is read from


def import_registrations(source: Path, registrations: Path, columns: dict[str, list[str]],
                         encoding: str | None = None) -> Imported:
    rows, read_as = read_rows(source, encoding)
    mapping = column_mapping(source, rows[0] if rows else [], columns)
    existing_text = read_text(registrations) if registrations.exists() else ""
    registered = _registered(existing_text, registrations)
    problems, entries, first_row = Problems(), [], {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue  # blank rows at the end of a sheet
        entry = _entry(row, mapping, Src(str(source), number), problems)
        if entry is None:
            continue
        pid = entry["id"]
        if pid in first_row:
            problems.add(Src(str(source), number), f"'{entry['name']}' (id {pid}) is also in row {first_row[pid]}; "
                         "delete one row, or give one of them an id column")
            continue
        first_row[pid] = number
        entries.append(entry)
    check_entries(entries, [first_row[e["id"]] for e in entries], Src(str(source)), problems)
    problems.raise_if_any()
    kept = {e["id"]: registered.id_of(e) for e in entries if registered.id_of(e)}
    new = [e for e in entries if e["id"] not in kept]
    if new:
        replace_file(registrations, _appended(existing_text, new, registrations))
    return Imported([e["id"] for e in new], list(kept.values()), read_as, _ignored(rows[0] if rows else [], mapping))


def _ignored(header: list[str], mapping: dict[str, list[int]]) -> tuple[str, ...]:
    """The named columns of the header that map to no player key: said, never dropped unheard."""
    read = {index for indexes in mapping.values() for index in indexes}
    return tuple(cell.strip() for index, cell in enumerate(header) if cell.strip() and index not in read)


class Sheet(NamedTuple):
    rows: list[list[str]]  # the cells of each row as text, the header first
    read_as: "Decoded | None"  # how a CSV file's bytes were read; None for a workbook


def read_rows(source: Path, encoding: str | None = None) -> Sheet:
    """The rows of ``source`` (a CSV or XLSX file), at most MAX_ROWS, each of at most MAX_COLUMNS
    cells; a CSV file read in ``encoding`` (None: detected)."""
    if not source.is_file():
        raise fail(Src(str(source)), "no such file; name the CSV or XLSX file exported from the spreadsheet")
    if source.suffix.lower() == ".xlsx":
        if encoding is not None:
            raise fail(Src("--encoding"), f"{source.name} is a workbook, which says its own encoding; "
                       "leave --encoding out")
        return Sheet(xlsx_rows(source), None)
    decoded = decode_text(source.read_bytes(), str(source), encoding)
    return Sheet(capped(_csv_rows(decoded.text, source), source), decoded)


# ---------------------------------------------------------------- CSV

DELIMITERS = ",;\t"
# Excel's first line naming the separator ("sep=;"), which Excel reads and does not show as a row.
_SEPARATOR_LINE = re.compile(r'"?sep=([^\w\r\n"])"?\r?\n')


def _csv_rows(text: str, source: Path) -> Iterator[tuple[int, list[str]]]:
    """The rows of a CSV text, each with its number as the spreadsheet shows it."""
    named = _SEPARATOR_LINE.match(text)
    if named:
        text = text[named.end():]
    delimiter = named.group(1) if named else _delimiter(text)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter or ",")
    number = 0
    try:
        for number, row in enumerate(reader, start=1):
            # one column: a comma is part of the cell ('Kowalski, Jan'); quotes are still undone
            yield number, row if delimiter else [",".join(row)]
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):
            raise fail(Src(str(source), number + 1), f"a cell holds more than {csv.field_size_limit():,} characters, "
                       "far more than any name or club; correct that row (a whole text pasted into one cell?)") from None
        raise fail(Src(str(source), number + 1), f"cannot be read as CSV ({exc}); export it again as CSV UTF-8") from None


def _delimiter(text: str) -> str | None:
    """The separator the header row uses (the sniffer decides between two it holds); None when it
    holds none: the file is one column, whatever commas its rows hold."""
    header = text.split("\n", 1)[0]
    used = [delimiter for delimiter in DELIMITERS if delimiter in header]
    if len(used) < 2:
        return used[0] if used else None
    try:
        return csv.Sniffer().sniff(text[:4096], delimiters="".join(used)).delimiter
    except csv.Error:
        return max(used, key=header.count)


# ---------------------------------------------------------------- columns and players

def column_mapping(source: Path, header: list[str], columns: dict[str, list[str]]) -> dict[str, list[int]]:
    """Each player key → the indexes of the columns it is read from."""
    at = {cell.strip().lower(): index for index, cell in enumerate(header) if cell.strip()}
    problems = Problems()
    mapping: dict[str, list[int]] = {}
    for key, headers in columns.items():
        if key not in KEYS:
            problems.add(Src("--column"), f"'{key}' is not a player key; use one of {', '.join(KEYS)}")
            continue
        missing = [h for h in headers if h.strip().lower() not in at]
        if missing:
            problems.add(Src(str(source), 1), f"no column '{missing[0]}' in the header row; "
                         f"the columns are: {', '.join(c for c in header if c.strip())}")
            continue
        mapping[key] = [at[h.strip().lower()] for h in headers]
    for key in KEYS:
        if key not in mapping and key not in columns and key in at:
            mapping[key] = [at[key]]
    if "name" not in mapping and not problems:
        problems.add(Src(str(source), 1), "no 'name' column; name it in the header row, or say which column "
                     "holds the names: --column name=\"Full name\" (twice for first and last name)")
    problems.raise_if_any()
    return mapping


def _entry(row: list[str], mapping: dict[str, list[int]], src: Src, problems: Problems) -> dict | None:
    def cell(key: str) -> str:
        return " ".join(row[i].strip() for i in mapping.get(key, []) if i < len(row) and row[i].strip())

    name = " ".join(cell("name").split())
    if not name:
        problems.add(src, "no name in this row; fill it in, or delete the row")
        return None
    pid = cell("id") or slugify(name)
    if not is_slug(pid):
        problems.add(src, f"id '{pid}' is not a slug (a-z, 0-9, -); correct it, or leave the id empty")
        return None
    entry: dict = {"name": name, "id": pid}
    for key in ("club", "country"):
        if cell(key):
            entry[key] = cell(key)
    for key, what in (("rating", "a whole number"), ("joins", "a round number")):
        if cell(key) and (number := _whole_number(key, cell(key), what, src, problems)) is not None:
            entry[key] = number
    if "beginner" in mapping:
        answer = cell("beginner").lower()
        if answer not in YES | NO:
            problems.add(src, f"beginner '{cell('beginner')}' is neither yes nor no; write yes or leave it empty")
        elif answer in YES:
            entry["beginner"] = True
    for key in LIST_KEYS:
        if cell(key):
            entry[key] = [item.strip() for item in cell(key).replace(";", ",").split(",") if item.strip()]
    return entry


def _whole_number(key: str, text: str, what: str, src: Src, problems: Problems) -> int | None:
    if not _WHOLE.fullmatch(text):
        problems.add(src, f"{key} '{text[:20]}{'…' * (len(text) > 20)}' is not {what}; correct it, or leave it empty")
        return None
    if len(text.lstrip("-")) > MAX_DIGITS:  # before int(): Python refuses to read 4,300 digits and more
        problems.add(src, f"{key} {too_large(text, 0)}")
        return None
    return int(text)


def check_entries(entries: list[dict], rows: list[int], source: Src, problems: Problems) -> None:
    """Read the lines ``entries`` would be appended as, the way `podium check` reads
    registrations.yaml, and add each problem it would find at its row of ``source``."""
    lines, starts = [], []
    for entry in entries:
        starts.append(len(lines) + 1)
        lines += _entry_lines(entry)
    found = Problems()
    try:
        data = parse_yaml("\n".join(lines) + "\n", source.path) if lines else []
    except UserError as error:  # nothing written by _entry_lines should fail to parse: said at its row all the same
        found.extend(error)
        data = []
    for index, item in enumerate(data):
        read_player(item, data.at(index), found, {}, "registrations.yaml")
    for problem in found.items:
        problems.add(source._replace(line=rows[max(bisect.bisect_right(starts, problem.src.line) - 1, 0)]), problem.message)


@dataclass(frozen=True)
class Registered:
    """The players registrations.yaml already holds, by id and by the slug of their name."""

    ids: frozenset[str]
    by_name: dict[str, str]  # the slug of a name → the id its player has (his own, given by hand, or its slug)

    def id_of(self, entry: dict) -> str | None:
        """The id of the registered player a row is: the row's id's; without an id (its id is
        the slug of its name), the player of that name's, whatever his id is."""
        if entry["id"] in self.ids:
            return entry["id"]
        return self.by_name.get(entry["id"]) if entry["id"] == slugify(entry["name"]) else None


def _registered(text: str, path: Path) -> Registered:
    """The players registrations.yaml already holds (ids as the content reader would make them)."""
    data = parse_yaml(text, str(path)) if text.strip() else None
    if data is None:
        return Registered(frozenset(), {})
    if not isinstance(data, list):
        raise fail(Src(str(path), 1), "must be a list of players before more can be added; run podium check")
    players = [(str(item.get("name", "")), str(item.get("id") or slugify(str(item.get("name", "")))))
               for item in data if isinstance(item, dict)]
    return Registered(frozenset(pid for _, pid in players), {slugify(name): pid for name, pid in reversed(players)})


# The line `podium init` wrote below the [] up to Podium 0.2; once players replace the [] it
# points at nothing, so an import rewords it.
OLD_EXAMPLE_HEADING = "# Replace [] above with the list, for example:"


def _appended(text: str, entries: list[dict], path: Path) -> str:
    """``text`` with ``entries`` added after its last line; the ``[]`` an empty list is written
    as (by `podium init` and `new`) gives way to the first entries, its comments stay."""
    lines = [line for entry in entries for line in _entry_lines(entry)]
    body = text.splitlines()
    empty = [i for i, line in enumerate(body) if line.split("#", 1)[0].strip() == "[]"]
    if empty:
        at = empty[0]
        if body[at + 1:at + 2] == [OLD_EXAMPLE_HEADING]:
            body[at + 1] = "# More players are written like this:"
        body[at:at + 1] = lines
    else:
        body += lines
    result = "\n".join(body) + "\n"
    _keeps_every_entry(text, result, len(entries), path)
    return result


def with_player(text: str, entry: dict, path: Path) -> str:
    """registrations.yaml's ``text`` with one more player (a late entry at the results desk),
    written as an import writes it; a name or id already registered is refused."""
    entry = {"name": entry["name"], **{key: value for key, value in entry.items() if key != "name" and value}}
    known = _registered(text, path)
    if known.id_of({"id": entry.get("id") or slugify(entry["name"]), "name": entry["name"]}):
        raise fail(Src(str(path)), f"'{entry['name']}' is registered already; a late entry is a new player")
    return _appended(text, [entry], path)


def _entry_lines(entry: dict) -> list[str]:
    lines = []
    for key, value in entry.items():
        if isinstance(value, list):
            text = f"[{', '.join(yaml_string(item) for item in value)}]"
        elif isinstance(value, bool):
            text = "true"
        elif isinstance(value, int):
            text = str(value)
        else:
            text = yaml_string(value)
        lines.append(f"{'- ' if not lines else '  '}{key}: {text}")
    return lines


def _keeps_every_entry(before: str, after: str, added: int, path: Path) -> None:
    """The appended file must read as the old entries, unchanged, then the new ones: a file
    laid out in a way appending would break (a flow list, say) is refused, not rewritten."""
    old = parse_yaml(before, str(path)) if before.strip() else None
    try:
        new = parse_yaml(after, str(path))
    except UserError:
        new = None
    old = list(old or [])
    if not isinstance(new, list) or new[:len(old)] != old or len(new) != len(old) + added:
        raise fail(Src(str(path), 1), "is written in a way new players cannot be appended to (a list in "
                   "brackets?); write it as '- name: …' lines, one player after another, then import again")
