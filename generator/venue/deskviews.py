"""What the results desk's pages show: an event's current round, a form a table with what the
round file holds (or what was entered and not saved), and what was said of each table; the
players' report page draws a table the same way."""
from __future__ import annotations

from pathlib import Path

from podium.content.load import parse_yaml
from podium.content.resultfile import RoundText
from podium.content.roundfile import round_file
from podium.content.validate.schema import PENALTY_KINDS
from podium.core.errors import UserError
from podium.rules.forms import CHOICE, GAMES, shown, table_form
from podium.rules.report import table_numbers
from podium.run.recording import Refused, said_value


def reported(values: dict, event) -> str:
    """A phone's report as the desk shows it: the round file's keys and what was entered."""
    names = {player.id: player.name for player in event.players}
    return ", ".join(f"{key}: {said_value(value, names)}" for key, value in values.items())


def event_line(result) -> dict:
    rnd = result.event.rounds[-1] if result.event.rounds else None
    pending = sum(not p.has_result for p in rnd.pairings) if rnd else 0
    return {"id": result.event.id, "name": result.event.name, "date": str(result.event.date or ""),
            "round": rnd.number if rnd else None, "pending": pending}


def round_view(result, said: dict) -> dict:
    """What the round page shows: the event's current round, a form a table with what the file
    holds (or what the organizer entered, where it was not saved), and what was said of each."""
    event = result.event
    view = {"event": {"id": event.id, "name": event.name}, "general": said.get("general", []), "tables": [],
            "round": None, "version": "", "can_pair": False, "players": [], "kinds": PENALTY_KINDS,
            "changed": said.get("changed")}
    if not event.rounds:
        view["can_pair"] = True
        return view
    rnd = event.rounds[-1]
    path = round_file(event.folder, rnd.number)
    view["round"], view["version"] = rnd.number, RoundText.read(path).version
    view["tables"] = [table_view(result, rnd, index, said.get(index, {})) for index in range(len(rnd.pairings))]
    view["can_pair"] = all(table["done"] for table in view["tables"])
    view["next_round"] = rnd.number + 1
    view["armies"] = result.ruleset.armies is not None
    view["registrations"] = RoundText.read(Path(event.folder) / "registrations.yaml").version
    ids = sorted({p for pairing in rnd.pairings for p in pairing.players}, key=lambda p: event.player(p).name)
    view["players"] = [{"id": p, "name": event.player(p).name, "drops": p in rnd.drops} for p in ids]
    return view


def table_view(result, rnd, index: int, told: dict) -> dict:
    """A table of the round with its form (what the file holds, or what was entered and not
    saved) and what was said of it; the players' report page draws the same."""
    event, pairing = result.event, rnd.pairings[index]
    return {"index": index, "name": str(table_numbers(rnd.pairings)[index] or index + 1), "bye": pairing.bye,
            "late": pairing.late_loss,
            "players": [event.player(p).name for p in pairing.players], "done": pairing.has_result,
            "inputs": [_input_view(one, pairing, told.get("posted")) for one in table_form(result, rnd, pairing)],
            "problems": told.get("problems", []), "changed": told.get("changed"), "reported": told.get("reported", [])}


def _input_view(one, pairing, posted: dict | None, prefix: str = "", holder=None) -> dict:
    """An input as the page draws it; ``holder``: what holds its current value (the pairing, or
    a game of it; None: a game not in the file yet), ``prefix``: its fields' names within a game."""
    if one.kind == GAMES:
        games = list(pairing.games)
        return {"key": one.key, "label": one.label, "kind": one.kind, "per_player": False, "fields": [], "options": [],
                "games": [[_input_view(inner, pairing, posted, f"{one.key}.{index}.", games[index] if index < len(games) else None)
                           for inner in inputs] for index, inputs in enumerate(one.games)]}
    values = shown(one, pairing if holder is None and not prefix else holder, pairing.players)
    if one.per_player:
        fields = [{"name": f"{prefix}{one.key}.{i}", "value": _field_text(one, value, one.options[i] if one.options else ())}
                  for i, value in enumerate(values)]
        options = [[{"index": n, "label": o.label} for n, o in enumerate(opts)] for opts in one.options] if one.options else []
    else:
        fields = [{"name": f"{prefix}{one.key}", "value": _field_text(one, values[0], one.options)}]
        options = [[{"index": n, "label": o.label} for n, o in enumerate(one.options)]] if one.options else []
    if posted is not None:  # what the organizer entered stays in the form until it is saved
        for field in fields:
            field["value"] = posted.get(field["name"], "")
    return {"key": one.key, "label": one.label, "kind": one.kind, "per_player": one.per_player, "fields": fields,
            "options": options, "minimum": one.minimum, "maximum": one.maximum, "step": one.step}


def _field_text(one, value, options) -> str:
    """A value of the file as the form shows it: a choice by the place of its option."""
    if value is None:
        return ""
    if one.kind == CHOICE:
        wanted = list(value) if isinstance(value, tuple) else value
        return next((str(n) for n, o in enumerate(options) if o.value == wanted), "")
    if isinstance(value, bool):
        return "on" if value else ""
    return str(value)


def by_table(refused: Refused, path: Path, index: int, posted: dict) -> dict:
    """The problems of a refused change: those at the lines of a table of the round file beside
    it, the others at the top (another file: the content had a problem before this change)."""
    said: dict = {index: {"problems": [], "posted": posted}, "general": []}
    try:
        pairings = parse_yaml(refused.text, str(path)).get("pairings") or []
        starts = [pairings.at(i).line for i in range(len(pairings))]
    except UserError:
        starts = []
    for problem in refused.problems:
        src, message = problem.src, problem.message
        if src.path == str(path) and starts and src.line:
            table = max((i for i, start in enumerate(starts) if start <= src.line), default=index)
            said.setdefault(table, {"problems": [], "posted": posted if table == index else None})["problems"].append(message)
        else:
            said["general"].append(str(problem))
    return said


