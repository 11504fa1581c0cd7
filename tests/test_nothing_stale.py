"""Nothing stale: a result once saved shows everywhere on the next build, whatever the disk's
timestamps, and a build that takes pages from its last site is byte for byte a clean build —
after any sequence of edits. build, serve, check and verify know what changed by one definition
(generator/content/files.py ``content_files`` and ``file_digest``): the files the reader reads, links
followed as it follows them, each known by its bytes."""
from __future__ import annotations

import datetime
import hashlib
import os
import random
import re
import shutil
from pathlib import Path

import pytest
import yaml

from podium.run.builder import build_site
from podium.content.files import content_files, file_digest
from podium.run.changes import Inputs
from podium.run.rebuild import Rebuilder
from conftest import nshex_player
from play import strength_results

EDIT_SEQUENCES = int(os.environ.get("PODIUM_EDIT_SEQUENCES", "1"))  # the full size: 50


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _played(tree, cli, event_id: str, rounds: int = 1) -> None:
    for number in range(1, rounds + 1):
        cli("pair", event_id)
        strength_results(tree, event_id, number)


def _swap_first_score(path: Path) -> None:
    """The first table's result entered the wrong way round: same length, other winner."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    first = next(p for p in data["pairings"] if "score" in p)
    first["score"] = list(reversed(first["score"]))
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_a_correction_in_a_linked_rounds_folder_shows_on_the_next_build(tree, cli):
    """rounds/ may be a link to another folder of the content (check reads through it): the
    cache's key reads through it too, so a correction there is never answered from the cache."""
    tree.event("e1", 8)
    _played(tree, cli, "e1")
    event = tree.content / "events/e1"
    os.rename(event / "rounds", tree.content / "e1-rounds")
    os.symlink("../../e1-rounds", event / "rounds")
    cli("check")
    before = cli("standings", "e1", "--json").output
    _swap_first_score(tree.content / "e1-rounds/1.yaml")
    after = cli("standings", "e1", "--json").output
    assert after != before
    cli("build")
    page = (tree.root / "site/events/e1/rounds/1/index.html").read_text(encoding="utf-8")
    assert cli("standings", "e1", "--json").output == after
    build_site(tree.content, tree.root / "clean")
    assert _files(tree.root / "site") == _files(tree.root / "clean") and page


def test_links_between_sibling_folders_are_walked_once(tree):
    """a/p and a/q lead to b, b/p and b/q back to a: followed blindly, each level doubles the
    walk until the system's limit of links in a path (millions of visits, a CI job that never
    ends). Each folder is read once."""
    tree.event("e1", 8)
    for here, there in (("a", "b"), ("b", "a")):
        (tree.content / here).mkdir(exist_ok=True)
        (tree.content / here / "notes.md").write_text(f"# {here}\n", encoding="utf-8")
        for name in ("p", "q"):
            os.symlink(f"../{there}", tree.content / here / name)
    files = [relative for relative, _ in content_files(tree.content)]
    assert sorted(name for name in files if name.endswith("notes.md")) == ["a/notes.md", "b/notes.md"]
    assert len(files) < 20


def test_serve_sees_a_same_length_correction_saved_within_the_same_timestamp(tree, cli):
    """A disk with 1-2 s timestamps: a correction of the same length saved within the same
    second keeps the file's size and modification time. serve knows files by their bytes."""
    tree.event("e1", 8)
    _played(tree, cli, "e1")
    tree.event("e2", 8)
    builder = Rebuilder(tree.content, tree.root / "site")
    builder.rebuild()
    path = tree.round_path("e1", 1)
    stat = path.stat()
    before = Inputs(tree.content).groups
    _swap_first_score(path)
    assert path.stat().st_size == stat.st_size
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # as the coarse disk left it
    assert Inputs(tree.content).groups != before
    assert builder.rebuild().pages > 0
    build_site(tree.content, tree.root / "clean")
    assert _files(tree.root / "site") == _files(tree.root / "clean")


def test_serve_reads_each_file_once_a_look_and_the_edited_event_once_more(tree, cli, monkeypatch):
    """Issue 31: serve's watcher and its rebuild each hashed every file (and the replay keys the
    event folders again). One ``Inputs`` now serves the look, the rebuild and the replay keys;
    only the edited event's files are read again, after its replay (did they change meanwhile?)."""
    import podium.run.changes as changes
    import podium.content.files as files

    tree.event("e1", 8)
    _played(tree, cli, "e1")
    tree.event("e2", 8)
    builder = Rebuilder(tree.content, tree.root / "site")
    builder.rebuild()
    _swap_first_score(tree.round_path("e1", 1))
    hashed = []
    real = files.file_digest

    def counted(path):
        hashed.append(os.path.relpath(path, tree.content))
        return real(path)
    monkeypatch.setattr(files, "file_digest", counted)
    monkeypatch.setattr(changes, "file_digest", counted)
    look = Inputs(tree.content)
    assert look.groups != builder.last.made.inputs  # the watcher sees the edit …
    assert not builder.rebuild(look).whole  # … and the rebuild takes the files as it read them
    twice = sorted({path for path in hashed if hashed.count(path) > 1})
    assert twice and all(path.startswith(os.path.join("events", "e1", "")) for path in twice), twice
    assert max(hashed.count(path) for path in hashed) == 2


def test_hashing_the_content_opens_no_file_object_and_knows_each_file_by_its_bytes(tree, monkeypatch):
    """Every build, check and save under serve hashes every file of the content: on a ten-times
    archive (8,400 files) open()'s buffered objects and os.path.relpath were two fifths of it.
    The files are read through their descriptors, and named as before."""
    import builtins
    import io

    tree.event("e1", 8)
    big = tree.content / "pages" / "big.md"
    big.parent.mkdir()
    big.write_bytes(b"# Big\r\n" + b"x" * (3 << 20))  # read in more than one piece; CR LF kept as it is
    listed = list(content_files(tree.content))
    assert ("pages/big.md", str(big)) in [(name.replace(os.sep, "/"), path) for name, path in listed]
    opened = []
    for module, name in ((builtins, "open"), (io, "open")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _real=real, **k: (opened.append(a[0]), _real(*a, **k))[1])
    groups = Inputs(tree.content).groups
    monkeypatch.undo()
    assert [path for path in opened if str(path).startswith(str(tree.content))] == []
    assert file_digest(big) == hashlib.sha256(big.read_bytes()).digest()
    assert groups == Inputs(tree.content).groups


def test_a_ruleset_of_podiums_own_edited_while_serving_is_read_anew(tree, cli, monkeypatch):
    """A ruleset of Podium's own (rulesets/ of a checkout) edited while serve runs: the replays
    kept under the engine's fingerprint, taken once a process, were reused, and the standings
    showed the old points. The replay key hashes every ruleset folder on each run."""
    import podium.core.folders as folders

    builtin = tree.root / "builtin"
    shutil.copytree(folders.BUILTIN_DIR, builtin)
    monkeypatch.setattr(folders, "BUILTIN_DIR", builtin)
    tree.event("e1", 8)
    _played(tree, cli, "e1")
    builder = Rebuilder(tree.content, tree.root / "site")
    builder.rebuild()
    before = (tree.root / "site/events/e1/index.html").read_bytes()
    ruleset = builtin / "neuroshima-hex-pl-2023.yaml"
    ruleset.write_text(ruleset.read_text(encoding="utf-8").replace("  win: 3\n", "  win: 5\n", 1), encoding="utf-8")
    assert builder.rebuild().whole
    build_site(tree.content, tree.root / "clean")
    assert _files(tree.root / "site") == _files(tree.root / "clean")
    assert (tree.root / "site/events/e1/index.html").read_bytes() != before  # 5 points a win now


def _three_seasons(tree, cli) -> None:
    """A season page lists the other seasons, newest first: it takes three to see their order."""
    for season in ("s1", "s2", "s3"):
        tree.write(f"seasons/{season}.yaml", {"name": f"Season {season}", "ruleset": "neuroshima-hex-pl-2023",
                                              "points": {1: 10, 2: 7, 3: 5}})
    for n, (event_id, day) in enumerate([("e1", datetime.date(2023, 3, 4)), ("e2", datetime.date(2023, 5, 6)),
                                         ("e3", datetime.date(2024, 2, 3))]):
        players = [nshex_player(i) for i in range(10 * n + 1, 10 * n + 9)]  # nobody in two: pages apart
        tree.event(event_id, players, season=f"s{n + 1}", date=day)
        _played(tree, cli, event_id)


def test_a_changed_event_date_reorders_every_season_page_as_a_clean_build_does(tree, cli):
    _three_seasons(tree, cli)
    cli("build")
    path = tree.content / "events/e3/event.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("2024-02-03", "2022-02-03"), encoding="utf-8")
    cli("build")
    build_site(tree.content, tree.root / "clean")
    assert _files(tree.root / "site") == _files(tree.root / "clean")


def _edits(tree, cli):
    """What an organizer does between two builds, each as (name, edit)."""
    def event_file(event_id):
        return tree.content / "events" / event_id / "event.yaml"

    def replace(path, old, new):
        text = path.read_text(encoding="utf-8")
        if old in text:
            path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def redate(path, rand):
        day = datetime.date(2023, 6, 1) + datetime.timedelta(days=rand.randint(-500, 500))
        path.write_text(re.sub(r"(?m)^date: .*$", f"date: {day}", path.read_text(encoding="utf-8")), encoding="utf-8")

    def reseason(path, rand):
        season = rand.choice(["s1", "s2", "s3"])
        path.write_text(re.sub(r"(?m)^season: .*$", f"season: {season}", path.read_text(encoding="utf-8")),
                        encoding="utf-8")

    def correct(event_id):
        rounds = sorted((tree.content / "events" / event_id / "rounds").glob("*.yaml"))
        if rounds:
            _swap_first_score(rounds[-1])

    return [
        ("a result corrected", lambda rand: correct(rand.choice(["e1", "e2", "e3"]))),
        ("a date moved", lambda rand: redate(event_file(rand.choice(["e1", "e2", "e3"])), rand)),
        ("an event moved to another season", lambda rand: reseason(event_file(rand.choice(["e1", "e2", "e3"])), rand)),
        ("a round paired and played", lambda rand: _played_next(tree, cli, rand.choice(["e1", "e2", "e3"]))),
        ("an event renamed", lambda rand: replace(event_file(rand.choice(["e1", "e2", "e3"])), "name: Event",
                                                  "name: Open")),
        ("a season's points changed", lambda rand: replace(tree.content / "seasons/s1.yaml", "1: 10", "1: 12")),
    ]


def _played_next(tree, cli, event_id):
    result = cli("pair", event_id, expect=None)
    if result.exit_code == 0:
        number = len(list((tree.content / "events" / event_id / "rounds").glob("*.yaml")))
        strength_results(tree, event_id, number)


@pytest.mark.parametrize("sequence", range(EDIT_SEQUENCES))
def test_after_any_sequence_of_edits_build_and_serve_give_the_clean_build(tree, cli, sequence):
    """Random sequences of the edits above (seasons and dates among them): after each, a build
    into the last site and serve's rebuild are each byte for byte a clean build."""
    rand = random.Random(sequence)
    _three_seasons(tree, cli)
    edits = _edits(tree, cli)
    builder = Rebuilder(tree.content, tree.root / "served")
    builder.rebuild()
    cli("build")
    done = []
    for _ in range(4):
        name, edit = rand.choice(edits)
        edit(rand)
        done.append(name)
        cli("check")
        cli("build")
        builder.rebuild()
        shutil.rmtree(tree.root / "clean", ignore_errors=True)
        build_site(tree.content, tree.root / "clean")
        clean = _files(tree.root / "clean")
        assert _files(tree.root / "site") == clean, f"build after {done} (sequence {sequence})"
        assert _files(tree.root / "served") == clean, f"serve after {done} (sequence {sequence})"
