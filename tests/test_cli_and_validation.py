"""Organizers make mistakes; the tool names file, line, what is wrong and how to fix it."""
from __future__ import annotations

from podium import __version__
from conftest import nshex_player
from play import strength_results


def test_version(cli):
    assert cli("--version").output.strip() == f"podium, version {__version__}"


def test_clean_content_checks_ok(tree, cli):
    tree.event("e1", 9)
    assert cli("check").output.startswith("ok: 1 event")


def test_every_problem_listed_once_with_file_and_line(tree, cli):
    tree.event("e1", 9, ruleset="neuroshima-hex-pl-2032", colour="red")
    tree.write("events/e1/registrations.yaml", "- name: Ann\n  armies: [Moloch]\n- name: Ann\n")
    result = cli("check", expect=1)
    lines = result.output.strip().splitlines()
    assert "content/events/e1/event.yaml:" in result.output
    assert any("unknown key 'colour' in event.yaml" in line for line in lines)
    assert "content/events/e1/registrations.yaml:3: duplicate player id 'ann'" in result.output
    assert "unknown ruleset 'neuroshima-hex-pl-2032' (did you mean 'neuroshima-hex-pl-2023'?)" in result.output
    assert lines[-1].endswith("problems found.")
    assert "Traceback" not in result.output


def test_broken_yaml_reports_its_line(tree, cli):
    tree.event("e1", 9)
    tree.write("events/e1/rounds/1.yaml", "round: 1\nstage: swiss\npairings:\n  - players: [p01, p02\n")
    result = cli("check", expect=1)
    assert "content/events/e1/rounds/1.yaml:4: YAML syntax" in result.output  # where the [ was opened


def test_score_written_as_12_colon_5_is_refused(tree, cli):
    tree.event("e1", 8)
    tree.write("events/e1/rounds/1.yaml", "round: 1\nstage: swiss\npairings:\n  - players: [p01, p02]\n    score: 12:5\n")
    result = cli("check", expect=1)
    assert "content/events/e1/rounds/1.yaml:5: '12:5' reads as the number 725 in YAML" in result.output


def test_unknown_player_non_slug_folder_and_bad_score(tree, cli):
    tree.event("e1", 8)
    tree.write("events/e1/rounds/1.yaml", {"round": 1, "stage": "swiss", "pairings": [
        {"table": 1, "players": ["p01", "p99"], "score": [12, 5]},
        {"table": 2, "players": ["p03", "p04"], "score": [12]},
    ]})
    tree.event("Bad Folder", 8)
    output = cli("check", expect=1).output
    assert "unknown player 'p99'" in output
    assert "'score' must list 2 numbers" in output
    assert "event folder 'Bad Folder' is not a slug; rename it to 'bad-folder'" in output


def test_army_not_registered_and_reused(tree, cli):
    tree.event("e1", 8)
    first = {"round": 1, "stage": "swiss", "pairings": [
        {"table": i, "players": [f"p{2 * i - 1:02d}", f"p{2 * i:02d}"], "score": [12, 5]} for i in range(1, 5)]}
    first["pairings"][0]["armies"] = ["Borgo", "Moloch"]  # p01 registered Borgo; p02 did not register Moloch
    tree.save_round("e1", 1, first)
    second = {"round": 2, "stage": "swiss", "pairings": [
        {"table": 1, "players": ["p01", "p03"], "score": [12, 5], "armies": ["Borgo", None]},
        {"table": 2, "players": ["p02", "p04"], "score": [12, 5]},
        {"table": 3, "players": ["p05", "p07"], "score": [12, 5]},
        {"table": 4, "players": ["p06", "p08"], "score": [12, 5]}]}
    tree.save_round("e1", 2, second)
    output = cli("check", expect=1).output
    assert "rounds/1.yaml:11: Player 02 did not register 'Moloch'" in output
    assert "rounds/2.yaml:11: Player 01 already played 'Borgo' in the Swiss rounds" in output


def test_roles_organizer_playing_as_own_head_judge(tree, cli):
    tree.event("e1", [{"name": "Olga Organizer", "beginner": True}] + [{"name": f"P{i}", "beginner": True} for i in range(7)])
    output = cli("check", expect=1).output
    assert "Olga Organizer is registered as a player and is also the organizer" in output


def test_pair_writes_commented_round_then_refuses_until_results(tree, cli):
    tree.event("e1", 9)
    assert "wrote content/events/e1/rounds/1.yaml" in cli("pair", "e1").output
    text = tree.round_path("e1", 1).read_text()
    assert "# Fill in each result below" in text and "score: []" in text
    assert text.count("bye: true") == 1
    before = text
    result = cli("pair", "e1", expect=1)
    assert "round 1 has no result yet at table 1, 2, 3, 4" in result.output
    assert tree.round_path("e1", 1).read_text() == before
    assert not tree.round_path("e1", 2).exists()


def test_pair_is_reproducible_and_never_overwrites(tree, cli):
    tree.event("e1", 10)
    cli("pair", "e1")
    first = tree.round_path("e1", 1).read_text()
    tree.round_path("e1", 1).unlink()
    cli("pair", "e1")
    assert tree.round_path("e1", 1).read_text() == first


def test_write_new_file_refuses_existing(tmp_path):
    import pytest

    from podium.core.errors import UserError
    from podium.core.writing import write_new_file

    target = tmp_path / "rounds" / "1.yaml"
    write_new_file(target, "a\n")
    with pytest.raises(UserError, match="never overwrites"):
        write_new_file(target, "b\n")
    assert target.read_text() == "a\n"
    assert [p.name for p in target.parent.iterdir()] == ["1.yaml"]


def test_three_warnings_disqualify(tree, cli):
    tree.event("e1", 8)
    pairings = [{"table": i, "players": [f"p{2 * i - 1:02d}", f"p{2 * i:02d}"], "score": [12, 5],
                 "armies": [nshex_player(2 * i - 1)["armies"][0], nshex_player(2 * i)["armies"][0]]} for i in range(1, 5)]
    tree.save_round("e1", 1, {"round": 1, "stage": "swiss", "pairings": pairings, "penalties": [
        {"player": "p05", "kind": "warning", "reason": "slow play"}] * 3})
    cli("pair", "e1")
    paired = {p for line in tree.read_round("e1", 2)["pairings"] for p in line["players"]}
    assert "p05" not in paired and len(paired) == 7
    assert "disqualified" in cli("standings", "e1").output


def test_standings_of_unknown_event(tree, cli):
    tree.event("e1", 8)
    assert "no event 'e2'; events: e1" in cli("standings", "e2", expect=1).output


def test_a_late_entry_is_paired_from_the_round_they_join(tree, cli):
    players = [nshex_player(i) for i in range(1, 8)] + [{**nshex_player(8), "joins": 2}]
    tree.event("late", players)
    cli("pair", "late")
    first = tree.read_round("late", 1)
    assert "p08" not in [p for pairing in first["pairings"] for p in pairing["players"]]
    strength_results(tree, "late", 1, army_of=lambda p, n: nshex_player(int(p[1:]))["armies"][n - 1])
    cli("pair", "late")
    second = tree.read_round("late", 2)
    assert "p08" in [p for pairing in second["pairings"] for p in pairing["players"]]
    first["pairings"][0]["players"][0] = "p08"  # seating him in round 1 by hand is refused
    tree.save_round("late", 1, first)
    assert "p08 joins in round 2" in cli("check", expect=1).output


def test_a_round_file_records_the_late_entries_its_draw_counted_on(tree, cli):
    # Seven players and p08 joining in round 2: round 1's look-ahead pairs rounds 2–4 with him
    # (issue 15), and the file says so, for `podium verify` (an entry registered after the
    # draw is not one it counted on). A value that is not a later round is refused at its line.
    players = [nshex_player(i) for i in range(1, 8)] + [{**nshex_player(8), "joins": 2}]
    tree.event("late", players)
    cli("pair", "late")
    text = tree.round_path("late", 1).read_text(encoding="utf-8")
    assert 'late_entries: {"p08": 2}' in text.splitlines()
    line = text.splitlines().index('late_entries: {"p08": 2}') + 1
    tree.round_path("late", 1).write_text(text.replace('{"p08": 2}', '{"p08": 1, "p99": 3}'), encoding="utf-8")
    problems = cli("check", expect=1).output.splitlines()
    assert problems[:2] == [
        f"content/events/late/rounds/1.yaml:{line}: 'p08: 1' must be the round p08 joins, after round 1; `podium pair` "
        "wrote it: restore it as it was",
        f"content/events/late/rounds/1.yaml:{line}: unknown player 'p99'; use an id from registrations.yaml"]
