"""The crosstable of a TRF file (trf.py) as an event's players and round files, for
`podium import trf` (trf_import.py), and how each absence and forfeit was read, counted for the
line the import prints.

A Swiss: a player's absences before his first round make him a late entry (``joins:``), those
after his last a withdrawal (``drops:``) once every round is played, and those between (and
after his last while rounds are still to pair) zero-point byes; a player in no
round is left out. The rounds after the last one played (no game, no pairing's bye in them)
hold the byes asked for in advance (JaVaFo's file of the round to pair): they go beside the
registrations (``byes: {5: half}``). A double forfeit, which no round file holds as a game, is
two zero-point byes. A round robin: each round as FIDE's Berger tables seat it (C.05 Annex 1),
the player a table rests left out of the round.
"""
from __future__ import annotations

from collections import Counter

from podium.core.errors import Problems
from podium.core.slug import slugify
from podium.formats.trf import BYES, PLAYED, UNRATED, RoundEntry, Trf, TrfPlayer
from podium.rules.schedules import fide_berger_rounds

ASKED = {code: kind for code, kind in BYES.items() if kind != "allocated"}  # a bye of a round not yet played
NO_ENTRY = RoundEntry(None, None, " ")


class Crosstable:
    """The file's players who took part, in start-rank order (or a round robin's Berger order),
    each with his id and the first and last round he took part in, read once for every file."""

    def __init__(self, trf: Trf):
        everyone = sorted(trf.players, key=lambda p: p.number)
        self.everyone = everyone  # every player of the file, of a round or not
        self.rounds = _played_rounds(everyone)
        # before round 1 (a start list, with the round's byes perhaps entered) nobody is left out
        self.left_out = [p for p in everyone if self.rounds and all(entry.absent for entry in p.rounds[:self.rounds])]
        self._take_in([p for p in everyone if p not in self.left_out])
        self.active = {p.number: _active_rounds(p, self.rounds) for p in self.players}
        self.asked = {p.number: _asked_byes(p, self.rounds) for p in self.players
                      if self.active[p.number][1] == self.rounds}  # still playing: a withdrawal asks for nothing
        self.spellings = Counter((e.spelled, e.result) for p in everyone for e in p.rounds if e.spelled)
        self.tally: Counter = Counter()
        self.said: dict[int, list[str]] = {}  # round → what its file says above its pairings
        self.round_robin = False

    def _take_in(self, players: list[TrfPlayer]) -> None:
        """``players`` are the event's, each with his id."""
        self.players = players
        self.by_number = {p.number: p for p in players}
        self.ids = unique_ids(players)

    def seat_by_berger_tables(self, order: list[int]) -> None:
        """Registrations in the order of the start numbers the Berger tables give them."""
        self.players = [self.by_number[number] for number in order]
        self.round_robin = True
        self.asked = {}  # a round robin's rounds are all in its tables: none is asked to sit out

    def ask_zero_byes(self, numbers: list[int]) -> None:
        """JaVaFo's XXZ: the players absent from the round to pair, each a zero-point bye asked
        for (of those still playing: a withdrawal asks for nothing)."""
        for number in numbers:
            if number in self.asked:
                self.asked[number].setdefault(self.rounds + 1, "zero")

    def goes_on(self, planned: int) -> None:
        """Rounds are still to pair (``planned`` in all). As FIDE's pairing programs read a TRF,
        a player is paired in the next round unless his absence is entered for it: one absent
        from the last rounds played has not withdrawn (those rounds are his zero-point byes), and
        one of no round yet whose absence is not entered for the next either joins in it (a late
        entry)."""
        if self.rounds >= planned:
            return
        joining = [p for p in self.left_out if self.entry(p, self.rounds + 1).result == " "]
        self.left_out = [p for p in self.left_out if p not in joining]
        self._take_in(sorted(self.players + joining, key=lambda p: p.number))
        for player in self.players:
            first, last = _active_rounds(player, self.rounds)
            self.active[player.number] = (first, self.rounds) if last else (self.rounds + 1, self.rounds)
            self.asked[player.number] = _asked_byes(player, self.rounds)

    def entry(self, player: TrfPlayer, number: int) -> RoundEntry:
        return player.rounds[number - 1] if number <= len(player.rounds) else NO_ENTRY

    def registrations(self) -> list[dict]:
        entries = []
        for player in self.players:
            entry = {"id": self.ids[player.number], "name": player.name, "rating": player.rating,
                     "country": player.federation or None, "fide_id": player.fide_id or None,
                     "title": player.title or None, "byes": self.asked.get(player.number) or None}
            first, _ = self.active[player.number]
            if first > 1 and not self.round_robin:
                entry["joins"] = first
                self.tally["late entry"] += 1
            entries.append({k: v for k, v in entry.items() if v is not None})
        return entries

    def round(self, number: int, problems: Problems) -> dict:
        """Round ``number``'s file: each game once (from the line of the lower start rank), then
        the byes; who left after it, ``drops``."""
        seated, drops = [], []
        for player in self.players:
            first, last = self.active[player.number]
            if number == last < self.rounds and not self.round_robin:
                drops.append(self.ids[player.number])
            entry = self.entry(player, number)
            if entry.opponent is None:
                if first <= number <= last and not self.round_robin:  # a round robin's rest is no bye
                    seated.append(self._bye(player, entry.result, number, problems))
            elif entry.opponent > player.number:  # the crosstable is checked: the other line says the same
                seated += self._game(player, entry, number, problems)
        self.tally["withdrawal"] += len(drops)
        games = [{"table": table, **pairing} for table, pairing in enumerate(
            (pairing for pairing in seated if "bye" not in pairing), start=1)]
        data = {"round": number, "stage": "round-robin" if self.round_robin else "swiss",
                "pairings": games + [pairing for pairing in seated if "bye" in pairing]}
        if drops:
            data["drops"] = drops
        return data

    def _game(self, player: TrfPlayer, entry: RoundEntry, number: int, problems: Problems) -> list[dict]:
        """The game of ``player`` (the lower start rank of the two) in round ``number``, White first
        (a double forfeit: a zero-point bye each)."""
        other = self.by_number[entry.opponent]
        back = other.rounds[number - 1]
        white, black, mine, theirs = (other, player, back, entry) if entry.colour == "b" else (player, other, entry, back)
        pairing = {"players": [self.ids[white.number], self.ids[black.number]]}
        codes = mine.result + theirs.result
        if codes in ("+-", "-+"):
            pairing["forfeit"] = self.ids[(black if codes == "+-" else white).number]
            self.tally["forfeit"] += 1
        elif codes == "--" and not self.round_robin:  # both absent: neither played, each scores nothing
            self.tally["double forfeit"] += 1
            self.said.setdefault(number, []).append(f"{white.name} and {black.name} were paired and neither played "
                                                    "(a double forfeit): a zero-point bye each.")
            return [{"players": [self.ids[p.number]], "bye": "zero"} for p in (white, black)]
        elif mine.result in PLAYED and theirs.result in PLAYED and PLAYED[mine.result] + PLAYED[theirs.result] == 1 \
                and (mine.result in UNRATED) == (theirs.result in UNRATED):
            pairing["score"] = [PLAYED[mine.result], PLAYED[theirs.result]]
            if mine.result in UNRATED:
                pairing["unrated"] = True
            self.tally["game"] += 1
        else:
            problems.add(player.src, f"round {number}: results '{entry.result}' and '{back.result}' (start rank "
                         f"{other.number}) are no game's two results; a round file holds a win, a draw or one "
                         "player's forfeit — enter this game by hand")
        return [pairing]

    def _bye(self, player: TrfPlayer, code: str, number: int, problems: Problems) -> dict:
        kind = BYES.get(code, "zero")
        if code not in BYES and code != " ":
            problems.add(player.src, f"round {number}: result '{code}' without an opponent; TRF-16 writes a bye as "
                         "U, F, H or Z with opponent 0000")
        self.tally[kind] += 1
        return {"players": [self.ids[player.number]], "bye": True if kind == "allocated" else kind}

    def second_byes(self) -> list[tuple[TrfPlayer, list[int]]]:
        """The players the pairing gave its bye more than once (a player gets at most one)."""
        found = []
        for player in self.players:
            rounds = [r for r in range(1, self.rounds + 1) if self.entry(player, r).result == "U"]
            if len(rounds) > 1 and not self.round_robin:
                found.append((player, rounds))
        return found


def _played_rounds(players: list[TrfPlayer]) -> int:
    """The last round with a game or the pairing's bye: the rounds after it are still to pair."""
    return max((r for p in players for r, e in enumerate(p.rounds, start=1) if e.opponent or e.result == "U"),
               default=0)


def _active_rounds(player: TrfPlayer, rounds: int) -> tuple[int, int]:
    """The first and last of the ``rounds`` played that the player took part in; (1, 0): none."""
    present = [i for i, entry in enumerate(player.rounds[:rounds], start=1) if not entry.absent]
    return (present[0], present[-1]) if present else (1, 0)


def _asked_byes(player: TrfPlayer, rounds: int) -> dict[int, str]:
    """The byes the player's line gives him in the rounds after the ``rounds`` played."""
    return {r: ASKED[e.result] for r, e in enumerate(player.rounds, start=1)
            if r > rounds and e.opponent is None and e.result in ASKED}


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


# ---------------------------------------------------------------- round robins

def meetings(table: Crosstable) -> Counter:
    """How often each two players met (a game or a forfeit) in the rounds played."""
    return Counter(frozenset((p.number, table.entry(p, r).opponent)) for p in table.players
                   for r in range(1, table.rounds + 1) if (table.entry(p, r).opponent or 0) > p.number)


def berger_order(table: Crosstable) -> list[int] | None:
    """The players' start numbers, in the order of the numbers of FIDE's Berger tables that seat
    the file's rounds as played, round by round (the file's own numbers first, when they do):
    None when no numbering does."""
    count = len(table.players)
    schedule = fide_berger_rounds(list(range(1, count + 1)))  # a table's number for each player
    if len(schedule) != table.rounds:
        return None
    seat = {number: [None] * len(schedule) for number in range(1, count + 1)}  # number → opponent by round
    for index, pairs in enumerate(schedule):
        for a, b in pairs:
            seat[a][index], seat[b][index] = b, a
    met = {p.number: [table.entry(p, r).opponent for r in range(1, table.rounds + 1)] for p in table.players}
    numbers = list(dict.fromkeys(n for first in range(1, count + 1) for n in (first, seat[first][0]) if n))
    found = _seat(numbers, {}, seat, met, [p.number for p in table.players])
    return [found[n] for n in range(1, count + 1)] if found else None


def _seat(numbers: list[int], given: dict, seat: dict, met: dict, players: list[int]) -> dict | None:
    """``given`` (a table number → a player) completed for ``numbers``, by backtracking."""
    if not numbers:
        return given
    number, rest = numbers[0], numbers[1:]
    for player in players:
        if player not in given.values() and _fits(number, player, given, seat, met):
            found = _seat(rest, {**given, number: player}, seat, met, players)
            if found:
                return found
    return None


def _fits(number: int, player: int, given: dict, seat: dict, met: dict) -> bool:
    """The player met in each round the players the table's number meets there, as far as given."""
    number_of = {p: n for n, p in given.items()}
    for index, opponent in enumerate(seat[number]):
        played = met[player][index]
        if (opponent is None) != (played is None) or (opponent in given and given[opponent] != played) \
                or (played in number_of and number_of[played] != opponent):
            return False
    return True
