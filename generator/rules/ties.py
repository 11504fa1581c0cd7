"""③ Ties no rule breaks: players no tie-breaker separates, and what their order decides.

A ruleset whose tie-breakers end with the organizer's decision (`manual`, read from
'manual_order:') leaves players tied until the organizer records their order. Such a tie is
never settled silently by id: when the order decides who goes on, the next stage's seeds or
groups, the next round's tables or the winner, `check` names it and `pair` waits for the order;
otherwise the place is simply shared ("=5"). What an order decides is found by replaying what
depends on it — the next stage's start, the next round's tables — with two of the tied players
swapped, so the stages' own rules, not a copy of them, say what a place is worth.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from podium.core.errors import Problems, Src, UserError
from podium.rules.kinds import KNOCKOUT, TABLES
from podium.rules.stages import RUNNERS
from podium.rules.stages.common import EventState, StageResult, levels
from podium.rules.standings.metrics import ORGANIZERS_DECISION
from podium.rules.standings.order import Row, ordinal, rank_players
from podium.rules.structure import Plan, Stage


@dataclass(frozen=True)
class UnbrokenTie:
    """Players no tie-breaker of a stage separates. When their order decides something (who
    goes on, the next stage's seeds or groups, the next round's tables, the winner) the rules
    leave it to the organizer — Micromutants (RBB), appendix A: the sealed bid, used "if it is
    necessary to tell the two players' places apart" to pass the turn; the Czech club rules:
    the referee sets the final order. Otherwise the place is simply shared ("=5")."""

    players: tuple[str, ...]  # by id: no order is implied
    places: tuple[int, ...]  # their places in the stage's order (or in their group), 1 = best
    stage_index: int
    stage_kind: str
    src: Src  # the round file whose results left them tied
    decides: tuple[str, ...] = ()  # what their order decides; empty: nothing, the place is shared
    blocks: int | None = None  # the round `pair` cannot write until the organizer decides
    fix: str = ""
    group: str | None = None  # all of them in one group: ``places`` are the group's
    after: str = ""  # the tie-breakers applied before a decision the rules call for ("": all of them)
    # what the tie waits for, in the rules' terms (a text for the catalogs): the one wording of an
    # open tie, which check, the standings (rows, heading, JSON) and the site all show
    awaits: str = ORGANIZERS_DECISION

    @property
    def message(self) -> str:
        who = ", ".join(self.players[:-1]) + f" and {self.players[-1]}"
        where = f" in group {self.group}" if self.group else ""
        return (f"{who} are tied for {_places(self.places)}{where} after {self.after or 'every tie-break'} of the "
                f"{self.stage_kind} stage, and their order decides {' and '.join(self.decides)}; "
                f"the tie is awaiting {self.awaits}: {self.fix}")


def manual_order_fix(players, event, ruleset_has_manual: bool, ruleset_src: Src) -> str:
    """How to record the organizer's decision (the `manual` tie-breaker reads 'manual_order:')."""
    listed = f"'manual_order: [{', '.join(players)}]'"
    where = (f"add {', '.join(players)} to 'manual_order:' in event.yaml, best first"
             if event.manual_order else f"write {listed} in event.yaml, best first")
    if ruleset_has_manual:
        return where
    return (f"end the ruleset's tie-breakers for this stage with 'manual' ({ruleset_src}), then {where}")


def _places(places: tuple[int, ...]) -> str:
    ordinals = [ordinal(p) for p in places]
    if list(places) == list(range(places[0], places[-1] + 1)) and len(places) > 2:
        return f"{ordinals[0]}–{ordinals[-1]} place"
    return ", ".join(ordinals[:-1]) + f" and {ordinals[-1]} place"


def stage_ties(result: StageResult, plan: Plan, state: EventState, played_on: bool) -> list[UnbrokenTie]:
    """The stage's unbroken ties, then those awaiting a decision (``awaited_ties``), each with
    what its order decides; the stage's rows marked. ``played_on``: rounds after this stage are
    already written."""
    ties = _unbroken_ties(result, plan, state, played_on)
    return ties + awaited_ties(result, plan, state, played_on, {p for tie in ties for p in tie.players})


def _unbroken_ties(result: StageResult, plan: Plan, state: EventState, played_on: bool) -> list[UnbrokenTie]:
    classes = _tie_classes(result, state)
    if not classes:
        return []
    outcome = _outcome(result, plan, state)
    ties = [_tie(players, _decided_by(players, result.order, outcome) if outcome else (), result, state, played_on)
            for players in classes]
    tie_of = {p: t for t in ties for p in t.players}
    mark_ties(result.rows, {row.player: tie_of.get(row.player) for row in result.rows})
    for group in result.groups:
        mark_ties(group.rows, {row.player: tie_of.get(row.player) if row.tied else None for row in group.rows})
    return ties


def _tie_classes(result: StageResult, state: EventState) -> list[tuple[str, ...]]:
    """Players whose order no rule decides: tied in the stage's table, within a group, or
    between groups at one place (their order across the groups is ranked too); ties that
    share a player are one tie."""
    if result.kind == KNOCKOUT:
        return []  # a bracket's entrants are ordered by the stage before it
    links = [row.tied for row in result.rows + [r for g in result.groups for r in g.rows] if row.tied]
    if len(result.groups) > 1:
        for level in levels(result.groups):
            links += [row.tied for row in state.rank(level, result.records, result.kind) if row.tied]
    return _joined(links, result.order)


def _joined(links: list[tuple[str, ...]], order: list[str]) -> list[tuple[str, ...]]:
    """Ties that share a player are one tie; in the order of the stage's best placed of each."""
    classes: list[set] = []
    for link in links:
        joined = [c for c in classes if c & set(link)]
        merged = set(link).union(*joined)
        classes = [c for c in classes if c not in joined] + [merged]
    position = {p: i for i, p in enumerate(order)}
    return sorted((tuple(sorted(c)) for c in classes), key=lambda c: min(position[p] for p in c))


WINNER = "the winner of the event"


def awaited_ties(result: StageResult, plan: Plan, state: EventState, played_on: bool,
                 settled: set[str]) -> list[UnbrokenTie]:
    """Ties that wait for a decision taken away from the results, when tie-breakers follow it.

    Tantrix §10c, §10d: after the results between the tied players, two players still level for
    a qualifying place or 1st place play a 5-minute play-off game; wins, margins and tiles decide
    only "the less important" places. So the tie-breakers up to the last awaited one (the
    play-off, the organizer's order) are applied alone: a tie they leave whose order decides who
    goes on or the winner waits for the decision, named by check and blocking pair like an
    unbroken tie; one whose order decides only seeds or groups, or nothing, is left to the
    tie-breakers that follow. (The engine knows no prizes: a play-off recorded for one counts.)
    """
    criteria = state.ruleset.tiebreakers_for(result.kind)
    last = max((i for i, t in enumerate(criteria) if t.awaited), default=len(criteria) - 1)
    if result.kind == KNOCKOUT or last == len(criteria) - 1:
        return []  # no awaited decision, or it ends the tie-breakers: an unbroken tie (above)
    applied = criteria[:last + 1]
    ctx = state.context(result.records, result.kind)
    classes = [c for c in _awaited_classes(result, lambda players: rank_players(players, applied, ctx, state.status))
               if not set(c) & settled]
    outcome = _outcome(result, plan, state) if classes else None
    if outcome is None:
        return []
    after = " and ".join(["points"] + [t.title.lower() for t in applied if not t.awaited])
    awaited = [t for t in applied if t.awaited]
    ties = []
    for players in classes:
        decides = tuple(d for d in _decided_by(players, result.order, outcome) if d == WINNER or d.startswith("who goes on"))
        if decides:
            fix = next(filter(None, (t.how_to_decide(players, state.event) for t in awaited)), None)
            ties.append(_tie(players, decides, result, state, played_on, fix=fix, after=after,
                             awaits=awaited[0].awaiting(players)))
    for rows in [result.rows] + [g.rows for g in result.groups]:
        seated = {row.player for row in rows}
        mark_ties(rows, {p: t for t in ties if len(seated & set(t.players)) > 1 for p in t.players})
    return ties


def _awaited_classes(result: StageResult, rank) -> list[tuple[str, ...]]:
    """Players ``rank`` leaves tied: within each group and at each place across the groups, or
    in the stage's whole table."""
    if not result.groups:
        return _joined([row.tied for row in rank(list(result.order)) if row.tied], result.order)
    links = [row.tied for g in result.groups for row in rank(g.players) if row.tied]
    if len(result.groups) > 1:
        links += [row.tied for level in levels(result.groups) for row in rank(level) if row.tied]
    return _joined(links, result.order)


def _outcome(result: StageResult, plan: Plan, state: EventState):
    """What an order of the stage decides, as a function of the order: the next stage's
    entrants and set-up, the next round's tables, or the winner. None: nothing yet."""
    if result.complete:
        following = plan.stages[result.index + 1] if result.index + 1 < len(plan.stages) else None
        if following is None:
            return lambda order: {WINNER: next(iter(state.active(order)), None)}
        return lambda order: _next_stage_setup(result, order, following, state)
    if result.kind == TABLES and result.rounds and all(state.round_complete(r, result.stage) for r in result.rounds):
        number = result.rounds[-1].number + 1
        return lambda order: {f"the tables of round {number}": _seating(result, order, state, number)}
    return None


def _next_stage_setup(result: StageResult, order: list[str], following: Stage, state: EventState) -> dict:
    """Who goes on, and how the next stage would start from them (its groups or bracket):
    the next stage is replayed, without rounds, on a scratch copy of the event's state."""
    entrants = dataclasses.replace(result, order=order).advancing(state.status)
    runner = RUNNERS[following.kind]
    scratch = EventState(state.event, state.ruleset, Problems())
    scratch.status = dict(state.status)
    start = StageResult(index=result.index + 1, stage=following, entrants=entrants, rounds=[],
                        planned_rounds=runner.planned_rounds(following, len(entrants)),
                        start=result.start + len(result.rounds))
    runner.replay(start, scratch)
    setup = {f"who goes on to the {following.kind} stage": frozenset(entrants)}
    if start.bracket:
        setup["the seeds and pairings of the knockout"] = (
            tuple(tuple(m.players) for m in start.bracket[0]), tuple(sorted(start.seed_of.items())))
    if start.groups:
        setup[f"the groups of the {following.kind} stage"] = frozenset(frozenset(g.players) for g in start.groups)
    return setup


def _seating(result: StageResult, order: list[str], state: EventState, number: int) -> frozenset:
    position = {p: i for i, p in enumerate(order)}
    reordered = dataclasses.replace(result, rows=sorted(result.rows, key=lambda row: position[row.player]))
    try:
        draft = RUNNERS[result.kind].next_round(reordered, state, number)
    except UserError:
        return frozenset()  # nobody left to seat: the order decides nothing
    return frozenset(frozenset(p.players) for p in draft.pairings)


def _decided_by(players: tuple[str, ...], order: list[str], outcome) -> tuple[str, ...]:
    """What changes when two of the tied players trade places. Trading neighbours (in the
    order) generates every order of them, so nothing changing means nothing depends on it."""
    positions = sorted(order.index(p) for p in players)
    base = outcome(order)
    decides: list[str] = []
    for a, b in zip(positions, positions[1:]):
        swapped = list(order)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        other = outcome(swapped)
        first_change = next((what for what in base if other[what] != base[what]), None)  # who goes on, before how
        if first_change and first_change not in decides:
            decides.append(first_change)
    return tuple(decides)


def _tie(players, decides, result: StageResult, state: EventState, played_on: bool, fix: str | None = None,
         after: str = "", awaits: str = ORGANIZERS_DECISION) -> UnbrokenTie:
    """A tie that decides who goes on or how the next round starts blocks `pair` (or, when
    later rounds were written regardless, is an error); one for the winner is a note."""
    ruleset = state.ruleset
    has_manual = ruleset.leaves_ties_to_organizer(result.kind)
    group = next((g for g in result.groups if set(players) <= set(g.players)), None) if len(result.groups) > 1 else None
    order = [row.player for row in group.rows] if group else result.order
    tie = UnbrokenTie(players=players, places=tuple(sorted(order.index(p) + 1 for p in players)),
                      group=group.id if group else None, stage_index=result.index, stage_kind=result.kind,
                      src=result.rounds[-1].src if result.rounds else state.event.src, decides=decides,
                      fix=fix or manual_order_fix(players, state.event, has_manual, ruleset.src), after=after,
                      awaits=awaits)
    if not decides or decides == (WINNER,):
        return tie
    if played_on and result.complete:
        state.problems.add(tie.src, tie.message + "; the rounds after it were paired on an order no rule gave")
        return tie
    return dataclasses.replace(tie, blocks=result.start + len(result.rounds))


def mark_ties(rows: list[Row], tie_of: dict) -> None:
    """Rows of one tie: flagged shared or undecided (with what it awaits); neighbours in the
    table share a rank."""
    previous = None
    for row in rows:
        tie = tie_of.get(row.player)
        if tie is None:
            previous = None
            continue
        row.tie, row.awaits = ("undecided", tie.awaits) if tie.decides else ("shared", None)
        if previous is not None and previous[0] is tie:
            row.rank = previous[1]
        previous = (tie, row.rank)
