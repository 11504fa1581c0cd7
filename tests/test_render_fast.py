"""Rendering at ten-times national scale (issue 19): what many pages or rows share is made once —
a QR code per URL, a sentence per language and message, a player's link per page depth — and
what a page needs only while it is rendered is not kept. The site stays byte for byte the same
(tests/test_parallel.py, tests/test_incremental.py and the build comparisons in bench/RESULTS.md)."""
from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest

from podium.archive import load_archive
from podium.build import build_all
from podium.render import Renderer
from podium.site.pages import Page, site_pages

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def demo():
    return load_archive(ROOT / "content")


def test_a_rendered_page_keeps_no_context(demo):
    """Ten thousand contexts held to the end of a build were most of its memory."""
    pages, _ = site_pages(demo)
    page = next(p for p in pages if p.template == "round.html")
    html = Renderer(demo.site, "").render(page)
    assert "<article" in html and "context" not in vars(page)


def test_a_page_context_is_made_each_time_it_is_asked_for():
    made = []
    page = Page("x/index.html", "page.html", "X", lambda: made.append(1) or {"body": ""})
    assert page.context == page.context == {"body": ""} and len(made) == 2


class Held:
    """Something of a page's data, to see whether anything still holds it."""


def test_rendering_with_the_cycle_collector_off_leaves_no_page_data_behind(demo, tmp_path):
    """A build turns the collector off (it would rescan the archive again and again); Jinja's
    contexts, loops and macros make cycles, so without it each page's data stayed to the end of
    the build (60 MB for every thousand pages of a ten-times archive)."""
    held = []

    def holding(make):
        def made():
            data = Held()
            held.append(weakref.ref(data))
            return make() | {"data": data}
        return made

    pages = [Page(p.url, p.template, p.title, holding(p.make)) for p in site_pages(demo)[0]
             if p.template == "round.html"][:6]
    paths = [tmp_path / f"{n}.html" for n in range(len(pages))]
    enabled = gc.isenabled()
    gc.disable()
    try:
        build_all(pages, paths, Renderer(demo.site, ""))
        assert not gc.isenabled()  # as the build had it
        assert len(held) == 6 and all(ref() is None for ref in held)  # before the collector is back
    finally:
        if enabled:
            gc.enable()
    assert all("</html>" in path.read_text() for path in paths)
