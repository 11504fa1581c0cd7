"""What the draw of each round saw, from one replay of the event (`podium verify`).

Round k + 1 is drawn from the event as it stood after rounds 1 … k: ``compute_event`` on those
rounds, then ``next_round``. Replaying that prefix for every round costs O(rounds²) round
replays. Here the event is replayed once: as its opening stage is about to play each round (a
Swiss or table stage steps round by round, ``EventState.rounds_of``), the replay so far is
finished on a scratch copy — the stage's standings and ties, and the stages that would start
next with no round yet — which is what ``compute_event`` gives for the prefix. Rounds of later
stages (a knockout or groups are not stepped) are not seen: their callers replay the prefix.
"""
from __future__ import annotations

import copy
from typing import Callable

from podium.core.errors import Problems
from podium.core.model import Event
from podium.rules.engine import EventResult, compute_event, event_result, plan_of, replay_stages_from, stage_played
from podium.rules.ruleset import RuleSet
from podium.rules.stages import RUNNERS
from podium.rules.stages.common import EventState, StageResult


def each_opening_prefix(event: Event, ruleset: RuleSet, event_then: Callable[[int], Event],
                        use: Callable[[int, Callable[[], EventResult]], None]) -> None:
    """Replay ``event`` once; before each round k + 1 its opening stage plays, ``use(k, prefix)``,
    where ``prefix()`` gives what ``compute_event(event_then(k), ruleset, …)`` gives (or raises
    what it raises). ``event_then(k)``: the event's first k rounds and its players as that draw
    knew them — only their ``joins`` and the byes asked for in round k + 1 may differ from
    ``event``'s, which in the rounds played decide what is reported, never a standing. A prefix the one replay cannot stand for is not
    seen (its caller replays it): a round of a later stage, or one scored otherwise than the
    whole event (``_scores_alike``)."""
    plan = plan_of(event, ruleset, Problems())
    if not plan.stages or not hasattr(RUNNERS[plan.stages[0].kind], "finish") or not _scores_alike(event, ruleset):
        return  # nothing the replay would see

    def before_round(stage: StageResult, state: EventState) -> None:
        if stage.index:
            return
        played = len(stage.rounds)
        then = event_then(played)
        if _scores_alike(then, ruleset):
            use(played, lambda: _prefix_result(then, plan, stage, state))
        if played + 1 >= min(len(event.rounds), stage.planned_rounds):
            raise _AllSeen  # the last round the stage steps: the rest of the replay would show nothing more

    try:
        compute_event(event, ruleset, Problems(), before_round=before_round)
    except _AllSeen:
        pass


def _scores_alike(event: Event, ruleset: RuleSet) -> bool:
    """Whether ``event`` is scored with ``ruleset`` as it is: not when the ruleset binds its
    scoring to the event's games (a Tantrix team default is the team's average of all its
    games, ``Scoring.for_event``), as the whole event and each prefix then score differently."""
    return ruleset.for_event(event) is ruleset


class _AllSeen(Exception):
    """Every round of the opening stage has been seen: the replay stops there."""


def _prefix_result(event: Event, plan, stage: StageResult, state: EventState) -> EventResult:
    """The replay so far ended as a replay of ``event`` (the rounds played so far) ends, on
    copies: the replay going on must not see it."""
    scratch = _scratch_state(state, event)
    first = _scratch_stage(stage)
    RUNNERS[first.kind].finish(first, scratch)
    stages, ties = [first], stage_played(first, plan, scratch, len(first.rounds))
    if first.complete and not any(t.blocks for t in ties):
        stages, ties = replay_stages_from(plan, scratch, stages, ties, first.advancing(scratch.status))
    return event_result(plan, scratch, stages, ties)


def _scratch_state(state: EventState, event: Event) -> EventState:
    """``state`` with copies of what a replay changes (status, flags, notes …), its own problems
    (a draw reports none) and ``event`` as the event replayed."""
    scratch = _with_copied_containers(state)
    scratch.event, scratch.problems, scratch.before_round = event, Problems(), None
    return scratch


def _scratch_stage(stage: StageResult) -> StageResult:
    """A copy of the stage whose standings may be set without touching ``stage``'s; the records
    themselves are shared (ranking only reads them)."""
    return _with_copied_containers(stage)


def _with_copied_containers(thing):
    """A shallow copy of ``thing`` whose dicts, lists and sets are copies too."""
    copied = copy.copy(thing)
    for name, value in vars(thing).items():
        if isinstance(value, (dict, list, set)):
            setattr(copied, name, copy.copy(value))
    return copied
