"""Answers worked out from each event's whole replay — what check says of an event, what verify
finds in it — kept in the cache under the event's replay key, as the replay itself is: with
nothing changed, a command reads the archive's outlines and these answers, never the events'
whole replays (on a ten-times archive, 1,200 of them: most of the time and 1.8 GB)."""
from __future__ import annotations

from pathlib import Path

from podium.run import progress
from podium.run.cache import Kept
from podium.run.parallel import PARALLEL_EVENTS, cores, map_in_order, worth_splitting


def answers_by_event(content: Path, archive, purpose: str, work, doing: str) -> dict:
    """Event id → its answer: kept under ``purpose`` and the event's replay key, or ``work(result,
    key)`` → (answer, whether it may be kept) on its whole replay, on every core when there are
    many, one event at a time in each. ``doing``: what the progress bar counts ("events re-drawn");
    ``archive`` was loaded with its replays kept (``event_keys``)."""
    kept = Kept(content, purpose)
    kept.keep_only(archive.events)
    answers, todo = {}, []
    for event_id, key in archive.event_keys.items():
        found = kept.get(event_id, key)
        if found is None:
            todo.append(event_id)
        else:
            answers[event_id] = found
    with progress.counting(doing, len(todo), "event") as tick:
        count = cores() if worth_splitting(len(todo), PARALLEL_EVENTS) else 1
        state = (archive, kept, work, tick)
        answers.update(zip(todo, map_in_order(_answer, state, todo, count, waiting=tick.refresh)))
    return answers


def _answer(state: tuple, event_id: str):
    archive, kept, work, tick = state
    key = archive.event_keys[event_id]
    answer, keep = work(archive.full_result(event_id), key)
    if keep:
        kept.put(event_id, key, answer)
    tick()
    return answer
