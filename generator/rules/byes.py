"""Bye policies: who sits out when the count is odd, and what the bye is worth."""
from __future__ import annotations

from abc import abstractmethod

from podium.rules.flags import LOWEST_RANKED, ROUND_ONE_RANDOM
from podium.rules.blocks import Block, Param
from podium.rules.outcome import Outcome
from podium.core.values import Points


class ByePolicy(Block):
    """What every bye policy answers: a Swiss stage asks it who sits out when the players are
    odd, why, and what the bye is worth."""

    @abstractmethod
    def candidates(self, ranked: list[str], had_bye: set[str], round_one_lot=None) -> list[str]:
        """The players of ``ranked`` (best first) who may receive the bye, most deserving first;
        ``had_bye`` have had one; ``round_one_lot`` (player → his lot for the round-1 bye) is
        given for a stage's first round, to draw the bye there."""

    @abstractmethod
    def reason(self, round_no: int) -> str:
        """Why the bye of round ``round_no`` went where it did: the flag ``bye-<reason>`` that
        pairings carry and pages explain."""

    @abstractmethod
    def outcome(self, player: str, round_no: int, army: str | None) -> Outcome:
        """What the bye is worth to ``player`` in his standings (points, margin), with the army
        he marks as used when the ruleset's armies ask for one."""


class LowestRankedBye(ByePolicy):
    """The bye goes to the lowest-ranked player who has not had one (NS HEX 2023 §5.4, FFG).

    "Lowest-ranked" is the reverse of the current standings, so under NS HEX it is the player
    with the fewest TP and, among those, the lowest total HQ difference. In round 1 the bye goes
    to a random player (NS HEX 2023 §5.4, FFG): a lot drawn for the round-1 bye alone, so the
    player who sits out round 1 is not also the one who loses every random tie-break later
    (rules/draw.py). The bye scores ``points`` and ``margin`` (NS HEX: 3 TP and +7).
    """

    name = "lowest-ranked"
    params = {
        "points": Param(Points, 3, "points the bye is worth"),
        "margin": Param(Points, 7, "margin credited for the bye"),
        "uses_army": Param(bool, False, "the bye player marks one army as used (NS HEX §5.4)"),
    }

    def candidates(self, ranked: list[str], had_bye: set[str], round_one_lot=None) -> list[str]:
        """Players who may receive the bye, most deserving first; in round 1, ordered by
        ``round_one_lot`` (player → his lot for the round-1 bye) when it is given."""
        eligible = [p for p in reversed(ranked) if p not in had_bye]
        return sorted(eligible, key=round_one_lot) if round_one_lot else eligible

    def reason(self, round_no: int) -> str:
        return ROUND_ONE_RANDOM if round_no == 1 else LOWEST_RANKED

    def outcome(self, player: str, round_no: int, army: str | None) -> Outcome:
        return Outcome(player, None, "bye", self.points, self.margin, round_no, army)
