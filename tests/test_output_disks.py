"""An output folder that cannot take a site, and a disk that fills up: refused or finished with
a sentence, never a traceback, never a half-updated site; serve tries again and keeps serving
the last whole site meanwhile."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

import podium.run.outputs
import podium.core.fileops
import podium.run.rebuild
import podium.site.write
from podium.run.builder import build_site
from podium.core.errors import UserError
from podium.run.rebuild import Rebuilder
from podium.venue.serve import REBUILT, TRY_AGAIN, rebuild
from play import strength_results

FULL = "cannot be written: the disk is full (No space left on device); free some space and run it again (the last site is as it was)"


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _beside(root: Path) -> list[str]:
    """What a build left beside the site or inside it: temporary folders and files."""
    return sorted(p.name for p in root.iterdir() if p.name.startswith(".site-")) + \
        sorted(str(p) for p in (root / "site").rglob(".*") if p.name not in (".podium-build", ".nojekyll"))


def _disk_full_after(monkeypatch, module, writes: int) -> None:
    """``module.write_file`` writes ``writes`` files, then the disk is full."""
    real, done = module.write_file, []

    def filling(path, data):
        if len(done) >= writes:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        done.append(path)
        real(path, data)
    monkeypatch.setattr(module, "write_file", filling)


def test_an_out_that_is_a_mount_point_is_refused_before_anything_is_built(tree, cli, monkeypatch):
    tree.event("e1", 8)
    (tree.root / "public").mkdir()
    real = os.path.ismount
    monkeypatch.setattr(os.path, "ismount", lambda path: str(path).endswith("public") or real(path))
    result = cli("build", "--out", "public", expect=1)
    assert result.output == ("--out: public is a mount point (a disk of its own), which a build cannot replace "
                             "whole; name a folder inside it, such as --out public/site\n1 problem found.\n")
    assert list((tree.root / "public").iterdir()) == []


def test_a_site_the_system_will_not_swap_is_a_sentence_and_the_old_site_stays(tree, cli, monkeypatch):
    """A folder held by another program, or a mount point the check cannot see (EBUSY, EXDEV)."""
    tree.event("e1", 8)
    cli("build")
    before = _files(tree.root / "site")

    def busy(a, b):
        raise OSError(errno.EBUSY, os.strerror(errno.EBUSY), str(a), None, str(b))
    monkeypatch.setattr(podium.site.write, "exchange", busy)
    tree.write("site.yaml", {"title": "Club site", "language": "en"})  # every page changes: a new site to swap in
    result = cli("build", expect=1)
    assert result.output == ("--out: site cannot be replaced whole (Device or resource busy: a mount point, or a "
                             "folder another program holds); the last site is as it was; name a folder for the "
                             "site, such as --out site\n1 problem found.\n")
    assert _files(tree.root / "site") == before and _beside(tree.root) == []


def test_a_full_disk_during_a_build_is_a_sentence_and_the_old_site_stays(tree, cli, monkeypatch):
    """An event edited: its pages are staged beside the site, which stays as it was when one fails."""
    tree.event("e1", 8)
    cli("build", "--out", "site")
    before = _files(tree.root / "site")
    tree.event("e1", 8, name="Event one")
    _disk_full_after(monkeypatch, podium.run.outputs, 3)
    result = cli("build", "--out", "site", expect=1)
    assert result.output == f"--out: site {FULL}\n1 problem found.\n"
    assert _files(tree.root / "site") == before and _beside(tree.root) == []


def test_a_full_disk_during_serves_rebuild_changes_no_page_and_is_tried_again(tree, cli, monkeypatch, capsys):
    """Phones never read the new event page beside the old round page: the pages an edit
    touches are all written before any of them replaces the site's; serve tries again."""
    tree.event("e1", 8)
    tree.event("e2", 8)
    cli("pair", "e1")
    builder = Rebuilder(tree.content, tree.root / "site")
    assert rebuild(builder) == REBUILT
    before = _files(tree.root / "site")
    strength_results(tree, "e1", 1)
    with monkeypatch.context() as disk:
        _disk_full_after(disk, podium.run.outputs, 2)
        assert rebuild(builder) == TRY_AGAIN
    err = capsys.readouterr().err
    assert err == (f"--out: site {FULL}\n1 problem found.\nthe site was not rebuilt; the last whole site is still served, and Podium "
                   "tries again every 5 s\n")
    assert _files(tree.root / "site") == before and _beside(tree.root) == []
    assert rebuild(builder) == REBUILT  # space freed: the retry brings the site up to date
    build_site(tree.content, tree.root / "clean")
    assert _files(tree.root / "site") == _files(tree.root / "clean")


def test_a_file_written_in_place_leaves_no_temporary_file_when_the_disk_is_full(tmp_path, monkeypatch):
    path = tmp_path / "page.html"
    path.write_text("old", encoding="utf-8")

    def full(*args):  # the last write's blocks, reported when the file is completed
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(os, "chmod", full)
    with pytest.raises(OSError):
        podium.core.fileops.replace_file(path, "new " * 10000)
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html"] and path.read_text() == "old"


def test_serve_retries_on_its_own_after_a_full_disk(monkeypatch):
    """watch() rebuilds again RETRY_SECONDS after a TRY_AGAIN, with no edit in between, and
    then waits for an edit."""
    import podium.venue.serve as serve

    looks = iter([{"*": "edited"}] * 3)  # one edit, then three looks at the same files

    class Look:
        def __init__(self, content):
            try:
                self.groups = next(looks)
            except StopIteration:
                raise KeyboardInterrupt from None  # Ctrl+C
    results = iter([TRY_AGAIN, REBUILT])
    calls = []
    monkeypatch.setattr(serve, "Inputs", Look)
    monkeypatch.setattr(serve, "RETRY_SECONDS", 0)
    monkeypatch.setattr(serve, "WATCH_INTERVAL", 0)
    monkeypatch.setattr(serve, "rebuild", lambda builder, inputs: calls.append(1) or next(results))
    with pytest.raises(KeyboardInterrupt):
        serve.watch(type("Builder", (), {"content": Path(".")})(), type("Seen", (), {"groups": {"*": ""}})())
    assert len(calls) == 2  # the edit, then the retry after TRY_AGAIN; the third look: nothing to do


def test_a_build_in_place_is_done_though_the_old_site_cannot_be_deleted_at_once(tree, cli, monkeypatch):
    """The new site is in place when the process that deletes the old one cannot start (no
    process left to fork): the build succeeded, and the next run clears what is left."""
    tree.event("e1", 8)
    cli("build")

    def no_fork(build, files):
        raise OSError(errno.EAGAIN, os.strerror(errno.EAGAIN))
    monkeypatch.setattr(podium.site.write, "_discard_soon", no_fork)
    tree.event("e1", 8, name="Event one")
    cli("build")
    assert "Event one" in (tree.root / "site/events/e1/index.html").read_text(encoding="utf-8")


def test_a_second_rename_refused_puts_the_old_site_back_at_once(tree, cli, monkeypatch):
    """Where folders cannot be exchanged the old site is set aside first: when the new one then
    cannot be moved in, the old one goes back at once, not at the next run."""
    tree.event("e1", 8)
    cli("build")
    before = _files(tree.root / "site")
    monkeypatch.setattr(podium.site.write, "exchange", lambda a, b: False)
    real, renames = os.rename, []

    def second_refused(a, b):
        renames.append(a)
        if len(renames) == 2:
            raise OSError(errno.EBUSY, os.strerror(errno.EBUSY), str(a))
        real(a, b)
    monkeypatch.setattr(podium.site.write.os, "rename", second_refused)
    tree.write("site.yaml", {"title": "Club site", "language": "en"})  # every page changes: a new site to swap in
    cli("build", expect=1)
    monkeypatch.undo()
    assert _files(tree.root / "site") == before and _beside(tree.root) == []
