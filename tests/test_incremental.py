"""`podium serve` rebuilds only what an edit touches, and the result is byte for byte the site a
whole build of the same content gives — edit after edit, on a copy of the demo archive."""
from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path

import pytest

from podium.run.builder import build_site
from podium.core.errors import UserError
from podium.run.rebuild import Rebuilder

ROOT = Path(__file__).resolve().parent.parent


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _swap_first_score(path: Path) -> None:
    """Reverse the first two-number score of a round file (a result entered the wrong way round)."""
    text = path.read_text(encoding="utf-8")
    match = re.search(r"score: \[(\d+), (\d+)\]", text)
    assert match and match.group(1) != match.group(2)
    path.write_text(text[:match.start()] + f"score: [{match.group(2)}, {match.group(1)}]" + text[match.end():],
                    encoding="utf-8")


def _swap_first_game(path: Path) -> None:
    """Tantrix: the first game's scores swapped, which moves TP, standings and Elo ratings."""
    text = path.read_text(encoding="utf-8")
    match = re.search(r"- score:\n    - (\d+)\n    - (\d+)\n", text)
    assert match
    path.write_text(text[:match.start()] + f"- score:\n    - {match.group(2)}\n    - {match.group(1)}\n"
                    + text[match.end():], encoding="utf-8")


EVENTS = Path("events")
EDITS = [  # (what the organizer did, the edit, whether only part of the site should be rebuilt)
    ("the final's result corrected", lambda c: _swap_first_score(c / EVENTS / "2023-05-wroclaw/rounds/6.yaml"), True),
    ("a rated game corrected", lambda c: _swap_first_game(c / EVENTS / "2022-11-tantrix-liga/rounds/1.yaml"), True),
    ("a comment added", lambda c: _edit(c / EVENTS / "2023-06-gdansk/rounds/1.yaml", "round: 1", "round: 1  # checked"),
     True),
    ("the last round taken back", lambda c: (c / EVENTS / "2023-07-lodz/rounds/4.yaml").unlink(), True),
    # Wrocław unfinished: Warszawa's invitation, passed down as Wrocław's winner won both, goes to him now
    ("a qualifier left unfinished", lambda c: (c / EVENTS / "2023-05-wroclaw/rounds/6.yaml").unlink(), True),
    ("an event renamed", lambda c: _edit(c / EVENTS / "2023-04-krakow/event.yaml", "Kraków", "Krakow"), True),
    ("a player renamed", lambda c: _edit(c / EVENTS / "2023-09-carcassonne-brno/registrations.yaml",
                                         "- name: Jiří Dvořák\n", "- name: Jiří Dvořák ml.\n  id: jiri-dvorak\n"), False),
    ("the site renamed", lambda c: _edit(c / "site.yaml", "title: Podium", "title: Podium 2"), False),
    ("an event copied", lambda c: shutil.copytree(c / EVENTS / "2023-06-gdansk", c / EVENTS / "2023-06-gdansk-b"), False),
]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    root = tmp_path_factory.mktemp("served")
    shutil.copytree(ROOT / "content", root / "content")
    builder = Rebuilder(root / "content", root / "site")
    first = builder.rebuild()
    assert first.whole
    return root, builder


@pytest.mark.parametrize("what,edit,partial", EDITS, ids=[e[0] for e in EDITS])
def test_a_rebuild_after_an_edit_is_the_whole_build(served, what, edit, partial):
    root, builder = served
    edit(root / "content")
    done = builder.rebuild()
    assert done.whole is not partial
    if partial:
        assert done.pages < done.total / 2  # only what depends on the edit
    whole = root / "whole"
    shutil.rmtree(whole, ignore_errors=True)
    assert build_site(root / "content", whole) == done.total
    assert _files(root / "site") == _files(whole)


def test_a_broken_edit_leaves_the_site_and_the_next_good_edit_catches_up(tree):
    tree.event("e1", 8)
    tree.event("e2", 8)
    builder = Rebuilder(tree.content, tree.root / "site")
    builder.rebuild()
    before = _files(tree.root / "site")
    tree.write("events/e1/event.yaml", "name: [unclosed\n")
    with pytest.raises(UserError):
        builder.rebuild()
    assert _files(tree.root / "site") == before
    tree.event("e1", 8, name="Event one")
    assert not builder.rebuild().whole
    build_site(tree.content, tree.root / "whole")
    assert _files(tree.root / "site") == _files(tree.root / "whole")


def test_a_site_deleted_while_serving_is_built_whole_again(tree):
    tree.event("e1", 8)
    tree.event("e2", 8)
    builder = Rebuilder(tree.content, tree.root / "site")
    builder.rebuild()
    shutil.rmtree(tree.root / "site")
    tree.event("e1", 8, name="Event one")  # alone, written in place
    assert builder.rebuild().whole
    build_site(tree.content, tree.root / "whole")
    assert _files(tree.root / "site") == _files(tree.root / "whole")


def test_pages_written_in_place_get_ordinary_modes(tree):
    tree.event("e1", 8)
    tree.event("e2", 8)
    builder = Rebuilder(tree.content, tree.root / "site")
    builder.rebuild()
    tree.event("e1", 8, name="Event one")
    umask = os.umask(0o002)
    try:
        assert not builder.rebuild().whole
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tree.root / "site/events/e1/index.html").stat().st_mode) == 0o664


def test_a_rebuild_with_nothing_changed_writes_nothing(tree):
    tree.event("e1", 8)
    builder = Rebuilder(tree.content, tree.root / "site")
    first = builder.rebuild()
    written = {path: path.stat().st_mtime_ns for path in (tree.root / "site").rglob("*") if path.is_file()}
    again = builder.rebuild()
    assert (again.pages, again.total, again.whole) == (0, first.total, False)
    assert {path: path.stat().st_mtime_ns for path in written} == written
