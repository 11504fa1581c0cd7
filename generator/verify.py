"""`podium verify`: re-draw every round from the committed inputs and compare with what is published.

Round n is re-drawn from the registrations, the seed and rounds 1 … n−1 exactly as `podium pair`
drew it. A difference means a hand-edited pairing, or a result corrected after the next round was
paired (that round's pairings depended on it).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from generator.errors import Problems, UserError
from generator.rules.engine import EventResult, compute_event, next_round


@dataclass(frozen=True)
class Difference:
    event: str
    round: int
    src: object
    published: tuple
    redrawn: tuple
    reason: str = ""

    def __str__(self) -> str:
        if self.reason:
            return f"{self.src}: round {self.round} cannot be re-drawn: {self.reason}"
        only_published = ", ".join(_table_text(t) for t in self.published if t not in self.redrawn)
        only_redrawn = ", ".join(_table_text(t) for t in self.redrawn if t not in self.published)
        return (f"{self.src}: round {self.round} differs from its re-draw — published {only_published}; "
                f"re-drawn {only_redrawn}")


def _table_text(players: frozenset) -> str:
    names = sorted(players)
    return f"{names[0]} (bye)" if len(names) == 1 else " v ".join(names)


def verify_event(result: EventResult) -> list[Difference]:
    event, ruleset = result.event, result.ruleset
    differences = []
    for index, published in enumerate(event.rounds):
        earlier = dataclasses.replace(event, rounds=event.rounds[:index])
        try:
            draft = next_round(compute_event(earlier, ruleset, Problems()))
        except UserError as exc:
            differences.append(Difference(event.id, published.number, published.src, (), (),
                                          "; ".join(p.message for p in exc.problems)))
            continue
        got = tuple(sorted(frozenset(p.players) for p in published.pairings))
        want = tuple(sorted(frozenset(p.players) for p in draft.pairings))
        if set(got) != set(want):
            differences.append(Difference(event.id, published.number, published.src, got, want))
    return differences
