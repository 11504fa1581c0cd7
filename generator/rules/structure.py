"""Structures: how many Swiss rounds and how big a cut, by player count or as the organizer sets."""
from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from podium.core.errors import Problems, Src, suggest
from podium.core.located import YMap, YSeq
from podium.rules.blocks import Block, Param
from podium.rules.brackets import knockout_rounds
from podium.rules.kinds import KNOCKOUT, PAIRS_ROTATION, ROUND_ROBIN, STAGE_KEYS, SWISS, TABLES
from podium.rules.schedules import ROUND_ROBIN_SCHEDULES, round_robin_rounds
from podium.core.values import MOST, OneLine, Players, Rounds


@dataclass(frozen=True)
class Stage:
    """One stage of an event (CONTRACT.md, event.yaml ``structure``)."""

    kind: str  # swiss | knockout | round-robin | pairs-rotation | tables | free-for-all
    rounds: int = 0  # swiss and tables: rounds to play (the other kinds derive theirs)
    size: int = 0  # knockout: players in the bracket; tables: the standard table size
    third_place: bool = True
    seeding: str = "rank"  # knockout: rank (by the previous stage) | rating | random (drawn)
    games: int = 1  # games a match (knockout best-of-N, Tantrix mini-match)
    final_games: int = 0  # knockout: games of the final and 3rd-place match (0 = as ``games``)
    groups: int = 1  # round-robin / pairs-rotation: how many groups (0 = as many groups of 4 as fit)
    advance: int = 0  # how many players go on to the next stage (0 = all)
    schedule: str = "circle"  # round-robin: "circle" (schedules.berger_rounds) | "fide-berger" (FIDE's tables)


@dataclass(frozen=True)
class Plan:
    stages: tuple[Stage, ...]
    label: str
    unfit: str = ""  # why the structure does not take this field, and what does; nothing is paired then

    @property
    def swiss(self) -> Stage | None:
        return next((s for s in self.stages if s.kind == SWISS), None)

    @property
    def swiss_rounds(self) -> int:
        return self.swiss.rounds if self.swiss else 0

    @property
    def knockout(self) -> Stage | None:
        return next((s for s in self.stages if s.kind == KNOCKOUT), None)

    @property
    def cut(self) -> int:
        return self.knockout.size if self.knockout and self.stages[0].kind == SWISS else 0


WHOLE_NUMBER_KEYS = {"rounds", "advance", "games", "best_of", "final_best_of", "size", "groups"}
_AT_MOST = {"rounds": "rounds than any tournament plays", "games": "games than a match has",
            "best_of": "games than a match has", "final_best_of": "games than a match has",
            "size": "players than a table seats"}
SMALLEST_GROUP = {ROUND_ROBIN: 2, PAIRS_ROTATION: 4}  # players a group needs for a game (2 v 2: four)


def _a_cut(size: int) -> int:
    if size and (size < 2 or size & (size - 1)):
        raise ValueError("must be 0 (no elimination) or a power of two: 2, 4, 8, 16, 32")
    return size


Cut = Annotated[int, Field(ge=0, le=1024), AfterValidator(_a_cut)]


class TableRow(BaseModel):
    """A row of a structure table: fields of ``min`` to ``max`` players (no ``max``: any larger)
    play ``swiss_rounds`` Swiss rounds, then a top ``cut`` (0: none)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    min: Players
    max: Players | None = None
    swiss_rounds: Rounds
    cut: Cut

    @model_validator(mode="after")
    def _max_after_min(self) -> TableRow:
        if self.max is not None and self.max < self.min:
            raise ValueError(f"must start at most where it ends: min {self.min}, max {self.max}")
        return self


class Structure(Block):
    """What every structure answers: the engine asks it for the event's plan of stages before
    any round is replayed, and the loader asks it to check its own settings."""

    @abstractmethod
    def plan(self, players: int, setting, src: Src, problems: Problems, opening_seeding: str = "") -> Plan:
        """The stages ``players`` registered players play, from the event's ``structure:``
        (``setting``: None or "auto" for the ruleset's own, else what the event wrote, at ``src``);
        what does not fit goes to ``problems`` and a plan is returned all the same, its ``unfit``
        saying why nothing can be paired when the field does not fit. ``opening_seeding`` (the
        bracket's ``seeding``) seeds a knockout that opens the event when its stage does not say."""

    def check_tables(self, src: Src, problems: Problems) -> None:
        """Add to ``problems`` what is wrong with the structure's own settings, at ``src`` (the
        ruleset's ``structure:``), when the ruleset is loaded; nothing by default."""


class PlayerCountTable(Structure):
    """Swiss rounds and cut read from a table by the number of registered players.

    ``tables`` maps a structure name to rows ``{min, max, swiss_rounds, cut}`` (``max`` may be
    left out on the last row); ``default`` names the table ``structure: auto`` uses. NS HEX 2023
    §5.1: 8–11 → 4 rounds, no finals; 12–20 → top 4; 21–40 → top 8; 41+ → top 16.

    A field smaller than a table's first row (``smaller_fields``): ``first-row`` plays that row's
    rounds without a cut (NS HEX 2023 §5.1 plays four Swiss rounds whatever the field);
    ``refuse`` asks for another structure (FFG Organized Play: "Wszystkie turnieje … muszą
    korzystać z jednej z trzech poniższych typów", and the advanced table starts at 9 players):
    the plan says why (``Plan.unfit``), and no round is paired. Registering is not refused: a
    field still growing may reach the table.
    """

    name = "player-count-table"
    params = {
        "tables": Param(dict[OneLine, Annotated[list[TableRow], Field(min_length=1)]], {}, "structure name → list of rows {min, max, swiss_rounds, cut}"),
        "default": Param(OneLine, "default", "the table used by 'structure: auto'"),
        "third_place": Param(bool, True, "semifinal losers play for 3rd place"),
        "smaller_fields": Param(Literal["first-row", "refuse"], "first-row", "a field smaller than a table's first row: 'first-row' plays that "
                                "row's Swiss rounds without a cut, 'refuse' asks for another structure"),
    }

    def check_tables(self, src: Src, problems: Problems) -> None:
        if self.tables and self.default not in self.tables:
            problems.add(src, f"default structure '{self.default}' is not one of the tables: {', '.join(self.tables)}")
        for name, rows in self.tables.items():
            for row, after in zip(rows, rows[1:]):  # each row takes the fields the one before leaves
                if row.max is None or after.min != row.max + 1:
                    problems.add(src, f"the rows of structure table '{name}' must follow each other: a row ending at "
                                 f"{row.max if row.max is not None else 'any size'} players, the next starting at "
                                 f"{after.min}")

    def row_for(self, table: str, players: int) -> TableRow:
        rows = self.tables[table]
        for row in rows:
            if row.min <= players <= (row.max if row.max is not None else players):
                return row
        # Below the smallest row: play that row's rounds without a cut (the event still publishes).
        return TableRow(min=1, swiss_rounds=rows[0].swiss_rounds, cut=0)

    def plan(self, players: int, setting, src: Src, problems: Problems, opening_seeding: str = "") -> Plan:
        """``setting`` is the event's ``structure:``: auto, a table name, or {swiss_rounds, cut}.
        ``opening_seeding`` seeds a knockout that opens the event when its stage does not say."""
        if setting in (None, "auto"):
            setting = self.default
        if isinstance(setting, str):
            if setting not in self.tables:
                problems.add(src, f"unknown structure '{setting}'; use auto, one of {', '.join(self.tables) or '(none)'}, "
                             "or {swiss_rounds: N, cut: N}")
                return self._make(4, 0, "invalid")
            row = self.row_for(setting, players)
            plan = self._make(row.swiss_rounds, row.cut, setting)
            if players and self.smaller_fields == "refuse" and players < self._smallest(setting):
                plan = replace(plan, unfit=self._too_small(setting, players))
            return plan
        if isinstance(setting, YMap) and "swiss_rounds" in setting:
            for key in sorted(set(setting) - {"swiss_rounds", "cut"}):
                problems.add(setting.at(key), f"unknown key '{key}' in structure{suggest(key, ('swiss_rounds', 'cut'))}; "
                             "valid: swiss_rounds, cut")
            return self._custom(setting, problems)
        if isinstance(setting, YSeq) and setting:
            return stage_list(setting, players, problems, self.third_place, opening_seeding)
        problems.add(src, "structure must be auto, a structure name, {swiss_rounds: N, cut: N}, or a list of stages")
        return self._make(4, 0, "invalid")

    def _smallest(self, table: str) -> int:
        return min(row.min for row in self.tables[table])

    def _too_small(self, table: str, players: int) -> str:
        """Why ``table`` does not take ``players``, and the structures that do."""
        start = f"the {table} structure starts at {self._smallest(table)} players and this event has {players}"
        fitting = [f"'structure: {name}' ({self._row_text(name, players)})" for name in self.tables
                   if self._smallest(name) <= players]
        if fitting:
            return f"{start}; use {' or '.join(fitting)}, or register more players"
        rounds = min(self.row_for(table, players).swiss_rounds, round_robin_rounds(players))  # all meet once
        return f"{start}; register more players, or set 'structure: {{swiss_rounds: {rounds}, cut: 0}}'"

    def _row_text(self, table: str, players: int) -> str:
        row = self.row_for(table, players)
        return f"{row.swiss_rounds} Swiss rounds, " + (f"top {row.cut}" if row.cut else "no cut")

    def _custom(self, setting: YMap, problems: Problems, third_place: bool | None = None) -> Plan:
        rounds, cut = setting["swiss_rounds"], setting.get("cut", 0)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            problems.add(setting.at("swiss_rounds"), "swiss_rounds must be a whole number of at least 1")
            rounds = 1
        elif rounds > MOST:
            problems.add(setting.at("swiss_rounds"), f"'swiss_rounds: {rounds}' is more {_AT_MOST['rounds']}; at most {MOST}")
            rounds = MOST
        if not isinstance(cut, int) or isinstance(cut, bool) or (cut and (cut < 2 or cut & (cut - 1))):
            problems.add(setting.at("cut"), "cut must be 0 (no elimination) or a power of two: 2, 4, 8, 16, 32")
            cut = 0
        return self._make(rounds, cut, "custom", third_place)

    def _make(self, rounds: int, cut: int, label: str, third_place: bool | None = None) -> Plan:
        """A Swiss of ``rounds`` rounds, then a top ``cut`` (none when 0); ``third_place`` overrides the ruleset's."""
        stages = [Stage(SWISS, rounds=rounds, advance=cut)]
        if cut:
            wanted = self.third_place if third_place is None else bool(third_place)
            stages.append(Stage(KNOCKOUT, rounds=knockout_rounds(cut), size=cut, third_place=wanted and cut >= 4))
        return Plan(stages=tuple(stages), label=label)


def stage_list(stages: YSeq, players: int | None, problems: Problems, third_place_default: bool = True,
               opening_seeding: str = "") -> Plan:
    """A list of stages run in order, each taking the players the previous one advances.
    ``opening_seeding`` (the ruleset bracket's ``seeding``) seeds a knockout that comes first."""
    parsed = []
    entrants = players
    for index, stage in enumerate(stages):
        if not isinstance(stage, YMap) or stage.get("kind") not in STAGE_KEYS:
            where = stage.at("kind") if isinstance(stage, YMap) else stages.at(index)
            kind = stage.get("kind") if isinstance(stage, YMap) else None
            problems.add(where, f"unknown stage kind '{kind}'{suggest(str(kind), STAGE_KEYS)}; one of "
                         f"{', '.join(STAGE_KEYS)}" if kind is not None else
                         f"each stage needs 'kind:', one of {', '.join(STAGE_KEYS)}")
            return Plan(stages=(Stage(SWISS, rounds=1),), label="invalid")
        parsed.append(_stage(stage, index, entrants, problems, third_place_default, opening_seeding))
        entrants = parsed[-1].advance or entrants
    for stage, data in zip(parsed[:-1], stages):
        if stage.kind == KNOCKOUT:
            problems.add(data.src, "a knockout ends the event; put it last in the list of stages")
    label = "elimination" if [s.kind for s in parsed] == [KNOCKOUT] else "custom"
    return Plan(stages=tuple(parsed), label=label)


def _stage(data: YMap, index: int, entrants: int | None, problems: Problems, third_place_default: bool,
           opening_seeding: str) -> Stage:
    kind = data["kind"]
    for key in set(data) - STAGE_KEYS[kind] - {"kind"}:
        problems.add(data.at(key), f"unknown key '{key}' for a {kind} stage; valid: {', '.join(sorted(STAGE_KEYS[kind]))}")
    numbers = {}
    for key in sorted(WHOLE_NUMBER_KEYS & set(data)):
        if (problem := _number_problem(kind, key, data[key], entrants)) is not None:
            problems.add(data.at(key), problem)
        else:
            numbers[key] = data[key]
    advance = numbers.get("advance", 0)
    if advance and entrants is not None and advance > entrants:
        problems.add(data.at("advance"), f"'advance: {advance}' is more than the {entrants} players of this stage")
        advance = 0
    if kind == KNOCKOUT:
        seeding = _knockout_seeding(data, index, opening_seeding, problems)
        return _knockout_stage(data, numbers, index, entrants, problems, third_place_default, seeding)
    if kind == SWISS:
        return Stage(SWISS, rounds=numbers.get("rounds", 4), advance=advance)
    if kind == TABLES:
        return Stage(TABLES, rounds=numbers.get("rounds", 4), size=numbers.get("size", 4), advance=advance)
    if kind == ROUND_ROBIN:
        groups = numbers.get("groups", 1)
        if entrants is not None and (rounds := round_robin_rounds(-(-entrants // groups))) > MOST:
            problems.add(data.at("groups") if "groups" in data else data.at("kind"),
                         f"a round robin of {-(-entrants // groups)} players a group plays {rounds} rounds, more than "
                         f"any tournament plays (at most {MOST}); split the field into groups, e.g. 'groups: "
                         f"{-(-entrants // 16)}'")
        return Stage(kind, games=numbers.get("games", 1), groups=groups, advance=advance,
                     schedule=_round_robin_schedule(data, problems))
    return Stage(kind, groups=numbers.get("groups", 0), advance=advance)


def _round_robin_schedule(data: YMap, problems: Problems) -> str:
    """A round robin's schedule: the circle method, or FIDE's Berger tables (chess: its colours)."""
    schedule = data.get("schedule", "circle")
    if schedule not in ROUND_ROBIN_SCHEDULES:
        problems.add(data.at("schedule"), f"unknown schedule '{schedule}' for a round-robin stage; one of "
                     f"{', '.join(ROUND_ROBIN_SCHEDULES)}")
        return "circle"
    return schedule


def _number_problem(kind: str, key: str, value, entrants: int | None) -> str | None:
    """Why ``key: value`` cannot be a number of a ``kind`` stage of ``entrants`` players (None:
    of any field, as a ruleset's own list of stages is checked when it is loaded)."""
    least = 0 if key == "advance" or (key == "groups" and kind == PAIRS_ROTATION) else 1  # 0: as many as fit
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        return f"'{key}' must be a whole number of at least {least}"
    if key in _AT_MOST and value > MOST:
        return f"'{key}: {value}' is more {_AT_MOST[key]}; at most {MOST}"
    smallest = SMALLEST_GROUP.get(kind)
    if key == "groups" and smallest and entrants is not None and entrants >= smallest and value > entrants // smallest:
        return (f"'groups: {value}' leaves groups of fewer than {smallest} of the {entrants} players; "
                f"at most {entrants // smallest} group{'s' if entrants // smallest > 1 else ''}")
    return None


SEEDINGS = ("rank", "rating", "random")


def _knockout_seeding(data: YMap, index: int, opening_seeding: str, problems: Problems) -> str:
    """How the bracket is seeded: the stage's ``seeding:``; else by place in the stage before;
    a knockout that opens the event has no stage before, so its ruleset's bracket must declare
    a seeding (Tantrix §13: rating) or the stage must give one."""
    seeding = data.get("seeding")
    if seeding is None and index > 0:
        return "rank"
    if seeding is None:
        seeding = opening_seeding
        if not seeding:
            problems.add(data.at("kind"), "a knockout that opens the event needs a seeding: add 'seeding: rating' "
                         "(by the players' ratings) or 'seeding: random' (a drawn bracket) to this stage, or "
                         "'seeding:' to the ruleset's 'bracket:'")
            return "random"
    if seeding not in SEEDINGS:
        problems.add(data.at("seeding"), f"seeding '{seeding}' is not one of {', '.join(SEEDINGS)}")
        return "rank" if index else "random"
    if seeding == "rank" and index == 0:
        problems.add(data.at("seeding"), "'seeding: rank' ranks by the stage before, and this knockout opens the "
                     "event; use 'seeding: rating' or 'seeding: random'")
        return "random"
    return seeding


def _knockout_stage(data, numbers, index, entrants, problems, third_place_default, seeding) -> Stage:
    games = numbers.get("best_of", numbers.get("games", 1))
    size = numbers.get("size", entrants or 0)
    if entrants is not None and size > entrants:
        problems.add(data.at("size"), f"a knockout of {size} needs {size} players; this stage has {entrants}")
        size = entrants
    third_place = bool(data.get("third_place", third_place_default if index else False))
    return Stage(KNOCKOUT, rounds=knockout_rounds(size), size=size, third_place=third_place, seeding=seeding,
                 games=games, final_games=numbers.get("final_best_of", 0))


class StageListStructure(Structure):
    """A fixed list of stages, whatever the player count (Tantrix, Micromutants, the Czech
    club rules). ``structure: auto`` plays the ruleset's list; an event may give its own."""

    name = "stages"
    params = {
        "stages": Param(list, [], "the stages in order, as in event.yaml (kind, rounds, groups, games, advance…)"),
        "third_place": Param(bool, True, "the semifinal losers play for 3rd place when a stage does not say"),
    }

    def check_tables(self, src: Src, problems: Problems) -> None:
        if not self.stages:
            problems.add(src, "a 'stages' structure lists at least one stage, e.g. stages: [{kind: swiss, rounds: 5}]")
        elif isinstance(self.stages, YSeq):  # its shape, once, at its own lines: a field big enough for any stage
            stage_list(self.stages, None, problems, self.third_place, opening_seeding="random")

    def plan(self, players: int, setting, src: Src, problems: Problems, opening_seeding: str = "") -> Plan:
        if setting in (None, "auto"):
            return self._own_plan(players, src, problems, opening_seeding)
        if isinstance(setting, YSeq) and setting:
            return stage_list(setting, players, problems, self.third_place, opening_seeding)
        problems.add(src, "structure must be auto or a list of stages, e.g. [{kind: round-robin, groups: 2, advance: 4}, "
                     "{kind: knockout, games: 3}]")
        return Plan(stages=(Stage(SWISS, rounds=1),), label="invalid")

    def _own_plan(self, players: int, src: Src, problems: Problems, opening_seeding: str) -> Plan:
        """The ruleset's stages for this event's field. What does not fit the field (a stage
        advancing more players than it has) is the event's problem, said at the event: the
        ruleset's lines were checked when it was loaded. Nobody registered yet: nothing to fit."""
        misfits = Problems()
        plan = stage_list(self.stages, players, misfits, self.third_place, opening_seeding)
        for misfit in misfits.items if players else ():
            problems.add(src, f"the {players} players of this event do not fit its ruleset's stages ({misfit.message}, "
                         f"{Path(misfit.src.path).name}:{misfit.src.line}); register more players, or give the event its own 'structure:'")
        return plan
