"""Army rules: what every block of them answers (``ArmyRules``), and NS HEX 2023's (§4, §6):
registration and use in Swiss and final rounds."""
from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from typing import Annotated, Literal

from pydantic import Field

from podium.errors import Problems
from podium.model import Event, Player
from podium.rules.blocks import Block, Param
from podium.values import OneLine


class ArmyRules(Block):
    """What every block of army rules answers: the engine asks it about each registration before
    any round, then about the armies fielded in the Swiss and in the finals."""

    @abstractmethod
    def check_registration(self, player: Player, problems: Problems) -> None:
        """Add to ``problems`` what is wrong with the armies ``player`` registers."""

    @abstractmethod
    def check_swiss(self, event: Event, swiss_rounds: list, last_round: int, problems: Problems) -> None:
        """Add to ``problems`` every army fielded against the rules in ``swiss_rounds`` (the Swiss
        stage's round files; ``last_round`` is the number of its last planned round)."""

    @abstractmethod
    def check_finals(self, event: Event, knockout_rounds: list, cut: int, problems: Problems) -> None:
        """Add to ``problems`` every finals army chosen or fielded against the rules in
        ``knockout_rounds`` (the knockout's round files; ``cut`` is the bracket's size)."""


class NeuroshimaArmies(ArmyRules):
    """NS HEX 2023 §4.1, §6.1–6.3, §5.4: five different legal armies; beginners get the four
    basic armies; each army once in the Swiss (a bye uses one up); a beginner may repeat one
    army in the last Swiss round only when otherwise both players would field the same army;
    finalists choose 3 armies for a top 4, 4 for a top 8, all for a top 16, each once.
    """

    name = "neuroshima-hex-2023"
    params = {
        "legal": Param(list[OneLine], [], "armies legal in the season (§4.1)"),
        "registered": Param(Annotated[int, Field(ge=1, le=20)], 5, "different armies each player registers (§6.1)"),
        "basic": Param(list[OneLine], [], "the beginner's four basic armies (§6.1)"),
        "finals_choice": Param(dict[int, Annotated[int, Field(ge=1, le=20)] | Literal["all"]], {}, "cut size → armies chosen for the finals; 'all' for every army (§6.3)"),
    }

    def armies_of(self, player: Player) -> tuple[str, ...]:
        return tuple(self.basic) if player.beginner else player.armies

    def finals_count(self, cut: int, player: Player) -> int:
        choice = self.finals_choice.get(cut, "all")
        return len(self.armies_of(player)) if choice == "all" else choice

    def check_registration(self, player: Player, problems: Problems) -> None:
        if player.beginner:
            if player.armies and set(player.armies) != set(self.basic):
                problems.add(player.src, f"{player.name} is a beginner and plays the four basic armies "
                             f"({', '.join(self.basic)}); remove 'armies:' or 'beginner: true'")
            return
        illegal = [a for a in player.armies if a not in self.legal]
        for army in illegal:
            problems.add(player.src, f"{player.name}: '{army}' is not a legal army; legal: {', '.join(self.legal)}")
        repeated = [a for a, n in Counter(player.armies).items() if n > 1]
        if repeated:
            problems.add(player.src, f"{player.name} registers {', '.join(repeated)} twice; the {self.registered} armies must differ")
        if len(player.armies) != self.registered:
            problems.add(player.src, f"{player.name} registers {len(player.armies)} armies; register exactly "
                         f"{self.registered} different legal armies, or mark 'beginner: true'")

    def check_swiss(self, event: Event, swiss_rounds: list, last_round: int, problems: Problems) -> None:
        """Each army once per player across the Swiss rounds, byes included (§6.2, §5.4, §6.5.2)."""
        used: dict[str, list[str]] = {}
        for rnd in swiss_rounds:
            self._check_recorded(event, rnd, problems)
            self._check_mirrors(event, rnd, problems)
            for pairing in rnd.pairings:
                fielded = pairing.armies or ()
                for seat, (player_id, army) in enumerate(zip(pairing.players, fielded)):
                    if army is None:
                        continue
                    opponent_army = fielded[1 - seat] if len(fielded) == 2 else None
                    self._check_use(event.player(player_id), army, used.setdefault(player_id, []),
                                    rnd.number == last_round, opponent_army, pairing, problems)
                    used[player_id].append(army)

    def _check_recorded(self, event: Event, rnd, problems: Problems, byes_mark_army: bool = True) -> None:
        """The armies are part of a result: a played game records both (§6.5: "Po wybraniu armii do
        gry w danym meczu Gracz zaznacza to … na karcie turniejowej", and the army is used up,
        §6.2), a bye the one its player marks (§5.4: "jest zobowiązany do zaznaczenia jednej ze
        swoich armii"). Asked only once the result is in — a game once it has a score, a bye once
        every game of its round has a result — so a round being filled in is not flagged. A
        forfeit or a judge's loss is exempt: no army need have been fielded. §5.4's bye is the
        Swiss's ("podczas rundy w systemie szwajcarskim"): a bye in the finals (the match his
        opponent would come from was not played) marks none (``byes_mark_army``)."""
        games = [p for p in rnd.pairings if not p.bye]
        for pairing in games:
            if pairing.score and not (pairing.forfeit or pairing.judge_loss or _all_given(pairing.armies, 2)):
                names = " v ".join(event.player(p).name for p in pairing.players)
                problems.add(pairing.at("armies"), f"{names}: the score is in but not both armies fielded; write "
                             "'armies: [army, army]' in the order of players (§6.5: each player marks his army, "
                             "used up for the rounds that follow, §6.2)")
        if not byes_mark_army or not all(p.has_result for p in games):
            return
        for pairing in rnd.pairings:
            if pairing.bye and not _all_given(pairing.armies, 1):
                problems.add(pairing.at("armies"), f"{event.player(pairing.players[0]).name} has the bye but marks no "
                             "army; write 'armies: [army]' (§5.4: the bye player marks one of his armies as used)")

    def _check_mirrors(self, event: Event, rnd, problems: Problems) -> None:
        """§6.5 never pits an army against itself: equal armies on '1' → the '2's are played;
        equal again → a draw decides who plays his '2' (and §6.5.2 lets a beginner repeat an
        army only so that "the same armies" do not meet)."""
        for pairing in rnd.pairings:
            fielded = [a for a in pairing.armies or () if a is not None]
            if len(pairing.players) == 2 and len(fielded) == 2 and fielded[0] == fielded[1]:
                names = " v ".join(event.player(p).name for p in pairing.players)
                problems.add(pairing.at("armies"), f"{names}: both field {fielded[0]}, but §6.5 never pits an army "
                             "against itself (equal armies on '1' → the '2's are played; equal again → a draw "
                             "decides who plays his '2'); correct the armies")

    def _check_use(self, player, army, used, last_round, opponent_army, pairing, problems) -> None:
        armies = self.armies_of(player)
        where = pairing.at("armies")
        if army not in armies:
            problems.add(where, f"{player.name} did not register '{army}'; registered: {', '.join(armies)}")
        elif army in used and not self._beginner_repeat(player, army, used, last_round, opponent_army):
            problems.add(where, f"{player.name} already played '{army}' in the Swiss rounds; each army once (§6.2)")

    def _beginner_repeat(self, player, army, used, last_round, opponent_army) -> bool:
        """§6.5.2: only a beginner, only in the last Swiss round, only one repeat, and only when
        every army he has not yet played is the opponent's army."""
        if not (player.beginner and last_round) or len(used) != len(set(used)):
            return False
        unused = [a for a in self.armies_of(player) if a not in used]
        return bool(unused) and all(a == opponent_army for a in unused)

    def check_finals(self, event: Event, knockout_rounds: list, cut: int, problems: Problems) -> None:
        """§6.3: finals armies chosen (3 / 4 / all), each played at most once in the finals."""
        used: dict[str, list[str]] = {}
        for player in event.players:
            if player.finals_armies is not None:
                self._check_choice(player, cut, problems)
        for rnd in knockout_rounds:
            self._check_recorded(event, rnd, problems, byes_mark_army=False)
            self._check_mirrors(event, rnd, problems)
            for pairing in rnd.pairings:
                for player_id, army in zip(pairing.players, pairing.armies or ()):
                    if army is not None:
                        self._check_final_use(event.player(player_id), army, used.setdefault(player_id, []), cut, pairing, problems)
                        used[player_id].append(army)

    def _check_choice(self, player, cut, problems) -> None:
        wanted = self.finals_count(cut, player) if cut else 0
        chosen = player.finals_armies
        if cut and self.finals_choice.get(cut, "all") == "all" and set(chosen) != set(self.armies_of(player)):
            problems.add(player.src, f"{player.name} lists {len(set(chosen))} finals armies, but a top {cut} keeps "
                         "all his armies for the finals (§6.3: \"nadal może wykorzystać wszystkie swoje armie\"); "
                         "remove 'finals_armies:'")
        elif cut and len(set(chosen)) != wanted:
            problems.add(player.src, f"{player.name} chooses {len(set(chosen))} finals armies; a top {cut} chooses {wanted} (§6.3)")
        for army in chosen:
            if army not in self.armies_of(player):
                problems.add(player.src, f"{player.name}: finals army '{army}' is not one of the registered armies")

    def _check_final_use(self, player, army, used, cut, pairing, problems) -> None:
        allowed = player.finals_armies if player.finals_armies is not None else self.armies_of(player)
        where = pairing.at("armies")
        if army not in allowed:
            problems.add(where, f"{player.name} did not choose '{army}' for the finals; chosen: {', '.join(allowed)}")
        elif army in used:
            problems.add(where, f"{player.name} already played '{army}' in the finals; each chosen army once (§6.5)")
        elif player.finals_armies is None and len(set(used + [army])) > self.finals_count(cut, player):
            problems.add(where, f"{player.name} fields more than {self.finals_count(cut, player)} armies in a top {cut} (§6.3)")


def _all_given(armies, count: int) -> bool:
    return bool(armies) and len(armies) == count and all(a is not None for a in armies)
