"""③ The event report: the one answer to "what happened in this event".

``report_event`` turns a replay (rules/engine.py EventResult) into immutable facts: per stage
its standings with every tie-break value and what separated each row; per round its tables
with seats, factions or colours, results, byes and their reasons, and the standings once the
round was played; per bracket its matches with stable names and where each player came from;
per player the games played, partners kept apart from opponents. Whatever a ruleset decides (who
won a table, a match's points, a seat's faction, the colours, the tiles to remove) is decided
here by the ruleset's blocks, so the site, ``standings --json``, the feeds and the season pages
only put into words what the report says. ``report_season`` does the same for a season.
"""
from __future__ import annotations

import copyreg
from dataclasses import dataclass, replace
from functools import cached_property
from operator import attrgetter
from types import MappingProxyType
from typing import Mapping

from podium.rules.brackets import THIRD_PLACE, round_size
from podium.rules.fingerprint import paired_before_a_correction, prefix_fingerprints
from podium.rules.kinds import FREE_FOR_ALL, KNOCKOUT, PAIRS_ROTATION, ROUND_ROBIN, SWISS, TABLES
from podium.rules.standings.order import shared_ranks


def read_only(mapping: dict) -> Mapping:
    return MappingProxyType(mapping)


# A report travels pickled: back from the process that replayed its event, and into the replay cache.
copyreg.pickle(MappingProxyType, lambda proxy: (read_only, (dict(proxy),)))


# ------------------------------------------------------------------ the report's types
# Slotted: an archive holds hundreds of thousands of rows, seats and games played, and an
# instance without its own __dict__ takes less than half the memory. (EventReport keeps its
# __dict__ for its cached lookups.)

def report_type(cls):
    """``@dataclass(frozen=True, slots=True)``, pickled as its class and its fields' values and
    rebuilt by calling the class: a frozen slotted dataclass's own ``__setstate__`` looks up its
    fields anew for every object, three quarters of unpickling an archive's outlines (a build
    reads all of them, whatever changed). Every field of a report type is an argument of its
    ``__init__``, which only stores them."""
    cls = dataclass(frozen=True, slots=True)(cls)
    values = attrgetter(*cls.__slots__)
    if len(cls.__slots__) == 1:
        cls.__reduce__ = lambda self: (cls, (values(self),))
    else:
        cls.__reduce__ = lambda self: (cls, values(self))
    return cls


@report_type
class Person:
    """A player as this event registered him."""

    id: str
    name: str
    club: str | None = None
    team: str | None = None
    armies: tuple[str, ...] = ()  # the armies (factions) he registered for the event
    finals_armies: tuple[str, ...] | None = None  # those he kept for the finals, once chosen
    beginner: bool = False  # plays the basic armies the organizer lent him
    rating: int | None = None
    country: str | None = None
    fide_id: int | None = None  # chess
    title: str | None = None  # chess: GM, IM, …


@report_type
class MatchName:
    """A knockout match's name: ``label`` as round files write it (final, third-place,
    semifinal, quarterfinal, round-of-N), and how many players its round starts with."""

    label: str
    players: int | None  # None for the 3rd-place match


@report_type
class Column:
    """A tie-breaker of a stage: its key, its names and the explanation players read."""

    key: str
    abbr: str
    title: str
    explanation: str
    signed: bool
    percent: bool
    shown: bool


@report_type
class Standing:
    """One row of a standings table."""

    rank: int
    player: str
    points: float
    tiebreaks: Mapping[str, object]  # tie-breaker key → value
    status: str  # active | dropped | disqualified | excluded
    separated_by: str | None  # what put this row below the row above: "points", a tie-breaker key, a stage kind
    tie: str | None  # shared (the place decides nothing) | undecided (a decision the rules ask for is awaited)
    shared_rank: bool  # another row holds the same rank
    first_rank: int | None  # a final classification after finals: the place in the first stage
    awaits: str | None = None  # undecided: what the tie awaits, in the rules' terms (OpenTie.awaits)


@report_type
class OpenTie:
    """Players tied where their order decides something (who goes on, the winner …) and the
    rules leave it open until a decision is recorded: while one is, the standings are not final."""

    players: tuple[str, ...]
    places: tuple[int, ...]  # their places in the stage's order (or in their group), 1 = best
    group: str | None  # all of them in one group: ``places`` are the group's
    stage: str  # the stage kind
    awaits: str  # what decides it, in the ruleset's terms: "a play-off game (…)", "the organizer's decision"
    message: str  # what check says of it: what the order decides and how to record the decision


@report_type
class Group:
    """One group's (or table's) standings; ``id`` None for a stage's one ranking."""

    id: str | None
    rows: tuple[Standing, ...]
    cross: tuple[tuple, ...] = ()  # a round robin: for each row's player, what he scored against each row's player (``_cross``)


@report_type
class Side:
    """One side of a bracket match."""

    player: str | None  # None: an empty slot (a bye, or nobody came from a match not played)
    seed: int | None
    won: bool
    score: object  # beside the player: the match's points (TP sum, games won, HQ left)
    came_from: str | None  # the stable name of the match he won (lost, for the 3rd place) to be here


@report_type
class BracketMatch:
    name: str  # stable: "final", "third-place", "semifinal-1", "quarterfinal-3" …
    match: MatchName
    slot: int  # 1-based place among its round's matches
    round_no: int | None  # the round file it is played in, once paired
    table: int | None
    sides: tuple[Side, ...]
    winner: str | None
    bye: bool  # paired as a bye: one player goes on without playing
    not_played: bool  # nobody was left to play it
    walkover: str | None  # the player gone, whose opponent goes on without playing
    points: tuple | None  # the ruleset's points of each side for the whole match (None: not played)


@report_type
class StagePlan:
    """A stage as the structure planned it."""

    kind: str
    rounds: int
    size: int
    seeding: str
    games: int
    final_games: int
    groups: int


@report_type
class StageReport:
    id: str
    kind: str
    columns: tuple[Column, ...]
    standings: tuple[Standing, ...]
    groups: tuple[Group, ...]  # the groups' or tables' standings, one per group
    bracket: tuple[tuple[BracketMatch, ...], ...]  # knockout: the matches, round by round
    complete: bool
    kept_as_paired: bool = False  # knockout: paired before a result of the stage before was corrected; it stands


@report_type
class Before:
    """A player's standing in the stage as a round began: what a pairing shows beside his name."""

    points: float
    won: int
    drawn: int
    lost: int


@report_type
class Seat:
    player: str
    army: str | None  # the army fielded, or the faction the rules set for the seat
    score: object
    place: int | None  # the place at a free-for-all table
    team: int | None  # 2 v 2: the index of the player's pair
    flag: str | None  # why the player was paired so: paired down, the reason for his bye
    won: bool
    earned: object  # multiplayer tables: the points this seat earned
    colour: str | None  # chess: "white" or "black", where the order of the players says it
    before: Before | None = None  # where the player stood in the stage as the round began (None: its first round, or a knockout)


@report_type
class GamePlayed:
    """One game of a match of several (best of N, a mini-match)."""

    number: int
    score: tuple | None
    time: tuple | None  # seconds left on each clock
    tiles: tuple | None
    points: tuple | None  # the ruleset's points of each player for this game
    margin: object  # the difference of the two scores on the board (None without a score)
    penalties: tuple | None  # points each player lost for his clock (None: the rules have no time penalty)
    winner: str | None
    home: str | None
    forfeit: str | None
    disconnected: bool
    extra: bool  # a deciding game played after the match's own games


@report_type
class Outcome:
    """What a table's result says, for the page to put in words."""

    kind: str  # bye | requested-bye | advances (a bracket's bye) | late-loss | forfeit | judge-loss | pair-won |
    #            summed | series | score | win-by-score (a table of two placed by its scores) | draw | win | none
    player: str | None = None  # who forfeits, loses by a judge's decision or for arriving late, or wins
    players: tuple[str, ...] = ()  # the winning pair
    numbers: tuple = ()  # the score, the games won by each side, or a bye's points
    modified: bool = False  # a modified win (NS HEX §5.3)
    asked: str | None = None  # a requested bye's kind: full | half | zero


@report_type
class GameColours:
    game: int
    colours: tuple  # each player's colour; None: he picks one
    first: str  # who picks first when both pick


@report_type
class Table:
    table: int | None
    bye: bool
    match: MatchName | None
    group: str | None
    seats: tuple[Seat, ...]
    outcome: Outcome
    games: tuple[GamePlayed, ...]
    tiles_to_remove: int | None
    colours: tuple[GameColours, ...]
    points: tuple | None  # each player's points for the match so far, where the ruleset sums the games
    done: bool  # a result is entered
    unrated: bool = False  # chess: a game of less than one move, its result not rated


@report_type
class PenaltyGiven:
    """A penalty of a round file: a warning, a disqualification, or points taken off ``player``
    and, where ``to`` names another player, given to him (a transfer)."""

    player: str
    kind: str  # warning | disqualification | points
    points: float
    to: str | None
    reason: str


@report_type
class RoundReport:
    number: int
    stage: str  # the stage kind of the round file
    main_match: MatchName | None  # a knockout round's one match besides the 3rd place: its title
    complete: bool  # every result decides its table
    tables: tuple[Table, ...]
    standings_after: tuple[Group, ...]  # the stage's standings once this round was played
    columns: tuple[Column, ...]  # the round's stage's tie-breakers
    clock: object  # the ruleset's clock for the stage, as written
    paired_before_correction: bool = False  # a result of an earlier round was corrected since: it stands as paired
    resting: tuple[str, ...] = ()  # a round robin's (or 2-vs-2 group's) players its schedule gives no game this round
    penalties: tuple[PenaltyGiven, ...] = ()  # the round file's penalties, in its order

    @property
    def results_in(self) -> int:
        """Tables whose result is entered (a bye counts as one)."""
        return sum(table.done for table in self.tables)


@report_type
class Played:
    """A game of a player, as his page lists it."""

    round: int | None
    opponents: tuple[str, ...]
    partners: tuple[str, ...]  # 2 v 2: who played on his side, never among the opponents
    result: str  # win | loss | draw | bye | place-N | "" (not decided)
    army: str | None
    margin: object
    match: MatchName | None  # a knockout match
    late: bool = False  # a round lost for arriving late ('late_loss: true'): no opponent, no game


@report_type
class PlayerReport:
    player: str
    rank: int | None  # None: not in the final classification
    points: float | None
    status: str
    games: tuple[Played, ...]

    @property
    def record(self) -> tuple[int, int, int]:
        return won_drawn_lost(game.result for game in self.games)


def won_drawn_lost(results) -> tuple[int, int, int]:
    """Games won, drawn and lost of ``results`` (a bye, a table's place and a game not decided
    are none of them)."""
    results = list(results)
    return results.count("win"), results.count("draw"), results.count("loss")


@dataclass(frozen=True)
class EventReport:
    id: str
    name: str
    date: object
    season: str | None
    ruleset: str
    ruleset_name: str
    venue: str | None
    level: str | None
    description: str
    roles: object
    seed: int
    people: tuple[Person, ...]
    qualifier: bool
    qualifier_min: int  # players an event needs to qualify (0: the ruleset has no such rule)
    complete: bool
    winner: str | None  # None while the event runs, or while a tie for the win awaits its decision (open_ties)
    plan: tuple[StagePlan, ...]
    sums_games: bool  # a match of several games is won on the sum of their points
    clocks: Mapping[str, object]
    columns: tuple[Column, ...]  # the tie-breakers of the final standings (none after finals only)
    explained: tuple[Column, ...]  # every tie-breaker of every stage, once
    standings: tuple[Standing, ...]  # the final classification (the first stage's while it runs)
    stages: tuple[StageReport, ...]
    rounds: tuple[RoundReport, ...]
    players: tuple[PlayerReport, ...]
    armies: bool = False  # players register armies or field one in a game: the event has player cards
    outlined: bool = False  # an ``outline``: its rounds' tables and stages' standings left out
    results_version: str = ""  # the fingerprint of every result so far: a page kept offline tells by it it is old
    open_ties: tuple[OpenTie, ...] = ()  # ties awaiting a decision the rules ask for: the standings are not final

    @property
    def final(self) -> bool:
        """Every round played and no tie left open: the standings are final (else provisional)."""
        return self.complete and not self.open_ties

    @cached_property
    def person(self) -> Mapping[str, Person]:
        return MappingProxyType({p.id: p for p in self.people})

    @cached_property
    def player(self) -> Mapping[str, PlayerReport]:
        return MappingProxyType({p.player: p for p in self.players})

    @property
    def first_kind(self) -> str:
        return self.stages[0].kind if self.stages else SWISS

    def outline(self) -> EventReport:
        """The report without what only the event's own pages show: the rounds' tables and
        standings, and the stages' standings and group rows (more than half of a report). Lists,
        player and season pages and the feed read no more than this; a large archive's build
        holds outlines and takes each event's whole report from the replay cache when it renders
        that event's pages (archive.py)."""
        rounds = tuple(replace(rnd, tables=(), standings_after=()) for rnd in self.rounds)
        stages = tuple(replace(stage, standings=(), groups=tuple(replace(g, rows=(), cross=()) for g in stage.groups))
                       for stage in self.stages)
        return replace(self, rounds=rounds, stages=stages, outlined=True)


@report_type
class SeasonReport:
    """A season's leaderboard and invitations (rules/season.py), its events by id and date."""

    season: object  # the season file's model
    events: tuple[str, ...]
    leaderboard: tuple
    invitations: tuple
    qualifier_min: int = 0  # players a qualifier needs to give an invitation (its ruleset's rule; 0: none)
    max_wildcards: int = 0  # wild cards the final's organizer may add (0: the season gives no invitations)


# ------------------------------------------------------------------ the event

def report_event(result) -> EventReport:
    """The report of a replayed event."""
    event, ruleset = result.event, result.ruleset
    first_kind = result.first.kind if result.stages else SWISS
    columns = {stage.kind: _columns(ruleset.tiebreakers_for(stage.kind), ruleset) for stage in result.stages}
    final_rows = {row.player: row for row in result.final_rows}
    finals = _finals_by_player(result)
    prefixes = prefix_fingerprints(event.rounds)
    corrected, results_version = paired_before_a_correction(event.rounds, prefixes), prefixes[-1]
    return EventReport(
        id=event.id, name=event.name, date=event.date, season=event.season, ruleset=ruleset.id,
        ruleset_name=ruleset.name, venue=event.venue, level=event.level, description=event.description,
        roles=event.roles, seed=event.seed,
        people=tuple(Person(p.id, p.name, p.club, p.team, _armies(p, ruleset), p.finals_armies and tuple(p.finals_armies),
                            p.beginner, p.rating, p.country, p.fide_id, p.title) for p in event.players),
        qualifier=result.qualifier, qualifier_min=ruleset.qualifier_min or 0, complete=result.complete,
        winner=_winner(result), plan=tuple(_stage_plan(s) for s in result.plan.stages),
        sums_games=ruleset.scoring.sums_games, clocks=MappingProxyType(dict(ruleset.clocks)),
        columns=_columns(ruleset.tiebreakers_for(first_kind), ruleset) if first_kind != KNOCKOUT else (),
        explained=_columns(_all_tiebreakers(result), ruleset), standings=_standings(result.final_rows),
        stages=tuple(_stage_report(stage, result, columns[stage.kind]) for stage in result.stages),
        rounds=tuple(_round_report(rnd, result, columns, corrected) for rnd in event.rounds),
        players=(players := tuple(_player_report(p.id, result, final_rows.get(p.id), finals.get(p.id, ()))
                                  for p in event.players)),
        armies=bool(ruleset.armies) or any(p.armies for p in event.players) or any(
            g.army for p in players for g in p.games),
        results_version=results_version,
        open_ties=tuple(OpenTie(t.players, t.places, t.group, t.stage_kind, t.awaits, t.message)
                        for t in result.ties if t.decides),
    )


def _armies(player, ruleset) -> tuple[str, ...]:
    """The armies a player plays the event with, as the ruleset's army rules give them."""
    return ruleset.armies.armies_of(player) if ruleset.armies else tuple(player.armies)


def _winner(result) -> str | None:
    decided = result.complete and result.final_rows and result.final_rows[0].tie != "undecided"
    return result.final_rows[0].player if decided else None  # a tie for the win awaits the organizer


def _stage_plan(stage) -> StagePlan:
    return StagePlan(stage.kind, stage.rounds, stage.size, stage.seeding, stage.games, stage.final_games,
                     stage.groups)


def _columns(tiebreakers, ruleset) -> tuple[Column, ...]:
    return tuple(Column(t.key, t.abbr, t.title, ruleset.explained(t), t.signed, t.percent, t.shown) for t in tiebreakers)


def _all_tiebreakers(result) -> list:
    seen = {}
    for stage in result.plan.stages:
        for t in result.ruleset.tiebreakers_for(stage.kind):
            seen.setdefault(t.key, t)
    return list(seen.values())


def _standings(rows) -> tuple[Standing, ...]:
    shared = shared_ranks(rows)
    return tuple(Standing(rank=r.rank, player=r.player, points=r.points, tiebreaks=MappingProxyType(dict(r.tiebreaks)),
                          status=r.status, separated_by=r.separated_by, tie=r.tie, shared_rank=r.rank in shared,
                          first_rank=r.extra.get("first_rank"), awaits=r.awaits) for r in rows)


def match_name(label: str | None) -> MatchName | None:
    return MatchName(label, round_size(label)) if label else None


# ------------------------------------------------------------------ stages and brackets

def _stage_report(stage, result, columns: tuple[Column, ...]) -> StageReport:
    groups = () if stage.kind == KNOCKOUT else tuple(
        Group(g.id, _standings(g.rows), _cross(stage, [row.player for row in g.rows]) if stage.kind == ROUND_ROBIN else ())
        for g in stage.groups)
    bracket = _bracket(stage, result.ruleset.scoring) if stage.kind == KNOCKOUT else ()
    return StageReport(id=stage.id, kind=stage.kind, columns=columns,
                       standings=_standings(stage.rows), groups=groups, bracket=bracket, complete=stage.complete,
                       kept_as_paired=bool(stage.paired_before_correction))


def _cross(stage, players: list[str]) -> tuple[tuple, ...]:
    """A round robin's cross table, in the order of its standings: for each player, the points he
    scored against each player (a tuple, a meeting each, in round order; () against himself and
    against one he has not met yet)."""
    scored = {}
    for player in players:
        for outcome in stage.records[player].outcomes if player in stage.records else ():
            for opponent in outcome.opponents or (outcome.opponent,):
                scored.setdefault((player, opponent), []).append(outcome.points)
    return tuple(tuple(tuple(scored.get((player, other), ())) if other != player else () for other in players)
                 for player in players)


def _bracket(stage, scoring) -> tuple[tuple[BracketMatch, ...], ...]:
    """The matches round by round, each named for good ("semifinal-2") and each side with the
    match he came from: the winner of a match of the round before, or its loser for the 3rd
    place."""
    rounds, before = [], {}
    for matches in stage.bracket:
        names = _stable_names(matches)
        rounds.append(tuple(_match_report(m, names[i], i + 1, stage, scoring, before) for i, m in enumerate(matches)))
        before = {}
        for m, name in zip(matches, names):
            if m.winner:
                before[m.winner, "won"] = name
            if m.loser:
                before[m.loser, "lost"] = name
    return tuple(rounds)


def _stable_names(matches) -> list[str]:
    """A round's matches by their label, numbered where the label repeats: semifinal-1, -2."""
    count: dict[str, int] = {}
    for m in matches:
        count[m.label] = count.get(m.label, 0) + 1
    seen: dict[str, int] = {}
    names = []
    for m in matches:
        seen[m.label] = seen.get(m.label, 0) + 1
        names.append(m.label if count[m.label] == 1 else f"{m.label}-{seen[m.label]}")
    return names


def _match_report(match, name: str, slot: int, stage, scoring, before: dict) -> BracketMatch:
    points = match_points(match, stage.stage, scoring)
    how = "lost" if match.label == THIRD_PLACE else "won"
    sides = tuple(Side(player=p, seed=s, won=match.winner == p and p is not None, score=_side_score(match, i, points),
                       came_from=before.get((p, how)))
                  for i, (p, s) in enumerate(zip(match.players, match.seeds)))
    return BracketMatch(name=name, match=match_name(match.label), slot=slot, round_no=match.round_no,
                        table=match.pairing.table if match.pairing is not None else None, sides=sides,
                        winner=match.winner, bye=match.bye and match.pairing is not None, not_played=match.unplayed,
                        walkover=match.walkover, points=tuple(points) if points else None)


def _side_score(match, seat: int, points):
    if match.pairing is None or match.bye:
        return None
    if match.pairing.games and points:
        return points[seat]
    return match.pairing.score[seat] if match.pairing.score else None


def match_points(match, stage, scoring) -> list | None:
    """The ruleset's points of each player for the whole match (CONTRACT.md): the sum of the
    games' points where the ruleset sums them, the games won in a best of N, else the points of
    a win and a loss. A match not played has none: a bye, a walkover, a forfeit before any game
    (a no-show in one game of a match of several is a game scored)."""
    pairing = match.pairing
    if not match.winner or match.bye or match.walkover or (pairing.forfeit and not (pairing.games or pairing.score)):
        return None
    summed = scoring.match_points(pairing, stage)
    if summed is not None:
        return summed
    series = scoring.series(pairing)
    if series is not None:
        return list(series)
    return [scoring.win if p == match.winner else scoring.loss for p in match.players]


# ------------------------------------------------------------------ rounds and tables

def _round_report(rnd, result, columns: dict, corrected: set[int]) -> RoundReport:
    stage = result.stage_of(rnd)
    flags = result.flags.get(rnd.number, {})
    turn = stage.rounds.index(rnd) if stage else None  # the stage's round by count, as seat factions go
    matches = {id(m.pairing): m for ms in stage.bracket for m in ms if m.pairing is not None} if stage else {}
    names = {p.match for p in rnd.pairings if p.match and p.match != THIRD_PLACE}
    standings_after = _standings_after(stage, rnd.number)
    grouped = len(standings_after) > 1  # a table names its group only when the stage has several
    before = _standing_before(stage, rnd.number)
    return RoundReport(
        number=rnd.number, stage=rnd.stage,
        main_match=match_name(names.pop()) if rnd.stage == KNOCKOUT and len(names) == 1 else None,
        complete=rnd.number in result.pending and not result.pending[rnd.number],  # every result decides its table
        tables=tuple(_table(pairing, rnd, turn, flags, stage, result, matches.get(id(pairing)), grouped, number, before)
                     for pairing, number in zip(rnd.pairings, table_numbers(rnd.pairings))),
        standings_after=standings_after,
        columns=columns[stage.kind] if stage else (),
        clock=result.ruleset.clocks.get(rnd.stage),
        paired_before_correction=rnd.number in corrected,
        resting=_resting(rnd, stage, result) if rnd.stage in (ROUND_ROBIN, PAIRS_ROTATION) else (),
        penalties=tuple(PenaltyGiven(p.player, p.kind, p.points, p.to, p.reason) for p in rnd.penalties))


def _standing_before(stage, number: int) -> dict[str, Before]:
    """Each player's points (as the stage's standings had them after the round before) and
    games won, drawn and lost in the stage before round ``number``; none in a knockout, whose
    pairings show seeds, nor in a stage's first round, where everyone has nothing yet."""
    if stage is None or stage.kind == KNOCKOUT:
        return {}
    earlier = [r.number for r in stage.rounds if r.number < number]
    if not earlier:
        return {}
    rows = stage.rows_after.get(earlier[-1]) or [row for _, group in stage.groups_after.get(earlier[-1], []) for row in group]
    points = {row.player: row.points for row in rows}
    before = {}
    for player, record in stage.records.items():
        earlier_results = (outcome.result for outcome in record.outcomes if outcome.round < number)
        before[player] = Before(points.get(player, 0), *won_drawn_lost(earlier_results))
    return before


def table_numbers(pairings) -> list[int | None]:
    """Where each pairing sits: the table its file gives, else its place among the round's tables
    (a bye sits at none, nor does a late loss: its player, alone, had no game). Every table has a
    number on screen, card and slip, also in a round file written without them."""
    numbers, seated = [], 0
    for pairing in pairings:
        at_a_table = not pairing.alone
        seated += at_a_table
        numbers.append(pairing.table or seated if at_a_table else None)
    return numbers


def _resting(rnd, stage, result) -> tuple[str, ...]:
    """The players of a round-robin stage in play in ``rnd`` whom its schedule seats at no table
    (an odd group's rest): active then (not gone before it) and joined by then."""
    if stage is None:
        return ()
    seated = {p for pairing in rnd.pairings for p in pairing.players}
    playing = [p for p in stage.entrants if result.status[p] == "active" or result.status_round.get(p, 0) >= rnd.number]
    return tuple(p for p in playing if p not in seated and result.event.player(p).joins <= rnd.number)


def _standings_after(stage, number: int) -> tuple[Group, ...]:
    """The stage's standings as they stood after round ``number``: one table, or one a group
    (named when there are several)."""
    if stage is None:
        return ()
    if number in stage.rows_after:
        return (Group(None, _standings(stage.rows_after[number])),)
    groups = stage.groups_after.get(number, [])
    return tuple(Group(group_id if len(groups) > 1 else None, _standings(rows)) for group_id, rows in groups)


def _table(pairing, rnd, turn: int | None, flags: dict, stage, result, match=None, grouped: bool = True,
           number: int | None = None, before: dict | None = None) -> Table:
    """``match``: the bracket's match this table plays, whose winner the knockout decided;
    ``number``: the table it sits at (``table_numbers``)."""
    scoring = result.ruleset.scoring
    winners = _winners(pairing, stage, result, match)
    factions = scoring.seat_factions(pairing, stage, turn) if stage else {}
    places = _places(pairing, stage)
    earned = _earned(pairing, stage, rnd)
    colours = scoring.seat_colours(pairing) or (None,) * len(pairing.players)
    seats = tuple(Seat(player=p, army=(pairing.armies or [None] * 5)[i] or factions.get(p),
                       score=pairing.score[i] if pairing.score else None, place=places.get(p),
                       team=next((t for t, team in enumerate(pairing.teams) if p in team), None),
                       flag=flags.get(p), won=p in winners, earned=earned.get(p), colour=colours[i],
                       before=(before or {}).get(p))
                  for i, p in enumerate(pairing.players))
    return Table(table=number, bye=pairing.bye, match=match_name(pairing.match),
                 group=pairing.group if grouped and stage and stage.kind != FREE_FOR_ALL else None, seats=seats,
                 outcome=_outcome(pairing, stage, result.ruleset, rnd.number), games=_games(pairing, stage, scoring),
                 tiles_to_remove=scoring.tiles_to_remove(len(pairing.players)) if stage and stage.kind == TABLES else None,
                 colours=_colours(pairing, stage, result), points=_match_points_so_far(pairing, stage, scoring),
                 done=pairing.has_result, unrated=pairing.unrated)


def _places(pairing, stage) -> dict:
    """Each player's place at a table of several: the order 'finish:' records, or — at a table
    placed by its scores (the tables stage, or more than two players) — one more than the players
    who scored more, equal scores sharing a place."""
    if pairing.finish:
        return {p: i + 1 for i, p in enumerate(pairing.finish)}
    if not pairing.score or pairing.teams or not (len(pairing.players) > 2 or (stage and stage.kind == TABLES)):
        return {}
    return {p: 1 + sum(other > mine for other in pairing.score) for p, mine in zip(pairing.players, pairing.score)}


def _scored(stage, player: str, round_no: int):
    """The points the replay scored ``player`` in round ``round_no`` (a bye's, as the standings
    count it: worked out once, by the stage); 0 for none."""
    if stage is None or player not in stage.records:
        return 0
    return next((o.points for o in stage.records[player].outcomes if o.round == round_no), 0)


def _earned(pairing, stage, rnd) -> dict:
    """Multiplayer tables (and a free-for-all table down to two, placed by 'finish:'): the points
    each seat earned, as the replay scored them."""
    if (len(pairing.players) <= 2 and not pairing.finish) or pairing.teams or stage is None:
        return {}
    return {p: o.points for p in pairing.players if p in stage.records
            for o in stage.records[p].outcomes if o.round == rnd.number}


def _match_points_so_far(pairing, stage, scoring) -> tuple | None:
    if not pairing.games or stage is None or not scoring.sums_games:
        return None
    points = scoring.match_points(pairing, stage.stage)
    return tuple(points) if points is not None else None


def _winners(pairing, stage, result, match=None) -> set:
    """Who won the table as the ruleset reads the result (nobody for a bye, a draw or no result);
    in a bracket, who won its match as the knockout decided it (a drawn match: the higher seed)."""
    if pairing.bye or not pairing.has_result:
        return set()
    if match is not None:
        return {match.winner} if match.winner else set()
    if pairing.teams:
        return set(pairing.teams[pairing.winning_team]) if pairing.winning_team is not None else set()
    if pairing.finish:
        return {pairing.finish[0]}
    if pairing.score and (len(pairing.players) > 2 or (stage is not None and stage.kind == TABLES)):
        return {p for p, vp in zip(pairing.players, pairing.score) if vp == max(pairing.score)}
    if len(pairing.players) != 2:
        return set()
    winner = result.ruleset.scoring.match_winner(pairing, None, stage and stage.stage)
    return {winner} if winner else set()


def _colours(pairing, stage, result) -> tuple[GameColours, ...]:
    """Each player's colour, game by game, where the ruleset allocates colours from preferences."""
    if len(pairing.players) != 2 or not stage:
        return ()
    scoring = result.ruleset.scoring
    plan = scoring.game_colours([result.event.player(p).colours for p in pairing.players],
                                scoring.games_in(pairing, stage.stage))
    return tuple(GameColours(i + 1, tuple(c or None for c in (a, b)), pairing.players[first])
                 for i, (a, b, first) in enumerate(plan))


def _games(pairing, stage, scoring) -> tuple[GamePlayed, ...]:
    games = []
    for number, game in enumerate(pairing.games, start=1):
        points = scoring.game_points(game, pairing.players) if game.has_result else None
        games.append(GamePlayed(
            number=number, score=tuple(game.score) if game.score else None,
            time=tuple(game.time) if game.time else None, tiles=tuple(game.tiles) if game.tiles else None,
            points=tuple(points) if points else None, winner=game.winner, home=game.home, forfeit=game.forfeit,
            margin=abs(game.score[0] - game.score[1]) if game.score and len(game.score) == 2 else None,
            penalties=scoring.game_penalties(game) if game.has_result else None,
            disconnected=game.disconnected,
            extra=bool(stage and stage.kind == KNOCKOUT and number > stage.stage.games and scoring.sums_games)))
    return tuple(games)


def _outcome(pairing, stage, ruleset, round_no: int) -> Outcome:
    scoring = ruleset.scoring
    if pairing.bye and stage is not None and stage.kind == KNOCKOUT:
        return Outcome("advances")  # a bracket's bye scores nothing: the player goes on without playing
    if pairing.requested_bye:
        return Outcome("requested-bye", numbers=(_scored(stage, pairing.players[0], round_no),),
                       asked=pairing.requested_bye)
    if pairing.bye:  # what the standings count (chess: a pairing-allocated bye's 1, not the policy's points)
        return Outcome("bye", numbers=(_scored(stage, pairing.players[0], round_no),))
    if pairing.late_loss:  # lost for arriving late, alone: no opponent, no game (rules/points.py)
        return Outcome("late-loss", player=pairing.players[0])
    if pairing.forfeit:
        return Outcome("forfeit", player=pairing.forfeit)
    if pairing.judge_loss:
        return Outcome("judge-loss", player=pairing.judge_loss)
    if pairing.teams and pairing.winning_team is not None:
        return Outcome("pair-won", players=tuple(pairing.teams[pairing.winning_team]))
    if pairing.games and len(pairing.players) == 2 and stage is not None:
        if scoring.sums_games:
            return Outcome("summed")  # each side's points are the table's ``points``
        series = scoring.series(pairing)
        return Outcome("series", numbers=tuple(series)) if series else Outcome("none")
    if pairing.score and len(pairing.players) == 2 and stage is not None and stage.kind == TABLES:
        best = max(pairing.score)
        leaders = [p for p, points in zip(pairing.players, pairing.score) if points == best]
        if len(leaders) == 1:  # a table placed by its scores: its winner is the one who scored most
            return Outcome("win-by-score", player=leaders[0], numbers=tuple(pairing.score))
    if pairing.score and len(pairing.players) == 2:
        return Outcome("score", numbers=tuple(pairing.score))
    if pairing.draw:
        return Outcome("draw")
    if pairing.winner:
        return Outcome("win", player=pairing.winner, modified=bool(pairing.modified))
    return Outcome("none")


# ------------------------------------------------------------------ players

def _player_report(player_id: str, result, row, finals: tuple) -> PlayerReport:
    """``row``: his row of the final classification (None: not in it); ``finals``: his games in
    the bracket."""
    games = tuple(Played(round=o.round, opponents=tuple(o.faced), partners=tuple(o.partners), result=o.result,
                         army=o.army, margin=o.margin, match=None, late=o.late)
                  for o in result.outcomes(player_id))
    return PlayerReport(player=player_id, rank=row.rank if row else None, points=row.points if row else None,
                        status=row.status if row else result.status.get(player_id, "active"),
                        games=games + finals)


def _finals_by_player(result) -> dict[str, tuple[Played, ...]]:
    """Each player's matches of the bracket that were played, in bracket order."""
    games: dict[str, list[Played]] = {}
    for matches in result.bracket:
        for m in matches:
            if m.pairing is None or None in m.players:
                continue
            armies = m.pairing.armies or (None, None)
            for seat, player in enumerate(m.players):
                outcome = ("win" if m.winner == player else "loss") if m.winner else ""
                games.setdefault(player, []).append(Played(
                    round=m.round_no, opponents=(m.players[1 - seat],), partners=(), result=outcome,
                    army=armies[seat], margin=None, match=match_name(m.label)))
    return {player: tuple(played) for player, played in games.items()}


# ------------------------------------------------------------------ seasons

def report_season(result) -> SeasonReport:
    """The report of a season (rules/season.py SeasonResult), with the rules its page explains."""
    from podium.rules.season import MAX_WILDCARDS  # season.py reports through this module

    invites = result.season.qualification == "invitations"
    return SeasonReport(season=result.season, events=tuple(r.event.id for r in result.events),
                        leaderboard=tuple(result.leaderboard), invitations=tuple(result.invitations),
                        qualifier_min=max((r.ruleset.qualifier_min or 0 for r in result.events), default=0),
                        max_wildcards=MAX_WILDCARDS if invites else 0)
