"""A cut that stands as it was paired: a result of the stage before corrected after the
knockout's first round was paired changes the standings, not the bracket that was played
(issue: a correction never blocks an event). The bracket keeps the seeds it was paired with,
read back from its first round file, and check says what the correction would have changed.
"""
from __future__ import annotations

from podium.core.model import Round
from podium.rules.brackets import round_name
from podium.rules.pairing.knockout import Match
from podium.rules.stages.common import EventState, StageResult


def pairs(matches: list[Match]) -> set[frozenset]:
    return {frozenset(m.players) for m in matches if None not in m.players}


def pairs_in(rnd: Round) -> set[frozenset]:
    return {frozenset(p.players) for p in rnd.pairings if len(p.players) == 2}


def seeded_as_paired(rnd: Round, size: int, standing: list[str], bracket) -> list[str] | None:
    """The seeds the bracket's first round was paired with, read back from its round file: a
    result of the stage before corrected after the cut was paired changes the standings, not
    the bracket that was played (the played rounds stand as played). `pair` numbers the tables in
    bracket order, so table k holds the seeds of the bracket's k-th match; of its two players the
    one standing higher now takes the higher of the two seeds (the file's order may be a colour
    choice). ``standing``: the active players of the stage before, in their order now. None
    where the file is not such a bracket of ``size`` seeds (a cut not yet full, or changed by
    hand: then each pairing is checked as it stands)."""
    template = [m for m in bracket.first_round([str(seed) for seed in range(1, size + 1)]) if None not in m.players]
    pairings = sorted((p for p in rnd.pairings if len(p.players) == 2), key=lambda p: p.table or 0)
    rank = {player: place for place, player in enumerate(standing)}
    if len(pairings) != len(template) or len(template) * 2 != size or any(p not in rank for q in pairings for p in q.players):
        return None
    seat = {}
    for match, pairing in zip(template, pairings):
        for seed, player in zip(sorted(map(int, match.players)), sorted(pairing.players, key=rank.get)):
            seat[seed] = player
    then = [seat[seed] for seed in range(1, size + 1)]
    return then if len(set(then)) == size else None


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
