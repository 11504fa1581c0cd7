"""QR codes' mask chosen with whole-row integer operations: segno's own choice, a code in about
half the time (3.2 → 1.8 ms).

A QR code is drawn with the one of eight masks that scores the fewest penalty points (ISO/IEC
18004:2015 §7.8.3). segno applies and scores each mask module by module in Python, most of the
time a code takes, and a site with a base URL prints a code on every round page and event
report (7,000 on a ten-times archive, where they more than doubled the build). Here each row
is one integer: a mask is applied with one XOR a row, and the scores are read from bytes (runs
by regular expression, 2×2 blocks by XOR, the 1:1:3:1:1 pattern as segno looks for it).
``install`` puts this in segno's place; the codes are the same, byte for byte
(tests/test_render_fast.py compares them with segno's own).
"""
from __future__ import annotations

import functools
import io
import re

import segno
from markupsafe import Markup
from segno import encoder

_RUN = re.compile(rb"\x00{5,}|\x01{5,}|\x02{5,}")  # 5 or more modules of one colour (a 2 is unset)
_N3 = bytes((1, 0, 1, 1, 1, 0, 1))  # dark light dark dark dark light dark
_LINE_END = b"\x03"
_SEGNOS = encoder.find_and_apply_best_mask
TESTED_WITH = ("1.6.6",)  # segno's versions whose insides this was checked against


def install() -> None:
    """Use this mask choice in segno's place, where segno is a version it was checked with."""
    if segno.__version__ in TESTED_WITH:
        encoder.find_and_apply_best_mask = find_and_apply_best_mask


def find_and_apply_best_mask(matrix, width: int, height: int, proposed_mask=None):
    """segno's ``find_and_apply_best_mask`` for QR codes (Micro QR and a mask given: segno's own)."""
    if proposed_mask is not None or width != height or width < 21:
        return _SEGNOS(matrix, width, height, proposed_mask)
    rows = [int.from_bytes(row, "big") for row in matrix]
    best_score, best = None, None
    for number, mask in enumerate(_masks(width)):
        masked = [(row ^ bits).to_bytes(width, "big") for row, bits in zip(rows, mask)]
        score = penalty(masked, width)
        if best_score is None or score < best_score:
            best_score, best = score, (number, masked)
    number, masked = best
    return number, tuple(bytearray(row) for row in masked)


@functools.lru_cache(maxsize=None)
def _masks(width: int) -> list[list[int]]:
    """Each of the eight masks as one integer a row, its bits in the data region only."""
    function = encoder.make_matrix(width, width)
    encoder.add_finder_patterns(function, width, width)
    encoder.add_alignment_patterns(function, width, width)
    function[-8][8] = 0x1
    return [[int.from_bytes(bytes(pattern(i, j) if function[i][j] > 0x1 else 0 for j in range(width)), "big")
             for i in range(width)] for pattern in encoder.get_data_mask_functions(False)]


def penalty(rows: list[bytes], size: int) -> int:
    """segno's ``evaluate_mask``: N1 + N2 + N3 + N4 of ISO/IEC 18004 Table 11. The rows and the
    columns are read as one text, each line after a 3 that no module is, so that neither a run
    nor a pattern goes on from one line into the next."""
    lines = _LINE_END.join((*rows, *(bytes(column) for column in zip(*rows))))
    n1 = sum(len(run) - 2 for run in _RUN.findall(lines))
    whole = b"".join(rows)
    dark = whole.count(1) + 2 * whole.count(2)
    n4 = 10 * int(abs(float(dark) / (size ** 2) * 100 - 50) / 5)
    return n1 + _n2(rows, size) + _n3(lines, size) + n4


def _n2(rows: list[bytes], size: int) -> int:
    """3 points for every 2×2 block of one colour."""
    score = 0
    below = int.from_bytes(rows[0], "big")
    for row in rows[1:]:
        this = int.from_bytes(row, "big")
        differ = (this ^ (this >> 8)) | (below ^ (below >> 8)) | (this ^ below)  # byte j: any of the four differs
        score += 3 * differ.to_bytes(size, "big")[1:].count(0)
        below = this
    return score


def _n3(lines: bytes, size: int) -> int:
    """40 points for each 1:1:3:1:1 pattern with 4 light modules on one side, found as segno
    finds them line by line (a pattern that does not count lets the search go on inside it)."""
    count = 0
    index = lines.find(_N3)
    while index != -1:
        start = index - index % (size + 1)  # where its line begins
        at, offset = index - start, index + 7
        if at in (0, size - 7) or not any(lines[start + max(at - 4, 0):start + at]) \
                or not any(lines[start + at + 7:start + min(at + 11, size)]):
            count += 40
        else:
            offset = index + 4
        index = lines.find(_N3, offset)
    return count


install()  # segno's mask choice, the same codes in half the time (a printed page has one)


@functools.lru_cache(maxsize=512)
def qr_svg(url: str) -> Markup:
    """An inline SVG QR code of ``url`` (printed pairings point phones at the live page). Made
    once per URL and process: a code takes ~2 ms (above), and ``serve`` renders the same round pages
    again after each edit. A few hundred are kept (an SVG is a few KB; a cold build's URLs are
    all different)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=3, border=2, xmldecl=False, svgclass="qr", nl=False)
    return Markup(buffer.getvalue().decode())
