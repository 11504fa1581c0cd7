"""Single elimination with standard seeding (NS HEX 2023 §5.9) and a 3rd-place match."""
from __future__ import annotations

from dataclasses import dataclass

from generator.rules.blocks import Block, Param

def next_power_of_two(count: int) -> int:
    return 1 << max(count - 1, 0).bit_length()


ROUND_NAMES = {2: "final", 4: "semifinal", 8: "quarterfinal", 16: "round-of-16", 32: "round-of-32"}


def round_name(players: int) -> str:
    """quarterfinal for 8 players, semifinal for 4, …; round-of-N beyond the named ones."""
    return ROUND_NAMES.get(players, f"round-of-{players}")


def standard_order(size: int) -> list[int]:
    """Seeds in bracket order: 8 → [1, 8, 4, 5, 2, 7, 3, 6] (1–8 and 4–5 meet in a semifinal).

    Each doubling pairs every seed s with (2·size + 1 − s), so the top two seeds can meet only
    in the final and the sum of seeds in every first-round match is size + 1.
    """
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


@dataclass
class Match:
    round_index: int  # 0 = first knockout round
    slot: int  # position within its round, 0-based
    label: str  # quarterfinal | semifinal | final | third-place …
    players: list  # two player ids, None where not yet known
    seeds: list
    winner: str | None = None
    pairing: object = None
    round_no: int | None = None  # round file number once paired

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return next((p for p in self.players if p is not None and p != self.winner), None)  # None after a bye


class StandardBracket(Block):
    """Seeds by place after the Swiss in standard bracket order; the higher seed wins a drawn match (NS HEX 2023 §5.3, §5.9)."""

    name = "standard"
    params = {
        "draw_goes_to": Param(str, "higher-seed", "who wins a drawn elimination match"),
    }

    def first_round(self, seeded: list[str]) -> list[Match]:
        """Seeds in standard order; below a power of two the top seeds meet a bye (decided at once)."""
        size = next_power_of_two(len(seeded))
        order = standard_order(size)
        label = round_name(size)
        matches = []
        for i in range(0, size, 2):
            high, low = order[i], order[i + 1]
            players = [seeded[high - 1], seeded[low - 1] if low <= len(seeded) else None]
            match = Match(0, i // 2, label, players, [high, low if players[1] else None])
            if players[1] is None:
                match.winner = players[0]
            matches.append(match)
        return matches

    def next_round(self, previous: list[Match], seed_of: dict, third_place: bool) -> list[Match]:
        """Winners of slots 2k and 2k+1 meet; after the semifinals also the 3rd-place match."""
        index = previous[0].round_index + 1
        winners = [m.winner for m in previous if m.label != "third-place"]
        label = round_name(len(winners))
        matches = [Match(index, k // 2, label, [winners[k], winners[k + 1]], [seed_of.get(winners[k]), seed_of.get(winners[k + 1])])
                   for k in range(0, len(winners), 2)]
        if third_place and len(winners) == 2:  # the semifinals were just played
            losers = [m.loser for m in previous]
            matches.append(Match(index, 1, "third-place", losers, [seed_of.get(p) for p in losers]))
        return matches



class GameNumberBracket(Block):
    """FFG Organized Play single elimination, re-paired by game number every round.

    First round after the cut: 1st v last = Game 1, 2nd v second-last = Game 2, and so on.
    Later rounds: the winner of Game 1 plays the winner of the highest-numbered game (the new
    Game 1), the winner of Game 2 the winner of the second-highest (new Game 2), and so on.
    An event that starts with elimination gives byes at random to (next power of two − players)
    players, pairs the rest at random and numbers all games and byes at random from Game 1.
    """

    name = "game-numbers"
    params = {}

    def first_round(self, seeded: list[str]) -> list[Match]:
        size = len(seeded)
        label = round_name(size)
        return [Match(0, k, label, [seeded[k], seeded[size - 1 - k]], [k + 1, size - k]) for k in range(size // 2)]

    def drawn_first_round(self, players: list[str], rand) -> list[Match]:
        """Random byes and pairs, all numbered at random (the seed's 'start with elimination')."""
        size = next_power_of_two(len(players))
        shuffled = list(players)
        rand.shuffle(shuffled)
        byes = size - len(players)
        games = [[p, None] for p in shuffled[:byes]]
        rest = shuffled[byes:]
        games += [[rest[i], rest[i + 1]] for i in range(0, len(rest), 2)]
        rand.shuffle(games)
        label = round_name(size)
        matches = [Match(0, k, label, game, [None, None]) for k, game in enumerate(games)]
        for match in matches:
            if match.players[1] is None:
                match.winner = match.players[0]
        return matches

    def next_round(self, previous: list[Match], seed_of: dict, third_place: bool) -> list[Match]:
        index = previous[0].round_index + 1
        winners = [m.winner for m in previous if m.label != "third-place"]
        label = round_name(len(winners))
        half = len(winners) // 2
        return [Match(index, k, label, [winners[k], winners[-1 - k]], [seed_of.get(winners[k]), seed_of.get(winners[-1 - k])])
                for k in range(half)]


class DrawnBracket(StandardBracket):
    """An unseeded bracket drawn at random (Micromutants RBB, classic: "no seeding, by design").

    The players are put in a random order (seeded, recorded) and placed in the bracket as if
    that order were seeds, so the byes (when the count is not a power of two) go to drawn
    players, never two byes meet, and the winners of slots 2k and 2k+1 always meet next.
    """

    name = "random-draw"
    params = {}

    def drawn_first_round(self, players: list[str], rand) -> list[Match]:
        drawn = list(players)
        rand.shuffle(drawn)
        matches = self.first_round(drawn)
        for match in matches:
            match.seeds = [None, None]
        return matches

    def next_round(self, previous: list[Match], seed_of: dict, third_place: bool) -> list[Match]:
        return super().next_round(previous, {}, third_place)
