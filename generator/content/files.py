"""The files a folder of the organizer's holds, as the content's reader sees them, and each file
known by what it holds: the one listing that every "has it changed?" reads (run/changes.py)."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from podium.content.proposed import proposed_text


def hash_files(digest, root: Path, skip: tuple[str, ...] = ()) -> None:
    """Every file under ``root`` (``content_files``) by its path (relative) and bytes, in a fixed
    order. ``skip``: folders right under ``root`` left out."""
    for relative, path in content_files(root, skip):
        digest.update(os.fsencode(relative) + b"\0")
        digest.update(file_digest(path))


def content_files(root: Path, skip: tuple[str, ...] = ()):
    """(path relative to ``root``, path) of every file under ``root`` as the content's reader
    sees it, in a fixed order: hidden files and folders left out, as the reader leaves them out,
    and links followed as it follows them (a rounds/ folder may be a link to another folder of
    the content), each folder once.
    What every "has it changed?" of build, serve, check and verify reads."""
    top, walked = str(root), set()
    start = len(os.path.join(top, ""))  # where a path below ``top`` begins (os.path.relpath costs a tenth of the walk)
    _first_time(top, walked)
    for folder, folders, files in os.walk(root, followlinks=True):  # top-down, each level sorted: a fixed order
        folders[:] = sorted(name for name in folders if not name.startswith(".") and name != "__pycache__"
                            and not (folder == top and name in skip)
                            and _first_time(os.path.join(folder, name), walked))
        for name in sorted(files):
            if name.startswith(".") or name.endswith(".pyc"):
                continue
            path = os.path.join(folder, name)
            yield path[start:], path


def _first_time(folder: str, walked: set) -> bool:
    """Whether the walk reaches this folder for the first time (by its device and inode): links
    between sibling folders (a → b, b → a) would otherwise make it branch until the system's
    limit of links in a path, millions of visits. A folder reached again is reached through a
    link, and its files were read the first time."""
    try:
        info = os.stat(folder)
    except OSError:
        return False  # a link to nothing, or a loop of links: check reports it
    seen = (info.st_dev, info.st_ino)
    if seen in walked:
        return False
    walked.add(seen)
    return True


def file_digest(path) -> bytes:
    """A file's identity: a hash of its bytes as read (never its size or modification time,
    which a disk with coarse timestamps, a copy or a checkout can leave as they were). A file
    under a proposed change (load.py ``proposed``) is known by the text it would hold."""
    if (text := proposed_text(path)) is not None:
        return hashlib.sha256(text.encode("utf-8")).digest()
    try:
        return hashlib.sha256(_bytes_of(path)).digest()
    except OSError as exc:  # missing, a link to nothing, a loop: what the reader will report
        return f"unreadable {exc.errno}".encode()


def _bytes_of(path) -> bytes:
    """The file's bytes, read without a buffered file object: hashing an archive's 10,000 small
    files, open()'s buffering and its terminal check cost as much as reading them."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))  # Windows would turn CR LF into LF
    try:
        chunks = []
        while chunk := os.read(descriptor, CHUNK):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(descriptor)


CHUNK = 1 << 20


