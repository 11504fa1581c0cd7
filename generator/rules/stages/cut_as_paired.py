"""A cut that stands as it was paired: a result of the stage before corrected after the
knockout's first round was paired changes the standings, not the bracket that was played
(issue: a correction never blocks an event). The bracket keeps the seeds it was paired with,
read back from its first round file, and check says what the correction would have changed.
"""
from __future__ import annotations

from podium.model import Round
from podium.rules.brackets import round_name
from podium.rules.pairing.knockout import Match
from podium.rules.stages.common import EventState, StageResult


def pairs(matches: list[Match]) -> set[frozenset]:
    return {frozenset(m.players) for m in matches if None not in m.players}


def pairs_in(rnd: Round) -> set[frozenset]:
    return {frozenset(p.players) for p in rnd.pairings if len(p.players) == 2}


def seeded_as_paired(rnd: Round, size: int, active: set[str], bracket) -> list[str] | None:
    """The seeds the bracket's first round was paired with, read back from its round file: a
    result of the stage before corrected after the cut was paired changes the standings, not
    the bracket that was played (the played rounds stand as played). `pair` writes the matches
    in bracket order, the higher seed first, so table k holds the seeds of the bracket's k-th
    match; None where the file is not such a bracket of ``size`` seeds from ``active`` (a cut
    not yet full, or changed by hand: then each pairing is checked as it stands)."""
    template = [m for m in bracket.first_round([str(seed) for seed in range(1, size + 1)]) if None not in m.players]
    pairings = [p for p in rnd.pairings if len(p.players) == 2]
    if len(pairings) != len(template) or len(template) * 2 != size:
        return None
    seat = {int(dummy): player for match, pairing in zip(template, pairings)
            for dummy, player in zip(match.players, pairing.players)}
    then = [seat[seed] for seed in range(1, size + 1)]
    if len(set(then)) != size or not set(then) <= active or pairs(bracket.first_round(then)) != pairs_in(rnd):
        return None
    return then


def note_paired_before_a_correction(result: StageResult, state: EventState, then: list[str], now: list[str]) -> None:
    """Say (a check note, and the report's) that the cut stands as it was paired, and what the
    correction would have changed."""
    def seeds(order: list[str]) -> str:
        return ", ".join(f"{player} {seed}" for seed, player in enumerate(order, start=1))
    first = result.rounds[0]
    result.paired_before_correction = then
    state.notes.append((first.src, f"a result of the stage before was corrected after the {round_name(len(then))} "
                                   f"was paired: the bracket stands as it was paired and played, seeded {seeds(then)}; "
                                   f"by the results as they now stand it would be seeded {seeds(now)}"))
