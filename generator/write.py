"""⑥ Writing the site: into a temporary folder beside the output, then swapped in whole.

A build that fails leaves the previous site untouched; a build that succeeds takes its place in
one rename. Podium replaces nothing but its own earlier output: every build carries a
stamp file, and any other folder (the content, a repository, a home folder…) is refused, never
deleted. No path may be written twice or leave the output folder.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath

from generator.errors import Src, display_path, fail

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
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.tmp = Path(tempfile.mkdtemp(dir=self.out.parent, prefix=f".{self.out.name}-building-"))
        (self.tmp / STAMP).write_text(STAMP_TEXT, encoding="utf-8")
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
        """Swap the finished folder in place of the old site."""
        self._carry_over()
        old = None
        if self.out.exists():
            old = Path(tempfile.mkdtemp(dir=self.out.parent, prefix=f".{self.out.name}-old-"))
            os.rename(self.out, old / "site")
        os.rename(self.tmp, self.out)
        if old:
            shutil.rmtree(old)

    def abort(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)

    def _carry_over(self) -> None:
        for name in CARRIED_OVER:
            old = self.out / name
            if name not in self.written and old.is_file():
                shutil.copy2(old, self.tmp / name)


def is_podium_build(folder: Path) -> bool:
    return (folder / STAMP).is_file()


# ---------------------------------------------------------------- before a build

def ready_output(out: Path, content: Path) -> None:
    """Refuse (UserError) an ``out`` that a build must not replace."""
    refuse_unsafe_output(out, content)


def refuse_unsafe_output(out: Path, content: Path) -> None:
    """``out`` must be new, an empty folder or an earlier build of Podium's — never a file, a
    link, a git repository, a folder Podium reads, or one that holds the folder the user works in."""
    shown = display_path(str(out))
    problem = _not_a_folder(out) or _overlap(out.resolve(), content.resolve()) or _not_podiums(out)
    if problem:
        raise fail(Src("--out"), f"{shown} {problem}")


def _not_a_folder(out: Path) -> str | None:
    if out.is_symlink():
        return f"is a symbolic link (to {os.readlink(out)}), {REPLACED}; name the folder it points to, or a new one"
    if out.exists() and not out.is_dir():
        return "is a file, not a folder; name a folder for the site, such as --out site"
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


# ---------------------------------------------------------------- files

def write_file(path: Path, data: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)


def site_path(root: Path, url: str) -> Path:
    """The file of ``url`` under ``root``; a URL that would leave the folder is a bug, refused."""
    pure = PurePosixPath(url)
    if pure.is_absolute() or ".." in pure.parts or not pure.parts:
        raise ValueError(f"refusing to write outside the site: {url!r}")
    return root.joinpath(*pure.parts)


def replace_file(path: Path, data: str | bytes) -> None:
    """Write beside the file, then rename over it: a reader sees the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    with os.fdopen(fd, "wb") as stream:
        stream.write(data.encode("utf-8") if isinstance(data, str) else data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def remove_file(path: Path) -> None:
    """Delete the file of a page that is gone, and its folder when that is left empty."""
    path.unlink(missing_ok=True)
    try:
        path.parent.rmdir()
    except OSError:
        pass  # not empty
