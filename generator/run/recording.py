"""Results recorded into a round file from outside an editor (the results desk): the change is
read and checked by the one reader and the engine as `podium check` would (load.py ``proposed``:
the file reads as it would be, nothing written), and written only when the whole content is
sound and the file still holds what the change was made from."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from podium.content.proposed import proposed
from podium.content.resultfile import Changed, RoundText, save_round
from podium.core.errors import UserError
from podium.formats.registrations import with_player
from podium.rules.outcome import tidy
from podium.run.archive import load_archive, without_cycle_collection


@dataclass(frozen=True)
class Refused:
    """What `podium check` says of the content with the change made; nothing was written."""

    problems: list  # Problem: its Src and message
    text: str  # the round file as the change would have made it (the problems' lines are its lines)


def record_results(content: Path, path: Path, version: str,
                   results: Mapping[int, Mapping[str, object]]) -> RoundText | Changed | Refused:
    """Write ``results`` (pairing index → its keys) into the round file ``path``, made from its
    ``version``: saved, Changed (the file is not what the change was made from) or Refused."""
    return record(content, path, version, lambda read: read.with_results(results))


def record_round(content: Path, path: Path, version: str, drops: list[str] | None,
                 penalty: Mapping[str, object] | None) -> RoundText | Changed | Refused:
    """The round's withdrawals (every player who withdraws after it) and one more penalty."""
    return record(content, path, version, lambda read: read.with_round(drops, penalty))


def record_late_entry(content: Path, registrations: Path, version: str, entry: dict) -> RoundText | Changed | Refused:
    """One more player in the event's registrations.yaml (``joins:`` the round he plays first)."""
    return record(content, registrations, version, lambda read: with_player(read.text, entry, registrations))


def record(content: Path, path: Path, version: str, change: Callable[[RoundText], str]) -> RoundText | Changed | Refused:
    read = RoundText.read(path)
    if read.version != version:
        return Changed(read)
    try:
        text = change(read)
    except UserError as error:  # a layout the desk cannot write back unchanged
        return Refused(list(error.problems), read.text)
    try:
        with without_cycle_collection(), proposed(path, text):
            load_archive(content)
    except UserError as error:
        return Refused(list(error.problems), text)
    return save_round(path, version, text)


def commit_message(event, number: int, pairing, values: Mapping[str, object]) -> str:
    """What a saved result says in git's history: "Round 3, table 5: Anna Nowak 11 : 4 Jan Kowal"
    where the result is a score of two, else the names and what was entered."""
    names = {player: event.player(player).name for player in pairing.players}
    table = f"table {pairing.table}" if pairing.table else "a table"
    score = values.get("score")
    if isinstance(score, list) and len(score) == 2 == len(names) and all(isinstance(n, (int, float)) for n in score):
        first, second = names.values()
        said = f"{first} {tidy(score[0])} : {tidy(score[1])} {second}"
    else:
        entered = ", ".join(f"{key} {said_value(value, names)}" for key, value in values.items() if value is not None)
        said = f"{' v '.join(names.values())}: {entered or 'result removed'}"
    return f"Round {number}, {table}: {said}"


def said_value(value, names: dict) -> str:
    """A value of a result in words: players by name (``names``: id → name), numbers tidy, a
    list's items with " / ", a game's keys in brackets (the commit messages, the desk's reports)."""
    if isinstance(value, list):
        return " / ".join(said_value(item, names) for item in value)
    if isinstance(value, Mapping):
        return "(" + ", ".join(f"{key} {said_value(item, names)}" for key, item in value.items()) + ")"
    if value is True:
        return "yes"
    if isinstance(value, (int, float)):
        return str(tidy(value))
    return names.get(value, str(value))
