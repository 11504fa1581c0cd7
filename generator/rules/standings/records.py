"""Per-player totals accumulated over a stage's rounds: what every tie-breaker reads."""
from __future__ import annotations

from dataclasses import dataclass, field

from podium.rules.outcome import Outcome, tidy


@dataclass
class Record:
    player: str
    points: float = 0
    margin: float = 0
    byes: int = 0
    penalty_points: float = 0  # taken off by penalties, less those given him by another's penalty ('to:')
    outcomes: list[Outcome] = field(default_factory=list)
    stats: dict = field(default_factory=dict)

    def add(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)
        self.points = tidy(self.points + outcome.points)
        self.margin = tidy(self.margin + outcome.margin)
        for key, value in outcome.stats.items():
            self.stats[key] = tidy(self.stats.get(key, 0) + value)
        if outcome.result == "bye":
            self.byes += 1

    @property
    def opponents(self) -> list[str]:
        return [o.opponent for o in self.outcomes if o.opponent is not None]

    def met(self, forfeits: bool = True) -> list[str]:
        """The opponents the player met; ``forfeits``: a game won or lost by forfeit counts as a
        meeting (FIDE's Dutch system pairs two such players again: they have not played)."""
        return self.opponents if forfeits else [o.opponent for o in self.outcomes if o.opponent is not None and o.played]

    def colours_played(self) -> tuple[str, ...]:
        """The colour of each game played, oldest first: a forfeit or a bye has none (FIDE C.04.2
        §D.5: they do not count for colours)."""
        return tuple(o.colour for o in self.outcomes if o.colour and o.played)

    @property
    def rounds_played(self) -> int:
        return len(self.outcomes)

    def stat(self, key: str) -> float:
        return self.stats.get(key, 0)

    def points_by_round(self) -> list[float]:
        """Points of each round in order (a round with several games is one entry)."""
        totals: dict[int, float] = {}
        for outcome in self.outcomes:
            totals[outcome.round] = tidy(totals.get(outcome.round, 0) + outcome.points)
        return [totals[r] for r in sorted(totals)]

    def results_against(self, opponent: str) -> list[str]:
        return [o.result for o in self.outcomes if o.opponent == opponent]

    def points_against(self, opponents: set[str]) -> float:
        """Points scored in games against any of ``opponents`` (results between tied players)."""
        return tidy(sum(o.points for o in self.outcomes if o.opponent in opponents))

    def count(self, result: str) -> int:
        return sum(1 for o in self.outcomes if o.result == result)
