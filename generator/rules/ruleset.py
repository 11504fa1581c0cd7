"""A ruleset's mapping → RuleSet. ``extends:`` merges a parent; unknown keys and names are errors.

A ruleset file names one block per key (``scoring: {kind: neuroshima-hex, win: 3}``) and a
list of tie-breakers. A child that ``extends:`` a parent replaces whole keys, except a block
written without ``kind:`` (or with the parent's kind), whose parameters are merged into the
parent's — so ``scoring: {win: 2}`` changes one number and keeps the rest.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict  # pydantic reads a TypedDict from here on Python < 3.12

from podium.core.errors import Problems, Src, suggest
from podium.core.located import YMap, YSeq
from podium.rules.blocks import Block, checked_at, unanswered
from podium.rules.registry import BLOCKS, TIEBREAKERS
from podium.rules.outcome import tidy
from podium.rules.scoring import FACTS
from podium.core.values import Markdown, OneLine, Players, is_blank, json_schema_of

Minutes = Annotated[int, Field(ge=1, le=1000)] | OneLine  # a clock: minutes, or words ("90, or untimed")
TiebreakerNames = list[OneLine]
INFO_KEYS = {  # every key of a ruleset that is not a block, with its declared kind (podium.core.values)
    "id": OneLine, "name": OneLine, "game": OneLine, "source": Markdown, "description": Markdown, "extends": OneLine,
    "levels": list[OneLine], "clocks": dict[OneLine, Minutes],
    "qualifier": TypedDict("Qualifier", {"min_players": Players}),
    "penalties": TypedDict("Penalties", {"warnings_to_disqualify": Annotated[int, Field(ge=1, le=10)]}),
    "tiebreakers": TiebreakerNames | dict[OneLine, TiebreakerNames],
    "explain": dict[OneLine, OneLine],  # a tie-breaker's key → what it means in this game, for the players
}
REQUIRED_BLOCKS = ("scoring", "structure")
DEFAULTED_BLOCKS = ("bye", "pairing", "bracket", "classification")  # the first of each table when left out


@dataclass
class RuleSet:
    id: str
    name: str
    src: Src
    blocks: dict
    tiebreakers_by_stage: dict  # stage kind (or "*" for every stage) → tie-breakers in order
    game: str = ""
    source: str = ""
    description: str = ""
    levels: list = field(default_factory=list)
    clocks: dict = field(default_factory=dict)
    qualifier_min: int | None = None
    warnings_to_disqualify: int | None = None
    lineage: tuple[str, ...] = ()  # this ruleset's id, then the ids it extends, nearest first
    explain: dict = field(default_factory=dict)  # tie-breaker key → what it counts in this game (its source cited)

    def explained(self, tiebreaker) -> str:
        """What ``tiebreaker`` means to the players of this game: the ruleset's own words where
        it has them (the same key counts games of one kind in one game, rounds in another)."""
        return self.explain.get(tiebreaker.key) or tiebreaker.explanation

    def for_event(self, event) -> "RuleSet":
        """This ruleset as ``event`` scores with it (``Scoring.for_event``): the same object, or
        a copy whose scoring block is bound to the event's games."""
        scoring = self.scoring.for_event(event)
        return self if scoring is self.scoring else replace(self, blocks={**self.blocks, "scoring": scoring})

    def is_a(self, ruleset_id: str) -> bool:
        """Whether this ruleset is ``ruleset_id`` or extends it (an organizer's house rules)."""
        return ruleset_id in self.lineage

    @property
    def tiebreakers(self) -> list:
        """The tie-breakers of the main ranking stage (every stage's, unless set per stage)."""
        by_stage = self.tiebreakers_by_stage
        return by_stage.get("*") or next(iter(by_stage.values()), [])

    def tiebreakers_for(self, kind: str) -> list:
        return self.tiebreakers_by_stage.get(kind, self.tiebreakers_by_stage.get("*", []))

    def leaves_ties_to_organizer(self, kind: str) -> bool:
        """The stage's tie-breakers end with the organizer's decision ('manual', a sealed bid)."""
        return any(t.key == "manual" for t in self.tiebreakers_for(kind))

    def __getattr__(self, key):
        blocks = self.__dict__.get("blocks", {})
        if key in BLOCKS:
            if key not in blocks and key in DEFAULTED_BLOCKS:
                blocks[key] = next(iter(BLOCKS[key][1].values()))()
            return blocks.get(key)
        raise AttributeError(key)


def build_rulesets(raw: dict[str, YMap], problems: Problems) -> dict[str, RuleSet]:
    """Every ruleset of ``raw`` (id → its file's mapping, as content/rulesets.py reads it), built
    in one pass each: its parents merged in as its ``extends:`` chain is followed (the chain is its
    lineage), then every block built and checked; problems go to ``problems``."""
    rulesets = {}
    for rid in sorted(raw):
        resolved = _resolve(rid, raw, problems, ())
        if resolved is not None:
            merged, lineage = resolved
            rulesets[rid] = _build(rid, merged, problems)
            rulesets[rid].lineage = lineage
    return rulesets


def _resolve(rid: str, raw: dict, problems: Problems, below: tuple) -> tuple[YMap, tuple[str, ...]] | None:
    """``rid``'s mapping with its parents merged in, and its lineage (``rid``, then the ids it
    extends, nearest first); None where the chain loops or names no ruleset. ``below``: the ids
    that extend ``rid``, followed here."""
    data = raw[rid]
    parent_id = data.get("extends")
    if parent_id is None:
        return data, (rid,)
    chain = [*below, rid]
    if parent_id in chain:
        problems.add(data.at("extends"), f"'extends: {parent_id}' makes a loop: {' → '.join(chain + [parent_id])}")
        return None
    if parent_id not in raw:
        problems.add(data.at("extends"), f"'extends: {parent_id}': no such ruleset{suggest(parent_id, raw)}; "
                     f"known: {', '.join(sorted(raw))}")
        return None
    parent = _resolve(parent_id, raw, problems, tuple(chain))
    return None if parent is None else (_merge(parent[0], data), (rid, *parent[1]))


def _merge(parent: YMap, child: YMap) -> YMap:
    merged = YMap(parent)
    merged.src, merged.key_srcs = child.src, {**parent.key_srcs, **child.key_srcs}
    for key, value in child.items():
        old = parent.get(key)
        if isinstance(value, YMap) and isinstance(old, YMap) and value.get("kind", old.get("kind")) == old.get("kind"):
            value = _merge(old, value)
        merged[key] = value
    merged.pop("extends", None)
    return merged


def _build(rid: str, data: YMap, problems: Problems) -> RuleSet:
    for key in data:
        if key not in INFO_KEYS and key not in BLOCKS:
            valid = sorted(set(INFO_KEYS) | set(BLOCKS))
            problems.add(data.at(key), f"unknown key '{key}' in ruleset '{rid}'{suggest(key, valid)}; valid keys: {', '.join(valid)}")
        elif key in INFO_KEYS:
            checked_at(INFO_KEYS[key], data[key], data.at(key), f"of ruleset '{rid}'", key, problems)
    if "name" in data and isinstance(data["name"], str) and is_blank(data["name"]):
        problems.add(data.at("name"), f"'name' of ruleset '{rid}' is blank; write the name players read, or leave it out")
    blocks = {key: _block(key, data, problems, rid) for key in BLOCKS if key in data}
    for key in REQUIRED_BLOCKS:
        if key not in data:
            problems.add(data.src, f"ruleset '{rid}' needs '{key}:' (e.g. {key}: {{kind: {next(iter(BLOCKS[key][1]))}}})")
    _bye_worth_set_once(blocks.get("scoring"), data.get("bye"), problems)
    _colours_recorded(blocks.get("scoring"), blocks.get("colours"), data, problems)
    _pairing_reads_scoring(blocks.get("scoring"), blocks.get("pairing"), data, problems)
    if blocks.get("structure"):  # a structure refused above (unknown, lacking a method) is said once
        blocks["structure"].check_tables(data.at("structure"), problems)
    return RuleSet(
        id=rid, name=str(data.get("name", rid)), src=data.src, blocks=blocks,
        tiebreakers_by_stage=_tiebreakers(data, problems, blocks.get("scoring")), game=str(data.get("game", "")),
        source=str(data.get("source", "")), description=str(data.get("description", "")),
        levels=list(data.get("levels", [])), clocks=dict(data.get("clocks", {})),
        qualifier_min=(data.get("qualifier") or {}).get("min_players"),
        warnings_to_disqualify=(data.get("penalties") or {}).get("warnings_to_disqualify"),
        explain=_explain(data, problems),
    )


def _colours_recorded(scoring, colours, data: YMap, problems: Problems) -> None:
    """Colour rules allocate colours the results must then say: a scoring that records no
    colours would lose them (every game's White forgotten by the next round)."""
    if scoring is not None and colours is not None and "colours" not in scoring.facts:
        problems.add(data.at("colours"), f"colour allocation '{colours.name}' needs a scoring that records who had "
                     f"White; scoring '{scoring.name}' does not (e.g. scoring: {{kind: points, colours: true}})")


def _pairing_reads_scoring(scoring, pairing, data: YMap, problems: Problems) -> None:
    """A pairing that reads the results as its own rules count them (chess's Dutch: 1, ½, 0)
    refuses a scoring that counts otherwise, where the two would disagree on every score group."""
    misfit = pairing.misfit(scoring) if scoring is not None and pairing is not None else None
    if misfit:
        problems.add(data.at("scoring"), f"pairing '{pairing.name}' {misfit}")


def _bye_worth_set_once(scoring, bye, problems: Problems) -> None:
    """A scoring that sets what a pairing-allocated bye is worth and a bye policy that sets it too
    contradict each other (issue 14: never silently resolved)."""
    if getattr(scoring, "pairing_allocated_bye", None) is not None and isinstance(bye, YMap) and "points" in bye:
        problems.add(bye.at("points"), f"the bye's points are set twice: here and as 'pairing_allocated_bye: "
                     f"{tidy(scoring.pairing_allocated_bye)}' of the scoring; keep one")


def _block(key: str, data: YMap, problems: Problems, rid: str) -> Block | None:
    what, table = BLOCKS[key]
    value = data[key]
    if isinstance(value, str):
        value = YMap(kind=value)
        value.src, value.key_srcs = data.at(key), {}
    if not isinstance(value, YMap) or "kind" not in value:
        problems.add(data.at(key), f"'{key}' of ruleset '{rid}' needs 'kind:', one of: {', '.join(sorted(table))}")
        return None
    kind = value["kind"]
    if kind not in table:
        problems.add(value.at("kind"), f"unknown {what} '{kind}'{suggest(kind, table)}; valid: {', '.join(sorted(table))}")
        return None
    return table[kind].build(value, value.at, problems, what)


def _explain(data: YMap, problems: Problems) -> dict:
    """``explain:``: what a tie-breaker the ruleset lists means in its game; a line of its own
    file naming one it does not list would explain nothing (one a parent wrote for a tie-breaker
    the child no longer lists is left with it)."""
    explain = data.get("explain") or {}
    if not isinstance(explain, YMap):
        return {}
    names = data.get("tiebreakers", [])
    listed = {name for value in (names.values() if isinstance(names, YMap) else [names]) if isinstance(value, list)
              for name in value}
    for key in explain:
        if key not in listed and explain.at(key).path == data.src.path:
            problems.add(explain.at(key), f"'explain: {key}' names no tie-breaker of this ruleset's 'tiebreakers:'; "
                         f"explain one it lists ({', '.join(sorted(listed))}) or remove the line")
    return {key: str(text) for key, text in explain.items() if key in listed}


def _tiebreakers(data: YMap, problems: Problems, scoring) -> dict:
    """``tiebreakers:`` is one list for every stage, or a mapping of stage kind → list."""
    names = data.get("tiebreakers", [])
    if isinstance(names, YMap):
        return {kind: _tiebreaker_list(value, names.at(kind), problems, scoring) for kind, value in names.items()}
    return {"*": _tiebreaker_list(names, data.at("tiebreakers"), problems, scoring)}


def _tiebreaker_list(names, src: Src, problems: Problems, scoring) -> list:
    if not isinstance(names, list):
        problems.add(src, "tie-breakers are a list of names, like [hq_diff, head_to_head, random]")
        return []
    found = []
    for index, name in enumerate(names):
        cls = TIEBREAKERS.get(name)
        where = names.at(index) if isinstance(names, YSeq) else src
        if cls is None:
            problems.add(where, f"unknown tie-breaker '{name}'{suggest(name, TIEBREAKERS)}; valid: {', '.join(sorted(TIEBREAKERS))}")
        elif any(type(t) is cls for t in found):  # the second would never separate anyone the first did not
            problems.add(where, f"tie-breaker '{name}' is listed twice; remove the second")
        elif lacking := unanswered(cls, "tie-breaker"):  # said at its name, as a block's is at its 'kind:'
            problems.add(where, lacking)
        elif scoring is not None and (missing := cls.needs - scoring.facts):
            problems.add(where, _unrecorded(name, missing, scoring))
        else:
            found.append(cls())
    return found


def _unrecorded(name: str, missing: frozenset, scoring) -> str:
    """Why tie-breaker ``name`` cannot follow ``scoring``: the facts it reads that the scoring
    does not record (it would read 0 for everyone), and the scorings that record them."""
    what = " and ".join(FACTS[fact] for fact in sorted(missing))
    recording = sorted(kind for kind, cls in BLOCKS["scoring"][1].items() if missing <= cls.facts_possible())
    names = " and ".join(", ".join(repr(k) for k in recording).rsplit(", ", 1))
    where = f"; scoring{'s' if len(recording) > 1 else ''} {names} record{'' if len(recording) > 1 else 's'} it" if recording else ""
    return (f"tie-breaker '{name}' reads {what}, which scoring '{scoring.name}' does not record (every player would "
            f"have 0); remove it from the list or use a scoring that records it{where}")


def ruleset_json_schema() -> dict:
    """A JSON Schema of a ruleset file, from the tables the loader reads it with: the keys, and
    the names of every building block and tie-breaker (a block's own settings are the block's)."""
    properties = {key: json_schema_of(kind) for key, kind in INFO_KEYS.items()}
    for key, (what, table) in BLOCKS.items():
        names = sorted(table)
        properties[key] = {"description": f"The {what}: a name, or a mapping with 'kind:' and its settings.",
                           "anyOf": [{"enum": names}, {"type": "object", "required": ["kind"],
                                                       "properties": {"kind": {"enum": names}}}]}
    names = {"type": "array", "items": {"enum": sorted(TIEBREAKERS)}}
    properties["tiebreakers"] = {"description": "Tie-breakers in order: one list, or a list per stage kind.",
                                 "anyOf": [names, {"type": "object", "additionalProperties": names}]}
    properties["explain"] = {"description": "What a tie-breaker listed means in this game, for the players (its "
                             "source cited): tie-breaker → one line.", "type": "object",
                             "propertyNames": {"enum": sorted(TIEBREAKERS)}, "additionalProperties": {"type": "string"}}
    return {"type": "object", "title": "a ruleset", "properties": properties, "additionalProperties": False}
