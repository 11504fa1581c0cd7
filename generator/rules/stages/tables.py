"""Multiplayer tables by standing (Czech club rules): round 1 drawn, later rounds seat the
players in standings order, so that equal scores sit together, at tables of 2–5."""
from __future__ import annotations

from podium.core.errors import fail
from podium.rules.draw import inputs_digest, rng
from podium.rules.kinds import TABLES
from podium.rules.schedules import table_sizes
from podium.rules.stages.common import DraftPairing, DraftRound, EventState, StageResult, fresh_records


def planned_rounds(stage, entrants: int) -> int:
    return stage.rounds


def replay(result: StageResult, state: EventState) -> None:
    result.records = fresh_records(result.entrants)
    for rnd in state.rounds_of(result):
        state.flags[rnd.number] = {}
        state.check_seated(rnd, set(state.present(result.entrants, rnd.number)))
        for pairing in rnd.pairings:
            state.score(pairing, result.records, rnd.number, result.stage)
        state.finish_round(rnd, result.records)
    finish(result, state)


def finish(result: StageResult, state: EventState) -> None:
    """The standings once the stage's rounds so far are played (also of a round-by-round replay's
    prefix, rules/prefixes.py)."""
    result.rows = state.rank(result.entrants, result.records, TABLES)
    result.order = [row.player for row in result.rows]
    result.complete = state.played_out(result)


def next_round(result: StageResult, state: EventState, number: int) -> DraftRound:
    """Round 1 at random (seeded); then by the standings: the best players at table 1."""
    present = set(state.present(result.entrants, number))
    players = [row.player for row in result.rows if row.player in present]
    sizes = table_sizes(len(players), result.stage.size or 4)
    if not sizes:
        raise fail(state.event.src, "fewer than two active players; nothing to seat")
    inputs = inputs_digest(players)
    if not result.rounds:
        players.sort()
        rng(state.event.seed, "tables", number, inputs).shuffle(players)
    pairings, start = [], 0
    scoring = state.ruleset.scoring
    for table, size in enumerate(sizes, start=1):
        seated = tuple(players[start:start + size])
        start += size
        removed = scoring.tiles_to_remove(size)
        pairings.append(DraftPairing(players=seated, table=table,
                                     notes=[("tiles", removed)] if removed else []))
    return DraftRound(number=number, stage=TABLES, pairings=pairings,
                      seed_parts=(state.event.seed, "tables", number, inputs) if not result.rounds else ())
