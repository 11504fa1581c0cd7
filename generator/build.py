"""`podium build`: content → archive → pages → HTML, written atomically."""
from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

from generator.archive import load_archive
from generator.i18n import Language
from generator.render import TEMPLATES_DIR, Renderer
from generator.site.feeds import atom_feed, sitemap
from generator.site.pages import site_pages
from generator.write import SiteWriter, write_file

STATIC_DIR = TEMPLATES_DIR / "static"


def build_site(content: Path, out: Path, base_url: str | None = None) -> int:
    """Build the site into ``out``; returns the number of HTML pages. Raises UserError on bad content."""
    archive = load_archive(content)
    site = archive.site
    base = (base_url if base_url is not None else site.base_url).rstrip("/")
    pages, files = site_pages(archive)
    renderer = Renderer(site.title, site.language, base, site.footer)
    writer = SiteWriter(out)
    try:
        render_pages(pages, [writer.reserve(page.url) for page in pages], renderer)
        for file in files:
            writer.write(file.url, file.text)
        for asset in sorted(STATIC_DIR.iterdir()):
            writer.write(f"static/{asset.name}", asset.read_bytes())
        writer.write(".nojekyll", "")
        writer.write("sitemap.xml", sitemap(pages, base))
        writer.write("feed.xml", atom_feed(archive, base, site.title, Language(site.language)))
    except BaseException:
        writer.abort()
        raise
    writer.commit()
    return len(pages)


PARALLEL_FROM = 300  # pages; below this, starting processes costs more than it saves


def render_pages(pages: list, paths: list[Path], renderer: Renderer) -> None:
    """Render every page to its file, on every core when the site is big (pages are independent;
    the output is the same whatever the number of processes)."""
    workers = min(os.cpu_count() or 1, 8)
    if workers < 2 or len(pages) < PARALLEL_FROM or "fork" not in multiprocessing.get_all_start_methods():
        _render_range(pages, paths, renderer, range(len(pages)))
        return
    global _job
    _job = (pages, paths, renderer)  # inherited by the forked workers, never pickled
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            pool.map(_render_slice, [(start, workers) for start in range(workers)])
    finally:
        _job = None


_job = None


def _render_slice(job: tuple[int, int]) -> None:
    pages, paths, renderer = _job
    start, step = job
    _render_range(pages, paths, renderer, range(start, len(pages), step))


def _render_range(pages, paths, renderer, indexes) -> None:
    for index in indexes:
        write_file(paths[index], renderer.render(pages[index]))
