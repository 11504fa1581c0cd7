"""`podium standings EVENT`, `pair EVENT` and `verify EVENT` read what that event needs alone — its
folder, the rulesets, players.yaml, the seasons — and answer while another event has an error
(issue 35: they read and replayed the whole archive, 16 s for one event of 120, and refused)."""
from __future__ import annotations

import os
import sys

import pytest
from play import strength_results

BROKEN = "name: [unclosed\n"  # a YAML syntax error

# Every file or folder this process opens or lists, while a test records them (``touched``).
# An audit hook sees them all, however they are opened (open, os.open, scandir, listdir, glob…),
# and cannot be removed: it records only while a list is set.
_recording: list | None = None


def _audit(event: str, args: tuple) -> None:
    if _recording is None or event not in ("open", "os.listdir", "os.scandir") or not args:
        return
    try:
        path = args[0]
        if isinstance(path, (str, bytes, os.PathLike)):
            _recording.append(os.path.abspath(os.fsdecode(path)))
    except Exception:  # noqa: BLE001 - an audit hook must never break what it watches
        pass


sys.addaudithook(_audit)


@pytest.fixture
def touched():
    """The list of every path opened or listed during the test."""
    global _recording
    _recording = []
    try:
        yield _recording
    finally:
        _recording = None


@pytest.fixture
def two_events(tree, cli):
    """'good': eight players, round 1 played; 'other': another sound event."""
    tree.event("good", 8)
    cli("pair", "good")
    strength_results(tree, "good", 1)
    tree.event("other", 8)
    return tree


def answers(tree, cli) -> dict:
    """What standings (as text and JSON), verify and pair say of 'good', and the round pair writes
    (removed again, so that each run pairs the same round)."""
    said = {command: cli(*command).output for command in (("standings", "good"), ("standings", "good", "--json"),
                                                             ("verify", "good"))}
    said["pair"] = cli("pair", "good").output
    said["round 2"] = tree.round_path("good", 2).read_text(encoding="utf-8")
    tree.round_path("good", 2).unlink()
    return said


def test_one_event_is_answered_alike_while_another_has_a_yaml_syntax_error(two_events, cli):
    sound = answers(two_events, cli)
    two_events.write("events/other/event.yaml", BROKEN)
    assert answers(two_events, cli) == sound
    assert "wrote content/events/good/rounds/2.yaml" in sound["pair"]
    assert sound[("verify", "good")].startswith("ok: 1 round re-drawn")


def test_the_other_events_folders_are_not_read(two_events, cli, touched):
    other = str(two_events.content.resolve() / "events" / "other")
    good = str(two_events.content.resolve() / "events" / "good")
    for command in (("standings", "good"), ("verify", "good"), ("pair", "good")):
        cli(*command)
    assert not [path for path in touched if path == other or path.startswith(other + os.sep)]
    assert any(path.startswith(good + os.sep) for path in touched)  # the hook does see what is read


def test_an_unknown_event_is_named_with_the_event_folders_unread(two_events, cli, touched):
    two_events.write("events/other/event.yaml", BROKEN)
    touched.clear()  # the test's own writing
    output = cli("standings", "goods", expect=1).output
    assert output.splitlines() == ["content: no event 'goods' (did you mean 'good'?); events: good, other",
                                   "1 problem found."]
    assert not [path for path in touched if "events/other" in path or "events/good" in path]


@pytest.mark.parametrize("command", [("standings", "good"), ("pair", "good"), ("verify", "good")])
def test_a_problem_of_the_event_itself_is_reported_alone_at_its_line(two_events, cli, command):
    two_events.write("events/other/event.yaml", BROKEN)
    event = two_events.content / "events/good/event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "colour: red\n", encoding="utf-8")
    lines = cli(*command, expect=1).output.strip().splitlines()
    assert len(lines) == 2 and lines[1] == "1 problem found.", lines
    assert lines[0].startswith("content/events/good/event.yaml:7: unknown key 'colour' in event.yaml")
    assert not two_events.round_path("good", 2).exists()


@pytest.mark.parametrize("command", [("standings", "good"), ("pair", "good"), ("verify", "good")])
def test_a_finding_of_the_rules_engine_in_the_event_is_reported_at_its_line(two_events, cli, command):
    two_events.write("events/other/event.yaml", BROKEN)
    first = two_events.read_round("good", 1)
    first["pairings"][0]["armies"][1] = "Vegas"  # which no player registered
    two_events.save_round("good", 1, first)
    lines = cli(*command, expect=1).output.strip().splitlines()
    assert len(lines) == 2 and lines[1] == "1 problem found.", lines
    assert lines[0].startswith("content/events/good/rounds/1.yaml:9: Player 08 did not register 'Vegas'")


@pytest.mark.parametrize("command", [("standings", "good"), ("pair", "good"), ("verify", "good")])
def test_a_problem_of_players_yaml_is_reported_at_its_line(two_events, cli, command):
    two_events.write("events/other/event.yaml", BROKEN)
    two_events.write("players.yaml", "- name: Player 01\n  id: p01\n  colour: red\n")
    lines = cli(*command, expect=1).output.strip().splitlines()
    assert len(lines) == 2 and lines[1] == "1 problem found.", lines
    assert lines[0].startswith("content/players.yaml:3: unknown key 'colour'")


def test_an_event_of_another_game_than_its_season_is_still_refused(two_events, cli):
    """The season check reads the seasons, never the season's other events."""
    two_events.write("events/other/event.yaml", BROKEN)
    two_events.write("seasons/league.yaml", {"name": "League", "ruleset": "tantrix"})
    event = two_events.content / "events/good/event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "season: league\n", encoding="utf-8")
    lines = cli("standings", "good", expect=1).output.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith("content/events/good/event.yaml:3: 'ruleset: neuroshima-hex-pl-2023'")
    event.write_text(event.read_text(encoding="utf-8").replace("season: league", "season: leage"), encoding="utf-8")
    assert cli("standings", "good", expect=1).output.splitlines()[0] == (
        "content/events/good/event.yaml:1: unknown season 'leage' (did you mean 'league'?); add "
        "content/seasons/leage.yaml or fix the name")


def test_a_link_out_of_the_content_in_the_event_is_refused_and_one_elsewhere_does_not_matter(two_events, cli, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("name: secret\n", encoding="utf-8")
    os.symlink(secret, two_events.content / "events/other/registrations.yaml.bak")
    cli("standings", "good")
    os.symlink(secret, two_events.content / "events/good/notes.yaml")
    assert cli("standings", "good", expect=1).output.splitlines()[0] == (
        "content/events/good/notes.yaml: is a symbolic link to a place outside the content folder; copy the file in instead")


def test_an_events_folder_leading_out_is_refused_before_it_is_listed(tree, cli, tmp_path):
    """Not even the names of the folders it leads to are shown (as the events' names)."""
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "private-folder").mkdir(parents=True)
    os.symlink(elsewhere, tree.content / "events")
    assert cli("standings", "nope", expect=1).output.splitlines() == [
        "content/events: is a symbolic link to a place outside the content folder; copy the file in instead",
        "1 problem found."]


def test_the_replay_check_kept_is_the_one_an_event_command_reads(two_events, cli, monkeypatch):
    """One event's replay key is the one the whole archive's reader gives it: nothing replayed again."""
    import podium.run.archive

    cli("check")
    monkeypatch.setattr(podium.run.archive, "compute_event", lambda *args, **kwargs: pytest.fail("replayed again"))
    assert "provisional standings" in cli("standings", "good").output


def test_an_event_command_forgets_nothing_the_cache_keeps_of_the_other_events(two_events, cli):
    """It does not see the other events, which is no sign that they are gone."""
    from podium.run.cache import cache_folder

    cli("verify")
    kept = cache_folder(two_events.content)
    before = sorted(path.relative_to(kept).as_posix() for path in kept.rglob("*.pickle"))
    assert "events/other.pickle" in before and "redraws/other.pickle" in before
    for command in (("standings", "good"), ("verify", "good"), ("pair", "good")):
        cli(*command)
    assert sorted(path.relative_to(kept).as_posix() for path in kept.rglob("*.pickle")) == before
