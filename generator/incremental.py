"""`podium serve`'s rebuilds: after an edit, only what depends on it is read, replayed and rendered.

The first build is a whole one. Afterwards every file's modification time and size are compared
with the last good build's: when only files inside event folders changed, those events alone are
read and replayed, and only the pages that show them (``Page.shows``) are rendered again — the
event's pages, its season, its players' pages (and those whose ratings moved), the printed
reports whose invitations moved, the home page, sitemap and feed. Anything else
(site settings, players, seasons, pages, rulesets, templates, an event added or removed, a
player's name) rebuilds everything. The result is byte-identical to a whole build of the same
content; ``tests/test_incremental.py`` checks that edit by edit.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from podium.archive import Archive, load_archive, without_cycle_collection
from podium.build import build_all, site_outputs, write_site
from podium.render import check_theme
from podium.render import TEMPLATES_DIR
from podium.ruleset_files import ruleset_dirs
from podium.reuse import invitations_by_event, shown_by
from podium.site.pages import Page
from podium.fileops import remove_file, replace_file, site_path
from podium.write import is_podium_build, ready_output

EVERYTHING = "*"  # the stamp group of files outside event folders


@dataclass
class Built:
    stamps: dict[str, frozenset]  # event id (or EVERYTHING) → its files' (path, mtime, size)
    archive: Archive
    urls: set[str]
    pages: int  # HTML pages in the site


@dataclass
class Rebuild:
    pages: int  # HTML pages written
    total: int  # HTML pages in the site
    whole: bool


class Rebuilder:
    def __init__(self, content: Path, out: Path):
        self.content, self.out = content, out
        self.last: Built | None = None

    def rebuild(self) -> Rebuild:
        """Bring ``out`` up to date with the content; raises UserError (the site untouched) on bad
        content, or an ``out`` that is not Podium's to replace."""
        with without_cycle_collection():
            return self._rebuild()

    def _rebuild(self) -> Rebuild:
        ready_output(self.out, self.content)
        stamps = content_stamps(self.content)
        only_events = self._only_events_changed(stamps)
        if only_events and stamps == self.last.stamps:
            return Rebuild(0, self.last.pages, whole=False)  # a save that changed nothing, a file touched
        if not only_events:
            return self._whole(stamps, load_archive(self.content))
        last = self.last
        changed = {event_id for event_id, stamp in stamps.items() if stamp != last.stamps[event_id]}
        unchanged = {event_id: r for event_id, r in last.archive.events.items() if event_id not in changed}
        archive = load_archive(self.content, unchanged)
        if archive.players != last.archive.players or _seasons_of(archive) != _seasons_of(last.archive):
            return self._whole(stamps, archive)
        return self._part(stamps, archive, shown_by(changed, (last.archive.ratings, archive.ratings),
                                                    (invitations_by_event(last.archive), invitations_by_event(archive))))

    def _only_events_changed(self, stamps) -> bool:
        """Whether only event folders changed since the last build, whose site is still there
        (stamped) to take their pages in place."""
        last = self.last
        return (last is not None and is_podium_build(self.out)
                and stamps.keys() == last.stamps.keys() and stamps[EVERYTHING] == last.stamps[EVERYTHING])

    def _whole(self, stamps, archive: Archive) -> Rebuild:
        check_theme(archive.site)  # an edit of events alone (``_part``) cannot change the theme
        outputs = site_outputs(archive)
        pages = write_site(outputs, self.out)
        self.last = Built(stamps, archive, outputs.urls(), pages)
        return Rebuild(pages, pages, whole=True)

    def _part(self, stamps, archive: Archive, shown: set) -> Rebuild:
        """Write the outputs that show something in ``shown`` in place, one atomic file at a time;
        delete the files of pages that are gone."""
        outputs = site_outputs(archive)
        items = [item for item in outputs.built if item.shows is None or item.shows & shown]
        root = self.out.resolve()
        build_all(items, [site_path(root, item.url) for item in items], outputs.renderer, write=replace_file)
        for url, data in outputs.made.items():
            replace_file(site_path(root, url), data)
        urls = outputs.urls()
        for url in sorted(self.last.urls - urls):
            remove_file(site_path(root, url))
        self.last = Built(stamps, archive, urls, outputs.page_count)
        return Rebuild(sum(isinstance(item, Page) for item in items), outputs.page_count, whole=False)


def content_stamps(content: Path) -> dict[str, frozenset]:
    """Every input file's (path, modification time, size), grouped by event folder; files outside
    event folders — and the templates and rulesets — share one group. Hidden files and folders
    are left out, as the content's reader leaves them out."""
    groups: dict[str, set] = {EVERYTHING: set()}
    events = os.path.join(str(content), "events") + os.sep
    for root in [content, TEMPLATES_DIR, *ruleset_dirs(content)]:
        for folder, folders, files in os.walk(root):  # links to folders are not followed: no loops
            folders[:] = [name for name in folders if not name.startswith(".")]
            for name in files:
                if name.startswith("."):  # editors' lock files (often links to nowhere) and backups
                    continue
                path = os.path.join(folder, name)
                stat = _file_stat(path)
                if stat is None:
                    continue
                inside = path[len(events):] if path.startswith(events) else ""
                group = inside.split(os.sep, 1)[0] if os.sep in inside else EVERYTHING
                groups.setdefault(group, set()).add((path, stat.st_mtime_ns, stat.st_size))
    return {group: frozenset(stamp) for group, stamp in groups.items()}


def _file_stat(path: str) -> os.stat_result | None:
    """The file's stat; the link's own for a link to nothing or a loop of links, whose coming and
    going must still set off a rebuild (that reports it); None for a file gone since the listing."""
    try:
        return os.stat(path)
    except OSError:
        try:
            return os.lstat(path)
        except OSError:
            return None


def _seasons_of(archive: Archive) -> dict[str, str | None]:
    return {event_id: result.event.season for event_id, result in archive.events.items()}
