"""Chess colours in a Swiss: FIDE Handbook C.04.1 (basic rules for Swiss systems, f–h) and the
colour allocation of the Dutch system, C.04.3 §A.6 (colour preferences) and §E (E.1–E.5), as in
force until 30 June 2025 (renumbered 5.2.1–5.2.5 since, unchanged in substance)."""
from __future__ import annotations

from podium.rules.colours import BLACK, WHITE, ColourAllocation, ColourStanding

ABSOLUTE, STRONG, MILD, NONE = 3, 2, 1, 0


def other(colour: str) -> str:
    return BLACK if colour == WHITE else WHITE


def difference(history: tuple[str, ...]) -> int:
    """C.04.3 §A.6: the colour difference, games with White less games with Black."""
    return history.count(WHITE) - history.count(BLACK)


def preference(history: tuple[str, ...]) -> tuple[int, str | None]:
    """C.04.3 §A.6, (strength, colour). Absolute when the colour difference is beyond ±1 or
    the last two games had one colour (White when the difference is below −1 or the last two
    were Black); strong at a difference of ±1 (the colour played less); mild at 0, the colour
    that alternates from the last game; none before any game is played. A difference beyond ±1
    comes first should a history entered by hand also end in two of the other colour."""
    if not history:
        return NONE, None
    cd = difference(history)
    if abs(cd) > 1:
        return ABSOLUTE, WHITE if cd < 0 else BLACK
    if len(history) >= 2 and history[-1] == history[-2]:
        return ABSOLUTE, other(history[-1])
    if cd:
        return STRONG, WHITE if cd < 0 else BLACK
    return MILD, other(history[-1])


def last_difference(first: tuple[str, ...], second: tuple[str, ...]) -> str | None:
    """C.04.3 §E.3: the colour ``first`` had the most recent time one of the two had White and
    the other Black, the histories aligned at their ends — unplayed rounds do not count
    (C.04.2 §D.5: "BWW-B" is read as "-BWWB")."""
    for mine, theirs in zip(reversed(first), reversed(second)):
        if mine != theirs:
            return mine
    return None


class FideColours(ColourAllocation):
    """FIDE Handbook C.04.1 f–h and C.04.3 §A.6 and §E: no player has one colour three times in a
    row or more than two games more with one colour (the matching avoids pairing two players who
    both need the same colour, C.04.1 f and g); then, for each pair, E.1 both preferences, E.2
    the stronger (both absolute: the wider colour difference), E.3 alternate from the most recent
    round in which their colours differed, E.4 the higher-ranked player's preference, E.5 the
    higher-ranked player gets the initial colour (drawn by lot) with an odd pairing number, the
    other colour with an even one. Ranked for pairing by score, then pairing number (C.04.3 §A.2)."""

    name = "fide"

    def avoided(self, standings: dict[str, ColourStanding]) -> set[frozenset]:
        needs = {}
        for player, standing in standings.items():
            strength, colour = preference(standing.history)
            if strength == ABSOLUTE:
                needs.setdefault(colour, []).append(player)
        return {frozenset(players) for players in needs.values() if len(players) > 1}

    def white_first(self, pair: tuple[str, str], standings: dict[str, ColourStanding], initial: str) -> tuple[str, str]:
        higher, lower = sorted(pair, key=lambda p: standings[p].rank)  # ranks are unique: score, then number
        colour = self._higher_colour(standings[higher], standings[lower], initial)
        return (higher, lower) if colour == WHITE else (lower, higher)

    @staticmethod
    def _higher_colour(higher: ColourStanding, lower: ColourStanding, initial: str) -> str:
        """The colour the higher-ranked player of a pair gets, by E.1–E.5 in turn."""
        (h_strength, h_colour), (l_strength, l_colour) = preference(higher.history), preference(lower.history)
        if h_colour != l_colour:  # E.1: both granted (one without a preference takes the other colour)
            return h_colour or other(l_colour)
        if h_colour is not None:  # E.2: the stronger; both absolute, the wider difference
            if h_strength != l_strength:
                return h_colour if h_strength > l_strength else other(l_colour)
            h_cd, l_cd = abs(difference(higher.history)), abs(difference(lower.history))
            if h_strength == ABSOLUTE and h_cd != l_cd:
                return h_colour if h_cd > l_cd else other(l_colour)
        if (was := last_difference(higher.history, lower.history)) is not None:  # E.3
            return other(was)
        if h_colour is not None:  # E.4
            return h_colour
        return initial if higher.number % 2 else other(initial)  # E.5


BLOCKS = {"colours": (FideColours,)}
