"""Issue 34: chess Swiss rounds drawn by the FIDE Dutch system (C.04.3), from py4swiss, with
the Baku acceleration (C.04.5.1) and the event's initial colour. Each case below is worked by
hand from the rules; tests/test_dutch_fidelity.py holds the draw to bbpPairings' on a corpus."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from podium.rules.games.chess_dutch import DutchPairing, baku_group_size, baku_virtual_points
from podium.rules.pairing.swiss import SwissMatching

EXTERNAL = Path(__file__).parent / "data" / "trf"


def chess_event(tree, players: int, rounds: int = 5, **fields) -> str:
    entries = [{"id": f"p{i}", "name": f"Player {i}", "rating": 2400 - 10 * i} for i in range(1, players + 1)]
    return tree.event("open", entries, ruleset="chess-swiss", structure={"swiss_rounds": rounds, "cut": 0}, **fields)


def boards(tree, event: str, number: int) -> list[tuple[int, ...]]:
    """The round's boards in order as pairing numbers, White first; a bye as (n,)."""
    return [tuple(int(p[1:]) for p in pairing["players"]) for pairing in tree.read_round(event, number)["pairings"]]


@pytest.mark.parametrize("players, ga", [(8, 4), (52, 26), (161, 82), (10, 6), (1, 2)])
def test_baku_puts_the_first_half_of_the_players_rounded_up_to_even_in_ga(players, ga):
    """C.04.5.1 §1: 2·Q, with Q the players divided by 4 and rounded up (its own example: 161 → 82)."""
    assert baku_group_size(players) == ga


@pytest.mark.parametrize("rounds, points", [(9, "1 1 1 1/2 1/2"), (5, "1 1 1/2"), (7, "1 1 1/2 1/2"), (4, "1 1/2"),
                                            (11, "1 1 1 1/2 1/2 1/2")])
def test_baku_gives_one_virtual_point_then_a_half_in_the_accelerated_rounds(rounds, points):
    """C.04.5.1 §3: the accelerated rounds are the first half of the tournament, rounded up; GA
    has 1 point before the first half of them (rounded up) and ½ before the rest (its example:
    nine rounds, 1 in rounds 1–3, ½ in rounds 4–5)."""
    assert baku_virtual_points(rounds) == tuple(Fraction(p) for p in points.split())


def test_round_one_pairs_the_top_half_against_the_bottom_half_and_alternates_colours(tree, cli):
    """C.04.3 B (one bracket of eight on 0 points: S1 = 1–4 against S2 = 5–8) and E.5 with
    White drawn for the top: 1–5, 6–2, 3–7, 8–4 (the higher player of a pair has the initial
    colour when his number is odd)."""
    event = chess_event(tree, 8, initial_colour="white")
    cli("pair", event)
    assert boards(tree, event, 1) == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_the_events_initial_colour_gives_the_top_board_black(tree, cli):
    """``initial_colour: black`` (TRF's XXC black1): E.5 gives player 1 Black and player 2 White."""
    event = chess_event(tree, 4, rounds=3, initial_colour="black")
    cli("pair", event)
    assert boards(tree, event, 1) == [(3, 1), (2, 4)]


def test_the_baku_acceleration_pairs_ga_and_gb_apart_in_round_one(tree, cli):
    """Eight players: GA is 1–4 (2·⌈8/4⌉) with one virtual point, GB 5–8 with none, so round 1
    is two brackets, 1–3 and 2–4 above, 5–7 and 6–8 below, colours by E.5 as without it."""
    event = chess_event(tree, 8, initial_colour="white", acceleration="baku")
    cli("pair", event)
    assert boards(tree, event, 1) == [(1, 3), (4, 2), (5, 7), (8, 6)]


def test_a_round_no_pairing_can_draw_says_which_rules_forbid_it(tree, cli):
    """Four players have met everyone after three rounds: round 4 would be a rematch (C.1)."""
    event = chess_event(tree, 4, rounds=4)
    for number in (1, 2, 3):
        cli("pair", event)
        data = tree.read_round(event, number)
        for pairing in data["pairings"]:
            pairing["score"] = [0.5, 0.5]
        tree.save_round(event, number, data)
    output = cli("pair", event, expect=1).output
    assert ("content/events/open/event.yaml:1: round 4 cannot be paired by the Dutch system: every pairing would give "
            "a rematch, a second pairing-allocated bye (or one to a player who won by forfeit), or a game between two "
            "players who both must have one colour and are not topscorers (FIDE C.04.3 C.1–C.3); write the round by "
            "hand (podium verify then lists it as changed by hand), or reduce the Swiss rounds with structure: "
            "{swiss_rounds: N, cut: N}") in output


def test_an_event_drawn_before_the_dutch_system_is_redrawn_as_it_was():
    """``draws: 2`` (or 1): chess Swiss rounds were matched as other games' then."""
    dutch = DutchPairing()
    assert dutch.as_drawn_by(3) is dutch
    assert type(dutch.as_drawn_by(2)) is SwissMatching


def test_the_javafo_manuals_gros_2010_round_5_is_drawn_board_for_board(tree, cli):
    """The JaVaFo user manual's example: the XX Open Internacional de Gros (2010), four rounds
    played, round 5's absences entered (a half-point bye, a zero-point one), paired by JaVaFo 2.2
    as the manual prints it (gros2010-r5-javafo-aum-output.txt): 24 boards and a bye, in order."""
    cli("import", "trf", EXTERNAL / "gros2010-aum-r5.trf", "gros")
    cli("pair", "gros")
    names = {p["id"]: p["name"] for p in yaml.safe_load((tree.content / "events/gros/registrations.yaml").read_text("utf-8"))}
    start = _start_numbers(EXTERNAL / "gros2010-aum-r5.trf")
    drawn = [tuple(start[names[p]] for p in pairing["players"]) + ((0,) if pairing.get("bye") is True else ())
             for pairing in tree.read_round("gros", 5)["pairings"] if pairing.get("bye") in (None, False, True)]
    expected = [tuple(int(n) for n in line.split())
                for line in (EXTERNAL / "gros2010-r5-javafo-aum-output.txt").read_text("utf-8").splitlines()[1:] if line.strip()]
    assert drawn == expected
    assert "ok: 1 event" in cli("check").output  # 46–20 met by forfeit in round 1 (C.04.1 b: not a game played)


def _start_numbers(trf: Path) -> dict[str, int]:
    """Each player's start number in a TRF file, by name (TRF-16 columns 5–8 and 15–47)."""
    return {line[14:47].strip(): int(line[4:8]) for line in trf.read_text("utf-8").splitlines() if line.startswith("001")}


def test_a_player_absent_from_round_one_has_no_pairing_number_in_it(tree, cli):
    """Player 2 asked for a zero-point bye in round 1: the five others are numbered 1–5 among
    themselves (a late entry's number comes when he first plays, C.04.2 §C, as bbpPairings
    numbers), so by E.5 the second board's higher player, player 3, is number 2, even: Black.
    S1 = 1, 3 against S2 = 4, 5; the bye to the last, player 6."""
    entries = [{"id": f"p{i}", "name": f"Player {i}", "rating": 2400 - 10 * i} for i in range(1, 7)]
    entries[1]["byes"] = {1: "zero"}
    tree.event("open", entries, ruleset="chess-swiss", structure={"swiss_rounds": 3, "cut": 0}, initial_colour="white")
    cli("pair", "open")
    assert boards(tree, "open", 1) == [(1, 4), (5, 3), (6,), (2,)]


def test_verify_redraws_every_dutch_round_as_pair_drew_it(tree, cli):
    """Three rounds of ten players with draws and a forfeit, each drawn by `podium pair`:
    `podium verify` draws each again from the rounds before it and finds it the same."""
    event = chess_event(tree, 10, rounds=4, acceleration="baku")
    scores = iter([[1, 0], [0.5, 0.5], [0, 1], [1, 0], [0.5, 0.5]] * 4)
    for number in (1, 2, 3):
        cli("pair", event)
        data = tree.read_round(event, number)
        for pairing in data["pairings"]:
            pairing["score"] = next(scores)
        if number == 2:
            first = data["pairings"][0]
            first.pop("score")
            first["forfeit"] = first["players"][1]
        tree.save_round(event, number, data)
    assert cli("verify", event).output.startswith("ok")


def test_a_ruleset_pairing_by_the_dutch_system_with_other_points_is_told_so(tree, cli):
    """3 points a win: the score brackets of the Dutch system would not be the event's."""
    tree.house_rules("chess-swiss", "scoring: {kind: points, win: 3, draw: 1, loss: 0, colours: true}\n")
    output = cli("check", expect=1).output
    assert ("rulesets/club.yaml:4: pairing 'fide-dutch' pairs by FIDE's scores (a win 1, a draw ½, a loss 0, the "
            "pairing's bye 1) and reads who had White; use a scoring like chess-swiss's (kind: points, win: 1, draw: "
            "0.5, loss: 0, pairing_allocated_bye: 1, colours: true), or pair with kind: swiss-matching") in output


@pytest.mark.parametrize("key, value, said", [
    ("acceleration", "baku", "'acceleration: baku': the pairing of ruleset 'ffg-conquest' has no acceleration, so "
                             "nothing reads it; take it out"),
    ("initial_colour", "white", "'initial_colour: white': ruleset 'ffg-conquest' gives no colours, so nothing reads "
                                "it; take it out")])
def test_a_chess_key_on_an_event_whose_ruleset_reads_none_is_told_so_at_its_line(tree, cli, key, value, said):
    tree.event("e1", 8, ruleset="ffg-conquest", **{key: value})
    line = next(n for n, text in enumerate((tree.content / "events/e1/event.yaml").read_text().splitlines(), 1)
                if text.startswith(f"{key}:"))
    assert f"content/events/e1/event.yaml:{line}: {said}" in cli("check", expect=1).output


def test_verify_says_a_game_whose_colours_were_swapped_by_hand(tree, cli):
    """The Dutch draw gives each game's White (E.1–E.5): a round file with a game's colours
    swapped after `podium pair` wrote it is changed by hand, and verify says which game."""
    event = chess_event(tree, 8, rounds=3, initial_colour="white")
    cli("pair", event)
    data = tree.read_round(event, 1)
    data["pairings"][0]["players"].reverse()
    tree.save_round(event, 1, data)
    output = cli("verify", event, expect=1).output
    assert "the pairings of round 1 differ from the draw (published p5 v p1; re-drawn today p1 v p5)" in output
