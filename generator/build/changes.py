"""What a build can take from the last one: the pages that no changed input shows.

A build records what it was made from (``Made``): a hash of every input outside the event
folders, each event's replay key (generator/build/cache.py), the players and the seasons' events, each
player's rating history, the invitations naming each event, and the size and modification time
of every file it wrote. The next
build into the same folder compares: when only events changed, it renders the pages that show
them (``Page.shows``, as ``podium serve`` does) and links the others from the last site into
the new one — the same bytes, not written again. A file of the last site that was touched since
(its size or time differs) is rendered again. Anything else changed renders everything.

The record lives in the cache folder (one file per output folder) and is safe to delete.
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from podium.build.cache import Kept, engine_fingerprint, hash_tree, organizers_rulesets
from podium.site.render import TEMPLATES_DIR
from podium.content.rulesets import ruleset_dirs
from podium.site.pages import EVENT, INVITED, RATING
from podium.core.fileops import site_path

BUILDS = "builds"


@dataclass
class Made:
    inputs: str  # every input outside the event folders, the engine and the options
    events: dict[str, str]  # event id → its replay key
    players: str
    seasons: str  # which season each event counts for, and when it was played (seasons_of)
    ratings: dict[str, str]  # player id → a digest of his rating history
    invited: dict[str, str] = field(default_factory=dict)  # event id → a digest of the invitations naming it
    files: dict[str, tuple[int, int]] = field(default_factory=dict)  # url → (size, mtime ns) as written


def made_from(content: Path, archive, base_url: str | None) -> Made:
    digest = hashlib.sha256(f"{engine_fingerprint()}\0{base_url}\0".encode())
    hash_tree(digest, content, skip=("events",))
    for root in (TEMPLATES_DIR, *organizers_rulesets(ruleset_dirs(content))):
        hash_tree(digest, root)
    return Made(inputs=digest.hexdigest(), events=dict(archive.event_keys),
                players=_digest(sorted(archive.players.items())),
                seasons=_digest(seasons_of(archive)),
                ratings={player: _digest(points) for player, points in archive.ratings.items()},
                invited=invitations_by_event(archive))


def seasons_of(archive) -> list[tuple]:
    """Each event's season and date: a change to either can reorder what every season page
    lists (its events, and the other seasons by their dates), so it renders everything."""
    return sorted((event_id, r.event.season, r.event.date) for event_id, r in archive.events.items())


def shown_changed(last: Made | None, now: Made) -> set | None:
    """What the pages to render again show; None: every page (more than events changed)."""
    if last is None or (last.inputs, last.players, last.seasons) != (now.inputs, now.players, now.seasons):
        return None
    if last.events.keys() != now.events.keys() or None in now.events.values():
        return None
    changed = {event_id for event_id, key in now.events.items() if key != last.events[event_id]}
    return shown_by(changed, (last.ratings, now.ratings), (last.invited, now.invited))


def shown_by(changed_events: set, ratings: tuple[dict, dict], invited: tuple[dict, dict]) -> set:
    """``Page.shows`` keys of what changed: those events, the players whose ratings moved and the
    events whose invitations did (a correction in one qualifier can pass another's invitation
    on). ``ratings``, ``invited``: player → rating history and event → its invitations (or
    their digests), before and now."""
    return ({EVENT(event_id) for event_id in changed_events}
            | {RATING(player) for player in _moved(*ratings)} | {INVITED(event_id) for event_id in _moved(*invited)})


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


def reusable(item, shown: set, last: Made, old_site: Path) -> Path | None:
    """The last site's file of ``item`` if it can be taken as it is."""
    if item.shows is None or item.shows & shown or item.url not in last.files:
        return None
    path = site_path(old_site, item.url)
    try:
        stat = os.lstat(path)
    except OSError:
        return None
    return path if (stat.st_size, stat.st_mtime_ns) == last.files[item.url] else None


def record_files(made: Made, site: Path, urls) -> None:
    for url in urls:
        stat = os.lstat(site_path(site, url))
        made.files[url] = (stat.st_size, stat.st_mtime_ns)


def last_made(content: Path, out: Path) -> Made | None:
    """The record of the last build into ``out``; None: render everything."""
    made = Kept(content, BUILDS).get(_record(out), RECORD)
    return made if isinstance(made, Made) else None


def save_made(content: Path, out: Path, made: Made) -> None:
    Kept(content, BUILDS).put(_record(out), RECORD, made)


def forget_made(content: Path, out: Path) -> None:
    Kept(content, BUILDS).forget(_record(out))


RECORD = "made"  # the key of a record: what it was made from is in the record itself


def _record(out: Path) -> str:
    """A record's name: the output folder's, hashed (a build into another folder has its own)."""
    return hashlib.sha256(os.fsencode(str(out.resolve()))).hexdigest()[:16]


def _digest(value) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()
