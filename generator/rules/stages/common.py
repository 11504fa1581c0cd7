"""What every stage shares: the event-wide player status, a stage's result, and replaying a
round's attendance, penalties and drops."""
from __future__ import annotations

from dataclasses import dataclass, field

from podium.core.errors import Problems, Src
from podium.core.model import Event, Pairing, Round
from podium.rules.draw import LOT_PER_PURPOSE, TIEBREAK, lot, seeding_purpose
from podium.rules.kinds import KNOCKOUT, SWISS, TABLES
from podium.rules.penalties import take_points
from podium.rules.ruleset import RuleSet
from podium.rules.standings.metrics import Context
from podium.rules.standings.order import Row, inactive_last, rank_players
from podium.rules.standings.records import Record
from podium.rules.structure import Stage


@dataclass
class DraftPairing:
    players: tuple[str, ...]
    table: int | None = None
    bye: bool = False
    match: str | None = None
    seeds: tuple | None = None
    flags: dict = field(default_factory=dict)
    group: str | None = None
    teams: tuple = ()
    home: int | None = None
    notes: list = field(default_factory=list)  # lines printed on the table sheet (clans, tiles, colours)
    walkover: str | None = None  # knockout: the player gone before the match (written 'forfeit:')
    requested_bye: str | None = None  # a bye the player asked for ("half"; written 'bye: half')


@dataclass
class DraftRound:
    number: int
    stage: str
    pairings: list[DraftPairing]
    seed_parts: tuple = ()
    note: str = ""
    late_entries: dict[str, int] = field(default_factory=dict)  # Swiss: late entry → his round, counted on ahead


@dataclass
class Group:
    id: str  # "A", "B" … (groups) or "1", "2" … (tables)
    players: list[str]
    rows: list[Row] = field(default_factory=list)


@dataclass
class StageResult:
    index: int
    stage: Stage
    entrants: list[str]  # who plays this stage, in seeding order
    rounds: list[Round]  # the round files of this stage
    planned_rounds: int
    start: int = 1  # the number of the stage's first round
    records: dict[str, Record] = field(default_factory=dict)
    groups: list[Group] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)  # the stage's standings (ranking stages)
    rows_after: dict[int, list[Row]] = field(default_factory=dict)  # round → the standings once it was played
    groups_after: dict[int, list] = field(default_factory=dict)  # round → (group id, its standings) once played
    bracket: list = field(default_factory=list)  # knockout: matches by round
    seed_of: dict = field(default_factory=dict)
    schedule: list = field(default_factory=list)  # fixed stages: the DraftPairings of each round
    order: list[str] = field(default_factory=list)  # this stage's classification, best first
    complete: bool = False
    tied_ranks: dict = field(default_factory=dict)  # player → shared rank (a drawn bracket's losers)
    previous: "StageResult | None" = None  # the stage whose players this one takes (a knockout's groups)
    paired_before_correction: list[str] = field(default_factory=list)  # a cut kept as paired: its seeds then

    @property
    def kind(self) -> str:
        return self.stage.kind

    @property
    def id(self) -> str:
        if self.kind == KNOCKOUT:
            return f"top{self.stage.size}" if self.index else "knockout"
        return self.kind

    @property
    def first_round(self) -> int:
        return self.rounds[0].number if self.rounds else 0

    @property
    def last_round(self) -> int:
        """The number of the stage's last planned round."""
        return self.start + self.planned_rounds - 1

    def advancing(self, status: dict) -> list[str]:
        active = [p for p in self.order if status.get(p) == "active"]
        return active[:self.stage.advance] if self.stage.advance else active


class EventState:
    """Event-wide facts that outlive a stage: who is still active, warnings, pairing flags."""

    def __init__(self, event: Event, ruleset: RuleSet, problems: Problems, history: bool = False):
        """``history``: keep each round's standings for the round pages (a ranking per round, which
        the re-draws of verify and check, and pair, do not need)."""
        self.event, self.ruleset, self.problems = event, ruleset, problems
        self.history = history
        self.status = {p.id: "active" for p in event.players}
        self.status_round: dict[str, int] = {}
        self.status_src: dict[str, Src] = {}  # the line that made a player inactive (a drop, a penalty)
        self.warnings: dict[str, int] = {}
        self.flags: dict[int, dict[str, str]] = {}
        self.walkovers: set[Pairing] = set()  # knockout matches decided by a withdrawal, not a result
        self.notes: list[tuple[Src, str]] = []  # what the engine decided where the rules are silent (check shows it)
        self.before_round = None  # (stage result, state) → None, as each stepped round is about to be played
        self.ratings = {p.id: p.rating for p in event.players}  # what ARO reads (chess)
        self.seated_before: set[str] = set()  # players some round checked so far seated
        self.late_entries_named: set[str] = set()  # players check advised to give 'joins:' (once each)

    def active(self, players) -> list[str]:
        return [p for p in players if self.status[p] == "active"]

    def present(self, players, round_no: int) -> list[str]:
        """Active players who have joined by ``round_no`` (late entries start later)."""
        return [p for p in self.active(players) if self.event.player(p).joins <= round_no]

    def decided(self, pairing: Pairing, stage: Stage) -> bool:
        # hashing a pairing (all its fields) only when there are walkovers: most events have none
        walkover = bool(self.walkovers) and pairing in self.walkovers
        return pairing.bye or walkover or self.ruleset.scoring.decided(pairing, stage)

    def undecided(self, rnd: Round, stage: Stage) -> list[Pairing]:
        """The pairings of a round whose result (if any) does not decide them yet."""
        return [p for p in rnd.pairings if not self.decided(p, stage)]

    def round_complete(self, rnd: Round, stage: Stage) -> bool:
        return not self.undecided(rnd, stage)

    def rounds_of(self, result: "StageResult"):
        """The stage's round files one by one, each added to ``result.rounds`` as it is yielded,
        until the stage is left to one player or none (``left_alone``): the files after that
        belong to the next stage (a knockout's final that the one left wins without playing).
        ``before_round`` sees the stage as it stands before each (rules/prefixes.py)."""
        files, result.rounds = result.rounds, []
        for rnd in files:
            if result.rounds and self.left_alone(result):
                return
            if self.before_round is not None:
                self.before_round(result, self)
            result.rounds.append(rnd)
            yield rnd

    def played_out(self, result: "StageResult") -> bool:
        """Every planned round of a stage with a fixed number of rounds is in, every result
        decided — or every round played is decided and the stage is left to one player or none
        (``left_alone``): its other rounds are not played."""
        decided = all(self.round_complete(r, result.stage) for r in result.rounds)
        return decided and (len(result.rounds) == result.planned_rounds or self.left_alone(result))

    def left_alone(self, result: "StageResult") -> bool:
        """Fewer than two of a stage's players are still active once it has begun (a round of it
        played, or the stage before played): nobody is left to play a game with, so the rounds
        not yet played are not played and the standings stand as they are. The rules documents
        are silent on an event that withdrawals and disqualifications leave to one player; this
        is the house rule, and check names it (engine ``_note_left_alone``). A knockout reached so
        is its final, won without playing (stages/knockout.py)."""
        return len(self.active(result.entrants)) < 2 and bool(result.rounds or result.index)

    def readable(self, pairing: Pairing, stage: Stage) -> bool:
        """Check a result line under the ruleset; one it rejects is reported and not scored."""
        before = len(self.problems.items)
        self.ruleset.scoring.check(pairing, self.problems, stage)
        return len(self.problems.items) == before

    def score(self, pairing: Pairing, records: dict, round_no: int, stage: Stage) -> None:
        if pairing.bye or not self.readable(pairing, stage):
            return
        for outcome in self.ruleset.scoring.outcomes(pairing, round_no, stage):
            records[outcome.player].add(outcome)

    def check_seated(self, rnd: Round, expected: set[str], excused: set[str] = frozenset(), asked=None) -> None:
        """Everyone the round needs is seated, nobody inactive plays (but the ``excused``: a
        knockout walkover names the player gone), and each bye ``asked`` for (player → kind) is
        the bye the round file gives him: a file that pairs him, gives him another bye or leaves
        him out contradicts registrations.yaml, and neither is taken over the other."""
        seated = {p for pairing in rnd.pairings for p in pairing.players} - excused
        if asked:
            self._check_asked_byes(rnd, asked)
        for player_id in sorted(seated):
            joins = self.event.player(player_id).joins
            if joins > rnd.number:
                self.problems.add(rnd.src, f"{player_id} joins in round {joins} (registrations.yaml) and cannot play "
                                  f"round {rnd.number}")
            elif self.status[player_id] not in ("active", "excluded"):  # an excluded player's games still happen
                self.problems.add(rnd.src, f"{player_id} is {self.status[player_id]} since round "
                                  f"{self.status_round.get(player_id)} and cannot play round {rnd.number}")
        for player_id in sorted(expected - seated):
            if self.status[player_id] != "active" or player_id in self.late_entries_named:
                continue
            if rnd.stage in (SWISS, TABLES) and player_id not in self.seated_before:
                self._name_late_entry(player_id, rnd)
            else:
                self.problems.add(rnd.src, f"{player_id} is not in round {rnd.number}; pair them, or list them under "
                                  f"'drops:' of round {rnd.number - 1}" if rnd.number > 1 else
                                  f"{player_id} is not in round 1; pair them or remove their registration")
        self.seated_before |= seated

    def _name_late_entry(self, player_id: str, rnd: Round) -> None:
        """A player the rounds so far have never seated, in a stage a late entry can join (rules/
        entries.py): most likely he signed up after they were paired (an import of late sign-ups),
        so the advice is the round he joins in — the first that seats him, else the next to be
        paired — said once, at his registration, where it is written."""
        later = [r.number for r in self.event.rounds if r.number > rnd.number
                 and any(player_id in pairing.players for pairing in r.pairings)]
        joins = later[0] if later else max((r.number for r in self.event.rounds), default=rnd.number) + 1
        self.late_entries_named.add(player_id)
        self.problems.add(self.event.player(player_id).src, f"{player_id} is in no round before round {joins}; if they "
                          f"signed up late, add 'joins: {joins}' to their registration, otherwise pair them in round "
                          f"{rnd.number}")

    def _check_asked_byes(self, rnd: Round, asked: dict[str, str]) -> None:
        seated_at = {p: pairing for pairing in rnd.pairings for p in pairing.players}
        for player_id, kind in asked.items():
            pairing = seated_at.get(player_id)
            if pairing is not None and pairing.requested_bye == kind:
                continue
            where = f"{rnd.src} leaves him out" if pairing is None else f"{pairing.src} gives him " + (
                f"'bye: {pairing.requested_bye}'" if pairing.requested_bye else
                "the pairing's bye" if pairing.bye else "a game")
            self.problems.add(self.event.player(player_id).byes_src,
                              f"{player_id} asked for a {kind} bye in round {rnd.number} ('byes:'), but {where}; write "
                              f"him there as 'players: [{player_id}]' with 'bye: {kind}', or take round {rnd.number} "
                              "out of 'byes:'")

    def finish_round(self, rnd: Round, records: dict) -> None:
        """Penalties (a warning limit disqualifies) and drops after the round."""
        limit = self.ruleset.warnings_to_disqualify
        for penalty in rnd.penalties:
            if penalty.kind == "points":
                take_points(penalty, records)
            elif penalty.kind == "warning":
                self.warnings[penalty.player] = self.warnings.get(penalty.player, 0) + 1
            if penalty.kind == "disqualification" or (limit and self.warnings.get(penalty.player, 0) >= limit):
                self.set_status(penalty.player, "disqualified", rnd.number, penalty.src)
        srcs = list(rnd.drop_srcs) + [rnd.src] * (len(rnd.drops) - len(rnd.drop_srcs))
        for player_id, src in zip(rnd.drops, srcs):
            self.set_status(player_id, "dropped", rnd.number, src)

    def set_status(self, player_id: str, status: str, round_no: int, src: Src | None = None) -> None:
        if self.status[player_id] == "active":
            self.status[player_id] = status
            self.status_round[player_id] = round_no
            if src is not None:
                self.status_src[player_id] = src

    def last_gone_src(self, players=None) -> Src:
        """The line that made the last of ``players`` (all by default) to go inactive (a drop, a
        penalty), else event.yaml: where a note on what their going changed is shown."""
        gone = [p for p in (self.status if players is None else players) if self.status[p] != "active" and p in self.status_src]
        last = max(gone, key=lambda p: self.status_round.get(p, 0), default=None)
        return self.status_src[last] if last else self.event.src

    def by_rating(self, players: list[str], stage_index: int) -> list[str]:
        """Highest rating first (Tantrix §13 seeding); equal ratings by lot, drawn for this stage's
        seeding (up to Podium 0.2, ``draws: 1``: the players' one tie-break lot)."""
        purpose = seeding_purpose(stage_index) if self.event.draws >= LOT_PER_PURPOSE else TIEBREAK
        return sorted(players, key=lambda p: (-(self.event.player(p).rating or 0), lot(self.event.seed, p, purpose)))

    def rank(self, players: list[str], records: dict, kind: str) -> list[Row]:
        counted = sum(record.rounds_played for record in records.values())  # the moment: results so far
        ctx = self.context(records, kind, moment=f"{kind} after {counted}" if counted else "")
        return rank_players(players, self.ruleset.tiebreakers_for(kind), ctx, self.status)

    def context(self, records: dict, kind: str, moment: str = "") -> Context:
        """What the tie-breakers of a ``kind`` stage read, its ``records`` so far."""
        event = self.event
        return Context(records, event.seed, event.manual_order, event.playoffs, event.draws, moment=moment, kind=kind,
                       scoring=self.ruleset.scoring, ratings=self.ratings)


def fresh_records(players) -> dict[str, Record]:
    return {p: Record(p) for p in players}


def interleave(groups: list[Group], state: EventState, records: dict, kind: str) -> list[str]:
    """One order across groups: every group's 1st (best of them first), then every 2nd, … —
    the disqualified and excluded last of all, as in a stage of one table (``inactive_last``):
    Tantrix §7d removes a totally excluded player's results from the final table, so the
    place he holds in his group (the last) must not set him above the places of a bigger group."""
    order = [row.player for level in levels(groups) for row in state.rank(level, records, kind)]
    return inactive_last(order, state.status)


def levels(groups: list[Group]) -> list[list[str]]:
    """The players of each place across the groups: every group's 1st, every 2nd, …"""
    depth = max((len(g.rows) for g in groups), default=0)
    return [[g.rows[place].player for g in groups if place < len(g.rows)] for place in range(depth)]
