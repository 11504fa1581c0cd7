"""Single-elimination brackets: standard seeding (NS HEX 2023 §5.9), FFG's game numbers, a
random draw (Micromutants RBB), byes for any player count, cross-over after groups, and the
3rd-place match. The matches' names come from generator/rules/brackets.py."""
from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from itertools import permutations
from typing import Literal

from podium.rules.blocks import Block, Param
from podium.rules.brackets import THIRD_PLACE, next_power_of_two, round_name




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


def crossover_slots(groups: list[list[str]]) -> list[str] | None:
    """Group winners against the runners-up of the neighbouring group, group-mates in opposite
    halves so they can meet only in the final: 2 groups → A1–B2 | B1–A2; 4 groups → A1–B2,
    C1–D2 | B1–A2, D1–C2; 8 groups likewise. ``groups`` lists each group's top two in order.
    None when the shape does not allow it (groups not a power of two, or not two from each)."""
    count = len(groups)
    if count < 2 or count & (count - 1) or any(len(g) != 2 for g in groups):
        return None
    neighbours = [(groups[i], groups[i + 1]) for i in range(0, count, 2)]
    upper = [p for first, second in neighbours for p in (first[0], second[1])]
    lower = [p for first, second in neighbours for p in (second[0], first[1])]
    return upper + lower


def spread_slots(groups: list[list[str]], seeded: list[str]) -> list:
    """Bracket slots after groups of any other shape (3 groups, or more than two from a group):
    the ``seeded`` players (every group's 1st, then every 2nd, … best first) in standard order,
    placed so that group-mates meet as late as the bracket allows — no first-round meeting when
    avoidable, then none in the second round, and so on (the cross-over of two and four groups,
    generalised: a runner-up lands in the half opposite his group winner when it can). None
    marks a bye; the byes stay with the top seeds.

    First the group winners stay on their seeds' slots and each later place's players move among
    that place's slots (``_by_place``); when moving players across places keeps group-mates
    apart longer (three groups to a top 4: A1, B1, C1 and the best runner-up A2 would meet A1 in
    the semifinal), the best placement of all (``_keep_apart``). House rule (no rule document
    covers a bracket after groups)."""
    order = standard_order(next_power_of_two(len(seeded)))
    group_of = {player: index for index, group in enumerate(groups) for player in group}
    slots = _by_place(groups, seeded, order, group_of)
    return _keep_apart(slots, seeded, order, group_of)


def _by_place(groups, seeded, order, group_of) -> list:
    """The group winners on their seeds' slots, then each later place's players moved among that
    place's slots so that they meet the group-mates placed before them as late as they can; of
    the placements equally good, the nearest to seed order."""
    slots = [seeded[s - 1] if s <= len(seeded) else None for s in order]
    place_of = {player: group.index(player) for group in groups for player in group}
    position = {player: i for i, player in enumerate(slots) if player}
    for place in range(1, max(len(g) for g in groups)):
        movers = [p for p in seeded if place_of[p] == place]
        fixed = [p for p in seeded if place_of[p] < place]
        cost = {(p, pos): _meetings(pos, [position[q] for q in fixed if group_of[q] == group_of[p]], len(order))
                for p in movers for pos in (position[m] for m in movers)}
        for player, pos in zip(movers, _best_assignment(movers, [position[m] for m in movers], cost)):
            slots[pos], position[player] = player, pos
    return slots


def _keep_apart(slots: list, seeded: list[str], order: list[int], group_of: dict) -> list:
    """``slots`` unless another placement has group-mates meet later (fewer meetings in the
    first round, then in the second, …); then the first such placement in seed order: seed 1 on
    the slot of the lowest seed it can take, then seed 2, and so on (three groups to a top 4:
    A1 and B1 keep theirs, C1 and A2 trade: A1–C1, B1–A2). A player with a bye keeps one (they go
    to the top seeds); the others play in the first round.

    A search through the placements, seed by seed, leaving a branch as soon as it cannot beat
    the best found (``_fewest_meetings``); it stops when the best reaches the bound of the whole
    bracket, as a placement that spreads every group evenly does, or after the placements
    ``SEARCH_BUDGET`` allows (many large groups), keeping the best found by then — the same for everyone
    who re-draws, as the search has no randomness."""
    groups = [group_of[p] for p in seeded]
    taken = [None if seed <= len(seeded) else BYE_SLOT for seed in order]
    ideal = _fewest_meetings(taken, groups)
    best = [_meetings_by_round(slots, group_of), list(slots)]
    if best[0] == ideal:
        return slots
    choices = _slot_choices(order, len(seeded))
    tries = [0]

    def search(k: int) -> bool:
        """Place seeds k + 1 on; True when the best can no longer improve or the budget is spent."""
        tries[0] += len(order)
        if tries[0] > SEARCH_BUDGET:
            return True
        if k == len(seeded):
            best[:] = [_meetings_by_round(taken, group_of), [None if p is BYE_SLOT else p for p in taken]]
            return best[0] == ideal
        for pos in choices[k]:
            if taken[pos] is None:
                taken[pos] = seeded[k]
                if _fewest_meetings([group_of.get(p, p) for p in taken], groups[k + 1:]) < best[0] and search(k + 1):
                    return True
                taken[pos] = None
        return False
    search(0)
    return best[1]


def _slot_choices(order: list[int], players: int) -> list[list[int]]:
    """For each seed, the slots he may take, lowest seed's slot first: a slot beside a bye for a
    seed who has a bye, a slot of a first-round match for the others."""
    def has_bye(pos: int) -> bool:
        return order[pos ^ 1] > players
    slots = sorted((pos for pos in range(len(order)) if order[pos] <= players), key=order.__getitem__)
    seat = {seed: pos for pos, seed in enumerate(order)}
    return [[pos for pos in slots if has_bye(pos) == has_bye(seat[k])] for k in range(1, players + 1)]


SEARCH_BUDGET = 60_000  # placements ``_keep_apart`` tries at most, times the bracket's size: under a second
BYE_SLOT = object()  # a slot nobody takes: the empty side of a first-round bye


def _meetings_by_round(slots: list, group_of: dict) -> tuple:
    """How many pairs of group-mates can meet by each round (first round, then the first two, …):
    two slots meet in the round of the highest bit in which they differ."""
    return _fewest_meetings([group_of.get(p, BYE_SLOT) for p in slots], [])


def _fewest_meetings(groups_at: list, still: list) -> tuple:
    """The fewest pairs of group-mates that can meet by each round (``_meetings_by_round``) with
    the slots' groups ``groups_at`` (None: free, ``BYE_SLOT``: never taken) and the players of
    groups ``still`` to place:
    each goes where his group has the fewest so far among the blocks with room — a bound, as the
    groups do not share the room."""
    size, found = len(groups_at), []
    for level in range(1, size.bit_length()):
        count, room = {}, {}
        for pos, g in enumerate(groups_at):
            block = pos >> level
            if g is None:
                room[block] = room.get(block, 0) + 1
            elif g is not BYE_SLOT:
                count[g, block] = count.get((g, block), 0) + 1
        pairs = sum(n * (n - 1) // 2 for n in count.values())
        for g in set(still):
            left = dict(room)
            for _ in range(still.count(g)):
                block = min((b for b in left if left[b]), key=lambda b: count.get((g, b), 0))
                pairs += count.get((g, block), 0)
                count[g, block] = count.get((g, block), 0) + 1
                left[block] -= 1
        found.append(pairs)
    return tuple(found)


def _meetings(pos: int, mates: list[int], size: int) -> tuple:
    """How many of the group-mates at ``mates`` the player at ``pos`` can meet in each round,
    the first round first: two slots meet in the round of the highest bit in which they differ."""
    counts = [0] * size.bit_length()
    for mate in mates:
        counts[(pos ^ mate).bit_length() - 1] += 1
    return tuple(counts)


def _best_assignment(players: list[str], positions: list[int], cost: dict) -> list[int]:
    """The positions for ``players`` (one each) with the fewest early meetings; every order is
    tried for up to 8 players (a place across 8 groups), beyond that each takes the best left."""
    def total(assigned) -> list:
        return [sum(column) for column in zip(*(cost[p, pos] for p, pos in zip(players, assigned)))]
    if len(players) <= 8:
        return list(min(permutations(positions), key=total))  # min keeps the first: seed order wins a tie
    chosen, free = [], list(positions)
    for player in players:
        best = min(free, key=lambda pos: cost[player, pos])
        chosen.append(best)
        free.remove(best)
    return chosen


@dataclass
class Match:
    round_index: int  # 0 = first knockout round
    slot: int  # position within its round, 0-based
    label: str  # quarterfinal | semifinal | final | third-place …
    players: list  # two player ids, None for an empty slot (a bye, or a match before it not played)
    seeds: list
    winner: str | None = None
    pairing: object = None
    round_no: int | None = None  # round file number once paired
    walkover: str | None = None  # the player who withdrew (or was disqualified) before this match
    unplayed: bool = False  # nobody is left to play it: nobody wins it, nobody goes on from it

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return next((p for p in self.players if p is not None and p != self.winner), None)  # None after a bye

    @property
    def decided(self) -> bool:
        return self.winner is not None or self.unplayed

    @property
    def bye(self) -> bool:
        """One player and an empty slot: he goes on without playing."""
        return None in self.players and not self.unplayed

    @property
    def out(self) -> list[str]:
        """The players this match puts out: its loser, or every player of a match not played."""
        if self.unplayed:
            return [p for p in self.players if p]
        return [self.loser] if self.loser else []


def settle_empty_slots(match: Match) -> Match:
    """A match with one empty slot is a bye, decided at once for its player; one with none
    filled is not played (the matches before it were not)."""
    present = [p for p in match.players if p]
    if len(present) == 1:
        match.winner = present[0]
    elif not present:
        match.unplayed = True
    return match


def _matches_from_slots(slots: list, seeds: list, index: int = 0) -> list[Match]:
    """Matches of slots 2k and 2k+1; an empty slot (None) is a bye, decided at once.
    (Standard order puts the higher seed first, so a first-round bye is never in the first slot;
    a later round's empty slot comes from a match not played, in either.)"""
    label = round_name(len(slots))
    return [settle_empty_slots(Match(index, k // 2, label, list(slots[k:k + 2]),
                                     [s if p else None for p, s in zip(slots[k:k + 2], seeds[k:k + 2])]))
            for k in range(0, len(slots), 2)]


def third_place_match(previous: list[Match], index: int, seed_of: dict) -> list[Match]:
    """The semifinal losers play for 3rd place — only when there are two: after a semifinal bye
    (a 3-player bracket) or a semifinal not played, the one loser is placed without playing.
    None of the rule documents covers a bracket with a semifinal bye (NS HEX §5.9 and the RBB
    rules have semifinal losers in the plural; the Tantrix and FFG rules have no 3rd-place
    match), so this is the house rule."""
    losers = [m.loser for m in previous if m.label != THIRD_PLACE and m.loser]
    if len(losers) != 2:
        return []
    return [Match(index, 1, THIRD_PLACE, losers, [seed_of.get(p) for p in losers])]


class BracketSeeding(Block):
    """What every bracket answers: a knockout stage asks it for the first round, seeded or drawn,
    and for each next round from the one decided before it. ``seeding`` seeds a knockout that
    opens the event when its stage does not say ("": the stage must say); ``crossover`` places
    the players going on from groups apart (``crossover_round``)."""

    seeding: str = ""  # unless the bracket sets them, or makes them parameters (StandardBracket)
    crossover: bool = False

    @abstractmethod
    def first_round(self, seeded: list[str]) -> list[Match]:
        """The first round's matches of the players ``seeded``, best seed first; below a power of
        two some meet an empty slot (a bye, decided at once: ``settle_empty_slots``)."""

    @abstractmethod
    def drawn_first_round(self, players: list[str], rand) -> list[Match]:
        """The first round's matches of ``players`` drawn at random, from ``rand`` only (seeded,
        recorded), byes for the count below a power of two."""

    @abstractmethod
    def next_round(self, previous: list[Match], seed_of: dict, third_place: bool) -> list[Match]:
        """The matches after ``previous`` (a decided round): its winners' next meetings, and the
        3rd-place match after the semifinals when ``third_place``. A match not played sends nobody
        on (the match it feeds is a bye, or not played either)."""

    def crossover_round(self, slots: list, seed_of: dict) -> list[Match]:
        """The first round with the players already in their bracket slots (``crossover_slots``,
        ``spread_slots``; None is an empty slot): slot 2k meets slot 2k+1. Asked only when
        ``crossover`` is on."""
        return _matches_from_slots(slots, [seed_of.get(p) for p in slots])


class StandardBracket(BracketSeeding):
    """Seeds by place after the Swiss in standard bracket order; the higher seed wins a drawn match (NS HEX 2023 §5.3, §5.9).

    Below a power of two the top seeds get the byes. A knockout that opens the event is seeded
    as ``seeding`` says when its stage does not (Tantrix §13: by rating). After groups whose
    top two go on, ``crossover`` puts each group winner against the runner-up of the
    neighbouring group (A1–B2, B1–A2), group-mates in opposite halves; after groups of any
    other shape (three groups, three from a group) it moves each later place's players among
    their seeds' slots so that group-mates meet as late as the bracket allows.
    """

    name = "standard"
    params = {
        "draw_goes_to": Param(Literal["higher-seed"], "higher-seed", "who wins a drawn elimination match (the higher seed: the only rule the rulesets know)"),
        "seeding": Param(Literal["", "rating", "random"], "", "how a knockout that opens the event is seeded when its stage does not say: "
                                  "rating or random (empty: the stage must say)"),
        "crossover": Param(bool, True, "after groups whose top two go on: A1–B2, B1–A2 (4 groups: A1–B2, C1–D2, "
                                       "B1–A2, D1–C2); other shapes: group-mates as far apart as the bracket "
                                       "allows; false: seeded by place across the groups"),
    }

    def first_round(self, seeded: list[str]) -> list[Match]:
        """Seeds in standard order; below a power of two the top seeds meet a bye (decided at once)."""
        order = standard_order(next_power_of_two(len(seeded)))
        return _matches_from_slots([seeded[s - 1] if s <= len(seeded) else None for s in order], order)

    def drawn_first_round(self, players: list[str], rand) -> list[Match]:
        """The players in a random order (seeded, recorded) placed as if that order were seeds,
        so the byes go to drawn players and never two byes meet; no seeds are shown."""
        drawn = list(players)
        rand.shuffle(drawn)
        matches = self.first_round(drawn)
        for match in matches:
            match.seeds = [None, None]
        return matches

    def next_round(self, previous: list[Match], seed_of: dict, third_place: bool) -> list[Match]:
        """Winners of slots 2k and 2k+1 meet; after the semifinals also the 3rd-place match. A
        match not played sends nobody on: the match it feeds is a bye for the other winner."""
        index = previous[0].round_index + 1
        winners = [m.winner for m in previous if m.label != THIRD_PLACE]
        matches = _matches_from_slots(winners, [seed_of.get(p) for p in winners], index)
        if third_place and len(winners) == 2:  # the semifinals were just played
            matches += third_place_match(previous, index, seed_of)
        return matches


class GameNumberBracket(BracketSeeding):
    """FFG Organized Play single elimination, re-paired by game number every round.

    First round after the cut: 1st v last = Game 1, 2nd v second-last = Game 2, and so on.
    Later rounds: the winner of Game 1 plays the winner of the highest-numbered game (the new
    Game 1), the winner of Game 2 the winner of the second-highest (new Game 2), and so on; a
    game not played has no winner, so its partner game's winner goes on without playing.
    An event that starts with elimination gives byes at random to (next power of two − players)
    players, pairs the rest at random and numbers all games and byes at random from Game 1.
    A seeded bracket below a power of two gives its byes to the top seeds (Game 1, 2, …: the
    seed is silent; the byes are the missing lowest seeds).
    """

    name = "game-numbers"
    params = {}
    seeding = "random"  # the seed's "events that start with elimination"
    crossover = False  # re-pairing by game number has no fixed halves to keep group-mates apart

    def first_round(self, seeded: list[str]) -> list[Match]:
        size = next_power_of_two(len(seeded))
        padded = list(seeded) + [None] * (size - len(seeded))
        label = round_name(size)
        matches = []
        for k in range(size // 2):
            low = padded[size - 1 - k]
            matches.append(settle_empty_slots(Match(0, k, label, [seeded[k], low], [k + 1, size - k if low else None])))
        return matches

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
        return [settle_empty_slots(Match(0, k, label, game, [None, None])) for k, game in enumerate(games)]

    def next_round(self, previous: list[Match], seed_of: dict, third_place: bool) -> list[Match]:
        index = previous[0].round_index + 1
        winners = [m.winner for m in previous if m.label != THIRD_PLACE]
        label = round_name(len(winners))
        half = len(winners) // 2
        matches = [settle_empty_slots(Match(index, k, label, [winners[k], winners[-1 - k]],
                                            [seed_of.get(winners[k]), seed_of.get(winners[-1 - k])]))
                   for k in range(half)]
        if third_place and len(winners) == 2:
            matches += third_place_match(previous, index, seed_of)
        return matches


class DrawnBracket(StandardBracket):
    """An unseeded bracket drawn at random (Micromutants RBB, classic: "no seeding, by design").

    The players are put in a random order (seeded, recorded) and placed in the bracket as if
    that order were seeds, so the byes (when the count is not a power of two) go to drawn
    players, never two byes meet, and the winners of slots 2k and 2k+1 always meet next.
    """

    name = "random-draw"
    params = {}
    seeding = "random"
    crossover = False

    def next_round(self, previous: list[Match], seed_of: dict, third_place: bool) -> list[Match]:
        return super().next_round(previous, {}, third_place)  # no seeds to show, even after a ranked stage
