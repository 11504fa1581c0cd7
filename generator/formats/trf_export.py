"""`podium export trf EVENT`: a chess event's report as FIDE's Tournament Report File (TRF-16,
trf.py), which a federation takes for rating. Read from the event report only, like the pages:
start ranks in the order of registrations.yaml, each round's opponent, colour and result, the
points and rank of the standings. Rounds still waiting for results are left out."""
from __future__ import annotations

from itertools import takewhile

from podium.core.errors import Src
from podium.rules.report import EventReport, RoundReport
from podium.formats.trf import BYE_CODES, DATE_FORMAT, GAME_CODES, UNRATED_CODES, RoundEntry, Trf, TrfPlayer, trimmed


def event_trf(report: EventReport) -> Trf:
    number = {person.id: i for i, person in enumerate(report.people, start=1)}
    complete = list(takewhile(lambda rnd: rnd.complete, report.rounds))
    standing = {row.player: row for row in _standings_after(report, complete)}
    rounds = [_entries(rnd, number) for rnd in complete]
    players = []
    for person in report.people:
        row = standing.get(person.id)
        entries = trimmed(entries.get(person.id, RoundEntry(None, None, "Z")) for entries in rounds)  # gone: not written
        players.append(TrfPlayer(number=number[person.id], name=person.name, src=Src(report.id), title=person.title or "",
                                 rating=person.rating, federation=person.country or "", fide_id=person.fide_id,
                                 points=row.points if row else None, rank=row.rank if row else None, rounds=entries))
    header = {"name": report.name, "city": report.venue, "start": report.date.strftime(DATE_FORMAT) if report.date else None,
              "players": str(len(players)), "rated": str(sum(1 for p in players if p.rating)),
              "type": "Swiss", "arbiter": report.roles.head_judge}
    return Trf({key: value for key, value in header.items() if value}, tuple(players))


def _standings_after(report: EventReport, complete: list[RoundReport]):
    """The points and ranks that go with the rounds written: the event's standings once every
    round is in, else those after the last complete round (a round in play already counts its
    results in so far and the byes asked for in it)."""
    if len(complete) == len(report.rounds):
        return report.standings
    after = complete[-1].standings_after if complete else ()
    return [row for group in after for row in group.rows]


def _entries(rnd: RoundReport, number: dict[str, int]) -> dict[str, RoundEntry]:
    """Each seated player's entry of the round."""
    entries = {}
    for table in rnd.tables:
        seats = table.seats
        if table.bye:
            asked = table.outcome.asked
            entries[seats[0].player] = RoundEntry(None, None, BYE_CODES[asked] if asked else BYE_CODES["allocated"])
            continue
        forfeiter = table.outcome.player if table.outcome.kind in ("forfeit", "judge-loss") else None
        for seat, other in ((seats[0], seats[1]), (seats[1], seats[0])):
            if forfeiter:
                code = "-" if seat.player == forfeiter else "+"
            else:
                code = (UNRATED_CODES if table.unrated else GAME_CODES)[seat.score]
            entries[seat.player] = RoundEntry(number[other.player], seat.colour[0] if seat.colour else None,
                                              code)
    return entries
