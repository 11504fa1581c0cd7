"""`podium import trf` reads TRF files as they are published, not only as TRF-16 writes them.

The files of tests/data/trf/:
- lichess-j8rtJ5GL.trf — lichess's export of a 112-player bullet Swiss (lichess.org/swiss/j8rtJ5GL):
  an absence written as a blank opponent and '-', XXR 21 of which 20 were played, XXC rank white1,
  and felix_duterte given the pairing's bye twice (rounds 6 and 8).
- gros2010-aum-r5.trf — the XX Open Internacional de Gros 2010 as the JaVaFo Advanced User Manual
  gives it (TRF(x)): XXR 9, four rounds played, round 5's absences already entered (0000 - Z, H),
  Moreno Romero Ernesto in no round. gros2010-r5-javafo-aum-output.txt: JaVaFo's pairing of round 5.
- gros2010-competichess-old-codes.txt — the same event in JaVaFo's older codes: '-', '=' and '+'
  without an opponent, forfeits with no colour ('39 - +').
- gros2010-competichess-head-xxa.txt — the same with XXA lines: the Baku acceleration's virtual points.
- friendship-cup-2024-team.trf — a team Swiss from Swiss-Manager (Heraklion 2024): '0000 - -',
  '0000 - +', a double forfeit, and 013 team lines.
- round-robin-6.trf, round-robin-5.trf, double-round-robin-4.trf — made by hand from FIDE's Berger
  tables (C.05 Annex 1): six players numbered by rating whose Berger numbers were drawn (a forfeit
  in round 3), five (the odd one out rests each round), and four meeting twice.
"""
from __future__ import annotations

import codecs
import json
from pathlib import Path

import yaml

from play import only_problem

from podium.core.errors import Problems
from podium.formats.trf import read_trf

DATA = Path(__file__).parent / "data" / "trf"
LICHESS = DATA / "lichess-j8rtJ5GL.trf"
GROS = DATA / "gros2010-aum-r5.trf"
GROS_OLD = DATA / "gros2010-competichess-old-codes.txt"
GROS_XXA = DATA / "gros2010-competichess-head-xxa.txt"
FRIENDSHIP = DATA / "friendship-cup-2024-team.trf"


def checked(cli) -> list[str]:
    """`podium check` passes: the import gave content the engine accepts; its notes."""
    lines = cli("check").output.splitlines()
    assert lines[-1].startswith("ok: 1 event,"), lines
    return lines[:-1]


def published_points(path: Path) -> dict:
    return {p.name: p.points for p in read_trf(path.read_text(encoding="utf-8"), str(path), Problems()).players}


def standings(cli, event: str) -> list[dict]:
    return json.loads(cli("standings", event, "--json").output)["standings"]


def read(tree, event: str, name: str):
    return yaml.safe_load((tree.content / "events" / event / name).read_text(encoding="utf-8"))


def line(number: int, name: str, *rounds: str) -> str:
    """A TRF-16 player line: start rank in columns 5–8, name from 15, round 1 from 92."""
    return f"001 {number:>4}      {name}".ljust(91) + "  ".join(rounds) + "\n"


# ---------------------------------------------------------------- absences and forfeits (1)

def test_lichess_absences_a_blank_opponent_and_a_dash_are_zero_point_byes_said_in_one_line(tree, cli):
    """It was refused: the start date 'May 10, 2020' read as no date, and each '-' without an
    opponent was "no bye TRF-16 writes". Every player has the points lichess published."""
    output = cli("import", "trf", LICHESS, "lichess").output.splitlines()
    # XXR says 21 rounds and 20 were played: a player absent from the last ones is paired in round 21
    # unless his absence is entered for it, as FIDE's pairing programs read a file (no withdrawals)
    assert output[1] == ("read as published: 20 rounds, 574 games, 1065 absences as zero-point byes (Z), 18 half-point "
                         "byes (H), 9 pairing-allocated byes (U); read as TRF-16 means them: '-' without an opponent as "
                         "Z (1065)")
    checked(cli)
    assert {row["name"]: row["points"] for row in standings(cli, "lichess")} == published_points(LICHESS)


def test_javafos_older_codes_read_as_the_same_rounds_as_trf16s(tree, cli):
    """'0000 - -' is Z, '0000 - =' H, a round's lone '0000 - +' the pairing's bye U, and '39 - +' a
    forfeit: the old-codes file makes the very files the TRF(x) one makes (but for the order of a
    forfeit's two players: the old codes give a forfeit no colour)."""
    cli("import", "trf", GROS, "new")
    output = cli("import", "trf", GROS_OLD, "old").output.splitlines()
    assert output[1] == ("read as published: 4 rounds, 89 games, 15 half-point byes (H), 3 pairing-allocated byes (U), "
                         "4 forfeits; read as TRF-16 means them: '+' without an opponent as U (3), '-' without an "
                         "opponent as Z (6), '=' without an opponent as H (16)")
    def uncoloured(data):
        for pairing in data["pairings"] if "pairings" in data else ():
            if "forfeit" in pairing:
                pairing["players"].sort()
        return data
    for name in ("registrations.yaml", *(f"rounds/{n}.yaml" for n in range(1, 5))):
        assert uncoloured(read(tree, "old", name)) == uncoloured(read(tree, "new", name)), name
    forfeit = next(p for p in read(tree, "old", "rounds/1.yaml")["pairings"] if "forfeit" in p)
    assert forfeit == {"table": 13, "players": ["rodriguez-cabrera-fco-javier", "portugal-sarasola-martin"],
                       "forfeit": "portugal-sarasola-martin"}  # '39 - +': no colour, the lower start rank first


def test_a_double_forfeit_is_two_zero_point_byes_and_a_lone_plus_the_pairings_bye(tree, cli):
    """Swiss-Manager's point without a game ('0000 - +') is a full-point bye where a round has
    two, the pairing's bye where it is the round's only one; two players paired and both absent
    ('-' and '-') score nothing, each a zero-point bye: it was refused ("enter this game by hand")."""
    source = tree.root / "club.trf"
    source.write_text("012 Club\n042 2024/05/04\nXXR 3\n" + "".join([
        line(1, "Ann", "0000 - +", "   3 w 1", "   2 b ="), line(2, "Bob", "0000 - +", "   4 b 1", "   1 w ="),
        line(3, "Cid", "   4 w -", "   1 b 0", "   5 w 1"), line(4, "Dan", "   3 b -", "   2 w 0", "0000 - +"),
        line(5, "Eve", "0000 - -", "0000 - -", "   3 b 0")]))
    output = cli("import", "trf", source, "club").output.splitlines()
    assert output[1] == ("read as published: 3 rounds, 4 games, 2 full-point byes (F), 1 pairing-allocated bye (U), "
                         "1 double forfeit as two zero-point byes, 1 late entry; read as TRF-16 means them: '+' "
                         "without an opponent as F (2) or U (1), '-' without an opponent as Z (2)")
    first = tree.read_round("club", 1)
    assert first["pairings"] == [{"players": ["ann"], "bye": "full"}, {"players": ["bob"], "bye": "full"},
                                 {"players": ["cid"], "bye": "zero"}, {"players": ["dan"], "bye": "zero"}]
    assert "# Cid and Dan were paired and neither played (a double forfeit): a zero-point bye each." in \
        tree.round_path("club", 1).read_text(encoding="utf-8")
    assert tree.read_round("club", 3)["pairings"][-1] == {"players": ["dan"], "bye": True}
    checked(cli)
    assert {row["player"]: row["points"] for row in standings(cli, "club")} == \
        {"ann": 2.5, "bob": 2.5, "cid": 1, "dan": 1, "eve": 0}


def test_swiss_managers_spellings_read_as_published_where_its_teams_rank_an_individual_event(tree, cli):
    """The Heraklion file as an individual event (its 092 made 'Individual: Swiss-System', its 013
    lines then a team classification beside it): '0000 - -' is Z, '0000 - +' a full-point bye
    where a round has several (F) and the pairing's where one (U), 41 vs 74 in round 7 a double
    forfeit, the 41 players of no round left out — and every player has his published points, but
    Girvalaki, published with 1.0 that none of her results gives (four losses, two absences, the
    double forfeit)."""
    source = tree.root / "heraklion.trf"
    text = FRIENDSHIP.read_text(encoding="utf-8")
    source.write_text(text.replace("092 Team Swiss System", "092 Individual: Swiss-System"), encoding="utf-8")
    output = cli("import", "trf", source, "heraklion").output.splitlines()
    assert output[1] == ("read as published: 7 rounds, 280 games, 29 absences as zero-point byes (Z), 8 full-point byes "
                         "(F), 3 pairing-allocated byes (U), 1 forfeit, 1 double forfeit as two zero-point byes, 6 "
                         "withdrawals, 6 late entries; read as TRF-16 means them: '+' without an opponent as F (8) or U "
                         "(3), '-' without an opponent as Z (328)")
    assert "heraklion.trf:150: 013 (a team of the event's team classification: Podium ranks the players alone) is not " \
        "carried over into the event (15 lines)" in output
    assert sum("played no round: left out of the event" in text for text in output) == 41
    assert "# Girvalaki,Nektaria and Voulgarakis,Ioannis were paired and neither played (a double forfeit): a " \
        "zero-point bye each." in tree.round_path("heraklion", 7).read_text(encoding="utf-8")
    checked(cli)
    points = {row["name"]: row["points"] for row in standings(cli, "heraklion")}
    published = published_points(FRIENDSHIP)
    assert {name: published[name] for name in points if name != "Girvalaki,Nektaria"} == \
        {name: value for name, value in points.items() if name != "Girvalaki,Nektaria"}
    assert (points["Girvalaki,Nektaria"], published["Girvalaki,Nektaria"]) == (0, 1.0)


# ---------------------------------------------------------------- the round to pair (2, 4) and who never played (3)

def test_round_fives_absences_are_byes_asked_for_and_xxr_sets_the_rounds(tree, cli):
    """Round 5's '0000 - Z' and '0000 - H' were a fifth round played (and Markina a withdrawal),
    and the event had 5 rounds of XXR's 9, so it was over: they are the byes of the round to pair,
    the very players JaVaFo's pairing of round 5 leaves out, and 9 rounds are played."""
    output = cli("import", "trf", GROS, "gros").output
    assert ("byes asked for in advance, in registrations.yaml ('byes:'), not rounds played: Markina Amutxastegi "
            "Fernando (5: zero), Gallas Gautier (5: half)") in output.splitlines()
    assert f"{GROS}:13: XXR 9: 9 rounds; 4 played, round 5 is the next to pair" in output.splitlines()
    assert read(tree, "gros", "event.yaml")["structure"] == {"swiss_rounds": 9, "cut": 0}
    assert not tree.round_path("gros", 5).exists()
    registered = read(tree, "gros", "registrations.yaml")
    asked = {entry["id"]: entry["byes"] for entry in registered if "byes" in entry}
    assert asked == {"markina-amutxastegi-fernando": {5: "zero"}, "gallas-gautier": {5: "half"}}
    javafo = DATA / "gros2010-r5-javafo-aum-output.txt"
    paired = {int(n) for row in javafo.read_text().splitlines()[1:] for n in row.split()} - {0}
    assert set(range(1, 53)) - paired == {22, 28, 43}  # Markina, Moreno Romero, Gallas
    checked(cli)
    assert "dropped" not in {row["status"] for row in standings(cli, "gros")}


def test_a_player_in_no_round_is_left_out_and_named(tree, cli):
    """Moreno Romero Ernesto, absent from every round, was registered and in no round: check
    asked for 'joins: 6'."""
    output = cli("import", "trf", GROS, "gros").output
    assert f"{GROS}:41: Moreno Romero Ernesto (start rank 28) played no round: left out of the event" in output
    assert "moreno-romero-ernesto" not in {entry["id"] for entry in read(tree, "gros", "registrations.yaml")}
    checked(cli)


def test_xxz_lists_the_absent_of_the_round_to_pair(tree, cli):
    source = tree.root / "gros.trf"
    source.write_text(GROS.read_text(encoding="utf-8").replace("XXR 9\n", "XXR 9\nXXZ 5 28\n"), encoding="utf-8")
    cli("import", "trf", source, "gros")
    asked = {entry["id"]: entry["byes"] for entry in read(tree, "gros", "registrations.yaml") if "byes" in entry}
    assert asked["sanz-perez-eduardo"] == {5: "zero"}
    checked(cli)


# ---------------------------------------------------------------- XXR, XXC, XXA, XXS (4, 5)

def test_xxr_and_xxc_of_lichess_are_the_rounds_and_the_initial_colour(tree, cli):
    """'XXC rank white1': White for the first board of round 1, and lichess writes no rank
    (columns 86–89 blank), so 'rank' leaves the start-number order as it is."""
    output = cli("import", "trf", LICHESS, "lichess").output
    assert f"{LICHESS}:10: XXC rank white1: rank: the ranks keep the start-number order Podium pairs by; " \
        "initial_colour: white" in output.splitlines()
    event = read(tree, "lichess", "event.yaml")
    assert (event["structure"], event["initial_colour"]) == ({"swiss_rounds": 21, "cut": 0}, "white")
    checked(cli)


def test_xxc_words_podium_cannot_honour_are_refused_at_their_line(tree, cli):
    source = tree.root / "gros.trf"
    source.write_text(GROS.read_text(encoding="utf-8").replace("XXR 9\n", "XXR 9\nXXC white2 rank\n"), encoding="utf-8")
    output = cli("import", "trf", source, "gros", expect=1).output
    assert output == (
        "gros.trf:14: XXC 'white2': JaVaFo's XXC takes white1, black1 or rank; write one of those, or take the word "
        "out\ngros.trf:14: XXC rank: the rank column (86–89) orders the players for pairing, and start rank 5's rank "
        "(6) does not come before the next one's; Podium pairs by start number: take 'rank' out of the XXC line to "
        "pair by start number, or number the players in rank order\n2 problems found.\n")
    assert not (tree.content / "events/gros").exists()


def test_xxa_of_the_baku_acceleration_is_acceleration_baku(tree, cli):
    output = cli("import", "trf", GROS_XXA, "gros").output
    assert f"{GROS_XXA}:66: XXA: the Baku acceleration (FIDE C.04.5.1): acceleration: baku" in output
    assert read(tree, "gros", "event.yaml")["acceleration"] == "baku"
    checked(cli)


def test_xxa_of_another_acceleration_is_refused_at_the_first_line_that_differs(tree, cli):
    source = tree.root / "gros.trf"
    source.write_text(GROS_XXA.read_text(encoding="utf-8").replace("XXA    3  1.0  1.0  1.0", "XXA    3  1.0  1.0  0.5"),
                      encoding="utf-8")
    assert cli("import", "trf", source, "gros", expect=1).output == (
        "gros.trf:68: XXA: start rank 3's virtual points 1.0 1.0 0.5 0.5 0.5 are not the Baku acceleration's "
        "(1.0 1.0 1.0 0.5 0.5: FIDE C.04.5.1, for the 52 players of the file and 9 rounds), the one acceleration "
        "Podium pairs by; take the XXA lines out to pair the rounds left without acceleration\n1 problem found.\n")


def test_xxs_of_fides_points_is_honoured_and_of_others_refused(tree, cli):
    source = tree.root / "gros.trf"
    text = GROS.read_text(encoding="utf-8")
    source.write_text(text.replace("XXR 9\n", "XXR 9\nXXS W=1.0 D=0.5 PAB=1.0\n"), encoding="utf-8")
    assert "gros.trf:14: XXS W=1.0 D=0.5 PAB=1.0: FIDE's points, as Podium scores chess" in \
        cli("import", "trf", source, "gros").output
    checked(cli)
    source.write_text(text.replace("XXR 9\n", "XXR 9\nXXS WW=3.0 BW=3.0 D=1.0\n"), encoding="utf-8")
    assert cli("import", "trf", source, "other", expect=1).output == (
        "gros.trf:14: XXS WW=3.0: a win with White scores 3.0 here and 1.0 under FIDE's points, by which Podium "
        "scores chess (a win 1, a draw ½, a loss 0; the pairing's bye 1; a full-, half- or zero-point bye 1, ½, 0): "
        "the standings would not be the file's, so this event cannot be imported\n1 problem found.\n")


# ---------------------------------------------------------------- teams (6), encodings (7)

def test_a_team_swiss_is_refused_at_its_first_team_line(tree, cli):
    assert cli("import", "trf", FRIENDSHIP, "cup", expect=1).output == (
        f"{FRIENDSHIP}:150: 013: a team Swiss (its 013 lines name each team's players); Podium has no team Swiss "
        "yet, so this event cannot be imported\n1 problem found.\n")
    assert not (tree.content / "events/cup").exists()


def test_a_byte_order_mark_keeps_the_tournaments_name():
    """The text as a reader keeps it after a UTF-8 decode ('utf-8', not 'utf-8-sig'): '\\ufeff012'
    was no header line, and the event took the file's name."""
    text = "\ufeff" + GROS.read_text(encoding="utf-8")
    assert read_trf(text, "gros.trf", Problems()).header["name"] == "XX Open Internacional de Gros"


def test_a_code_page_named_for_a_file_with_utf8s_byte_order_mark_is_refused(tree, cli):
    """Read as cp1250 the mark was 'ďťż' glued to '012': the name was lost, the names garbled."""
    source = tree.root / "gros.trf"
    source.write_bytes(codecs.BOM_UTF8 + GROS.read_bytes())
    assert cli("import", "trf", source, "gros", "--encoding", "cp1250", expect=1).output == (
        "gros.trf:1: it starts with UTF-8's byte order mark, so it is UTF-8, not cp1250; leave --encoding out, or "
        "name utf-8\n1 problem found.\n")
    cli("import", "trf", source, "gros")
    assert read(tree, "gros", "event.yaml")["name"] == "XX Open Internacional de Gros"


# ---------------------------------------------------------------- a rule the published rounds broke (8)

def test_a_second_pairing_bye_lichess_gave_stands_as_published_and_check_notes_it(tree, cli):
    """felix_duterte had the pairing's bye in rounds 6 and 8: check refused the event ("already
    had a bye; a player gets at most one") although those are the rounds lichess played."""
    output = cli("import", "trf", LICHESS, "lichess").output
    assert (f"{LICHESS}:118: felix_duterte has the pairing's bye in rounds 6, 8, where a player gets at most one; the "
            "rounds stand as published, and `podium check` notes it") in output.splitlines()
    lines = tree.round_path("lichess", 8).read_text(encoding="utf-8").splitlines()
    bye_line = lines.index("  - felix-duterte")  # the line before, '- players:', 1-based
    assert checked(cli) == [f"note: content/events/lichess/rounds/8.yaml:{bye_line}: felix-duterte already had a bye, "
                            "and a player gets at most one; the round stands as published (paired_by: a TRF-16 file "
                            "(podium import trf))"]
    cli("build", "--out", tree.root / "site")


def two_byes_for_p5(tree, drawn_from: str | None = None, **event) -> None:
    """Five players, two rounds, p5 given the pairing's bye in both (``drawn_from``: round 2 as `pair` wrote it)."""
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 6)]
    tree.event("club", players, ruleset="chess-swiss", structure={"swiss_rounds": 2, "cut": 0}, **event)
    for number, games in ((1, [["p1", "p2"], ["p3", "p4"]]), (2, [["p3", "p1"], ["p2", "p4"]])):
        tree.save_round("club", number, {"round": number, "stage": "swiss", "pairings": [
            *({"players": game, "score": [1, 0]} for game in games), {"players": ["p5"], "bye": True}],
            **({"drawn_from": drawn_from} if drawn_from and number == 2 else {})})


def test_a_second_bye_in_a_round_another_program_drew_is_noted_not_refused(tree, cli):
    two_byes_for_p5(tree, paired_by="Swiss-Manager")
    assert checked(cli) == ["note: content/events/club/rounds/2.yaml:16: p5 already had a bye, and a player gets at "
                            "most one; the round stands as published (paired_by: Swiss-Manager)"]
    assert {row["player"]: row["points"] for row in standings(cli, "club")}["p5"] == 2


def test_a_second_bye_is_refused_in_a_hand_written_event_and_in_a_round_podium_drew(tree, cli):
    two_byes_for_p5(tree)
    assert only_problem(cli) == "content/events/club/rounds/2.yaml:16: p5 already had a bye; a player gets at most one"
    two_byes_for_p5(tree, drawn_from="0123456789abcdef", paired_by="Swiss-Manager")  # pair drew round 2
    assert "content/events/club/rounds/2.yaml:16: p5 already had a bye; a player gets at most one" in \
        cli("check", expect=1).output


# ---------------------------------------------------------------- round robins (9)

def test_a_round_robin_moves_into_chess_round_robin_in_its_berger_order(tree, cli):
    """Start ranks by rating, Berger numbers drawn (3 6 1 5 2 4): the players are registered in
    the tables' order, so that each round is the Berger table's round as published."""
    source = DATA / "round-robin-6.trf"
    output = cli("import", "trf", source, "rr").output
    assert (f"{source}:6: a round robin (FIDE's Berger tables): ruleset chess-round-robin, numbered as its Berger "
            "tables seat it") in output.splitlines()
    event = read(tree, "rr", "event.yaml")
    assert (event["ruleset"], event["structure"], event["start_numbers"]) == (
        "chess-round-robin", [{"kind": "round-robin", "groups": 1, "schedule": "fide-berger"}], "registrations")
    assert [entry["name"] for entry in read(tree, "rr", "registrations.yaml")] == [
        "Wiśniewski, Piotr", "Lewandowski, Marek", "Kowalski, Jan", "Kamińska, Zofia", "Nowak, Anna", "Wójcik, Ewa"]
    assert tree.read_round("rr", 3)["pairings"][1] == {"table": 2, "players": ["kaminska-zofia", "nowak-anna"],
                                                       "forfeit": "kaminska-zofia"}
    checked(cli)
    assert {row["name"]: row["points"] for row in standings(cli, "rr")} == published_points(source)
    assert cli("verify", "rr").output.startswith("ok")


def test_a_round_robin_of_an_odd_field_rests_a_player_each_round_in_no_round_file(tree, cli):
    """The rest ('0000 - -') is no bye and no absence: a round robin has no late entry either
    (he rests in round 1) nor a withdrawal (he rests in round 5)."""
    source = DATA / "round-robin-5.trf"
    cli("import", "trf", source, "rr")
    assert all("joins" not in entry for entry in read(tree, "rr", "registrations.yaml"))
    for number in range(1, 6):
        data = tree.read_round("rr", number)
        assert (len(data["pairings"]), "drops" in data, data["stage"]) == (2, False, "round-robin")
    checked(cli)
    assert {row["name"]: row["points"] for row in standings(cli, "rr")} == published_points(source)


def test_a_round_robin_whose_rounds_are_no_berger_table_stays_a_swiss_and_says_so(tree, cli):
    original = (DATA / "round-robin-6.trf").read_text(encoding="utf-8").splitlines(keepends=True)
    swapped = [text[:131] + text[141:151].rstrip("\n").ljust(10) + text[131:141] + "\n" if text.startswith("001")
               else text for text in original]  # rounds 4 and 5 played the other way round
    source = tree.root / "rr.trf"
    source.write_text("".join(swapped), encoding="utf-8")
    output = cli("import", "trf", source, "rr").output
    assert "rr.trf:6: a round robin whose rounds are none of FIDE's Berger tables: imported as a Swiss, its rounds " \
        "as published" in output.splitlines()
    assert read(tree, "rr", "event.yaml")["ruleset"] == "chess-swiss"
    checked(cli)


def test_a_double_round_robin_is_refused_at_the_first_game_played_again(tree, cli):
    """Imported as a Swiss, `podium check` refused each second game ("already played each other;
    Swiss rounds have no rematches"); Podium's round robin has no second cycle yet."""
    source = DATA / "double-round-robin-4.trf"
    assert cli("import", "trf", source, "rr", expect=1).output == (
        f"{source}:8: round 4: start ranks 1 and 4 meet again: a double round robin (everyone meets everyone twice); "
        "Podium's round robin plays each pairing once and has no second cycle yet, so this event cannot be "
        "imported\n1 problem found.\n")


def test_a_tournament_going_on_pairs_next_whoever_has_no_absence_entered_for_it(tree, cli):
    """XXR 3, two rounds played. Dan missed round 2 (Z) and has nothing entered for round 3:
    as FIDE's pairing programs read the file, he is paired in round 3 — a zero-point bye in
    round 2, not a withdrawal. Eve played no round and has nothing entered either: she joins in
    round 3, not left out. (Both were read as gone, and bbpPairings' corpus rounds differed.)"""
    source = tree.root / "going-on.trf"
    source.write_text("012 Going on\n042 2026/02/01\nXXR 3\nXXC white1\n"
                      + line(1, "Ann", "   3 w 1", "   2 b =")
                      + line(2, "Bob", "   4 w 1", "   1 w =")
                      + line(3, "Cid", "   1 b 0", "0000 - U")
                      + line(4, "Dan", "   2 b 0", "0000 - Z")
                      + line(5, "Eve", "0000 - Z", "0000 - Z"), encoding="utf-8")
    cli("import", "trf", source, "going")
    registrations = {p["id"]: p for p in read(tree, "going", "registrations.yaml")}
    assert set(registrations) == {"ann", "bob", "cid", "dan", "eve"} and registrations["eve"]["joins"] == 3
    second = read(tree, "going", "rounds/2.yaml")
    assert {"players": ["dan"], "bye": "zero"} in second["pairings"] and "drops" not in second
    cli("pair", "going")
    paired = {p for pairing in tree.read_round("going", 3)["pairings"] for p in pairing["players"]}
    assert {"dan", "eve"} <= paired
