"""Army rules: what every block of them answers (``ArmyRules``). A game's own army rules live in
its module (rules/games/)."""
from __future__ import annotations

from abc import abstractmethod

from podium.core.errors import Problems
from podium.core.model import Event, Player
from podium.rules.blocks import Block


class ArmyRules(Block):
    """What every block of army rules answers: the engine asks it about each registration before
    any round, then about the armies fielded in the Swiss and in the finals."""

    def result_inputs(self, pairing, event) -> tuple:
        """The inputs of the armies a table's result records, at the results desk (rules/forms.py)."""
        return ()

    def armies_of(self, player: Player) -> tuple[str, ...]:
        """The armies ``player`` plays the event with: those he registered, unless the rules
        give him others (a beginner's basic set)."""
        return tuple(player.armies)

    @abstractmethod
    def check_registration(self, player: Player, problems: Problems) -> None:
        """Add to ``problems`` what is wrong with the armies ``player`` registers."""

    @abstractmethod
    def check_swiss(self, event: Event, swiss_rounds: list, last_round: int, problems: Problems) -> None:
        """Add to ``problems`` every army fielded against the rules in ``swiss_rounds`` (the Swiss
        stage's round files; ``last_round`` is the number of its last planned round)."""

    @abstractmethod
    def check_finals(self, event: Event, knockout_rounds: list, cut: int, problems: Problems) -> None:
        """Add to ``problems`` every finals army chosen or fielded against the rules in
        ``knockout_rounds`` (the knockout's round files; ``cut`` is the bracket's size)."""
