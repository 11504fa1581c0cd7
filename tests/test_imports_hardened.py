"""The imports hardened (the issue's "Imports" part): a text file's encoding detected or named
(--encoding) and said, control characters refused at import, an id of his own for every player
of one name, every broken .xlsx refused in one sentence, a workbook read as it streams,
re-imports matching registered players by name and id, 'Surname, First' and Excel's `sep=`
line read, and `podium check`'s advice for a late sign-up."""
from __future__ import annotations

import io
import re
import time
import tracemalloc
import zipfile

import pytest
import yaml

openpyxl = pytest.importorskip("openpyxl")

PLAIN = "which has no place in it; write it as one line of plain text"
REMEDY = "open it in the spreadsheet and save it again as .xlsx, or export it as CSV UTF-8"


@pytest.fixture
def club(tree, cli):
    cli("new", "spring-cup", "--ruleset", "ffg-conquest", "--date", "2026-05-16", "--name", "Spring Cup")
    return tree


def registered(tree, event: str = "spring-cup") -> list[dict]:
    return yaml.safe_load((tree.content / "events" / event / "registrations.yaml").read_text(encoding="utf-8"))


def trf_line(number: int, name: str, round_one: str) -> str:
    """A TRF-16 player line: start rank in columns 5–8, name from 15, round 1 from 92."""
    return f"001 {number:>4}      {name}".ljust(91) + round_one + "\n"


def trf(title: str, *names: str) -> str:
    """A one-round tournament of ``names`` in start-rank order: 1 beats 2, 3 beats 4 …"""
    lines = [f"012 {title}\n", "042 2026/05/16\n"]
    for number, name in enumerate(names, start=1):
        opponent = number + 1 if number % 2 else number - 1
        lines.append(trf_line(number, name, f"{opponent:>4} {'w 1' if number % 2 else 'b 0'}"))
    return "".join(lines)


# ---------------------------------------------------------------- encodings

def test_a_cp1250_trf_from_swiss_manager_is_read_as_cp1250_and_says_so(tree, cli):
    """It was read as Latin-1: 'Hetmañska', and ids made of garbled names ('ukasiewicz-jan')."""
    path = tree.root / "polski.trf"
    path.write_bytes(trf("Memoriał Łukasiewicza", "Hetmańska, Anna", "Łukasiewicz, Jan", "Dvořák, Antonín",
                         "Wiśniewski, Piotr").encode("cp1250"))
    output = cli("import", "trf", path).output
    assert output.splitlines()[0] == "polski.trf: read as cp1250 (detected)"
    players = registered(tree, "memorial-lukasiewicza")
    assert [(p["id"], p["name"]) for p in players] == [
        ("hetmanska-anna", "Hetmańska, Anna"), ("lukasiewicz-jan", "Łukasiewicz, Jan"),
        ("dvorak-antonin", "Dvořák, Antonín"), ("wisniewski-piotr", "Wiśniewski, Piotr")]
    assert cli("check").output.endswith("ok: 1 event, 0 seasons, 10 rulesets\n")


def test_a_western_trf_is_read_as_cp1252_and_says_so(tree, cli):
    path = tree.root / "open.trf"
    names = ("Muñoz, José", "Lefèvre, Hélène", "Sørensen, Bjørn", "Gonçalves, João")
    path.write_bytes(trf("Open", *names).encode("cp1252"))
    output = cli("import", "trf", path, "open").output
    assert output.splitlines()[0] == "open.trf: read as cp1252 (detected)"
    assert tuple(p["name"] for p in registered(tree, "open")) == names


def test_a_csv_saved_by_a_polish_or_czech_excel_is_read_as_cp1250(club, cli):
    """It was refused: 'is not UTF-8 text; export it again as CSV UTF-8'."""
    (club.root / "form.csv").write_bytes("Name;Club\nŁukasz Żółć;Hetman Wrocław\nJiří Dvořák;Šachy Brno\n"
                                         .encode("cp1250"))
    output = cli("import", "registrations", "form.csv", "spring-cup").output
    assert output == ("form.csv: read as cp1250 (detected)\n"
                      "added 2 players to content/events/spring-cup/registrations.yaml\n")
    assert [(p["id"], p["name"], p["club"]) for p in registered(club)] == [
        ("lukasz-zolc", "Łukasz Żółć", "Hetman Wrocław"), ("jiri-dvorak", "Jiří Dvořák", "Šachy Brno")]


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"], ids=["no-bom", "bom"])
def test_utf8_is_read_as_utf8_with_or_without_its_byte_order_mark(club, cli, bom):
    (club.root / "form.csv").write_bytes(bom + "Name\nŠárka Šťastná\n".encode("utf-8"))
    assert cli("import", "registrations", "form.csv", "spring-cup").output.startswith(
        "form.csv: read as utf-8 (detected)\n")
    assert registered(club)[0]["name"] == "Šárka Šťastná"  # the mark is no part of the header


def test_encoding_names_what_no_letter_tells(club, cli):
    """'Maćkowiak' is Polish in cp1250 and 'Maækowiak' Danish-looking in cp1252: the rules give a
    tie to cp1252 (decode_text), and --encoding reads it as it was saved."""
    (club.root / "form.csv").write_bytes("Name\nEwa Maćkowiak\n".encode("cp1250"))
    output = cli("import", "registrations", "form.csv", "spring-cup", "--encoding", "cp1250").output
    assert output.startswith("form.csv: read as cp1250 (--encoding)\n")
    assert registered(club)[0]["name"] == "Ewa Maćkowiak"
    trf_path = club.root / "club.trf"
    trf_path.write_bytes(trf("Klub", "Maćkowiak, Ewa", "Kęska, Ola").encode("cp1250"))
    assert cli("import", "trf", trf_path, "klub", "--encoding", "windows-1250").output.startswith(
        "club.trf: read as cp1250 (--encoding)\n")
    assert [p["name"] for p in registered(club, "klub")] == ["Maćkowiak, Ewa", "Kęska, Ola"]


@pytest.mark.parametrize("name", ["klingon", "rot13"])
def test_an_encoding_python_does_not_read_text_in_is_refused(club, cli, name):
    (club.root / "form.csv").write_text("Name\nAnna\n")
    assert cli("import", "registrations", "form.csv", "spring-cup", "--encoding", name, expect=1).output == (
        f"--encoding: '{name}' is no encoding Python knows; name one like utf-8, cp1250 or cp1252, or leave "
        "--encoding out for Podium to detect it\n1 problem found.\n")


def test_a_byte_the_named_encoding_lacks_is_said_at_its_line(club, cli):
    (club.root / "form.csv").write_bytes("Name\nAnna\nMichał\n".encode("cp1250"))
    assert cli("import", "registrations", "form.csv", "spring-cup", "--encoding", "utf-8", expect=1).output == (
        "form.csv:3: byte 0xb3 does not read as utf-8; name the encoding the file was saved in (--encoding cp1252, "
        "say), or leave --encoding out for Podium to detect it\n1 problem found.\n")


def test_a_workbook_takes_no_encoding(club, cli):
    book = openpyxl.Workbook(write_only=True)
    book.create_sheet().append(["Name"])
    book.save(club.root / "form.xlsx")
    assert cli("import", "registrations", "form.xlsx", "spring-cup", "--encoding", "cp1250", expect=1).output == (
        "--encoding: form.xlsx is a workbook, which says its own encoding; leave --encoding out\n1 problem found.\n")


def test_control_characters_in_a_trf_are_refused_at_import(tree, cli):
    """They were imported, and refused only later by `podium check`, in the files written."""
    path = tree.root / "club.trf"
    path.write_text("012 Club\x07Night\n042 2026/05/16\n" + trf_line(1, "Ann\x1bNowak", "   2 w 1")
                    + trf_line(2, "Bob", "   1 b 0"), encoding="utf-8")
    assert cli("import", "trf", path, "club", expect=1).output == (
        f"club.trf:1: 012 (name) holds the control character \\x07, {PLAIN}\n"
        f"club.trf:3: the name (columns 15–47) holds the control character \\x1b, {PLAIN}\n2 problems found.\n")
    assert not (tree.content / "events/club").exists()


def test_bytes_no_code_page_defines_are_read_as_latin1_and_refused(tree, cli):
    """0x81 is undefined in cp1250 and cp1252; in Latin-1 it is a control character."""
    path = tree.root / "odd.trf"
    path.write_bytes(trf("Club", "Ann", "Bo\x81b").encode("latin-1"))
    assert cli("import", "trf", path, "club", expect=1).output == (
        f"odd.trf:4: the name (columns 15–47) holds the control character \\x81, {PLAIN}\n1 problem found.\n")


# ---------------------------------------------------------------- ids

def test_players_of_one_name_in_a_trf_each_get_an_id_of_their_own(tree, cli):
    """Two 'Jan Kowalski' were jan-kowalski-2 and jan-kowalski-3: the first collided with the
    'Jan Kowalski 2' of start rank 1, and the rounds could not tell them apart."""
    path = tree.root / "club.trf"
    path.write_text(trf("Club", "Jan Kowalski 2", "Jan Kowalski", "Jan Kowalski", "Anna Nowak"), encoding="utf-8")
    cli("import", "trf", path, "club")
    assert [(p["id"], p["name"]) for p in registered(tree, "club")] == [
        ("jan-kowalski-2", "Jan Kowalski 2"), ("jan-kowalski-2-2", "Jan Kowalski"),
        ("jan-kowalski-3", "Jan Kowalski"), ("anna-nowak", "Anna Nowak")]
    assert tree.read_round("club", 1)["pairings"][0]["players"] == ["jan-kowalski-2", "jan-kowalski-2-2"]
    assert cli("check").output.endswith("ok: 1 event, 0 seasons, 10 rulesets\n")


# ---------------------------------------------------------------- .xlsx

SHARED_STRINGS_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
SHARED_STRINGS_RELATIONSHIP = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"
SHEET = "xl/worksheets/sheet1.xml"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
GOOD_SHEET = (f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>'
              '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2"><v>1650</v></c></row></sheetData></worksheet>')
BILLION_LAUGHS = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">'  # 10⁹ lols from 9 lines
                  + "".join(f'<!ENTITY lol{n} "{f"&lol{n - 1};" * 10}">' for n in range(1, 10))
                  + f']><sst xmlns="{MAIN}"><si><t>&lol9;</t></si></sst>')


def workbook(rows, shared_strings: bytes | None = None, parts: dict | None = None) -> bytes:
    """A workbook openpyxl writes (write-only: inline strings), its text cells then moved into a
    table of shared strings, as Excel keeps them, ``shared_strings`` (bytes of <si> entries) added
    to that table after them, and ``parts`` replaced (None: left out)."""
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet()
    for row in rows:
        sheet.append(row)
    written = io.BytesIO()
    book.save(written)
    strings: list[bytes] = []

    def shared(match) -> bytes:
        strings.append(match.group(2))
        return b'<c r="%s" t="s"><v>%d</v></c>' % (match.group(1), len(strings) - 1)
    source, out = zipfile.ZipFile(written), io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as book_out:
        for name in source.namelist():
            data = source.read(name)
            if name == SHEET:
                data = re.sub(rb'<c r="(\w+)" t="inlineStr"><is><t>(.*?)</t></is></c>', shared, data)
            elif name == "[Content_Types].xml":
                data = data.replace(b"</Types>", f'<Override PartName="/xl/sharedStrings.xml" '
                                    f'ContentType="{SHARED_STRINGS_TYPE}"/></Types>'.encode())
            elif name == "xl/_rels/workbook.xml.rels":
                relationship = f'<Relationship Id="rIdS" Type="{SHARED_STRINGS_RELATIONSHIP}" Target="sharedStrings.xml"/>'
                data = data.replace(b"</Relationships>", relationship.encode() + b"</Relationships>")
            replaced = (parts or {}).get(name, data)
            if replaced is not None:
                book_out.writestr(name, replaced)
        if "xl/sharedStrings.xml" not in (parts or {}):
            with book_out.open("xl/sharedStrings.xml", "w") as table:
                table.write(f'<sst xmlns="{MAIN}">'.encode() + b"".join(b"<si><t>%s</t></si>" % s for s in strings))
                table.write(shared_strings or b"")
                table.write(b"</sst>")
        elif parts["xl/sharedStrings.xml"] is not None:
            book_out.writestr("xl/sharedStrings.xml", parts["xl/sharedStrings.xml"])
    return out.getvalue()


def damaged(data: bytes, text: bytes) -> bytes:
    """``data`` stored unpacked, with one byte of ``text`` changed (a copy gone wrong): the part
    still reads as XML, and only its checksum tells."""
    source, out = zipfile.ZipFile(io.BytesIO(data)), io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as book:
        for name in source.namelist():
            book.writestr(name, source.read(name))
    assert out.getvalue().count(text) == 1
    return out.getvalue().replace(text, text[:1] + bytes([text[1] ^ 1]) + text[2:])


def test_a_workbook_with_shared_strings_is_read(club, cli):
    (club.root / "form.xlsx").write_bytes(workbook([["Name", "Rating"], ["Anna & Co", 1650], ["Šárka", 1701.0]]))
    assert cli("import", "registrations", "form.xlsx", "spring-cup").output == (
        "added 2 players to content/events/spring-cup/registrations.yaml\n")
    assert [(p["name"], p["rating"]) for p in registered(club)] == [("Anna & Co", 1650), ("Šárka", 1701)]


GOOD = [["Name", "Rating"], ["Anna", 1650]]
BARE_AMPERSAND = GOOD_SHEET.replace("</sheetData>", '<row r="3"><c r="A3" t="inlineStr"><is><t>A & B</t></is>'
                                    "</c></row></sheetData>")
CUT_SHEET = GOOD_SHEET[:GOOD_SHEET.index("</sheetData>")]  # a part cut short after its last row
MALFORMED = {
    "not a zip": (lambda: b"Name,Rating\nAnna,1650\n",
                  "is not an Excel workbook: an .xlsx file is a zip archive, and this is none (an .xls renamed, a "
                  "workbook locked with a password, or a file cut short?)"),
    "cut archive": (lambda: workbook(GOOD)[:1500], "is not an Excel workbook: an .xlsx file is a zip archive, and "
                    "this is none (an .xls renamed, a workbook locked with a password, or a file cut short?)"),
    "a bare &": (lambda: workbook(GOOD, parts={SHEET: BARE_AMPERSAND}),
                 f"its part '{SHEET}' is not well-formed XML (not well-formed (invalid token), line 1, column "
                 f"{BARE_AMPERSAND.index('&') + 2})"),  # expat points at what follows the '&'
    "a cut part": (lambda: workbook(GOOD, parts={SHEET: CUT_SHEET}),
                   f"its part '{SHEET}' is not well-formed XML (no element found, line 1, column "
                   f"{len(CUT_SHEET) + 1})"),
    "damaged bytes": (lambda: damaged(workbook(GOOD), b"<v>1650</v>"), f"its part '{SHEET}' is damaged (cut short?)"),
    "a missing part": (lambda: workbook(GOOD, parts={SHEET: None}), f"lacks its part '{SHEET}'"),
    "an entity bomb": (lambda: workbook(GOOD, parts={"xl/sharedStrings.xml": BILLION_LAUGHS}),
                       "its part 'xl/sharedStrings.xml' declares a document type (<!DOCTYPE …>), which no "
                       "spreadsheet writes, and whose entities could expand beyond any memory"),
    "a string the table lacks": (lambda: workbook(GOOD, parts={SHEET: GOOD_SHEET.replace("<v>1</v>", "<v>7</v>")}),
                                 "its sheet refers to shared string 7, which its table 'xl/sharedStrings.xml' does "
                                 "not hold"),
}


@pytest.mark.parametrize("case", MALFORMED)
def test_every_malformed_workbook_is_refused_in_one_sentence(club, cli, case):
    """Each ended in a traceback (IndexError: a missing part, a string the table lacks) or in a
    message quoting whichever exception openpyxl raised; the entity bomb is refused before a
    single entity is declared."""
    make, message = MALFORMED[case]
    (club.root / "form.xlsx").write_bytes(make())
    before = registered(club)
    start = time.perf_counter()
    assert cli("import", "registrations", "form.xlsx", "spring-cup", expect=1).output == (
        f"form.xlsx: {message}; {REMEDY}\n1 problem found.\n")
    assert time.perf_counter() - start < 2 and registered(club) == before


def test_a_workbook_with_a_huge_table_of_shared_strings_is_read_as_it_streams(club, cli):
    """The issue's 1.2 MB workbook of shared strings took 54–91 s and 806 MB: openpyxl reads the
    whole table first, even in read-only mode. Here a table of 3.5 million strings (60 MB
    unpacked) is read only as far as the sheet's 2,001 rows need it."""
    from podium.formats.registrations import read_rows

    rows = [["Name", "Club"]] + [[f"Player {n}", f"Club {n % 7}"] for n in range(2000)]
    path = club.root / "form.xlsx"
    path.write_bytes(workbook(rows, shared_strings=b"<si><t>x</t></si>" * 3_500_000))
    start = time.perf_counter()
    tracemalloc.start()
    try:
        sheet = read_rows(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.perf_counter() - start < 10 and peak < 200 * 2**20
    assert sheet.rows[1] == ["Player 0", "Club 0"] and sheet.rows[-1] == ["Player 1999", "Club 4"]


def test_a_part_larger_than_any_sign_up_sheet_is_refused_unread(club, cli):
    (club.root / "form.xlsx").write_bytes(workbook(GOOD, shared_strings=b"<si><t>x</t></si>" * 4_200_000))
    assert cli("import", "registrations", "form.xlsx", "spring-cup", expect=1).output == (
        "form.xlsx: its part 'xl/sharedStrings.xml' unpacks to 68 MB, more than the 64 MB Podium reads of one part, "
        f"and far more than a sign-up sheet takes; {REMEDY}\n1 problem found.\n")


# ---------------------------------------------------------------- sheets and re-imports

def test_a_reimport_finds_a_player_given_his_own_id_by_hand(club, cli):
    """He was appended again under the id of his name."""
    (club.root / "form.csv").write_text("Name,Club\nAnna Nowak,A\n")
    cli("import", "registrations", "form.csv", "spring-cup")
    path = club.content / "events/spring-cup/registrations.yaml"
    path.write_text(path.read_text().replace('id: "anna-nowak"', 'id: "anna-wroclaw"'))
    (club.root / "form.csv").write_text("Name,Club\nAnna Nowak,A\nJan Kowalski,B\n")
    assert cli("import", "registrations", "form.csv", "spring-cup").output.endswith(
        "added 1 player to content/events/spring-cup/registrations.yaml; 1 already registered, left as they were\n")
    assert [p["id"] for p in registered(club)] == ["anna-wroclaw", "jan-kowalski"]
    path.write_text(path.read_text().replace('name: "Jan Kowalski"', 'name: "Jan Kowalski-Nowak"'))
    (club.root / "form.csv").write_text("Name,Id\nJan Kowalski,jan-kowalski\n")  # renamed by hand: found by id
    assert cli("import", "registrations", "form.csv", "spring-cup").output.endswith(
        "added 0 players to content/events/spring-cup/registrations.yaml; 1 already registered, left as they were\n")
    assert len(registered(club)) == 2


def test_a_column_of_surname_comma_first_is_one_name_each(club, cli):
    """The sniffer took the comma for the separator: 'Kowalski' registered, 'Jan' lost."""
    (club.root / "form.csv").write_text('Name\nKowalski, Jan\n"Nowak, Anna"\n')
    cli("import", "registrations", "form.csv", "spring-cup")
    assert [(p["id"], p["name"]) for p in registered(club)] == [("kowalski-jan", "Kowalski, Jan"),
                                                                ("nowak-anna", "Nowak, Anna")]


def test_excels_sep_line_names_the_separator_and_is_no_row(club, cli):
    """It was read as the header ('no name column'). Rows are numbered as Excel shows them."""
    (club.root / "form.csv").write_text("sep=;\nName;Rating\nKowalski, Jan;1500\nNowak, Anna;high\n")
    assert cli("import", "registrations", "form.csv", "spring-cup", expect=1).output == (
        "form.csv:3: rating 'high' is not a whole number; correct it, or leave it empty\n1 problem found.\n")
    (club.root / "form.csv").write_text("sep=;\nName;Rating\nKowalski, Jan;1500\nNowak, Anna;1400\n")
    cli("import", "registrations", "form.csv", "spring-cup")
    assert [(p["name"], p["rating"]) for p in registered(club)] == [("Kowalski, Jan", 1500), ("Nowak, Anna", 1400)]


# ---------------------------------------------------------------- a late sign-up

def test_check_advises_joins_for_a_player_imported_after_two_rounds(tree, cli):
    """Check said 'e-late is not in round 1; pair them or remove their registration', and again
    for round 2 (list them under 'drops:' of round 1)."""
    tree.event("cup", [{"name": name, "id": name[0].lower()} for name in ("Anna", "Bart", "Cyril", "Dora")],
               ruleset="ffg-conquest")
    for number, (first, second) in enumerate([("a", "c"), ("a", "b")], start=1):
        others = sorted({"a", "b", "c", "d"} - {first, second})
        tree.save_round("cup", number, {"round": number, "stage": "swiss", "pairings": [
            {"table": 1, "players": [first, second], "winner": first},
            {"table": 2, "players": others, "winner": others[0]}]})
    (tree.root / "form.csv").write_text("Name\nAnna\nBart\nCyril\nDora\nEwa Late\n")
    cli("import", "registrations", "form.csv", "cup")
    path = tree.content / "events/cup/registrations.yaml"
    line = path.read_text().splitlines().index('- name: "Ewa Late"') + 1
    assert cli("check", expect=1).output == (
        f"content/events/cup/registrations.yaml:{line}: ewa-late is in no round before round 3; if they signed up "
        "late, add 'joins: 3' to their registration, otherwise pair them in round 1\n1 problem found.\n")
    path.write_text(path.read_text() + "  joins: 3\n")
    assert cli("check").output.endswith("ok: 1 event, 0 seasons, 10 rulesets\n")


def test_a_byte_that_is_not_utf8_after_a_byte_order_mark_is_said_at_its_own_line(tmp_path):
    """The codec counts from after the mark it skipped: the byte and the line are the file's."""
    from podium.formats.decoding import decode_text
    from podium.core.errors import UserError

    with pytest.raises(UserError) as error:
        decode_text(b"\xef\xbb\xbfname\nab\n\xe9x\n", "r.csv")
    assert str(error.value).startswith("r.csv:3: byte 0xe9 does not read as ")
