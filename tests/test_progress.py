"""A long build or check shows its progress on a terminal; nothing in a file, a pipe or CI."""
from __future__ import annotations

import io
import re

import pytest

from podium.run import progress
from podium.commands.check import check
from podium.run.builder import build_site
from podium.run.parallel import run_shares


class Terminal(io.StringIO):
    """Standard error as a terminal, kept to be read."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def shown_at_once(monkeypatch):
    """Bars from the start, as in a command that has already run for a second."""
    monkeypatch.setattr(progress, "SHOWN_AFTER", 0.0)
    monkeypatch.delenv("CI", raising=False)


def two_events(tree) -> None:
    tree.event("e1", 8)
    tree.event("e2", 8)  # the same players p01 … p08


def bars(text: str) -> set[str]:
    """Each bar's description and total, as drawn: {'events replayed /2', …}."""
    return {f"{name} /{total}" for name, total in re.findall(r"\r([a-z -]+):.*?\| *\d+/(\d+) ", text)}


def test_a_build_on_a_terminal_shows_events_replayed_and_pages_written(tree, monkeypatch, shown_at_once):
    two_events(tree)
    monkeypatch.setattr("sys.stderr", Terminal())
    assert build_site(tree.content, tree.root / "site") == 21
    # 2 events replayed; 23 files rendered: the home page, the lists of events, players and seasons,
    # 2 event pages with their printable report and player cards, 8 players' pages, "about these
    # results", the offline page and the 404 page (21 HTML pages), and each event's standings.json.
    assert bars(progress.sys.stderr.getvalue()) == {"events replayed /2", "pages written /23"}
    assert progress.sys.stderr.getvalue().endswith("\r")  # each bar wiped at its step's end


def test_a_check_on_a_terminal_shows_events_replayed_and_redrawn(tree, monkeypatch, shown_at_once):
    two_events(tree)
    monkeypatch.setattr("sys.stderr", Terminal())
    assert re.fullmatch(r"ok: 2 events, 0 seasons, \d+ rulesets", check(tree.content))
    # re-drawn as each is replayed: one bar
    assert bars(progress.sys.stderr.getvalue()) == {"events replayed and re-drawn /2"}


@pytest.mark.parametrize("stream, ci", [(io.StringIO(), None), (Terminal(), "true")],
                         ids=["not a terminal", "in CI"])
def test_a_build_is_quiet_unless_someone_watches(tree, monkeypatch, shown_at_once, stream, ci):
    two_events(tree)
    if ci:
        monkeypatch.setenv("CI", ci)
    monkeypatch.setattr("sys.stderr", stream)
    build_site(tree.content, tree.root / "site")
    check(tree.content)
    assert stream.getvalue() == ""


def test_a_bar_waits_until_the_command_has_run_a_second(monkeypatch):
    monkeypatch.delenv("CI", raising=False)  # CI sets it, and bars are never drawn there
    quick, slow = Terminal(), Terminal()
    with progress.shown(quick, after=60):
        with progress.counting("pages written", 3, "file") as tick:
            tick()
    with progress.shown(slow, after=0):
        with progress.counting("pages written", 3, "file") as tick:
            tick()
    assert quick.getvalue() == "" and bars(slow.getvalue()) == {"pages written /3"}
    assert progress.SHOWN_AFTER == 1.0


def test_items_done_in_forked_processes_are_counted(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with progress.shown(Terminal(), after=0):
        with progress.counting("events replayed", 6, "event") as tick:
            run_shares(_tick_each, tick, [range(3), range(3, 5), range(5, 6)])  # two shares forked
            assert tick.value == 6  # 3 here, 2 + 1 in the forked processes


def _tick_each(tick, share) -> None:
    for _ in share:
        tick()


def test_a_bar_shows_the_items_done_when_every_share_runs_in_a_forked_process(monkeypatch):
    """Events are read in forked processes only (archive.py): this process draws their count."""
    monkeypatch.delenv("CI", raising=False)
    with progress.shown(Terminal(), after=0):
        with progress.counting("events replayed", 6, "event") as tick:
            run_shares(_tick_each, tick, [range(3), range(3, 6)], all_forked=True, waiting=tick.refresh)
            assert tick.value == 6 and tick.bar.n == 6
