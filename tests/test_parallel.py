"""Reading events and rendering pages on every core gives the same site, byte for byte, and the
same problems with the same file:line, as doing everything in one process."""
from __future__ import annotations

from pathlib import Path

import pytest

import podium.run.archive
import podium.run.outputs
from podium.run.archive import load_archive
from podium.run.builder import build_site
from podium.core.errors import UserError
from podium.run.parallel import worth_splitting

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not worth_splitting(2, 2), reason="needs two cores and fork")


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _thresholds(monkeypatch, events: int, outputs: int) -> None:
    monkeypatch.setattr(podium.run.archive, "PARALLEL_EVENTS", events)
    monkeypatch.setattr(podium.run.outputs, "PARALLEL_FROM", outputs)


def test_the_demo_site_is_the_same_built_on_one_core_or_all(tmp_path, monkeypatch):
    _thresholds(monkeypatch, 10**9, 10**9)
    build_site(ROOT / "content", tmp_path / "one")
    _thresholds(monkeypatch, 1, 1)
    build_site(ROOT / "content", tmp_path / "all")
    assert _files(tmp_path / "one") == _files(tmp_path / "all")


def test_problems_found_in_another_process_keep_their_lines(tree, monkeypatch):
    for number in range(1, 7):
        tree.event(f"e{number}", 6)
    tree.write("events/e4/rounds/1.yaml", "round: 1\npairings:\n  - players: [p01, p99]\n")
    tree.write("events/e5/event.yaml", "name: [unclosed\n")
    messages = []
    for events in (10**9, 1):
        monkeypatch.setattr(podium.run.archive, "PARALLEL_EVENTS", events)
        with pytest.raises(UserError) as caught:
            load_archive(tree.content)
        messages.append([str(problem) for problem in caught.value.problems])
    assert messages[0] == messages[1]
    assert any("events/e4/rounds/1.yaml:3: unknown player 'p99'" in m for m in messages[1])
    assert any("events/e5/event.yaml:1: YAML syntax" in m for m in messages[1])  # where the [ opened


def test_results_read_in_another_process_equal_those_read_here(tree, cli, monkeypatch):
    for number in range(1, 7):
        tree.event(f"e{number}", 6)
        cli("pair", f"e{number}")
    monkeypatch.setattr(podium.run.archive, "PARALLEL_EVENTS", 10**9)
    here = load_archive(tree.content)
    monkeypatch.setattr(podium.run.archive, "PARALLEL_EVENTS", 1)
    split = load_archive(tree.content)
    assert list(split.events) == list(here.events)
    for event_id, result in here.events.items():
        assert split.events[event_id].event == result.event
        assert split.events[event_id].final_rows == result.final_rows
