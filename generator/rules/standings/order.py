"""Order players by points, then the ruleset's tie-breakers, recording what separated each row."""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.rules.standings.metrics import Context, Points, Tiebreaker

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


def rank_players(players: list[str], tiebreakers: list[Tiebreaker], ctx: Context,
                 status: dict[str, str]) -> list[Row]:
    """Standings rows, best first. Disqualified and excluded players go to the bottom."""
    criteria = [Points()] + list(tiebreakers)
    active = [p for p in players if status.get(p, "active") not in INACTIVE_LAST]
    inactive = [p for p in players if p not in active]
    ordered = _order(active, criteria, ctx) + _order(inactive, criteria, ctx)
    shown = [t for t in tiebreakers if t.shown]
    rows = []
    for index, (player, separated_by) in enumerate(ordered):
        rows.append(Row(rank=index + 1, player=player, points=criteria[0].value(player, ctx),
                        tiebreaks={t.key: t.value(player, ctx) for t in shown},
                        status=status.get(player, "active"), separated_by=separated_by if index else None))
    return rows


def _order(group: list[str], criteria: list[Tiebreaker], ctx: Context) -> list[tuple[str, str | None]]:
    if not group:
        return []
    if len(group) == 1 or not criteria:
        return [(p, None) for p in sorted(group)]
    first, rest = criteria[0], criteria[1:]
    result = []
    for index, bucket in enumerate(first.split(group, ctx)):
        sub = _order(bucket, rest, ctx)
        if index:
            sub[0] = (sub[0][0], first.key)
        result.extend(sub)
    return result
