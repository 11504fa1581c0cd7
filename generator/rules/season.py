"""Season results across events: the leaderboard and championship invitations (NS HEX 2023 §10, §11)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from podium.core.errors import Problems
from podium.core.model import Season
from podium.rules.report import SeasonReport, report_season

MAX_WILDCARDS = 3  # NS HEX 2023 §10
# NS HEX 2023 §11.1 passes an invitation down only when its winner already holds one; it is
# silent on a player who withdrew (§2.5) or was excluded (§2.3, §6.9). Such a player is not
# invited: the invitation goes to the next player of the final classification without one.
NOT_INVITABLE = ("dropped", "disqualified", "excluded")


@dataclass(frozen=True)
class Invitation:
    player: str
    event: str | None
    via: str  # winner | passed-down | wildcard
    reason: str = ""
    place: int | None = None
    passed_over: tuple[tuple[str, str], ...] = ()  # (player, why): "invited", or the status that ruled him out


PASSED_OVER_WHY = {"invited": "already held an invitation", "dropped": "withdrew", "disqualified": "was disqualified",
                   "excluded": "was excluded"}


@dataclass
class LeaderRow:
    rank: int
    player: str
    points: float
    events: int
    places: dict = field(default_factory=dict)  # event id → place
    points_by_event: dict = field(default_factory=dict)  # event id → the season points it gave
    shared: bool = False  # another row holds the same rank: nothing the season's rules compare sets them apart


@dataclass
class SeasonResult:
    season: Season
    events: list  # EventResult, by date
    leaderboard: list[LeaderRow]
    invitations: list[Invitation]

    @cached_property
    def report(self) -> SeasonReport:
        return report_season(self)


def compute_season(season: Season, results: list, known_players: set[str], problems: Problems) -> SeasonResult:
    ordered = sorted(results, key=lambda r: (r.event.date is None, r.event.date, r.event.id))
    invitations = []
    if season.qualification == "invitations":
        invitations = qualifier_invitations(ordered)
        invitations += _wildcards(season, invitations, known_players, problems)
    return SeasonResult(season=season, events=ordered, leaderboard=leaderboard(season, ordered), invitations=invitations)


def qualifier_invitations(results: list) -> list[Invitation]:
    """NS HEX 2023 §11.1: the winner of each finished qualifier is invited; if already invited,
    the invitation passes to the next player of that event's final classification without one.
    A player who withdrew or was excluded is passed over the same way (``NOT_INVITABLE``)."""
    invited: set[str] = set()
    invitations = []
    for result in results:
        if not (result.qualifier and result.complete):
            continue
        passed_over = []
        for row in result.final_rows:
            if row.player in invited or row.status in NOT_INVITABLE:
                passed_over.append((row.player, "invited" if row.player in invited else row.status))
                continue
            reason = "passed over: " + ", ".join(f"{p} {PASSED_OVER_WHY[why]}" for p, why in passed_over)
            invitations.append(Invitation(row.player, result.event.id, "passed-down" if passed_over else "winner",
                                          reason=reason if passed_over else "", place=row.rank,
                                          passed_over=tuple(passed_over)))
            invited.add(row.player)
            break
    return invitations


def _wildcards(season: Season, invitations, known_players, problems) -> list[Invitation]:
    """NS HEX 2023 §10: up to three wild cards, each with its stated reason."""
    invited = {i.player for i in invitations}
    if len(season.wildcards) > MAX_WILDCARDS:
        problems.add(season.wildcards[MAX_WILDCARDS].src, f"at most {MAX_WILDCARDS} wild cards a season (§10)")
    cards = []
    for card in season.wildcards[:MAX_WILDCARDS]:
        if card.player not in known_players:
            problems.add(card.src, f"wild card for unknown player '{card.player}'")
        elif card.player in invited:
            problems.add(card.src, f"{card.player} already holds an invitation; a wild card goes to someone without one")
        else:
            invited.add(card.player)
            cards.append(Invitation(card.player, None, "wildcard", card.reason))
    return cards


def leaderboard(season: Season, results: list) -> list[LeaderRow]:
    """Season points by final place (``points: {1: 25, …}``) summed over finished events. Equal
    points: more events played first, then the better best place; players equal on all three
    share their rank (no rule of the season orders them, so neither does Podium)."""
    totals: dict[str, LeaderRow] = {}
    for result in results:
        if not result.complete:
            continue
        for row in result.final_rows:
            entry = totals.setdefault(row.player, LeaderRow(0, row.player, 0, 0))
            earned = season.points.get(row.rank, 0)
            entry.points += earned
            entry.events += 1
            entry.places[result.event.id] = row.rank
            entry.points_by_event[result.event.id] = earned
    ordered = sorted(totals.values(), key=lambda r: (_standing(r), r.player))  # by id only to list the equal
    for index, row in enumerate(ordered):
        before = ordered[index - 1] if index else None
        row.rank = before.rank if before and _standing(before) == _standing(row) else index + 1
    holders = Counter(row.rank for row in ordered)
    for row in ordered:
        row.shared = holders[row.rank] > 1
    return ordered


def _standing(row: LeaderRow) -> tuple:
    """What orders the leaderboard: more points, then more events played, then the better best place."""
    return -row.points, -row.events, min(row.places.values())
