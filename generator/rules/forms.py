"""A table's result form, declared by its scoring block: the inputs a result needs and the key of
the round file each fills. The results desk draws every form from these declarations (no form is
written for a game); what the answers mean is the engine's to check, once they are in the file.

A form is a tuple of ``Input``s. A per-player input is one field a player, written as a list in
the order of ``players`` (``score: [11, 4]``); a choice writes the value of the option chosen,
which may itself be a list (an option "1–0" may write ``score: [1, 0]``); a check writes ``true`` or
leaves its key out.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

NUMBER, CHOICE, CHECK, TEXT, GAMES = "number", "choice", "check", "text", "games"


@dataclass(frozen=True)
class Option:
    value: object  # what the round file gets
    label: str  # what the form shows: a player's name, "1–0", an army


@dataclass(frozen=True)
class Input:
    key: str  # the round file's key it fills
    label: str  # an English msgid (the desk translates it)
    kind: str  # NUMBER, CHOICE or CHECK
    per_player: bool = False
    options: tuple = ()  # CHOICE: Options; per player, a tuple of Options for each player
    minimum: float | None = None
    maximum: float | None = None
    step: float = 1
    optional: bool = False  # may be left empty (then the key is left out)
    games: tuple = ()  # GAMES: the inputs of each game of a match (written as a list of mappings)
    count: int = 0  # GAMES: how many games


def form_of(ruleset, pairing, event) -> tuple[Input, ...]:
    """A table's form: the armies its players field (the army block's), then its result (the
    scoring's); () where the scoring has no form yet. A bye's form is the army its player marks
    as used, where the bye policy says a bye uses one (``uses_army``)."""
    if pairing.bye:
        uses_army = ruleset.armies is not None and getattr(ruleset.bye, "uses_army", False) and not pairing.match
        return ruleset.armies.result_inputs(pairing, event) if uses_army else ()
    scoring = ruleset.scoring.result_form(pairing, event)
    armies = ruleset.armies.result_inputs(pairing, event) if scoring and ruleset.armies is not None else ()
    return armies + scoring


def player_options(event, players) -> tuple[Option, ...]:
    return tuple(Option(player, event.player(player).name) for player in players)


class FormAnswer(ValueError):
    """An answer the form cannot write: said beside its input (the engine checks the rest)."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key = key


def answers(form: tuple[Input, ...], posted: Mapping[str, str], players: int) -> dict[str, object]:
    """The round file's keys from a form's answers (``posted``: field name → text, a per-player
    field named ``key.N``); an input left empty leaves its key out (None)."""
    values: dict[str, object] = {}
    for one in form:
        if one.kind == GAMES:
            games = [answers(one.games, {name[len(prefix):]: text for name, text in posted.items()
                                        if name.startswith(prefix := f"{one.key}.{index}.")}, players)
                     for index in range(one.count)]
            if any(value is not None for game in games for value in game.values()):
                values[one.key] = [{key: value for key, value in game.items() if value is not None} for game in games]
            continue
        if one.per_player:
            given = [posted.get(f"{one.key}.{index}", "").strip() for index in range(players)]
            if not any(given):
                values[one.key] = None
                continue
            if not all(given):
                raise FormAnswer(one.key, "give it for every player, or for none")
            options = one.options or ((),) * players
            values[one.key] = [_one(one, text, options[index]) for index, text in enumerate(given)]
        else:
            text = posted.get(one.key, "").strip()
            values[one.key] = _one(one, text, one.options) if text else None
    return values


def _one(one: Input, text: str, options) -> object:
    if one.kind == CHECK:
        return True if text in ("on", "true", "1") else None
    if one.kind == TEXT:
        return text
    if one.kind == CHOICE:
        for index, option in enumerate(options):
            if text == str(index):
                return option.value
        raise FormAnswer(one.key, "choose one of the options")
    try:
        number = float(text.replace(",", "."))
    except ValueError:
        raise FormAnswer(one.key, f"{text!r} is not a number") from None
    if number != number or number in (float("inf"), float("-inf")):
        raise FormAnswer(one.key, f"{text!r} is not a number")
    return int(number) if number.is_integer() else number
