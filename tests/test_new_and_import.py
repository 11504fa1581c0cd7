"""`podium new` starts an event; `podium import registrations` brings players from a spreadsheet."""
from __future__ import annotations

import pytest


@pytest.fixture
def club(tree, cli):
    cli("new", "spring-cup", "--ruleset", "ffg-conquest", "--date", "2026-05-16", "--name", "Spring Cup")
    return tree


def registrations(tree) -> str:
    return (tree.content / "events/spring-cup/registrations.yaml").read_text()


def test_new_writes_a_commented_event_that_checks(club, cli):
    event = (club.content / "events/spring-cup/event.yaml").read_text()
    assert event.startswith("# yaml-language-server: $schema=../../../schemas/event.schema.json\n"
                            "# One event. Fill in the name, date and venue")
    assert 'name: "Spring Cup"\ndate: 2026-05-16\nruleset: ffg-conquest' in event
    assert cli("check").output.startswith("ok: 1 event")


@pytest.mark.parametrize("args, message", [
    (["spring-cup", "--ruleset", "ffg-conquest", "--date", "2026-05-16"],
     "content/events/spring-cup: already exists; podium new never overwrites. Pick another id"),
    (["autumn", "--ruleset", "ffg", "--date", "2026-05-16"], "--ruleset: no ruleset 'ffg'"),
    (["autumn", "--ruleset", "ffg-conquest", "--date", "2026-02-30"],
     "--date: '2026-02-30' is not a date; write it as YYYY-MM-DD, like 2026-05-16"),
    (["Autumn Cup", "--ruleset", "ffg-conquest", "--date", "2026-05-16"],
     "Autumn Cup: an event id is a lowercase slug (a-z, 0-9, -), like autumn-cup"),
])
def test_new_refuses_with_the_reason(club, cli, args, message):
    assert cli("new", *args, expect=1).output.startswith(message)


def test_a_csv_export_is_appended_with_diacritics_and_the_comments_kept(club, cli):
    (club.root / "form.csv").write_text(
        "\ufeffTimestamp;Imię;Nazwisko;Club;Rating\n"
        "2026-05-01;Łukasz;Żółć;Hex Wrocław;1650\n"
        "2026-05-02;Anna;Nowak;;\n", encoding="utf-8")
    result = cli("import", "registrations", "form.csv", "spring-cup", "--column", "name=Imię", "--column", "name=Nazwisko")
    assert result.output == "added 2 players to content/events/spring-cup/registrations.yaml\n"
    text = registrations(club)
    assert text.startswith("# yaml-language-server: $schema=../../../schemas/registrations.schema.json\n"
                           "# One entry per player; only 'name' is required.")  # the comments stay
    assert ('- name: "Łukasz Żółć"\n  id: "lukasz-zolc"\n  club: "Hex Wrocław"\n  rating: 1650\n'
            '- name: "Anna Nowak"\n  id: "anna-nowak"\n') in text
    assert "\n[]\n" not in text and cli("check").output.splitlines()[-1].startswith("ok: 1 event")  # two so far: a note


def test_late_entries_are_appended_and_registered_players_left_alone(club, cli):
    (club.root / "form.csv").write_text("Name,Club\nAnna Nowak,A\n")
    cli("import", "registrations", "form.csv", "spring-cup")
    path = club.content / "events/spring-cup/registrations.yaml"
    path.write_text(path.read_text().replace('club: "A"', 'club: "Corrected by hand"'))
    before = path.read_text()
    (club.root / "form.csv").write_text("Name,Club\nAnna Nowak,A\nJan Kowalski,B\n")
    result = cli("import", "registrations", "form.csv", "spring-cup")
    assert result.output.endswith("added 1 player to content/events/spring-cup/registrations.yaml; "
                                  "1 already registered, left as they were\n")
    assert path.read_text() == before + '- name: "Jan Kowalski"\n  id: "jan-kowalski"\n  club: "B"\n'


def test_missing_names_duplicates_and_bad_cells_are_reported_by_row(club, cli):
    (club.root / "form.csv").write_text("name,rating,beginner\nAnna Nowak,1650,yes\n,1500,\n"
                                        "Anna  Nowak,1700,\nJan,high,maybe\n")
    before = registrations(club)
    output = cli("import", "registrations", "form.csv", "spring-cup", expect=1).output
    assert output.splitlines() == [
        "form.csv:3: no name in this row; fill it in, or delete the row",
        "form.csv:4: 'Anna Nowak' (id anna-nowak) is also in row 2; delete one row, or give one of them an id column",
        "form.csv:5: beginner 'maybe' is neither yes nor no; write yes or leave it empty",
        "form.csv:5: rating 'high' is not a whole number; correct it, or leave it empty",
        "4 problems found."]
    assert registrations(club) == before  # nothing written


def test_a_file_without_a_name_column_says_how_to_map_one(club, cli):
    (club.root / "form.csv").write_text("Full name,Club\nAnna,A\n")
    output = cli("import", "registrations", "form.csv", "spring-cup", expect=1).output
    assert output.startswith("form.csv:1: no 'name' column; name it in the header row, or say which column holds "
                             "the names: --column name=\"Full name\"")
    output = cli("import", "registrations", "form.csv", "spring-cup", "--column", "name=Nom", expect=1).output
    assert output.startswith("form.csv:1: no column 'Nom' in the header row; the columns are: Full name, Club")


def test_a_file_that_is_not_utf8_is_refused(club, cli):
    (club.root / "form.csv").write_bytes("name\nŁukasz\n".encode("cp1250"))
    assert cli("import", "registrations", "form.csv", "spring-cup", expect=1).output.startswith(
        "form.csv: is not UTF-8 text; export it again as 'CSV UTF-8'")


def test_an_xlsx_workbook_is_read_like_a_csv(club, cli):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["Name", "Rating", "Armies"])
    book.active.append(["Šárka Šťastná", 1701, "Moloch, Borgo"])
    book.save(club.root / "form.xlsx")
    cli("import", "registrations", "form.xlsx", "spring-cup")
    assert '- name: "Šárka Šťastná"\n  id: "sarka-stastna"\n  rating: 1701\n  armies: ["Moloch", "Borgo"]\n' in registrations(club)


def test_the_registration_example_follows_the_rulesets_blocks_not_its_name(tmp_path, monkeypatch, cli):
    """A club's own ruleset seeding its opening knockout by rating asks for ratings, whatever its game."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club/rulesets").mkdir(parents=True)
    (tmp_path / "club/rulesets/club-cup.yaml").write_text(
        "id: club-cup\nname: Club cup\nextends: ffg-conquest\nbracket: {kind: standard, seeding: rating}\n")
    cli("init", "club", "--ruleset", "club-cup")
    example = (tmp_path / "club/content/events/my-first-event/registrations.yaml").read_text()
    assert "#   rating: 1650                   # Elo, for seeding\n" in example
    assert "colours:" not in example
