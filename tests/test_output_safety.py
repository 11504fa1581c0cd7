"""`--out` is replaced whole, so a build refuses any folder that is not its own earlier output;
a swap killed half way is mended by the next run; the site's files get ordinary modes."""
from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from podium.site import write
from podium.run.builder import build_site
from podium.site.write import STAMP, SiteWriter, is_podium_build, ready_output

REPLACED = "and a build replaces its output folder whole"
OWN = "name a folder of its own, such as --out site"
FOREIGN = (f"holds files that Podium did not build (it has no .podium-build), {REPLACED}; move them away or name "
           "a new or empty folder (a site built before Podium stamped its builds has no .podium-build either: "
           "delete it and build again)")


def _files(folder: Path) -> dict[str, bytes | str]:
    """Every file, folder and link under ``folder``, links not followed."""
    found = {}
    for root, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(root) / name
            key = str(path.relative_to(folder))
            found[key] = (f"-> {os.readlink(path)}" if path.is_symlink() else "dir" if path.is_dir()
                          else path.read_bytes())
    return found


def _leftovers(tree) -> list[str]:
    return sorted(p.name for p in tree.root.iterdir() if p.name.startswith(".site-"))


@pytest.fixture
def club(tree):
    """A club's repository: its content, its git folder, its own rulesets folder."""
    tree.event("e1", 8)
    (tree.root / ".git").mkdir()
    (tree.root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets" / "README.txt").write_text("our house rules\n")
    return tree


def _foreign_folder(root: Path) -> str:
    (root / "home").mkdir()
    (root / "home" / "thesis.tex").write_text("years of work\n")
    return "home"


def _regular_file(root: Path) -> str:
    (root / "notes.txt").write_text("notes\n")
    return "notes.txt"


def _pages_worktree(root: Path) -> str:
    """A gh-pages worktree at site/: a .git file, the custom domain, a hand-made page."""
    (root / "site").mkdir()
    (root / "site" / ".git").write_text("gitdir: ../.git/worktrees/site\n")
    (root / "site" / "CNAME").write_text("results.example.org\n")
    (root / "site" / "index.html").write_text("<h1>Results</h1>\n")
    return "site"


def _linked_site(root: Path) -> str:
    (root / "built").mkdir()
    (root / "built" / STAMP).write_text("")
    (root / "site").symlink_to("built")
    return "site"


REFUSED = [  # (what --out names, how the folder is made, the message after "--out: ")
    ("the working folder", lambda root: ".", f". is the current folder, {REPLACED}; {OWN}"),
    ("its parent", lambda root: "..", f".. holds the current folder, {REPLACED}; {OWN}"),
    ("the content", lambda root: "content", f"content is the content folder, which Podium reads; {OWN}"),
    ("inside the content", lambda root: "content/events",
     f"content/events is inside the content folder, which Podium reads; {OWN}"),
    ("the rulesets", lambda root: "rulesets", f"rulesets is the rulesets folder, which Podium reads; {OWN}"),
    ("a home folder", _foreign_folder, f"home {FOREIGN}"),
    ("a regular file", _regular_file, "notes.txt is a file, not a folder; name a folder for the site, such as --out site"),
    ("a gh-pages worktree", _pages_worktree,
     f"site is a git repository (it has .git), {REPLACED}; build into another folder, such as --out public, "
     "and copy the files in"),
    ("a symbolic link", _linked_site, f"site is a symbolic link (to built), {REPLACED}; name the folder it points to, "
                                      "or a new one"),
]


@pytest.mark.parametrize("command", ["build", "serve"])
@pytest.mark.parametrize("what,make,message", REFUSED, ids=[r[0] for r in REFUSED])
def test_an_output_that_is_not_podiums_is_refused_and_left_as_it_was(club, cli, command, what, make, message):
    out = make(club.root)
    before = _files(club.root)
    result = cli(command, "--out", out, expect=1)
    assert result.output == f"--out: {message}\n1 problem found.\n"
    assert _files(club.root) == before


def test_an_empty_folder_is_built_into_and_stamped(club, cli):
    (club.root / "public").mkdir()
    cli("build", "--out", "public")
    assert (club.root / "public" / "index.html").is_file()
    assert "built by Podium" in (club.root / "public" / STAMP).read_text()
    cli("build", "--out", "public")  # its own build, replaced
    assert _leftovers(club) == []


def test_the_organizers_cname_is_carried_into_every_build(club, cli):
    cli("build")
    (club.root / "site" / "CNAME").write_text("results.example.org\n")
    cli("build")
    assert (club.root / "site" / "CNAME").read_text() == "results.example.org\n"
    assert (club.root / "site" / ".nojekyll").is_file()


def _rename_then_die(monkeypatch):
    """os.rename that is killed on its second call, as a power cut between the two renames would."""
    real, calls = os.rename, []

    def rename(source, target):
        calls.append(source)
        if len(calls) == 2:
            raise KeyboardInterrupt
        real(source, target)

    monkeypatch.setattr(os, "rename", rename)


def test_a_swap_killed_between_its_two_renames_is_mended_by_the_next_run(club, cli):
    cli("build")
    old = _files(club.root / "site")
    club.event("e1", 8, name="Renamed")
    with pytest.MonkeyPatch.context() as patch, pytest.raises(KeyboardInterrupt):
        patch.setattr(write, "exchange", lambda a, b: False)  # a system without renameat2
        _rename_then_die(patch)
        build_site(club.content, club.root / "site")
    assert not (club.root / "site").exists()
    ready_output(club.root / "site", club.content)
    assert _files(club.root / "site") == old and _leftovers(club) == []
    cli("build")
    assert "Renamed" in (club.root / "site" / "events/e1/index.html").read_text(encoding="utf-8")


def test_a_run_killed_after_the_exchange_leaves_the_new_site_and_the_next_clears_the_old(club, cli):
    cli("build")
    club.event("e1", 8, name="Renamed")

    def killed(folder):
        raise KeyboardInterrupt

    with pytest.MonkeyPatch.context() as patch, pytest.raises(KeyboardInterrupt):
        patch.setattr(write, "_discard", killed)  # killed just before the old site is deleted
        build_site(club.content, club.root / "site")
    assert "Renamed" in (club.root / "site" / "events/e1/index.html").read_text(encoding="utf-8")
    [old] = _leftovers(club)
    assert old.startswith(".site-building-") and "Renamed" not in (club.root / old / "events/e1/index.html").read_text()
    cli("build")
    assert _leftovers(club) == []


def test_only_leftovers_of_killed_podium_runs_are_cleared(club, cli):
    killed = club.root / ".site-building-killed"
    killed.mkdir()
    (killed / STAMP).write_text("")
    (killed / "index.html").write_text("half")
    (club.root / ".site-building-empty").mkdir()  # killed before the stamp was written
    stranger = club.root / ".site-building-notours"
    stranger.mkdir()
    (stranger / "keep.txt").write_text("keep")
    (club.root / ".site-old-file").write_text("a file, not a folder")
    running = SiteWriter(club.root / "site")  # another run, still writing
    try:
        cli("build")
        assert _leftovers(club) == sorted([".site-building-notours", ".site-old-file", running.tmp.name])
        assert (running.tmp / STAMP).is_file()
    finally:
        running.abort()


def test_the_site_gets_ordinary_modes(club, cli):
    umask = os.umask(0o002)
    try:
        cli("build")
    finally:
        os.umask(umask)
    site = club.root / "site"
    for folder in [site, site / "events", site / "events/e1"]:
        assert stat.S_IMODE(folder.stat().st_mode) == 0o775, folder
    for file in [site / "index.html", site / STAMP, site / "events/e1/index.html"]:
        assert stat.S_IMODE(file.stat().st_mode) == 0o664, file


def test_a_set_aside_site_that_is_a_link_is_never_followed(club, cli):
    """A committed '.site-old-x/site' link to a folder elsewhere is not a site set aside: the build
    neither moves it in nor empties the folder it points to."""
    victim = club.root / "elsewhere"
    victim.mkdir()
    (victim / "keep.txt").write_text("keep")
    (club.root / ".site-old-zz").mkdir()
    (club.root / ".site-old-zz" / "site").symlink_to(victim)
    cli("build")
    assert (victim / "keep.txt").read_text() == "keep" and sorted(os.listdir(victim)) == ["keep.txt"]
    assert not (club.root / "site").is_symlink() and (club.root / "site" / STAMP).is_file()
    assert (club.root / ".site-old-zz" / "site").is_symlink()


def test_a_set_aside_folder_without_the_stamp_is_left_alone(club, cli):
    aside = club.root / ".site-old-x" / "site"
    aside.mkdir(parents=True)
    (aside / "thesis.tex").write_text("years of work\n")
    cli("build")
    assert (aside / "thesis.tex").read_text() == "years of work\n"
    assert (club.root / "site" / STAMP).is_file() and not (club.root / "site" / "thesis.tex").exists()


def test_a_cname_that_is_a_link_is_not_carried_over(club, cli):
    secret = club.root / "secret.txt"
    secret.write_text("password\n")
    cli("build")
    (club.root / "site" / "CNAME").symlink_to(secret)
    cli("build")
    assert not os.path.lexists(club.root / "site" / "CNAME")


@pytest.mark.parametrize("out, message", [
    ("notes.txt/site", "notes.txt/site cannot be made: notes.txt is a file, not a folder; name a folder for the site, "
                       "such as --out site"),
    ("x" * 300, "x" * 300 + " cannot be made: the name is too long; name a folder for the site, such as --out site"),
])
def test_an_output_that_cannot_be_made_is_one_problem(club, cli, out, message):
    (club.root / "notes.txt").write_text("notes\n")
    for command in ["build", "serve"]:
        assert cli(command, "--out", out, expect=1).output == f"--out: {message}\n1 problem found.\n"
    assert (club.root / "notes.txt").read_text() == "notes\n"


def test_a_large_old_site_is_deleted_by_a_process_of_its_own(club, cli, monkeypatch):
    """The command returns once the new site is in place; the old one goes meanwhile, and a run
    starting then leaves the folder being deleted alone (the deleting process holds its stamp)."""
    monkeypatch.setattr(write, "BACKGROUND_FROM", 0)
    cli("build")
    deleting = []
    real = write._discard
    monkeypatch.setattr(write, "_discard", lambda build: (deleting.append(build), real(build)))
    cli("build")
    assert deleting == []  # not in this process
    deadline = time.monotonic() + 120  # the background deletion is waited for; this only guards a hang
    while time.monotonic() < deadline:
        if not _leftovers(club):
            break
        assert all(not write._abandoned(club.root / name) for name in _leftovers(club) if (club.root / name).exists())
        time.sleep(0.05)
    assert _leftovers(club) == []
    assert is_podium_build(club.root / "site")
