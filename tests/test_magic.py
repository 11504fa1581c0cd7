"""Issue 21: the Magic ruleset (mtg-swiss) and the MTR's tiebreakers, on real published events
re-entered as Podium content (tests/data/mtg-melee-15958.yaml and mtg-melee-15606.yaml: their
sources are cited there), and worked by hand from the MTR's own examples."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import yaml
from play import only_problem

from podium.core.errors import Src
from podium.core.model import Pairing
from podium.rules.games.magic import MagicScoring
from podium.rules.kinds import SWISS
from podium.rules.registry import TIEBREAKERS
from podium.rules.standings.metrics import Context
from podium.rules.standings.records import Record
from podium.site.i18n import Language
from podium.core.slug import slugify

DEMO = Path(__file__).resolve().parents[1] / "content"
EVENT = yaml.safe_load((Path(__file__).parent / "data" / "mtg-melee-15958.yaml").read_text(encoding="utf-8"))
DRAWS = yaml.safe_load((Path(__file__).parent / "data" / "mtg-melee-15606.yaml").read_text(encoding="utf-8"))


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


def game_win_of(matches, all_drawn_match: str) -> dict[str, float]:
    """GW% of every player of ``matches``: (round, first, second, games won by each, games drawn),
    scored by the magic scoring as a round file's 'score' and 'drawn_games' are."""
    scoring = MagicScoring(win=3, draw=1, loss=0, score_means="games", all_drawn_match=all_drawn_match)
    records: dict[str, Record] = {}
    for number, first, second, score, drawn in matches:
        pairing = Pairing(players=(first, second), src=Src("rounds.yaml", number), score=score, drawn_games=drawn)
        for outcome in scoring.outcomes(pairing, number):
            records.setdefault(outcome.player, Record(outcome.player)).add(outcome)
    ctx = Context(records, seed=0, kind=SWISS, scoring=scoring)
    return {p: TIEBREAKERS["gw"]().value(p, ctx) for p in sorted(records)}


def test_a_match_of_three_drawn_games_earns_a_game_point_a_game_by_the_mtr_and_none_on_melee():
    """A plays 13 games: 2-0, 2-1, 2-1, then 0-0-3 (an intentional draw) and 0-2. MTR Appendix C:
    6 games won and 3 drawn make 6·3 + 3·1 = 21 game points of 13·3 = 39, 0.538462. melee.gg
    counts the 0-0-3's games as played but gives them no point: 18/39, 0.461538. E, the other
    side of the 0-0-3 and nothing else, has 3/9 or 0/9, both at the floor of 1/3."""
    matches = [(1, "A", "B", (2, 0), 0), (2, "A", "C", (2, 1), 0), (3, "A", "D", (2, 1), 0),
               (4, "A", "E", (0, 0), 3), (5, "A", "F", (0, 2), 0)]
    assert game_win_of(matches, "mtr")["A"] == round(21 / 39, 6)
    assert game_win_of(matches, "melee")["A"] == round(18 / 39, 6)
    assert game_win_of(matches, "mtr")["E"] == game_win_of(matches, "melee")["E"] == round(1 / 3, 6)
    # a drawn game in a match someone won still earns its point: 2-0-1 is 7 game points of 9 either way
    won_with_a_draw = [(1, "G", "H", (2, 0), 1)]
    assert game_win_of(won_with_a_draw, "melee")["G"] == game_win_of(won_with_a_draw, "mtr")["G"] == round(7 / 9, 6)


def enter_published(tree, data: dict, ruleset: str) -> str:
    """A published event's Swiss rounds as Podium content (as scripts/make_demo.py enters the
    demo's): each match's games won by each player and drawn, a bye, the drops after each round."""
    folder = tree.content / "events" / "published"
    names = sorted({name for rnd in data["rounds"] for match in rnd for name in match[:2] if name != "-"})
    tree.event("published", [{"name": n} for n in names], ruleset=ruleset, paired_by="melee.gg",
               structure={"swiss_rounds": len(data["rounds"]), "cut": 0})
    for number, matches in enumerate(data["rounds"], start=1):
        pairings = []
        for first, second, games in matches:
            won, lost, drawn = map(int, games.split("-"))
            pairings.append({"players": [slugify(first)], "bye": True} if second == "-" else
                            {"players": [slugify(first), slugify(second)], "score": [won, lost],
                             **({"drawn_games": drawn} if drawn else {})})
        drops = [slugify(n) for n in data["drops"].get(number, ())]
        tree.save_round("published", number, {"round": number, "stage": "swiss", "pairings": pairings,
                                              **({"drops": drops} if drops else {})})
    assert folder.exists()
    return "published"


def melee_rules(tree, all_drawn_match: str = "melee") -> None:
    (tree.root / "rulesets").mkdir(exist_ok=True)
    (tree.root / "rulesets/club.yaml").write_text(
        f"id: club\nname: As melee.gg counts\nextends: mtg-swiss\nscoring: {{all_drawn_match: {all_drawn_match}}}\n")


def test_a_published_event_with_intentional_draws_is_reproduced_as_melee_gg_counted_its_0_0_3s(tree, cli):
    """melee.gg event 15606: four 0-0-3 matches. With 'all_drawn_match: melee' every one of the
    54 players' match points, OMW%, GW% and OGW% is melee.gg's to 6 places; the MTR's count
    (mtg-swiss as it is) gives Guilherme Figueira, 9 games won of 14 with a 0-0-3, 30/42."""
    melee_rules(tree)
    event = enter_published(tree, DRAWS, "club")
    rows = {row["player"]: row for row in json.loads(cli("standings", event, "--json").output)["standings"]}
    assert len(rows) == len(DRAWS["standings"]) == 54
    for name, points, omw, gw, ogw in DRAWS["standings"]:
        row = rows[slugify(name)]
        assert (row["points"], row["tiebreaks"]) == (points, {"omw": omw, "gw": gw, "ogw": ogw}), name
    melee_rules(tree, "mtr")
    rows = {row["player"]: row for row in json.loads(cli("standings", event, "--json").output)["standings"]}
    assert rows["guilherme-figueira"]["tiebreaks"]["gw"] == round(30 / 42, 6) != 0.642857


def test_an_unknown_count_of_a_drawn_match_is_refused_at_its_line_with_the_valid_ones(tree, cli):
    melee_rules(tree, "meele")
    tree.event("e1", [{"name": "Ann"}, {"name": "Bob"}], ruleset="club")
    assert only_problem(cli) == ("rulesets/club.yaml:4: 'all_drawn_match' of scoring 'magic' must be one of mtr or "
                                 "melee, not 'meele' (did you mean 'melee'?)")


def test_counting_a_drawn_matchs_games_needs_matches_of_games(tree, cli):
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets/club.yaml").write_text("id: club\nextends: mtg-swiss\ntiebreakers: [omw, random]\n"
                                                  "scoring: {score_means: result, all_drawn_match: melee}\n")
    tree.event("e1", [{"name": "Ann"}, {"name": "Bob"}], ruleset="club")
    assert only_problem(cli) == ("rulesets/club.yaml:4: 'all_drawn_match' of scoring 'magic' counts the games of a "
                                 "drawn match, and 'score_means: result' records no games; write 'score_means: "
                                 "games' or leave 'all_drawn_match' out")
