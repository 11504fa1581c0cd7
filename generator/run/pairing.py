"""The next round of an event drawn and written as its round file, never over one: `podium pair`,
and the results desk's "pair the next round"."""
from __future__ import annotations

from pathlib import Path

from podium.run.archive import load_event
from podium.content.editor import modeline
from podium.content.roundfile import render_round, round_file
from podium.core.writing import write_new_file
from podium.rules.engine import next_round


def pair(content: Path, event_name: str) -> Path:
    """Round n + 1 of the event drawn from its own files alone (``load_event``) and written."""
    result = load_event(content, event_name).result
    draft = next_round(result)
    path = round_file(result.event.folder, draft.number)
    write_new_file(path, render_round(draft, result, modeline(path, "round", content)))
    return path
