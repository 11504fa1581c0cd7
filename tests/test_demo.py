"""The shipped demo archive: builds with no warning, covers every ruleset, reads like a real one."""
from __future__ import annotations

from pathlib import Path

from podium.commands.check import check
from podium.commands.verify import verify
from podium.run.archive import load_archive
from podium.content.rulesets import BUILTIN_DIR

DEMO = Path(__file__).resolve().parent.parent / "content"


def test_the_demo_checks_and_verifies_without_a_single_note():
    output = check(DEMO)
    assert output.startswith("ok:") and "note:" not in output
    differences, rounds = verify(DEMO, None)
    assert differences == [] and rounds > 50


def test_the_demo_covers_every_builtin_ruleset_with_complete_events():
    archive = load_archive(DEMO)
    used = {r.ruleset.id for r in archive.events.values()}
    assert used == {p.stem for p in BUILTIN_DIR.glob("*.yaml")}
    assert all(r.complete for r in archive.events.values())
    kinds = {stage.kind for r in archive.events.values() for stage in r.plan.stages}
    assert kinds == {"swiss", "knockout", "round-robin", "pairs-rotation", "free-for-all", "tables"}


def test_the_neuroshima_season_has_every_size_class():
    """Below 8 (not a qualifier), 8–11 (no finals), 12–20 (top 4), 21–40 (top 8), 41+ (top 16)."""
    archive = load_archive(DEMO)
    nshex = [r for r in archive.events.values() if r.ruleset.id == "neuroshima-hex-pl-2023"]
    cuts = sorted((len(r.event.players), r.plan.cut, r.qualifier) for r in nshex)
    assert [(cut, qualifier) for _, cut, qualifier in cuts] == [(0, False), (0, True), (4, True), (8, True), (16, True)]
    season = archive.seasons["nshex-2023"]
    assert {i.via for i in season.invitations} >= {"winner", "passed-down", "wildcard"}


def test_the_archive_has_history_and_names_with_diacritics():
    archive = load_archive(DEMO)
    years = {r.event.date.year for r in archive.events.values()}
    assert len(archive.seasons) >= 2 and min(years) < max(years)
    names = " ".join(p.name for p in archive.players.values()).lower()
    assert all(letter in names for letter in "łżóśęą" + "řšťůčě" + "òèà")
    assert any(len(points) >= 3 for points in archive.ratings.values())  # a rating history across seasons
