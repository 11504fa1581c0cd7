"""The event report (issue 17): one immutable answer to what happened, read by the site, the
JSON and the feeds. Checked on the demo archive, whose events are worked in tests/test_demo.py."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from podium.run.archive import load_archive
from podium.formats.export import standings_json

CONTENT = Path(__file__).resolve().parent.parent / "content"


@pytest.fixture(scope="module")
def reports():
    return load_archive(CONTENT).reports


def test_each_bracket_match_has_a_stable_name_and_says_where_its_players_came_from(reports):
    """Poznań regional, top 8 (NS HEX §5.9): quarterfinals 1–4 in bracket order; the semifinal
    pairs the winners of quarterfinals 1 and 4, then 2 and 3. A final without a 3rd-place match."""
    bracket = next(s for s in reports["2023-10-poznan-regional"].stages if s.kind == "knockout").bracket
    assert [m.name for m in bracket[0]] == ["quarterfinal-1", "quarterfinal-2", "quarterfinal-3", "quarterfinal-4"]
    semifinal = bracket[1][0]
    assert semifinal.name == "semifinal-1"
    assert [(s.player, s.came_from) for s in semifinal.sides] == [
        ("jacek-zielinski", "quarterfinal-1"), ("iwona-kwiatkowska", "quarterfinal-4")]
    assert [(m.name, m.match.players) for m in bracket[2]] == [("final", 2)]


def test_the_third_place_match_says_which_semifinal_each_player_lost(reports):
    """Kraków: semifinal 1 Zofia Król beat Michał Woźniak, semifinal 2 Dorota Kowalczyk beat
    Krzysztof Szymański; the losers meet for 3rd place."""
    final_round = next(s for s in reports["2023-04-krakow"].stages if s.kind == "knockout").bracket[-1]
    third = next(m for m in final_round if m.name == "third-place")
    assert [(s.player, s.came_from) for s in third.sides] == [
        ("michal-wozniak", "semifinal-1"), ("krzysztof-szymanski", "semifinal-2")]


def test_a_bye_says_why_it_was_given(reports):
    """Łódź, 7 players: round 1's bye is drawn at random, round 2's goes to the lowest-ranked
    player without one (NS HEX §5.4); each is worth 3 TP."""
    byes = [[(s.player, s.flag) for t in rnd.tables if t.bye for s in t.seats] for rnd in reports["2023-07-lodz"].rounds[:2]]
    assert byes == [[("anna-stepien", "bye-round-1-random")], [("anna-grabowska", "bye-lowest-ranked")]]
    first_bye = next(t for t in reports["2023-07-lodz"].rounds[0].tables if t.bye)
    assert (first_bye.outcome.kind, first_bye.outcome.numbers) == ("bye", (3.0,))


def test_a_player_of_a_2v2_event_has_partners_apart_from_opponents(reports):
    """Micromutants extreme, groups of four, 2 vs 2 with rotating pairs: in each game one
    partner and two opponents, never the partner among them."""
    report = reports["2023-10-micromutants-estremo"]
    for player in report.players:
        two_vs_two = [g for g in player.games if g.partners]
        assert len(two_vs_two) >= 3, player.player
        for game in two_vs_two:
            assert len(game.partners) == 1 and len(game.opponents) == 2
            assert not set(game.partners) & set(game.opponents) and player.player not in game.opponents


def test_the_report_is_immutable(reports):
    report = reports["2023-04-krakow"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        report.name = "changed"  # type: ignore[misc]
    with pytest.raises(TypeError):
        report.standings[0].tiebreaks["sos"] = 0  # type: ignore[index]


def test_standings_json_is_the_report_in_contract_form(reports):
    """CONTRACT.md: the final standings and each stage, read from the report alone."""
    report = reports["2023-04-krakow"]
    data = standings_json(report)
    assert [row["player"] for row in data["standings"]] == [row.player for row in report.standings]
    assert [m["match"] for m in data["stages"][1]["matches"]][-2:] == ["final", "third-place"]


def test_a_drawn_knockout_table_names_the_winner_the_bracket_names(reports):
    """Kraków quarterfinal, Dorota Kowalczyk v Jacek Wieczorek, 4 : 4 on HQ: a drawn elimination
    match goes to the higher seed (NS HEX §5.3), and the bracket sends Dorota on. The round's table
    had marked nobody, the report working the winner out again without the seeds."""
    table = next(t for t in reports["2023-04-krakow"].rounds[4].tables
                 if {s.player for s in t.seats} == {"dorota-kowalczyk", "jacek-wieczorek"})
    assert [(s.player, s.won) for s in table.seats] == [("dorota-kowalczyk", True), ("jacek-wieczorek", False)]
