"""`podium import trf FILE`: a chess event kept in Swiss-Manager or on chess-results, as its
TRF-16 file (trf.py), turned into an event folder — event.yaml, registrations.yaml in start
rank order, and a round file a round with each game White first, its result, forfeits and byes.

The rounds stand as published: event.yaml says ``paired_by:``, so `podium verify` does not
re-draw them. What a round file cannot say is refused with the line to mend (a double
forfeit). A player's absences before his first round make him a late entry (``joins:``),
those after his last a withdrawal (``drops:``), and those between a zero-point bye.
"""
from __future__ import annotations

import datetime
import hashlib
import os
from collections import Counter
from pathlib import Path

import yaml

from podium.content.roundfile import round_file
from podium.core.errors import Problems, Src, fail
from podium.formats.decoding import Decoded, decode_text
from podium.core.slug import is_slug, slugify
from podium.formats.trf import BYES, DATE_FORMAT, PLAYED, UNRATED, Trf, TrfPlayer, read_trf
from podium.core.values import MOST
from podium.core.writing import write_new_files

PAIRED_BY = "a TRF-16 file (podium import trf)"
DATE_FORMATS = (DATE_FORMAT, "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y", "%y/%m/%d")


def import_trf(source: Path, content: Path, event_id: str | None, ruleset: str, date: datetime.date | None,
               encoding: str | None = None) -> tuple[list[Path], Decoded]:
    """The event folder of ``source``'s tournament under ``content``/events (never over one), and
    how the file's bytes were read: Swiss-Manager writes in the code page of the Windows it runs
    on (cp1250 in Poland and Czechia), chess-results in UTF-8 (decoding.decode_text)."""
    try:
        data = source.read_bytes()
    except OSError as exc:
        raise fail(Src(str(source)), f"cannot read it ({exc.strerror}); name a TRF file") from None
    decoded = decode_text(data, str(source), encoding)
    text = decoded.text
    problems = Problems()
    trf = read_trf(text, str(source), problems)
    if not trf.players and not problems.items:
        problems.add(Src(str(source)), "no player line ('001 …'): this is not a TRF-16 file")
    if trf.round_count > MOST:
        longest = max(trf.players, key=lambda p: len(p.rounds))
        problems.add(longest.src, f"{len(longest.rounds)} rounds, more than any tournament plays (at most {MOST}); "
                     "is the line cut where the next begins?")
    problems.raise_if_any()
    event_id = event_id or slugify(trf.header.get("name", source.stem))[:60].strip("-")
    if not is_slug(event_id):
        raise fail(Src(str(source)), f"cannot make an event id from '{trf.header.get('name', source.stem)}'; "
                                     "name it: podium import trf FILE EVENT")
    folder = content / "events" / event_id
    if os.path.lexists(folder):
        raise fail(Src(str(folder)), "already exists; podium import never overwrites. Name another: "
                                     "podium import trf FILE EVENT")
    table = _Crosstable(trf)
    files = {folder / "event.yaml": _event_yaml(trf, text, source, ruleset, date or _date(trf, source, problems)),
             folder / "registrations.yaml": _dump(table.registrations(), f"The players of {source.name}, in "
                                                  "start rank order (their start numbers).")}
    for number in range(1, table.rounds + 1):
        files[round_file(folder, number)] = _dump(table.round(number, problems),
                                                            f"Round {number} as {source.name} published it.")
    problems.raise_if_any()
    written = write_new_files(files, content / "events", "move it away, or name the event: podium import trf FILE EVENT")
    return written, decoded


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


def _event_yaml(trf: Trf, text: str, source: Path, ruleset: str, date: datetime.date) -> str:
    event = {"name": trf.header.get("name", source.stem), "date": date, "ruleset": ruleset,
             # the rounds are as published: the seed draws nothing but the lots of a tie no rule breaks
             "seed": int(hashlib.sha256(text.encode()).hexdigest()[:8], 16),
             "venue": trf.header.get("city"), "head_judge": trf.header.get("arbiter"),
             "structure": {"swiss_rounds": trf.round_count, "cut": 0}, "paired_by": PAIRED_BY}
    return _dump({k: v for k, v in event.items() if v is not None}, f"Imported from {source.name} (TRF-16).")


class _Crosstable:
    """The file's players in start-rank order, each with his id and the first and last round he
    took part in (absences around them: not yet there, gone), read once for every round file."""

    def __init__(self, trf: Trf):
        self.players = sorted(trf.players, key=lambda p: p.number)
        self.by_number = {p.number: p for p in self.players}
        self.rounds = trf.round_count
        self.ids = unique_ids(self.players)
        self.active = {p.number: _active_rounds(p) for p in self.players}

    def registrations(self) -> list[dict]:
        entries = []
        for player in self.players:
            entry = {"id": self.ids[player.number], "name": player.name, "rating": player.rating,
                     "country": player.federation or None, "fide_id": player.fide_id or None,
                     "title": player.title or None}
            first, _ = self.active[player.number]
            if first > 1:
                entry["joins"] = first
            entries.append({k: v for k, v in entry.items() if v is not None})
        return entries

    def round(self, number: int, problems: Problems) -> dict:
        """Round ``number``'s file: each game once (from the line of the lower start rank), then
        the byes; who left after it, ``drops``."""
        pairings, byes, drops = [], [], []
        for player in self.players:
            first, last = self.active[player.number]
            if number == last < self.rounds:
                drops.append(self.ids[player.number])
            if not first <= number <= last:
                continue
            entry = player.rounds[number - 1]
            if entry.opponent is None:
                byes.append(_bye(player, entry.result, self.ids, number, problems))
            elif entry.opponent > player.number:  # the crosstable is checked: the other line says the same
                pairings.append({"table": len(pairings) + 1, **self._game(player, entry, number, problems)})
        data = {"round": number, "stage": "swiss", "pairings": pairings + byes}
        if drops:
            data["drops"] = drops
        return data

    def _game(self, player: TrfPlayer, entry, number: int, problems: Problems) -> dict:
        """The game of ``player`` (the lower start rank of the two) in round ``number``, White first."""
        other = self.by_number[entry.opponent]
        back = other.rounds[number - 1]
        white, black, mine, theirs = (other, player, back, entry) if entry.colour == "b" else (player, other, entry, back)
        pairing = {"players": [self.ids[white.number], self.ids[black.number]]}
        codes = mine.result + theirs.result
        if codes in ("+-", "-+"):
            pairing["forfeit"] = self.ids[(black if codes == "+-" else white).number]
        elif mine.result in PLAYED and theirs.result in PLAYED and PLAYED[mine.result] + PLAYED[theirs.result] == 1 \
                and (mine.result in UNRATED) == (theirs.result in UNRATED):
            pairing["score"] = [PLAYED[mine.result], PLAYED[theirs.result]]
            if mine.result in UNRATED:
                pairing["unrated"] = True
        else:
            problems.add(player.src, f"round {number}: results '{entry.result}' and '{back.result}' (start rank "
                         f"{other.number}) are no game's two results; a round file holds a win, a draw or one "
                         "player's forfeit — enter this game by hand")
        return pairing


def unique_ids(players: list[TrfPlayer]) -> dict[int, str]:
    """Each player's id, by start rank: the slug of his name ('player' for a name without a
    letter); players whose names make one slug take their start rank after it (jan-kowalski-3),
    and where that is another's id already (a 'Jan Kowalski 3' of his own), a count after that
    (jan-kowalski-3-2): every player an id of his own, a player of a name of his own that name's."""
    slugs = {p.number: slugify(p.name) or "player" for p in players}
    shared = {slug for slug, count in Counter(slugs.values()).items() if count > 1 or slug == "player"}
    taken = {slug for slug in slugs.values() if slug not in shared}
    ids = {}
    for player in players:
        slug = slugs[player.number]
        if slug not in shared:
            ids[player.number] = slug
            continue
        candidate, count = f"{slug}-{player.number}", 1
        while candidate in taken:
            count += 1
            candidate = f"{slug}-{player.number}-{count}"
        ids[player.number] = candidate
        taken.add(candidate)
    return ids


def _active_rounds(player: TrfPlayer) -> tuple[int, int]:
    """The first and last round the player took part in; (1, 0) when he took part in none."""
    present = [i for i, entry in enumerate(player.rounds, start=1) if not entry.absent]
    return (present[0], present[-1]) if present else (1, 0)


def _bye(player: TrfPlayer, code: str, ids: dict, number: int, problems: Problems) -> dict:
    kind = BYES.get(code, "zero")
    if code not in BYES and code != " ":
        problems.add(player.src, f"round {number}: result '{code}' without an opponent; TRF-16 writes a bye as "
                     "U, F, H or Z with opponent 0000")
    return {"players": [ids[player.number]], "bye": True if kind == "allocated" else kind}
