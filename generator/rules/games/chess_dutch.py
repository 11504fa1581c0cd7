"""Chess — the FIDE Dutch system, FIDE Handbook C.04.3, and the Baku acceleration, C.04.5.1.

The pairing itself is drawn by py4swiss, a library made for it: its Dutch engine implements
C.04.3 as in force until 31 January 2026 and is tested against bbpPairings, one of the engines
FIDE endorses (tests/test_dutch_fidelity.py holds it to FIDE's A.7 criterion on a committed
corpus). This module hands it the tournament as TRF(x) would: every entrant with his pairing
number and his rounds so far, the players who do not play the round already entered (an
absence, a bye asked for), the rounds, the initial colour and the accelerations.
"""
from __future__ import annotations

import functools
from fractions import Fraction
from math import ceil
from types import SimpleNamespace

from podium.rules.colours import BLACK, WHITE
from podium.rules.outcome import BYE_CODES, Outcome
from podium.rules.pairing.request import SwissRequest
from podium.rules.draw import DUTCH
from podium.rules.pairing.swiss import PairingImpossible, SwissMatching, SwissPairing, SwissRound, float_flags


def baku_group_size(players: int) -> int:
    """C.04.5.1 §1: GA holds the first half of the players by pairing number, rounded up to the
    nearest even number — 2·Q, with Q the players divided by 4 and rounded up (161 players: 82)."""
    return 2 * ceil(players / 4)


def baku_virtual_points(rounds: int) -> tuple[Fraction, ...]:
    """C.04.5.1 §3: the virtual points of a GA player before each round, round 1 first. The
    accelerated rounds are the first half of the tournament, rounded up; GA has 1 point in the
    first half of them (rounded up) and ½ in the rest; GB never has any (9 rounds: 1, 1, 1, ½, ½)."""
    accelerated = ceil(rounds / 2)
    full = ceil(accelerated / 2)
    return tuple(Fraction(1) if r < full else Fraction(1, 2) for r in range(accelerated))


def baku_accelerations(start_list: tuple[str, ...], rounds: int) -> dict[str, tuple[Fraction, ...]]:
    """Each GA player's virtual points before each accelerated round, by C.04.5.1: GA is the
    first ``baku_group_size`` of the whole start list (§1), players absent from round 1
    included, as bbpPairings' XXA lines have it. Podium cannot tell a player registered late
    from one absent from round 1 (both 'joins:'), so a late entry counts in the start list too,
    where §2 would keep the last GA player of round 1."""
    points = baku_virtual_points(rounds)
    return {player: points for player in start_list[:baku_group_size(len(start_list))]}


@functools.cache
def _py4swiss() -> SimpleNamespace:
    """The names of py4swiss this module uses, imported by the first draw and never with the
    module: every command reads the rulesets and so this module, and loading the library costs
    some 45 ms a process. With them, TRF's tokens of a game played, of one forfeited, and of a
    colour."""
    from py4swiss.engines import DutchEngine
    from py4swiss.engines.common import PairingError
    from py4swiss.trf import ParsedTrf
    from py4swiss.trf.codes import PlayerCode
    from py4swiss.trf.results import ColorToken, ResultToken, RoundResult
    from py4swiss.trf.sections import PlayerSection, XSection
    from py4swiss.trf.sections.x_section import XSectionConfiguration

    return SimpleNamespace(
        DutchEngine=DutchEngine, PairingError=PairingError, ParsedTrf=ParsedTrf, PlayerCode=PlayerCode,
        ResultToken=ResultToken, RoundResult=RoundResult, PlayerSection=PlayerSection, XSection=XSection,
        XSectionConfiguration=XSectionConfiguration, BYE_OR_NOT_PAIRED=ColorToken.BYE_OR_NOT_PAIRED,
        PLAYED={"win": ResultToken.WIN, "draw": ResultToken.DRAW, "loss": ResultToken.LOSS},
        FORFEITED={"win": ResultToken.FORFEIT_WIN, "loss": ResultToken.FORFEIT_LOSS},
        COLOUR={WHITE: ColorToken.WHITE, BLACK: ColorToken.BLACK, None: ColorToken.BYE_OR_NOT_PAIRED})


class DutchPairing(SwissPairing):
    """FIDE Handbook C.04.3, the Dutch system (as in force until 31 January 2026), with C.04.1's
    basic rules: no rematch, no second pairing-allocated bye nor one to a player who won by
    forfeit (C.04.1 d), the score brackets paired top-down by the criteria C.1–C.19 and the
    colours allocated by E.1–E.5 (the initial colour from the event, else drawn by lot); the
    Baku acceleration (C.04.5.1) when the event asks for it. Standard scoring: 1, ½, 0, a
    pairing-allocated bye 1."""

    name = "fide-dutch"
    gives_colours = True
    reads_history = True
    accelerations = frozenset({"baku"})
    forfeit_is_a_meeting = False  # C.04.1 b: a forfeited game was not played; the two may be paired again

    def misfit(self, scoring) -> str | None:
        """The Dutch system counts a win 1, a draw ½, a loss 0 and reads who had White."""
        worth = tuple(getattr(scoring, key, None) for key in ("win", "draw", "loss"))
        if worth != (1, 0.5, 0) or "colours" not in scoring.facts or getattr(scoring, "pairing_allocated_bye", 1) != 1:
            return ("pairs by FIDE's scores (a win 1, a draw ½, a loss 0, the pairing's bye 1) and reads who had White; "
                    "use a scoring like chess-swiss's (kind: points, win: 1, draw: 0.5, loss: 0, "
                    "pairing_allocated_bye: 1, colours: true), or pair with kind: swiss-matching")
        return None

    def as_drawn_by(self, draws: int) -> SwissPairing:
        """Before version 3 of the draws, chess Swiss rounds were matched as other games'."""
        return self if draws >= DUTCH else SwissMatching().as_drawn_by(draws)

    def draw(self, request: SwissRequest) -> SwissRound:
        py4swiss = _py4swiss()
        number = {player: i for i, player in enumerate(_numbered(request), start=1)}
        player = {i: p for p, i in number.items()}
        try:
            drawn = py4swiss.DutchEngine.generate_pairings(_tournament(request, number))
        except py4swiss.PairingError:  # raised by the Dutch engine for one cause alone: no valid pairing exists
            raise AbsoluteCriteriaUnmet() from None
        pairs = [(player[p.white], player[p.black]) for p in drawn if p.black]
        bye = next((player[p.white] for p in drawn if not p.black), None)
        return SwissRound(pairs=pairs, bye=bye, flags=float_flags(pairs, request.points))


class AbsoluteCriteriaUnmet(PairingImpossible):
    """C.04.3 C.1–C.3: every pairing of the round breaks an absolute criterion."""

    remedy = ("write the round by hand (podium verify then lists it as changed by hand), or reduce the Swiss rounds "
              "with structure: {swiss_rounds: N, cut: N}")

    def why(self) -> str:
        return ("by the Dutch system: every pairing would give a rematch, a second pairing-allocated bye (or one to "
                "a player who won by forfeit), or a game between two players who both must have one colour and are "
                "not topscorers (FIDE C.04.3 C.1–C.3)")


def _numbered(request: SwissRequest) -> list[str]:
    """The players with a pairing number, in the order of the start list: those paired in this
    round or in one before (a game, a forfeit, the pairing-allocated bye). One who has only
    been absent or asked for byes so far is not numbered yet, as a late entry is not (C.04.2
    §C): the numbers' parity gives the colours of E.5, and bbpPairings numbers so."""
    history = request.history
    return [p for p in history.start_list
            if p in request.to_pair or any(_took_part(outcomes) for outcomes in history.played.get(p, ()))]


def _took_part(outcomes: tuple[Outcome, ...]) -> bool:
    return any(o.opponent is not None or o.result == "bye" for o in outcomes)


def _tournament(request: SwissRequest, number: dict[str, int]) -> ParsedTrf:
    """The tournament as a TRF(x) before the round: each entrant's rounds so far, and for those
    who do not play this round, its entry already made (C.04.3's engine pairs the players whose
    entries stop at the round before)."""
    py4swiss = _py4swiss()
    to_pair = request.to_pair
    # GA is drawn from the whole start list before round 1 (C.04.5.1 §1), numbered or not yet
    accelerate = ACCELERATIONS.get(request.acceleration)
    history = request.history
    accelerations = accelerate(history.start_list, request.rounds) if accelerate else {}
    sections = []
    for p in number:
        results = [_entry(outcomes, number) for outcomes in history.played.get(p, ())]
        if p not in to_pair:
            results.append(_bye(request.asked.get(p, "zero")))
        points = round(10 * request.points.get(p, 0))  # the engine reads a paired player's alone
        sections.append(py4swiss.PlayerSection(code=py4swiss.PlayerCode.PLAYER, starting_number=number[p],
                                               points_times_ten=points, rank=number[p], results=results))
    configuration = py4swiss.XSectionConfiguration(first_round_color=request.initial_colour != BLACK)
    x_section = py4swiss.XSection(number_of_rounds=request.rounds, configuration=configuration,
                                  accelerations={number[p]: [int(v * 10) for v in values]
                                                 for p, values in accelerations.items() if p in number})
    return py4swiss.ParsedTrf(player_sections=sections, x_section=x_section)


def _entry(outcomes: tuple[Outcome, ...], number: dict[str, int]) -> RoundResult:
    """A player's round as TRF-16 writes it: the game, a forfeit, a bye or an absence."""
    if not outcomes:
        return _bye("zero")  # absent
    outcome = outcomes[0]
    if outcome.opponent is None:  # the pairing's bye, one asked for, or a round lost alone (a zero)
        return _bye("allocated" if outcome.result == "bye" else outcome.asked or "zero")
    py4swiss = _py4swiss()
    token = (py4swiss.PLAYED if outcome.played else py4swiss.FORFEITED)[outcome.result]
    return py4swiss.RoundResult(id=number[outcome.opponent], color=py4swiss.COLOUR[outcome.colour], result=token)


def _bye(kind: str) -> RoundResult:
    """A round without an opponent, by its kind of bye (rules/outcome.py BYE_CODES)."""
    py4swiss = _py4swiss()
    return py4swiss.RoundResult(id=0, color=py4swiss.BYE_OR_NOT_PAIRED, result=py4swiss.ResultToken(BYE_CODES[kind]))


BLOCKS = {"pairing": (DutchPairing,)}
ACCELERATIONS = {"baku": baku_accelerations}
