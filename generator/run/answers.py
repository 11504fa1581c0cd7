"""Answers worked out from each event's whole replay — what check says of an event, what verify
finds in it — kept in the cache under the event's replay key, as the replay itself is: with
nothing changed, a command reads the archive's outlines and these answers, never the events'
whole replays (on a ten-times archive, 1,200 of them: most of the time and 1.8 GB).

An event replayed by the run itself is answered right there, in the process that replayed it
(``Answering``, passed to ``load_archive``): its whole replay is not read back from the cache
(a tenth of a cold check of a ten-times archive)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from podium.run import progress
from podium.run.cache import Kept
from podium.run.parallel import PARALLEL_EVENTS, cores, map_in_order, worth_splitting


class Answering:
    """What a command asks of each event's whole replay: ``work(result, key, registry)`` →
    (answer, whether it may be kept), ``registry`` being players.yaml's players by id; kept
    under ``purpose`` (cache.py) and the event's replay key. ``doing``: what the progress bars
    say is done to each event ("re-drawn")."""

    def __init__(self, content: Path, purpose: str, work: Callable, doing: str):
        self.kept, self.work, self.doing = Kept(content, purpose), work, doing

    def answer(self, event_id: str, result, key: str, registry: dict):
        answer, keep = self.work(result, key, registry)
        if keep:
            self.kept.put(event_id, key, answer)
        return answer


def answers_by_event(archive, answering: Answering) -> dict:
    """Event id → its answer: kept (by the run that loaded ``archive`` with ``answering``, or an
    earlier one), or worked out on its whole replay, on every core when there are many, one
    event at a time in each; ``archive`` was loaded with its replays kept (``event_keys``)."""
    answers, todo = {}, []
    for event_id, key in archive.event_keys.items():
        found = answering.kept.get(event_id, key)
        if found is None:
            todo.append(event_id)
        else:
            answers[event_id] = found
    with progress.counting(f"events {answering.doing}", len(todo), "event") as tick:
        count = cores() if worth_splitting(len(todo), PARALLEL_EVENTS) else 1
        state = (archive, answering, {p.id: p for p in archive.site.registry}, tick)
        answers.update(zip(todo, map_in_order(_answer, state, todo, count, waiting=tick.refresh)))
    return answers


def _answer(state: tuple, event_id: str):
    archive, answering, registry, tick = state
    answer = answering.answer(event_id, archive.full_result(event_id), archive.event_keys[event_id], registry)
    tick()
    return answer
