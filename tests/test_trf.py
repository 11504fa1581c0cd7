"""Issue 21: FIDE's Tournament Report File (TRF-16, Handbook C.04 Annex 2). `podium import trf`
moves a published chess Swiss in; `podium export trf` writes an event back out.

The published event: the 4° Open Capo D'Orso 2012 (Palau, Italy; chief arbiter Franco De Sio;
84 players, 9 rounds, paired with JaVaFo), the sample TRF of the JaVaFo Advanced User Manual
(R. Ricca, rrweb.org/javafo/aum), tests/data/capo-dorso-2012.trf. It holds pairing-allocated
byes (U), absences (Z), forfeits (+/−) and three withdrawals, and each player's points and rank."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from play import only_problem

from podium.core.errors import Problems, Src
from podium.formats.trf import RoundEntry, read_trf, trimmed, write_trf

DATA = Path(__file__).parent / "data"
CAPO = DATA / "capo-dorso-2012.trf"


def published() -> list:
    return read_trf(CAPO.read_text(encoding="utf-8"), str(CAPO), Problems()).players


def test_a_published_swiss_moves_in_with_every_players_points(tree, cli):
    output = cli("import", "trf", CAPO, "capo").output
    assert "wrote content/events/capo/rounds/9.yaml" in output
    assert cli("check").output.endswith("ok: 1 event, 0 seasons, 10 rulesets\n")
    rows = json.loads(cli("standings", "capo", "--json").output)["standings"]
    points = {row["name"]: row["points"] for row in rows}
    assert {p.name: p.points for p in published()} == points  # all 84, byes and forfeits counted as published
    assert sorted(row["name"] for row in rows if row["status"] == "dropped") == \
        ["Capitani Roberto", "Carosielli Giovanna", "Ghencea Ioan", "Turchetta Gianluca"]  # absent to the end
    assert cli("verify", "capo").output.startswith("ok")  # the rounds stand as published: nothing re-drawn


def test_a_published_trf_goes_out_as_it_came_in(tree, cli):
    """Round trip: every player's start rank, name, title, rating, federation, FIDE id, points
    and each round's opponent, colour and result come back the same (sex and birth date, which
    Podium does not keep, aside)."""
    cli("import", "trf", CAPO, "capo")
    exported = read_trf(cli("export", "trf", "capo").output, "export", Problems())

    def kept(trf_players):
        return [(p.number, p.name, p.title, p.rating, p.federation, p.fide_id, p.points, p.rounds)
                for p in sorted(normalized_players(trf_players), key=lambda p: p.number)]
    assert kept(exported.players) == kept(published())


def normalized_players(players) -> tuple:
    """The players as they read, for comparing two files: a blank result is the Z it means, and
    absences after a player's last round are not written."""
    return tuple(replace(p, src=Src(""), rounds=trimmed(RoundEntry(e.opponent, e.colour, "Z" if e.result == " " else
                                                                   e.result) for e in p.rounds)) for p in players)


def test_an_exported_event_has_its_colours_byes_and_the_bye_a_player_asked_for(tree, cli):
    """Five players paired by Podium: the pairing's bye is U, each game's colours as the round
    page shows them."""
    tree.event("club", [{"id": f"p{i}", "name": f"Player {i}", "rating": 2000 - i} for i in range(1, 6)],
               ruleset="chess-swiss", structure={"swiss_rounds": 2, "cut": 0}, venue="Kraków")
    cli("pair", "club")
    one = tree.read_round("club", 1)
    for pairing in one["pairings"]:
        if not pairing.get("bye"):
            pairing["score"] = [1, 0]
    tree.save_round("club", 1, one)
    cli("export", "trf", "club", "--out", tree.root / "club.trf")
    text = (tree.root / "club.trf").read_bytes().decode()
    lines = {line[4:8].strip(): line for line in text.split("\r\n") if line.startswith("001")}
    assert text.startswith("012 Event club\r\n022 Kraków\r\n042 2023/05/13\r\n062 5\r\n072 5\r\n092 Swiss\r\n"
                           "102 Olga Organizer\r\n")
    for pairing in one["pairings"]:
        if pairing.get("bye"):
            assert lines[pairing["players"][0][1:]][91:99] == "0000 - U"
        else:
            white, black = (p[1:] for p in pairing["players"])
            assert lines[white][91:99] == f"{black:>4} w 1" and lines[black][91:99] == f"{white:>4} b 0"


def test_writing_and_reading_keep_a_file(tmp_path):
    players = published()
    trf = read_trf(CAPO.read_text(), "capo", Problems())
    again = read_trf(write_trf(replace(trf, players=normalized_players(trf.players))), "again", Problems())
    assert normalized_players(again.players) == normalized_players(players)


def line(number: str, name: str, *rounds: str) -> str:
    """A player line of TRF-16: start rank in columns 5–8, name from 15, rounds from 92."""
    return f"001 {number:>4}      {name}".ljust(91) + "  ".join(rounds) + "\n"


def test_a_line_that_does_not_read_is_said_at_its_line(tree, cli):
    bad = tree.root / "bad.trf"
    bad.write_text("012 Club\n" + line("1", "Ann", "0000 - U") + line("2", "Bob", "0000 - Q") + line("x", "Cid"))
    output = cli("import", "trf", bad, "club", expect=1).output
    assert "bad.trf:3: round 1 (column 99): unknown result 'Q'; TRF-16 writes one of 1 = 0 + - W D L U F H Z" in output
    assert "bad.trf:4: the start rank (columns 5–8): 'x' is not a whole number" in output
    assert not (tree.content / "events/club").exists()


def test_a_game_written_on_one_line_only_is_said_at_it(tree, cli):
    bad = tree.root / "bad.trf"
    bad.write_text(line("1", "Ann", "   2 w 1") + line("2", "Bob", "   3 b 0") + line("3", "Cid", "   2 w 1"))
    output = cli("import", "trf", bad, "club", expect=1).output
    assert "bad.trf:1: round 1: start rank 2's line does not name 1 as his opponent in that round" in output


def test_import_never_writes_over_an_event(tree, cli):
    tree.event("capo", 4)
    output = cli("import", "trf", CAPO, "capo", expect=1).output
    assert "content/events/capo: already exists; podium import never overwrites" in output


def test_a_file_that_is_no_trf_is_refused(tree, cli):
    other = tree.root / "players.csv"
    other.write_text("name,rating\nAnn,1500\n")
    assert "players.csv: no player line ('001 …'): this is not a TRF-16 file" in \
        cli("import", "trf", other, "club", expect=1).output


def test_export_writes_a_new_file_and_never_over_one(tree, cli):
    cli("import", "trf", CAPO, "capo")
    out = tree.root / "capo.trf"
    cli("export", "trf", "capo", "--out", out)
    assert out.read_text().startswith("012 4° Open Capo D' Orso 2012")
    assert "capo.trf" in cli("export", "trf", "capo", "--out", out, expect=1).output


def test_a_line_of_more_rounds_than_any_tournament_is_refused(tree, cli):
    bad = tree.root / "long.trf"
    bad.write_text(line("1", "Ann", *["0000 - U"] * 150))
    output = cli("import", "trf", bad, "club", expect=1).output
    assert "long.trf:1: 150 rounds, more than any tournament plays (at most 99); is the line cut where the next " \
        "begins?" in output
    assert not (tree.content / "events/club").exists()


def test_a_digit_int_cannot_read_is_said_at_its_line_not_a_crash(tree, cli):
    """A Latin-1 file with '²' in the rating column: isdigit() took it and int() crashed."""
    bad = tree.root / "odd.trf"
    bad.write_bytes(("001    1      Ann".ljust(48) + "15\xb20\n").encode("latin-1"))
    output = cli("import", "trf", bad, "club", expect=1).output
    assert "odd.trf:1: the rating (columns 49–52): '15²0' is not a whole number" in output


def test_a_game_of_less_than_one_move_counts_and_goes_back_out_not_rated(tree, cli):
    """TRF-16's W, D, L: a game that lasted less than one move. Its result counts in the
    standings; the round file marks it 'unrated: true', and the export writes W, D, L again, so
    that the federation's rating report leaves it out (it had gone out as a rated 1–0)."""
    source = tree.root / "short.trf"
    source.write_text("012 Club\n042 2024/05/04\n" + line("1", "Ann", "   2 w W", "   3 b D") +
                      line("2", "Bob", "   1 b L", "0000 - U") + line("3", "Cid", "0000 - U", "   1 w D"))
    cli("import", "trf", source, "club")
    first = tree.read_round("club", 1)["pairings"][0]
    assert first == {"table": 1, "players": ["ann", "bob"], "score": [1, 0], "unrated": True}
    points = {row["player"]: row["points"] for row in json.loads(cli("standings", "club", "--json").output)["standings"]}
    assert points == {"ann": 1.5, "bob": 1, "cid": 1.5}
    out = tree.root / "back.trf"
    cli("export", "trf", "club", "--out", out)
    rounds = {p.name: [(e.opponent, e.colour, e.result) for e in p.rounds]
              for p in read_trf(out.read_text(), str(out), Problems()).players}
    assert rounds["Ann"] == [(2, "w", "W"), (3, "b", "D")] and rounds["Bob"][0] == (1, "b", "L")


def test_a_game_rated_on_one_line_and_not_on_the_other_is_said_at_it(tree, cli):
    bad = tree.root / "bad.trf"
    bad.write_text(line("1", "Ann", "   2 w W") + line("2", "Bob", "   1 b 0"))
    output = cli("import", "trf", bad, "club", expect=1).output
    assert ("bad.trf:1: round 1: results 'W' and '0' (start rank 2) are no game's two results; a round file holds a "
            "win, a draw or one player's forfeit — enter this game by hand") in output


def test_unrated_goes_with_a_games_score_only(tree, cli):
    tree.event("open", [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 5)], ruleset="chess-swiss",
               paired_by="by hand")
    tree.save_round("open", 1, {"round": 1, "stage": "swiss", "pairings": [
        {"players": ["p1", "p2"], "forfeit": "p2", "unrated": True}, {"players": ["p3", "p4"], "score": [0, 1]}]})
    assert only_problem(cli) == ("content/events/open/rounds/1.yaml:8: 'unrated' marks a game that lasted less than "
                                 "one move; it goes with the game's 'score' (a forfeit is never rated)")


@pytest.mark.parametrize("ruleset, pairing", [
    ("ffg-conquest", {"players": ["p1", "p2"], "winner": "p1", "unrated": True}),
    ("mtg-swiss", {"players": ["p1", "p2"], "score": [2, 0], "unrated": True}),
])
def test_unrated_is_refused_where_no_game_is_rated(tree, cli, ruleset, pairing):
    tree.event("open", [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 3)], ruleset=ruleset,
               paired_by="by hand", structure={"swiss_rounds": 1, "cut": 0})
    tree.save_round("open", 1, {"round": 1, "stage": "swiss", "pairings": [pairing]})
    problem = only_problem(cli)
    assert problem.startswith("content/events/open/rounds/1.yaml:") and "'unrated' is not part of this result" in problem


def test_unrated_on_a_bye_is_refused_at_its_line(tree, cli):
    tree.event("open", [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 4)], ruleset="chess-swiss",
               paired_by="by hand")
    tree.save_round("open", 1, {"round": 1, "stage": "swiss", "pairings": [
        {"players": ["p1", "p2"], "score": [1, 0]}, {"players": ["p3"], "bye": True, "unrated": True}]})
    assert only_problem(cli) == ("content/events/open/rounds/1.yaml:13: a bye is no game, and 'unrated' marks a "
                                 "game of less than one move; take it out")


def test_an_event_without_a_date_exports(tree, cli):
    """It crashed on the header's start date (AttributeError)."""
    tree.event("open", [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 3)], ruleset="chess-swiss",
               structure={"swiss_rounds": 1, "cut": 0})
    path = tree.content / "events/open/event.yaml"
    path.write_text("\n".join(line for line in path.read_text().splitlines() if not line.startswith("date:")) + "\n")
    assert "042" not in cli("export", "trf", "open").output


def test_a_round_in_play_is_left_out_points_and_all(tree, cli):
    """The rounds written and the points beside them agree: a round still in play (here a bye
    asked for in it already counted) is in neither."""
    players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 6)]
    players[4]["byes"] = {2: "half"}
    tree.event("open", players, ruleset="chess-swiss", structure={"swiss_rounds": 2, "cut": 0})
    cli("pair", "open")
    data = tree.read_round("open", 1)
    for pairing in data["pairings"]:
        if len(pairing["players"]) == 2:
            pairing["score"] = [1, 0]
    tree.save_round("open", 1, data)
    cli("pair", "open")
    out = tree.root / "open.trf"
    cli("export", "trf", "open", "--out", out)
    exported = read_trf(out.read_text(), str(out), Problems()).players
    points = {1: 1, 0: 0, "U": 1}
    for player in exported:
        assert len(player.rounds) <= 1
        assert player.points == sum(points[int(e.result) if e.result.isdigit() else e.result] for e in player.rounds)
