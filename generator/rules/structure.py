"""Structures: how many Swiss rounds and how big a cut, by player count or as the organizer sets."""
from __future__ import annotations

from dataclasses import dataclass

from generator.errors import Problems, Src
from generator.load import YMap, YSeq
from generator.rules.blocks import Block, Param


@dataclass(frozen=True)
class Stage:
    kind: str  # swiss | knockout
    rounds: int = 0  # swiss rounds; for knockout, derived from size
    size: int = 0  # knockout: players in the cut
    third_place: bool = True
    seeding: str = "rank"  # knockout: rank (by the previous stage) | random (drawn)


@dataclass(frozen=True)
class Plan:
    stages: tuple[Stage, ...]
    label: str

    @property
    def swiss(self) -> Stage | None:
        return next((s for s in self.stages if s.kind == "swiss"), None)

    @property
    def swiss_rounds(self) -> int:
        return self.swiss.rounds if self.swiss else 0

    @property
    def knockout(self) -> Stage | None:
        return next((s for s in self.stages if s.kind == "knockout"), None)

    @property
    def cut(self) -> int:
        return self.knockout.size if self.knockout else 0


def knockout_rounds(size: int) -> int:
    """Rounds of single elimination for ``size`` players (byes fill up to a power of two)."""
    return max((size - 1).bit_length(), 0)


STAGE_KEYS = {"swiss": {"kind", "rounds", "advance"}, "knockout": {"kind", "seeding", "third_place"}}


class PlayerCountTable(Block):
    """Swiss rounds and cut read from a table by the number of registered players.

    ``tables`` maps a structure name to rows ``{min, max, swiss_rounds, cut}`` (``max`` may be
    left out on the last row); ``default`` names the table ``structure: auto`` uses. NS HEX 2023
    §5.1: 8–11 → 4 rounds, no finals; 12–20 → top 4; 21–40 → top 8; 41+ → top 16.
    """

    name = "player-count-table"
    params = {
        "tables": Param(dict, {}, "structure name → list of rows {min, max, swiss_rounds, cut}"),
        "default": Param(str, "default", "the table used by 'structure: auto'"),
        "third_place": Param(bool, True, "semifinal losers play for 3rd place"),
    }

    def check_tables(self, src: Src, problems: Problems) -> None:
        for name, rows in self.tables.items():
            if not isinstance(rows, list) or not rows:
                problems.add(src, f"structure table '{name}' must be a list of rows {{min, max, swiss_rounds, cut}}")
                continue
            for row in rows:
                if not isinstance(row, dict) or not {"min", "swiss_rounds", "cut"} <= set(row):
                    problems.add(getattr(row, "src", src), f"a row of structure table '{name}' needs min, swiss_rounds and cut")
        if self.tables and self.default not in self.tables:
            problems.add(src, f"default structure '{self.default}' is not one of the tables: {', '.join(self.tables)}")

    def row_for(self, table: str, players: int) -> dict:
        rows = self.tables[table]
        for row in rows:
            if row["min"] <= players <= row.get("max", players):
                return row
        # Below the smallest row: play that row's rounds without a cut (the event still publishes).
        return {"swiss_rounds": rows[0]["swiss_rounds"], "cut": 0, "min": 0}

    def plan(self, players: int, setting, src: Src, problems: Problems) -> Plan:
        """``setting`` is the event's ``structure:``: auto, a table name, or {swiss_rounds, cut}."""
        if setting in (None, "auto"):
            setting = self.default
        if isinstance(setting, str):
            if setting not in self.tables:
                problems.add(src, f"unknown structure '{setting}'; use auto, one of {', '.join(self.tables) or '(none)'}, "
                             "or {swiss_rounds: N, cut: N}")
                return self._make(4, 0, "invalid")
            row = self.row_for(setting, players)
            return self._make(row["swiss_rounds"], row["cut"], setting)
        if isinstance(setting, YMap) and set(setting) <= {"swiss_rounds", "cut"} and "swiss_rounds" in setting:
            return self._custom(setting, problems)
        if isinstance(setting, YSeq) and setting:
            return self._stages(setting, players, problems)
        problems.add(src, "structure must be auto, a structure name, {swiss_rounds: N, cut: N}, or a list of stages")
        return self._make(4, 0, "invalid")

    def _stages(self, stages: YSeq, players: int, problems: Problems) -> Plan:
        """A list of stages run in order: a Swiss (``rounds``, ``advance``), a knockout, or both."""
        kinds = [s.get("kind") if isinstance(s, YMap) else None for s in stages]
        if kinds not in (["swiss"], ["knockout"], ["swiss", "knockout"]):
            problems.add(stages.src, "this ruleset runs these stage lists: [swiss], [knockout], or [swiss, knockout]; "
                         f"got {kinds}")
            return self._make(1, 0, "invalid")
        for stage in stages:
            for key in set(stage) - STAGE_KEYS[stage["kind"]]:
                problems.add(stage.at(key), f"unknown key '{key}' for a {stage['kind']} stage; valid: "
                             f"{', '.join(sorted(STAGE_KEYS[stage['kind']]))}")
        if kinds == ["knockout"]:
            knockout = stages[0]
            return Plan(stages=(Stage("knockout", rounds=knockout_rounds(players), size=players,
                                      third_place=bool(knockout.get("third_place", False)),
                                      seeding=knockout.get("seeding", "random")),), label="elimination")
        swiss = stages[0]
        cut = swiss.get("advance", 0) if len(stages) == 2 else 0
        third_place = stages[1].get("third_place") if len(stages) == 2 else None
        return self._custom(_located(swiss, {"swiss_rounds": swiss.get("rounds"), "cut": cut}), problems, third_place)

    def _custom(self, setting: YMap, problems: Problems, third_place: bool | None = None) -> Plan:
        rounds, cut = setting["swiss_rounds"], setting.get("cut", 0)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            problems.add(setting.at("swiss_rounds"), "swiss_rounds must be a whole number of at least 1")
            rounds = 1
        if not isinstance(cut, int) or isinstance(cut, bool) or (cut and (cut < 2 or cut & (cut - 1))):
            problems.add(setting.at("cut"), "cut must be 0 (no elimination) or a power of two: 2, 4, 8, 16, 32")
            cut = 0
        return self._make(rounds, cut, "custom", third_place)

    def _make(self, rounds: int, cut: int, label: str, third_place: bool | None = None) -> Plan:
        """A Swiss of ``rounds`` rounds, then a top ``cut`` (none when 0); ``third_place`` overrides the ruleset's."""
        stages = [Stage("swiss", rounds=rounds)]
        if cut:
            wanted = self.third_place if third_place is None else bool(third_place)
            stages.append(Stage("knockout", rounds=knockout_rounds(cut), size=cut, third_place=wanted and cut >= 4))
        return Plan(stages=tuple(stages), label=label)


def _located(original: YMap, values: dict) -> YMap:
    """A YMap with ``values`` that reports problems at the lines of ``original``."""
    made = YMap({k: v for k, v in values.items() if v is not None})
    made.src = original.src
    made.key_srcs = {"swiss_rounds": original.at("rounds"), "cut": original.at("advance")}
    return made
