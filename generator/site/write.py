"""⑥ Writing the site: into a temporary folder beside the output, then swapped in whole.

A build that fails leaves the previous site untouched; a build that succeeds takes its place in
one atomic exchange. Podium replaces nothing but its own earlier output: every build carries a
stamp file, and any other folder (the content, a repository, a home folder…) is refused, never
deleted. No path may be written twice or leave the output folder.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import IO

from podium.core.errors import Src, display_path, fail
from podium.core.writing import cannot_be_made
from podium.core.fileops import exchange, holds, move_into, site_path, umask, write_file

try:
    from fcntl import LOCK_EX, LOCK_NB, flock
except ImportError:  # Windows: no advisory locks; a folder still being written cannot be deleted there anyway
    flock = None

STAMP = ".podium-build"
STAMP_TEXT = ("This folder is a site built by Podium. Each build replaces it whole, so keep nothing of\n"
              "your own here: only a CNAME file (a GitHub Pages custom domain) is carried over.\n")
CARRIED_OVER = ("CNAME",)  # no content makes it, so the organizer adds it to the built site
REPLACED = "and a build replaces its output folder whole"


class SiteWriter:
    """A new site, written into a stamped temporary folder beside ``out`` and swapped in by
    ``commit``. ``out`` must have passed ``ready_output``."""

    def __init__(self, out: Path):
        self.out = out.resolve()
        self.tmp, self.lock = _building_folder(self.out)
        self.written: set[str] = {STAMP}

    def write(self, url: str, data: str | bytes) -> None:
        write_file(self.reserve(url), data)

    def reserve(self, url: str) -> Path:
        """The file for ``url`` inside the temporary folder, checked; written later by anyone."""
        return self._path(url)

    def _path(self, url: str) -> Path:
        if url in self.written:
            raise ValueError(f"two pages want the same path: {url!r}")
        self.written.add(url)
        return site_path(self.tmp, url)

    def commit(self) -> None:
        """Put the finished folder in place of the old site, in one step where the system can;
        where it cannot (OSError), the old site stays as it was and the new one is dropped."""
        try:
            try:
                self._carry_over()
                if not os.path.lexists(self.out):
                    os.rename(self.tmp, self.out)
                    return
                exchanged = exchange(self.tmp, self.out)
            except OSError:
                self.abort()  # nothing moved: the old site stays
                raise
            if exchanged:
                with contextlib.suppress(OSError):  # the new site is in place: the old one goes when it can
                    _discard_soon(self.tmp, len(self.written))
            else:
                self._swap_in_two_steps()
        finally:
            self._release()  # interrupted, what is left is a leftover for the next run to clear

    def abort(self) -> None:
        self._release()
        _discard(self.tmp)

    def _carry_over(self) -> None:
        for name in CARRIED_OVER:
            old = self.out / name
            if name not in self.written and old.is_file() and not old.is_symlink():  # a link may lead to a secret
                shutil.copy2(old, self.tmp / name)

    def _swap_in_two_steps(self) -> None:
        """Where folders cannot be exchanged, the old site is set aside first; a run killed
        between the two renames leaves no site, and the next run puts the old one back. A
        rename refused puts the old site back at once and drops the new one."""
        aside = Path(tempfile.mkdtemp(dir=self.out.parent, prefix=f".{self.out.name}-old-"))
        try:
            os.rename(self.out, aside / "site")
            try:
                os.rename(self.tmp, self.out)
            except OSError:
                os.rename(aside / "site", self.out)
                raise
        except OSError:
            aside.rmdir()
            self.abort()
            raise
        _discard(aside / "site")
        _clear(aside)

    def _release(self) -> None:
        if self.lock:
            self.lock.close()


class StagedFiles:
    """Files of a site changed in place (an edit of events: the pages that show them): each is
    written first into a stamped folder beside the site, and only when every one is written are
    they moved in, a rename each. A full disk fails before any file of the site changed, so phones
    never read a new event page beside an old round page. The staged files lie side by side,
    numbered: a folder made for each page's would cost more than writing it."""

    def __init__(self, out: Path):
        self.out = out.resolve()
        self.tmp, self.lock = _building_folder(self.out)
        self.targets: list[Path] = []  # the site's file of each staged one, in the order staged

    def path(self, url: str) -> Path:
        """The staged file for ``url``, written later by anyone (a URL that would leave the site
        is refused now, not at the move)."""
        self.targets.append(site_path(self.out, url))
        return self.tmp / f"{len(self.targets)}.staged"

    def write(self, url: str, data: str | bytes) -> None:
        """Stage ``data`` for ``url``, unless the site's file holds it already (the whole-site
        files, a stylesheet or the manifest, are the same after most edits)."""
        data = data.encode("utf-8") if isinstance(data, str) else data
        if not holds(site_path(self.out, url), data):
            write_file(self.path(url), data)

    def commit(self) -> None:
        """Move every staged file into the site (one holding the same bytes left as it is); the
        folders new pages need are made first: what a full disk refuses, it refuses before."""
        try:
            for folder in sorted({target.parent for target in self.targets}):
                if not folder.is_dir():
                    folder.mkdir(parents=True, exist_ok=True)
            for number, target in enumerate(self.targets, 1):
                move_into(self.tmp / f"{number}.staged", target)
        finally:
            self.abort()

    def abort(self) -> None:
        if self.lock:
            self.lock.close()
        _discard(self.tmp)


def _building_folder(out: Path) -> tuple[Path, IO | None]:
    """A new stamped folder beside ``out`` (on its disk, so that renames into it are atomic),
    held while it is written; killed runs' ones are cleared by ``remove_leftovers``."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}-building-"))
    os.chmod(tmp, 0o777 & ~umask())  # mkdtemp makes the folder private; a site is for all to read
    (tmp / STAMP).write_text(STAMP_TEXT, encoding="utf-8")
    return tmp, _hold(tmp / STAMP)


def _hold(stamp: Path) -> IO | None:
    """A lock on the stamp of a build under way, held until it is swapped in or dropped: another
    run clearing the leftovers of killed builds leaves this one alone. None without locks."""
    if not flock:
        return None
    held = open(stamp, "rb")
    flock(held, LOCK_EX)
    return held


def is_podium_build(folder: Path) -> bool:
    return (folder / STAMP).is_file()


# ---------------------------------------------------------------- before a build

def ready_output(out: Path, content: Path) -> None:
    """Refuse an ``out`` that a build must not replace (UserError); then put back a site that a
    killed run left aside, and clear the folders that killed runs left beside it."""
    refuse_unsafe_output(out, content)
    restore_set_aside_site(out)
    remove_leftovers(out)


def refuse_unsafe_output(out: Path, content: Path) -> None:
    """``out`` must be new, an empty folder or an earlier build of Podium's — never a file, a
    link, a git repository, a folder Podium reads, or one that holds the folder the user works in."""
    shown = display_path(str(out))
    problem = (cannot_be_made(out) or _not_a_folder(out) or _mount_point(out)
               or _overlap(out.resolve(), content.resolve()) or _not_podiums(out))
    if problem:
        raise fail(Src("--out"), f"{shown} {problem}")


def _not_a_folder(out: Path) -> str | None:
    if out.is_symlink():
        return f"is a symbolic link (to {os.readlink(out)}), {REPLACED}; name the folder it points to, or a new one"
    if out.exists() and not out.is_dir():
        return "is a file, not a folder; name a folder for the site, such as --out site"
    return None


def _mount_point(out: Path) -> str | None:
    """A build is swapped in by renaming its folder over the old one, and a mount point (a disk
    or volume of its own, as a container or a gh-pages worktree on another disk may be) cannot
    be renamed: the swap would fail after every page was rendered."""
    if out.is_dir() and os.path.ismount(out):
        return (f"is a mount point (a disk of its own), which a build cannot replace whole; name a folder inside it, "
                f"such as --out {display_path(str(out / 'site'))}")
    return None


def _overlap(out: Path, content: Path) -> str | None:
    """Replacing a folder deletes everything in it, and a site inside a folder Podium reads
    would be read back (and make `podium serve` rebuild for ever)."""
    own = "name a folder of its own, such as --out site"
    cwd = Path.cwd().resolve()
    if out == cwd or out in cwd.parents:
        return f"{'is' if out == cwd else 'holds'} the current folder, {REPLACED}; {own}"
    for what, folder in [("the content folder", content), ("the rulesets folder", content.parent / "rulesets")]:
        if out in folder.parents:
            return f"holds {what}, {REPLACED}; {own}"
        if out == folder or folder in out.parents:
            return f"is {'' if out == folder else 'inside '}{what}, which Podium reads; {own}"
    return None


def _not_podiums(out: Path) -> str | None:
    if os.path.lexists(out / ".git"):
        return f"is a git repository (it has .git), {REPLACED}; build into another folder, such as --out public, and copy the files in"
    if out.is_dir() and any(out.iterdir()) and not is_podium_build(out):
        return (f"holds files that Podium did not build (it has no {STAMP}), {REPLACED}; move them away or name "
                f"a new or empty folder (a site built before Podium stamped its builds has no {STAMP} either: "
                "delete it and build again)")
    return None


def restore_set_aside_site(out: Path) -> None:
    """A run killed between the two renames of ``_swap_in_two_steps`` left no site and the old
    one aside: put the newest such back — a stamped folder, never a link or a stranger's."""
    if os.path.lexists(out):
        return
    aside = [folder for folder in _leftovers(out, "old") if _is_real_build(folder / "site")]
    if aside:
        newest = max(aside, key=lambda folder: folder.stat().st_mtime_ns)
        os.rename(newest / "site", out)


def remove_leftovers(out: Path) -> None:
    """Delete what killed runs left beside ``out``: half-written builds, old sites set aside or
    half deleted. Only stamped ones that no running build holds, and empty ones: a folder with
    files and without the stamp is not Podium's to delete."""
    for folder in _leftovers(out, "building"):
        _clear(folder)
    for folder in _leftovers(out, "old"):
        _clear(folder / "site")
        _clear(folder)


def _is_real_build(folder: Path) -> bool:
    """A folder (not a link to one) holding Podium's stamp."""
    return not folder.is_symlink() and folder.is_dir() and is_podium_build(folder)


def _clear(folder: Path) -> None:
    if folder.is_symlink():
        return  # not Podium's: what it points to is never emptied
    if _abandoned(folder):
        _discard(folder)
    elif folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()  # killed before the stamp was written, or the old site already put back


def _discard(build: Path) -> None:
    """Delete a build, its stamp last: a run killed half way leaves what is left still marked as
    Podium's, for the next run to finish. What cannot be deleted now is tried again next run."""
    with contextlib.suppress(OSError):
        for entry in os.scandir(build):
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            elif entry.name != STAMP:
                os.unlink(entry.path)
        (build / STAMP).unlink(missing_ok=True)
        build.rmdir()


BACKGROUND_FROM = 2000  # files in the site: deleting a site's folders can take seconds


def _discard_soon(build: Path, files: int) -> None:
    """Delete the old site of a large build in a process of its own, so the command returns as
    soon as the new site is in place: removing ten thousand folders takes 5–16 s on a disk that
    frees (discards) each folder's blocks at once. The process is detached (nothing waits for
    it); if it is stopped, what is left is still stamped and the next run finishes it. A small
    site is deleted at once."""
    if files < BACKGROUND_FROM or not hasattr(os, "fork"):
        _discard(build)
        return
    child = os.fork()
    if child:
        os.waitpid(child, 0)  # the child only starts the deleting process and ends
        return
    try:  # the child: hold the old site's stamp (a run starting meanwhile leaves it alone), start
        # a process that nothing waits for and that keeps holding it, and end
        held = _hold(build / STAMP)
        if os.fork() == 0:
            os.setsid()
            _discard(build)
            if held:
                held.close()
    finally:
        os._exit(0)


def _leftovers(out: Path, kind: str) -> list[Path]:
    """Podium's own temporary folders for ``out`` (as SiteWriter names them); links and files
    that happen to match are not followed."""
    out = out.resolve()
    prefix = f".{out.name}-{kind}-"
    try:
        entries = list(os.scandir(out.parent))
    except FileNotFoundError:
        return []
    return [Path(entry.path) for entry in entries if entry.name.startswith(prefix) and entry.is_dir(follow_symlinks=False)]


def _abandoned(folder: Path) -> bool:
    """Whether ``folder`` is a Podium build that no running build holds."""
    try:
        with open(folder / STAMP, "rb") as stamp:
            if flock:
                flock(stamp, LOCK_EX | LOCK_NB)
    except OSError:
        return False  # no stamp, or another run is writing it right now
    return True
