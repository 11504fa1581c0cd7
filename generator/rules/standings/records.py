"""Per-player totals accumulated over a stage's rounds: what every tie-breaker reads."""
from __future__ import annotations

from dataclasses import dataclass, field

from generator.rules.outcome import Outcome, tidy


@dataclass
class Record:
    player: str
    points: float = 0
    margin: float = 0
    byes: int = 0
    penalty_points: float = 0
    outcomes: list[Outcome] = field(default_factory=list)

    def add(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)
        self.points = tidy(self.points + outcome.points)
        self.margin = tidy(self.margin + outcome.margin)
        if outcome.result == "bye":
            self.byes += 1

    @property
    def opponents(self) -> list[str]:
        return [o.opponent for o in self.outcomes if o.opponent is not None]

    @property
    def rounds_played(self) -> int:
        return len(self.outcomes)

    def results_against(self, opponent: str) -> list[str]:
        return [o.result for o in self.outcomes if o.opponent == opponent]

    def count(self, result: str) -> int:
        return sum(1 for o in self.outcomes if o.result == result)
