"""`podium import trf FILE`: a chess event kept in Swiss-Manager, on chess-results or on lichess,
as its TRF-16 file (trf.py), turned into an event folder — event.yaml, registrations.yaml in
start rank order, and a round file a round with each game White first, its result, forfeits
and byes (trf_crosstable.py) — and what the file says of how the event is run, XXR, XXC, XXA,
XXS …, honoured in event.yaml or refused (trf_settings.py).

The rounds stand as published: event.yaml says ``paired_by:``, so `podium verify` does not
re-draw them, and `podium check` notes, rather than refuses, a rule the published rounds broke
(a second pairing bye). A round robin (092 says so, or everyone met everyone) moves into
chess-round-robin, its players numbered as FIDE's Berger tables seat its rounds. The output
says in one line how every absence and forfeit was read, and names who was left out.
"""
from __future__ import annotations

import datetime
import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from podium import rulesets as builtin
from podium.content.roundfile import round_file
from podium.core.errors import Problems, Src, fail
from podium.core.slug import is_slug, slugify
from podium.core.values import MOST
from podium.core.writing import write_new_files
from podium.formats.decoding import Decoded, decode_text
from podium.formats.trf import DATE_FORMAT, Trf, read_trf
from podium.formats.trf_crosstable import Crosstable, berger_order, meetings
from podium.formats.trf_settings import Settings, read_settings, refuse_a_team_event

PAIRED_BY = "a TRF-16 file (podium import trf)"
DATE_FORMATS = (DATE_FORMAT, "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y", "%y/%m/%d", "%b %d, %Y", "%B %d, %Y")
ROUND_ROBIN = "chess-round-robin"
BERGER = [{"kind": "round-robin", "groups": 1, "schedule": "fide-berger"}]  # chess-round-robin's own stage
# what the summary line counts (Crosstable.tally), each as one and as many
TALLIED = (("game", "game", "games"), ("zero", "absence as a zero-point bye (Z)", "absences as zero-point byes (Z)"),
           ("half", "half-point bye (H)", "half-point byes (H)"), ("full", "full-point bye (F)", "full-point byes (F)"),
           ("allocated", "pairing-allocated bye (U)", "pairing-allocated byes (U)"), ("forfeit", "forfeit", "forfeits"),
           ("double forfeit", "double forfeit as two zero-point byes", "double forfeits as two zero-point byes each"),
           ("withdrawal", "withdrawal", "withdrawals"), ("late entry", "late entry", "late entries"))


@dataclass(frozen=True)
class TrfImported:
    """How the file's bytes were read, and what the import says of it: one line each."""

    read_as: Decoded
    notes: tuple[str, ...] = ()


def import_trf(source: Path, content: Path, event_id: str | None, ruleset: str, date: datetime.date | None,
               encoding: str | None = None) -> tuple[list[Path], TrfImported]:
    """The event folder of ``source``'s tournament under ``content``/events (never over one), and
    how the file's bytes were read: Swiss-Manager writes in the code page of the Windows it runs
    on (cp1250 in Poland and Czechia), chess-results and lichess in UTF-8 (decoding.decode_text)."""
    decoded = decode_text(_bytes(source), str(source), encoding)
    trf = _read(decoded.text, source)
    folder = _new_folder(content, _event_id(trf, source, event_id))
    problems = Problems()
    table = Crosstable(trf)
    settings = read_settings(trf, table, problems)
    table.goes_on(settings.planned(trf))
    table.ask_zero_byes(settings.absent_next)
    ruleset, notes = _round_robin(trf, table, ruleset, problems)
    event = _event(trf, decoded.text, source, ruleset, date or _date(trf, source, problems), settings, table)
    files = _files(folder, source, event, table, problems)
    problems.raise_if_any()
    written = write_new_files(files, content / "events", "move it away, or name the event: podium import trf FILE EVENT")
    said = [_summary(table), *notes, *settings.notes, *_asked(table), *_second_byes(table), *_left_out(table)]
    return written, TrfImported(decoded, tuple(said))


def _files(folder: Path, source: Path, event: dict, table: Crosstable, problems: Problems) -> dict[Path, str]:
    """event.yaml, registrations.yaml and a file a round played, each with a comment saying whence."""
    order = "the order of the Berger tables." if table.round_robin else "start rank order (their start numbers)."
    files = {folder / "event.yaml": _dump(event, f"Imported from {source.name} (TRF-16)."),
             folder / "registrations.yaml": _dump(table.registrations(), f"The players of {source.name}, in {order}")}
    for number in range(1, table.rounds + 1):
        data = table.round(number, problems)
        files[round_file(folder, number)] = _dump(data, f"Round {number} as {source.name} published it."
                                                  + "".join(f"\n# {said}" for said in table.said.get(number, ())))
    return files


def _bytes(source: Path) -> bytes:
    try:
        return source.read_bytes()
    except OSError as exc:
        raise fail(Src(str(source)), f"cannot read it ({exc.strerror}); name a TRF file") from None


def _read(text: str, source: Path) -> Trf:
    """The file read, or every problem of its lines (and a team event refused at its first team line)."""
    problems = Problems()
    trf = read_trf(text, str(source), problems)
    if not trf.players and not problems.items:
        problems.add(Src(str(source)), "no player line ('001 …'): this is not a TRF-16 file")
    if trf.round_count > MOST:
        longest = max(trf.players, key=lambda p: len(p.rounds))
        problems.add(longest.src, f"{len(longest.rounds)} rounds, more than any tournament plays (at most {MOST}); "
                     "is the line cut where the next begins?")
    problems.raise_if_any()
    refuse_a_team_event(trf)
    return trf


def _new_folder(content: Path, event_id: str) -> Path:
    folder = content / "events" / event_id
    if os.path.lexists(folder):
        raise fail(Src(str(folder)), "already exists; podium import never overwrites. Name another: "
                                     "podium import trf FILE EVENT")
    return folder


def _event_id(trf: Trf, source: Path, event_id: str | None) -> str:
    event_id = event_id or slugify(trf.header.get("name", source.stem))[:60].strip("-")
    if not is_slug(event_id):
        raise fail(Src(str(source)), f"cannot make an event id from '{trf.header.get('name', source.stem)}'; "
                                     "name it: podium import trf FILE EVENT")
    return event_id


def _dump(data, comment: str) -> str:
    return f"# {comment}\n" + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120)


def _date(trf: Trf, source: Path, problems: Problems) -> datetime.date | None:
    written = trf.header.get("start", "")
    for pattern in DATE_FORMATS:
        try:
            return datetime.datetime.strptime(written, pattern).date()
        except ValueError:
            continue
    problems.add(Src(str(source)), f"the start date (line 042) '{written}' reads as no date; give it: --date YYYY-MM-DD")
    return None


def _event(trf: Trf, text: str, source: Path, ruleset: str, date: datetime.date, settings: Settings,
           table: Crosstable) -> dict:
    rounds = settings.planned(trf)
    structure = BERGER if table.round_robin else {"swiss_rounds": rounds, "cut": 0}
    event = {"name": trf.header.get("name", source.stem), "date": date, "ruleset": ruleset,
             # the rounds are as published: the seed draws nothing but the lots of a tie no rule breaks
             "seed": int(hashlib.sha256(text.encode()).hexdigest()[:8], 16),
             "venue": trf.header.get("city"), "head_judge": trf.header.get("arbiter"), "structure": structure,
             # the file's start numbers are the pairing numbers: registrations.yaml keeps their order
             "start_numbers": "registrations", "initial_colour": None if table.round_robin else _initial_colour(table),
             **settings.event, "paired_by": PAIRED_BY}
    return {k: v for k, v in event.items() if v is not None}


def _initial_colour(table: Crosstable) -> str | None:
    """The initial colour a file without XXC was paired with, read off its round 1: the colour of
    the highest-ranked player who played it (C.04.3 E.5 gives him the initial colour, as the
    first with a pairing number), as bbpPairings reads it. None before a game is played."""
    for player in table.players:  # in start-rank order
        first = player.rounds[0] if player.rounds else None
        if first is not None and first.opponent is not None and first.colour in ("w", "b"):
            return "white" if first.colour == "w" else "black"
    return None


# ---------------------------------------------------------------- round robins

def _round_robin(trf: Trf, table: Crosstable, ruleset: str, problems: Problems) -> tuple[str, list[str]]:
    """A round robin seated by FIDE's Berger tables, in chess-round-robin unless the organizer
    named a ruleset: the ruleset, and what to say. One whose rounds no Berger table seats stays a
    Swiss; a double one is refused."""
    kind, named = _round_robin_kind(trf, table)
    src = trf.sources.get("type") or table.players[0].src
    if kind == "double":
        again = _first_rematch(table)
        problems.add(again[0].src if again else src, (f"round {again[1]}: start ranks {again[0].number} and "
                     f"{again[2]} meet again: " if again else "") + "a double round robin (everyone meets everyone "
                     "twice); Podium's round robin plays each pairing once and has no second cycle yet, so this event "
                     "cannot be imported")
    order = berger_order(table) if kind == "single" else None
    if order is None:
        return ruleset, [f"{src}: a round robin whose rounds are none of FIDE's Berger tables: imported as a Swiss, "
                         "its rounds as published"] if kind == "single" and named else []
    table.seat_by_berger_tables(order)
    ruleset = ROUND_ROBIN if ruleset == builtin.TRF_IMPORT else ruleset
    moved = "" if order == sorted(order) else ", numbered as its Berger tables seat it"
    return ruleset, [f"{src}: a round robin (FIDE's Berger tables): ruleset {ruleset}{moved}"]


def _round_robin_kind(trf: Trf, table: Crosstable) -> tuple[str | None, bool]:
    """"single", "double" or None (a Swiss), and whether the file says so (092, or TRF-26's 192)
    rather than its games alone (everyone met everyone once, or twice)."""
    said = " ".join([trf.header.get("type", ""), *(r.text for r in trf.records if r.code == "192")]).lower()
    words = re.sub("[^a-z]", "", said)
    if "swiss" in words:
        return None, False
    named = "roundrobin" in words or "berger" in words
    met, count = meetings(table), len(table.players)
    times = set(met.values()) if count > 2 and len(met) == count * (count - 1) // 2 else set()
    if (named and "double" in words) or times == {2}:
        return "double", named
    return ("single" if named or times == {1} else None), named


def _first_rematch(table: Crosstable) -> tuple | None:
    """The first game of two players who met before: (the lower start rank's player, the round, the other)."""
    met = set()
    for number in range(1, table.rounds + 1):
        for player in table.players:
            opponent = table.entry(player, number).opponent
            if opponent and opponent > player.number:
                if frozenset((player.number, opponent)) in met:
                    return player, number, opponent
                met.add(frozenset((player.number, opponent)))
    return None


# ---------------------------------------------------------------- what the import says

def _summary(table: Crosstable) -> str:
    """One line: how many of each kind the rounds hold, and each spelling read otherwise than TRF-16 writes it."""
    tally = table.tally
    parts = [f"{table.rounds} round{'s' * (table.rounds != 1)}"]
    parts += [f"{tally[key]} {one if tally[key] == 1 else many}" for key, one, many in TALLIED if tally[key]]
    codes: dict = {}
    for (how, code), count in sorted(table.spellings.items()):
        codes.setdefault(how, []).append(f"{code} ({count})")
    spelled = [f"{how} as {' or '.join(read)}" for how, read in codes.items()]
    return "read as published: " + ", ".join(parts) + ("; read as TRF-16 means them: " + ", ".join(spelled)
                                                        if spelled else "")


def _asked(table: Crosstable) -> list[str]:
    asked = [(table.by_number[n], byes) for n, byes in table.asked.items() if byes]
    if not asked:
        return []
    listed = ", ".join(f"{p.name} ({', '.join(f'{r}: {kind}' for r, kind in sorted(byes.items()))})" for p, byes in asked)
    return [f"byes asked for in advance, in registrations.yaml ('byes:'), not rounds played: {listed}"]


def _second_byes(table: Crosstable) -> list[str]:
    return [f"{player.src}: {player.name} has the pairing's bye in rounds {', '.join(map(str, rounds))}, where a player "
            "gets at most one; the rounds stand as published, and `podium check` notes it"
            for player, rounds in table.second_byes()]


def _left_out(table: Crosstable) -> list[str]:
    return [f"{player.src}: {player.name} (start rank {player.number}) played no round: left out of the event"
            for player in table.left_out]
