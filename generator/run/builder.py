"""`podium build`: content → archive → pages → HTML (outputs.py). With nothing changed since the
last build into the folder, nothing at all (``LastBuild.unchanged``), which is why this module
imports the archive and the pages only when a build is needed; with only events changed and the
last site as it was written, the pages showing them, renamed in; otherwise a new site swapped in."""
from __future__ import annotations

from pathlib import Path

from podium.run import changes
from podium.site.write import is_podium_build, ready_output


def build_site(content: Path, out: Path, base_url: str | None = None) -> int:
    """Build the site into ``out``; returns the number of HTML pages. Raises UserError on bad
    content or an ``out`` that a build must not replace."""
    ready_output(out, content)
    inputs = changes.Inputs(content, options=f"base URL {base_url}")
    last = changes.LastBuild(content, out, is_podium_build(out))
    if (pages := last.unchanged(inputs)) is not None:
        return pages
    from podium.run import progress
    from podium.run.archive import load_archive, without_cycle_collection
    from podium.run.outputs import keep_templates_compiled, site_outputs, update_site, write_site
    from podium.site.render import check_theme

    with without_cycle_collection(), progress.shown():
        archive = load_archive(content, outlines=True, inputs=inputs)  # events' own pages take their whole reports from the cache
        keep_templates_compiled(archive.site)
        check_theme(archive.site)  # every theme template compiles, before a page is rendered
        made = changes.made_from(inputs, archive)
        last.start()
        outputs = site_outputs(archive, base_url)
        shown = last.in_place(made)
        if shown is not None:  # the last site as it was written, and only events changed
            update_site(outputs, out, shown, last.made.files)
            pages = outputs.page_count
        else:
            pages = write_site(outputs, out, last.reused(made))
        last.record(made, outputs.urls(), pages)
        return pages


