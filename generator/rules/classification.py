"""Final classification blocks: the order after every stage is played."""
from __future__ import annotations

from podium.rules.blocks import Block


class BracketThenSwiss(Block):
    """NS HEX 2023 §9: final winner 1st, loser 2nd; 3rd-place match winner 3rd, loser 4th;
    losers of each earlier elimination round next, among themselves in their Swiss order;
    everyone outside the cut keeps their Swiss order after them.
    (Without a 3rd-place match the semifinal losers are 3rd and 4th in Swiss order.)
    """

    name = "bracket-then-swiss"

    def order(self, swiss_order: list[str], rounds: list[list]) -> list[str]:
        """``rounds``: the knockout's matches by round, all decided."""
        if not rounds:
            return list(swiss_order)
        place = {p: i for i, p in enumerate(swiss_order)}
        top = self._finals(rounds[-1], rounds[-2] if len(rounds) > 1 else [], place)
        for matches in reversed(rounds[:-1]):
            losers = [m.loser for m in matches if m.label != "third-place" and m.loser and m.loser not in top]
            top += sorted(losers, key=place.__getitem__)
        return top + [p for p in swiss_order if p not in top]

    @staticmethod
    def _finals(last_round, semifinals, place) -> list[str]:
        final = next(m for m in last_round if m.label != "third-place")
        order = [final.winner, final.loser]
        third = next((m for m in last_round if m.label == "third-place"), None)
        if third:
            order += [third.winner, third.loser]
        else:
            order += sorted((m.loser for m in semifinals if m.loser), key=place.__getitem__)  # a bye has no loser
        return order

