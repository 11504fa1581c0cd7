"""`podium verify`: re-draw every round from the committed inputs and compare with what is published.

Round n is re-drawn from the registrations, the seed and rounds 1 … n−1 exactly as `podium pair`
drew it. A difference has one of two causes, told apart by the fingerprint `pair` writes into the
round file (``drawn_from:``, the results of rounds 1 … n−1 as they were then):
- the fingerprint still matches: the pairings were changed by hand — an error;
- it does not: a result was corrected after round n was paired, so round n rightly follows the
  results as they were — a notice, which does not fail the run (a legitimate correction must not
  block publishing).
A round file without a fingerprint (written by hand, or by Podium 0.2.0 or earlier) cannot tell
the two apart, so a difference is an error.
"""
from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
from dataclasses import dataclass

from podium.errors import Problems, UserError
from podium.rules.engine import EventResult, compute_event, next_round


@dataclass(frozen=True)
class Difference:
    event: str
    round: int
    src: object
    published: tuple
    redrawn: tuple
    reason: str = ""
    fingerprinted: bool = False  # the round file says which results it was drawn from
    results_corrected: bool = False  # … and they have changed since: a notice, not an error

    @property
    def is_error(self) -> bool:
        return not self.results_corrected

    def __str__(self) -> str:
        return f"{'' if self.is_error else 'notice: '}{self.src}: {self.message}"

    @property
    def message(self) -> str:
        if self.reason:
            return f"round {self.round} cannot be re-drawn: {self.reason}"
        only_published = ", ".join(_table_text(t) for t in self.published if t not in self.redrawn)
        only_redrawn = ", ".join(_table_text(t) for t in self.redrawn if t not in self.published)
        tables = f"published {only_published}; re-drawn today {only_redrawn}"
        if self.results_corrected:
            earlier = "round 1" if self.round == 2 else f"rounds 1–{self.round - 1}"
            return (f"a result of {earlier} was corrected after round {self.round} was paired, "
                    f"so round {self.round} follows the results as they were then ({tables}); nothing to do")
        if self.fingerprinted:
            cause = "they were changed by hand after `podium pair` wrote them"
        else:
            cause = ("a pairing was changed by hand, or a result corrected after the round was paired "
                     "(the file has no 'drawn_from:' to tell which); an event drawn by Podium 0.2.0 or earlier "
                     "re-draws as it was drawn with 'draws: 1' in its event.yaml")
        return (f"the pairings of round {self.round} differ from the draw ({tables}); {cause}; "
                "restore the drawn pairings, or keep them and say why in a comment")


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
            drawn_from = published.drawn_from
            corrected = drawn_from is not None and drawn_from != results_fingerprint(event.rounds[:index])
            differences.append(Difference(event.id, published.number, published.src, got, want,
                                          results_corrected=corrected, fingerprinted=drawn_from is not None))
    return differences


def results_fingerprint(rounds) -> str:
    """A short fingerprint of everything rounds 1 … n−1 say (pairings, results, drops, penalties),
    and nothing about where it is written: lines, comments and formatting do not count, nor do
    fields left at their default (so a field added in a later version keeps old fingerprints)."""
    text = json.dumps([_facts(r) for r in rounds], sort_keys=True, ensure_ascii=False, default=_plain)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


_WHERE_WRITTEN = {"src", "key_srcs", "drop_srcs", "drawn_from"}


def _facts(value):
    if dataclasses.is_dataclass(value):
        return {f.name: _facts(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.name not in _WHERE_WRITTEN and getattr(value, f.name) != _default(f)}
    if isinstance(value, (tuple, list)):
        return [_facts(item) for item in value]
    return value


def _default(field):
    if field.default is not dataclasses.MISSING:
        return field.default
    return field.default_factory() if field.default_factory is not dataclasses.MISSING else dataclasses.MISSING


def _plain(value):
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    raise TypeError(f"a round holds a {type(value).__name__}, which has no fingerprint")
