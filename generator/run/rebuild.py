"""`podium serve`'s rebuilds: after an edit, only what depends on it is read, replayed and rendered.

The first build is a whole one. Afterwards what changed since the last good build is what a
build asks too (changes.py, every file by a hash of its bytes): when only event folders changed,
those events alone are read and replayed, and only the pages that show them are rendered again;
anything else rebuilds everything. The result is byte-identical to a whole build of the same
content; ``tests/test_incremental.py`` checks that edit by edit.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from podium.run.archive import Archive, load_archive, without_cycle_collection
from podium.run.outputs import keep_templates_compiled, site_outputs, update_site, write_site
from podium.run.changes import Inputs, Made, changed_events, made_from, shown_changed
from podium.site.render import check_theme
from podium.site.write import is_podium_build, ready_output


@dataclass
class Built:
    made: Made  # what the site was made from (its inputs' digests, players, seasons, ratings …)
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

    def rebuild(self, inputs: Inputs | None = None) -> Rebuild:
        """Bring ``out`` up to date with the content (``inputs``: its files as just read, by the
        watcher that saw them change); raises UserError (the site untouched) on bad content, or
        an ``out`` that is not Podium's to replace."""
        with without_cycle_collection():
            return self._rebuild(inputs or Inputs(self.content))

    def _rebuild(self, inputs: Inputs) -> Rebuild:
        ready_output(self.out, self.content)
        last = self.last if self.last is not None and is_podium_build(self.out) else None  # its site still there
        changed = changed_events(last and last.made.inputs, inputs.groups)
        if changed == set():
            return Rebuild(0, last.pages, whole=False)  # a save that changed nothing, a file touched
        if changed is None:
            return self._whole(inputs, load_archive(self.content, inputs=inputs))
        unchanged = {event_id: r for event_id, r in last.archive.events.items() if event_id not in changed}
        archive = load_archive(self.content, unchanged, inputs=inputs)
        made = made_from(inputs, archive)
        shown = shown_changed(last.made, made)
        if shown is None:  # a player's name, an event's season or date: every page may show it
            return self._whole(inputs, archive, made)
        return self._part(made, archive, shown)

    def _whole(self, inputs: Inputs, archive: Archive, made: Made | None = None) -> Rebuild:
        keep_templates_compiled(archive.site)
        check_theme(archive.site)  # an edit of events alone (``_part``) cannot change the theme
        outputs = site_outputs(archive)
        pages = write_site(outputs, self.out)
        self.last = Built(made or made_from(inputs, archive), archive, outputs.urls(), pages)
        return Rebuild(pages, pages, whole=True)

    def _part(self, made: Made, archive: Archive, shown: set) -> Rebuild:
        """Write the outputs that show something in ``shown`` in place (outputs.update_site)."""
        outputs = site_outputs(archive)
        written = update_site(outputs, self.out, shown, self.last.urls)
        self.last = Built(made, archive, outputs.urls(), outputs.page_count)
        return Rebuild(written, outputs.page_count, whole=False)
