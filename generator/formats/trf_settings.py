"""What a TRF file says of how its event is run, beyond its crosstable, for `podium import trf`
(trf_import.py): JaVaFo's TRF(x) lines and TRF-26's like them (trf.py ``Record``), each honoured
as a key of event.yaml or refused at its line with the reason — none dropped without a word.

XXR (TRF-26: 142) the rounds → ``structure: {swiss_rounds: N, cut: 0}``; XXC white1 / black1
(152 W / B) → ``initial_colour``, XXC rank (the rank column orders the players for pairing)
where it orders them as their start numbers do; XXA the virtual points of an accelerated Swiss
→ ``acceleration: baku`` where they are Baku's (FIDE C.04.5.1), nothing where they only
accelerated rounds already played; XXS the points, where they are FIDE's (Podium scores chess
so); XXZ the players absent from the round to pair → a zero-point bye each, asked for in
advance. Team lines (013; TRF-26: 310, 320, 330) are refused: Podium has no team Swiss yet (an
individual event's team classification aside: not carried over).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from podium.core.errors import Problems, fail
from podium.core.values import MOST
from podium.formats.trf import Record, Trf
from podium.formats.trf_crosstable import Crosstable
from podium.rules import registry

TEAM_LINES = ("013", "310", "320", "330")
# read before the others (the rounds), after them (the acceleration, which depends on the rounds),
# or by the importer (TRF-26's type: a round robin)
READ_APART = ("XXR", "142", "XXA", "192")
# JaVaFo's XXS codes (TRF(x)), each with FIDE's points: what chess-swiss scores, byes included.
FIDE_POINTS = {"WW": ("a win with White", 1), "BW": ("a win with Black", 1), "WD": ("a draw with White", 0.5),
               "BD": ("a draw with Black", 0.5), "WL": ("a loss with White", 0), "BL": ("a loss with Black", 0),
               "ZPB": ("a zero-point bye", 0), "HPB": ("a half-point bye", 0.5), "FPB": ("a full-point bye", 1),
               "PAB": ("the pairing's bye", 1), "FW": ("a forfeit won", 1), "FL": ("a forfeit lost", 0)}
SHORTHANDS = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB"), "L": ("WL", "BL")}
NOT_CARRIED = {"013": "a team of the event's team classification: Podium ranks the players alone",
               "XXP": "players who must not meet: Podium has no such list, and `podium pair` may pair them",
               "162": "TRF-26's points: Podium scores chess 1, ½, 0",
               "240": "TRF-26's byes of the round to pair: give them in registrations.yaml ('byes:')",
               "250": "TRF-26's acceleration", "260": "TRF-26's players who must not meet",
               "299": "TRF-26's points given or taken off: a penalty in the round file"}


@dataclass
class Settings:
    rounds: int | None = None  # XXR: the tournament's rounds
    event: dict = field(default_factory=dict)  # event.yaml's keys: initial_colour, acceleration
    absent_next: list[int] = field(default_factory=list)  # XXZ: start ranks absent from the round to pair
    notes: list[str] = field(default_factory=list)  # "file:line: what was honoured, and how"

    def planned(self, trf: Trf) -> int:
        """The tournament's rounds: XXR's, else those the file holds."""
        return self.rounds or trf.round_count


def refuse_a_team_event(trf: Trf) -> None:
    """Team lines, but in an event 092 calls individual (Swiss-Manager's team classification of an
    open: its 013 lines are said not carried over, read_settings)."""
    first = next((record for record in trf.records if record.code in TEAM_LINES), None)
    if first is not None and "individual" not in trf.header.get("type", "").lower():
        raise fail(first.src, f"{first.code}: a team Swiss (its {first.code} lines name each team's players); "
                   "Podium has no team Swiss yet, so this event cannot be imported")


def read_settings(trf: Trf, table: Crosstable, problems: Problems) -> Settings:
    """The event.yaml keys and notes of the file's records, its refusals added to ``problems``."""
    settings = Settings()
    for record in trf.records:  # the rounds first: the acceleration depends on them
        if record.code in ("XXR", "142"):
            _rounds(record, settings, trf, table, problems)
    readers = {"XXC": _configuration, "152": _initial_colour, "XXS": _points, "XXZ": _absent}
    unread: dict[str, list[Record]] = {}
    for record in trf.records:
        if record.code in readers:
            readers[record.code](record, settings, table, problems)
        elif record.code not in READ_APART:
            unread.setdefault(record.code, []).append(record)
    for code, records in unread.items():  # said once a code, at its first line
        what = NOT_CARRIED.get(code, "a line Podium does not know")
        lines = f" ({len(records)} lines)" if len(records) > 1 else ""
        settings.notes.append(f"{records[0].src}: {code} ({what}) is not carried over into the event{lines}")
    acceleration = [record for record in trf.records if record.code == "XXA"]
    if acceleration:
        _acceleration(acceleration, settings, table, settings.planned(trf), problems)
    return settings


def _rounds(record: Record, settings: Settings, trf: Trf, table: Crosstable, problems: Problems) -> None:
    written = record.text.split()[0] if record.text.split() else ""
    if not (written.isascii() and written.isdigit()) or not 1 <= int(written) <= MOST:
        problems.add(record.src, f"{record.code} '{record.text}': the tournament's rounds are a whole number from 1 "
                     f"to {MOST}, like {record.code} 9")
    elif int(written) < trf.round_count:
        problems.add(record.src, f"{record.code} {written}, but the file holds {trf.round_count} rounds; write the "
                     f"tournament's rounds: {record.code} {trf.round_count} or more")
    elif settings.rounds not in (None, int(written)):
        problems.add(record.src, f"{record.code} {written}, but an earlier line says {settings.rounds} rounds; "
                     "keep the one that is right")
    else:
        settings.rounds = int(written)
        left = f"; {table.rounds} played, round {table.rounds + 1} is the next to pair" \
            if table.rounds < int(written) else ""
        settings.notes.append(f"{record.src}: {record.code} {written}: {written} rounds{left}")


def _configuration(record: Record, settings: Settings, table: Crosstable, problems: Problems) -> None:
    """JaVaFo's XXC: white1 or black1, the initial colour; rank, the players ordered for pairing
    by the rank column (86–89) instead of their start numbers."""
    honoured = []
    for word in record.text.lower().split():
        if word in ("white1", "black1"):
            settings.event["initial_colour"] = word[:-1]
            honoured.append(f"initial_colour: {word[:-1]}")
        elif word == "rank" and _rank_order(record, table, problems):
            honoured.append("rank: the ranks keep the start-number order Podium pairs by")
        elif word != "rank":
            problems.add(record.src, f"XXC '{word}': JaVaFo's XXC takes white1, black1 or rank; write one of those, "
                         "or take the word out")
    if honoured:
        settings.notes.append(f"{record.src}: XXC {record.text}: {'; '.join(honoured)}")


def _rank_order(record: Record, table: Crosstable, problems: Problems) -> bool:
    """XXC rank is honoured where it changes nothing: every rank column blank, or the ranks in the
    order of the start numbers (Podium pairs by start number, the order of registrations.yaml)."""
    ranked = [p for p in table.players if p.rank is not None]
    out_of_order = next((p for p, q in zip(table.players, table.players[1:]) if p.rank is None or q.rank is None
                         or p.rank >= q.rank), None) if ranked else None
    if out_of_order is not None:
        problems.add(record.src, f"XXC rank: the rank column (86–89) orders the players for pairing, and start rank "
                     f"{out_of_order.number}'s rank ({out_of_order.rank or 'blank'}) does not come before the next "
                     "one's; Podium pairs by start number: take 'rank' out of the XXC line to pair by start number, "
                     "or number the players in rank order")
    return out_of_order is None


def _initial_colour(record: Record, settings: Settings, table: Crosstable, problems: Problems) -> None:
    colour = {"W": "white", "B": "black"}.get(record.text.upper())
    if colour is None:
        problems.add(record.src, f"152 '{record.text}': the initial colour is W or B")
    else:
        settings.event["initial_colour"] = colour
        settings.notes.append(f"{record.src}: 152 {record.text}: initial_colour: {colour}")


def _points(record: Record, settings: Settings, table: Crosstable, problems: Problems) -> None:
    """XXS CODE=POINTS …: honoured where each is FIDE's, as Podium scores chess; otherwise the
    standings would not be the file's."""
    for item in record.text.split():
        code, _, written = item.partition("=")
        codes = SHORTHANDS.get(code.upper(), (code.upper(),))
        points = _number(written)
        if not all(c in FIDE_POINTS for c in codes) or points is None:
            problems.add(record.src, f"XXS '{item}': JaVaFo's XXS gives CODE=POINTS, a code one of "
                         f"{', '.join([*FIDE_POINTS, *SHORTHANDS])}, like WW=1.0")
            return
        differs = next((c for c in codes if Fraction(FIDE_POINTS[c][1]) != points), None)
        if differs is not None:
            problems.add(record.src, f"XXS {item}: {FIDE_POINTS[differs][0]} scores {written} here and "
                         f"{FIDE_POINTS[differs][1]:.1f} under FIDE's points, by which Podium scores chess (a win 1, a "
                         "draw ½, a loss 0; the pairing's bye 1; a full-, half- or zero-point bye 1, ½, 0): the "
                         "standings would not be the file's, so this event cannot be imported")
            return
    settings.notes.append(f"{record.src}: XXS {record.text}: FIDE's points, as Podium scores chess")


def _absent(record: Record, settings: Settings, table: Crosstable, problems: Problems) -> None:
    """JaVaFo's XXZ: the start ranks of the players absent from the round to pair."""
    left_out = {p.number for p in table.left_out}
    for word in record.text.split():
        if not (word.isascii() and word.isdigit()) or (int(word) not in table.by_number and int(word) not in left_out):
            problems.add(record.src, f"XXZ '{word}' is no start rank of the file; XXZ lists the start ranks of the "
                         "players absent from the round to pair")
        elif int(word) in table.by_number:
            settings.absent_next.append(int(word))


def _acceleration(records: list[Record], settings: Settings, table: Crosstable, rounds: int,
                  problems: Problems) -> None:
    """XXA NNNN pp.p pp.p …: a player's virtual points before each round. Honoured as Baku's
    (FIDE C.04.5.1: the first half of the players by start number, rounded up to an even number,
    have 1 point in the first half of the accelerated rounds and ½ in the others) where each
    player has those; where they differ, said at the first line that does — unless no round
    left to pair is accelerated: the rounds they accelerated stand as published."""
    written = _virtual_points(records, problems)
    players = [p.number for p in table.everyone]  # GA is drawn from the whole start list (C.04.5.1 §1)
    expected = {number: _trimmed(points) for number, points in
                registry.ACCELERATIONS["baku"](tuple(players), rounds).items()}
    expected.update({number: () for number in players if number not in expected})
    virtual = max(expected.values(), key=len)
    differs = sorted((written[n][1].src.line, n) for n in players if n in written and written[n][0] != expected[n])
    missing = [n for n in players if n not in written and expected[n]]
    src = records[0].src
    if not differs and not missing:
        settings.event["acceleration"] = "baku"
        settings.notes.append(f"{src}: XXA: the Baku acceleration (FIDE C.04.5.1): acceleration: baku")
    elif not any(len(points) > table.rounds for points, _ in written.values()):
        settings.notes.append(f"{src}: XXA: virtual points of rounds already played only, which stand as published")
    elif differs:
        number = differs[0][1]
        problems.add(written[number][1].src, f"XXA: start rank {number}'s virtual points {_shown(written[number][0])} "
                     f"are not the Baku acceleration's ({_shown(expected[number]) or 'none'}: FIDE C.04.5.1, for the "
                     f"{len(players)} players of the file and {rounds} rounds), the one acceleration Podium pairs by; "
                     "take the XXA lines out to pair the rounds left without acceleration")
    else:
        player = next(p for p in table.everyone if p.number == missing[0])
        problems.add(player.src, f"start rank {player.number} has no XXA line, yet the Baku acceleration gives him "
                     f"{_shown(virtual)} (FIDE C.04.5.1); write his XXA line, or take the XXA lines out")


def _virtual_points(records: list[Record], problems: Problems) -> dict[int, tuple[tuple, Record]]:
    written = {}
    for record in records:
        words = record.text.split()
        points = [_number(word) for word in words[1:]]
        if not words or not (words[0].isascii() and words[0].isdigit()) or None in points:
            problems.add(record.src, f"XXA '{record.text}': JaVaFo's XXA gives a start rank, then the player's "
                         "virtual points before each round, like XXA    1  1.0  1.0  0.5")
            continue
        written[int(words[0])] = (_trimmed(points), record)
    return written


def _number(text: str) -> Fraction | None:
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def _trimmed(points) -> tuple:
    points = list(points)
    while points and not points[-1]:
        points.pop()
    return tuple(points)


def _shown(points) -> str:
    return " ".join(f"{float(p):.1f}" for p in points)
