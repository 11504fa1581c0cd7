"""Replays kept between runs: an event is read and replayed again only when something it
depends on has changed.

An event's replay depends on its folder's files, the players' registry, the rulesets and the
engine itself, and on nothing else (no clock, no git, no other event). Its key is a hash of
exactly those (changes.py ``Inputs.event_key``): every file of the folder by its path and bytes,
players.yaml, the ruleset files, and every source file of the installed Podium (a new version
or a local edit of the code is a new key, so nothing is trusted across versions) with the
versions of the libraries it parses, pairs and renders with. The entry keeps what reading and
replaying the folder gave — the event, its result with its report, and the problems found —
pickled whole, and pickled apart as the outline a build holds of it (archive.py), so that each
is unpickled alone. Other answers that depend on exactly the same (verify's redraws) are kept
beside it under the same key (``Kept``); a build's record of what it was made from lives here
too (changes.py).

Where, and why there. A pickle runs code when it is read, and a repository is written by
whoever sends a pull request, so the cache lives outside it: in the user's cache folder
(``~/.cache/podium`` on Linux, as platformdirs names it on each system; ``PODIUM_CACHE_DIR``
moves it), one folder per content folder, named by a hash of its real path. Each entry is also
signed with a key made once per cache folder and readable by its owner alone (``key``, 0600),
and is unpickled only when its signature holds: a file put there by anyone without the key, or
copied from another machine, is worked out again, never run. A cache folder that git tracks (a
``PODIUM_CACHE_DIR`` inside a repository, committed) is refused with a sentence and not used.

One entry per event folder: an edited event replaces its entry; the entries of events that are
gone are removed. A cache that cannot be read or written is no error: the event is replayed. It
is safe to delete at any time and tagged as a cache for backup tools (CACHEDIR.TAG).
"""
from __future__ import annotations

import functools
import hashlib
import hmac
import os
import pickle
import secrets
import stat
import subprocess
import tempfile
from pathlib import Path

import click
import platformdirs

from podium.core.fileops import replace_file

FOLDER = ".podium-cache"  # where Podium 0.2 kept it, beside content/: never read now
EVENTS = "events"  # the replays
REDRAWS = "redraws"  # what pair would have drawn as each round (verify.py)
CHECK_NOTES = "check-notes"  # what check says of each event (check.py)
VERIFIED = "verified"  # what verify found in each event: nothing differed (verify.py)
ANSWERS = (REDRAWS, CHECK_NOTES, VERIFIED)  # kept beside an event's replay, under its key
CACHEDIR_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
                "# This folder is Podium's cache of event replays; see https://bford.info/cachedir/\n")
KEY = "key"  # the signing key, beside the content folders' caches
SIGNED = b"podium-signed-1\n"  # what an entry starts with, before its signature


def cache_root() -> Path:
    """The user's cache folder for Podium, outside every repository."""
    chosen = os.environ.get("PODIUM_CACHE_DIR")
    return Path(chosen).resolve() if chosen else Path(platformdirs.user_cache_dir("podium", appauthor=False))


def cache_folder(content: Path) -> Path:
    """The cache of one content folder: named by its real path, so each checkout has its own."""
    real = os.fsencode(os.path.realpath(content))
    return cache_root() / hashlib.sha256(real).hexdigest()[:20]


@functools.lru_cache(maxsize=8)
def signing_key(root: Path) -> bytes | None:
    """The key entries are signed with, made on first use (0600); None: no cache (a folder that
    cannot be written, a key readable by others, or a cache that git tracks)."""
    if tracked_by_git(root):
        click.echo(f"{root}: Podium's cache folder is tracked by git, and a committed cache could run code "
                   "when read: it is not used. Set PODIUM_CACHE_DIR to a folder outside every repository "
                   "(or unset it) and remove the folder from git", err=True)
        return None
    try:
        root.mkdir(parents=True, exist_ok=True)
        _tag(root)
    except OSError:
        return None
    return own_key(root / KEY)


def own_key(path: Path) -> bytes | None:
    """A secret of 32 bytes kept at ``path``, made on first use, readable by this user alone
    (0600); None where it cannot be made or read, or others may read it."""
    try:
        _make_key(path)
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(descriptor, "rb") as stream:  # the file checked is the file read: no link swapped in
            if not _private(os.fstat(stream.fileno())):
                return None
            key = stream.read(33)
    except OSError:
        return None
    return key if len(key) == 32 else None


def _make_key(path: Path) -> None:
    """A new key, written whole beside its place and linked in, so that a run killed half-way or
    another starting at the same moment never leaves a short one; an existing key is kept."""
    if os.path.lexists(path):
        return
    descriptor, tmp = tempfile.mkstemp(dir=path.parent, prefix=".key-")
    try:
        with os.fdopen(descriptor, "wb") as stream:  # mkstemp makes it 0600
            stream.write(secrets.token_bytes(32))
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another run made it first: its key stands
    finally:
        os.unlink(tmp)


def _private(info: os.stat_result) -> bool:
    """A regular file of this user's that no one else may read: what a key must be. Windows
    reports no such modes (its user folders' access rights keep the key): a regular file."""
    if os.name == "nt":
        return stat.S_ISREG(info.st_mode)
    return stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid() and not info.st_mode & 0o077


def tracked_by_git(folder: Path) -> bool:
    """Whether ``folder`` is inside a git work tree that tracks a file of it."""
    top = next((parent for parent in (folder, *folder.parents) if (parent / ".git").exists()), None)
    if top is None:
        return False
    try:
        listed = subprocess.run(["git", "-C", str(top), "ls-files", "--", str(folder)], capture_output=True,
                                timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False  # no git here: nothing can have been committed through it
    return bool(listed.stdout.strip())


def _tag(root: Path) -> None:
    tag = root / "CACHEDIR.TAG"
    if not tag.exists():
        tag.write_text(CACHEDIR_TAG, encoding="utf-8")


class Kept:
    """One kind of answer (``purpose``: an event's replay, its redraws, a build's record), one
    file a name (the event's id, the build's folder), each under the key it was worked out for."""

    def __init__(self, content: Path | None, purpose: str):
        """``content`` None: an answer about no content folder (Podium's compiled templates)."""
        self.folder = (cache_root() if content is None else cache_folder(content)) / purpose
        self.secret = signing_key(cache_root())

    def get(self, event_id: str, key: str | None):
        """The answer kept for ``event_id`` under ``key``; None if there is none (or no key),
        and None for an entry whose signature does not hold: it is never unpickled."""
        if key is None or self.secret is None:
            return None
        try:
            with open(self._entry(event_id), "rb") as stream:
                data = stream.read()
        except OSError:
            return None
        payload = verified(self.secret, data)
        if payload is None:  # missing, half-written by a killed run, or not made with this key
            return None
        try:
            kept_key, value = pickle.loads(payload)
        except Exception:  # signed by this user's Podium but from another Python or version
            return None
        return value if kept_key == key else None

    def put(self, event_id: str, key: str | None, value) -> bool:
        """Keep ``value`` for ``event_id`` under ``key``; whether it is kept."""
        if key is None or self.secret is None:
            return False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            replace_file(self._entry(event_id), signed(self.secret, entry(key, value)))
        except OSError:
            return False  # a read-only disk or a full one: the next run works it out again
        return True

    def forget(self, event_id: str) -> None:
        try:
            os.unlink(self._entry(event_id))
        except OSError:
            pass  # none to forget

    def keep_only(self, event_ids) -> None:
        """Remove the answers about events that are gone."""
        wanted = {self._entry(event_id).name for event_id in event_ids}
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            if name not in wanted and (name.endswith(".pickle") or ".pickle-" in name):  # or left half-written
                try:
                    os.unlink(self.folder / name)
                except OSError:
                    pass

    def _entry(self, event_id: str) -> Path:
        return self.folder / f"{event_id}.pickle"

def entry(key: str, value) -> bytes:
    """An answer and its key as kept on disk: pickled."""
    return pickled((key, value))


def signed(secret: bytes, payload: bytes) -> bytes:
    """``payload`` behind its signature (keyed BLAKE2b: an HMAC's guarantee at twice SHA-256's speed)."""
    return SIGNED + _mac(secret, payload) + payload


def verified(secret: bytes, data: bytes) -> bytes | None:
    """The payload of a ``signed`` entry; None unless it was signed with ``secret``."""
    mac_end = len(SIGNED) + 32
    if not data.startswith(SIGNED) or len(data) < mac_end:
        return None
    payload = data[mac_end:]
    return payload if hmac.compare_digest(data[len(SIGNED):mac_end], _mac(secret, payload)) else None


def _mac(secret: bytes, payload: bytes) -> bytes:
    return hashlib.blake2b(payload, key=secret, digest_size=32).digest()


def pickled(value) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


class ReplayCache(Kept):
    """The replays of the events of one content folder, each under its replay key (changes.py
    ``Inputs.event_key``: a hash of what the replay depends on)."""

    def __init__(self, content: Path):
        super().__init__(content, EVENTS)
        self.content = content

    def keep_only(self, event_ids) -> None:
        """Remove the replays of the events that are gone, and the answers kept beside them."""
        wanted = list(event_ids)
        super().keep_only(wanted)
        for purpose in ANSWERS:
            Kept(self.content, purpose).keep_only(wanted)

    def read(self, event_id: str, key: str | None, outline: bool = False) -> tuple | None:
        """The event's kept read (archive.py ``read_one``): its outline where asked and kept (an
        event with a report), else the whole read; None where none is kept under ``key`` or it is
        broken. An entry holds both, each pickled on its own: ``(outline or None, whole)``."""
        try:
            kept_outline, whole = self.get(event_id, key)
            return pickle.loads(kept_outline if outline and kept_outline is not None else whole)
        except Exception:  # none kept, half-written, or made by other code: read the event again
            return None
