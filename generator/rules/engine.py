"""③ The rules engine: an event's rounds replayed stage by stage under its ruleset.

``compute_event`` returns everything the site and the commands show — each stage's standings
(per group), the bracket, the final classification, each player's status — and reports every
rule a round breaks. ``next_round`` says what ``podium pair`` writes.
Pure: no files, no clock, no global random.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from podium.core.errors import Problems, fail
from podium.core.model import Event, Round
from podium.rules.draw import LOT_PER_PURPOSE
from podium.rules.penalties import check_transfers
from podium.rules.entries import check_entries
from podium.rules.ruleset import RuleSet
from podium.rules.stages import RUNNERS
from podium.rules.stages.common import DraftRound, EventState, StageResult
from podium.rules.kinds import KNOCKOUT, STAGE_KINDS, SWISS
from podium.rules.report import EventReport, report_event
from podium.rules.standings.order import Row, inactive_last
from podium.rules.structure import Plan
from podium.rules.ties import UnbrokenTie, mark_ties, stage_ties


@dataclass
class EventResult:
    event: Event
    ruleset: RuleSet
    plan: Plan
    stages: list[StageResult]
    status: dict[str, str]
    final_rows: list[Row]
    complete: bool
    qualifier: bool
    flags: dict[int, dict[str, str]] = field(default_factory=dict)  # round → player → flag
    warnings: dict[str, int] = field(default_factory=dict)
    status_round: dict[str, int] = field(default_factory=dict)  # when a player stopped being active
    pending: dict[int, list] = field(default_factory=dict)  # round → its pairings no result decides yet
    ties: list[UnbrokenTie] = field(default_factory=list)  # players no tie-breaker separates
    notes: list = field(default_factory=list)  # (src, text): what the engine decided where the rules are silent

    @property
    def round_done(self) -> dict[int, bool]:
        """Round → every result decides its table (a round of no stage is absent)."""
        return {number: not pairings for number, pairings in self.pending.items()}

    @property
    def first(self) -> StageResult:
        return self.stages[0]

    @property
    def bracket(self) -> list:
        return next((s.bracket for s in self.stages if s.kind == KNOCKOUT), [])

    def stage_of(self, rnd: Round) -> StageResult | None:
        return next((s for s in self.stages if rnd in s.rounds), None)

    def outcomes(self, player: str) -> list:
        """Every scored game of ``player`` in the ranking stages, in round order."""
        return [o for s in self.stages for o in (s.records[player].outcomes if player in s.records else [])]

    @cached_property
    def rated_games(self) -> tuple:
        """Every game of the event that counts for the players' ratings (elo.py), in round order."""
        scoring = self.ruleset.scoring
        return tuple(game for rnd in self.event.rounds for pairing in rnd.pairings for game in scoring.rated_games(pairing))

    @cached_property
    def report(self) -> EventReport:
        """What happened, for the site, the JSON and the feeds: built once, and kept with the
        replay while ``podium serve`` keeps the replays of unchanged events."""
        return report_event(self)


# ------------------------------------------------------------------ replay

def compute_event(event: Event, ruleset: RuleSet, problems: Problems, history: bool = False,
                  before_round=None) -> EventResult:
    """Replay every round; rule violations go into ``problems`` with their file and line.
    ``history``: also the standings as they stood after each round (StageResult.rows_after).
    ``before_round(result, state)``: called as a stage that steps round by round (Swiss, tables)
    is about to play each round (rules/prefixes.py: what each round's draw saw)."""
    ruleset = ruleset.for_event(event)
    plan = plan_of(event, ruleset, problems)
    _check_stage_kinds(plan, ruleset, event.at("structure"), problems)
    _check_registrations(event, ruleset, problems)
    check_transfers(event, ruleset, problems)
    state = EventState(event, ruleset, problems, history)
    state.before_round = before_round
    stages, ties = _replay_stages(plan, state)
    result = event_result(plan, state, stages, ties)
    _check_armies(result, problems)
    return result


def plan_of(event: Event, ruleset: RuleSet, problems: Problems) -> Plan:
    """The stages the event's structure gives its field (``ruleset``: as bound to the event)."""
    return ruleset.structure.plan(len(event.players), event.structure, event.at("structure"), problems,
                                  opening_seeding=ruleset.bracket.seeding)


def event_result(plan: Plan, state: EventState, stages: list[StageResult], ties: list[UnbrokenTie]) -> EventResult:
    """The event as ``stages`` leave it: classification, completeness, what each round awaits."""
    event, ruleset = state.event, state.ruleset
    complete = bool(stages) and len(stages) == len(plan.stages) and all(s.complete for s in stages)
    return EventResult(event=event, ruleset=ruleset, plan=plan, stages=stages, status=state.status,
                       final_rows=_final_rows(stages, complete, ties, state.status), complete=complete, ties=ties,
                       qualifier=bool(ruleset.qualifier_min) and len(event.players) >= ruleset.qualifier_min,
                       flags=state.flags, warnings=state.warnings, status_round=state.status_round, notes=state.notes,
                       pending={r.number: state.undecided(r, s.stage) for s in stages for r in s.rounds})


def _replay_stages(plan: Plan, state: EventState) -> tuple[list[StageResult], list[UnbrokenTie]]:
    event = state.event
    entrants = [p.id for p in event.players]
    check_entries(event, plan, state.ruleset, state.problems)
    if not entrants:  # nobody registered yet: no stage has begun (pair says to register players)
        for rnd in event.rounds:
            state.problems.add(rnd.src, f"round {rnd.number} is here, but nobody is registered; register the "
                               "players in registrations.yaml")
        return [], []
    return replay_stages_from(plan, state, [], [], entrants)


def replay_stages_from(plan: Plan, state: EventState, stages: list[StageResult], ties: list[UnbrokenTie],
                       entrants: list[str]) -> tuple[list[StageResult], list[UnbrokenTie]]:
    """Replay the stages after ``stages`` (already replayed, their ``ties`` found), the next
    taking ``entrants``, on the round files left after those of ``stages``."""
    event = state.event
    cursor = sum(len(s.rounds) for s in stages)
    for index in range(len(stages), len(plan.stages)):
        stage = plan.stages[index]
        runner = RUNNERS[stage.kind]
        planned = runner.planned_rounds(stage, len(entrants))
        as_needed = getattr(runner, "TAKES_FILES_AS_NEEDED", False)
        rounds = list(event.rounds[cursor:] if as_needed else event.rounds[cursor:cursor + planned])
        result = StageResult(index=index, stage=stage, entrants=entrants, rounds=rounds, planned_rounds=planned,
                             start=cursor + 1, previous=stages[-1] if stages else None)
        runner.replay(result, state)  # keeps the files the stage needs (a schedule changes as players go)
        cursor += len(result.rounds)
        found = stage_played(result, plan, state, cursor)
        stages.append(result)
        ties += found
        if not result.complete or any(t.blocks for t in found):
            break  # the next stage starts once the organizer has ordered the tie
        entrants = result.advancing(state.status)
    for rnd in event.rounds[cursor:]:
        state.problems.add(rnd.src, _too_early(rnd, plan, stages))
    return stages, ties


def stage_played(result: StageResult, plan: Plan, state: EventState, cursor: int) -> list[UnbrokenTie]:
    """What follows a stage's replay: its notes and checks, and its ties (``cursor``: the round
    files it and the stages before it took)."""
    _note_left_alone(result, state)
    for rnd in result.rounds:
        _check_round_stage(rnd, result.kind, state.problems)
    return stage_ties(result, plan, state, played_on=cursor < len(state.event.rounds))


def _note_left_alone(result: StageResult, state: EventState) -> None:
    """Say (a check note) that a stage is cut short because fewer than two of its players are
    left (``EventState.left_alone``, the house rule), at the line that made the last of them
    inactive. A group stage's schedule already shrinks as players go; a knockout says its own."""
    unplayed = result.planned_rounds - len(result.rounds)
    if result.kind == KNOCKOUT or not (result.complete and state.left_alone(result)):
        return
    if result.rounds and unplayed <= 0:
        return
    left = state.active(result.entrants)
    who = f"only {left[0]} is" if left else "nobody is"
    if not result.rounds:
        text = f"the {result.kind} stage is not played: {who} left to play it"
    else:
        first, last = result.rounds[-1].number + 1, result.last_round
        rounds = f"round {first} is" if first == last else f"rounds {first}–{last} are"
        text = (f"the {result.kind} stage ends after round {first - 1}: {who} left to play, so its {rounds} not "
                "played and its standings stand")
    state.notes.append((state.last_gone_src(),
                        text + " (house rule: the rules do not say how an event goes on with one player)"))


def _check_round_stage(rnd: Round, kind: str, problems: Problems) -> None:
    """A round file says which stage it belongs to, and only knockout matches carry a name."""
    if rnd.stage != kind:
        problems.add(rnd.src, f"round {rnd.number} is a {kind} round here, not '{rnd.stage}'; set 'stage: {kind}'")
    if kind != KNOCKOUT:
        for pairing in rnd.pairings:
            if pairing.match:
                problems.add(pairing.at("match"), f"'match: {pairing.match}' names a knockout match, but round "
                             f"{rnd.number} is a {kind} round; remove it")


def _too_early(rnd: Round, plan: Plan, stages: list[StageResult]) -> str:
    if len(stages) == len(plan.stages) and stages[-1].complete:
        return (f"round {rnd.number} is one too many: this event's stages ({_stage_names(plan)}) are all played "
                f"({plan.label} structure)")
    current = stages[-1]
    return (f"round {rnd.number} belongs to a later stage, but the {current.kind} stage is not finished; "
            "every result of a stage must be in before the next stage starts")


def _stage_names(plan: Plan) -> str:
    return ", then ".join(f"{s.rounds} Swiss rounds" if s.kind == SWISS else
                          f"a top {s.size}" if s.kind == KNOCKOUT else s.kind for s in plan.stages)


def _check_stage_kinds(plan: Plan, ruleset: RuleSet, src, problems: Problems) -> None:
    """Each stage is of a kind the ruleset's scoring scores (a table of five has no Tantrix
    score), said at the structure."""
    wrong = [stage.kind for stage in plan.stages if stage.kind not in ruleset.scoring.stage_kinds]
    if wrong:
        problems.add(src, f"a {wrong[0]} stage cannot be played under {ruleset.id}: its scoring scores "
                     f"{', '.join(k for k in STAGE_KINDS if k in ruleset.scoring.stage_kinds)} stages; choose one of "
                     "those in 'structure:'")


def _check_registrations(event: Event, ruleset: RuleSet, problems: Problems) -> None:
    if ruleset.armies:
        for player in event.players:
            ruleset.armies.check_registration(player, problems)
    if ruleset.roles:
        ruleset.roles.check(event, problems)
    _check_teams(event, ruleset, problems)
    if ruleset.levels and event.level and event.level not in ruleset.levels:
        problems.add(event.src, f"level '{event.level}' is not one of {', '.join(ruleset.levels)}")
    _check_pairing_keys(event, ruleset, problems)


def _check_pairing_keys(event: Event, ruleset: RuleSet, problems: Problems) -> None:
    """'initial_colour:' and 'acceleration:' say how a Swiss is drawn: a ruleset whose draw
    reads neither would leave them unread (an initial colour needs colour rules or a pairing
    that gives colours; an acceleration a pairing that accelerates)."""
    pairing = ruleset.pairing
    if event.initial_colour and not ruleset.colours and not (pairing and pairing.gives_colours):
        problems.add(event.at("initial_colour"), f"'initial_colour: {event.initial_colour}': ruleset "
                     f"'{ruleset.id}' gives no colours, so nothing reads it; take it out")
    if event.acceleration and event.acceleration not in (pairing.accelerations if pairing else ()):
        problems.add(event.at("acceleration"), f"'acceleration: {event.acceleration}': the pairing of ruleset "
                     f"'{ruleset.id}' has no acceleration, so nothing reads it; take it out")


def _check_teams(event: Event, ruleset: RuleSet, problems: Problems) -> None:
    """'team:' makes a team event, which a ruleset whose scoring has team games can run
    (``Scoring.team_games``); then every player is in a team, or a default would be scored one
    way for some players and another for the rest."""
    teamed = [p for p in event.players if p.team]
    if not teamed:
        return
    if not ruleset.scoring.team_games:
        for player in teamed:
            problems.add(player.src, f"'team: {player.team}': ruleset {ruleset.id} has no team events (nothing "
                         "scores a team's games apart); remove 'team:'")
        return
    first = teamed[0]
    if len({p.team for p in teamed}) == 1 and len(teamed) == len(event.players):
        problems.add(first.src, f"every player plays for '{first.team}': a team event needs two teams at least, "
                     "whose players meet; register the other teams, or remove 'team:'")
    for player in event.players:
        if not player.team:
            problems.add(player.src, f"{player.id} has no 'team:', but this is a team event ({first.id} plays for "
                         f"'{first.team}', line {first.src.line}); give every player a 'team:', or none")


def _check_armies(result: EventResult, problems: Problems) -> None:
    armies = result.ruleset.armies
    if not armies:
        return
    swiss = next((s for s in result.stages if s.kind == SWISS), None)
    if swiss:
        armies.check_swiss(result.event, swiss.rounds, swiss.planned_rounds, problems)
    knockout = next((s for s in result.stages if s.kind == KNOCKOUT), None)
    if knockout and knockout.rounds:
        armies.check_finals(result.event, knockout.rounds, knockout.stage.size, problems)


def _final_rows(stages: list[StageResult], complete: bool, ties: list[UnbrokenTie], status: dict) -> list[Row]:
    """The classification: the last stage's order, then those out in each earlier stage in
    that stage's order (NS HEX §9 generalised). Before the end: the first stage's standings.
    Points and tie-breakers shown are the first stage's, which everyone played (a bracket that
    opens the event: each player's results in its matches). Players a stage left tied, placed
    by that stage, share their place. The disqualified and excluded are last wherever they were
    put out (``inactive_last``). Each shows his status at the end (one who withdrew during a
    knockout was active in the first stage's rows)."""
    first_rows = stages[0].rows if stages else []
    if not complete or (len(stages) == 1 and stages[0].kind != KNOCKOUT):
        return first_rows
    order: list[str] = []
    placed_in: dict[str, int] = {}
    for stage in reversed(stages):
        for player in stage.order:
            if player not in placed_in:
                placed_in[player] = stage.index
                order.append(player)
    order = inactive_last(order, status)
    by_player = {row.player: row for row in first_rows}
    shared = stages[-1].tied_ranks
    rows = []
    for rank, player in enumerate(order, start=1):
        old = by_player[player]
        placed_by = next((s for s in reversed(stages) if player in s.entrants and (s.index or s.kind == KNOCKOUT)), None)
        rows.append(Row(rank=shared.get(player, rank), player=player, points=old.points, tiebreaks=old.tiebreaks,
                        status=status[player], separated_by=_decider(placed_by) if placed_by else old.separated_by,
                        extra={"first_rank": old.rank if stages[0].kind != KNOCKOUT else None}))
    tie_of = {(t.stage_index, p): t for t in ties for p in t.players}
    mark_ties(rows, {row.player: tie_of.get((placed_in[row.player], row.player)) for row in rows})
    return rows


def _decider(stage: StageResult) -> str:
    return "bracket" if stage.kind == KNOCKOUT else stage.kind


# ------------------------------------------------------------------ next round

def next_round(result: EventResult) -> DraftRound:
    """What ``podium pair`` writes next; a UserError when it cannot pair now."""
    event = result.event
    rounds = event.rounds
    if rounds and not result.round_done.get(rounds[-1].number):
        last = rounds[-1]
        for pairing, what in still_to_play(result, last):
            raise fail(pairing.src, f"round {last.number + 1} cannot be paired yet: table {table_name(pairing)}: "
                                    f"{what}; then run pair again")
        tables = ", ".join(table_name(p) for p in result.pending.get(last.number, last.pairings)[:8])
        raise fail(last.src, f"round {last.number} has no result yet at table {tables}; "
                             "fill in every result, then run pair again")
    if result.complete:
        open_tie = next((tie for tie in result.ties if tie.decides), None)
        if open_tie is not None:  # no round left to pair, and yet not over: say what it awaits
            raise fail(open_tie.src, f"every round of the event's structure is played, and no round is left to pair; "
                                     f"{open_tie.message}")
        raise fail(event.src, "the event is complete: every round of its structure is played")
    number = len(rounds) + 1
    if unfit_structure(result):
        raise fail(event.at("structure"), f"round {number} not drawn: {unfit_structure(result)}")
    if len(event.players) < 2:
        raise fail(event.src, f"round {number} cannot be paired: fewer than two players are registered; register "
                              "the players in registrations.yaml, then run pair again")
    current = result.stages[-1]
    tie = next((t for t in result.ties if t.blocks == number), None)
    if tie:
        raise fail(tie.src, f"round {number} cannot be paired: {tie.message}; then run pair again")
    if current.complete:
        raise fail(event.src, "the next stage cannot start: the standings before it have problems (run podium check)")
    draft = RUNNERS[current.kind].next_round(current, _state_of(result), number)
    if not draft.pairings:  # never a round file without pairings: check would refuse the whole event
        where = rounds[-1].src if rounds else event.src
        raise fail(where, f"round {number} cannot be paired: no game of the {current.kind} stage is left for the "
                          "players still in it; check the drops and disqualifications, or the event's structure")
    for pairing in draft.pairings:
        if not (pairing.bye or pairing.walkover):
            pairing.notes = pairing.notes + result.ruleset.scoring.table_notes(
                pairing.players, current.stage, pairing.match, event)
    return draft


def still_to_play(result: EventResult, rnd: Round) -> list[tuple]:
    """(pairing, what is still played there) for the pending pairings of ``rnd`` whose games
    are all in without deciding them (the scoring says what decides them: Tantrix §10a)."""
    stage = result.stage_of(rnd)
    found = [(p, result.ruleset.scoring.still_to_play(p, stage.stage if stage else None))
             for p in result.pending.get(rnd.number, ())]
    return [(p, what) for p, what in found if what]


def unfit_structure(result: EventResult) -> str:
    """Why the event's structure does not take its field (``Plan.unfit``), for an event drawn by
    this version; one drawn by an older version (``draws: 1``) is re-drawn as it was."""
    return result.plan.unfit if result.event.draws >= LOT_PER_PURPOSE else ""


def table_name(pairing) -> str:
    """How the organizer finds a pairing in its round file: its table number, else its players."""
    return str(pairing.table or " v ".join(pairing.players))


def _state_of(result: EventResult) -> EventState:
    """The event-wide state as the replay left it, for a stage's next round."""
    state = EventState(result.event, result.ruleset, Problems())
    state.status, state.status_round, state.warnings, state.flags = (
        result.status, result.status_round, result.warnings, result.flags)
    return state
