"""Neuroshima HEX! — the Polish Championship 2023 qualifiers (seed 000): scoring by HQ left
(§5.3), army rules (§4, §6) and event roles (§1, §2). Section numbers (§) point into the seed."""
from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

from pydantic import Field

from podium.core.errors import Problems
from podium.core.model import Event, Pairing, Player
from podium.rules.armies import ArmyRules
from podium.rules.blocks import Param
from podium.core.words import N_
from podium.rules.forms import CHOICE, NUMBER, Input, Option
from podium.rules.outcome import Outcome
from podium.rules.roles import RoleRules
from podium.rules.scoring import Scoring, ordered_values
from podium.core.slug import slugify
from podium.core.values import Count, OneLine


class NeuroshimaScoring(Scoring):
    """NS HEX 2023 §5.3: win 3 TP, draw 1 TP each, loss 0; the HQ difference goes +d / −d.

    ``score`` is each player's HQ durability left at the end (12 v 5 → +7 / −7). If either
    player fielded the capped army (Dancer), the difference is capped at ±20. A forfeit counts
    as a win by the bye's margin (house rule: the seed is silent on forfeits).

    ``judge_loss: <id>``: a judge gave that player the loss. §6.6 says a breach of the tournament
    rules "może to w konsekwencji skutkować przegraniem meczu" (may cost the match), and §6.9 lets
    a judge stop a match; the seed gives no TP or HQ difference for such a loss. It is scored like
    a forfeit: 0 TP and −``forfeit_margin`` for him, 3 TP and +``forfeit_margin`` for the opponent
    (house rule, as the forfeit's); in the finals the opponent goes through.
    """

    name = "neuroshima-hex"
    params = {
        "win": Param(Count, 3, "tournament points for a win"),
        "draw": Param(Count, 1, "tournament points each for a draw"),
        "loss": Param(Count, 0, "tournament points for a loss"),
        "cap_army": Param(OneLine, "Dancer", "army whose games have the difference capped"),
        "cap": Param(Count, 20, "the cap on the difference when the capped army played"),
        "max_score": Param(Count, 20, "most HQ durability a player can have left (the capped army may report more)"),
        "forfeit_margin": Param(Count, 7, "difference credited for a forfeit win"),
    }

    def agreement(self) -> list[tuple[str, str]]:
        """A win is worth more than a draw, and a draw no less than a loss (§5.3: 3 / 1 / 0)."""
        return ordered_values(self, ("win", "draw", True), ("draw", "loss", False))

    reads = frozenset({"score", "winner", "draw", "forfeit", "judge_loss"})
    facts = frozenset({"margin"})  # the HQ difference
    how = ("write 'score: [HQ left, HQ left]' (12 v 5 → [12, 5]), 'forfeit: <id>' for a player who did not play, or "
           "'judge_loss: <id>' for a player a judge gave the loss")

    # Empty keys `podium pair` writes for the organizer to fill in: (key, placeholder, hint).
    result_fields = [
        ("armies", "[]", "army each player fielded, in the order of players, e.g. [Moloch, Borgo]"),
        ("score", "[]", "HQ durability left at the end, e.g. [12, 5]"),
    ]
    bye_fields = [("armies", "[]", "the army this player marks as used (§5.4)")]

    def result_inputs(self, pairing: Pairing, event, stage=None) -> tuple:
        """The HQ durability each player has left (§5.3); the armies are the army block's."""
        return (Input("score", N_("HQ left"), NUMBER, per_player=True, minimum=0, maximum=self.max_score),)

    def margin(self, score, armies) -> int:
        """NS HEX §5.3: |a − b|, capped at ``cap`` when either army is the capped army."""
        difference = abs(score[0] - score[1])
        if armies and self.cap_army in armies:
            return min(difference, self.cap)
        return difference

    def outcomes(self, pairing: Pairing, round_no: int, stage=None) -> list[Outcome]:
        a, b = pairing.players
        armies = pairing.armies or (None, None)
        if pairing.forfeit or pairing.judge_loss:
            winner = self._not_losing(pairing)
            margin = self.forfeit_margin
        elif pairing.score:
            if pairing.score[0] == pairing.score[1]:
                return [Outcome(p, o, "draw", self.draw, 0, round_no, army)
                        for p, o, army in ((a, b, armies[0]), (b, a, armies[1]))]
            winner = a if pairing.score[0] > pairing.score[1] else b
            margin = self.margin(pairing.score, pairing.armies)
        else:
            return []
        return [Outcome(p, o, "win" if p == winner else "loss", self.win if p == winner else self.loss,
                        margin if p == winner else -margin, round_no, army)
                for p, o, army in ((a, b, armies[0]), (b, a, armies[1]))]

    def match_winner(self, pairing: Pairing, higher_seed: str | None, stage=None) -> str | None:
        """NS HEX §5.3: a drawn elimination match goes to the player ranked higher after the Swiss."""
        a, b = pairing.players
        if pairing.forfeit or pairing.judge_loss:
            return self._not_losing(pairing)
        if pairing.score:
            if pairing.score[0] == pairing.score[1]:
                return higher_seed
            return a if pairing.score[0] > pairing.score[1] else b
        if pairing.draw:
            return higher_seed
        return None

    @staticmethod
    def _not_losing(pairing: Pairing) -> str:
        """The opponent of the player who forfeited or was given the loss."""
        a, b = pairing.players
        return b if (pairing.forfeit or pairing.judge_loss) == a else a

    def check_shape(self, pairing: Pairing, problems: Problems, stage=None) -> None:
        if len(pairing.players) != 2:
            problems.add(pairing.at("players"), "a Neuroshima HEX game has exactly two players")
            return
        if (pairing.winner or pairing.draw) and not pairing.score:
            problems.add(pairing.src, "write the result as 'score: [HQ left, HQ left]' (12 v 5 → [12, 5]); "
                         "the HQ difference needs both numbers")
        if pairing.score:
            self._check_score(pairing, problems)

    def _check_score(self, pairing: Pairing, problems: Problems) -> None:
        armies = pairing.armies or (None, None)
        for player, value, army in zip(pairing.players, pairing.score, armies):
            if value != int(value):
                problems.add(pairing.at("score"), f"HQ durability is a whole number; {player} has {value}")
            elif value > self.max_score and army != self.cap_army:
                problems.add(pairing.at("score"), f"{player} cannot have {value} HQ durability left; the most is {self.max_score}")


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

    def result_inputs(self, pairing: Pairing, event) -> tuple:
        """Each player's army, offered from his armies not yet fielded in an earlier round of
        the pairing's stage (§6.2; a bye's army is used up too, §5.4), or all of them where none
        is left (§6.5.2 lets a beginner repeat one; the engine says whether he may)."""
        rounds = [rnd for rnd in event.rounds if any(p is pairing for p in rnd.pairings)]
        stage = rounds[0].stage if rounds else None
        earlier = [p for rnd in event.rounds if rnd.stage == stage and rnd not in rounds for p in rnd.pairings]
        options = []
        for player in pairing.players:
            armies = self.armies_of(event.player(player))
            fielded = {army for p in earlier for who, army in zip(p.players, p.armies or ()) if who == player}
            options.append(tuple(Option(army, army) for army in [a for a in armies if a not in fielded] or armies))
        return (Input("armies", N_("Army"), CHOICE, per_player=True, options=tuple(options)),)

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


class NeuroshimaRoles(RoleRules):
    """NS HEX 2023 §1, §2: exactly one organizer and one head judge (the same person allowed);
    the organizer may play only if someone else is head judge; the head judge may play unless
    he is also the organizer; the technical judge holds no other role and does not play.
    """

    name = "neuroshima-hex-2023"
    params = {}

    def check(self, event: Event, problems: Problems) -> None:
        roles = event.roles
        if not roles.organizer:
            problems.add(event.src, "name the organizer: 'organizer: Full Name' (§2.1: exactly one)")
        if not roles.head_judge:
            problems.add(event.src, "name the head judge: 'head_judge: Full Name' (§2.2); it may be the organizer")
        players = {slugify(p.name) for p in event.players} | {p.id for p in event.players}
        organizer, head = slugify(roles.organizer or ""), slugify(roles.head_judge or "")
        if organizer and organizer in players and (not head or head == organizer):
            problems.add(event.src, f"{roles.organizer} is registered as a player and is also the organizer; "
                         "the organizer may play only if someone else is head judge (§1, §2.2)")
        technical = slugify(roles.technical_judge or "")
        if technical:
            others = {organizer, head} | {slugify(j) for j in roles.judges}
            if technical in others or technical in players:
                problems.add(event.src, f"{roles.technical_judge} is technical judge and may hold no other role "
                             "nor play (§2.4)")


# What this game adds to the building blocks a ruleset may name (rules/registry.py).
BLOCKS = {"scoring": [NeuroshimaScoring], "armies": [NeuroshimaArmies], "roles": [NeuroshimaRoles]}
