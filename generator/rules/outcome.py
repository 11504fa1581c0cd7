"""What one pairing means for each player once the ruleset has scored it."""
from __future__ import annotations

from dataclasses import dataclass, field


REQUESTED_BYE = "requested-bye"  # a round the player asked to sit out: a full-, half- or zero-point bye (TRF F, H, Z)
BYE_CODES = {"allocated": "U", "full": "F", "half": "H", "zero": "Z"}  # each kind of bye as TRF-16 writes it


@dataclass(frozen=True)
class Outcome:
    player: str
    opponent: str | None  # None for a bye; the first opponent at a multiplayer table
    result: str  # win | loss | draw | bye | place-N
    points: float
    margin: float
    round: int
    army: str | None = None
    opponents: tuple[str, ...] = ()  # everyone faced (2-vs-2 and multiplayer tables); defaults to (opponent,)
    partners: tuple[str, ...] = ()  # 2-vs-2: who played on the player's side, never among the opponents
    stats: dict = field(default_factory=dict, compare=False, hash=False)  # tie-breaker inputs: wins, tiles, vp…
    colour: str | None = None  # "white" or "black", where the ruleset has colours (chess)
    played: bool = True  # False: won or lost by forfeit, or a bye (FIDE C.07 (2023) §16: an unplayed round)
    asked: str | None = None  # a bye the player asked for: "full", "half" or "zero"
    late: bool = False  # a round lost for arriving late ('late_loss: true'): no opponent, no game

    @property
    def unplayed(self) -> bool:
        return self.opponent is None or not self.played

    @property
    def faced(self) -> tuple[str, ...]:
        if self.opponents:
            return self.opponents
        return (self.opponent,) if self.opponent is not None else ()


def tidy(number):
    """3.0 → 3, so integer scores print and serialise as integers; sums of tenths stay tenths."""
    if isinstance(number, float):
        number = round(number, 6)
        if number.is_integer():
            return int(number)
    return number
