"""Event roles: who runs the event, and who of them may also play — what every block of role
rules answers (``RoleRules``). A game's own role rules live in its module (rules/games/)."""
from __future__ import annotations

from abc import abstractmethod

from podium.core.errors import Problems
from podium.core.model import Event
from podium.rules.blocks import Block


class RoleRules(Block):
    """What every block of role rules answers: the engine asks it, before any round, whether the
    event's organizer, judges and players may hold their roles together."""

    @abstractmethod
    def check(self, event: Event, problems: Problems) -> None:
        """Add to ``problems`` every way ``event``'s roles (``event.roles``) and players break
        the rules, each at its line; nothing to return."""
