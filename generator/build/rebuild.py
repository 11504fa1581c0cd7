"""`podium serve`'s rebuilds: after an edit, only what depends on it is read, replayed and rendered.

The first build is a whole one. Afterwards every file's content (a hash of its bytes, never its
modification time) is compared with the last good build's: when only files inside event folders changed, those events alone are
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

from podium.build.archive import Archive, load_archive, without_cycle_collection
from podium.build.builder import build_all, site_outputs, write_site
from podium.site.render import check_theme
from podium.site.render import TEMPLATES_DIR
from podium.content.rulesets import ruleset_dirs
from podium.build.cache import content_files, file_digest
from podium.build.changes import invitations_by_event, seasons_of, shown_by
from podium.site.pages import Page
from podium.core.fileops import remove_file, site_path, write_file
from podium.site.write import StagedFiles, is_podium_build, ready_output
from podium.core.writing import output_problem

EVERYTHING = "*"  # the stamp group of files outside event folders


@dataclass
class Built:
    stamps: dict[str, frozenset]  # event id (or EVERYTHING) → its files' (path, content hash)
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
        if archive.players != last.archive.players or seasons_of(archive) != seasons_of(last.archive):
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
        """Write the outputs that show something in ``shown`` into a staging folder, then move
        them in (StagedFiles: a full disk changes nothing); delete the files of pages that are gone."""
        outputs = site_outputs(archive)
        items = [item for item in outputs.built if item.shows is None or item.shows & shown]
        root = self.out.resolve()
        try:
            staged = StagedFiles(root)
        except OSError as exc:
            raise output_problem(self.out, exc) from None
        try:
            build_all(items, [staged.path(item.url) for item in items], outputs.renderer)
            for url, data in outputs.made.items():
                write_file(staged.path(url), data)
            staged.commit()
        except OSError as exc:  # a full disk: nothing of the site changed, or (renames) all of it
            staged.abort()
            raise output_problem(self.out, exc) from None
        except BaseException:
            staged.abort()
            raise
        urls = outputs.urls()
        for url in sorted(self.last.urls - urls):
            remove_file(site_path(root, url))
        self.last = Built(stamps, archive, urls, outputs.page_count)
        return Rebuild(sum(isinstance(item, Page) for item in items), outputs.page_count, whole=False)


def content_stamps(content: Path) -> dict[str, frozenset]:
    """Every input file's (path, hash of its bytes), grouped by event folder; files outside event
    folders — and the templates and rulesets — share one group. The files are those the cache's
    keys read (``content_files``: links followed as the reader follows them), and each is known by
    what it holds, not by its modification time: a correction saved within the second, on a disk
    with coarse timestamps, is a change like any other."""
    groups: dict[str, set] = {EVERYTHING: set()}
    events = os.path.join(str(content), "events") + os.sep
    for root in [content, TEMPLATES_DIR, *ruleset_dirs(content)]:
        for _, path in content_files(root):
            inside = path[len(events):] if path.startswith(events) else ""
            group = inside.split(os.sep, 1)[0] if os.sep in inside else EVERYTHING
            groups.setdefault(group, set()).add((path, file_digest(path)))
    return {group: frozenset(stamp) for group, stamp in groups.items()}
