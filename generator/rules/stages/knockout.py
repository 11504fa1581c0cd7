"""A knockout stage: the bracket's first round from the stage's seeding, then each round's
winners; the round files are matched to the bracket's expected matches.

A player who withdraws or is disqualified during the knockout (NS HEX §2.3, §2.5; FFG: a drop
or a disqualification) is not paired again: his next match is a walkover, the opponent goes on
without playing and he takes the loser's place of that match (Tantrix §7b, §7k: the present
player wins a knockout match his opponent does not turn up for; the NS HEX and FFG rules are
silent, and the same applies). The round file records it as 'forfeit: <his id>'.
"""
from __future__ import annotations

from podium.errors import fail
from podium.model import Pairing, Round
from podium.rules.brackets import FINAL, THIRD_PLACE, knockout_rounds
from podium.rules.classification import BracketThenSwiss
from podium.rules.draw import rng
from podium.rules.kinds import KNOCKOUT
from podium.rules.pairing.knockout import Match, crossover_slots
from podium.rules.stages.common import DraftPairing, DraftRound, EventState, StageResult, fresh_records


def planned_rounds(stage, entrants: int) -> int:
    return knockout_rounds(stage.size)


def replay(result: StageResult, state: EventState) -> None:
    result.records = fresh_records(result.entrants)  # no points: the rows only order a bracket not yet drawn
    result.rows = state.rank(result.entrants, result.records, KNOCKOUT)
    first = _first_round(result, state)
    if first is None:
        return
    bracket, stage = state.ruleset.bracket, result.stage
    matches = first
    for rnd in result.rounds:
        if not matches:
            state.problems.add(rnd.src, "the bracket is already decided; this round is one too many")
            break
        _attach(rnd, matches, result, state)
        state.check_seated(rnd, set(), excused={m.walkover for m in matches if m.walkover})
        state.finish_round(rnd, {})
        result.bracket.append(matches)
        if not all(m.winner for m in matches) or len([m for m in matches if m.label != THIRD_PLACE]) == 1:
            matches = []
            continue
        matches = _walkovers(bracket.next_round(matches, result.seed_of, stage.third_place), state, rnd)
    if matches and (not result.rounds or all(m.winner for m in result.bracket[-1])):
        result.bracket.append(matches)  # the next round, known but not yet paired
    result.complete = _decided(result)
    if result.complete:
        classification = state.ruleset.classification or BracketThenSwiss()
        result.order = classification.order(result.entrants, result.bracket)
        if result.index == 0:
            result.tied_ranks = _shared_ranks(result)


def _first_round(result: StageResult, state: EventState) -> list[Match] | None:
    """The top of the previous stage by seed (group winners crossed over with runners-up),
    seeds by rating, or a seeded random draw."""
    stage, bracket = result.stage, state.ruleset.bracket
    active = state.present(result.entrants, result.start)
    if stage.seeding == "random":
        if len(active) < 2:
            return None
        return bracket.drawn_first_round(sorted(active), rng(state.event.seed, "bracket"))
    if stage.seeding == "rating":
        active = state.by_rating(active, result.index)
    if stage.size == 2 and stage.third_place and len(active) >= 4:
        result.seed_of = {p: i + 1 for i, p in enumerate(active[:4])}
        return [Match(0, 0, FINAL, active[:2], [1, 2]), Match(0, 1, THIRD_PLACE, active[2:4], [3, 4])]
    seeded = active[:stage.size]
    if len(seeded) < 2:  # one player: no match to draw (pair says a knockout needs two)
        return None
    if len(seeded) < stage.size:
        state.problems.add(state.event.src, f"only {len(seeded)} active players for a top {stage.size}; "
                           "set a smaller cut with structure: {swiss_rounds: N, cut: N}")
        return None
    result.seed_of = {p: i + 1 for i, p in enumerate(seeded)}
    slots = _crossover(result, seeded, bracket)
    return bracket.crossover_round(slots, result.seed_of) if slots else bracket.first_round(seeded)


def _crossover(result: StageResult, seeded: list[str], bracket) -> list[str] | None:
    """After groups whose top two go on (the ruleset's bracket ``crossover``, on by default):
    the bracket slots A1, B2, …, B1, A2, … — None when seeding is by rank across the groups."""
    groups = result.previous.groups if result.previous and result.stage.seeding == "rank" else []
    if not bracket.crossover or len(groups) < 2:
        return None
    going_on = set(seeded)
    tops = [[row.player for row in group.rows if row.player in going_on] for group in groups]
    if sum(len(top) for top in tops) != len(seeded):
        return None
    return crossover_slots(tops)


def _walkovers(matches: list[Match], state: EventState, after: Round) -> list[Match]:
    """A match with a player no longer active is decided at once for the other; with both
    gone, a 3rd-place match is not played (the two keep the order of the stage before, as
    without one) and any other match is an error: nobody is left to go on."""
    kept = []
    for match in matches:
        gone = [p for p in match.players if p and state.status[p] != "active"]
        if len(gone) == 2 and match.label == THIRD_PLACE:
            continue
        if len(gone) == 2:
            state.problems.add(after.src, f"{' and '.join(gone)} of the {_named(match.label)} have both withdrawn or "
                               "been disqualified, so nobody can win it; the head judge decides who goes on: take "
                               f"that player off 'drops:' or 'penalties:' of round {after.number}")
        elif gone:
            match.walkover = gone[0]
            match.winner = next(p for p in match.players if p != gone[0])
        kept.append(match)
    return kept


def _attach(rnd: Round, matches: list[Match], result: StageResult, state: EventState) -> None:
    """Match each pairing of a knockout round file to the bracket's expected match."""
    by_players = {frozenset(p for p in m.players if p): m for m in matches}
    for pairing in rnd.pairings:
        match = by_players.get(frozenset(pairing.players))
        if match is None:
            expected = "; ".join(" v ".join(p or "bye" for p in m.players) for m in matches)
            state.problems.add(pairing.src, f"{' v '.join(pairing.players)} is not a match of this bracket round; "
                               f"expected: {expected}")
            continue
        match.pairing, match.round_no = pairing, rnd.number
        if not _labelled(pairing, match, result.stage, state):
            continue  # scored as the wrong match, it could count the wrong number of games
        if match.walkover:
            _check_walkover(pairing, match, state)
            continue  # decided by the withdrawal, not by a result
        if match.players[1] is None or not state.readable(pairing, result.stage):
            continue  # a bye is decided by the draw; an unreadable result is reported
        higher = min(match.players, key=lambda p: result.seed_of.get(p, 0))
        match.winner = state.ruleset.scoring.match_winner(pairing, higher, result.stage)
    for match in matches:
        if match.pairing is None:
            state.problems.add(rnd.src, f"the {match.label} {' v '.join(p or 'bye' for p in match.players)} "
                               f"is missing from round {rnd.number}")


def _check_walkover(pairing: Pairing, match: Match, state: EventState) -> None:
    """A walkover is written 'forfeit: <the player gone>' with no result beside it."""
    gone, present = match.walkover, match.winner
    if pairing.forfeit == gone and not _other_result(pairing):
        state.walkovers.add(pairing)
        return
    state.problems.add(pairing.src, f"{gone} is {state.status[gone]} since round {state.status_round.get(gone)}, so "
                       f"{present} wins the {_named(match.label)} without playing (a walkover); write 'forfeit: {gone}' "
                       "and no result — or, if he did play it, move his withdrawal to this round")


def _other_result(pairing: Pairing) -> bool:
    return (bool(pairing.score) or pairing.winner is not None or pairing.draw or bool(pairing.games)
            or pairing.winning_team is not None or bool(pairing.finish))


# Why the bracket puts a pair in these matches, for an organizer who swapped their labels.
LABEL_REASONS = {FINAL: "the semifinal winners play the final", THIRD_PLACE: "the semifinal losers play for 3rd place"}


def _labelled(pairing, match: Match, stage, state: EventState) -> bool:
    """The 'match:' a round file gives a pairing is the bracket's own; it may be left out only
    where it changes nothing (a final of as many games as the other matches)."""
    players = " v ".join(pairing.players)
    if pairing.match is None:
        games = state.ruleset.scoring.match_games(stage, match.label, 0)
        if games == stage.games:
            return True
        state.problems.add(pairing.src, f"{players} is the {_named(match.label)} here, of {games} games; add "
                           f"'match: {match.label}'")
        return False
    if pairing.match != match.label:
        why = f" ({LABEL_REASONS[match.label]})" if match.label in LABEL_REASONS else ""
        state.problems.add(pairing.at("match"), f"'match: {pairing.match}' but {players} is the {_named(match.label)} of "
                           f"this bracket{why}; set 'match: {match.label}'")
        return False
    return True


def _named(label: str) -> str:
    return "3rd-place match" if label == THIRD_PLACE else label


def _decided(result: StageResult) -> bool:
    """The final is decided — and written in a round file, even a walkover (decided before it is paired)."""
    last = result.bracket[-1] if result.bracket else []
    return bool(last) and all(m.winner and m.pairing is not None for m in last) and last[0].label == FINAL


def _shared_ranks(result: StageResult) -> dict[str, int]:
    """A bracket without seeds gives no order among the losers of one round: they share a place."""
    ranks = {player: place for place, player in enumerate(result.order, start=1)}
    for matches in result.bracket[:-1]:
        losers = [m.loser for m in matches if m.loser and m.label != THIRD_PLACE]
        if any(m.label == THIRD_PLACE for m in result.bracket[-1]) and matches is result.bracket[-2]:
            continue  # the semifinal losers are placed by the 3rd-place match
        shared = min((ranks[p] for p in losers), default=None)
        for player in losers:
            ranks[player] = shared
    return ranks


def next_round(result: StageResult, state: EventState, number: int) -> DraftRound:
    pending = result.bracket[-1] if result.bracket else []
    matches = [m for m in pending if m.pairing is None]
    if not matches:
        raise fail(state.event.src, "the finals cannot be paired yet: the standings before them have problems")
    pairings = [DraftPairing(players=tuple(p for p in m.players if p), table=i + 1, match=m.label,
                             seeds=tuple(m.seeds) if any(m.seeds) else None, bye=m.players[1] is None,
                             walkover=m.walkover)
                for i, m in enumerate(matches)]
    return DraftRound(number=number, stage=KNOCKOUT, pairings=pairings)
