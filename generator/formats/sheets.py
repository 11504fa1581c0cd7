"""Sign-up sheets as tables of text: an XLSX workbook read as it streams (``xlsx_rows``), and
the bounds every sheet is read within (``capped``: MAX_ROWS rows, MAX_COLUMNS columns).
"""
from __future__ import annotations

import posixpath
import re
import zipfile
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Iterator
from xml.parsers import expat

from podium.core.errors import Src, fail

try:
    from lzma import LZMAError
except ImportError:  # a Python without lzma: zipfile refuses such parts before unpacking (NotImplementedError)
    LZMAError = zlib.error

MAX_ROWS, MAX_COLUMNS = 10_000, 100  # the header included; far beyond any sign-up sheet


def capped(rows: Iterable[tuple[int, list]], source: Path) -> list[list]:
    """The cells of the first MAX_ROWS rows and MAX_COLUMNS columns (a row the numbers skip: none);
    a file holding more is refused, never cut short. Blank rows below are looked through."""
    kept: list[list] = []
    for number, row in rows:
        if number > MAX_ROWS:
            if not _blank(row):
                raise fail(Src(str(source), number), f"more than {MAX_ROWS:,} rows: Podium reads that many at most, "
                           "far more than any sign-up sheet; delete what is below the players, or import them in parts")
            continue
        if not _blank(row[MAX_COLUMNS:]):
            raise fail(Src(str(source), number), f"a cell beyond the {MAX_COLUMNS}th column: Podium reads that many "
                       "at most; delete the columns that are not the players' (or move this one left)")
        kept += [[] for _ in range(number - 1 - len(kept))]
        kept.append(row[:MAX_COLUMNS])
    return kept


def _blank(row: list) -> bool:
    return all(not str(cell).strip() for cell in row)


MAX_PART_BYTES = 64 * 2**20  # a workbook's part, unpacked: a sheet of 10,000 rows × 100 columns takes ~40 MB
MAX_CELL_CHARS = 32_767  # the most an Excel cell holds
LAST_ROW, LAST_COLUMN = 1_048_576, 16_384  # an Excel sheet's
_CHUNK = 1 << 16
_ESCAPED = re.compile(r"_x([0-9A-Fa-f]{4})_")  # a character XML cannot hold, as ECMA-376 writes it (ST_Xstring)
REMEDY = "open it in the spreadsheet and save it again as .xlsx, or export it as CSV UTF-8"


# What zipfile raises on a part whose bytes are broken: a bad header or checksum, a header that
# points outside the file (OSError, ValueError), packed data cut short or garbled.
_DAMAGED = (zipfile.BadZipFile, OSError, ValueError, EOFError, zlib.error, LZMAError)


class _Unreadable(Exception):
    """A workbook that cannot be read, said as one clause about the file (REMEDY follows)."""


class _SharedText(int):
    """A cell holding a string of the workbook's shared table, by its index, until it is looked up."""


def xlsx_rows(source: Path) -> list[list[str]]:
    """The rows of the first worksheet of a workbook (ECMA-376, SpreadsheetML), read with zipfile and
    expat as the parts stream by, not with openpyxl: openpyxl reads the whole table of shared
    strings first even in read-only mode (a 211 KB workbook of five million took 38 s and 523 MB),
    and raises a different exception for each way a file can be broken. Here no part is read beyond
    MAX_PART_BYTES, a document type declaration (whose entities could expand a few bytes into
    gigabytes) is refused before it is read, only the shared strings the kept rows use are kept,
    and every broken workbook is one sentence. A cell's text is what the sheet stores: a date, as
    Excel's day number (no player key holds a date)."""
    try:
        handle = source.open("rb")
    except OSError as exc:
        raise fail(Src(str(source)), f"cannot read it ({exc.strerror}); name the CSV or XLSX file exported from "
                   "the spreadsheet") from None
    with handle:
        try:
            book = zipfile.ZipFile(handle)
        except (zipfile.BadZipFile, EOFError, ValueError, OverflowError, NotImplementedError, OSError):
            # not a zip, or a directory that points out of the file or names a zip version to come
            raise fail(Src(str(source)), "is not an Excel workbook: an .xlsx file is a zip archive, and this is none "
                       "(an .xls renamed, a workbook locked with a password, or a file cut short?); "
                       f"{REMEDY}") from None
        try:
            sheet, shared = _first_sheet(book)
            return _with_shared_strings(capped(_sheet_rows(book, sheet, source), source), book, shared)
        except _Unreadable as exc:
            raise fail(Src(str(source)), f"{exc}; {REMEDY}") from None


def _first_sheet(book: zipfile.ZipFile) -> tuple[str, str | None]:
    """The parts of the workbook's first worksheet and of its table of shared strings (None: it has
    none), found as the package's relationships say (ECMA-376 Part 2, OPC)."""
    package = _relationships(book, "")
    workbook = next((target for kind, target in package.values() if kind.endswith("/officeDocument")), None)
    if workbook is None:
        raise _Unreadable("names no workbook part (_rels/.rels holds no officeDocument relationship)")
    sheets: list[str] = []  # the relationship id of each sheet, in the workbook's order

    def sheet(tag: str, attrs: dict) -> None:
        if tag == "sheet":
            sheets.append(_relationship_id(attrs))
    _read_all(_parse(book, workbook, sheet))
    related = _relationships(book, workbook)
    worksheet = next((related[rid][1] for rid in sheets if related.get(rid, ("",))[0].endswith("/worksheet")), None)
    if worksheet is None:
        raise _Unreadable("holds no worksheet")
    shared = next((target for kind, target in related.values() if kind.endswith("/sharedStrings")), None)
    return worksheet, shared


def _relationships(book: zipfile.ZipFile, part: str) -> dict[str, tuple[str, str]]:
    """The relationships of ``part`` ("" for the package itself): id → (type, the part it targets)."""
    folder, name = posixpath.split(part)
    found: dict[str, tuple[str, str]] = {}

    def relationship(tag: str, attrs: dict) -> None:
        if tag == "Relationship" and attrs.get("TargetMode") != "External":
            target = attrs.get("Target", "")
            found[attrs.get("Id", "")] = (attrs.get("Type", ""), target[1:] if target.startswith("/") else
                                          posixpath.normpath(posixpath.join(folder, target)))
    _read_all(_parse(book, posixpath.join(folder, "_rels", f"{name}.rels"), relationship))
    return found


def _relationship_id(attrs: dict) -> str:
    """A <sheet>'s r:id (the namespace is that of relationships, transitional or strict)."""
    return next((value for key, value in attrs.items() if key.endswith("}id")), "")


def _read_all(steps: Iterator[None]) -> None:
    for _ in steps:
        pass


def _parse(book: zipfile.ZipFile, part: str, start: Callable, end: Callable | None = None,
           text: Callable | None = None) -> Iterator[None]:
    """Stream ``part`` through expat, which calls ``start(tag, attributes)``, ``end(tag)`` and
    ``text(characters)`` (a tag without its namespace), and pause after each piece: the caller
    takes what was read so far, and stops reading when it has what it needs."""
    try:
        info = book.getinfo(part)
    except KeyError:
        raise _Unreadable(f"lacks its part '{part}'") from None
    if info.file_size > MAX_PART_BYTES:  # zipfile never unpacks more than this size, which it checks
        raise _Unreadable(f"its part '{part}' unpacks to {info.file_size / 2**20:,.0f} MB, more than the "
                          f"{MAX_PART_BYTES // 2**20} MB Podium reads of one part, and far more than a sign-up "
                          "sheet takes")
    parser = _parser(part)
    parser.StartElementHandler = lambda name, attrs: start(name.rpartition("}")[2], attrs)
    if end is not None:
        parser.EndElementHandler = lambda name: end(name.rpartition("}")[2])
    if text is not None:
        parser.CharacterDataHandler = text
    try:
        stream = book.open(info)
    except (RuntimeError, NotImplementedError) as exc:  # locked with a password, or packed as zipfile cannot unpack
        raise _Unreadable(f"its part '{part}' cannot be unpacked ({exc})") from None
    except _DAMAGED:
        raise _Unreadable(f"its part '{part}' is damaged (cut short?)") from None
    with stream:
        while True:
            try:
                chunk = stream.read(_CHUNK)
            except _DAMAGED:
                raise _Unreadable(f"its part '{part}' is damaged (cut short?)") from None
            try:
                parser.Parse(chunk, not chunk)
            except expat.ExpatError as exc:
                raise _Unreadable(f"its part '{part}' is not well-formed XML ({expat.ErrorString(exc.code)}, "
                                  f"line {exc.lineno}, column {exc.offset + 1})") from None
            if not chunk:
                return
            yield


def _parser(part: str):
    """An expat parser that refuses a document type declaration where it starts: SpreadsheetML
    has none, and the entities one declares could expand a few bytes into gigabytes (the
    'billion laughs'). Refused before anything is declared, none is ever expanded."""
    parser = expat.ParserCreate(namespace_separator="}")

    def refuse(*_) -> None:
        raise _Unreadable(f"its part '{part}' declares a document type (<!DOCTYPE …>), which no spreadsheet "
                          "writes, and whose entities could expand beyond any memory")
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.buffer_text = True
    return parser


class _Texts:
    """The text of one element at a time (a cell, a shared string): that of its <v> and <t>
    children, not of a phonetic reading (<rPh>), with ST_Xstring's escapes undone; longer than an
    Excel cell holds, it is refused (``too_long`` says where)."""

    def __init__(self, too_long: Callable[[], Exception]):
        self.too_long = too_long
        self.pieces: list[str] | None = None  # None: not reading an element
        self.length, self.inside, self.phonetic = 0, False, 0

    def begin(self) -> None:
        self.pieces, self.length, self.inside = [], 0, False

    def start(self, tag: str) -> None:
        if tag == "rPh":
            self.phonetic += 1
        elif tag in ("v", "t") and self.pieces is not None and not self.phonetic:
            self.inside = True

    def end(self, tag: str) -> None:
        if tag == "rPh":
            self.phonetic -= 1
        elif tag in ("v", "t"):
            self.inside = False

    def text(self, characters: str) -> None:
        if self.inside:
            self.length += len(characters)
            if self.length > MAX_CELL_CHARS:
                raise self.too_long()
            self.pieces.append(characters)

    def finish(self) -> str:
        text, self.pieces, self.inside = "".join(self.pieces or ()), None, False
        return _ESCAPED.sub(lambda m: chr(int(m.group(1), 16)), text) if "_x" in text else text


def _sheet_rows(book: zipfile.ZipFile, part: str, source: Path) -> Iterator[tuple[int, list]]:
    sheet = _SheetRows(source, part)
    for _ in _parse(book, part, sheet.start, sheet.end, sheet.texts.text):
        yield from sheet.done
        sheet.done.clear()
    yield from sheet.done


class _SheetRows:
    """The rows of a worksheet part (ECMA-376 Part 1 §18.3.1: sheetData, row, c) as they stream by,
    each as (its number, its cells): the text of each of the first MAX_COLUMNS cells (a shared
    string as its _SharedText index), then the first non-blank cell further right, if any, for
    _capped to refuse (nothing else right of MAX_COLUMNS is kept)."""

    def __init__(self, source: Path, part: str):
        self.source, self.part = source, part
        self.done: list[tuple[int, list]] = []  # rows read since the caller last took them
        self.number, self.column, self.kind = 0, 0, "n"
        self.cells: list | None = None  # the row being read
        self.texts = _Texts(lambda: fail(Src(str(source), self.number), f"a cell holds more than {MAX_CELL_CHARS:,} "
                                         "characters, more than Excel's cells hold; correct that row"))

    def start(self, tag: str, attrs: dict) -> None:
        if tag == "row":
            self._start_row(attrs.get("r"))
        elif tag == "c" and self.cells is not None:
            self.column = _column(attrs["r"], self.part) if "r" in attrs else self.column + 1
            self.kind = attrs.get("t", "n")
            self.texts.begin()
        else:
            self.texts.start(tag)

    def end(self, tag: str) -> None:
        if tag == "c" and self.cells is not None and self.texts.pieces is not None:
            self._keep(_cell_value(self.kind, self.texts.finish(), self.part))
        elif tag == "row" and self.cells is not None:
            self.done.append((self.number, self.cells))
            self.cells = None
        else:
            self.texts.end(tag)

    def _start_row(self, written: str | None) -> None:
        number = self.number + 1 if written is None else _index(written, LAST_ROW) or 0
        if not self.number < number <= LAST_ROW:
            raise _Unreadable(f"its part '{self.part}' numbers a row '{str(written)[:20]}' after row {self.number}, "
                              "which no spreadsheet writes")
        self.number, self.column, self.cells = number, 0, []

    def _keep(self, value) -> None:
        cells = self.cells
        if self.column <= MAX_COLUMNS:
            cells += [""] * (self.column - len(cells))
            cells[self.column - 1] = value
        elif len(cells) <= MAX_COLUMNS and str(value).strip():
            cells += [""] * (MAX_COLUMNS - len(cells)) + [value]


def _column(reference: str, part: str) -> int:
    """The column of a cell reference ('C7' → 3)."""
    letters = reference.rstrip("0123456789")
    column = _column_of(letters) if len(letters) < len(reference) else 0
    if not 1 <= column <= LAST_COLUMN:
        raise _Unreadable(f"its part '{part}' names a cell '{reference[:20]}', which no sheet has")
    return column


@lru_cache(maxsize=1024)  # a sheet's cells name the same few columns row after row
def _column_of(letters: str) -> int:
    """'A' → 1, 'AA' → 27; 0 for what is no column's letters."""
    if not (1 <= len(letters) <= 3 and letters.isascii() and letters.isupper() and letters.isalpha()):
        return 0
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - ord("A") + 1
    return column


def _cell_value(kind: str, text: str, part: str):
    """A cell's text as the sheet shows it, by its type (ECMA-376 Part 1 §18.18.11): a number
    1650 (not 1650.0), TRUE or FALSE, a shared string's index; any other, as written."""
    if kind == "s":
        index = _index(text, MAX_PART_BYTES)  # each string of the table takes more than a byte
        if index is None:
            raise _Unreadable(f"its part '{part}' holds a shared string's number '{text[:20]}', which is no number "
                              "of a string its table could hold")
        return _SharedText(index)
    if kind == "b" and text:
        return "TRUE" if text == "1" else "FALSE"
    if kind == "n":
        return _number_text(text)
    return text


def _index(text: str, most: int) -> int | None:
    """The whole number ``text`` is, from 0 to ``most``; None for anything else (tested before int()
    reads it: int() refuses 4,300 digits and more, and reads '٣')."""
    if text.isascii() and text.isdigit() and len(text) <= len(str(most)) and int(text) <= most:
        return int(text)
    return None


def _number_text(text: str) -> str:
    """1650 for '1650' or '1.65E3', as a rating is meant; anything else as written (check says
    why a number it needs is none, a fraction or far too long)."""
    try:
        number = float(text)
    except ValueError:
        return text
    return str(int(number)) if number.is_integer() and abs(number) < 1e15 else text


def _with_shared_strings(rows: list[list], book: zipfile.ZipFile, part: str | None) -> list[list[str]]:
    """``rows`` with each shared string looked up: the table is read only up to the last one the
    rows use, and only those are kept (a table may be far larger than a sheet needs)."""
    needed = {cell for row in rows for cell in row if isinstance(cell, _SharedText)}
    if not needed:
        return rows
    if part is None:
        raise _Unreadable("its sheet refers to shared strings, and it holds no table of them")
    table = _SharedStrings(needed, part)
    for _ in _parse(book, part, table.start, table.end, table.texts.text):
        if len(table.found) == len(needed):
            break
    missing = needed - table.found.keys()
    if missing:
        raise _Unreadable(f"its sheet refers to shared string {min(missing):,}, which its table '{part}' does not hold")
    return [[table.found[cell] if isinstance(cell, _SharedText) else cell for cell in row] for row in rows]


class _SharedStrings:
    """The strings of a shared table (sst, ECMA-376 Part 1 §18.4.9) that ``needed`` numbers."""

    def __init__(self, needed: set[int], part: str):
        self.needed, self.found, self.index = needed, {}, -1
        self.texts = _Texts(lambda: _Unreadable(f"its shared string {self.index:,} ('{part}') holds more than "
                                                f"{MAX_CELL_CHARS:,} characters, more than Excel's cells hold"))

    def start(self, tag: str, attrs: dict) -> None:
        if tag == "si":
            self.index += 1
            if self.index in self.needed:
                self.texts.begin()
        else:
            self.texts.start(tag)

    def end(self, tag: str) -> None:
        if tag == "si" and self.texts.pieces is not None:
            self.found[self.index] = self.texts.finish()
        else:
            self.texts.end(tag)
