"""An event folder as git committed it: what `podium verify` re-draws a round from when its
results were corrected after the round was paired.

A round file carries the fingerprint of the results it was drawn from (``drawn_from:``). When
today's results differ, the versions of the event in the repository's history are read, newest
first, until one whose earlier rounds have that fingerprint: the round is re-drawn from those.
Only git's own commands are used, and nothing is written but a temporary folder.
"""
from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from podium.core.errors import Problems, Src, fail
from podium.core.model import Event

MOST_COMMITS = 200  # versions of one event looked at; a round is corrected within days, not years


class NotInGit(Exception):
    """The content is not in a git repository (or git is not installed): no history to read."""


@dataclass(frozen=True)
class Committed:
    commit: str  # the commit's short hash
    event: Event | None  # None: the event did not read at that commit


class EventHistory:
    """The committed versions of one event folder, newest first. Each is read from git once,
    when a search first reaches it, however many rounds of the event look for one (a result
    corrected in round 1 changes the fingerprint of every round after it)."""

    def __init__(self, folder: Path, registry: dict):
        self.folder, self.registry = Path(folder), registry
        self._read: list[Committed] = []  # the versions read so far, newest first (event None: it did not read)
        self._unread: list[str] | None = None  # the commits not read yet, newest first; None before the first search

    def find(self, wanted: Callable[[Event], bool]) -> Committed | None:
        """The newest committed version that ``wanted`` accepts; None if no commit has one.
        NotInGit where there is no history."""
        for committed in self._versions():
            if committed.event is not None and wanted(committed.event):
                return committed
        return None

    def versions(self):
        """The committed versions that read, newest first."""
        return (committed for committed in self._versions() if committed.event is not None)

    def _versions(self):
        if self._unread is None:
            self._top = _git(self.folder, "rev-parse", "--show-toplevel").strip()
            self._relative = self.folder.resolve().relative_to(Path(self._top).resolve()).as_posix()
            self._unread = _git(self._top, "log", f"--max-count={MOST_COMMITS}", "--format=%h", "--",
                                self._relative).split()
        yield from list(self._read)
        while self._unread:
            commit = self._unread.pop(0)
            self._read.append(Committed(commit, _event_at(self._top, commit, self._relative, self.registry)))
            yield self._read[-1]


def _event_at(top: str, commit: str, relative: str, registry: dict) -> Event | None:
    """The event folder as ``commit`` holds it, read as `podium check` reads it (None if it
    did not read then)."""
    from podium.content.validate import read_event  # the content's reader; the rules engine never imports it

    archive = subprocess.run(["git", "archive", "--format=tar", commit, relative], cwd=top, capture_output=True)
    if archive.returncode != 0:
        return None
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(folder, filter="data")  # regular files and folders only, inside the folder
        problems = Problems()
        event = read_event(Path(folder) / relative, problems, registry)
    return None if problems else event


def _git(where, *args) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=where, capture_output=True, text=True)
    except FileNotFoundError:  # git is not installed
        raise NotInGit() from None
    if done.returncode != 0:
        raise NotInGit()
    return done.stdout


def commit_file(path: Path, message: str) -> None:
    """Commit ``path`` alone with ``message`` (the results desk's --commit): whatever else the
    organizer has changed or staged stays as it was. Raises UserError where there is no git or
    no repository, or git refuses (no user name set, a hook)."""
    where = str(path.parent)
    try:
        done = subprocess.run(["git", "add", "--", path.name], cwd=where, capture_output=True, text=True)  # a new round's file
        if done.returncode == 0:
            done = subprocess.run(["git", "commit", "--quiet", "--only", "--message", message, "--", path.name],
                                  cwd=where, capture_output=True, text=True)
    except FileNotFoundError:
        raise fail(Src(str(path)), "was saved but not committed: git is not installed") from None
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise fail(Src(str(path)), f"was saved but not committed: git says {said[-1] if said else 'no'}; commit it by hand")


def check_repository(folder: Path, asked: Src = Src("--commit"), instead: str = "leave out --commit") -> None:
    """Refuse commits where ``folder`` is in no git repository, before anything is saved;
    ``asked``: where they were asked for (--commit, or site.yaml's desk: commit)."""
    try:
        _git(str(folder), "rev-parse", "--show-toplevel")
    except NotInGit:
        raise fail(asked, f"{folder} is not in a git repository (git init, or {instead})") from None
