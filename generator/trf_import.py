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
from pathlib import Path

import yaml

from podium.errors import Problems, Src, fail
from podium.slug import is_slug, slugify
from podium.trf import BYES, PLAYED, Trf, TrfPlayer, read_trf
from podium.values import MOST
from podium.scaffold import write_new_files

PAIRED_BY = "a TRF-16 file (podium import trf)"
DATE_FORMATS = ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y", "%y/%m/%d")


def import_trf(source: Path, content: Path, event_id: str | None, ruleset: str, date: datetime.date | None) -> list[Path]:
    """The event folder of ``source``'s tournament under ``content``/events (never over one)."""
    try:
        text = source.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        text = source.read_bytes().decode("latin-1")  # Swiss-Manager's older files
    except OSError as exc:
        raise fail(Src(str(source)), f"cannot read it ({exc.strerror}); name a TRF file") from None
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
    ids = _player_ids(trf)
    files = {folder / "event.yaml": _event_yaml(trf, text, source, ruleset, date or _date(trf, source, problems)),
             folder / "registrations.yaml": _dump(_registrations(trf, ids), f"The players of {source.name}, in "
                                                  "start rank order (their start numbers).")}
    for number in range(1, trf.round_count + 1):
        files[folder / "rounds" / f"{number}.yaml"] = _dump(_round(trf, number, ids, problems),
                                                            f"Round {number} as {source.name} published it.")
    problems.raise_if_any()
    return write_new_files(files, content / "events", "move it away, or name the event: podium import trf FILE EVENT")


def _dump(data, comment: str) -> str:
    return f"# {comment}\n" + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120)


def _player_ids(trf: Trf) -> dict[int, str]:
    """Each start rank's player id: the name as a slug, the start rank added when two share it."""
    slugs = [slugify(p.name) or f"player-{p.number}" for p in trf.players]
    return {p.number: slug if slugs.count(slug) == 1 else f"{slug}-{p.number}" for p, slug in zip(trf.players, slugs)}


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


def _registrations(trf: Trf, ids: dict[int, str]) -> list[dict]:
    entries = []
    for player in sorted(trf.players, key=lambda p: p.number):
        entry = {"id": ids[player.number], "name": player.name, "rating": player.rating,
                 "country": player.federation or None, "fide_id": player.fide_id or None,
                 "title": player.title or None}
        first, _ = _active_rounds(player)
        if first > 1:
            entry["joins"] = first
        entries.append({k: v for k, v in entry.items() if v is not None})
    return entries


def _active_rounds(player: TrfPlayer) -> tuple[int, int]:
    """The first and last round the player took part in (absences around them: not yet there,
    gone); (1, 0) when he took part in none."""
    present = [i for i, entry in enumerate(player.rounds, start=1) if not entry.absent]
    return (present[0], present[-1]) if present else (1, 0)


def _round(trf: Trf, number: int, ids: dict[int, str], problems: Problems) -> dict:
    pairings, byes, drops, seen = [], [], [], set()
    for player in sorted(trf.players, key=lambda p: p.number):
        first, last = _active_rounds(player)
        entry = player.rounds[number - 1] if number <= len(player.rounds) else None
        if number == last and last < trf.round_count:
            drops.append(ids[player.number])
        if not first <= number <= last or player.number in seen:
            continue
        if entry.opponent is None:
            byes.append(_bye(player, entry.result, ids, number, problems))
            continue
        seen.add(entry.opponent)
        pairings.append(_game(player, entry, trf, number, ids, problems))
    for table, pairing in enumerate(pairings, start=1):
        pairing["table"] = table
    data = {"round": number, "stage": "swiss", "pairings": [_tabled(p) for p in pairings] + byes}
    if drops:
        data["drops"] = drops
    return data


def _tabled(pairing: dict) -> dict:
    return {"table": pairing.pop("table"), **pairing}


def _bye(player: TrfPlayer, code: str, ids: dict, number: int, problems: Problems) -> dict:
    kind = BYES.get(code, "zero")
    if code not in BYES and code != " ":
        problems.add(player.src, f"round {number}: result '{code}' without an opponent; TRF-16 writes a bye as "
                     "U, F, H or Z with opponent 0000")
    return {"players": [ids[player.number]], "bye": True if kind == "allocated" else kind}


def _game(player: TrfPlayer, entry, trf: Trf, number: int, ids: dict, problems: Problems) -> dict:
    """The game of ``player`` (the lower start rank of the two) in round ``number``, White first."""
    other = next(p for p in trf.players if p.number == entry.opponent)
    back = other.rounds[number - 1]
    white, black, mine, theirs = (other, player, back, entry) if entry.colour == "b" else (player, other, entry, back)
    pairing = {"players": [ids[white.number], ids[black.number]]}
    codes = mine.result + theirs.result
    if codes in ("+-", "-+"):
        pairing["forfeit"] = ids[(black if codes == "+-" else white).number]
    elif mine.result in PLAYED and theirs.result in PLAYED and PLAYED[mine.result] + PLAYED[theirs.result] == 1:
        pairing["score"] = [PLAYED[mine.result], PLAYED[theirs.result]]
    else:
        problems.add(player.src, f"round {number}: results '{entry.result}' and '{back.result}' (start rank "
                     f"{other.number}) are no game's two results; a round file holds a win, a draw or one "
                     "player's forfeit — enter this game by hand")
    return pairing
