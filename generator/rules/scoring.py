"""Scoring blocks: a result line of a round file → points and margin for each player."""
from __future__ import annotations

import json
import re
from abc import abstractmethod

from podium.core.errors import Problems
from podium.core.model import Pairing
from podium.rules.blocks import Block, Param
from podium.core.words import N_
from podium.rules.forms import CHECK, CHOICE, Input, player_options
from podium.rules.kinds import KNOCKOUT, ROUND_ROBIN, SWISS
from podium.rules.outcome import Outcome
from podium.core.values import Count

# Every key a result may have, on a table and in a game under 'games:' (CONTRACT.md, rounds/<n>.yaml).
RESULT_KEYS = ("score", "winner", "draw", "forfeit", "judge_loss", "modified", "drawn_games", "games", "finish", "bases",
               "eliminated", "unrated", "late_loss")
GAME_KEYS = ("score", "time", "tiles", "winner", "home", "clans", "forfeit", "disconnected")

# What a YAML reader would not keep as it is between quotes: the line breaks it folds (NEL, LS,
# PS) and the characters it refuses (DEL, C1 controls, U+FFFE/FFFF). JSON leaves them raw.
_CHANGED_BY_YAML = re.compile("[\x7f-\x9f\u2028\u2029\ufffe\uffff]")


def yaml_string(value) -> str:
    """``value`` as a YAML double-quoted scalar that reads back as the same text: a round file
    written with ``[no, 007]`` would be read as ``[false, 7]``. A JSON string is a valid
    double-quoted YAML scalar; non-ASCII stays readable (libyaml refuses JSON's surrogate pairs)."""
    text = json.dumps(str(value), ensure_ascii=False)
    return _CHANGED_BY_YAML.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


# What a scoring block may record of a result beyond its points and opponents, as messages name it.
FACTS = {
    "margin": "the margin of each game",
    "wins": "the wins",
    "games": "the games won, drawn and played in each match",
    "colours": "who had White in each game",
    "games_won": "the games won in each match",
    "margin_sum": "the sum of the margins of each match's games",
    "tiles": "the tiles each player used",
    "secondary": "the secondary points",
    "tertiary": "the tertiary points",
    "second_places": "the second places",
    "vp": "the victory points",
}


class Scoring(Block):
    """What every scoring block answers; the defaults fit one game of two players. ``outcomes``
    and ``match_winner`` have no default: each scoring says how its results score and who wins."""

    result_fields: list = []  # empty keys `podium pair` writes: (key, placeholder, hint)
    bye_fields: list = []
    sums_games = False  # a match of several games is won on the sum of their points, not by a majority
    colour_preferences = False  # players state colour preferences, resolved per game (Tantrix §5)
    stage_kinds = frozenset({SWISS, KNOCKOUT, ROUND_ROBIN})  # the stages whose games it scores: games of two
    team_games = False  # registrations may give teams ('team:'), whose games score their defaults apart (Tantrix §7c)
    withdrawal_is_absence = False  # a withdrawal or disqualification in a round robin: absent from every game to come (Tantrix §7d, §7l)
    late_losses = False  # a player may lose a Swiss round for arriving late, without an opponent ('late_loss: true')
    points_transfers = False  # a points penalty may give the points it takes off to another player ('to:')
    # The result keys this block reads, and how its result is written: any other key entered is
    # refused, since nothing would read it (a block with several kinds of result: ``result_keys``).
    reads: frozenset = frozenset()
    how = ""
    game_reads: frozenset = frozenset()  # likewise in each game under 'games:'
    game_how = ""
    # The facts of a result this block records beyond points and opponents (FACTS): a tie-breaker
    # needing one it does not record is refused when the ruleset is loaded, instead of reading 0.
    facts: frozenset = frozenset()

    @classmethod
    def facts_possible(cls) -> frozenset:
        """Every fact some setting of this block records (messages name the scorings recording one)."""
        return cls.facts

    def result_form(self, pairing: Pairing, event, stage=None) -> tuple:
        """The inputs a table's result needs at the results desk (rules/forms.py), as ``stage``
        plays it, with the forfeit where the result reads one; () where the desk has no form for
        this scoring yet (the round file is edited by hand)."""
        inputs = self.result_inputs(pairing, event, stage)
        if inputs and "forfeit" in self.result_keys(pairing, stage)[0]:
            inputs += (Input("forfeit", N_("Forfeit: did not play"), CHOICE, options=player_options(event, pairing.players),
                             optional=True),)
        return inputs

    def result_inputs(self, pairing: Pairing, event, stage=None) -> tuple:
        """This scoring's own inputs for a table's result (``result_form``)."""
        return ()

    def for_event(self, event) -> "Scoring":
        """This block as ``event`` scores with it: itself, unless the worth of a result depends on
        the event's other games (Tantrix §7c: a team default is worth the team's average)."""
        return self

    @abstractmethod
    def outcomes(self, pairing: Pairing, round_no: int, stage=None) -> list[Outcome]:
        """What the pairing's result means for each of its players (points, margin, result)."""

    @abstractmethod
    def match_winner(self, pairing: Pairing, higher_seed: str | None, stage=None) -> str | None:
        """Who goes on from a knockout match (None while undecided)."""

    def decided(self, pairing: Pairing, stage=None) -> bool:
        """The result entered settles the pairing (a best-of-3 at 1:1 does not)."""
        return pairing.has_result

    def still_to_play(self, pairing: Pairing, stage=None) -> str:
        """For a pairing whose games are all in but do not decide it: what is still played and
        how to enter it ("": nothing more than the result of what was drawn)."""
        return ""

    @staticmethod
    def match_games(stage, match: str | None, listed: int) -> int:
        """Games in one match: the stage's, or the final's and 3rd-place match's own number when
        the structure sets one (``final_best_of``); without a stage, the games listed (at least 1)."""
        if stage is None:
            return max(listed, 1)
        if match in ("final", "third-place") and stage.final_games:
            return stage.final_games
        return stage.games

    def games_in(self, pairing: Pairing, stage) -> int:
        return self.match_games(stage, pairing.match, len(pairing.games))

    def blank(self, players: tuple, stage, **_) -> list[str]:
        """The commented result lines of a round file, for the organizer to fill in."""
        return [f"    {key}:{' ' + placeholder if placeholder else ''}  # {hint}" for key, placeholder, hint in self.result_fields]

    def series(self, pairing: Pairing):
        """Games won by each player in a match of several games (none for one game)."""
        return None

    def match_points(self, pairing: Pairing, stage) -> list | None:
        """Each player's points for a whole match of several games (None: the block has none)."""
        return None

    def game_points(self, game, players: tuple):
        """Each player's points for one game of a match (None: games only have a winner)."""
        return None

    def game_penalties(self, game) -> tuple | None:
        """Points each player lost for his clock in one game of a match (None: the rules have
        no time penalty)."""
        return None

    def tiles_to_remove(self, size: int):
        return None

    def seat_factions(self, pairing: Pairing, stage, turn: int) -> dict:
        """The faction each player must play at this table, where the rules set it by seat and
        turn (none by default: players choose)."""
        return {}

    def seat_colours(self, pairing: Pairing) -> tuple:
        """Each player's colour at a game of two, where the order of the players says it (chess:
        the first has White); () by default."""
        return ()

    def game_colours(self, preferences: list, games: int) -> list:
        """Where the rules allocate colours from the players' stated preferences: for each game,
        (first player's colour, second player's colour, index of the player who starts); a colour
        None is the player's free choice. None by default."""
        return []

    def turn_notes(self, turn: int, players: tuple) -> list[tuple]:
        """Lines a free-for-all table's sheet carries for ``turn`` (0-based): (kind, one value per
        seat, in the order of ``players``), where the rules set something per seat and turn (none
        by default). A seat left empty takes its value with it."""
        return []

    def table_notes(self, players: tuple, stage, match: str | None, event) -> list[tuple]:
        """Lines `pair` writes on a table sheet from the registrations (Tantrix §5: colours)."""
        return []

    def absences(self, pairing: Pairing):
        return {}

    def rated_games(self, pairing: Pairing):
        return ()

    def scored_bye(self, bye: Outcome) -> Outcome:
        """A pairing-allocated bye as the bye policy scored it, with what this block records of a
        bye (its own worth of a bye, the wins, the games): unchanged by default."""
        return bye

    def requested_bye(self, player: str, round_no: int, kind: str) -> Outcome | None:
        """A round ``player`` asked to sit out, a ``kind`` ("full", "half", "zero") bye: None
        where the rules know no such bye (by default)."""
        return None

    def result_keys(self, pairing: Pairing, stage=None) -> tuple[frozenset, str]:
        """The keys this block reads in ``pairing``'s result in ``stage``, and how that result is written."""
        return self.reads, self.how

    def check(self, pairing: Pairing, problems: Problems, stage=None) -> None:
        """Everything a result line must satisfy: nothing entered that no rule reads, the block's
        own rules (``check_shape``), then — once those hold, so that one mistake is reported
        once — that its parts agree."""
        if pairing.bye:
            return
        if pairing.late_loss:
            self._check_late_loss(pairing, problems, stage)
            return
        before = len(problems.items)
        self._check_read(pairing, problems, stage)
        self.check_shape(pairing, problems, stage)
        if len(problems.items) == before:
            self.contradictions(pairing, problems)

    def check_shape(self, pairing: Pairing, problems: Problems, stage=None) -> None:
        """The block's own rules for a result line that is not a bye (each block says)."""

    def _check_late_loss(self, pairing: Pairing, problems: Problems, stage=None) -> None:
        """A late loss ('late_loss: true', its one player alone on the line: validate/pairings.py)
        is a whole result of a Swiss round, where the rules give one (``late_losses``)."""
        if not self.late_losses:
            problems.add(pairing.at("late_loss"), "'late_loss: true': the scoring of this ruleset knows no late loss "
                         "(a round lost without an opponent for arriving late); pair the player, or leave him out of "
                         "the round")
        elif stage is not None and stage.kind != SWISS:
            problems.add(pairing.at("late_loss"), f"a late loss is a Swiss round's, lost for arriving late; a "
                         f"{stage.kind} match is played, or lost by 'forfeit: <id>'")
        for key in RESULT_KEYS:
            if key != "late_loss" and _given(pairing, key):
                problems.add(pairing.at(key), f"'{key}' is not part of a late loss (nothing would read it): a late "
                             "loss is 'players: [id]' and 'late_loss: true', and nothing else")

    def _check_read(self, pairing: Pairing, problems: Problems, stage=None) -> None:
        """Issue 14, nothing lost: a key no rule of this block reads would be silently ignored."""
        reads, how = self.result_keys(pairing, stage)
        for key in RESULT_KEYS:
            if key not in reads and _given(pairing, key):
                problems.add(pairing.at(key), f"'{key}' is not part of this result (nothing would read it): {how}")
        for game in pairing.games if "games" in reads else ():
            for key in GAME_KEYS:
                if key not in self.game_reads and _given(game, key):
                    problems.add(game.at(key), f"'{key}' is not part of a game of this ruleset (nothing would read "
                                 f"it): {self.game_how}")

    def contradictions(self, pairing: Pairing, problems: Problems) -> None:
        """Parts of one result that say different things (issue 14: a contradiction is an error,
        never silently resolved), on the table and on each of its games, each problem at the
        line that contradicts."""
        _judge_loss_or_score(pairing, problems)
        for result in (pairing, *pairing.games):
            _forfeit_or_score(result, problems)
            _winner_by_score(result, pairing.players, problems)
        for game in pairing.games:  # on the table itself, a winner beside a forfeit is already refused as two results
            if game.forfeit and game.winner == game.forfeit:
                problems.add(game.at("winner"), f"'winner: {game.winner}' but 'forfeit: {game.forfeit}' says "
                             f"{game.forfeit} did not play this game; keep one of them")
        if pairing.draw and pairing.score and len(set(pairing.score)) > 1:
            problems.add(pairing.at("draw"), f"'draw: true' but the score {listed(pairing.score)} is not level; "
                         "remove 'draw' (the score decides) or correct the score")


def _given(result, key: str) -> bool:
    """Whether a result key was filled in (a 2-vs-2 'winner:' is the index of a pair, 0 or 1)."""
    value = result.winning_team if key == "winner" and getattr(result, "teams", ()) else getattr(result, key)
    return not (value is None or value is False or value == ())


def _forfeit_or_score(result, problems: Problems) -> None:
    """A forfeit says the game was not played; a score says it was."""
    if result.forfeit and result.score:
        problems.add(result.at("score"), f"'forfeit: {result.forfeit}' says the game was not played, but it has a "
                     f"score {listed(result.score)}; keep the score if it was played, the forfeit if not — not both")


def _judge_loss_or_score(pairing: Pairing, problems: Problems) -> None:
    """A judge's loss decides the game instead of the board; a score beside it says two things."""
    if pairing.judge_loss and pairing.score:
        problems.add(pairing.at("score"), f"'judge_loss: {pairing.judge_loss}' decides this game, but it has a score "
                     f"{listed(pairing.score)} as well; keep the score if the game counts as played, the judge's "
                     "loss if not — not both")


def _winner_by_score(result, players: tuple, problems: Problems) -> None:
    """The higher score wins the game; a winner naming anyone else contradicts it."""
    if not (result.winner and result.score) or result.forfeit:
        return
    best = max(result.score)
    leaders = [p for p, value in zip(players, result.score) if value == best]
    if leaders != [result.winner]:
        why = "the score is level" if len(leaders) > 1 else f"{leaders[0]} scored more"
        problems.add(result.at("winner"), f"'winner: {result.winner}' disagrees with the score "
                     f"{listed(result.score)}: {why}; fix one of them")


def listed(numbers) -> str:
    return str(list(numbers))


class WinLossScoring(Scoring):
    """FFG Organized Play (Conquest): win 5, modified win 4 (time called, no victory condition
    met), loss 0. A result is ``winner: id`` (with ``modified: true`` for a modified win) or
    ``forfeit: id``; there are no draws — an unresolved game keeps playing.
    """

    name = "win-loss"
    params = {
        "win": Param(Count, 5, "points for a win"),
        "modified_win": Param(Count, 4, "points for a modified win (decided by the time-out steps)"),
        "loss": Param(Count, 0, "points for a loss"),
    }

    def agreement(self) -> list[tuple[str, str]]:
        """A win is worth at least a modified win, which is worth more than a loss (5 / 4 / 0)."""
        return ordered_values(self, ("win", "modified_win", False), ("modified_win", "loss", True))

    reads = frozenset({"winner", "modified", "forfeit"})
    how = ("write 'winner: <id>' (and 'modified: true' for a modified win) or 'forfeit: <id>'; this ruleset has no "
           "draws or scores")
    result_fields = [("winner", "", "id of the winner; add 'modified: true' for a modified win (4 points)")]

    def result_inputs(self, pairing: Pairing, event, stage=None) -> tuple:
        return (Input("winner", N_("Winner"), CHOICE, options=player_options(event, pairing.players), optional=True),
                Input("modified", N_("Modified win (time called, no victory condition met)"), CHECK, optional=True))

    def outcomes(self, pairing: Pairing, round_no: int, stage=None) -> list[Outcome]:
        winner = self.match_winner(pairing, None)
        if winner is None:
            return []
        won = self.modified_win if pairing.modified else self.win
        return [Outcome(p, o, "win" if p == winner else "loss", won if p == winner else self.loss, 0, round_no)
                for p, o in (pairing.players, pairing.players[::-1])]

    def match_winner(self, pairing: Pairing, higher_seed: str | None, stage=None) -> str | None:
        a, b = pairing.players
        if pairing.forfeit:
            return b if pairing.forfeit == a else a
        return pairing.winner

    def check_shape(self, pairing: Pairing, problems: Problems, stage=None) -> None:
        if len(pairing.players) != 2:
            problems.add(pairing.at("players"), "a game has exactly two players")
        if pairing.modified and not pairing.winner:
            problems.add(pairing.at("modified"), "'modified: true' needs 'winner: <id>'")



def ordered_values(block, *pairs: tuple[str, str, bool]) -> list[tuple[str, str]]:
    """(key, why) for each (higher, lower, strictly) whose points are not in that order."""
    return [(lower, f"is {getattr(block, lower)}, {'as much as or ' if strictly else ''}more than '{higher}' "
                    f"({getattr(block, higher)}); a better result is worth more points")
            for higher, lower, strictly in pairs
            if getattr(block, higher) < getattr(block, lower)
            or (strictly and getattr(block, higher) == getattr(block, lower))]
