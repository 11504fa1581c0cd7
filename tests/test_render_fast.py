"""Rendering at ten-times national scale (issue 19): what many pages or rows share is made once —
a QR code per URL, a sentence per language and message, a player's link per page depth — and
what a page needs only while it is rendered is not kept. The site stays byte for byte the same
(tests/test_parallel.py, tests/test_incremental.py and the build comparisons in bench/RESULTS.md)."""
from __future__ import annotations

import gc
import io
import os
import random
import string
import weakref
from pathlib import Path

import pytest
import segno
from markupsafe import Markup
from segno import encoder

from podium.site import qr
from podium.run.archive import load_archive
from podium.run.outputs import build_all
from podium.site.qr import qr_svg
from podium.site.render import Renderer, environment
from podium.site import urls
from podium.site.pages import Page, pages_of, site_items
from podium.core.fileops import replace_file

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def demo():
    return load_archive(ROOT / "content")


def test_a_rendered_page_keeps_no_context(demo):
    """Ten thousand contexts held to the end of a build were most of its memory."""
    pages = pages_of(site_items(demo))
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

    pages = [Page(p.url, p.template, p.title, holding(p.make)) for p in pages_of(site_items(demo))
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


def test_a_sentence_is_looked_up_once_per_language_and_message():
    """The same Markup object each time, and the catalog's translation, values still escaped."""
    polish, english = environment("pl").globals["_"], environment("en").globals["_"]
    assert polish("Rules") is polish("Rules") and polish("Rules") == "Zasady" and english("Rules") == "Rules"
    assert polish("Table %(table)s", table=3) == "Stół 3" and polish("Table %(table)s", table="<3>") == "Stół &lt;3&gt;"
    assert english("won by %(name)s", name=Markup("<b>Bo</b>")) == "won by <b>Bo</b>"  # Markup stays as it is


def test_a_players_link_is_made_once_for_all_pages_at_the_same_depth(demo):
    renderer = Renderer(demo.site, "")
    who = {"url": urls.player("p1"), "name": "Ada <Lovelace>"}
    round_3 = renderer.person_linker(urls.linker(urls.round_page("e1", 3)))
    round_4 = renderer.person_linker(urls.linker(urls.round_page("e2", 4)))
    home = renderer.person_linker(urls.linker(urls.home()))
    assert round_3(who) is round_4(who) == '<a href="../../../../players/p1/">Ada &lt;Lovelace&gt;</a>'
    assert home(who) == '<a href="players/p1/">Ada &lt;Lovelace&gt;</a>'


def test_standings_cells_are_formatted_as_the_language_writes_numbers():
    """One filter call a row gives every tie-break cell (a macro call a cell did before)."""
    cells = environment("pl").filters["tiebreaks"]
    columns = [{"key": "sos"}, {"key": "margin", "signed": True}, {"key": "rounds"}, {"key": "none", "signed": True},
               {"key": "omw", "percent": True}]
    columns = [{"signed": False, "percent": False} | column for column in columns]
    values = {"sos": 12.5, "margin": 3, "rounds": [3, 1.5, 0], "none": None, "omw": 0.708333}
    assert cells(values, columns) == ["12,5", "+3", "3·1,5·0", "", "70,83%"]


def test_a_qr_code_is_made_once_per_url(monkeypatch):
    """~2 ms a code; serve renders the same round pages again after each edit."""
    calls = []
    real = segno.make
    monkeypatch.setattr(qr.segno, "make", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    qr_svg.cache_clear()
    url = "https://example.org/club/events/e1/rounds/1/"
    first, second = qr_svg(url), qr_svg(url)
    assert first is second and 'class="qr"' in first and calls == [url]
    qr_svg("https://example.org/club/events/e1/rounds/2/")
    assert len(calls) == 2


def test_a_file_whose_bytes_are_unchanged_is_not_written_again(tmp_path):
    """serve writes again every page an edit may change; those it did not change keep their
    time (a browser's or a sync tool's copy stays valid), and a changed one is replaced."""
    path = tmp_path / "events" / "e1" / "index.html"
    replace_file(path, "<p>one</p>")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    replace_file(path, "<p>one</p>")
    assert path.stat().st_mtime_ns == 1_000_000_000
    replace_file(path, "<p>two</p>")
    assert path.read_text() == "<p>two</p>" and path.stat().st_mtime_ns != 1_000_000_000


def _segnos_svg(url: str) -> bytes:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=3, border=2, xmldecl=False, svgclass="qr", nl=False)
    return buffer.getvalue()


def test_the_quicker_mask_choice_draws_segnos_own_codes(monkeypatch):
    """Page addresses of every length a site has (a version 2 code to a version 15 one), and
    random ones: the same SVG, byte for byte, as segno's own mask choice draws."""
    rng = random.Random(19)
    letters = string.ascii_letters + string.digits + "/.-_~%"
    addresses = [f"https://example.org/club/events/event-{n:04d}/rounds/{r}/" for n in range(0, 400, 37)
                 for r in (1, 9)] + ["http://a.b/", "https://x.org/" + "p" * 400]
    addresses += ["https://" + "".join(rng.choice(letters) for _ in range(rng.randint(4, 250))) for _ in range(60)]
    monkeypatch.setattr(encoder, "find_and_apply_best_mask", qr._SEGNOS)
    segnos = [_segnos_svg(address) for address in addresses]
    monkeypatch.setattr(encoder, "find_and_apply_best_mask", qr.find_and_apply_best_mask)
    assert [_segnos_svg(address) for address in addresses] == segnos


def test_the_quicker_mask_choice_is_in_place_for_the_site_where_segno_is_a_version_it_was_checked_with():
    """Depends on the installed segno, and says so: the quicker choice replaces segno's own only
    in the versions qr.TESTED_WITH names (another version draws with segno's own, slower)."""
    import segno

    in_place = encoder.find_and_apply_best_mask is qr.find_and_apply_best_mask
    assert in_place == (segno.__version__ in qr.TESTED_WITH), segno.__version__


def test_a_list_of_people_is_written_by_one_filter_call_not_a_loop_a_row():
    """Issue 36: a player's page of ten seasons has some 200 game rows; a Jinja loop over each
    row's opponents (a loop object, ``loop.last`` looked up for every name) is one ``people``
    call now, and so are a pair's partners and a round's resting players (the bytes unchanged)."""
    from jinja2 import nodes

    from podium.core.folders import TEMPLATES_DIR

    env = environment("en")
    for name in ("player.html", "round.html"):
        tree = env.parse((TEMPLATES_DIR / name).read_text(encoding="utf-8"))
        looped = [node.iter for node in tree.find_all(nodes.For)]
        names = {getattr(node, "attr", getattr(node, "name", None)) for node in looped}
        assert not names & {"opponents", "partners", "resting"}, name
    # a sentence without values, the same for every event of a player, is translated once a page
    tree = env.parse((TEMPLATES_DIR / "player.html").read_text(encoding="utf-8"))
    in_loops = [call for loop in tree.find_all(nodes.For) for call in loop.find_all(nodes.Call)
                if isinstance(call.node, nodes.Name) and call.node.name == "_" and not call.kwargs]
    assert not in_loops, [call.args[0].value for call in in_loops]
    html = env.from_string("{{ people | people }}").render(
        people=[{"url": "players/a/", "name": "A & B"}, {"url": "players/c/", "name": "C"}],
        person=lambda who: Markup(f'<a href="{who["url"]}">{Markup.escape(who["name"])}</a>'))
    assert html == '<a href="players/a/">A &amp; B</a>, <a href="players/c/">C</a>'


def test_a_find_your_table_list_is_one_macro_call_and_a_themes_seat_line_still_works():
    """Issue 36: the round page's list by name called a macro for each of its 48 lines; one call
    writes the list now. A theme that imports the one-line macro of before gets the same line."""
    from jinja2 import nodes

    from podium.core.folders import TEMPLATES_DIR

    env = environment("en")
    for name in ("round.html", "event.html", "home.html"):
        tree = env.parse((TEMPLATES_DIR / name).read_text(encoding="utf-8"))
        calls = [call.node.name for loop in tree.find_all(nodes.For) for call in loop.find_all(nodes.Call)
                 if isinstance(call.node, nodes.Name)]
        assert "seat_line" not in calls and "seat_lines" not in calls, name
    x = {"person": {"url": "players/a/", "name": "Ann"}, "table": 3, "opponents": ["Bob"], "alone": None,
         "colour": None, "plays": None}
    person = lambda who: Markup(f'<a href="{who["url"]}">{who["name"]}</a>')  # noqa: E731
    one = env.from_string('{% from "macros.html" import seat_line with context %}{{ seat_line(x) }}')
    many = env.from_string('{% from "macros.html" import seat_lines with context %}{{ seat_lines([x]) }}')
    assert one.render(x=x, person=person) == many.render(x=x, person=person) == (
        '<li data-names data-table="3"><a href="players/a/">Ann</a> — table 3 v Bob</li>')
