"""A table's result form, declared by its scoring block: the inputs a result needs and the key of
the round file each fills. The results desk draws every form from these declarations (no form is
written for a game); what the answers mean is the engine's to check, once they are in the file.

A form is a tuple of ``Input``s. A per-player input is one field a player, written as a list in
the order of ``players`` (``score: [11, 4]``), as the players ranked by the numbers given
(``finish:``, RANKING) or as a mapping of the players given a number (``eliminated: {id: 1}``,
BY_PLAYER); a choice writes the value of the option chosen, which may itself be a list (an option
"1–0" may write ``score: [1, 0]``); a check writes ``true`` or leaves its key out. A dotted key
(``bases.intact``) fills a key of a mapping. ``answers`` turns what was posted into the round
file's keys and ``shown`` the file's values back into the fields: one the inverse of the other.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

NUMBER, CHOICE, CHECK, TEXT, GAMES = "number", "choice", "check", "text", "games"
LIST, RANKING, BY_PLAYER = "list", "ranking", "by player"  # how a per-player input is written


@dataclass(frozen=True)
class Option:
    value: object  # what the round file gets
    label: str  # what the form shows: a player's name, "1–0", an army


@dataclass(frozen=True)
class Input:
    key: str  # the round file's key it fills
    label: str  # an English msgid (the desk translates it)
    kind: str  # NUMBER, CHOICE, CHECK, TEXT or GAMES
    per_player: bool = False
    writes: str = LIST  # a per-player input: LIST, RANKING or BY_PLAYER
    options: tuple = ()  # CHOICE: Options; per player, a tuple of Options for each player
    minimum: float | None = None
    maximum: float | None = None
    step: float = 1
    optional: bool = False  # may be left empty (then the key is left out)
    default: object = None  # the value shown while the file has none (a game's home player)
    games: tuple = ()  # GAMES: each game's inputs, a tuple a game (written as a list of mappings)


def table_form(result, rnd, pairing) -> tuple[Input, ...]:
    """The form of ``pairing``, a table of the round ``rnd`` of a replayed event (``result``)."""
    stage = result.stage_of(rnd)
    return form_of(result.ruleset, pairing, result.event, stage.stage if stage else None)


def form_of(ruleset, pairing, event, stage=None) -> tuple[Input, ...]:
    """A table's form: the armies its players field (the army block's), then its result (the
    scoring's, as the round's ``stage`` plays it); () where the scoring has no form yet. A bye's
    form is the army its player marks as used, where the bye policy says a bye uses one."""
    if pairing.bye:
        uses_army = ruleset.armies is not None and getattr(ruleset.bye, "uses_army", False) and not pairing.match
        return ruleset.armies.result_inputs(pairing, event) if uses_army else ()
    scoring = ruleset.scoring.result_form(pairing, event, stage)
    armies = ruleset.armies.result_inputs(pairing, event) if scoring and ruleset.armies is not None else ()
    return armies + scoring


def player_options(event, players) -> tuple[Option, ...]:
    return tuple(Option(player, event.player(player).name) for player in players)


class FormAnswer(ValueError):
    """An answer the form cannot write: said beside its input (the engine checks the rest)."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key = key


def answers(form: tuple[Input, ...], posted: Mapping[str, str], players: tuple[str, ...]) -> dict[str, object]:
    """The round file's keys from a form's answers (``posted``: field name → text, a per-player
    field named ``key.N``, a game's ``key.G.``); an input left empty leaves its key out (None)."""
    values: dict[str, object] = {}
    for one in form:
        if one.kind == GAMES:
            values[one.key] = _games(one, posted, players)
        elif one.per_player:
            values[one.key] = _per_player(one, [posted.get(f"{one.key}.{index}", "").strip()
                                                for index in range(len(players))], players)
        else:
            text = posted.get(one.key, "").strip()
            values[one.key] = _one(one, text, one.options) if text else None
    return _nested(values)


def _games(one: Input, posted: Mapping[str, str], players: tuple[str, ...]) -> list | None:
    """A match's games, up to the last one entered: a game holding nothing but what the form
    proposed (its home player) is not entered."""
    games = []
    for index, inputs in enumerate(one.games):
        prefix = f"{one.key}.{index}."
        game = answers(inputs, {name[len(prefix):]: text for name, text in posted.items() if name.startswith(prefix)},
                       players)
        entered = any(game.get(inner.key) not in (None, inner.default) for inner in inputs)
        games.append(({key: value for key, value in game.items() if value is not None}, entered))
    while games and not games[-1][1]:
        games.pop()
    return [game for game, _ in games] or None


def _per_player(one: Input, given: list[str], players: tuple[str, ...]) -> object:
    if not any(given):
        return None
    if one.writes == BY_PLAYER:  # only the players given a number other than 0
        options = one.options or ((),) * len(players)
        chosen = {player: _one(one, text, options[index]) for index, (player, text) in enumerate(zip(players, given))
                  if text}
        return {player: value for player, value in chosen.items() if value} or None
    if not all(given):
        raise FormAnswer(one.key, "give it for every player, or for none")
    options = one.options or ((),) * len(players)
    values = [_one(one, text, options[index]) for index, text in enumerate(given)]
    if one.writes == RANKING:
        if sorted(values) != list(range(1, len(players) + 1)):
            raise FormAnswer(one.key, f"give each player a different place, from 1 to {len(players)}")
        return [player for _, player in sorted(zip(values, players))]
    return values


def _nested(values: dict[str, object]) -> dict[str, object]:
    """Dotted keys (``bases.intact``) as a mapping under their first part; None where all are."""
    nested: dict[str, object] = {}
    for key, value in values.items():
        outer, dot, inner = key.partition(".")
        if not dot:
            nested[key] = value
            continue
        mapping = nested.setdefault(outer, {})
        if value is not None:
            mapping[inner] = value
    return {key: (value or None) if isinstance(value, dict) else value for key, value in nested.items()}


def shown(one: Input, holder, players: tuple[str, ...]) -> list:
    """What the file holds for ``one`` (``holder``: the pairing, or a game of it), one value a
    field: per player, in the order of ``players``; the input's default where the file has none."""
    current = holder
    for part in one.key.split("."):
        current = getattr(current, part, None)
    if not one.per_player:
        return [one.default if current is None else current]
    if one.writes == RANKING:
        return [current.index(player) + 1 if current and player in current else None for player in players]
    if one.writes == BY_PLAYER:
        return [dict(current or ()).get(player) for player in players]
    return list(current) if current and len(current) == len(players) else [None] * len(players)


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
