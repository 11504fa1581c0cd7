"""The generic scoring by points for a win, a draw and a loss (chess, Magic, Pokémon): one
class, its sources cited in its docstring."""
from __future__ import annotations

from dataclasses import replace
from typing import Literal

from podium.core.errors import Problems
from podium.core.model import Pairing
from podium.rules.blocks import Param
from podium.core.words import N_
from podium.rules.forms import CHOICE, NUMBER, Input, Option
from podium.rules.colours import BLACK, WHITE
from podium.rules.kinds import KNOCKOUT, ROUND_ROBIN, SWISS
from podium.rules.outcome import REQUESTED_BYE, Outcome
from podium.rules.scoring import Scoring, listed, ordered_values
from podium.core.values import Points


class PointsScoring(Scoring):
    """Points for a win, a draw and a loss, halves allowed: chess (FIDE Handbook C.07 (2023)
    §5: win 1, draw ½, loss 0), Magic (MTR Appendix C: 3, 1, 0), Pokémon (3, 1, 0).

    ``score`` is each player's result of the game, [1, 0], [0.5, 0.5] or [0, 1] — or, with
    ``score_means: games``, the games each won in a match, [2, 1], with ``drawn_games`` beside
    it. The higher score wins; a level score is a draw. ``forfeit: <id>``: that player did not
    play and loses; the round is unplayed for both (FIDE C.07 (2023) §16.2.2, §16.2.5). With
    ``colours``, the first player listed has White. A bye the pairing allocates is worth
    ``pairing_allocated_bye`` when it is set (FIDE C.07 (2023) §16.2.1; the bye policy's points
    otherwise), and counts as a win when worth one; in a match of games it counts as won 2–0
    (MTR Appendix C). In a knockout stage (a top cut) a match is entered once decided: a level
    score is refused, since the game's rules, not Podium, say how a drawn match goes on.
    """

    name = "points"
    params = {
        "win": Param(Points, 1, "points for a win"),
        "draw": Param(Points, 0.5, "points each for a draw"),
        "loss": Param(Points, 0, "points for a loss"),
        "pairing_allocated_bye": Param(Points | None, None, "points for a bye the pairing allocates (not set: the bye "
                                                           "policy's points)"),
        "score_means": Param(Literal["result", "games"], "result", "what 'score' lists: 'result', the game's result "
                             "([1, 0], [0.5, 0.5], [0, 1]); 'games', the games each player won in a match ([2, 1])"),
        "colours": Param(bool, False, "the first player of a game has White, the second Black (chess)"),
        "requested_byes": Param(bool, False, "a player may ask to sit out a round for a full, half or zero-point bye "
                                             "(FIDE C.07 (2023) §16.2.3–4; 'bye: half', registrations' 'byes:')"),
    }
    stage_kinds = frozenset({SWISS, ROUND_ROBIN, KNOCKOUT})  # a knockout match: its result once decided
    GAME_RESULTS = ((1, 0), (0.5, 0.5), (0, 1))
    BYE_GAMES = 2  # MTR Appendix C: a bye is a match won 2–0

    def agreement(self) -> list[tuple[str, str]]:
        """A win is worth more than a draw, and a draw no less than a loss."""
        return ordered_values(self, ("win", "draw", True), ("draw", "loss", False))

    @property
    def facts(self) -> frozenset:
        return frozenset({"wins"} | ({"games"} if self.score_means == "games" else set())
                         | ({"colours"} if self.colours else set()))

    @classmethod
    def facts_possible(cls) -> frozenset:
        return frozenset({"wins", "games", "colours"})

    def result_keys(self, pairing: Pairing, stage=None) -> tuple[frozenset, str]:
        if self.score_means == "games":
            return (frozenset({"score", "drawn_games", "forfeit"}),
                    "write 'score: [games won, games won]' (and 'drawn_games: N' for drawn games), or 'forfeit: <id>' "
                    "for a player who did not play")
        return (frozenset({"score", "forfeit"} | ({"unrated"} if self.colours else set())),  # rated: chess
                "write 'score: [1, 0]', '[0.5, 0.5]' or '[0, 1]', or 'forfeit: <id>' for a player who did not play")

    @property
    def result_fields(self) -> list:
        if self.score_means == "games":
            return [("score", "[]", "games each player won, e.g. [2, 1]; add 'drawn_games: 1' for a drawn game")]
        first = "White's result first, " if self.colours else ""
        return [("score", "[]", f"{first}[1, 0], [0.5, 0.5] or [0, 1]")]

    def result_inputs(self, pairing: Pairing, event, stage=None) -> tuple:
        if self.score_means == "games":
            return (Input("score", N_("Games won"), NUMBER, per_player=True, minimum=0),
                    Input("drawn_games", N_("Games drawn"), NUMBER, minimum=0, optional=True))
        first, second = (event.player(p).name for p in pairing.players)
        return (Input("score", N_("Result"), CHOICE, optional=True, options=(
            Option([1, 0], f"1–0 ({first})"), Option([0.5, 0.5], "½–½"), Option([0, 1], f"0–1 ({second})"))),)

    def blank(self, players: tuple, stage, **_) -> list[str]:
        """A knockout match's line asks for the decided result: a draw is refused there."""
        if stage is None or stage.kind != KNOCKOUT:
            return super().blank(players, stage)
        decided = "games each player won, the winner more, e.g. [2, 1]" if self.score_means == "games" else \
            f"{'White' if self.colours else 'the first player'} won: [1, 0]; lost: [0, 1] (a match has a winner)"
        return [f"    score: []  # {decided}"]

    def outcomes(self, pairing: Pairing, round_no: int, stage=None) -> list[Outcome]:
        a, b = pairing.players
        if pairing.forfeit:
            results = ("loss", "win") if pairing.forfeit == a else ("win", "loss")
            return [self._outcome(p, o, result, round_no, colour, played=False)
                    for (p, o), result, colour in zip(((a, b), (b, a)), results, self._colours())]
        if not pairing.score:
            return []
        first, second = pairing.score
        results = ("draw", "draw") if first == second else ("win", "loss") if first > second else ("loss", "win")
        drawn = pairing.drawn_games or 0
        games = ({"won_games": first, "drawn_games": drawn, "played_games": first + second + drawn},
                 {"won_games": second, "drawn_games": drawn, "played_games": first + second + drawn})
        return [self._outcome(p, o, result, round_no, colour, games=game)
                for (p, o), result, colour, game in zip(((a, b), (b, a)), results, self._colours(), games)]

    def seat_colours(self, pairing: Pairing) -> tuple:
        return self._colours() if self.colours and len(pairing.players) == 2 and not pairing.bye else ()

    def _colours(self) -> tuple:
        return (WHITE, BLACK) if self.colours else (None, None)

    def _outcome(self, player, opponent, result: str, round_no: int, colour, played: bool = True,
                 games: dict | None = None) -> Outcome:
        points = {"win": self.win, "draw": self.draw, "loss": self.loss}[result]
        stats = {"wins": int(result == "win")}
        if self.score_means == "games" and played:
            stats.update(games)
        return Outcome(player, opponent, result, points, 0, round_no, stats=stats, colour=colour, played=played)

    def scored_bye(self, bye: Outcome) -> Outcome:
        points = bye.points if self.pairing_allocated_bye is None else self.pairing_allocated_bye
        stats = {"wins": int(points >= self.win)}
        if self.score_means == "games":
            stats.update(won_games=self.BYE_GAMES, drawn_games=0, played_games=self.BYE_GAMES)
        return replace(bye, points=points, stats=stats, played=False)

    def requested_bye(self, player: str, round_no: int, kind: str) -> Outcome | None:
        """FIDE C.07 (2023) §16.2.3–16.2.4 (TRF-16's F, H and Z): a round the player asked to sit
        out, worth a win, a draw or a loss as the bye's kind says; unplayed, not a win. None
        without ``requested_byes`` (the Magic and Pokémon rules know no such bye)."""
        if not self.requested_byes:
            return None
        points = {"full": self.win, "half": self.draw, "zero": self.loss}[kind]
        return Outcome(player, None, REQUESTED_BYE, points, 0, round_no, stats={"wins": 0}, played=False, asked=kind)

    def match_winner(self, pairing: Pairing, higher_seed: str | None, stage=None) -> str | None:
        winners = [o.player for o in self.outcomes(pairing, 0) if o.result == "win"]
        return winners[0] if winners else None

    def check_shape(self, pairing: Pairing, problems: Problems, stage=None) -> None:
        if len(pairing.players) != 2:
            problems.add(pairing.at("players"), "a game has exactly two players")
            return
        if pairing.drawn_games and not pairing.score:
            problems.add(pairing.at("drawn_games"), "'drawn_games' goes with 'score: [games won, games won]'; write "
                         "the games each player won")
        if pairing.unrated and not pairing.score:
            problems.add(pairing.at("unrated"), "'unrated' marks a game that lasted less than one move; it goes with "
                         "the game's 'score' (a forfeit is never rated)")
        if not pairing.score:
            return
        if self.score_means == "games" and any(value != int(value) for value in pairing.score):
            problems.add(pairing.at("score"), f"'score' lists the games each player won, whole numbers, like "
                         f"[2, 1]; not {listed(pairing.score)}")
        elif self.score_means == "result" and tuple(pairing.score) not in self.GAME_RESULTS:
            problems.add(pairing.at("score"), f"a game's score is [1, 0], [0.5, 0.5] or [0, 1] (each player's result"
                         f"{', White first' if self.colours else ''}); not {listed(pairing.score)}")
        elif stage is not None and stage.kind == KNOCKOUT and len(set(pairing.score)) == 1:
            problems.add(pairing.at("score"), f"a knockout match goes on until it has a winner (the game's rules say "
                         f"how a drawn match is decided); write the decided result, not {listed(pairing.score)}")
