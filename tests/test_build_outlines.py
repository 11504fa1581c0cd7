"""A build holds of each event only its report's outline (rules/report.py EventReport.outline) and
takes the whole report from the replay cache when it renders that event's pages, so that a large
archive fits in little memory; the site is the same, byte for byte, as one made from whole reports."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from podium.run.archive import load_archive
from podium.run.builder import build_site
from podium.run.cache import cache_folder
from podium.core.errors import UserError
from podium.run.parallel import run_shares, worth_splitting

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("demo")
    shutil.copytree(ROOT / "content", root / "content")
    return root / "content"


def test_an_outlined_archive_holds_no_tables_and_gives_each_whole_report_from_the_cache(demo):
    whole = load_archive(demo)
    outlined = load_archive(demo, outlines=True)
    assert whole.events.keys() == outlined.events.keys()
    for event_id, result in outlined.events.items():
        report = result.report
        assert report.outlined and not whole.events[event_id].report.outlined
        assert all(not rnd.tables and not rnd.standings_after for rnd in report.rounds)
        assert all(not stage.standings and all(not g.rows for g in stage.groups) for stage in report.stages)
        assert result.stages == [] and result.event.rounds == ()
        assert outlined.full_report(event_id) == whole.events[event_id].report
        # what the seasons and ratings read is what the whole replay gives
        assert [(r.rank, r.player, r.status) for r in result.final_rows] == \
               [(r.rank, r.player, r.status) for r in whole.events[event_id].final_rows]
        assert result.rated_games == whole.events[event_id].rated_games
    assert outlined.seasons.keys() == whole.seasons.keys()
    for season_id, season in outlined.seasons.items():
        assert season.leaderboard == whole.seasons[season_id].leaderboard
        assert season.invitations == whole.seasons[season_id].invitations
    assert outlined.ratings == whole.ratings


def test_the_site_from_outlines_is_the_site_from_whole_reports(demo, tmp_path, monkeypatch):
    """With a cache that cannot be written, a build holds whole reports (none is kept to take)."""
    build_site(demo, tmp_path / "outlined")
    content = tmp_path / "unkept" / "content"
    shutil.copytree(demo, content)
    (tmp_path / "no-cache").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("PODIUM_CACHE_DIR", str(tmp_path / "no-cache"))
    assert all(not r.report.outlined for r in load_archive(content, outlines=True).events.values())
    build_site(content, tmp_path / "whole")
    assert _files(tmp_path / "outlined") == _files(tmp_path / "whole")


def test_a_replay_removed_from_the_cache_while_the_site_is_built_is_an_error_not_a_wrong_page(tree):
    tree.event("spring", 8)
    archive = load_archive(tree.content, outlines=True)
    shutil.rmtree(cache_folder(tree.content))
    with pytest.raises(UserError) as error:
        archive.full_report("spring")
    assert str(error.value).startswith("content/events/spring: changed, or its kept replay was removed")
    assert str(error.value).endswith("run the command again")


@pytest.mark.skipif(not worth_splitting(2, 2), reason="needs two cores and fork")
def test_shares_all_forked_run_outside_this_process_in_order():
    pids = run_shares(_pid_and_share, None, [[1], [2], [3]], all_forked=True)
    assert [share for _, share in pids] == [[1], [2], [3]]
    assert os.getpid() not in {pid for pid, _ in pids}


def _pid_and_share(_state, share):
    return os.getpid(), share


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_pages_are_dealt_in_runs_so_an_event_is_taken_from_the_cache_once_a_process():
    from podium.run.outputs import PAGES_TOGETHER, _dealt
    first, second = _dealt(3 * PAGES_TOGETHER + 5, 2)
    assert first == [*range(0, PAGES_TOGETHER), *range(2 * PAGES_TOGETHER, 3 * PAGES_TOGETHER)]
    assert second == [*range(PAGES_TOGETHER, 2 * PAGES_TOGETHER), *range(3 * PAGES_TOGETHER, 3 * PAGES_TOGETHER + 5)]
    assert _dealt(3, 1) == [[0, 1, 2]]


def test_an_events_pages_and_files_come_one_after_another(demo):
    """So that a renderer's run of pages takes an event's whole report once (its standings.json
    came after every page of the site, and had it taken again)."""
    from podium.site.pages import site_items
    urls = [item.url.split("/") for item in site_items(load_archive(demo))]
    events = [parts[1] for parts in urls if parts[0] == "events" and len(parts) > 2]  # not the index of all events
    runs = [event for index, event in enumerate(events) if index == 0 or events[index - 1] != event]
    assert len(runs) == len(set(events)) == 17
