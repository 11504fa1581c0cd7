"""Progress of the long steps of `podium build` and `podium check`, on a terminal only.

A command that shows its progress runs its steps within ``shown()``; each step counts its items
with ``counting()``. A step's bar appears once the command has run for a second — a quick
build prints nothing more than before — and only where someone watches: the bars go to standard
error when it is a terminal, and never in CI (the ``CI`` variable) or into a file or a pipe.
Each bar is wiped when its step ends, leaving the command's own summary.

tqdm draws the bars: it is small, has no dependencies of its own, and its ``delay`` holds a bar
back until the command has run long enough. The counts are kept in shared memory, as events
are replayed and pages written in forked processes too (generator/run/parallel.py); the bar is
redrawn by the process that started the step.
"""
from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import time
from typing import Callable, Iterator

from tqdm import tqdm

SHOWN_AFTER = 1.0  # seconds from the command's start


class _Bar(tqdm):
    monitor_interval = 0  # no monitoring thread: a build forks processes, which a thread does not survive


_command: tuple[float, object] | None = None  # (when bars may appear, the stream) within shown()


@contextlib.contextmanager
def shown(stream=None, after: float | None = None) -> Iterator[None]:
    """Within, the steps' bars appear on ``stream`` (standard error) once ``after`` seconds
    (``SHOWN_AFTER``) have gone by — when it is a terminal and this is not CI."""
    global _command
    stream = stream if stream is not None else sys.stderr
    outer = _command
    if outer is None and watched(stream):
        _command = (time.monotonic() + (SHOWN_AFTER if after is None else after), stream)
    try:
        yield
    finally:
        _command = outer


def watched(stream) -> bool:
    """Whether someone watches ``stream``: a terminal, outside CI."""
    isatty = getattr(stream, "isatty", None)
    return not os.environ.get("CI") and isatty is not None and isatty()


class _NotCounted:
    """A step nobody watches: counting does nothing."""

    def __call__(self) -> None:
        pass

    def refresh(self) -> None:
        pass


class _Count:
    """Items done in a step, in this process and the ones forked from it; calling it adds one."""

    def __init__(self, bar: tqdm):
        self.bar = bar
        self.shared = multiprocessing.Value("q", 0)  # inherited by the processes forked during the step
        self.starter = os.getpid()

    def __call__(self) -> None:
        with self.shared.get_lock():
            self.shared.value += 1
        self.refresh()

    def refresh(self) -> None:
        """Draw the count so far, in the process that started the step (which draws the bar);
        called by that process while only forked ones count."""
        if os.getpid() == self.starter:
            self.bar.update(self.shared.value - self.bar.n)

    @property
    def value(self) -> int:
        return self.shared.value


@contextlib.contextmanager
def counting(description: str, total: int, unit: str) -> Iterator:
    """A step of ``total`` items; yields the function to call after each item, in this process
    or in one forked from it. Outside ``shown()`` (or unwatched) it does nothing."""
    if _command is None or total == 0:
        yield _NotCounted()
        return
    appear_at, stream = _command
    bar = _Bar(total=total, desc=description, unit=f" {unit}", file=stream, leave=False,
               delay=max(0.0, appear_at - time.monotonic()))
    try:
        yield _Count(bar)
    finally:
        bar.close()


def counted(function: Callable, tick: Callable[[], None]) -> Callable:
    """``function``, calling ``tick`` after each call."""
    def call(*args):
        result = function(*args)
        tick()
        return result
    return call
