"""The content folder's files as the reader meets them: refused when it is no content folder or a
link leads out of it, each YAML file loaded with its parse problem recorded (a file that must
not be empty says so), the visible files of a folder listed by their slug names."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from podium.core.errors import Problems, Src, UserError, fail
from podium.content.load import load_yaml
from podium.core.located import YMap
from podium.core.slug import is_slug, slugify


def refuse_no_content(root: Path) -> None:
    """Abort unless ``root`` is a content folder: one holding site.yaml."""
    if not root.is_dir():
        raise fail(Src(str(root)), "content folder not found; pass --content DIR or run from the folder holding content/, "
                                   "or start an archive here with: podium init")
    if not (root / "site.yaml").exists():  # not content at all: '--content /' would read the whole disk
        raise fail(Src(str(root / "site.yaml")), "site.yaml is missing; create it with at least 'title: My tournaments' "
                   "(or pass --content DIR naming the folder that holds it, or start an archive with: podium init)")


def refuse_escaping_links(root: Path, within: tuple[Path, ...] = (), below: bool = True) -> None:
    """Abort before reading anything if a symbolic link in the content points outside it:
    a published site must never pick up a file from elsewhere on the machine. An abort, not one
    problem among the others: every reader (round files, pages, the theme's copy, the replay
    keys' hashes) would have to skip the link, and one that did not could quote or publish the
    file it leads to. ``within``: only those files and folders, the folders leading to them and,
    where ``below``, all under them are looked at, for a command that reads no more of the
    content (one event's)."""
    problems = Problems()
    top = root.resolve()
    for path in _links_walked(root, within, below) if within else _links_below(root):
        if problem := _link_problem(path, top):
            problems.add(Src(str(path)), problem)
    problems.raise_if_any()


def _links_below(folder: Path) -> Iterator[Path]:
    """Every symbolic link under ``folder``, none followed, in the order os.walk meets them: a
    folder's subfolders and files, then each subfolder's. Each entry's type comes with its
    folder's listing, so a large archive costs a call to the system a folder, not a file."""
    try:
        with os.scandir(folder) as listing:
            entries = list(listing)
    except OSError:  # gone or unreadable: nothing under it is read either
        return
    folders = [entry for entry in entries if _is_folder(entry)]  # a link to a folder among them, as os.walk lists it
    others = [entry for entry in entries if not _is_folder(entry)]
    yield from (Path(entry.path) for entry in folders + others if entry.is_symlink())
    for entry in folders:
        if not entry.is_symlink():
            yield from _links_below(Path(entry.path))


def _is_folder(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()
    except OSError:  # a link that leads back to itself
        return False


def _links_walked(root: Path, within: tuple[Path, ...], below: bool) -> Iterator[Path]:
    """The symbolic links among ``within`` (inside ``root``) and the folders leading to each from
    ``root`` and, where ``below``, under each one that is no link itself (reported: nothing is
    listed through it)."""
    for start in within:
        leading = list(start.relative_to(root).parents)[:-1]  # 'events' for events/e1, without '.'
        yield from (path for path in (*(root / folder for folder in reversed(leading)), start) if path.is_symlink())
        if below and not start.is_symlink():
            yield from _links_below(start)


def _link_problem(path: Path, top: Path) -> str:
    """What is wrong with the symbolic link ``path`` in the content folder ``top`` (resolved); "" if nothing."""
    try:
        target = path.resolve(strict=False)
    except (RuntimeError, OSError):  # a loop of links
        return "is a symbolic link that leads back to itself; delete it"
    if not target.is_relative_to(top):
        return "is a symbolic link to a place outside the content folder; copy the file in instead"
    if target.is_dir() and path.parent.resolve().is_relative_to(target):
        return ("is a symbolic link to a folder that holds it, an endless loop for anything that follows it "
                "(serve's watcher did); delete it")
    if not target.exists() and not path.name.startswith("."):  # hidden: an editor's lock file
        return "is a symbolic link to nothing; delete it or point it at a file"
    return ""


UNREADABLE = YMap()  # what a file that failed to parse reads as: its keys are not asked for again
UNREADABLE.src, UNREADABLE.key_srcs = Src(""), {}


def load_or_unreadable(path: Path, problems: Problems):
    """The file's data, or UNREADABLE once its parse problem is recorded."""
    try:
        return load_yaml(path)
    except UserError as exc:
        problems.extend(exc)
        return UNREADABLE


def load_required(path: Path, problems: Problems, if_empty: str):
    """A file whose emptiness would silently lose data (every player, every result): an empty
    or comment-only file is a problem (``if_empty`` says what to write), not an empty list."""
    data = load_or_unreadable(path, problems)
    if data is None:
        problems.add(Src(str(path), 1), f"the file is empty or only comments; {if_empty}")
    return None if data is UNREADABLE else data


def _content_files(folder: Path, pattern: str) -> list[Path]:
    """The files of a content folder, without hidden ones: editors leave lock files (.#x.md,
    often a link to nowhere) and backups there while a file is open."""
    return sorted(path for path in folder.glob(pattern) if not path.name.startswith(".")) if folder.is_dir() else []


def slug_named_files(folder: Path, suffix: str, what: str, problems: Problems) -> Iterator[Path]:
    """The content files of ``folder`` ending in ``suffix`` whose name is a slug (it becomes an
    id and an address); one named otherwise is reported, with the name to give it, and skipped."""
    for path in _content_files(folder, f"*{suffix}"):
        if not is_slug(path.stem):
            problems.add(Src(str(path)), f"{what} file name '{path.stem}' is not a slug; rename it to "
                         f"'{slugify(path.stem)}{suffix}'")
            continue
        yield path
