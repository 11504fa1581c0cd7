"""Fantasy Flight Games Organized Play (Warhammer 40,000: Conquest): who may play at each event
level. Its Swiss pairs by score groups and its scoring is win/loss, both generic blocks."""
from __future__ import annotations

from podium.core.errors import Problems
from podium.core.model import Event
from podium.rules.blocks import Param
from podium.rules.roles import RoleRules
from podium.core.slug import slugify
from podium.core.values import OneLine


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


# What this game adds to the building blocks a ruleset may name (rules/registry.py).
BLOCKS = {"roles": [FfgLevels]}
