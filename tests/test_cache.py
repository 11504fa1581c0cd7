"""Replays kept between runs (generator/run/cache.py): an event is read and replayed again only when
its files, the registry, the rulesets or the engine changed, and what a run gives is the same
with the cache, without it, or with a broken one."""
from __future__ import annotations

import os
import pickle
import shutil
import subprocess
from pathlib import Path

import pytest

import podium.run.archive
import podium.run.cache
import podium.run.changes
from podium.run.archive import load_archive
from podium.run.builder import build_site
from podium.run.cache import FOLDER, cache_folder

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def replays(monkeypatch):
    """The event folders read (and replayed) since the fixture began, in this process."""
    seen = []
    real = podium.run.archive.read_event

    def counting(folder, problems, registry):
        seen.append(folder.name)
        return real(folder, problems, registry)
    monkeypatch.setattr(podium.run.archive, "read_event", counting)
    monkeypatch.setattr(podium.run.archive, "worth_splitting", lambda *_: False)  # count in this process
    return seen


@pytest.fixture
def archive_tree(tree):
    tree.event("spring", 8)
    tree.event("autumn", 8)
    return tree


def test_an_unchanged_event_is_not_read_again(archive_tree, replays):
    first = load_archive(archive_tree.content)
    assert sorted(replays) == ["autumn", "spring"]
    replays.clear()
    again = load_archive(archive_tree.content)
    assert replays == []
    assert again.events["spring"].final_rows == first.events["spring"].final_rows


def test_a_build_takes_an_events_outline_from_the_cache_without_unpickling_its_whole_read(archive_tree, replays):
    """A warm build unpickles each event's outline alone (what it holds); the whole read is
    unpickled only for that event's own pages (Archive.full_report)."""
    load_archive(archive_tree.content)
    replays.clear()
    kept = podium.run.cache.ReplayCache(archive_tree.content)
    key, _ = pickle.loads(podium.run.cache.verified(kept.secret, (kept.folder / "spring.pickle").read_bytes()))
    outline, _ = kept.get("spring", key)
    kept.put("spring", key, (outline, b"no whole read here"))
    archive = load_archive(archive_tree.content, outlines=True)
    assert replays == [] and archive.events["spring"].report.outlined
    assert load_archive(archive_tree.content).events["spring"].report.people  # the whole: read again
    assert replays == ["spring"]


def test_an_edited_event_alone_is_replayed(archive_tree, replays):
    load_archive(archive_tree.content)
    replays.clear()
    archive_tree.write("events/spring/event.yaml",
                       (archive_tree.content / "events/spring/event.yaml").read_text() + "venue: Hall B\n")
    assert load_archive(archive_tree.content).events["spring"].event.venue == "Hall B"
    assert replays == ["spring"]


@pytest.mark.parametrize("change", ["registry", "ruleset", "engine"])
def test_what_every_event_depends_on_replays_every_event(archive_tree, replays, monkeypatch, change):
    load_archive(archive_tree.content)
    replays.clear()
    if change == "registry":
        archive_tree.write("players.yaml", [{"id": "p01", "name": "Player 01", "club": "Kraków"}])
    elif change == "ruleset":
        (archive_tree.root / "rulesets").mkdir()
        (archive_tree.root / "rulesets" / "house.yaml").write_text(
            "id: house\nname: House\nextends: neuroshima-hex-pl-2023\n", encoding="utf-8")
    else:  # a new version, or a local edit of Podium's code
        monkeypatch.setattr(podium.run.changes, "engine_fingerprint", lambda: "another engine")
    load_archive(archive_tree.content)
    assert sorted(replays) == ["autumn", "spring"]


def test_a_broken_or_foreign_entry_is_replayed_and_replaced(archive_tree, replays):
    load_archive(archive_tree.content)
    entries = cache_folder(archive_tree.content) / "events"
    (entries / "spring.pickle").write_bytes(b"half-written by a run killed mid-write")
    shutil.copy(entries / "spring.pickle", entries / "autumn.pickle")
    replays.clear()
    assert sorted(load_archive(archive_tree.content).events) == ["autumn", "spring"]
    assert sorted(replays) == ["autumn", "spring"]
    replays.clear()
    load_archive(archive_tree.content)
    assert replays == []


def test_an_entry_of_another_event_folder_is_not_taken(archive_tree, replays):
    """The key names the folder's path: a copy of the content elsewhere does not read the
    entries (their problems would name the other copy's files)."""
    load_archive(archive_tree.content)
    copy = archive_tree.root / "copy"
    shutil.copytree(archive_tree.content, copy / "content")
    shutil.copytree(cache_folder(archive_tree.content), cache_folder(copy / "content"))
    replays.clear()
    load_archive(copy / "content")
    assert sorted(replays) == ["autumn", "spring"]


def test_the_cache_lives_outside_the_repository_and_forgets_events_that_are_gone(archive_tree):
    load_archive(archive_tree.content)
    folder = cache_folder(archive_tree.content)
    assert not folder.is_relative_to(archive_tree.root) and not (archive_tree.root / FOLDER).exists()
    assert (folder.parent / "CACHEDIR.TAG").read_text(encoding="utf-8").startswith("Signature: 8a477f597d28d172789f06886806bc55")
    shutil.rmtree(archive_tree.content / "events" / "autumn")
    load_archive(archive_tree.content)
    assert sorted(p.name for p in (folder / "events").iterdir()) == ["spring.pickle"]


def test_what_check_and_verify_kept_of_an_event_that_is_gone_is_forgotten_by_any_command(archive_tree, cli):
    """check's notes, verify's findings and the redraws are kept beside the replay; the first
    command that reads the archive after an event is removed removes them too (before, only the
    command that made them did)."""
    cli("check")
    cli("verify")
    folder = cache_folder(archive_tree.content)
    for purpose in ("check-notes", "verified", "redraws"):
        assert sorted(p.name for p in (folder / purpose).iterdir()) == ["autumn.pickle", "spring.pickle"]
    shutil.rmtree(archive_tree.content / "events" / "autumn")
    load_archive(archive_tree.content)
    for purpose in ("check-notes", "verified", "redraws"):
        assert sorted(p.name for p in (folder / purpose).iterdir()) == ["spring.pickle"], purpose


def test_a_cache_that_cannot_be_written_is_no_error(archive_tree, replays, monkeypatch):
    blocked = archive_tree.root / "not-a-folder"
    blocked.write_text("a file where the cache folder would go", encoding="utf-8")
    monkeypatch.setenv("PODIUM_CACHE_DIR", str(blocked))
    load_archive(archive_tree.content)
    load_archive(archive_tree.content)
    assert sorted(replays) == ["autumn", "autumn", "spring", "spring"]


RUNS_CODE = b"cposix\nsystem\n(S'touch PWNED'\ntR."  # a pickle that runs a shell command when loaded


@pytest.mark.parametrize("where", ["beside the content (0.2's folder)", "in the cache folder, unsigned",
                                   "in the cache folder, signed with another key"])
def test_a_pickle_from_a_repository_or_any_other_hand_is_never_run(archive_tree, where, cli):
    """A pull request that adds a pickle (the critical case: .podium-cache/events/<event>.pickle
    force-added beside content/) runs nothing on check, build or verify: that folder is never
    read, and an entry of the cache folder is unpickled only under this user's signature."""
    load_archive(archive_tree.content)
    entries = cache_folder(archive_tree.content) / "events"
    payload = podium.run.cache.entry("any key", RUNS_CODE)
    if where.startswith("beside"):
        (archive_tree.root / FOLDER / "events").mkdir(parents=True)
        for event_id in ("spring", "autumn"):
            (archive_tree.root / FOLDER / "events" / f"{event_id}.pickle").write_bytes(RUNS_CODE)
    elif where.endswith("unsigned"):
        (entries / "spring.pickle").write_bytes(RUNS_CODE)
    else:
        (entries / "spring.pickle").write_bytes(podium.run.cache.signed(b"k" * 32, payload))
    for command in ("check", "build", "verify"):
        cli(command)
    assert not (archive_tree.root / "PWNED").exists()
    kept = podium.run.cache.ReplayCache(archive_tree.content)
    assert podium.run.cache.verified(kept.secret, (entries / "spring.pickle").read_bytes())  # worked out again


def test_a_key_that_others_can_read_or_git_tracks_is_refused_with_a_sentence(tmp_path, monkeypatch, capsys):
    root = tmp_path / "repo" / "cache"
    root.mkdir(parents=True)
    (root / "key").write_bytes(b"k" * 32)
    os.chmod(root / "key", 0o644)  # as git checks a file out
    assert podium.run.cache.signing_key(root) is None
    subprocess.run(["git", "init", "-q", str(tmp_path / "repo")], check=True)
    subprocess.run(["git", "-C", str(tmp_path / "repo"), "add", "cache/key"], check=True)
    os.chmod(root / "key", 0o600)
    podium.run.cache.signing_key.cache_clear()
    assert podium.run.cache.signing_key(root) is None
    assert capsys.readouterr().err == (
        f"{root}: Podium's cache folder is tracked by git, and a committed cache could run code when read: it is "
        "not used. Set PODIUM_CACHE_DIR to a folder outside every repository (or unset it) and remove the folder "
        "from git\n")
    podium.run.cache.signing_key.cache_clear()


def test_the_demo_site_is_the_same_from_the_cache(tmp_path):
    shutil.copytree(ROOT / "content", tmp_path / "content")
    build_site(tmp_path / "content", tmp_path / "cold")
    assert (cache_folder(tmp_path / "content") / "events").is_dir()
    build_site(tmp_path / "content", tmp_path / "warm")
    shutil.rmtree(cache_folder(tmp_path / "content"))
    build_site(tmp_path / "content", tmp_path / "deleted")
    cold, warm, deleted = (_files(tmp_path / name) for name in ("cold", "warm", "deleted"))
    assert cold == warm == deleted


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_redraws_are_kept_with_the_replay_and_redrawn_when_it_changes(tree, cli, monkeypatch):
    """check and verify re-draw every round; an unchanged event's draws are kept (cache.REDRAWS)."""
    import podium.commands.verify
    import podium.run.answers

    archive_tree = tree
    for event_id in ("autumn", "spring"):
        tree.event(event_id, [{"name": f"Player {i}", "id": f"p{i}"} for i in range(8)], ruleset="ffg-conquest")
    for _ in range(2):
        cli("pair", "spring")
        _decide_round(archive_tree, "spring")
    drawn = []
    real = podium.commands.verify.redrawn_tables
    monkeypatch.setattr(podium.commands.verify, "redrawn_tables", lambda event, ruleset: (drawn.append(event.id),
                                                                                  real(event, ruleset))[1])
    monkeypatch.setattr(podium.run.answers, "worth_splitting", lambda *_: False)  # count in this process
    first = cli("verify").output
    assert sorted(drawn) == ["autumn", "spring"]
    drawn.clear()
    assert cli("verify").output == first and cli("check").output.endswith("ok: 2 events, 0 seasons, 10 rulesets\n")
    assert drawn == []
    data = archive_tree.read_round("spring", 2)
    data["pairings"][0]["players"].reverse()  # the same table and winner, written the other way round
    archive_tree.save_round("spring", 2, data)
    assert cli("verify").output == first
    assert drawn == ["spring"]


def _decide_round(tree, event_id: str) -> None:
    number = max(int(p.stem) for p in (tree.content / "events" / event_id / "rounds").glob("*.yaml"))
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        if not pairing.get("bye"):
            pairing["winner"] = pairing["players"][0]
    tree.save_round(event_id, number, data)


def test_a_build_in_a_new_process_takes_the_compiled_templates_from_the_cache(tree, cli, monkeypatch, tmp_path):
    """Issue 36: each `podium build` compiled every template again (~0.15 s). They are kept,
    signed, beside the replays; a build whose environment is new loads them and compiles none,
    and a site with a theme (compiled in the sandbox) keeps its own apart."""
    from podium.run.cache import cache_root
    from podium.site import render

    monkeypatch.setenv("PODIUM_CACHE_DIR", str(tmp_path / "cache"))
    tree.event("e1", 8)
    cli("pair", "e1")
    render.environment.cache_clear()
    build_site(tree.content, tree.root / "site")
    kept = sorted((cache_root() / "templates").glob("*.pickle"))
    assert kept and not (cache_root() / "templates-sandboxed").exists()
    compiled = _compiles(monkeypatch)
    render.environment.cache_clear()  # as in a new process
    build_site(tree.content, tree.root / "again")
    assert compiled == []
    assert (tree.root / "site/events/e1/index.html").read_bytes() == (tree.root / "again/events/e1/index.html").read_bytes()
    (tree.content / "theme").mkdir()
    tree.write("site.yaml", {"title": "Test site", "language": "en", "theme_dir": "theme"})
    render.environment.cache_clear()
    build_site(tree.content, tree.root / "themed")
    assert compiled and sorted((cache_root() / "templates-sandboxed").glob("*.pickle"))
    render.environment.cache_clear()


def test_a_themes_own_templates_are_kept_compiled_too(tree, cli, monkeypatch, tmp_path):
    """check_theme compiles a theme's templates before a page is rendered: with the environment's
    kept templates attached only afterwards, the theme's were compiled again by every build."""
    from podium.site import render

    monkeypatch.setenv("PODIUM_CACHE_DIR", str(tmp_path / "cache"))
    tree.event("e1", 8)
    cli("pair", "e1")
    (tree.content / "theme").mkdir()
    (tree.content / "theme/base.html").write_text('{% extends "podium/base.html" %}{% block footer_links %}Club{% endblock %}\n',
                                                   encoding="utf-8")
    tree.write("site.yaml", {"title": "Test site", "language": "en", "theme_dir": "theme"})
    render.environment.cache_clear()
    build_site(tree.content, tree.root / "site")
    compiled = _compiles(monkeypatch)
    render.environment.cache_clear()  # as in a new process
    build_site(tree.content, tree.root / "again")
    assert compiled == []
    render.environment.cache_clear()


def _compiles(monkeypatch) -> list:
    """The templates Jinja compiles from now on (each call's arguments)."""
    import jinja2

    compiled = []
    real = jinja2.Environment._compile
    monkeypatch.setattr(jinja2.Environment, "_compile", lambda env, *a: compiled.append(a) or real(env, *a))
    return compiled
