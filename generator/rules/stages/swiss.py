"""A Swiss stage: replayed round by round; the next round drawn by the ruleset's pairing block
(a maximum-weight matching, or chess's Dutch system)."""
from __future__ import annotations

from podium.core.errors import fail
from podium.core.located import YMap
from podium.core.model import Pairing, Round
from podium.rules.draw import LOT_PER_PURPOSE, ROUND_ONE_BYE, inputs_digest, lot, rng
from podium.rules.colours import BLACK, WHITE, ColourStanding
from podium.rules.flags import bye_flag
from podium.rules.kinds import SWISS
from podium.rules.pairing.request import StageHistory, SwissRequest
from podium.rules.pairing.swiss import (LaterRoundImpossible, MethodLeavesLaterRoundImpossible, PairingImpossible,
                                        float_flags)
from podium.rules.stages.common import DraftPairing, DraftRound, EventState, StageResult, fresh_records


def planned_rounds(stage, entrants: int) -> int:
    return stage.rounds


def replay(result: StageResult, state: EventState) -> None:
    result.records = fresh_records(result.entrants)
    for rnd in state.rounds_of(result):
        if state.history and len(result.rounds) > 1:  # the standings as they stood after the round before
            result.rows_after[result.rounds[-2].number] = state.rank(result.entrants, result.records, SWISS)
        _play(rnd, result, state)
    finish(result, state)


def finish(result: StageResult, state: EventState) -> None:
    """The standings once the stage's rounds so far are played (also of a round-by-round replay's
    prefix, rules/prefixes.py)."""
    result.rows = state.rank(result.entrants, result.records, SWISS)
    if result.rounds:
        result.rows_after[result.rounds[-1].number] = result.rows
    result.order = [row.player for row in result.rows]
    result.complete = state.played_out(result)


def _play(rnd: Round, result: StageResult, state: EventState) -> None:
    records = result.records
    before = {p: records[p].points for p in records}
    state.flags[rnd.number] = _pairing_flags(rnd, before, state)
    present = state.present(result.entrants, rnd.number)
    asked = _asked_byes_known(rnd.number, present, state)
    state.check_seated(rnd, set(present) - asked.keys(), asked=asked)
    forfeits_meet = state.ruleset.pairing.as_drawn_by(state.event.draws).forfeit_is_a_meeting
    for pairing in rnd.pairings:
        if len(pairing.players) == 2 and pairing.players[1] in records[pairing.players[0]].met(forfeits_meet):
            state.problems.add(pairing.src, f"{pairing.players[0]} and {pairing.players[1]} already played each other; "
                               "Swiss rounds have no rematches")
    for pairing in rnd.pairings:
        if pairing.requested_bye:
            _requested_bye(pairing, rnd.number, records, state)
        elif pairing.bye:
            _bye(pairing, rnd, records, state)
        else:
            state.score(pairing, records, rnd.number, result.stage)
    state.finish_round(rnd, records)


def _asked_byes_known(round_no: int, present, state: EventState) -> dict[str, str]:
    """The byes asked for in this round that the round file must give: of players present, and of
    a kind the scoring knows (any other is said at 'byes:', rules/entries.py)."""
    asked = state.event.asked_byes(round_no)
    if not asked:
        return asked
    present = set(present)
    return {p: kind for p, kind in asked.items()
            if p in present and state.ruleset.scoring.requested_bye(p, round_no, kind) is not None}


def _requested_bye(pairing: Pairing, round_no: int, records: dict, state: EventState) -> None:
    """A round the player asked to sit out ('bye: half'), as the scoring counts it."""
    outcome = state.ruleset.scoring.requested_bye(pairing.players[0], round_no, pairing.requested_bye)
    if outcome is None:
        state.problems.add(pairing.src, f"'bye: {pairing.requested_bye}': the scoring of ruleset '{state.ruleset.id}' "
                           "knows no bye a player asks for; write 'bye: true' for the pairing's bye, or pair him")
    else:
        records[outcome.player].add(outcome)


def _bye(pairing, rnd: Round, records: dict, state: EventState) -> None:
    player, round_no = pairing.players[0], rnd.number
    event = state.event
    if records[player].byes and event.paired_by and rnd.drawn_from is None:
        # a round another program drew (event.yaml 'paired_by:', no 'drawn_from:' of `podium pair`)
        # stands as published, a rule it broke included: counted, and noted where check shows it
        state.notes.append((pairing.src, f"{player} already had a bye, and a player gets at most one; the round "
                            f"stands as published (paired_by: {event.paired_by})"))
    elif records[player].byes:
        state.problems.add(pairing.src, f"{player} already had a bye; a player gets at most one")
    army = pairing.armies[0] if pairing.armies else None
    records[player].add(state.ruleset.scoring.scored_bye(state.ruleset.bye.outcome(player, round_no, army)))


def _pairing_flags(rnd: Round, points_before: dict, state: EventState) -> dict[str, str]:
    """Why a pairing is special (DESIGN.md §8): paired down or up across point groups, or a bye."""
    flags = float_flags([p.players for p in rnd.pairings if len(p.players) == 2], points_before)
    flags.update({p.players[0]: bye_flag(state.ruleset.bye.reason(rnd.number))
                  for p in rnd.pairings if p.bye and not p.requested_bye})  # an asked-for bye has no pairing reason
    return flags


def next_round(result: StageResult, state: EventState, number: int) -> DraftRound:
    ruleset, event = state.ruleset, state.event
    present = set(state.present(result.entrants, number))
    asked = {p: kind for p, kind in event.asked_byes(number).items() if p in present}
    ranked = [row.player for row in result.rows if row.player in present and row.player not in asked]
    if len(ranked) < 2 and asked:
        raise fail(event.player(min(asked)).byes_src, f"round {number}: {len(asked)} of the {len(present)} players asked for a bye "
                              f"({', '.join(sorted(asked))}: 'byes:' in registrations.yaml), and fewer than two are "
                              "left to pair; take the round out of some players' 'byes:'")
    if len(ranked) < 2:
        raise fail(event.src, "fewer than two active players; nothing to pair")
    records = result.records
    points = {p: records[p].points - records[p].penalty_points for p in ranked}
    opponents = {p: set(records[p].opponents) for p in ranked}
    had_bye = {p for p in ranked if records[p].byes}
    candidates = ruleset.bye.candidates(ranked, had_bye, _round_one_lot(event) if number == result.start else None)
    inputs = inputs_digest(ranked)
    # an event drawn by an earlier version of Podium's draws is re-drawn as it was (rules/draw.py)
    pairing = ruleset.pairing.as_drawn_by(event.draws)
    rounds_after = result.last_round - number
    joining = _joining(result, state, number)
    colours = ruleset.colours
    standings = _colour_standings(ranked, points, records, state) if colours else {}
    initial = event.initial_colour or rng(event.seed, "initial-colour").choice((WHITE, BLACK))  # once for the event
    request = SwissRequest(ranked, points, opponents, candidates, rng(event.seed, "pair", number, inputs), rounds_after,
                           joining, avoid=colours.avoided(standings) if colours and not pairing.gives_colours else frozenset(),
                           number=number - result.start + 1, rounds=result.last_round - result.start + 1,
                           history=_history(result, records, number, state) if pairing.reads_history else None,
                           asked=asked, initial_colour=initial, acceleration=event.acceleration)
    try:
        drawn = pairing.draw(request)
    except PairingImpossible as exc:
        raise fail(event.src, f"round {number} cannot be paired {exc.why()}; {exc.remedy}")
    except MethodLeavesLaterRoundImpossible as exc:
        raise _method_leaves_later_round_impossible(event, result, number, _field_text(ranked, joining, number),
                                                    exc.rounds, exc.method)
    except LaterRoundImpossible as exc:
        raise _later_round_impossible(event, result, number, _field_text(ranked, joining, number), exc.rounds)
    pairs = drawn.pairs
    if colours and not pairing.gives_colours:  # White first (C.04.3 §E)
        pairs = [colours.white_first(pair, standings, initial) for pair in pairs]
    pairings = [DraftPairing(players=pair, table=i + 1, flags={p: drawn.flags[p] for p in pair if p in drawn.flags})
                for i, pair in enumerate(pairs)]
    if drawn.bye:
        pairings.append(DraftPairing(players=(drawn.bye,), bye=True, flags={drawn.bye: bye_flag(ruleset.bye.reason(number))}))
    pairings += [DraftPairing(players=(p,), requested_bye=asked[p]) for p in sorted(asked)]
    return DraftRound(number=number, stage=SWISS, pairings=pairings, seed_parts=(event.seed, "pair", number, inputs),
                      late_entries={p: number + after for p, after in sorted(joining.items())})


def _colour_standings(ranked: list[str], points: dict, records: dict, state: EventState) -> dict[str, ColourStanding]:
    """What the colour rules read of each player: the colours he played, his place for pairing
    (score, then pairing number) and his pairing number."""
    number = {p: i for i, p in enumerate(start_list(ranked, state), start=1)}
    by_score = sorted(ranked, key=lambda p: (-points[p], number[p]))
    return {p: ColourStanding(records[p].colours_played(), rank, number[p]) for rank, p in enumerate(by_score)}


def start_list(players, state: EventState) -> tuple[str, ...]:
    """``players`` by pairing number (FIDE C.04.2 §B): in the order of registrations.yaml where
    the event says ``start_numbers: registrations`` (a start list kept elsewhere, an imported
    TRF's), else by rating, highest first, equal ratings in the order of registrations.yaml (§B
    orders them by title, then name: Podium knows no titles, and the organizer's order stands
    for the names)."""
    order = {player.id: i for i, player in enumerate(state.event.players)}
    if state.event.start_numbers == "registrations":
        return tuple(sorted(players, key=order.__getitem__))
    return tuple(sorted(players, key=lambda p: (-(state.ratings[p] or 0), order[p])))


def _history(result: StageResult, records: dict, number: int, state: EventState) -> StageHistory:
    """The stage's rounds before ``number``: each entrant's outcomes in each (none: absent), and
    the start list."""
    rounds = range(result.start, number)
    played = {}
    for player in result.entrants:
        by_round: dict[int, list] = {}
        for outcome in records[player].outcomes:
            by_round.setdefault(outcome.round, []).append(outcome)
        played[player] = tuple(tuple(by_round.get(r, ())) for r in rounds)
    return StageHistory(start_list(result.entrants, state), played)


def _joining(result: StageResult, state: EventState, number: int) -> dict[str, int]:
    """The late entries still to join this stage, each with how many rounds after ``number`` he
    starts (1: the next round): the look-ahead pairs the later rounds with them
    (docs/late-entries.md). The round file records them (``late_entries:``), so that `podium
    verify` re-draws the round with those, not with entries registered after it was drawn."""
    last = result.last_round
    joins = {p: state.event.player(p).joins for p in state.active(result.entrants)}
    return {p: round_no - number for p, round_no in joins.items() if number < round_no <= last}


def _field_text(ranked, joining: dict[str, int], number: int) -> str:
    """The players a look-ahead paired: "5 players", "4 players and 1 late entry (p05 in round 2)"."""
    players = f"{len(ranked)} players"
    if not joining:
        return players
    late = ", ".join(f"{p} in round {number + after}" for p, after in sorted(joining.items(), key=lambda j: (j[1], j[0])))
    return f"{players} and {len(joining)} late {'entry' if len(joining) == 1 else 'entries'} ({late})"


def _later_round_impossible(event, result: StageResult, number: int, players: str, playable: int):
    """Said before pairing ``number``: however it is paired, a later Swiss round would need a
    rematch or a second bye (pairing/swiss.py ``look_ahead``)."""
    last = result.last_round
    rounds = number - result.start + playable  # the Swiss rounds this stage can have in all
    return fail(_swiss_rounds_line(event), f"round {number} not drawn: {players} cannot play Swiss rounds "
                f"{number}–{last} without a rematch or a second bye, however round {number} is paired (at most "
                f"{rounds} Swiss round{'s' if rounds != 1 else ''} in all); set the Swiss rounds to {rounds} with structure: {{swiss_rounds: "
                f"{rounds}, cut: N}}, or register more players")


def _method_leaves_later_round_impossible(event, result: StageResult, number: int, players: str, playable: int,
                                          method: str):
    """Said before pairing ``number``: every pairing the ruleset's method could draw leaves a later
    Swiss round without a rematch-free pairing, though a pairing outside the method would not.
    The rules do not say which gives way: the organizer decides."""
    last = result.last_round
    rounds = number - result.start + playable
    return fail(_swiss_rounds_line(event), f"round {number} not drawn: paired {method}, round {number} leaves "
                f"{players} unable to play {_rounds_text(number + 1, last)} without a rematch or a second "
                f"bye (only a pairing outside that method keeps them pairable); set the Swiss rounds to {rounds} "
                f"with structure: {{swiss_rounds: {rounds}, cut: N}}, or write round {number} by hand "
                "(podium verify then lists it as changed by hand)")


def _rounds_text(first: int, last: int) -> str:
    return f"Swiss round {last}" if first == last else f"Swiss rounds {first}–{last}"


def _swiss_rounds_line(event):
    """Where the event sets its Swiss rounds, else its event.yaml."""
    structure = event.structure
    return structure.at("swiss_rounds") if isinstance(structure, YMap) and "swiss_rounds" in structure else event.src


def _round_one_lot(event):
    """The round-1 bye's own lot (rules/draw.py); events drawn with shared lots (``draws: 1``)
    gave it to the player the tie-break lots ranked last, and are re-drawn that way."""
    if event.draws < LOT_PER_PURPOSE:
        return None
    return lambda player: lot(event.seed, player, ROUND_ONE_BYE)
