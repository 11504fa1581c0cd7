"""Two kinds of error: a mistake the organizer can fix (UserError) and a bug (anything else).

A UserError carries every problem found, each as ``path:line: message``, so one run of
``podium check`` lists them all and the command exits 1 once, without a traceback.
"""
from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass
from typing import NamedTuple

import click


class Src(NamedTuple):
    """Where a value came from: a file and a 1-based line (0 when the whole file is meant).
    A named tuple: one is made for every YAML node, and a tuple is the cheapest to make."""

    path: str
    line: int = 0

    def __str__(self) -> str:
        return f"{display_path(self.path)}:{self.line}" if self.line else display_path(self.path)


def display_path(path: str) -> str:
    """Paths relative to the working folder read best in a terminal; fall back to absolute."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


@dataclass(frozen=True, order=True)
class Problem:
    src: Src
    message: str

    def __str__(self) -> str:
        return printable(f"{self.src}: {self.message}")


# Control characters, line and paragraph separators and bidirectional overrides: a message
# quotes names, keys and file names as written, and one of these would split it into lines
# that look like other problems, rewrite the terminal, or reverse the text shown.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """The text with every unprintable character shown as its escape (\\n, \\x1b, \\u202e)."""
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


class UserError(click.ClickException):
    """One or more problems in the organizer's content; exits 1 with one line per problem."""

    exit_code = 1

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def __reduce__(self):  # raised in a forked build process, it comes back pickled, problems and all
        return UserError, (self.problems,)

    def format_message(self) -> str:
        return self.message

    def show(self, file=None) -> None:
        click.echo(self.format_message(), err=True)
        n = len(self.problems)
        click.echo(f"{n} problem{'s' if n != 1 else ''} found.", err=True)


def fail(src: Src, message: str) -> UserError:
    """Build (not raise) a single-problem UserError: ``raise fail(src, "...")``."""
    return UserError(Problem(src, message))


class Problems:
    """Collects problems during validation, then aborts once with all of them."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, src: Src, message: str) -> None:
        self.items.append(Problem(src, message))

    def extend(self, error: UserError) -> None:
        self.items.extend(error.problems)

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise UserError(sorted(set(self.items), key=lambda p: (p.src.path, p.src.line, p.message)))


def suggest(word: str, valid) -> str:
    """" (did you mean 'swiss'?)" for a word close to one of ``valid``, else nothing."""
    close = difflib.get_close_matches(str(word), list(valid), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""
