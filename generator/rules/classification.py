"""Final classification blocks: the order after every stage is played."""
from __future__ import annotations

from abc import abstractmethod

from podium.rules.blocks import Block
from podium.rules.brackets import THIRD_PLACE


class Classification(Block):
    """What every final classification answers: a knockout stage, once decided, asks it for the
    order of its players."""

    @abstractmethod
    def order(self, swiss_order: list[str], rounds: list[list]) -> list[str]:
        """Every player of ``swiss_order`` (the order of the stage before, best first), best
        first, from ``rounds``: the knockout's matches (rules/pairing/knockout.py ``Match``) by
        round, all decided (won, or not played)."""


class BracketThenSwiss(Classification):
    """NS HEX 2023 §9: final winner 1st, loser 2nd; 3rd-place match winner 3rd, loser 4th;
    losers of each earlier elimination round next, among themselves in their Swiss order;
    everyone outside the cut keeps their Swiss order after them.
    (Without a 3rd-place match the semifinal losers are 3rd and 4th in Swiss order.) A player
    put out without playing — his withdrawal gave the match away, or nobody was left to play
    it — goes out in that match's round, after the players that round's matches put out, in
    Swiss order (house rule: the seed is silent; a player who played and lost his semifinal is
    not placed below one who left before it) — both finalists gone are 1st and 2nd.
    """

    name = "bracket-then-swiss"

    def order(self, swiss_order: list[str], rounds: list[list]) -> list[str]:
        """``rounds``: the knockout's matches by round, all decided (won, or not played)."""
        if not rounds:
            return list(swiss_order)
        place = {p: i for i, p in enumerate(swiss_order)}
        top: list[str] = []
        final_first = sorted(rounds[-1], key=lambda m: m.label == THIRD_PLACE)
        for match in final_first:  # the final, then the 3rd-place match
            top += [match.winner] if match.winner else []
            top += sorted(match.out, key=place.__getitem__)
        for matches in reversed(rounds[:-1]):
            out = [(p, m.unplayed or p == m.walkover) for m in matches if m.label != THIRD_PLACE
                   for p in m.out if p not in top]
            top += [p for p, _ in sorted(out, key=lambda o: (o[1], place[o[0]]))]  # who played first
        return top + [p for p in swiss_order if p not in top]
