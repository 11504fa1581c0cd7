"""Content that would silently lose players or results, change meaning on reading, or crash a
command is refused with file:line, what is wrong and how to fix it (exit 1, no traceback)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from play import only_problem

from podium.core.errors import UserError


def test_an_empty_registrations_file_is_an_error_not_an_event_without_players(tree, cli):
    tree.event("e1", 8)
    tree.write("events/e1/registrations.yaml", "# everyone was here before a bad merge\n")
    assert only_problem(cli) == ("content/events/e1/registrations.yaml:1: the file is empty or only comments; list the "
                                 "players as '- name: …' (or write [] while nobody has registered)")


def test_an_explicitly_empty_registration_list_is_fine(tree, cli):
    tree.event("e1", [])
    assert cli("check").output.startswith("ok: 1 event")


@pytest.mark.parametrize("text", ["", "# round 1, results to come\n"])
def test_an_empty_or_comment_only_round_file_is_an_error(tree, cli, text):
    tree.event("e1", 8)
    tree.write("events/e1/rounds/1.yaml", text)
    assert only_problem(cli).startswith("content/events/e1/rounds/1.yaml:1: the file is empty or only comments; "
                                        "write the round as `podium pair` does")


def test_a_file_named_rounds_is_an_error_in_check_and_pair(tree, cli):
    tree.event("e1", 8)
    tree.write("events/e1/rounds", "round: 1\n")
    expected = "content/events/e1/rounds: 'rounds' must be a folder holding the round files 1.yaml, 2.yaml, …"
    assert only_problem(cli).startswith(expected)
    assert expected in cli("pair", "e1", expect=1).output


@pytest.mark.parametrize("date, message", [
    ("2026-02-30", "event.yaml:2: '2026-02-30' is not a real date; write YYYY-MM-DD with a real month and day"),
    ("2026-22-11", "event.yaml:2: '2026-22-11' is not a real date"),
    ("2026-01-01 10:00:00", "event.yaml:2: 'date' must be a date without a time (YYYY-MM-DD), not 2026-01-01 10:00:00"),
    # quoted, YAML reads text, which pydantic named only 'Input should be a valid date'
    ("'2026-02-30'", "event.yaml:2: 'date' must be a date written YYYY-MM-DD without quotes, like 2026-05-16 "
                     "(a real month and day, no time), not '2026-02-30'"),
    ('"2026-05-16 10:00"', "event.yaml:2: 'date' must be a date written YYYY-MM-DD without quotes"),
    ("20260230", "event.yaml:2: 'date' must be a date written YYYY-MM-DD without quotes, like 2026-05-16 "
                 "(a real month and day, no time), not the number 20260230"),
])
def test_impossible_dates_and_times_are_refused(tree, cli, date, message):
    tree.event("e1", 8)
    tree.event("e2", 8)  # a second event: sorting events by date mixed dates and datetimes
    path = tree.content / "events/e1/event.yaml"
    path.write_text(path.read_text().replace("date: 2023-05-13", f"date: {date}"))
    assert only_problem(cli).startswith(f"content/events/e1/{message}")


def test_a_score_in_quotes_is_one_problem(tree, cli):
    """A score may be a whole number or a tenth: a quoted '12' failed both and was said twice."""
    tree.event("e1", [{"name": "Anna", "beginner": True}, {"name": "Bo", "beginner": True}])
    tree.write("events/e1/rounds/1.yaml", "round: 1\nstage: swiss\npairings:\n  - players: [anna, bo]\n"
               "    armies: [Moloch, Borgo]\n    score: ['12', 5]\n")
    assert only_problem(cli) == "content/events/e1/rounds/1.yaml:6: 'score' must be a number, not '12'"


def test_a_seed_of_thousands_of_digits_is_refused(tree, cli):
    tree.event("e1", 8, seed=1)
    path = tree.content / "events/e1/event.yaml"
    path.write_text(path.read_text().replace("seed: 1", "seed: " + "7" * 5000))
    assert only_problem(cli).startswith("content/events/e1/event.yaml:4: '77777777777777777777…' is a number of 5000 digits")


@pytest.mark.parametrize("written, read_as", [("012", "the number 10"), ("2023-05-06", "the date 2023-05-06"),
                                              ("no", "false"), ("0x1f", "the number 31")])
def test_a_name_yaml_would_read_as_something_else_must_be_quoted(tree, cli, written, read_as):
    tree.event("e1", [])
    tree.write("events/e1/registrations.yaml", f"- name: {written}\n  beginner: true\n")
    assert only_problem(cli) == (f"content/events/e1/registrations.yaml:1: 'name' must be text, but YAML reads {written} "
                                 f"as {read_as}; put it in quotes: name: \"{written}\"")


def test_an_id_yaml_would_read_as_a_number_must_be_quoted_in_a_round(tree, cli):
    tree.event("e1", [{"name": "Forty Two", "id": "42", "beginner": True}, {"name": "Bo", "beginner": True}])
    tree.write("events/e1/rounds/1.yaml", "round: 1\nstage: swiss\npairings:\n  - players: [42, bo]\n")
    assert only_problem(cli) == ("content/events/e1/rounds/1.yaml:4: player ids are text, but YAML reads 42 as "
                                 "the number 42; put it in quotes: \"42\"")


def test_a_player_twice_in_manual_order_is_a_contradiction(tree, cli):
    tree.event("e1", 8, manual_order=["p01", "p02", "p01"])
    assert only_problem(cli) == ("content/events/e1/event.yaml:10: 'p01' is listed twice in 'manual_order' "
                                 "(also at line 8); keep one")


def test_front_matter_that_is_not_a_mapping_is_refused(tree, cli):
    tree.write("pages/about.md", "---\n- title\n- About\n---\nHello\n")
    assert only_problem(cli) == ("content/pages/about.md:2: the front matter between the '---' lines must be "
                                 "'key: value' lines, like 'title: About us'")


def test_a_symbolic_link_loop_is_refused_and_editor_lock_files_are_ignored(tree, cli):
    tree.event("e1", 8)
    (tree.content / "pages").mkdir()
    os.symlink("loop.md", tree.content / "pages/loop.md")
    os.symlink("user@host.1234", tree.content / "pages/.#about.md")  # what Emacs leaves while a file is open
    assert only_problem(cli) == "content/pages/loop.md: is a symbolic link that leads back to itself; delete it"
    (tree.content / "pages/loop.md").unlink()
    assert cli("check").output.startswith("ok: 1 event")
    os.symlink("gone.md", tree.content / "pages/about.md")
    assert only_problem(cli) == "content/pages/about.md: is a symbolic link to nothing; delete it or point it at a file"


def test_the_link_check_asks_the_system_once_a_folder_not_once_a_file(tree, monkeypatch):
    """Every build and every save under serve looks for links leading out of the content; on a
    ten-times archive (13,000 files) asking the system about each file took a fifth of serve's
    reading after a correction. A folder's listing says which entries are links."""
    from podium.content.validate.files import refuse_escaping_links

    for event_id in ("e1", "e2", "e3"):
        tree.event(event_id, 8)
    asked = []
    for name in ("is_symlink", "lstat", "stat"):
        original = getattr(Path, name)
        monkeypatch.setattr(Path, name, lambda self, *a, _name=name, _original=original, **k: (
            asked.append((_name, self.name)), _original(self, *a, **k))[1])
    refuse_escaping_links(tree.content)
    assert [(call, name) for call, name in asked if name != tree.content.name] == []  # the folder itself resolved
    os.symlink("/etc/hostname", tree.content / "events/e2/notes.txt")
    with pytest.raises(UserError, match="notes.txt: is a symbolic link to a place outside the content folder"):
        refuse_escaping_links(tree.content)


def test_a_file_that_does_not_parse_is_reported_once(tree, cli):
    """Not also as 'needs name', 'needs ruleset', … for every key it would have had."""
    tree.event("e1", 8)
    tree.write("events/e1/event.yaml", "name: [unclosed\n")
    assert only_problem(cli).startswith("content/events/e1/event.yaml:1: YAML syntax")


@pytest.mark.parametrize("where, text, line", [
    ("events/e1/rounds/1.yaml", "round: 1\nstage: swiss\npairings: []\npenalties:\n  - {player: p01, kind: points, points: .nan}\n", 5),
    ("seasons/s.yaml", "name: S\npoints: {1: .inf}\n", 2),
])
def test_nan_and_infinity_are_refused_wherever_a_number_goes(tree, cli, where, text, line):
    tree.event("e1", 8)
    tree.write(where, text)
    assert only_problem(cli).startswith(f"content/{where}:{line}: '")
    assert "is not a number a result can have" in cli("check", expect=1).output


@pytest.mark.parametrize("season, message", [
    ("name: S\nwildcards:\n  - {player: p01, reason: host}\n",
     "content/seasons/s.yaml:2: wild cards are invitations: add 'qualification: invitations' or remove the wild cards"),
    ("name: S\nqualification: invitation\n",
     "content/seasons/s.yaml:2: 'qualification' must be one of invitations, not 'invitation' (did you mean "
     "'invitations'?)"),
    ("name: S\nqualification: invitations\nwildcards:\n  - {player: nobody, reason: host}\n",
     "content/seasons/s.yaml:4: wild card for unknown player 'nobody'"),
])
def test_season_settings_that_would_be_ignored_are_refused(tree, cli, season, message):
    tree.event("e1", 8, season="s")
    tree.write("seasons/s.yaml", season)
    assert only_problem(cli) == message


def test_a_missing_ruleset_is_reported_once(tree, cli):
    tree.event("e1", 8)
    path = tree.content / "events/e1/event.yaml"
    path.write_text(path.read_text().replace("ruleset: neuroshima-hex-pl-2023\n", ""))
    assert only_problem(cli) == "content/events/e1/event.yaml:1: event.yaml needs 'ruleset'"


def test_json_output_never_holds_nan_or_infinity():
    """Content cannot hold them; a computed one is a bug to stop on, not invalid JSON for other tools."""
    from podium.formats.export import dumps

    with pytest.raises(ValueError):
        dumps({"points": float("nan")})


def test_ids_are_whole_slugs_short_enough_for_a_file_name(tree, cli):
    tree.event("e1", [{"name": "Ann", "id": "ann\n", "beginner": True}, {"name": "B" * 300, "beginner": True}])
    result = cli("check", expect=1).output
    assert ("content/events/e1/registrations.yaml:2: 'id' must be a lowercase slug like 'ann' "
            "(a-z, 0-9, -; at most 100 characters)") in result
    assert "content/events/e1/registrations.yaml:6: 'name' is 300 characters long; at most 200" in result


@pytest.mark.parametrize("text, message", [
    ('title: !!bool "x"\n', "content/site.yaml:1: 'x' cannot be read as the bool its tag '!!bool' asks for; remove the tag"),
    ('title: T\ndescription: !!timestamp "soon"\n', "content/site.yaml:2: 'soon' is not a real date; write YYYY-MM-DD"),
    ('title: T\nfooter: !!int "x"\n', "content/site.yaml:2: 'x' cannot be read as the int its tag '!!int' asks for"),
    ('title: T\nfooter: !!binary "aGVsbG8="\n', "content/site.yaml:2: a '!!binary' value has no place in content"),
])
def test_a_value_its_explicit_tag_cannot_read_is_refused_with_its_line(tree, cli, text, message):
    """PyYAML's constructors raise KeyError (!!bool) and AttributeError (!!timestamp) here."""
    tree.event("e1", 4)
    tree.write("site.yaml", text)
    assert only_problem(cli).startswith(message)


@pytest.mark.parametrize("where, text, message", [
    ("events/e1/rounds/1.yaml", "r\n", "content/events/e1/rounds/1.yaml:1: round file 1.yaml must be a mapping"),
    ("events/e1/rounds/1.yaml", "- round: 1\n", "content/events/e1/rounds/1.yaml:1: round file 1.yaml must be a mapping"),
    ("events/e1/registrations.yaml", "name: A\n", "content/events/e1/registrations.yaml:1: registrations.yaml must be a list"),
    ("events/e1/event.yaml", "0\n", "content/events/e1/event.yaml:1: event.yaml must be a mapping"),
    ("site.yaml", "[T]\n", "content/site.yaml:1: site.yaml must be a mapping"),
])
def test_a_file_of_the_wrong_shape_is_one_problem_with_a_line(tree, cli, where, text, message):
    """Not also 'needs round', 'needs stage', … without a line, for keys it could not have."""
    tree.event("e1", 4)
    tree.write(where, text)
    assert only_problem(cli).startswith(message)


def test_text_quoted_in_a_problem_cannot_forge_lines_or_control_the_terminal(tree, cli):
    tree.event("e1", 4)
    tree.write("events/e1/registrations.yaml", '- name: A\n  "x\\n1.yaml:9: fake\\e[2J\\u202e": 1\n')
    assert only_problem(cli).startswith(
        "content/events/e1/registrations.yaml:2: unknown key 'x\\n1.yaml:9: fake\\x1b[2J\\u202e' in a player entry")


def test_an_editor_lock_file_among_the_organizers_rulesets_is_ignored(tree, cli):
    """Emacs leaves .#name.yaml, a link to nothing, while a ruleset is being edited."""
    tree.event("e1", 4)
    (tree.root / "rulesets").mkdir()
    os.symlink("user@host.1234:1700000000", tree.root / "rulesets" / ".#club.yaml")
    (tree.root / "rulesets" / ".club.yaml").write_text("not: [a ruleset\n")
    assert cli("check").output.startswith("ok: 1 event")


def test_init_ignores_the_site_and_the_folders_a_killed_build_leaves(tmp_path, monkeypatch, cli):
    monkeypatch.chdir(tmp_path)
    cli("init", "club")
    assert (tmp_path / "club" / ".gitignore").read_text().splitlines() == ["/site/", "/.site-*/"]


@pytest.mark.parametrize("structure, players, message", [
    ("{swiss_rounds: 100000000, cut: 0}", 6,
     "event.yaml:7: 'swiss_rounds: 100000000' is more rounds than any tournament plays; at most 99"),
    ("[{kind: swiss, rounds: 1000000}]", 6,
     "event.yaml:7: 'rounds: 1000000' is more rounds than any tournament plays; at most 99"),
    ("[{kind: round-robin, groups: 100000000, games: 2}]", 8,
     "event.yaml:7: 'groups: 100000000' leaves groups of fewer than 2 of the 8 players; at most 4 groups"),
    ("[{kind: round-robin, groups: 5}]", 8,
     "event.yaml:7: 'groups: 5' leaves groups of fewer than 2 of the 8 players; at most 4 groups"),
    ("[{kind: round-robin, groups: 0}]", 8, "event.yaml:7: 'groups' must be a whole number of at least 1"),
    ("[{kind: knockout, seeding: random, best_of: 1001}]", 8,
     "event.yaml:7: 'best_of: 1001' is more games than a match has; at most 99"),
])
def test_structure_numbers_no_event_can_play_are_refused_at_once(tree, cli, structure, players, message):
    """Such numbers hung check, pair and standings (a hundred million rounds to plan), or made
    pair write a round that check then refused (a group of one player has no one to play)."""
    tree.event("e1", players)
    path = tree.content / "events/e1/event.yaml"
    path.write_text(path.read_text(encoding="utf-8") + f"structure: {structure}\n", encoding="utf-8")
    assert only_problem(cli) == f"content/events/e1/{message}"
    assert message in cli("pair", "e1", expect=1).output


def test_a_late_entry_after_the_last_round_is_refused(tree, cli):
    players = [{"name": f"Player {i}", "id": f"p{i}", "armies": ["Borgo", "Moloch", "Vegas", "Hegemonia", "Smart"]}
               for i in range(1, 7)]
    players[5]["joins"] = 99
    tree.event("e1", players)
    assert only_problem(cli) == ("content/events/e1/registrations.yaml:41: 'joins: 99' is after the last round of "
                                 "the swiss stage (round 4); a late entry starts in round 2 to 4")


@pytest.mark.parametrize("name, shown", [
    ("Anna\\nNowak", "a line break"),
    ("Anna\\x1b[31mNowak", "the control character \\x1b"),
    ("Anna\\u202eNowak", "the direction override U+202E"),
    ("Anna\\u0000Nowak", "the control character \\x00"),
])
def test_a_name_with_a_control_character_is_refused(tree, cli, name, shown):
    """A line break tore the standings table apart; ESC and BEL reached the pages; U+202E shows
    a name backwards (spoofing another player's)."""
    tree.event("e1", 4)
    tree.write("events/e1/registrations.yaml", f'- name: "{name}"\n  armies: [Borgo, Moloch, Vegas, Smart, Hegemonia]\n')
    assert only_problem(cli) == (f"content/events/e1/registrations.yaml:1: 'name' holds {shown}, which has no "
                                 "place in it; write it as one line of plain text")


def test_a_multiline_description_keeps_its_lines(tree, cli):
    tree.event("e1", 4, description="Entry fee 20 zł.\n\nBring your armies.\n")
    assert cli("check").output.startswith("ok: 1 event")


@pytest.mark.parametrize("key, limit", [("name", 200), ("venue", 200), ("description", 100_000)])
def test_text_beyond_any_real_length_is_refused(tree, cli, key, limit):
    """A 20 MB name made a 191 MB site (every page that names the player repeats it)."""
    tree.event("e1", 4, **{key: "x" * (limit + 1)})
    assert only_problem(cli) == (f"content/events/e1/event.yaml:{1 if key == 'name' else 7}: '{key}' is "
                                 f"{limit + 1:,} characters long; at most {limit:,}")


def test_an_army_with_a_control_character_is_refused_at_its_line(tree, cli):
    tree.event("e1", 4)
    tree.write("events/e1/registrations.yaml", '- name: Ann\n  armies:\n    - Borgo\n    - "Mo\\u202eloch"\n')
    assert only_problem(cli) == ("content/events/e1/registrations.yaml:4: 'armies' holds the direction override "
                                 "U+202E, which has no place in it; write it as one line of plain text")


PENALTIES = "round: 1\nstage: swiss\npairings: []\npenalties:\n"


@pytest.mark.parametrize("where, text, message", [
    ("events/e1/rounds/1.yaml", PENALTIES + "  - {player: p01, kind: points, points: -1}\n",
     "content/events/e1/rounds/1.yaml:5: 'points: -1' would add points; a penalty takes points off: write how many, "
     "like 'points: 1'"),
    ("events/e1/rounds/1.yaml", PENALTIES + "  - {player: p01, kind: points}\n",
     "content/events/e1/rounds/1.yaml:5: a 'kind: points' penalty needs 'points:', how many points it takes off"),
    ("events/e1/rounds/1.yaml", PENALTIES + "  - {player: p01, kind: warning, points: 2}\n",
     "content/events/e1/rounds/1.yaml:5: 'points: 2' belongs to a 'kind: points' penalty; a warning takes no "
     "points off: remove it"),
    ("events/e1/rounds/1.yaml", PENALTIES + "  - {player: p01, kind: disqualification}\n"
                                            "  - {player: p01, kind: disqualification}\n",
     "content/events/e1/rounds/1.yaml:6: p01 is disqualified twice (first at line 5); remove one"),
    ("seasons/s.yaml", "name: S\npoints: {1: 10, 2: -5}\n",
     "content/seasons/s.yaml:2: 'points' must be at least 0, not the number -5"),
])
def test_penalties_and_points_that_mean_the_opposite_or_twice_are_refused(tree, cli, where, text, message):
    tree.event("e1", 8, season="s")
    tree.write("seasons/s.yaml", "name: S\n")
    cli("pair", "e1")
    tree.write(where, text)
    assert only_problem(cli) == message


def test_an_event_of_another_game_than_its_season_is_refused(tree, cli):
    tree.event("e1", 8, season="s")
    tree.write("seasons/s.yaml", "name: S\nruleset: tantrix\n")
    assert only_problem(cli) == ("content/events/e1/event.yaml:3: 'ruleset: neuroshima-hex-pl-2023' (Neuroshima "
                                 "HEX!) but its season 's' is a season of tantrix (Tantrix, content/seasons/s.yaml:2); "
                                 "move the event to a season of its game or correct one of them")


@pytest.mark.parametrize("text, message", [
    ("---\ntitle: About\ndate: 2023-01-01\n---\nHello\n",
     "content/pages/about.md:3: unknown key 'date' in the front matter; valid keys: title"),
    ("---\ntitle: About\nHello\n",
     "content/pages/about.md:1: the front matter that starts here has no closing '---' line; add one after it"),
])
def test_page_front_matter_that_would_be_ignored_is_refused(tree, cli, text, message):
    tree.write("pages/about.md", text)
    assert only_problem(cli) == message


def test_an_empty_player_registry_is_an_error_as_registrations_are(tree, cli):
    tree.write("players.yaml", "# everyone, before a bad merge\n")
    assert only_problem(cli) == ("content/players.yaml:1: the file is empty or only comments; list the players as "
                                 "'- name: …' (or delete the file)")


def test_an_event_under_house_rules_extending_its_seasons_ruleset_counts_for_it(tree, cli):
    tree.event("e1", 8, season="s", ruleset="our-hex")
    tree.write("seasons/s.yaml", "name: S\nruleset: neuroshima-hex-pl-2023\n")
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets/our-hex.yaml").write_text("id: our-hex\nname: Ours\nextends: neuroshima-hex-pl-2023\n")
    assert cli("check").output.startswith("ok: 1 event, 1 season")


def test_a_link_to_a_folder_that_holds_it_is_refused(tree, cli):
    """content/pages/up → .. made serve's watcher rebuild every second for ever."""
    tree.event("e1", 4)
    (tree.content / "pages").mkdir()
    os.symlink("..", tree.content / "pages/up")
    assert only_problem(cli) == ("content/pages/up: is a symbolic link to a folder that holds it, an endless loop "
                                 "for anything that follows it (serve's watcher did); delete it")


def test_a_seed_of_the_wrong_kind_is_one_problem(tree, cli):
    tree.event("e1", 4, seed="abc")
    assert only_problem(cli) == "content/events/e1/event.yaml:4: 'seed' must be a whole number, not 'abc'"


def test_an_empty_required_value_is_said_at_its_own_line(tree, cli):
    tree.write("site.yaml", "# The site's settings.\nlanguage: en\n\ntitle:\n")
    assert only_problem(cli) == "content/site.yaml:4: 'title' is empty, and site.yaml needs it; write it after the colon"


def test_a_folder_without_site_yaml_is_refused_before_anything_is_read(tmp_path, cli, monkeypatch):
    """'--content /' walked the whole disk, and listed every link on it as a problem."""
    monkeypatch.setattr("os.walk", lambda *a, **k: pytest.fail("walked a folder that is not content"))
    assert cli("check", "--content", str(tmp_path), expect=1).output == (
        f"{tmp_path}/site.yaml: site.yaml is missing; create it with at least 'title: My tournaments' (or pass "
        "--content DIR naming the folder that holds it, or start an archive with: podium init)\n1 problem found.\n")


@pytest.mark.parametrize("ruleset", ["micromutants-extreme", "neuroshima-hex-pl-2023", "tantrix"])
def test_pair_writes_no_round_for_an_event_nobody_has_registered_for(tree, cli, ruleset):
    tree.event("e1", [], ruleset=ruleset)
    assert cli("pair", "e1", expect=1).output == (
        "content/events/e1/event.yaml:1: round 1 cannot be paired: fewer than two players are registered; register "
        "the players in registrations.yaml, then run pair again\n1 problem found.\n")
    assert not (tree.content / "events/e1/rounds").exists()


def test_a_field_too_small_for_the_rulesets_stages_is_said_at_the_event(tree, cli):
    tree.event("e1", [{"name": f"P{i}", "id": f"p{i}"} for i in range(3)], ruleset="micromutants-extreme")
    assert ("content/events/e1/event.yaml:1: the 3 players of this event do not fit its ruleset's stages ('advance: "
            "4' is more than the 3 players of this stage, micromutants-extreme.yaml:") in cli("check", expect=1).output


@pytest.mark.parametrize("structure, message", [
    ("sometimes", "event.yaml:8: unknown structure 'sometimes'; use auto, one of default, or {swiss_rounds: N, cut: N}"),
    ("[{kind: swis}]", "event.yaml:8: unknown stage kind 'swis' (did you mean 'swiss'?); one of swiss, knockout, "
                       "round-robin, pairs-rotation, tables, free-for-all"),
    ("{swiss_rounds: 3, cutt: 2}", "event.yaml:8: unknown key 'cutt' in structure (did you mean 'cut'?); valid: "
                                   "swiss_rounds, cut"),
])
def test_a_structure_problem_is_said_at_the_structure_line(tree, cli, structure, message):
    """It was said at the event's first line (below the comments), as 'each stage needs kind:'
    beside a kind that was there, or not at all for a misspelt key."""
    tree.event("e1", 8)
    path = tree.content / "events/e1/event.yaml"
    path.write_text("# comments first, as init writes them\n" + path.read_text(encoding="utf-8")
                    + f"structure: {structure}\n", encoding="utf-8")
    assert only_problem(cli) == f"content/events/e1/{message}"


def test_a_result_corrected_after_the_next_stage_was_paired_is_a_problem_not_a_crash(tree, cli):
    """Tantrix, 8 players in two round-robin groups, the top 4 to a final group. Once the final
    group is paired and played, the group-stage results are reversed: the final group's rounds now
    seat players who do not go on. It was a KeyError in check, standings and build."""
    structure = [{"kind": "round-robin", "groups": 2, "games": 1, "advance": 4},
                 {"kind": "round-robin", "groups": 1, "games": 1}]
    tree.event("rr", [{"name": f"Player {i}", "id": f"p{i}"} for i in range(1, 9)], ruleset="tantrix",
               structure=structure)
    number = 0
    while "wrote" in (paired := cli("pair", "rr", expect=None)).output:
        number += 1
        data = tree.read_round("rr", number)
        for pairing in data["pairings"]:  # the lower number wins 30 to 10
            a, b = pairing["players"]
            pairing["games"] = [{"score": [30, 10] if a < b else [10, 30], "time": ["10:00", "10:00"], "tiles": [30, 30]}]
        tree.save_round("rr", number, data)
    assert "the event is complete" in paired.output and number == 6
    for corrected in (1, 2, 3):  # every group game had been entered the wrong way round
        data = tree.read_round("rr", corrected)
        for pairing in data["pairings"]:
            pairing["games"][0]["score"].reverse()
        tree.save_round("rr", corrected, data)
    for command in (("check",), ("standings", "rr"), ("build",)):
        output = cli(*command, expect=1).output
        assert "Traceback" not in output
        assert re.search(r"content/events/rr/rounds/4\.yaml:1: round 4 seats p\d(, p\d)*, who do(es)? not go on from "
                         r"the round-robin stage as its results now stand: a result was corrected after this round was "
                         r"paired; restore it, or delete round 4 and the rounds after it and pair them again", output)


def test_a_round_robin_of_more_players_than_rounds_any_event_plays_is_refused(tree, cli):
    """Tantrix plays one round-robin group by default: 10,000 registrations took 3 minutes and
    20 GB to check. 101 players would play 101 rounds."""
    tree.event("big", [{"name": f"Player {i}", "id": f"p{i}"} for i in range(101)], ruleset="tantrix")
    assert only_problem(cli).startswith(
        "content/events/big/event.yaml:1: the 101 players of this event do not fit its ruleset's stages (a round robin "
        "of 101 players a group plays 101 rounds, more than any tournament plays (at most 99); split the field into "
        "groups, e.g. 'groups: 7', tantrix.yaml:")


@pytest.mark.parametrize("blank", ["", "   ", "\u200b", "\u3000", "\u00a0"])
def test_a_required_name_that_shows_nothing_is_refused(tree, cli, blank):
    """An empty page title and player links without text; a wild card whose empty reason
    silently dropped it from the invitations."""
    tree.event("e1", [{"name": blank, "id": "p1"}, {"name": "Bob", "id": "p2"}], ruleset="ffg-conquest")
    assert only_problem(cli) == ("content/events/e1/registrations.yaml:1: 'name' is blank, and a player entry of "
                                 "registrations.yaml needs it; write it after the colon")


def test_small_slips_are_said_plainly_at_their_line(tree, cli):
    tree.event("e1", 8, season="s")
    path = tree.content / "events/e1/event.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("seed: 20230513", "seed:"), encoding="utf-8")
    tree.write("seasons/s.yaml", "name: S\npoints: {1: true}\n")
    cli("pair", "e1", expect=1)
    output = cli("check", expect=1).output
    assert ("content/events/e1/event.yaml:4: event.yaml needs 'seed: <number>' (it is empty) so every draw can be "
            "re-run") in output
    assert "content/seasons/s.yaml:2: 'points' must be a number, not true" in output


def test_a_zero_penalty_takes_nothing_off(tree, cli):
    tree.event("e1", 8)
    cli("pair", "e1")
    tree.write("events/e1/rounds/1.yaml", "round: 1\nstage: swiss\npairings: []\npenalties:\n"
                                          "  - {player: p01, kind: points, points: 0}\n")
    assert ("content/events/e1/rounds/1.yaml:5: 'points: 0' takes nothing off; a penalty takes points off: write how "
            "many, like 'points: 1'") in cli("check", expect=1).output


def test_carcassonne_victory_points_are_whole_numbers(tree, cli):
    tree.event("cz", [{"name": f"P{i}", "id": f"c{i}"} for i in range(1, 5)], ruleset="carcassonne-cz")
    cli("pair", "cz")
    data = tree.read_round("cz", 1)
    data["pairings"][0]["score"] = [100, 75.5, 75, 60]
    tree.save_round("cz", 1, data)
    assert "victory points are whole numbers, not 75.5" in cli("check", expect=1).output


def test_an_event_folder_of_another_content_folder_is_not_taken_for_this_ones(tree, cli):
    """'podium pair ../other/content/events/e1' paired ./content's e1."""
    tree.event("e1", 8)
    other = tree.root / "other/content/events/e1"
    other.mkdir(parents=True)
    assert cli("pair", "other/content/events/e1", expect=1).output == (
        "other/content/events/e1: is not an event folder of the content folder content; pass the content it belongs to "
        "with --content, or name the event by its id (e1)\n1 problem found.\n")
    assert not tree.round_path("e1", 1).exists()
    assert "wrote" in cli("pair", "content/events/e1").output


def test_a_stage_the_rulesets_scoring_cannot_score_is_refused_at_the_structure(tree, cli):
    """A Tantrix event of tables of 2–5: pair wrote a round whose tables check accepted and
    standings then refused ('a Tantrix match has exactly two players')."""
    tree.event("e1", [{"name": f"P{i}", "id": f"p{i}"} for i in range(6)], ruleset="tantrix",
               structure=[{"kind": "tables"}])
    message = ("content/events/e1/event.yaml:7: a tables stage cannot be played under tantrix: its scoring scores "
               "swiss, knockout, round-robin stages; choose one of those in 'structure:'")
    assert only_problem(cli) == message
    assert message in cli("pair", "e1", expect=1).output
    assert not tree.round_path("e1", 1).exists()
