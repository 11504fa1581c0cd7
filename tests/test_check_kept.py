"""`podium check` keeps what it says of each event (run/answers.py, commands/check.py) under the
event's replay key, as the replay itself is kept: a check with nothing changed reads neither the
events' whole replays nor their re-draws (issue 36: on a ten-times archive they were most of a
check's 15.6 s and its 1.8 GB). An event the command replays is answered as it is replayed:
its whole replay is not read back either (nearly half of a cold ten-times check)."""
from __future__ import annotations

from podium.run.cache import ReplayCache

from play import strength_results


def _whole_reads(monkeypatch) -> list[str]:
    """The events whose whole replay (not its outline) is read from the cache."""
    read, reads = ReplayCache.read, []

    def counting(self, event_id, key, outline=False):
        if not outline:
            reads.append(event_id)
        return read(self, event_id, key, outline)
    monkeypatch.setattr(ReplayCache, "read", counting)
    return reads


def test_a_check_with_nothing_changed_reads_no_whole_replay_and_says_the_same(tree, cli, monkeypatch):
    for event_id in ("e1", "e2"):
        tree.event(event_id, 8)
        cli("pair", event_id)
    strength_results(tree, "e1", 1)  # e1's round 1 played, e2's still to play: a note for e2
    first = cli("check").output
    reads = _whole_reads(monkeypatch)
    assert cli("check").output == first
    assert reads == []
    strength_results(tree, "e2", 1)  # e2 changed: its notes are worked out again, e1's kept …
    second = cli("check").output
    assert reads == []  # … as it is replayed: its whole replay is not read back
    assert "e2" not in second and second.splitlines()[-1] == first.splitlines()[-1]


def test_an_event_whose_round_was_changed_by_hand_is_re_drawn_by_every_check(tree, cli, monkeypatch):
    """Its note may read the git history, which its replay key does not cover: never kept."""
    tree.event("e1", 8)
    cli("pair", "e1")
    data = tree.read_round("e1", 1)
    first, second = data["pairings"][0]["players"], data["pairings"][1]["players"]
    first[1], second[1] = second[1], first[1]
    tree.save_round("e1", 1, data)
    assert "differ from the draw" in cli("check").output
    reads = _whole_reads(monkeypatch)
    assert "differ from the draw" in cli("check").output
    assert reads == ["e1"]


def test_a_verify_with_nothing_changed_reads_no_whole_replay_and_says_the_same(tree, cli, monkeypatch):
    """verify of the whole archive keeps what it found in each event the same way (cache
    'verified'; issue 36: a ten-times verify with nothing changed took 18.8 s and 1.78 GB)."""
    for event_id in ("e1", "e2"):
        tree.event(event_id, 8)
        cli("pair", event_id)
        strength_results(tree, event_id, 1)
        cli("pair", event_id)
    first = cli("verify").output
    assert first == "ok: 4 rounds re-drawn, all identical\n"
    reads = _whole_reads(monkeypatch)
    assert cli("verify").output == first and reads == []
    strength_results(tree, "e2", 2)  # answered as it is replayed, not read back
    assert cli("verify").output == first and reads == []


def test_a_cold_check_and_verify_answer_each_event_as_it_is_replayed(tree, cli, monkeypatch, tmp_path):
    """With nothing kept (a new cache folder), no whole replay is read back from the cache, and
    what they say is what they say from kept answers."""
    for event_id in ("e1", "e2"):
        tree.event(event_id, 8)
        cli("pair", event_id)
    strength_results(tree, "e1", 1)
    kept_check, kept_verify = cli("check").output, cli("verify").output
    monkeypatch.setenv("PODIUM_CACHE_DIR", str(tmp_path / "cold"))
    reads = _whole_reads(monkeypatch)
    assert cli("check").output == kept_check
    assert reads == []
    monkeypatch.setenv("PODIUM_CACHE_DIR", str(tmp_path / "cold-too"))
    assert cli("verify").output == kept_verify
    assert reads == []
