"""What changed since the last run: the one answer that build, serve, check and verify read.

A run reads the content folder, the organizer's rulesets, the templates and Podium itself.
``Inputs`` knows each of their files by a hash of its bytes (content/files.py: never a
modification time, which a coarse disk, a copy or a checkout can leave as it was), read once a
run and grouped as the site depends on them: each event folder apart, everything else together.
From it come:

- each event's replay key (``Inputs.event_key``): the hash of exactly what the event's replay
  depends on — its folder, the players' registry, the organizer's rulesets and the engine — under
  which check, build and serve find the replay kept (cache.py) and verify its redraws;
- what a build, or serve after an edit, must render again (``Made``, ``shown_changed``): when
  only event folders changed, the pages that show them (``Page.shows``) — the events' pages,
  their players' pages and those whose ratings moved, the printed reports whose invitations
  moved; anything else renders everything.

A build records what it was made from in the cache folder (one record per output folder, safe to
delete), with the size and modification time of every file it wrote. The next build into the
same folder, when only events changed and the site is exactly as that build wrote it, writes the
pages that show them in place (``LastBuild.in_place``); otherwise it makes a new site, taking
the last one's files that show nothing changed as they are (unless they were touched since).
Serve keeps its record in memory, edit after edit.
"""
from __future__ import annotations

import functools
import hashlib
import os
import sys
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

import podium
from podium.run.cache import Kept
from podium.content.files import content_files, file_digest, hash_files
from podium.core.fileops import site_path
from podium.site.write import CARRIED_OVER, STAMP
from podium.site.shows import EVENT, INVITED, PLACES, RATING
from podium.core.folders import TEMPLATES_DIR, ruleset_dirs

EVERYTHING = "*"  # the group of every input outside the event folders
BUILDS = "builds"  # the cache's folder of build records


class Inputs:
    """Every file a run of ``content`` reads, each by a hash of its bytes, read on first use (after
    the reader has checked that ``content`` is a content folder). ``options``: what else changes
    every page (a build's --base-url)."""

    def __init__(self, content: Path, options: str = ""):
        self.content, self.options = content, options

    @functools.cached_property
    def shared(self) -> str:
        """What every event's replay depends on besides its folder: the engine, the players'
        registry and the rulesets (Podium's own too: one edited while serve runs is read anew)."""
        digest = hashlib.sha256(engine_fingerprint().encode())
        digest.update(file_digest(self.content / "players.yaml"))
        for folder in ruleset_dirs(self.content):
            hash_files(digest, folder)
        return digest.hexdigest()

    @functools.cached_property
    def events(self) -> dict[str, list[tuple[str, bytes]]]:
        """Each event folder's files (its name → (path within it, hash)), each folder walked on
        its own as its reader walks it (a folder linked from two places is read twice)."""
        events = self.content / "events"
        names = sorted(name for name in _listed(events) if not name.startswith("."))
        return {name: _files(events / name) for name in names if (events / name).is_dir()}

    @functools.cached_property
    def groups(self) -> dict[str, str]:
        """A digest of each event folder's files (by the folder's name), and of everything else
        (EVERYTHING): what a rebuild compares with the last one's."""
        outside = hashlib.sha256(f"{self.shared}\0{self.options}\0".encode())
        hash_files(outside, self.content, skip=("events",))
        events = self.content / "events"
        for name in sorted(_listed(events)):  # a file of events/ that is no folder: the reader says so
            if not name.startswith(".") and name not in self.events:
                outside.update(os.fsencode(name) + b"\0" + file_digest(events / name))
        hash_files(outside, TEMPLATES_DIR)
        groups = {EVERYTHING: outside.hexdigest()}
        for name, files in self.events.items():
            groups[name] = _digest_of(files)
        return groups

    def event_key(self, folder: Path) -> str:
        """The replay key of an event folder of this content, from the hashes already read."""
        files = self.events.get(folder.name) if folder == self.content / "events" / folder.name else None
        return replay_key(self.shared, folder, _files(folder) if files is None else files)

    def fresh_event_key(self, folder: Path) -> str:
        """The replay key of ``folder`` as it is on disk now (after a replay: did it change meanwhile?)."""
        return replay_key(self.shared, folder, _files(folder))


def changed_events(last: dict[str, str] | None, now: dict[str, str]) -> set[str] | None:
    """The events whose folders changed between two ``Inputs.groups``; None where more than event
    folders changed (anything outside them, an event added or removed, or no last run)."""
    if last is None or last.keys() != now.keys() or last[EVERYTHING] != now[EVERYTHING]:
        return None
    return {name for name, digest in now.items() if digest != last[name]}


def replay_key(shared: str, folder: Path, files: list[tuple[str, bytes]]) -> str:
    digest = hashlib.sha256(shared.encode())
    digest.update(os.fsencode(str(folder)) + b"\0")  # problems name the folder's path
    for relative, file_hash in files:
        digest.update(os.fsencode(relative) + b"\0")
        digest.update(file_hash)
    return digest.hexdigest()


def _files(folder: Path) -> list[tuple[str, bytes]]:
    return [(relative, file_digest(path)) for relative, path in content_files(folder)]


def _listed(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:  # no events yet, or no folder: the reader says what is wrong
        return []


def _digest_of(files: list[tuple[str, bytes]]) -> str:
    digest = hashlib.sha256()
    for relative, file_hash in files:
        digest.update(os.fsencode(relative) + b"\0" + file_hash)
    return digest.hexdigest()


@functools.lru_cache(maxsize=1)
def engine_fingerprint() -> str:
    """A hash of every file of the installed Podium's package (code, catalogs), of the
    libraries it reads and renders with, and of the Python running it: an entry made by other
    code (a new version, a local edit, an upgraded library) or another pickle format is never read."""
    digest = hashlib.sha256(f"{podium.__version__} {sys.version}".encode())
    for library in LIBRARIES:
        try:
            digest.update(f"{library} {metadata.version(library)}\0".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{library} none\0".encode())
    hash_files(digest, Path(podium.__file__).parent)
    return digest.hexdigest()


LIBRARIES = ("pyyaml", "pydantic", "rustworkx", "jinja2", "markupsafe", "markdown-it-py", "babel", "segno")


@dataclass
class Made:
    """What a site was made from, and what it holds."""

    inputs: dict[str, str]  # Inputs.groups
    players: str
    seasons: str  # which season each event counts for, and when it was played (seasons_of)
    ratings: dict[str, str]  # player id → a digest of his rating history
    invited: dict[str, str] = field(default_factory=dict)  # event id → a digest of the invitations naming it
    places: dict[str, str] = field(default_factory=dict)  # player id → a digest of his season places and invitations
    files: dict[str, tuple[int, int]] = field(default_factory=dict)  # url → (size, mtime ns) as written
    pages: int | None = None  # the HTML pages of the site made


def made_from(inputs: Inputs, archive) -> Made:
    return Made(inputs=inputs.groups, players=_digest(sorted(archive.players.items())),
                seasons=_digest(seasons_of(archive)),
                ratings={player: _digest(points) for player, points in archive.ratings.items()},
                invited=invitations_by_event(archive), places=season_places_by_player(archive))


def seasons_of(archive) -> list[tuple]:
    """Each event's season and date: a change to either can reorder what every season page
    lists (its events, and the other seasons by their dates), so it renders everything."""
    return sorted((event_id, r.event.season, r.event.date) for event_id, r in archive.events.items())


def shown_changed(last: Made | None, now: Made) -> set | None:
    """What the pages to render again show; None: every page (more than events changed)."""
    changed = changed_events(last and last.inputs, now.inputs)
    if changed is None or (last.players, last.seasons) != (now.players, now.seasons):
        return None
    return shown_by(changed, (last.ratings, now.ratings), (last.invited, now.invited), (last.places, now.places))


def shown_by(changed_events: set, ratings: tuple[dict, dict], invited: tuple[dict, dict],
             places: tuple[dict, dict]) -> set:
    """``Page.shows`` keys of what changed: those events, the players whose ratings moved, the
    events whose invitations did (a correction in one qualifier can pass another's invitation
    on) and the players whose season places did (a result anywhere in the season can move them).
    ``ratings``, ``invited``, ``places``: player → rating history, event → its invitations,
    player → his places (or their digests), before and now."""
    return ({EVENT(event_id) for event_id in changed_events}
            | {RATING(player) for player in _moved(*ratings)} | {INVITED(event_id) for event_id in _moved(*invited)}
            | {PLACES(player) for player in _moved(*places)})


def _moved(before: dict, now: dict) -> set:
    return {name for name in set(before) | set(now) if before.get(name) != now.get(name)}


def invitations_by_event(archive) -> dict[str, str]:
    """Event id → a digest of the season's invitations that name it."""
    named: dict[str, list] = {}
    for season in archive.season_reports.values():
        for invitation in season.invitations:
            if invitation.event:
                named.setdefault(invitation.event, []).append(invitation)
    return {event_id: _digest(invitations) for event_id, invitations in named.items()}


def season_places_by_player(archive) -> dict[str, str]:
    """Player id → a digest of his place and points in each season's leaderboard and of his
    invitations (what his page's summary says)."""
    named: dict[str, list] = {}
    for season_id, season in sorted(archive.season_reports.items()):
        for row in season.leaderboard:
            named.setdefault(row.player, []).append((season_id, row.rank, row.points))
        for invitation in season.invitations:
            named.setdefault(invitation.player, []).append((season_id, "invited"))
    return {player: _digest(places) for player, places in named.items()}


class LastBuild:
    """The record of the last build into ``out`` (None before the first, or where ``out`` holds no
    build of Podium's), read once: whether the site is still exactly as that build wrote it
    answers both "is there anything to do?" and "can the site be updated in its own folder?".
    ``start`` takes it out of the cache as the build starts: a run killed from then on leaves no
    record to trust, and the next build renders everything."""

    def __init__(self, content: Path, out: Path, is_a_build: bool):
        self.kept, self.name, self.site = Kept(content, BUILDS), _record(out), out.resolve()
        made = self.kept.get(self.name, RECORD) if is_a_build else None
        self.made = made if isinstance(made, Made) else None

    @functools.cached_property
    def as_built(self) -> bool:
        return self.made is not None and site_as_built(self.site, self.made)

    def unchanged(self, inputs: Inputs) -> int | None:
        """The pages of the last build when it was made from the same inputs and the site holds
        exactly the files it wrote, as written: that build is the site this one would make (the
        same content makes the same bytes), so nothing is done — no folder made, no file
        touched. None: build."""
        made = self.made
        if made is None or made.pages is None or made.inputs != inputs.groups or not self.as_built:
            return None
        return made.pages

    def start(self) -> None:
        self.kept.forget(self.name)

    def reused(self, now: Made) -> Reused | None:
        """What the new site can take from the last one as it is; None: render every page."""
        shown = shown_changed(self.made, now)
        return None if shown is None else Reused(shown, self.made, self.site)

    def in_place(self, now: Made) -> set | None:
        """What the pages to write again show, when the last site can be updated in its own
        folder: it is exactly as that build wrote it and only events changed. None: a new site."""
        return shown_changed(self.made, now) if self.as_built else None

    def record(self, now: Made, urls, pages: int) -> None:
        """Keep what the new site was made from, with the size and time of each file as written."""
        for url in urls:
            stat = os.lstat(site_path(self.site, url))
            now.files[url] = (stat.st_size, stat.st_mtime_ns)
        now.pages = pages
        self.kept.put(self.name, RECORD, now)


def site_as_built(out: Path, made: Made) -> bool:
    """Whether ``out`` holds exactly the files ``made`` recorded, each as written (a CNAME the
    organizer added aside): nothing was added, removed or touched since."""
    try:
        found = dict(_files_as_they_are(str(out), ""))
    except OSError:
        return False
    found.pop(STAMP, None)
    for kept in CARRIED_OVER:  # a build carries a CNAME over as a file, never as a link
        if kept in found and (out / kept).is_symlink():
            return False
        found.pop(kept, None)
    return found == made.files


def _files_as_they_are(folder: str, prefix: str):
    """(url, (size, mtime ns)) of every file under ``folder``, links not followed."""
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                yield from _files_as_they_are(entry.path, f"{prefix}{entry.name}/")
            else:
                stat = entry.stat(follow_symlinks=False)
                yield f"{prefix}{entry.name}", (stat.st_size, stat.st_mtime_ns)


@dataclass
class Reused:
    """The last site's files a build takes as they are: those showing nothing ``shown``, and not
    touched since they were written."""

    shown: set
    last: Made
    site: Path

    def file_of(self, item) -> Path | None:
        """The last site's file of ``item`` if it can be taken as it is."""
        if item.shows is None or item.shows & self.shown or item.url not in self.last.files:
            return None
        path = site_path(self.site, item.url)
        try:
            stat = os.lstat(path)
        except OSError:
            return None
        return path if (stat.st_size, stat.st_mtime_ns) == self.last.files[item.url] else None


RECORD = "made"  # the key of a record: what it was made from is in the record itself


def _record(out: Path) -> str:
    """A record's name: the output folder's, hashed (a build into another folder has its own)."""
    return hashlib.sha256(os.fsencode(str(out.resolve()))).hexdigest()[:16]


def _digest(value) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()
