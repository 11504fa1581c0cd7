"""Order players by points, then the ruleset's tie-breakers, recording what separated each row."""
from __future__ import annotations

from dataclasses import dataclass, field

from podium.rules.standings.metrics import Context, Points, Tiebreaker

INACTIVE_LAST = ("disqualified", "excluded")


@dataclass
class Row:
    rank: int
    player: str
    points: float
    tiebreaks: dict
    status: str = "active"
    separated_by: str | None = None  # criterion that put this row below the row above
    extra: dict = field(default_factory=dict)
    tied: tuple[str, ...] = ()  # the players (this one included) no tie-breaker separates, by id
    tie: str | None = None  # a tied row's place: "shared" (decides nothing) or "undecided" (a decision is awaited)
    awaits: str | None = None  # an undecided row: what its tie awaits, in the rules' terms (rules/ties.py)


def rank_players(players: list[str], tiebreakers: list[Tiebreaker], ctx: Context,
                 status: dict[str, str]) -> list[Row]:
    """Standings rows, best first. Disqualified and excluded players go to the bottom.

    Players no tie-breaker separates (the ruleset's last one is the organizer's decision and
    'manual_order:' does not list them yet) are never put in order silently: they share the
    best of their places and are marked ``tied``; they are listed by id only to print them."""
    criteria = [Points()] + list(tiebreakers)
    ordered = [placed for part in _active_then_inactive(players, status) for placed in _order(part, criteria, ctx)]
    shown = [t for t in tiebreakers if t.shown]
    rows, first_place = [], {}
    for index, (player, separated_by, tied) in enumerate(ordered):
        rank = first_place.setdefault(tied, index + 1) if tied else index + 1
        rows.append(Row(rank=rank, player=player, points=criteria[0].value(player, ctx),
                        tiebreaks={t.key: t.value(player, ctx) for t in shown},
                        status=status.get(player, "active"), separated_by=separated_by if index else None,
                        tied=tied, tie="shared" if tied else None))
    return rows


def inactive_last(players: list[str], status: dict[str, str]) -> list[str]:
    """``players`` in their order, the disqualified and excluded moved to the bottom: a player
    put out of the event (NS HEX §2.3: "wykluczony z turnieju") keeps no place he had earned,
    in a ranking stage or in a bracket; one who withdrew (§2.5) keeps his results."""
    return [p for part in _active_then_inactive(players, status) for p in part]


def _active_then_inactive(players: list[str], status: dict[str, str]) -> tuple[list[str], list[str]]:
    inactive = [p for p in players if status.get(p, "active") in INACTIVE_LAST]
    return [p for p in players if p not in inactive], inactive


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st (the organizer's messages are in English)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def shared_ranks(rows: list[Row]) -> set[int]:
    """Ranks that tied rows hold together: shown "=5" (a place one tie holds alone is not shared)."""
    tied = [row.rank for row in rows if row.tie]
    return {rank for rank in tied if tied.count(rank) > 1}


def _order(group: list[str], criteria: list[Tiebreaker], ctx: Context) -> list[tuple[str, str | None, tuple]]:
    """(player, the criterion that put him below the one above, the players still tied with him)."""
    if not group:
        return []
    if len(group) == 1 or not criteria:
        tied = tuple(sorted(group)) if len(group) > 1 else ()
        return [(p, None, tied) for p in sorted(group)]
    first, rest = criteria[0], criteria[1:]
    result = []
    for index, bucket in enumerate(first.split(group, ctx)):
        sub = _order(bucket, rest, ctx)
        if index:
            sub[0] = (sub[0][0], first.key, sub[0][2])
        result.extend(sub)
    return result
