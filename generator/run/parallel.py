"""Independent work split over the machine's cores with forked processes.

Reading events and rendering pages are independent item by item. Forked processes inherit
everything already loaded (the archive, the templates) without pickling it; only what a share
returns travels back, pickled. Where forking is not available the shares run one after another.
"""
from __future__ import annotations

import multiprocessing
import os


def cores() -> int:
    return min(os.cpu_count() or 1, 8)


PARALLEL_EVENTS = 16  # events to read or re-draw; below this, forking costs more than it saves


def worth_splitting(count: int, threshold: int) -> bool:
    """Whether ``count`` items are enough to pay for starting processes."""
    return count >= threshold and cores() > 1 and "fork" in multiprocessing.get_all_start_methods()


def run_shares(function, state, shares: list, all_forked: bool = False, waiting=lambda: None) -> list:
    """``function(state, share)`` for every share — the first in this process, each other one in
    a forked process — and the results in the order of the shares. ``all_forked``: where there
    are several shares, the first in a forked process too, so that what the work leaves behind
    (freed but scattered memory that Python does not give back) is not left in this process,
    which goes on to keep other things; ``waiting`` is called now and then meanwhile (a progress
    bar drawn by this process)."""
    if len(shares) < 2:
        return [function(state, share) for share in shares]
    global _job
    _job = (function, state)
    try:
        with multiprocessing.get_context("fork").Pool(len(shares) - (not all_forked)) as pool:
            if all_forked:
                done = pool.map_async(_run_share, shares)
                while True:
                    done.wait(WAITING_TICK)
                    waiting()  # once more after the last item, too
                    if done.ready():
                        return done.get()
            others = pool.map_async(_run_share, shares[1:])
            first = function(state, shares[0])
            return [first, *others.get()]
    finally:
        _job = None


_job = None


def map_in_order(function, state, items: list, count: int, **options) -> list:
    """``function(state, item)`` for every item, dealt in turn to ``count`` shares (``run_shares``,
    with its ``options``), and the answers in the order of ``items``."""
    shares = [items[start::count] for start in range(count)]
    answers: list = [None] * len(items)
    for start, share_answers in enumerate(run_shares(_each, (function, state), shares, **options)):
        answers[start::count] = share_answers
    return answers


def _each(job: tuple, share: list) -> list:
    function, state = job
    return [function(state, item) for item in share]


WAITING_TICK = 0.2  # seconds between two calls of ``waiting``


def _run_share(share):
    function, state = _job
    return function(state, share)
