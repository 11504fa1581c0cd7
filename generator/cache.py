"""Replays kept between runs: an event is read and replayed again only when something it
depends on has changed.

An event's replay depends on its folder's files, the players' registry, the rulesets and the
engine itself, and on nothing else (no clock, no git, no other event). Its cache key is a hash
of exactly those: every file of the folder by its path and bytes, players.yaml, the organizer's
ruleset files, and every source file of the installed Podium (a new version or a local edit of
the code is a new key, so nothing is trusted across versions) with the versions of the libraries
it parses, pairs and renders with. The entry keeps what reading and replaying the folder gave —
the event, its result with its report, and the problems found — pickled whole, and pickled apart
as the outline a build holds of it (archive.py), so that each is unpickled alone. Other answers
that depend on exactly the same (verify's redraws) are kept beside it under the same key
(``Kept``); a build's record of what it was made from lives here too (reuse.py).

The cache lives in ``.podium-cache/`` beside the content folder. It is safe to delete at any
time, ignores itself in git (its own ``.gitignore``) and is tagged as a cache for backup tools.
One entry per event folder: an edited event replaces its entry; the entries of events that are
gone are removed. A cache that cannot be read or written is no error: the event is replayed.

The entries are pickles, so the folder is trusted as the organizer's own, like Python's
``__pycache__``; it is never committed (its .gitignore) and never read from anywhere else.
"""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
from importlib import metadata
from pathlib import Path

import podium
from podium.ruleset_files import BUILTIN_DIR
from podium.fileops import replace_file

FOLDER = ".podium-cache"
EVENTS = "events"  # the replays
REDRAWS = "redraws"  # what pair would have drawn as each round (verify.py)
IGNORE_ALL = "# Podium's cache of event replays: safe to delete, never committed.\n*\n"
CACHEDIR_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
                "# This folder is Podium's cache of event replays; see https://bford.info/cachedir/\n")


def cache_folder(content: Path) -> Path:
    return content.resolve().parent / FOLDER


class Kept:
    """One kind of answer (``purpose``: an event's replay, its redraws, a build's record), one
    file a name (the event's id, the build's folder), each under the key it was worked out for."""

    def __init__(self, content: Path, purpose: str):
        self.folder = cache_folder(content) / purpose

    def get(self, event_id: str, key: str | None):
        """The answer kept for ``event_id`` under ``key``; None if there is none (or no key)."""
        if key is None:
            return None
        try:
            with open(self._entry(event_id), "rb") as stream:
                kept_key, value = pickle.load(stream)
        except Exception:  # missing, half-written by a killed run, from another Python: work it out
            return None
        return value if kept_key == key else None

    def put(self, event_id: str, key: str | None, value) -> bool:
        """Keep ``value`` for ``event_id`` under ``key``; whether it is kept."""
        if key is None:
            return False
        try:
            self._ready()
            replace_file(self._entry(event_id), entry(key, value))
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

    def _ready(self) -> None:
        if self.folder.is_dir():
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        top = self.folder.parent
        for name, text in ((".gitignore", IGNORE_ALL), ("CACHEDIR.TAG", CACHEDIR_TAG)):
            if not (top / name).exists():
                (top / name).write_text(text, encoding="utf-8")


def entry(key: str, value) -> bytes:
    """An answer and its key as kept on disk: pickled."""
    return pickled((key, value))


def pickled(value) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


class ReplayCache(Kept):
    """The replays of the events of one content folder, keyed by what each replay depends on."""

    def __init__(self, content: Path, ruleset_dirs: list[Path]):
        super().__init__(content, EVENTS)
        self.content, self.ruleset_dirs = content, ruleset_dirs

    @functools.cached_property
    def shared(self) -> str:
        """What every event's replay depends on; worked out when the first event is read (after
        the content folder is known to be one)."""
        shared = hashlib.sha256(engine_fingerprint().encode())
        shared.update(_file_digest(self.content / "players.yaml"))
        for folder in organizers_rulesets(self.ruleset_dirs):
            hash_tree(shared, folder)
        return shared.hexdigest()

    def read(self, event_id: str, key: str | None, outline: bool = False) -> tuple | None:
        """The event's kept read (archive.py ``read_one``): its outline where asked and kept (an
        event with a report), else the whole read; None where none is kept under ``key`` or it is
        broken. An entry holds both, each pickled on its own: ``(outline or None, whole)``."""
        try:
            kept_outline, whole = self.get(event_id, key)
            return pickle.loads(kept_outline if outline and kept_outline is not None else whole)
        except Exception:  # none kept, half-written, or made by other code: read the event again
            return None

    def key(self, event_folder: Path) -> str:
        digest = hashlib.sha256(self.shared.encode())
        digest.update(os.fsencode(str(event_folder)) + b"\0")  # problems name the folder's path
        hash_tree(digest, event_folder)
        return digest.hexdigest()


@functools.lru_cache(maxsize=1)
def engine_fingerprint() -> str:
    """A hash of every file of the installed Podium (code, catalogs, builtin rulesets), of the
    libraries it reads and renders with, and of the Python running it: an entry made by other
    code (a new version, a local edit, an upgraded library) or another pickle format is never read."""
    digest = hashlib.sha256(f"{podium.__version__} {sys.version}".encode())
    for library in LIBRARIES:
        try:
            digest.update(f"{library} {metadata.version(library)}\0".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{library} none\0".encode())
    hash_tree(digest, Path(podium.__file__).parent)
    hash_tree(digest, BUILTIN_DIR)
    return digest.hexdigest()


LIBRARIES = ("pyyaml", "pydantic", "rustworkx", "jinja2", "markupsafe", "markdown-it-py", "babel", "segno")


def hash_tree(digest, root: Path, skip: tuple[str, ...] = ()) -> None:
    """Every file under ``root`` by its path (relative) and bytes, in a fixed order; hidden files
    and folders are left out, as the content's reader leaves them out, and links to folders are
    not followed (no loops). ``skip``: folders right under ``root`` left out."""
    for folder, folders, files in os.walk(root):  # top-down, each level sorted below: a fixed order
        folders[:] = sorted(name for name in folders if not name.startswith(".") and name != "__pycache__"
                            and not (folder == str(root) and name in skip))
        for name in sorted(files):
            if name.startswith(".") or name.endswith(".pyc"):
                continue
            path = os.path.join(folder, name)
            digest.update(os.fsencode(os.path.relpath(path, root)) + b"\0")
            digest.update(_file_digest(Path(path)))


def _file_digest(path: Path) -> bytes:
    try:
        return hashlib.sha256(path.read_bytes()).digest()
    except OSError as exc:  # missing, a link to nothing, a loop: what the reader will report
        return f"unreadable {exc.errno}".encode()


def organizers_rulesets(ruleset_dirs: list[Path]) -> list[Path]:
    """The ruleset folders that are not Podium's own (those are part of the engine's fingerprint)."""
    return [folder for folder in ruleset_dirs if folder.resolve() != BUILTIN_DIR.resolve()]
