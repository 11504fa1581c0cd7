"""Text files read in the encoding they were written in: a byte order mark, UTF-8, or the
Windows code page of Central or Western Europe (Swiss-Manager's and Excel's), told apart by the
letters each reading spells; or the one ``--encoding`` names. Both importers (sign-up sheets
and TRF files) read their text through ``decode_text``, and say how it was read.
"""
from __future__ import annotations

import codecs
import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable, NamedTuple

from podium.core.errors import Src, fail


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str  # as Python names it: utf-8, utf-16, cp1250, cp1252, latin-1 …
    given: bool  # named by --encoding, not detected

    def __str__(self) -> str:
        return f"read as {self.encoding} ({'--encoding' if self.given else 'detected'})"


class Alphabet(NamedTuple):
    """The letters beyond ASCII one language writes names with (lowercase), and where some stand."""

    letters: str
    only_before_vowel: str = ""
    never_before_vowel: str = ""

    def spells(self, word: str) -> bool:
        """Whether ``word`` (lowercase) could be written in this language."""
        for index, char in enumerate(word):
            if char.isascii():
                continue
            if char not in self.letters:
                return False
            after = word[index + 1:index + 2]
            before_vowel = bool(after) and after in VOWELS
            if char in (self.never_before_vowel if before_vowel else self.only_before_vowel):
                return False
        return True


VOWELS = "aeiouyáàâäãåæéèêëěíìîïóòôöõőøœúùûüůűýÿąę"
# The two code pages names come in when not in Unicode, each with the alphabets of its region.
ALPHABETS = {
    "cp1250": (Alphabet("ąćęłńóśźż", never_before_vowel="ćńśź"),  # Polish: before a vowel, ci ni si zi
               Alphabet("áčďéěíňóřšťúůýž"),  # Czech
               Alphabet("áäčďéíĺľňóôŕšťúýž"),  # Slovak
               Alphabet("áéíóöőúüű"),  # Hungarian
               Alphabet("čćđšž"),  # Croatian, Bosnian, Slovene
               Alphabet("ăâîşţ"),  # Romanian
               Alphabet("äöüß")),  # German
    "cp1252": (Alphabet("àâæçéèêëîïôœùûüÿ", only_before_vowel="œ"),  # French: cœur, sœur, œil
               Alphabet("äöüß"),  # German
               Alphabet("áéíñóúü", only_before_vowel="ñ"),  # Spanish: Muñoz, Peña, Ibáñez
               Alphabet("áâãàçéêíóôõú"),  # Portuguese
               Alphabet("àèéìíîòóùú"),  # Italian
               Alphabet("áéëïóöü"),  # Dutch
               Alphabet("åæøéäö"),  # Danish, Norwegian, Swedish
               Alphabet("àçèéíïòóúü")),  # Catalan
}
CODE_PAGES = tuple(ALPHABETS)


def _high_bytes(keep: Callable[[str, str], bool]) -> bytes:
    """The bytes 0x80–0xFF whose readings in the two code pages ``keep`` takes."""
    reading = {page: bytes(range(0x80, 0x100)).decode(page, errors="replace") for page in CODE_PAGES}
    return bytes(0x80 + index for index, pair in enumerate(zip(*reading.values())) if keep(*pair))


def _byte_class(extra: bytes) -> bytes:
    return b"[" + b"".join(b"\\x%02x" % byte for byte in extra)


# A word: ASCII letters and the bytes that are a letter in either code page; it tells the code
# pages apart when it holds a byte they read differently.
_WORD = re.compile(_byte_class(_high_bytes(lambda a, b: a.isalpha() or b.isalpha())) + b"A-Za-z]+")
_TELLING = re.compile(_byte_class(_high_bytes(lambda a, b: a != b)) + b"]")
_BYTE_ORDER_MARKS = ((codecs.BOM_UTF8, "utf-8-sig", "utf-8"), (codecs.BOM_UTF16_LE, "utf-16", "utf-16"),
                     (codecs.BOM_UTF16_BE, "utf-16", "utf-16"))


def decode_text(data: bytes, path: str, encoding: str | None = None) -> Decoded:
    """``data`` (the bytes of the file at ``path``) as text: in ``encoding`` when the organizer
    names one (--encoding; a code page named for a file that starts with UTF-8's byte order mark is
    refused), else in the encoding these rules detect, in this order:

    1. A byte order mark names it (UTF-8, UTF-16) and is not part of the text.
    2. Bytes that read as UTF-8 are UTF-8: a name with a letter beyond ASCII in a single-byte
       code page almost never does (each such byte would have to be followed by 0x80–0xBF).
    3. Otherwise the file is in one of the Windows code pages spreadsheets and Swiss-Manager save
       in: cp1250 (Central Europe: Polish, Czech, Slovak, Hungarian …) or cp1252 (Western Europe).
       Each word the two read differently is read both ways, and a code page wins the word when
       its reading is spelled in one of the alphabets of its region (ALPHABETS: Polish ć ń ś ź
       never stand before a vowel, Spanish ñ and French œ only do there): 'Hetmańska' is Polish
       where 'Hetmañska' is no language's, 'Dvořák' Czech where 'Dvoøák' is nothing, 'Muñoz'
       Spanish where 'Muńoz' is not Polish. The code page that wins more words is the file's; a
       tie (no word tells them apart: 'Hélène' reads as French, 'Hélčne' as Czech) is cp1252's,
       Windows' code page of Western Europe, in which Latin-1 files read the same.
    4. A file holding bytes that neither code page defines is read as Latin-1, in which those
       bytes are control characters: refused where they stand, as any control character is.
    """
    if encoding is not None:
        try:
            name = codecs.lookup(encoding).name
            _decodes_text(name)
        except LookupError:
            raise fail(Src("--encoding"), f"'{encoding}' is no encoding Python knows; name one like utf-8, cp1250 "
                       "or cp1252, or leave --encoding out for Podium to detect it") from None
        if data.startswith(codecs.BOM_UTF8) and not name.startswith("utf-8"):
            # read as a code page, the mark would be three letters glued to the first line (TRF's 012, the name)
            raise fail(Src(path, 1), f"it starts with UTF-8's byte order mark, so it is UTF-8, not {name}; leave "
                       "--encoding out, or name utf-8")
        codec = "utf-8-sig" if name == "utf-8" else name  # the mark is no part of the text
        return Decoded(_decode(data, path, codec, name, given=True), name, given=True)
    for mark, codec, name in _BYTE_ORDER_MARKS:
        if data.startswith(mark):
            return Decoded(_decode(data, path, codec, name, given=False), name, given=False)
    try:
        return Decoded(data.decode("utf-8"), "utf-8", given=False)
    except UnicodeDecodeError:
        name = _code_page(data)
        return Decoded(data.decode(name), name, given=False)


def _decodes_text(name: str) -> None:
    """Raise LookupError when the codec ``name`` turns bytes into no text (rot13, base64, zlib)."""
    try:
        b"a".decode(name)  # not b"": an empty input is decoded without asking the codec
    except UnicodeDecodeError:
        pass  # a text encoding, in which one byte alone is no character (UTF-16)


def _decode(data: bytes, path: str, codec: str, name: str, given: bool) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        read = exc.object  # what the codec read: after a byte order mark it skipped (utf-8-sig)
        line = read[:exc.start].count(b"\n") + 1
        fix = ("name the encoding the file was saved in (--encoding cp1252, say), or leave --encoding out for Podium "
               "to detect it") if given else f"it starts with {name}'s byte order mark; name its encoding: --encoding"
        raise fail(Src(path, line), f"byte 0x{read[exc.start]:02x} does not read as {name}; {fix}") from None


def _code_page(data: bytes) -> str:
    """The code page of ``data``, bytes that are not UTF-8, by rules 3 and 4 of ``decode_text``."""
    readable = [page for page in CODE_PAGES if _reads_as(data, page)]
    if len(readable) < 2:
        return readable[0] if readable else "latin-1"
    wins: Counter = Counter()
    for word in _WORD.findall(data):
        if _TELLING.search(word):
            wins.update(page for page in CODE_PAGES
                        if any(alphabet.spells(word.decode(page).lower()) for alphabet in ALPHABETS[page]))
    return "cp1250" if wins["cp1250"] > wins["cp1252"] else "cp1252"


def _reads_as(data: bytes, page: str) -> bool:
    try:
        data.decode(page)
    except UnicodeDecodeError:
        return False
    return True
