"""FIDE's Tournament Report File, TRF-16 (FIDE Handbook C.04 Annex 2, approved 2015): the text
file a chess federation takes for rating, and that Swiss-Manager and chess-results write.

Fixed columns, 1-based as the Annex numbers them. A player's line starts "001"; his start rank
is in 5–8, sex 10, title 11–13, name 15–47, rating 49–52, federation 54–56, FIDE id 58–68,
birth date 70–79, points 81–84, rank 86–89; round r is the 10-column block from column
92 + 10·(r − 1): the opponent's start rank (4 columns; 0000 none), a blank, the colour (w, b or
-), a blank, the result. Results: 1 = 0 a game won, drawn, lost; + − a forfeit won, lost; W D L
a game of less than one move; U the bye the pairing allocates; F H Z a full-, half- or
zero-point bye; a blank is Z. Header lines: 012 name, 022 city, 032 federation, 042 start
date, 052 end date, 062 players, 072 rated players, 092 type, 102 chief arbiter.

Files as they are published spell a round without an opponent otherwise, and are read as the
Annex means them (``RoundEntry.spelled`` keeps how): '-' (lichess, Swiss-Manager's ``0000 - -``,
JaVaFo's older codes) is Z, '=' (JaVaFo's older codes) is H, and '+' a point without a game —
the pairing's bye U when it is the round's only one (JaVaFo's older code), else F. The lines of
JaVaFo's TRF(x) and TRF-26 that say how the event is run (XXR rounds, XXC colour, XXA
acceleration, XXS points, 013 teams …) are kept as ``Record``s for the importer to honour or refuse.

This module reads and writes the format only; trf_import.py and trf_export.py translate.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from podium.rules.outcome import BYE_CODES
from podium.core.errors import Problems, Src
from podium.core.values import text_problem

RESULTS = "1=0+-WDLUFHZ"
PLAYED = {"1": 1, "=": 0.5, "0": 0, "W": 1, "D": 0.5, "L": 0}  # a game with an opponent; + and − are forfeits
UNRATED = "WDL"  # a game that lasted less than one move: its result counts, it is not rated
BYES = {code: kind for kind, code in BYE_CODES.items()}
# The same codes the other way, for writing: a result's points → its code, a bye's kind → its code.
GAME_CODES = {points: code for code, points in PLAYED.items() if code not in UNRATED}
UNRATED_CODES = {PLAYED[code]: code for code in UNRATED}
DATE_FORMAT = "%Y/%m/%d"  # as 042 and 052 are written (others are read too: trf_import.py)
FIELDS = {"number": (5, 8), "sex": (10, 10), "title": (11, 13), "name": (15, 47), "rating": (49, 52),
          "federation": (54, 56), "fide_id": (58, 68), "birth": (70, 79), "points": (81, 84), "rank": (86, 89)}
IMPORTED_TEXT = ("name", "title", "federation")  # the text columns that become a registration's
FIRST_ROUND = 92
HEADER = {"012": "name", "022": "city", "032": "federation", "042": "start", "052": "end", "062": "players",
          "072": "rated", "092": "type", "102": "arbiter"}
# Lines that say how the event is run, beyond the Annex's header: JaVaFo's TRF(x) (XX…) and
# TRF-26's (142 rounds, 152 initial colour, 162 points, 192 type, 240 byes, 250 acceleration,
# 260 forbidden pairs, 299 points given) and team lines (013, 310, 320, 330).
RECORDS = ("013", "142", "152", "162", "192", "240", "250", "260", "299", "310", "320", "330")
WITHOUT_OPPONENT = {"-": "Z", "=": "H"}  # older spellings of a round without a game, as TRF-16 writes them


@dataclass(frozen=True)
class RoundEntry:
    """One round of a player's line: his opponent's start rank (None: no opponent), his colour
    ("w", "b" or None) and the result code (" " for a blank, read as Z)."""

    opponent: int | None
    colour: str | None
    result: str
    spelled: str = field(default="", compare=False)  # how the file wrote it, when not as TRF-16 does

    @property
    def absent(self) -> bool:
        return self.opponent is None and self.result in " Z"


@dataclass(frozen=True)
class TrfPlayer:
    number: int
    name: str
    src: Src
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: int | None = None
    birth: str = ""
    points: float | None = None
    rank: int | None = None
    rounds: tuple[RoundEntry, ...] = ()


@dataclass(frozen=True)
class Record:
    """A line beyond the header and the players (RECORDS, XX…): its code, what follows it, where."""

    code: str
    text: str
    src: Src


@dataclass(frozen=True)
class Trf:
    header: dict = field(default_factory=dict)  # name, city, … (HEADER) → the text as written
    players: tuple[TrfPlayer, ...] = ()
    records: tuple[Record, ...] = ()
    sources: dict = field(default_factory=dict)  # a header key → its line

    @property
    def round_count(self) -> int:
        return max((len(p.rounds) for p in self.players), default=0)


def read_trf(text: str, path: str, problems: Problems) -> Trf:
    """The players and header of a TRF-16 text; each line that does not read is a problem at it."""
    header, sources, players, records = {}, {}, [], []
    # a byte order mark the text was decoded with would hide the first line's code (012: the name)
    for number, line in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        src = Src(path, number)
        code = line[:3]
        if code in HEADER and line[4:].strip():
            header[HEADER[code]] = _plain(line[4:].strip(), f"{code} ({HEADER[code]})", src, problems)
            sources[HEADER[code]] = src
        elif code == "001":
            player = _player(line.rstrip("\r"), src, problems)
            if player is not None:
                players.append(player)
        elif code in RECORDS or code.startswith("XX"):
            records.append(Record(code, line[4:].strip(), src))
    trf = Trf(header, _points_without_a_game(players), tuple(records), sources)
    _check_crosstable(trf, problems)
    return trf


def _column(line: str, first: int, last: int) -> str:
    return line[first - 1:last].strip()


def _plain(text: str, what: str, src: Src, problems: Problems) -> str:
    """``text``, a value the event's files will hold; one `podium check` would refuse there (a
    control character, a direction override) is said here, at its line of the TRF file."""
    problem = text_problem(text)
    if problem:
        problems.add(src, f"{what} {problem}")
    return text


def _player(line: str, src: Src, problems: Problems) -> TrfPlayer | None:
    text = {key: _column(line, *span) for key, span in FIELDS.items()}
    for key in IMPORTED_TEXT:
        _plain(text[key], f"the {key} (columns {FIELDS[key][0]}–{FIELDS[key][1]})", src, problems)
    number = _whole(text["number"], "the start rank (columns 5–8)", src, problems)
    if number is None or not text["name"]:
        if number is not None:
            problems.add(src, "a player line needs the player's name in columns 15–47")
        return None
    rounds = []
    for index, start in enumerate(range(FIRST_ROUND, len(line) + 1, 10), start=1):
        entry = _round_entry(line[start - 1:start + 7].ljust(8), index, src, problems)
        if entry is not None:
            rounds.append(entry)
    return TrfPlayer(number=number, name=text["name"], src=src, sex=text["sex"], title=text["title"],
                     rating=_whole(text["rating"], "the rating (columns 49–52)", src, problems, optional=True),
                     federation=text["federation"], birth=text["birth"],
                     fide_id=_whole(text["fide_id"], "the FIDE id (columns 58–68)", src, problems, optional=True),
                     points=_points(text["points"], src, problems), rank=_whole(text["rank"], "the rank (columns 86–89)",
                                                                              src, problems, optional=True),
                     rounds=trimmed(rounds, blanks_only=True))


def _round_entry(block: str, index: int, src: Src, problems: Problems) -> RoundEntry | None:
    first = FIRST_ROUND + 10 * (index - 1)
    opponent_text, colour, result = block[:4].strip(), block[5].lower(), block[7].upper()
    if result not in RESULTS + " ":
        problems.add(src, f"round {index} (column {first + 7}): unknown result '{block[7]}'; TRF-16 writes one of "
                     "1 = 0 + - W D L U F H Z")
        return None
    opponent = _whole(opponent_text, f"round {index}'s opponent (columns {first}–{first + 3})", src, problems,
                      optional=True)
    if colour not in "wb- ":
        problems.add(src, f"round {index} (column {first + 5}): colour '{block[5]}' is none of w, b, -")
        return None
    if not opponent and result in WITHOUT_OPPONENT:
        return RoundEntry(None, None, WITHOUT_OPPONENT[result], spelled=f"'{result}' without an opponent")
    return RoundEntry(opponent or None, colour if colour in "wb" else None, result)


def _points_without_a_game(players: list[TrfPlayer]) -> tuple[TrfPlayer, ...]:
    """The players, each '+' without an opponent read as the bye it is: a round's only one the
    pairing's (U: JaVaFo's older code, one a round), several full-point byes (F: Swiss-Manager's
    point for an empty board)."""
    full = Counter(index for p in players for index, e in enumerate(p.rounds)
                   if e.opponent is None and e.result in "+U")
    return tuple(replace(p, rounds=tuple(_read_plus(e, full[index]) for index, e in enumerate(p.rounds)))
                 if any(e.opponent is None and e.result == "+" for e in p.rounds) else p for p in players)


def _read_plus(entry: RoundEntry, full_points: int) -> RoundEntry:
    """``full_points``: the round's points without a game, '+' or U."""
    if entry.opponent is not None or entry.result != "+":
        return entry
    return RoundEntry(None, None, "U" if full_points == 1 else "F", spelled="'+' without an opponent")


def _whole(text: str, what: str, src: Src, problems: Problems, optional: bool = False) -> int | None:
    if not text and optional:
        return None
    if not (text.isascii() and text.isdigit()):  # isdigit() alone takes '²', which int() refuses
        problems.add(src, f"{what}: '{text}' is not a whole number")
        return None
    return int(text)


def _points(text: str, src: Src, problems: Problems) -> float | None:
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        problems.add(src, f"the points (columns 81–84): '{text}' is not a number like 4.5")
        return None


def _check_crosstable(trf: Trf, problems: Problems) -> None:
    """Each game is written on both lines, the opponent naming the player back in that round
    with the other colour; start ranks are each one player's."""
    by_number = {}
    for player in trf.players:
        if player.number in by_number:
            problems.add(player.src, f"start rank {player.number} is also the line {by_number[player.number].src.line}'s")
        by_number[player.number] = player
    for player in trf.players:
        for index, entry in enumerate(player.rounds, start=1):
            if entry.opponent is None:
                continue
            other = by_number.get(entry.opponent)
            back = other.rounds[index - 1] if other and index <= len(other.rounds) else None
            if back is None or back.opponent != player.number:
                problems.add(player.src, f"round {index}: start rank {entry.opponent}'s line does not name "
                             f"{player.number} as his opponent in that round")


# ---------------------------------------------------------------- writing

def write_trf(trf: Trf) -> str:
    """``trf`` as TRF-16 text: the header lines it has, then a line a player; lines end in CR LF
    as Swiss-Manager writes them."""
    lines = [f"{code} {trf.header[key]}" for code, key in HEADER.items() if trf.header.get(key)]
    lines += [_player_line(player) for player in trf.players]
    return "\r\n".join(lines) + "\r\n"


def _player_line(player: TrfPlayer) -> str:
    values = {"number": player.number, "sex": player.sex, "title": player.title, "name": player.name,
              "rating": _or_blank(player.rating), "federation": player.federation, "fide_id": _or_blank(player.fide_id),
              "birth": player.birth, "points": f"{player.points:.1f}" if player.points is not None else "",
              "rank": _or_blank(player.rank)}
    line = list("001".ljust(FIRST_ROUND - 1))
    for key, (first, last) in FIELDS.items():
        width = last - first + 1
        text = str(values[key])[:width]
        text = text.ljust(width) if key in ("name", "federation", "birth", "sex") else text.rjust(width)
        line[first - 1:last] = text
    for index, entry in enumerate(player.rounds):
        opponent = f"{entry.opponent:4d}" if entry.opponent else "0000"
        line += list(("  " if index else "") + f"{opponent} {entry.colour or '-'} {entry.result}")
    return "".join(line).rstrip()


def _or_blank(number: int | None):
    return "" if number is None else number


def trimmed(entries, blanks_only: bool = False) -> tuple[RoundEntry, ...]:
    """``entries`` without the absences after the player's last round (a line need not write
    them); ``blanks_only``: only those left blank."""
    entries = list(entries)
    while entries and entries[-1].absent and (entries[-1].result == " " or not blanks_only):
        entries.pop()
    return tuple(entries)
