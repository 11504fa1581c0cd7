"""`podium check` lists every problem of every event in one run (issue 35): the rules engine's
findings of a sound event are not held back because another file has a problem of its shape;
only those that could be consequences of one (the event's own files, its ruleset, players.yaml)
wait for the next run."""
from __future__ import annotations

import os

from conftest import nshex_player

ARMY_REUSED = ("content/events/sound/rounds/2.yaml:11: Player 01 already played 'Borgo' in the Swiss rounds; "
               "each army once (§6.2)")


def army_reused(tree, event_id: str = "sound") -> None:
    """An eight-player event whose p01 fields 'Borgo' in rounds 1 and 2: a problem the rules
    engine finds (the files' shape is sound), at round 2's line 11."""
    tree.event(event_id, 8)
    tree.save_round(event_id, 1, {"round": 1, "stage": "swiss", "pairings": [
        {"table": i, "players": [f"p{2 * i - 1:02d}", f"p{2 * i:02d}"], "score": [12, 5],
         "armies": [nshex_player(2 * i - 1)["armies"][0], nshex_player(2 * i)["armies"][0]]} for i in range(1, 5)]})
    tree.save_round(event_id, 2, {"round": 2, "stage": "swiss", "pairings": [
        {"table": 1, "players": ["p01", "p03"], "score": [12, 5], "armies": ["Borgo", "Iron Gang"]},
        *({"table": table, "players": players, "score": [12, 5], "armies": [nshex_player(int(players[0][1:]))["armies"][1],
                                                                          nshex_player(int(players[1][1:]))["armies"][1]]}
          for table, players in ((2, ["p02", "p04"]), (3, ["p05", "p07"]), (4, ["p06", "p08"])))]})


def problems(cli) -> list[str]:
    output = cli("check", expect=1).output
    assert "Traceback" not in output
    return output.strip().splitlines()


def test_an_engine_finding_is_listed_beside_another_events_unknown_key(tree, cli):
    army_reused(tree)
    tree.event("broken", 8, colour="red")
    lines = problems(cli)
    assert lines[-1] == "2 problems found.", lines
    assert lines[0].startswith("content/events/broken/event.yaml:7: unknown key 'colour' in event.yaml")
    assert lines[1] == ARMY_REUSED


def test_an_engine_finding_is_listed_beside_another_events_yaml_syntax_error(tree, cli):
    army_reused(tree)
    tree.event("broken", 8)
    tree.write("events/broken/event.yaml", "name: [unclosed\n")
    lines = problems(cli)
    assert lines[-1] == "2 problems found.", lines
    assert lines[0].startswith("content/events/broken/event.yaml:1: YAML syntax")
    assert lines[1] == ARMY_REUSED


def test_an_engine_finding_is_listed_beside_problems_of_site_yaml_and_a_season(tree, cli):
    """Neither site.yaml nor a season is read by an event's replay: their problems hold back nothing."""
    army_reused(tree)
    tree.write("site.yaml", {"title": "Test site", "colour": "red"})
    tree.write("seasons/s.yaml", {"name": "S", "ruleset": "neuroshima-hex-pl-2023", "points": "many"})
    lines = problems(cli)
    assert lines[-1] == "3 problems found.", lines
    assert lines[0] == ARMY_REUSED
    assert lines[1] == "content/seasons/s.yaml:3: 'points' must be a mapping (key: value), not 'many'"
    assert lines[2].startswith("content/site.yaml:2: unknown key 'colour'")


def test_a_problem_in_players_yaml_holds_back_the_engine_findings(tree, cli):
    """Every registration takes its club, rating… from players.yaml: with an entry of it wrong, an
    event's replay may find what is only a consequence, so its findings wait for the next run."""
    army_reused(tree)
    tree.write("players.yaml", [{"name": "Player 01", "id": "p01", "colour": "red"}])
    lines = problems(cli)
    assert lines[-1] == "1 problem found.", lines
    assert lines[0].startswith("content/players.yaml:3: unknown key 'colour'")
    tree.write("players.yaml", [{"name": "Player 01", "id": "p01"}])
    assert problems(cli) == [ARMY_REUSED, "1 problem found."]


def test_an_event_of_another_game_than_its_season_holds_back_its_own_findings_alone(tree, cli):
    """Perhaps its ruleset is the wrong one: what its replay found under it may be no problem."""
    tree.write("seasons/league.yaml", {"name": "League", "ruleset": "tantrix"})
    army_reused(tree)
    army_reused(tree, "other")
    event = tree.content / "events/other/event.yaml"
    event.write_text(event.read_text(encoding="utf-8") + "season: league\n", encoding="utf-8")
    lines = problems(cli)
    assert lines[-1] == "2 problems found.", lines
    assert lines[0].startswith("content/events/other/event.yaml:3: 'ruleset: neuroshima-hex-pl-2023'")
    assert lines[1] == ARMY_REUSED


def test_a_link_out_of_the_content_still_stops_everything_before_any_file_is_read(tree, cli, tmp_path):
    """Safety first: a file read through the link could be quoted in a problem or published."""
    army_reused(tree)
    tree.event("broken", 8, colour="red")
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: [hunter2\n", encoding="utf-8")
    os.symlink(secret, tree.content / "events/broken/rounds.yaml")
    lines = problems(cli)
    assert lines == ["content/events/broken/rounds.yaml: is a symbolic link to a place outside the content "
                     "folder; copy the file in instead", "1 problem found."]


def test_an_engine_finding_is_listed_beside_a_problem_of_another_events_ruleset(tree, cli):
    """A house ruleset with a problem holds back its own events alone: the others are replayed
    and their findings listed in the same run (before, the ruleset's problem stopped check)."""
    army_reused(tree)
    tree.house_rules("neuroshima-hex-pl-2023", "tiebreakers: [hq_diff, no-such-tiebreaker]\n")
    lines = problems(cli)
    assert lines[-1] == "2 problems found.", lines
    assert lines[0].startswith("rulesets/club.yaml:4: ") and "no-such-tiebreaker" in lines[0], lines
    assert lines[1] == ARMY_REUSED


def test_one_events_commands_answer_beside_another_events_broken_ruleset(tree, cli):
    """standings of a sound event answer while another event's house ruleset has a problem; the
    event on that ruleset is told its ruleset's problem, and nothing else."""
    tree.event("sound", 8)
    tree.house_rules("neuroshima-hex-pl-2023", "tiebreakers: [hq_diff, no-such-tiebreaker]\n")
    assert cli("standings", "sound").output.startswith("Event sound — provisional standings")
    lines = cli("standings", "e1", expect=1).output.strip().splitlines()
    assert lines[0].startswith("rulesets/club.yaml:4: ") and lines[-1] == "1 problem found.", lines
