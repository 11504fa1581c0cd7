"""Round files: rounds/1.yaml, 2.yaml … numbered without gaps, each with its pairings, drops,
late entries and penalties."""
from __future__ import annotations

import re
from pathlib import Path

from podium.core.errors import Problems, Src
from podium.core.model import Penalty, Round
from podium.content.validate.schema import PenaltyEntry, RoundFile
from podium.content.validate.fields import Fields
from podium.content.validate.files import load_required
from podium.content.validate.pairings import read_pairings
from podium.content.validate.players import id_list, known_player


ROUND_FILE = re.compile(r"^([1-9][0-9]*)\.yaml$")


def read_rounds(folder: Path, problems: Problems, ids: set[str]) -> tuple[Round, ...]:
    rounds_dir = folder / "rounds"
    if not rounds_dir.is_dir():
        if rounds_dir.exists() or rounds_dir.is_symlink():
            problems.add(Src(str(rounds_dir)), "'rounds' must be a folder holding the round files 1.yaml, 2.yaml, …; "
                         "move this file away")
        return ()
    numbered = {}
    for path in sorted(rounds_dir.iterdir()):
        match = ROUND_FILE.match(path.name)
        if not match:
            if not path.name.startswith("."):
                problems.add(Src(str(path)), "round files are named by number: 1.yaml, 2.yaml, …")
            continue
        numbered[int(match.group(1))] = path
    rounds = []
    for expected, number in enumerate(sorted(numbered), start=1):
        if number != expected:
            problems.add(Src(str(numbered[number])), f"round {expected} is missing; rounds are numbered 1, 2, 3 … without gaps")
            break
        parsed = _round(numbered[number], number, problems, ids)
        if parsed is not None:
            rounds.append(parsed)
    return tuple(rounds)


def _round(path: Path, number: int, problems: Problems, ids: set[str]) -> Round | None:
    data = load_required(path, problems, "write the round as `podium pair` does (round, stage, pairings), "
                          "or delete the file if the round has not been paired")
    if data is None:
        return None
    f = Fields(data, Src(str(path)), problems, f"round file {path.name}", RoundFile)
    declared = f.get("round")
    if declared is not None and declared != number:
        problems.add(f.at("round"), f"'round: {declared}' but the file is {path.name}; make them agree")
    stage = f.get("stage", default="swiss")
    pairings = read_pairings(f, problems, ids)
    penalties = _penalties(f, problems, ids)
    drops = id_list(f, "drops", ids)
    drawn_from = f.get("drawn_from")
    late = _late_entries(f, number, ids)
    f.finish()
    return Round(number=number, stage=stage, pairings=pairings, src=f.src, penalties=penalties,
                 drops=tuple(d for d, _ in drops), drop_srcs=tuple(s for _, s in drops), drawn_from=drawn_from,
                 late_entries=late)


def _late_entries(f: Fields, number: int, ids: set[str]) -> tuple[tuple[str, int], ...]:
    """``late_entries: {id: round}``, written by `pair`: registered players, each joining after
    the round."""
    value = f.get("late_entries")
    found = []
    for pid, joins in (value or {}).items():
        if not known_player(pid, value.at(pid), f.problems, ids):
            continue
        if joins <= number:  # a whole number, as declared
            f.problems.add(value.at(pid), f"'{pid}: {joins}' must be the round {pid} joins, after round {number}; "
                           "`podium pair` wrote it: restore it as it was")
            continue
        found.append((pid, joins))
    return tuple(found)


def _penalties(f: Fields, problems: Problems, ids: set[str]) -> tuple[Penalty, ...]:
    raw = f.get("penalties", default=[])
    penalties = []
    for index, item in enumerate(raw):
        p = Fields(item, raw.at(index), problems, "a penalty", PenaltyEntry)
        player, kind = p.get("player"), p.get("kind")
        points = p.get("points", default=0)
        to = p.get("to")
        reason = p.get("reason", default="")
        p.finish()
        if kind and (problem := _penalty_points_problem(kind, p)):
            problems.add(p.at("points"), problem)
            continue
        if kind and to is not None and not _known_receiver(kind, player, to, p, ids):
            continue
        if player is not None and known_player(player, p.at("player"), problems, ids) and kind:
            penalties.append(Penalty(player=player, kind=kind, src=p.src, reason=reason, points=points, to=to))
    _refuse_second_disqualification(penalties, problems)
    return tuple(penalties)


def _penalty_points_problem(kind: str, p: Fields) -> str | None:
    """A points penalty says how many it takes off; no other kind takes any."""
    points = p.data.get("points")
    if kind != "points":
        return (f"'points: {points}' belongs to a 'kind: points' penalty; a {kind} takes no points off: remove it"
                if points is not None else None)
    if points is None:
        return "a 'kind: points' penalty needs 'points:', how many points it takes off"
    if isinstance(points, (int, float)) and not isinstance(points, bool) and points <= 0:
        return (f"'points: {points:g}' {'takes nothing off' if points == 0 else 'would add points'}; a penalty takes "
                "points off: write how many, like 'points: 1'")
    return None


def _known_receiver(kind: str, player: str | None, to: str, p: Fields, ids: set[str]) -> bool:
    """'to:' names who receives a points penalty's points (a transfer): another registered
    player of the event. Whether the ruleset allows transfers is the engine's to say."""
    if kind != "points":
        p.problems.add(p.at("to"), f"'to: {to}' names who receives the points of a 'kind: points' penalty; a {kind} "
                       "takes no points off, so nobody receives any: remove 'to:'")
        return False
    if to == player:
        p.problems.add(p.at("to"), f"'to: {to}' names the penalized player: the points taken off would come back; "
                       "name the opponent who receives them, or remove 'to:' to take them off alone")
        return False
    return known_player(to, p.at("to"), p.problems, ids)


def _refuse_second_disqualification(penalties: list[Penalty], problems: Problems) -> None:
    first: dict[str, Penalty] = {}
    for penalty in penalties:
        if penalty.kind != "disqualification":
            continue
        if penalty.player in first:
            problems.add(penalty.src, f"{penalty.player} is disqualified twice (first at line "
                         f"{first[penalty.player].src.line}); remove one")
        first.setdefault(penalty.player, penalty)
