"""Event roles: who runs the event, and who of them may also play (``RoleRules``; NS HEX 2023 §2,
FFG event levels)."""
from __future__ import annotations

from abc import abstractmethod

from podium.errors import Problems
from podium.model import Event
from podium.rules.blocks import Block, Param
from podium.slug import slugify
from podium.values import OneLine


class RoleRules(Block):
    """What every block of role rules answers: the engine asks it, before any round, whether the
    event's organizer, judges and players may hold their roles together."""

    @abstractmethod
    def check(self, event: Event, problems: Problems) -> None:
        """Add to ``problems`` every way ``event``'s roles (``event.roles``) and players break
        the rules, each at its line; nothing to return."""


class NeuroshimaRoles(RoleRules):
    """NS HEX 2023 §1, §2: exactly one organizer and one head judge (the same person allowed);
    the organizer may play only if someone else is head judge; the head judge may play unless
    he is also the organizer; the technical judge holds no other role and does not play.
    """

    name = "neuroshima-hex-2023"
    params = {}

    def check(self, event: Event, problems: Problems) -> None:
        roles = event.roles
        if not roles.organizer:
            problems.add(event.src, "name the organizer: 'organizer: Full Name' (§2.1: exactly one)")
        if not roles.head_judge:
            problems.add(event.src, "name the head judge: 'head_judge: Full Name' (§2.2); it may be the organizer")
        players = {slugify(p.name) for p in event.players} | {p.id for p in event.players}
        organizer, head = slugify(roles.organizer or ""), slugify(roles.head_judge or "")
        if organizer and organizer in players and (not head or head == organizer):
            problems.add(event.src, f"{roles.organizer} is registered as a player and is also the organizer; "
                         "the organizer may play only if someone else is head judge (§1, §2.2)")
        technical = slugify(roles.technical_judge or "")
        if technical:
            others = {organizer, head} | {slugify(j) for j in roles.judges}
            if technical in others or technical in players:
                problems.add(event.src, f"{roles.technical_judge} is technical judge and may hold no other role "
                             "nor play (§2.4)")


class FfgLevels(RoleRules):
    """FFG Organized Play event levels: at competitive and premier events the organizer and
    judges may not play; at a casual event one of them may play only if another person is
    named responsible (the head judge)."""

    name = "ffg-levels"
    params = {
        "no_staff_players": Param(list[OneLine], ["competitive", "premier"], "levels where organizers and judges may not play"),
    }

    def check(self, event: Event, problems: Problems) -> None:
        roles = event.roles
        players = {slugify(p.name) for p in event.players} | {p.id for p in event.players}
        staff = [name for name in (roles.organizer, roles.head_judge, *roles.judges) if name]
        playing = [name for name in staff if slugify(name) in players]
        if event.level in self.no_staff_players:
            for name in playing:
                problems.add(event.src, f"{name} is staff and registered as a player; at a {event.level} event "
                             "organizers and judges may not play")
        elif playing and not any(slugify(name) not in players for name in staff):
            problems.add(event.src, f"{', '.join(playing)} may play at a casual event only if someone else is "
                         "named responsible: set head_judge to a person who does not play")
