"""The venue server's log: one line per kind of error a minute at the most, no traceback, with a
count of the others folded into it. A flood of phones once wrote a traceback for every refused
accept, tens of megabytes a minute; tornado's loggers and the event loop's errors are routed here.
"""
from __future__ import annotations

import asyncio
import logging
import sys
import time
from dataclasses import dataclass
from typing import Callable


LOG = logging.getLogger("podium.lan")
TORNADO_LOGGERS = ("tornado.access", "tornado.application", "tornado.general")
MINUTE = 60.0  # seconds: each kind of error is logged once in this at the most

@dataclass
class Folded:
    """The last line written of one kind, when, and the lines of that kind left out since."""
    since: float
    line: str
    left_out: int = 0


class OncePerMinute(logging.Handler):
    """Writes each record as one line, never with its traceback, and at most one line of each
    kind (``kind_of``) a minute: the others are counted, and the count is said with the next line
    of their kind, or by ``report_folded`` (which the server calls every minute) — "… (and 812
    more like it in the last minute)". A flood of phones so makes a few lines, not a traceback
    for each of them."""

    def __init__(self, write: Callable[[str], None] | None = None, clock: Callable[[], float] = time.monotonic):
        super().__init__(logging.WARNING)
        self._write = write or _to_stderr
        self._clock = clock
        self._kinds: dict[tuple, Folded] = {}

    def emit(self, record: logging.LogRecord) -> None:
        kind, line, now = kind_of(record), one_line(record), self._clock()
        last = self._kinds.get(kind)
        if last is None or now - last.since >= MINUTE:
            self._say(kind, line, last.left_out if last else 0, now)
        else:
            last.line = line
            last.left_out += 1

    def report_folded(self) -> None:
        """Say the count of the lines left out in a minute now over, where no line since has."""
        with self.lock:
            now = self._clock()
            for kind, last in list(self._kinds.items()):
                if last.left_out and now - last.since >= MINUTE:
                    self._say(kind, last.line, last.left_out - 1, now)  # the line said is one of them

    def _say(self, kind: tuple, line: str, others: int, now: float) -> None:
        self._write(f"{line} (and {others} more like it in the last minute)" if others else line)
        self._kinds[kind] = Folded(now, line)


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def kind_of(record: logging.LogRecord) -> tuple:
    """What makes two records the same kind: where they were logged, their message before the
    values put in it (one phone's address or another's), their exception's type and errno."""
    error = _error_of(record)
    return record.name, str(record.msg), type(error).__name__, getattr(error, "errno", None)


def one_line(record: logging.LogRecord) -> str:
    """The record's message and its exception, on one line (tornado adds the request's details
    on the lines below)."""
    line = _first_line(record.getMessage())
    error = _error_of(record)
    return f"{line} ({type(error).__name__}: {_first_line(str(error))})" if error is not None else line


def _error_of(record: logging.LogRecord) -> BaseException | None:
    return record.exc_info[1] if record.exc_info else None


def _first_line(text: str) -> str:
    return text.strip().split("\n", 1)[0]


def route_logs(handler: logging.Handler) -> Callable[[], None]:
    """Send tornado's logs, and the server's own, through ``handler`` alone (not on to the root
    logger, whose last resort prints each traceback whole); returns what undoes it."""
    loggers = [logging.getLogger(name) for name in (*TORNADO_LOGGERS, LOG.name)]
    for logger in loggers:
        logger.addHandler(handler)
        logger.propagate = False

    def undo() -> None:
        for logger in loggers:
            logger.removeHandler(handler)
            logger.propagate = True
    return undo


def log_loop_error(loop: asyncio.AbstractEventLoop, context: dict) -> None:
    """asyncio's report of an error in one of the loop's callbacks, which by default it prints
    with its traceback, each time: to the server's log instead."""
    LOG.error("error in the server's loop: %s", context.get("message"), exc_info=context.get("exception"))
