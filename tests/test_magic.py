"""Issue 21: the Magic ruleset (mtg-swiss) and the MTR's tiebreakers, on a real published event
re-entered as Podium content (tests/data/mtg-melee-15958.yaml: its source is cited there), and
worked by hand from the MTR's own examples."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import yaml

from podium.site.i18n import Language
from podium.core.slug import slugify

DEMO = Path(__file__).resolve().parents[1] / "content"
EVENT = yaml.safe_load((Path(__file__).parent / "data" / "mtg-melee-15958.yaml").read_text(encoding="utf-8"))


def enter_event(tree) -> str:
    """The published event as the demo archive holds it (scripts/make_demo.py enters it from the
    data file): registrations, and each round's matches as published."""
    shutil.copytree(DEMO / "events" / "2023-05-legacy-semanal", tree.content / "events" / "legacy")
    return "legacy"


def test_a_published_magic_event_reproduces_its_points_and_tiebreakers(tree, cli):
    """Every player's match points, OMW%, GW% and OGW% as Melee published them, to 6 places: the
    MTR's floor is 1/3 exactly, a bye counts in the player's own percentages as a match won 2–0
    and is no opponent, a dropped player's percentages are over the rounds he played."""
    event = enter_event(tree)
    rows = {row["player"]: row for row in json.loads(cli("standings", event, "--json").output)["standings"]}
    for name, points, omw, gw, ogw in EVENT["standings"]:
        row = rows[slugify(name)]
        assert (row["points"], row["tiebreaks"]) == (points, {"omw": omw, "gw": gw, "ogw": ogw}), name


def test_the_published_order_is_points_then_omw_gw_ogw(tree, cli):
    event = enter_event(tree)
    order = [row["player"] for row in json.loads(cli("standings", event, "--json").output)["standings"]]
    published = [slugify(name) for name, *_ in EVENT["standings"]]
    active = [p for p in published if p not in {slugify(n) for names in EVENT["drops"].values() for n in names}]
    assert [p for p in order if p in active] == active


def test_rounds_another_program_paired_are_not_redrawn_when_the_event_says_so(tree, cli):
    """'paired_by: melee.gg': the published rounds stand; without it, check notes each round whose
    pairings are not Podium's draw."""
    event = enter_event(tree)
    assert cli("check").output.startswith("ok:")
    path = tree.content / "events" / event / "event.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("paired_by: melee.gg\n", ""), encoding="utf-8")
    assert "the pairings of round 2 differ from the draw" in cli("check").output


def test_the_site_shows_the_percentages_as_per_cents(tree, cli):
    """Players read OMW%, GW% and OGW% as per cents, as Melee shows them, in the site's language;
    `standings --json` keeps them as fractions (the contract)."""
    enter_event(tree)
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site/events/legacy/index.html").read_text(encoding="utf-8")
    winner = page[page.index("Mark Bittencourt", page.index('<table class="standings')):]
    winner = winner[:winner.index("</tr>")]
    assert [cell for cell in re.findall(r'<td class="num tb">([^<]*)</td>', winner)] == ["70.83%", "77.78%", "60.91%"]
    assert "OMW% 70.83% · GW% 77.78% · OGW% 60.91%" in winner  # the line a phone shows under the name


def test_a_per_cent_is_written_as_the_language_writes_it():
    assert [Language(code).percent(0.708333) for code in ("en", "pl", "it", "cs")] == \
        ["70.83%", "70,83%", "70,83%", "70,83\xa0%"]
    assert Language("en").percent(1 / 3) == "33.33%"


def test_the_terminals_standings_show_per_cents_too(tree, cli):
    event = enter_event(tree)
    winner = next(line for line in cli("standings", event).output.splitlines() if "Mark Bittencourt" in line)
    assert winner.split()[-3:] == ["70.83%", "77.78%", "60.91%"]
