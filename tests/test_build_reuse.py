"""`podium build` takes from its last site the files no changed input shows (generator/run/changes.py):
they keep their inode (not written again), and the site is byte for byte a whole build's."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from podium.run.builder import build_site
from podium.run.cache import cache_folder

ROOT = Path(__file__).resolve().parent.parent
KRAKOW, GDANSK = "events/2023-04-krakow/index.html", "events/2023-06-gdansk/index.html"


def _inodes(site: Path) -> dict[str, int]:
    return {str(p.relative_to(site)): p.stat().st_ino for p in site.rglob("*") if p.is_file()}


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def demo(tmp_path):
    shutil.copytree(ROOT / "content", tmp_path / "content")
    build_site(tmp_path / "content", tmp_path / "site")
    return tmp_path


def _same_as_a_whole_build(root: Path) -> None:
    build_site(root / "content", root / "whole")
    assert _files(root / "site") == _files(root / "whole")


def test_an_event_edited_renders_its_pages_and_takes_the_others(demo):
    before = _inodes(demo / "site")
    path = demo / "content/events/2023-04-krakow/event.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Kraków", "Krakow", 1), encoding="utf-8")
    build_site(demo / "content", demo / "site")
    after = _inodes(demo / "site")
    assert after[GDANSK] == before[GDANSK]  # taken as it was
    assert after[KRAKOW] != before[KRAKOW]  # written again (a page whose bytes stayed the same is left as it is)
    assert sum(after[url] == before.get(url) for url in after) > len(after) / 2
    _same_as_a_whole_build(demo)


@pytest.mark.parametrize("change", ["site settings", "a file outside the events", "the record deleted", "another output"])
def test_anything_but_events_changed_renders_every_page(demo, change, monkeypatch):
    before = _inodes(demo / "site")
    if change == "site settings":
        path = demo / "content/site.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace("Demo content", "Content", 1), encoding="utf-8")
    elif change == "a file outside the events":
        theme = demo / "content/theme"
        theme.mkdir()
        (theme / "footer.html").write_text("<p>Club</p>\n", encoding="utf-8")
    elif change == "the record deleted":
        shutil.rmtree(cache_folder(demo / "content") / "builds")
    else:
        shutil.move(demo / "site", demo / "other")
        build_site(demo / "content", demo / "site")
        before = _inodes(demo / "site")
        build_site(demo / "content", demo / "other")  # its own record: still takes its pages
        assert _inodes(demo / "other")[GDANSK] != before[GDANSK]
        return
    build_site(demo / "content", demo / "site")
    after = _inodes(demo / "site")
    assert not any(after[url] == before.get(url) for url in after if url.endswith(".html"))
    _same_as_a_whole_build(demo)


def test_a_page_touched_in_the_site_is_rendered_again(demo):
    page = demo / "site" / GDANSK
    original = page.read_bytes()
    page.write_bytes(original.replace(b"</body>", b"<p>edited by hand</p></body>"))
    build_site(demo / "content", demo / "site")
    assert page.read_bytes() == original


def test_a_build_of_content_without_events_keeps_its_record_outside_the_repository(tree):
    build_site(tree.content, tree.root / "site")
    assert (cache_folder(tree.content) / "builds").is_dir()
    assert not cache_folder(tree.content).is_relative_to(tree.root)


def test_a_printed_report_is_rendered_again_only_when_the_invitations_naming_its_event_change(demo):
    """The printed report lists the season's invitations of its event: an edit of another event
    of the season renders it again only if it passes that invitation on (NS HEX 2023 §11.1)."""
    warszawa = "events/2023-08-warszawa/report/index.html"  # won by Wrocław's winner: its invitation passed down
    before = _inodes(demo / "site")
    path = demo / "content/events/2023-04-krakow/event.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Kraków", "Krakow", 1), encoding="utf-8")
    build_site(demo / "content", demo / "site")
    assert _inodes(demo / "site")[warszawa] == before[warszawa]
    (demo / "content/events/2023-05-wroclaw/rounds/6.yaml").unlink()  # Wrocław unfinished: no invitation of its own
    build_site(demo / "content", demo / "site")
    assert _inodes(demo / "site")[warszawa] != before[warszawa]
    assert "Marcin Michalski" in (demo / "site" / warszawa).read_text(encoding="utf-8")
    _same_as_a_whole_build(demo)


def test_a_build_with_nothing_changed_makes_no_new_folder_and_touches_nothing(demo):
    """Issue 36: the same inputs make the same bytes, so a build with nothing changed leaves the
    last site as it is — the same folder, every file untouched — and says the same page count
    (before, it made a new folder and linked all 277 files into it: 0.9 s of a national build)."""
    site = demo / "site"
    pages = build_site(demo / "content", site)
    before = {path: (path.stat().st_ino, path.stat().st_mtime_ns) for path in site.rglob("*")}
    folder = site.stat().st_ino
    assert build_site(demo / "content", site) == pages
    assert site.stat().st_ino == folder
    assert {path: (path.stat().st_ino, path.stat().st_mtime_ns) for path in site.rglob("*")} == before


def test_a_site_not_as_built_or_another_option_is_built_again(demo):
    """Each in turn: a page deleted, a page edited, a file added, another --base-url; each time
    the next build makes the site a whole build makes (one demo site, to keep the suite short)."""
    site, content = demo / "site", demo / "content"
    whole = _files(site)
    changes = [lambda: (site / KRAKOW).unlink(),
               lambda: (site / KRAKOW).write_text("<p>hand-edited</p>", encoding="utf-8"),
               lambda: (site / "stray.html").write_text("stray", encoding="utf-8")]
    for change in changes:
        change()
        build_site(content, site)
        assert _files(site) == whole
    build_site(content, site, "https://club.example.org/")
    build_site(content, demo / "whole", "https://club.example.org/")
    assert _files(site) == _files(demo / "whole") != whole


def test_an_event_edited_updates_the_site_in_its_own_folder(demo):
    """Issue 36: a site exactly as its last build wrote it takes an edit of an event in place —
    the pages showing it are written beside the site, then renamed over their old files — instead
    of a new folder with every other file linked into it (~2,450 folders made and ~2,000 links:
    0.5 s of a national build). The next build with nothing changed still does nothing."""
    site = demo / "site"
    folder = site.stat().st_ino
    before = {url: (site / url).stat() for url in (GDANSK, KRAKOW)}
    path = demo / "content/events/2023-04-krakow/event.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Kraków", "Krakow", 1), encoding="utf-8")
    build_site(demo / "content", site)
    assert site.stat().st_ino == folder
    gdansk, krakow = (site / GDANSK).stat(), (site / KRAKOW).stat()
    assert (gdansk.st_ino, gdansk.st_mtime_ns) == (before[GDANSK].st_ino, before[GDANSK].st_mtime_ns)
    assert krakow.st_ino != before[KRAKOW].st_ino and "Krakow" in (site / KRAKOW).read_text(encoding="utf-8")
    assert not [p for p in demo.iterdir() if p.name.startswith(".site-")]  # no staging folder left beside it
    _same_as_a_whole_build(demo)
    untouched = {path: path.stat().st_mtime_ns for path in site.rglob("*")}
    build_site(demo / "content", site)
    assert {path: path.stat().st_mtime_ns for path in site.rglob("*")} == untouched


def test_builds_help_says_when_it_writes_only_the_pages_that_changed(cli):
    """The help said --out was "replaced whole", which a build with only events changed no longer does."""
    said = " ".join(cli("build", "--help").output.split())
    assert "Podium replaces it whole, or, where only events changed since it built it, the pages that show them" in said
