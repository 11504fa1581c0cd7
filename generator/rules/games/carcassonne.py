"""Czech club tournament of a tile-laying game in groups of 2–5 (the seed's "Bodování" and
"Příprava hry" sections): tournament points (TB) by place from the victory points (VP)."""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from podium.core.errors import Problems
from podium.core.model import Pairing
from podium.rules.blocks import Param
from podium.core.words import N_
from podium.rules.forms import NUMBER, Input
from podium.rules.kinds import TABLES
from podium.rules.scoring import Scoring
from podium.rules.outcome import Outcome, tidy
from podium.core.values import Count


def place_points(vp: list[float], standard: int) -> list[float]:
    """TB for each player of one table from the VP, in the order given.

    The winner gets TB equal to the number of players, each next place 1 less; a table smaller
    than the standard size still counts from the standard top (standard 4, 3 players → 4, 3, 2).
    Equal VP share the TB of the places they cover (100, 75, 75, 60 → 4, 2.5, 2.5, 1).
    """
    top = max(len(vp), standard)
    order = sorted(range(len(vp)), key=lambda i: -vp[i])
    points = [0.0] * len(vp)
    place = 0
    while place < len(order):
        tied = [i for i in order[place:] if vp[i] == vp[order[place]]]
        covered = [top - p for p in range(place, place + len(tied))]
        for i in tied:
            points[i] = tidy(sum(covered) / len(tied))
        place += len(tied)
    return points


class TableScoring(Scoring):
    """Czech club rules: TB by place at the table from the VP, shared on equal VP; the VP are
    kept as the tie-breaker. ``score`` lists each player's VP in the order of ``players``."""

    name = "table-places"
    params = {
        "standard": Param(Annotated[int, Field(ge=2, le=5)], 4, "the standard table size: smaller tables count from this top"),
        "tiles_removed": Param(dict[Annotated[int, Field(ge=2, le=5)], Count], {2: 1, 3: 2, 4: 3, 5: 1}, "tiles put back unseen by table size (Příprava hry)"),
    }
    stage_kinds = frozenset({TABLES})  # multiplayer tables scored by victory points
    reads = frozenset({"score"})
    facts = frozenset({"vp"})
    how = ("write the table's result as 'score: [VP, VP, …]', one number per player; these rules know no forfeit "
           "(a player who left the tournament goes under the previous round's 'drops:')")

    def outcomes(self, pairing: Pairing, round_no: int, stage=None) -> list[Outcome]:
        if not pairing.score:
            return []
        standard = stage.size if stage is not None and stage.size else self.standard
        points = place_points(list(pairing.score), standard)
        best = max(points)
        outcomes = []
        for player, vp, tb in zip(pairing.players, pairing.score, points):
            others = tuple(p for p in pairing.players if p != player)
            outcomes.append(Outcome(player, others[0] if others else None, "win" if tb == best else "loss", tb, 0,
                                    round_no, opponents=others, stats={"vp": vp}))
        return outcomes

    def decided(self, pairing: Pairing, stage=None) -> bool:
        return bool(pairing.score)

    def match_winner(self, pairing: Pairing, higher_seed, stage=None):
        return None

    def tiles_to_remove(self, size: int) -> int | None:
        """Příprava hry: tiles put back unseen so every player has the same number of turns."""
        return self.tiles_removed.get(size)

    def result_inputs(self, pairing: Pairing, event, stage=None) -> tuple:
        return (Input("score", N_("Victory points"), NUMBER, per_player=True, minimum=0),)

    def blank(self, players: tuple, stage, **_) -> list[str]:
        return ["    score: []  # victory points (VP) of each player, in the order of players"]

    def check_shape(self, pairing: Pairing, problems: Problems, stage=None) -> None:
        if not 2 <= len(pairing.players) <= 5:
            problems.add(pairing.at("players"), "a table has 2 to 5 players")
        halves = [vp for vp in pairing.score or () if vp != int(vp)]
        if halves:  # the game scores whole points: a city, a road, a cloister, a field (Bodování)
            problems.add(pairing.at("score"), f"victory points are whole numbers, not {halves[0]:g}; write each "
                         "player's VP as counted on the score track")


# What this game adds to the building blocks a ruleset may name (rules/registry.py).
BLOCKS = {"scoring": [TableScoring]}
