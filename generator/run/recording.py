"""Results recorded into a round file from outside an editor (the results desk): the change is
read and checked by the one reader and the engine as `podium check` would (load.py ``proposed``:
the file reads as it would be, nothing written), and written only when the whole content is
sound and the file still holds what the change was made from."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from podium.content.load import proposed
from podium.content.resultfile import Changed, RoundText, save_round
from podium.core.errors import UserError
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
    read = RoundText.read(path)
    if read.version != version:
        return Changed(read)
    try:
        text = read.with_results(results)
    except UserError as error:  # a layout the desk cannot write back unchanged
        return Refused(list(error.problems), read.text)
    try:
        with without_cycle_collection(), proposed(path, text):
            load_archive(content)
    except UserError as error:
        return Refused(list(error.problems), text)
    return save_round(path, version, text)
