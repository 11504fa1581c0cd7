"""Final classification blocks: the order after every stage is played; and the ties no rule breaks."""
from __future__ import annotations

from dataclasses import dataclass

from generator.errors import Src
from generator.rules.blocks import Block


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


# ------------------------------------------------------------------ ties no rule breaks

@dataclass(frozen=True)
class UnbrokenTie:
    """Players no tie-breaker of a stage separates. When their order decides something (who
    goes on, the next stage's seeds or groups, the next round's tables, the winner) the rules
    leave it to the organizer — Micromutants (RBB), appendix A: the sealed bid, used "if it is
    necessary to tell the two players' places apart" to pass the turn; the Czech club rules:
    the referee sets the final order. Otherwise the place is simply shared ("=5")."""

    players: tuple[str, ...]  # by id: no order is implied
    places: tuple[int, ...]  # their places in the stage's order (or in their group), 1 = best
    stage_index: int
    stage_kind: str
    src: Src  # the round file whose results left them tied
    decides: tuple[str, ...] = ()  # what their order decides; empty: nothing, the place is shared
    blocks: int | None = None  # the round `pair` cannot write until the organizer decides
    fix: str = ""
    group: str | None = None  # all of them in one group: ``places`` are the group's

    @property
    def message(self) -> str:
        who = ", ".join(self.players[:-1]) + f" and {self.players[-1]}"
        where = f" in group {self.group}" if self.group else ""
        return (f"{who} are tied for {_places(self.places)}{where} after every tie-break of the {self.stage_kind} "
                f"stage, and their order decides {' and '.join(self.decides)}; the rules leave that to the "
                f"organizer: {self.fix}")


def manual_order_fix(players, event, ruleset_has_manual: bool, ruleset_src: Src) -> str:
    """How to record the organizer's decision (the `manual` tie-breaker reads 'manual_order:')."""
    listed = f"'manual_order: [{', '.join(players)}]'"
    where = (f"add {', '.join(players)} to 'manual_order:' in event.yaml, best first"
             if event.manual_order else f"write {listed} in event.yaml, best first")
    if ruleset_has_manual:
        return where
    return (f"end the ruleset's tie-breakers for this stage with 'manual' ({ruleset_src}), then {where}")


def _places(places: tuple[int, ...]) -> str:
    ordinals = [_ordinal(p) for p in places]
    if list(places) == list(range(places[0], places[-1] + 1)) and len(places) > 2:
        return f"{ordinals[0]}–{ordinals[-1]} place"
    return ", ".join(ordinals[:-1]) + f" and {ordinals[-1]} place"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
