"""③ The rules engine: an event's rounds replayed under its ruleset.

``compute_event`` returns everything the site and the commands show — standings after the
Swiss with their explanations, the bracket, the final classification, each player's status —
and reports every rule a round breaks. ``next_round`` says what ``podium pair`` writes.
Pure: no files, no clock, no global random.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from generator.errors import Problems, Src, UserError, fail
from generator.model import Event, Round
from generator.rules.draw import rng
from generator.rules.pairing.knockout import Match
from generator.rules.pairing.swiss import PairingImpossible, float_flags
from generator.rules.ruleset import RuleSet
from generator.rules.standings.metrics import Context
from generator.rules.standings.order import Row, rank_players
from generator.rules.standings.records import Record
from generator.rules.structure import Plan


@dataclass
class EventResult:
    event: Event
    ruleset: RuleSet
    plan: Plan
    records: dict[str, Record]
    status: dict[str, str]
    swiss_rows: list[Row]
    bracket: list[list[Match]]
    final_rows: list[Row]
    complete: bool
    qualifier: bool
    flags: dict[int, dict[str, str]] = field(default_factory=dict)  # round → player → flag
    warnings: dict[str, int] = field(default_factory=dict)
    status_round: dict[str, int] = field(default_factory=dict)  # when a player stopped being active

    @property
    def swiss_rounds(self) -> list[Round]:
        return [r for r in self.event.rounds if r.stage == "swiss"]

    @property
    def knockout_rounds(self) -> list[Round]:
        return [r for r in self.event.rounds if r.stage == "knockout"]

    @property
    def swiss_complete(self) -> bool:
        swiss = self.swiss_rounds
        return len(swiss) == self.plan.swiss_rounds and all(r.complete for r in swiss)

    @property
    def seeds(self) -> dict[str, int]:
        return {p: m.seeds[i] for ms in self.bracket for m in ms for i, p in enumerate(m.players) if p and m.seeds[i]}


@dataclass
class DraftPairing:
    players: tuple[str, ...]
    table: int | None = None
    bye: bool = False
    match: str | None = None
    seeds: tuple | None = None
    flags: dict = field(default_factory=dict)


@dataclass
class DraftRound:
    number: int
    stage: str
    pairings: list[DraftPairing]
    seed_parts: tuple = ()
    note: str = ""


# ------------------------------------------------------------------ replay

def compute_event(event: Event, ruleset: RuleSet, problems: Problems) -> EventResult:
    """Replay every round; rule violations go into ``problems`` with their file and line."""
    plan = ruleset.structure.plan(len(event.players), event.structure, event.src, problems)
    _check_registrations(event, ruleset, problems)
    _check_stages(event, plan, problems)
    state = _SwissReplay(event, ruleset, problems)
    for rnd in [r for r in event.rounds if r.stage == "swiss"]:
        state.play(rnd)
    swiss_rows = state.standings()
    result = EventResult(event=event, ruleset=ruleset, plan=plan, records=state.records, status=state.status,
                         swiss_rows=swiss_rows, bracket=[], final_rows=swiss_rows, complete=False,
                         qualifier=bool(ruleset.qualifier_min) and len(event.players) >= ruleset.qualifier_min,
                         flags=state.flags, warnings=state.warnings, status_round=state.status_round)
    if ruleset.armies:
        ruleset.armies.check_swiss(event, result.swiss_rounds, plan.swiss_rounds, problems)
    _replay_knockout(result, problems)
    result.complete = _is_complete(result)
    if result.complete and result.bracket:
        result.final_rows = _final_rows(result)
    return result


def _check_registrations(event: Event, ruleset: RuleSet, problems: Problems) -> None:
    if ruleset.armies:
        for player in event.players:
            ruleset.armies.check_registration(player, problems)
    if ruleset.roles:
        ruleset.roles.check(event, problems)
    if ruleset.levels and event.level and event.level not in ruleset.levels:
        problems.add(event.src, f"level '{event.level}' is not one of {', '.join(ruleset.levels)}")


def _check_stages(event: Event, plan: Plan, problems: Problems) -> None:
    swiss = plan.swiss_rounds
    total = swiss + (plan.knockout.rounds if plan.knockout else 0)
    for rnd in event.rounds:
        expected = "swiss" if rnd.number <= swiss else "knockout"
        if rnd.number > total:
            problems.add(rnd.src, f"round {rnd.number} is one too many: this event has {swiss} Swiss rounds"
                         + (f" and a top {plan.cut}" if plan.cut else " and no finals") + f" ({plan.label} structure)")
        elif rnd.stage != expected:
            problems.add(rnd.src, f"round {rnd.number} is a {expected} round here, not '{rnd.stage}'; set 'stage: {expected}'")


class _SwissReplay:
    """Accumulates records round by round, checking who may play and what each result means."""

    def __init__(self, event: Event, ruleset: RuleSet, problems: Problems):
        self.event, self.ruleset, self.problems = event, ruleset, problems
        self.records = {p.id: Record(p.id) for p in event.players}
        self.status = {p.id: "active" for p in event.players}
        self.status_round: dict[str, int] = {}
        self.warnings: dict[str, int] = {}
        self.flags: dict[int, dict[str, str]] = {}

    def active(self) -> list[str]:
        return [p for p, s in self.status.items() if s == "active"]

    def standings(self) -> list[Row]:
        ctx = Context(self.records, self.event.seed)
        return rank_players(list(self.records), self.ruleset.tiebreakers, ctx, self.status)

    def play(self, rnd: Round) -> None:
        before = {p: self.records[p].points for p in self.records}
        self.flags[rnd.number] = _pairing_flags(rnd, before, self.ruleset)
        self._check_attendance(rnd)
        for pairing in rnd.pairings:
            if not _readable(pairing, self.ruleset, self.problems):
                continue
            for outcome in self._outcomes(pairing, rnd.number):
                self.records[outcome.player].add(outcome)
        self._apply_penalties(rnd)
        for player_id in rnd.drops:
            if self.status[player_id] == "active":
                self.status[player_id] = "dropped"
                self.status_round[player_id] = rnd.number

    def _outcomes(self, pairing, round_no):
        if pairing.bye:
            player = pairing.players[0]
            if self.records[player].byes:
                self.problems.add(pairing.src, f"{player} already had a bye; a player gets at most one")
            army = pairing.armies[0] if pairing.armies else None
            return [self.ruleset.bye.outcome(player, round_no, army)]
        return self.ruleset.scoring.outcomes(pairing, round_no)

    def _check_attendance(self, rnd: Round) -> None:
        seated = {p for pairing in rnd.pairings for p in pairing.players}
        for player_id in seated:
            if self.status[player_id] != "active":
                self.problems.add(rnd.src, f"{player_id} is {self.status[player_id]} since round "
                                  f"{self.status_round.get(player_id)} and cannot play round {rnd.number}")
        for player_id in self.active():
            if player_id not in seated:
                self.problems.add(rnd.src, f"{player_id} is not in round {rnd.number}; pair them, or list them under "
                                  f"'drops:' of round {rnd.number - 1}" if rnd.number > 1 else
                                  f"{player_id} is not in round 1; pair them or remove their registration")
        for pairing in rnd.pairings:
            if len(pairing.players) == 2:
                a, b = pairing.players
                if b in self.records[a].opponents:
                    self.problems.add(pairing.src, f"{a} and {b} already played each other; Swiss rounds have no rematches")

    def _apply_penalties(self, rnd: Round) -> None:
        limit = self.ruleset.warnings_to_disqualify
        for penalty in rnd.penalties:
            if penalty.kind == "points":
                self.records[penalty.player].penalty_points += penalty.points
            elif penalty.kind == "warning":
                self.warnings[penalty.player] = self.warnings.get(penalty.player, 0) + 1
            if penalty.kind == "disqualification" or (limit and self.warnings.get(penalty.player, 0) >= limit):
                if self.status[penalty.player] == "active":
                    self.status[penalty.player] = "disqualified"
                    self.status_round[penalty.player] = rnd.number


def _readable(pairing, ruleset: RuleSet, problems: Problems) -> bool:
    """Check a result line under the ruleset; one it rejects is reported and not scored."""
    before = len(problems.items)
    ruleset.scoring.check(pairing, problems)
    return len(problems.items) == before


def _pairing_flags(rnd: Round, points_before: dict, ruleset: RuleSet) -> dict[str, str]:
    """Why a pairing is special (DESIGN.md §8): paired down or up across point groups, or a bye."""
    flags = float_flags([p.players for p in rnd.pairings if len(p.players) == 2], points_before)
    flags.update({p.players[0]: "bye-" + ruleset.bye.reason(rnd.number) for p in rnd.pairings if p.bye})
    return flags


# ------------------------------------------------------------------ knockout

def _replay_knockout(result: EventResult, problems: Problems) -> None:
    knockout = result.plan.knockout
    ko_rounds = result.knockout_rounds
    if not knockout or not result.swiss_complete:
        for rnd in ko_rounds:
            problems.add(rnd.src, "the Swiss rounds are not finished; finals start after every Swiss result is in")
        return
    first, seed_of = _first_knockout_round(result, knockout, problems)
    if first is None:
        return
    bracket = result.ruleset.bracket
    matches = first
    for rnd in ko_rounds:
        if not matches:
            problems.add(rnd.src, "the bracket is already decided; this round is one too many")
            break
        _attach(rnd, matches, seed_of, result, problems)
        result.bracket.append(matches)
        if not all(m.winner for m in matches) or len([m for m in matches if m.label != "third-place"]) == 1:
            matches = []
            continue
        matches = bracket.next_round(matches, seed_of, knockout.third_place)
    if ko_rounds and result.ruleset.armies:
        result.ruleset.armies.check_finals(result.event, ko_rounds, knockout.size, problems)
    if matches and (not ko_rounds or all(m.winner for m in result.bracket[-1])):
        result.bracket.append(matches)  # the next round, known but not yet paired


def _first_knockout_round(result: EventResult, knockout, problems: Problems):
    """The bracket's first round: the top of the Swiss by seed, or a seeded random draw."""
    active = [row.player for row in result.swiss_rows if row.status == "active"]
    if knockout.seeding == "random":
        if len(active) < 2:
            return None, {}
        return result.ruleset.bracket.drawn_first_round(sorted(active), rng(result.event.seed, "bracket")), {}
    seeded = active[:knockout.size]
    if len(seeded) < knockout.size:
        problems.add(result.event.src, f"only {len(seeded)} active players for a top {knockout.size}; "
                     "set a smaller cut with structure: {swiss_rounds: N, cut: N}")
        return None, {}
    return result.ruleset.bracket.first_round(seeded), {p: i + 1 for i, p in enumerate(seeded)}


def _attach(rnd: Round, matches: list[Match], seed_of: dict, result: EventResult, problems: Problems) -> None:
    """Match each pairing of a knockout round file to the bracket's expected match."""
    by_players = {frozenset(p for p in m.players if p): m for m in matches}
    for pairing in rnd.pairings:
        match = by_players.get(frozenset(pairing.players))
        if match is None:
            expected = "; ".join(" v ".join(p or "bye" for p in m.players) for m in matches)
            problems.add(pairing.src, f"{' v '.join(pairing.players)} is not a match of this bracket round; expected: {expected}")
            continue
        match.pairing, match.round_no = pairing, rnd.number
        if match.players[1] is None:
            continue  # a bye: decided by the draw
        if not _readable(pairing, result.ruleset, problems):
            continue
        higher = min(match.players, key=lambda p: seed_of.get(p, 0))
        match.winner = result.ruleset.scoring.match_winner(pairing, higher)
    for match in matches:
        if match.pairing is None:
            problems.add(rnd.src, f"the {match.label} {' v '.join(p or 'bye' for p in match.players)} "
                         f"is missing from round {rnd.number}")


def _is_complete(result: EventResult) -> bool:
    if not result.swiss_complete:
        return False
    if not result.plan.knockout:
        return True
    bracket = result.bracket
    return bool(bracket) and all(m.winner for m in bracket[-1]) and bracket[-1][0].label == "final"


def _final_rows(result: EventResult) -> list[Row]:
    swiss_order = [row.player for row in result.swiss_rows]
    order = result.ruleset.classification.order(swiss_order, result.bracket)
    by_player = {row.player: row for row in result.swiss_rows}
    rows = []
    for rank, player in enumerate(order, start=1):
        old = by_player[player]
        rows.append(Row(rank=rank, player=player, points=old.points, tiebreaks=old.tiebreaks, status=old.status,
                        separated_by="bracket" if player in result.seeds else old.separated_by,
                        extra={"swiss_rank": old.rank}))
    return rows


# ------------------------------------------------------------------ next round

def next_round(result: EventResult) -> DraftRound:
    """What ``podium pair`` writes next; a UserError when it cannot pair now."""
    event = result.event
    rounds = event.rounds
    if rounds and not rounds[-1].complete:
        missing = [p for p in rounds[-1].pairings if not p.has_result]
        tables = ", ".join(str(p.table or " v ".join(p.players)) for p in missing[:8])
        raise fail(rounds[-1].src, f"round {rounds[-1].number} has no result yet at table {tables}; "
                                   "fill in every result, then run pair again")
    if result.complete:
        raise fail(event.src, "the event is complete: every round of its structure is played")
    number = len(rounds) + 1
    if len(result.swiss_rounds) < result.plan.swiss_rounds:
        return _next_swiss(result, number)
    return _next_knockout(result, number)



def _next_swiss(result: EventResult, number: int) -> DraftRound:
    ruleset, event = result.ruleset, result.event
    ranked = [row.player for row in result.swiss_rows if row.status == "active"]
    if len(ranked) < 2:
        raise fail(event.src, "fewer than two active players; nothing to pair")
    points = {p: result.records[p].points - result.records[p].penalty_points for p in ranked}
    opponents = {p: set(result.records[p].opponents) for p in ranked}
    had_bye = {p for p in ranked if result.records[p].byes}
    candidates = ruleset.bye.candidates(ranked, had_bye)
    inputs = hashlib.sha256(" ".join(sorted(ranked)).encode()).hexdigest()[:16]
    try:
        drawn = ruleset.pairing.pair(ranked, points, opponents, candidates, rng(event.seed, "pair", number, inputs))
    except PairingImpossible as exc:
        raise fail(event.src, f"round {number} cannot be paired without a rematch or a second bye "
                                  f"(left over: {exc}); reduce the Swiss rounds with structure: {{swiss_rounds: N, cut: N}}")
    pairings = [DraftPairing(players=pair, table=i + 1, flags={p: drawn.flags[p] for p in pair if p in drawn.flags})
                for i, pair in enumerate(drawn.pairs)]
    if drawn.bye:
        pairings.append(DraftPairing(players=(drawn.bye,), bye=True, flags={drawn.bye: "bye-" + ruleset.bye.reason(number)}))
    return DraftRound(number=number, stage="swiss", pairings=pairings, seed_parts=(event.seed, "pair", number, inputs))


def _next_knockout(result: EventResult, number: int) -> DraftRound:
    pending = result.bracket[-1] if result.bracket else []
    matches = [m for m in pending if m.pairing is None]
    if not matches:
        raise fail(result.event.src, "the finals cannot be paired yet: the Swiss standings have problems")
    pairings = [DraftPairing(players=tuple(p for p in m.players if p), table=i + 1, match=m.label,
                             seeds=tuple(m.seeds) if any(m.seeds) else None, bye=m.players[1] is None)
                for i, m in enumerate(matches)]
    return DraftRound(number=number, stage="knockout", pairings=pairings)
