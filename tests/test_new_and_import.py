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


@pytest.mark.parametrize("command", ["new", "init"])
def test_the_help_of_ruleset_lists_every_built_in_ruleset(cli, command):
    """--ruleset's help must point at a list that exists: it is the list, one id a line, read from
    the rulesets the package ships (so a new ruleset appears without touching the help)."""
    from podium.content.rulesets import BUILTIN_DIR

    shipped = sorted(path.stem for path in BUILTIN_DIR.glob("*.yaml"))
    output = cli(command, "--help").output
    assert "(listed below)" in output and "--help lists" not in output
    listed = output.split("Built-in rulesets (your own go in rulesets/ beside the content folder):\n")[1]
    assert listed.split() == shipped and len(shipped) >= 6


def test_a_csv_export_is_appended_with_diacritics_and_the_comments_kept(club, cli):
    (club.root / "form.csv").write_text(
        "\ufeffTimestamp;Imię;Nazwisko;Club;Rating\n"
        "2026-05-01;Łukasz;Żółć;Hex Wrocław;1650\n"
        "2026-05-02;Anna;Nowak;;\n", encoding="utf-8")
    result = cli("import", "registrations", "form.csv", "spring-cup", "--column", "name=Imię", "--column", "name=Nazwisko")
    assert result.output == ("form.csv: read as utf-8 (detected)\n"
                             "added 2 players to content/events/spring-cup/registrations.yaml\n"
                             "columns not read: 'Timestamp' (a player's keys: name, id, club, country, rating, "
                             "beginner, armies, finals_armies, colours, joins; --column KEY=HEADER reads one under "
                             "its own header)\n")  # issue 35: dropped without a word before
    text = registrations(club)
    assert text.startswith("# yaml-language-server: $schema=../../../schemas/registrations.schema.json\n"
                           "# One entry per player; only 'name' is required.")  # the comments stay
    assert ('- name: "Łukasz Żółć"\n  id: "lukasz-zolc"\n  club: "Hex Wrocław"\n  rating: 1650\n'
            '- name: "Anna Nowak"\n  id: "anna-nowak"\n') in text
    assert "\n[]\n" not in text and cli("check").output.splitlines()[-1].startswith("ok: 1 event")  # two so far: a note


def test_after_an_import_no_comment_speaks_of_the_empty_list(club, cli):
    """The instruction about the [] sits on the [] line, which the players replace."""
    assert "[]                                # no players yet: write them in place of this line\n" in registrations(club)
    (club.root / "form.csv").write_text("Name\nAnna Nowak\n")
    cli("import", "registrations", "form.csv", "spring-cup")
    text = registrations(club)
    assert "[]" not in text and "the same person. For example:\n# - name: Anna Nowak\n" in text
    assert text.endswith('# - name: Piotr Zieliński\n- name: "Anna Nowak"\n  id: "anna-nowak"\n')


def test_an_import_rewords_the_example_heading_init_wrote_up_to_0_2(club, cli):
    path = club.content / "events/spring-cup/registrations.yaml"
    path.write_text("# One entry per player.\n[]\n# Replace [] above with the list, for example:\n"
                    "# - name: Anna Nowak\n#   club: Game Club\n")
    (club.root / "form.csv").write_text("Name\nJan Kowalski\n")
    cli("import", "registrations", "form.csv", "spring-cup")
    assert path.read_text() == ('# One entry per player.\n- name: "Jan Kowalski"\n  id: "jan-kowalski"\n'
                                "# More players are written like this:\n# - name: Anna Nowak\n#   club: Game Club\n")


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


def test_a_file_that_is_not_utf8_is_read_in_its_code_page(club, cli):
    """It was refused until the encoding was detected (tests/test_imports_hardened.py)."""
    (club.root / "form.csv").write_bytes("name\nŁukasz\n".encode("cp1250"))
    assert cli("import", "registrations", "form.csv", "spring-cup").output.startswith(
        "form.csv: read as cp1250 (detected)\n")
    assert '- name: "Łukasz"\n' in registrations(club)


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


INIT_HINT = "move it away, or pick another folder for the archive"


def everything_under(folder) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


@pytest.mark.parametrize("make, folder, message", [
    (lambda root: (root / "afile").write_text("x\n"), "afile", f"afile: is a file, not a folder; {INIT_HINT}"),
    (lambda root: (root / "afile").write_text("x\n"), "afile/club",
     f"afile/club: cannot be made: afile is a file, not a folder; {INIT_HINT}"),
    (lambda root: (root / "club").mkdir() or (root / "club/.github").write_text("x\n"), "club",
     f"club/.github: is a file, not a folder; {INIT_HINT}"),
    (lambda root: (root / "club").mkdir() or (root / "club/content").symlink_to(root / "gone/content"), "club",
     f"club/content: is a symbolic link (to {{root}}/gone/content); {INIT_HINT}"),
    (lambda root: (root / "club").symlink_to(root / "gone"), "club",
     f"club: is a symbolic link (to {{root}}/gone); {INIT_HINT}"),
])
def test_init_writes_nothing_when_anything_stands_in_its_way(tmp_path, monkeypatch, cli, make, folder, message):
    """Issue 14: init wrote schemas/, content/ and .gitignore, then died on a .github file (a
    re-run was refused: the archive never got its workflow), or wrote through a link elsewhere."""
    monkeypatch.chdir(tmp_path)
    make(tmp_path)
    before = everything_under(tmp_path)
    output = cli("init", folder, expect=1).output
    assert output == message.format(root=tmp_path) + "\n1 problem found.\n"
    assert everything_under(tmp_path) == before


def test_init_takes_back_what_it_wrote_when_writing_fails(tmp_path, monkeypatch, cli):
    monkeypatch.chdir(tmp_path)
    from podium.core import writing

    real, calls = writing.write_new_file, []

    def fill_the_disk(path, text):
        calls.append(path)
        if len(calls) == 5:
            raise OSError(28, "No space left on device")
        real(path, text)

    monkeypatch.setattr(writing, "write_new_file", fill_the_disk)
    output = cli("init", "club", expect=1).output
    assert output == (f"{calls[-1]}: cannot be written: the disk is full (No space left on device); nothing was "
                      "written; put that right and run it again\n1 problem found.\n")
    assert everything_under(tmp_path) == []


NEW = ["autumn", "--ruleset", "ffg-conquest", "--date", "2026-09-01"]


@pytest.mark.parametrize("args, message", [
    (["--name", "Autumn \x1b[2J Cup"], "--name: 'name' holds the control character \\x1b, which has no place in it; "
                                      "write it as one line of plain text"),
    (["--name", "Autumn \u202e Cup"], "--name: 'name' holds the direction override U+202E, which has no place in it; "
                                     "write it as one line of plain text"),
    (["--name", "A" * 300], "--name: 'name' is 300 characters long; at most 200"),
    (["--name", ""], "--name: the name is empty; write the event's name, or leave --name out to make it from the id"),
    (["--name", "\u200b"], "--name: the name is empty; write the event's name, or leave --name out to make it from the id"),
    (["--content", "notes.txt"], "notes.txt: content folder not found; pass --content DIR or run from the folder "
                                 "holding content/, or start an archive here with: podium init"),
])
def test_new_refuses_options_check_would_refuse_and_writes_nothing(club, cli, args, message):
    """Issue 14: these wrote an event.yaml that check then refused, or died (NotADirectoryError)."""
    (club.root / "notes.txt").write_text("notes\n")
    before = everything_under(club.root)
    assert cli("new", *NEW, *args, expect=1).output == message + "\n1 problem found.\n"
    assert everything_under(club.root) == before


@pytest.mark.parametrize("make, message", [
    (lambda events: events.write_text("x\n"), "content/events: is a file, not a folder"),
    (lambda events: events.symlink_to("../elsewhere"), "content/events: is a symbolic link (to ../elsewhere)"),
])
def test_new_writes_nothing_through_a_file_or_a_link(tree, cli, make, message):
    (tree.root / "elsewhere").mkdir()
    make(tree.content / "events")
    before = everything_under(tree.root)
    assert cli("new", *NEW, expect=1).output == (
        f"{message}; move it away, or name the content folder with --content\n1 problem found.\n")
    assert everything_under(tree.root) == before


def test_cells_check_would_refuse_are_reported_at_their_rows_and_nothing_is_appended(club, cli):
    """Issue 14: these were appended and check then refused the file, or the import died (ValueError),
    or a 19-digit rating was blamed on registrations.yaml:1."""
    rows = ["name,rating,joins,armies", "Sup,²,,", f"Huge,{'7' * 5000},,", "Esc\x1bName,,,", "Bel\x07Name,,,",
            "Nul\x00Name,,,", "Rtl\u202eName,,,", 'Army,,,"Moloch, Bo\u202erg"', "Zero,,0,",
            "Long,1234567890123456789,,", f"Long army,,,{'A' * 201}", "Fine,1500,2,"]
    (club.root / "form.csv").write_text("\n".join(rows) + "\n")
    before = registrations(club)
    output = cli("import", "registrations", "form.csv", "spring-cup", expect=1).output
    plain = "which has no place in it; write it as one line of plain text"
    assert output.splitlines() == [
        "form.csv:2: rating '²' is not a whole number; correct it, or leave it empty",
        "form.csv:3: rating '77777777777777777777…' is a number of 5000 digits; no tournament number is that large: "
        "write at most 15 digits",
        f"form.csv:4: 'name' holds the control character \\x1b, {plain}",
        f"form.csv:5: 'name' holds the control character \\x07, {plain}",
        f"form.csv:6: 'name' holds the control character \\x00, {plain}",
        f"form.csv:7: 'name' holds the direction override U+202E, {plain}",
        f"form.csv:8: 'armies' holds the direction override U+202E, {plain}",
        "form.csv:9: 'joins' must be at least 1, not the number 0",
        "form.csv:10: rating '1234567890123456789' is a number of 19 digits; no tournament number is that large: "
        "write at most 15 digits",
        "form.csv:11: 'armies' is 201 characters long; at most 200",
        "10 problems found."]
    assert registrations(club) == before


def test_a_cell_beyond_the_csv_field_limit_is_said_at_its_row(club, cli):
    (club.root / "form.csv").write_text("name\nAnna\n\"" + "x" * 140_000 + "\"\n")
    assert cli("import", "registrations", "form.csv", "spring-cup", expect=1).output == (
        "form.csv:3: a cell holds more than 131,072 characters, far more than any name or club; correct that row "
        "(a whole text pasted into one cell?)\n1 problem found.\n")


def test_a_file_beyond_10000_rows_or_100_columns_is_refused_not_cut_short(club, cli):
    (club.root / "form.csv").write_text("name\n" + "".join(f"P{n}\n" for n in range(2, 10_001)) + "\n\nLate\n")
    assert cli("import", "registrations", "form.csv", "spring-cup", expect=1).output == (
        "form.csv:10003: more than 10,000 rows: Podium reads that many at most, far more than any sign-up sheet; "
        "delete what is below the players, or import them in parts\n1 problem found.\n")
    (club.root / "form.csv").write_text("name" + "," * 100 + "rating\nAnna\n")
    assert cli("import", "registrations", "form.csv", "spring-cup", expect=1).output == (
        "form.csv:1: a cell beyond the 100th column: Podium reads that many at most; delete the columns that are "
        "not the players' (or move this one left)\n1 problem found.\n")


def test_an_xlsx_with_one_far_cell_is_read_lazily(club, cli):
    """Issue 14: a single cell at XFD1048576 made the reader fill a million rows of 16,384 cells
    (MemoryError after 13 s)."""
    import time

    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["Name"])
    book.active.append(["Anna"])
    book.active["XFD1048576"] = "far"
    book.active["A1048576"] = "far"
    book.save(club.root / "form.xlsx")
    start = time.perf_counter()
    assert cli("import", "registrations", "form.xlsx", "spring-cup", expect=1).output.startswith(
        "form.xlsx:1048576: more than 10,000 rows")
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize("command", [["check"], ["build"], ["serve", "--port", "18731"]])
def test_an_empty_folder_is_told_to_start_with_podium_init(tmp_path, cli, monkeypatch, command):
    """Issue 35: build, check and serve in a folder without content/ said "content folder not
    found" and stopped there, not naming the command that makes one."""
    monkeypatch.chdir(tmp_path)
    assert cli(*command, expect=1).output.startswith(
        "content: content folder not found; pass --content DIR or run from the folder holding content/, or start an "
        "archive here with: podium init\n1 problem found.\n")
