"""Micromutants Evolution club tournament (RBB, Italian). One block scores the three kinds of
game the seed has: head-to-head best-of-N matches, 2-vs-2 games with rotating pairs, and
free-for-all tables of four.
"""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from podium.core.errors import Problems
from podium.core.model import Bases, Pairing
from podium.core.words import N_
from podium.rules.blocks import Param
from podium.rules.forms import BY_PLAYER, CHOICE, GAMES, NUMBER, RANKING, Input, Option, player_options
from podium.rules.kinds import FREE_FOR_ALL, KNOCKOUT, PAIRS_ROTATION, ROUND_ROBIN, SWISS
from podium.rules.outcome import Outcome
from podium.rules.scoring import Scoring, yaml_string
from podium.core.values import Count

FourPlaces = Annotated[list[Count], Field(min_length=4, max_length=4)]  # points for 1st … 4th at a table

# RBB, free-for-all: the clan of player A–D in turns 1–4 (a Latin square: each clan once per turn).
CLAN_ROTATION = (
    ("Chitiniani", "Flyborg", "Sovietopteri", "USArtropodi"),
    ("Flyborg", "Sovietopteri", "USArtropodi", "Chitiniani"),
    ("Sovietopteri", "USArtropodi", "Chitiniani", "Flyborg"),
    ("USArtropodi", "Chitiniani", "Flyborg", "Sovietopteri"),
)


SEATS = "ABCD"  # a free-for-all table's seats, in the order of its players


def clans_of_turn(turn: int, seats: int) -> tuple[str, ...]:
    """The clan of seats A, B, C, D in ``turn`` (0-based) of a free-for-all table."""
    return tuple(CLAN_ROTATION[seat][turn % len(CLAN_ROTATION[0])] for seat in range(seats))


def home_plan(games: int) -> list[int | None]:
    """RBB, head-to-head: who is at home in each game of a best-of-N match — 0 = player A,
    1 = player B, None = the deciding game ("bella": clans by agreement or by draw).
    Best of 3: A, B, bella; best of 5: A, B, A, B, bella."""
    return [None if g == games - 1 else g % 2 for g in range(games)]


def two_players(pairing: Pairing) -> tuple[str, str] | None:
    """The two players of a head-to-head match, or None for a pairing of any other size (a bye,
    or a match the bracket could not fill): nothing here indexes a second player blindly."""
    return pairing.players if len(pairing.players) == 2 else None


class MicromutantsScoring(Scoring):
    """RBB Micromutants: best-of-N matches (the majority of games wins; the last game, the bella,
    compulsory only on a tie and optional otherwise), 2-vs-2 games (1 primary point to each
    winner, secondary points from the winning pair's bases) and free-for-all tables (primary
    points by place, secondary to the winner, tertiary for opponents eliminated in one's own turn).

    Groups of 2 vs 2 (Torneo tipo 2; schedules.rotation_schedule): the seed gives the rotation of
    four, home and away, and "qualora il numero di giocatori non sia un multiplo di 4" bigger
    groups. Its aim is "uno schema di gioco il più possibile equo", a game won is a primary point,
    and the semifinal takes the best of every group on them, so every player of the event plays
    as many group games: groups of 4 and 5 (9, 13, 14 … players) 8 each, the group of 4 playing
    its first game again at the end of each leg (AB–CD, AC–BD, BC–AD, AB–CD, then the return
    leg) as each of the 5 plays 4 a leg; groups of 5 and 6 (11 players) 12 each, the 5 playing
    their rotation three times (home, away, home). Groups of about four, as the seed has them,
    rather than one group of 9 (16 games each). Everyone is at home in half his games when the
    legs are even in number. So the group of 4 plays the split AB–CD four times and the other two
    twice: splits played 3, 3 and 2 times would leave home games uneven (A and B at home together
    in ab of the AB–CD games and apart in all the others: A + B = 2·ab + 5 home games, which is 8
    only for ab = 1.5), and the seed's return leg, home and away swapped, comes first. Events drawn before version 4 of the draws ('draws: 3') keep two
    legs of each group's rotation (9 players: 6 games and 8), and those of Podium 0.2
    ('draws: 1') its rotation of 6 or 7 players.

    House rules where the seed is silent — a player who withdraws ('drops:') or is disqualified
    (the seed asks players and organizer to settle what it does not foresee, "redimere a loro
    piacimento", and report it): the games he played stand, for his partners and opponents too,
    and nobody scores a game not played. In the 2-vs-2 groups the games still to come give way to
    a fresh rotation of those left, home and away, so everyone left plays as many games from then
    on — not as many in all: the games before stand, and a group of five left by one after round
    3 ends with 8, 8, 9, 9 games (two had rested once); four left sit at every game, so no
    schedule could even that out. Fewer than four left cannot play 2 vs 2 and the group ends. At a free-for-all table the
    others play the turns left, each keeping his seat and so his clans (each clan once), scored by
    places as before — two left still play a free-for-all turn (1st 6, 2nd 4), not a match;
    fewer than four reaching the free-for-all play one table of two or three (stages/groups.py).
    """

    name = "micromutants"
    game_reads = frozenset({"winner", "home", "clans"})
    facts = frozenset({"secondary", "wins", "tertiary", "second_places"})
    game_how = ("a Micromutants game records its 'winner:' (and 'home:', 'clans:'); a player who did not play the "
                "match: 'forfeit: <id>' on the match")
    stage_kinds = frozenset({SWISS, KNOCKOUT, ROUND_ROBIN, PAIRS_ROTATION, FREE_FOR_ALL})  # matches, 2 v 2, tables of 4
    params = {
        "place_points": Param(FourPlaces, [6, 4, 2, 3], "free-for-all primary points for 1st, 2nd, 3rd, 4th (the seed gives 4th more than 3rd)"),
        "team_win": Param(Count, 1, "2-vs-2: primary points to each player of the winning pair"),
        "intact_base": Param(Count, 2, "secondary points per intact hexagonal base left"),
        "damaged_base": Param(Count, 1, "secondary points per damaged hexagonal base left"),
        "square_base": Param(Count, 1, "secondary points per square base left"),
    }

    def secondary(self, bases: Bases | None) -> int:
        """RBB: 2 per intact hexagonal base, 1 per damaged hexagonal base, 1 per square base."""
        if bases is None:
            return 0
        return bases.intact * self.intact_base + bases.damaged * self.damaged_base + bases.square * self.square_base

    # ------------------------------------------------------------ outcomes by shape

    def outcomes(self, pairing: Pairing, round_no: int, stage=None) -> list[Outcome]:
        if pairing.teams:
            return self._team_outcomes(pairing, round_no)
        if _shape(pairing, stage) == FREE_FOR_ALL:
            return self._table_outcomes(pairing, round_no)
        winner = self.match_winner(pairing, None, stage)
        if winner is None:  # also a match without two players: no one to have beaten
            return []
        return [Outcome(p, o, "win" if p == winner else "loss", 1 if p == winner else 0, 0, round_no)
                for p, o in (pairing.players, pairing.players[::-1])]

    def _team_outcomes(self, pairing: Pairing, round_no: int) -> list[Outcome]:
        """RBB 2-vs-2: 1 primary point and the bases' secondary points to each winning player."""
        if pairing.winning_team is None:
            return []
        winners = pairing.teams[pairing.winning_team]
        losers = pairing.teams[1 - pairing.winning_team]
        secondary = self.secondary(pairing.bases)
        outcomes = []
        for team, other, won in ((winners, losers, True), (losers, winners, False)):
            for player in team:
                outcomes.append(Outcome(player, other[0], "win" if won else "loss", self.team_win if won else 0, 0,
                                        round_no, opponents=tuple(other),
                                        partners=tuple(mate for mate in team if mate != player),
                                        stats={"secondary": secondary if won else 0, "wins": int(won)}))
        return outcomes

    def _table_outcomes(self, pairing: Pairing, round_no: int) -> list[Outcome]:
        """RBB free-for-all: primary by place, secondary to the winner, tertiary = eliminations."""
        if not pairing.finish:
            return []
        if len(pairing.finish) > len(self.place_points):
            return []  # refused by check_shape: no place points for the places beyond them
        eliminated = dict(pairing.eliminated)
        outcomes = []
        for place, player in enumerate(pairing.finish, start=1):
            others = tuple(p for p in pairing.players if p != player)
            outcomes.append(Outcome(player, others[0], f"place-{place}", self.place_points[place - 1], 0, round_no,
                                    opponents=others,
                                    stats={"secondary": self.secondary(pairing.bases) if place == 1 else 0,
                                           "tertiary": eliminated.get(player, 0), "wins": int(place == 1),
                                           "second_places": int(place == 2)}))
        return outcomes

    # ------------------------------------------------------------ best-of-N

    def games_won(self, pairing: Pairing) -> tuple[int, ...]:
        """The games each player of the pairing won, in the order of its players."""
        winners = [g.winner for g in pairing.games if g.winner]
        return tuple(winners.count(p) for p in pairing.players)

    def seat_factions(self, pairing: Pairing, stage, turn: int) -> dict:
        """Free-for-all: each seat plays the clan of the seed's rotation for the turn. A player
        keeps his seat at the table (the stage's group) when another has left it (house rule:
        ``MicromutantsScoring``), so he still plays each clan once."""
        if stage.kind != FREE_FOR_ALL:
            return {}
        seats = next((g.players for g in getattr(stage, "groups", ()) if set(pairing.players) <= set(g.players)),
                     pairing.players)
        clans = clans_of_turn(turn, len(seats))
        return {player: clans[seats.index(player)] for player in pairing.players}

    def turn_notes(self, turn: int, players: tuple) -> list[tuple]:
        """The clan of each seat of a free-for-all table in ``turn``, for the table sheet."""
        return [("clans", tuple(zip(SEATS, clans_of_turn(turn, len(players)))))]

    def match_winner(self, pairing: Pairing, higher_seed, stage=None) -> str | None:
        """The first to win a majority of the match's games (2 of 3, 3 of 5); a player who did not
        play the match ('forfeit:') loses it — the seed is silent on forfeits, so the games
        played before it stand and the match goes to the opponent, who advances."""
        if two_players(pairing) is None:
            return None
        if pairing.forfeit:
            return next(p for p in pairing.players if p != pairing.forfeit)
        return _first_to(self.games_in(pairing, stage) // 2 + 1, pairing.games)[0]

    def decided(self, pairing: Pairing, stage=None) -> bool:
        if pairing.teams:
            return pairing.winning_team is not None
        if _shape(pairing, stage) == FREE_FOR_ALL:
            return bool(pairing.finish)
        return self.match_winner(pairing, None, stage) is not None

    def series(self, pairing: Pairing) -> tuple[int, ...] | None:
        """Games won by each player (2:1): a best-of-N match's points (CONTRACT.md), shown in the
        bracket. A forfeit gives the match, not games (RBB counts only games played; the seed
        is silent on forfeits): a match forfeited before its first game is 0:0, its winner the
        opponent of the player who forfeited."""
        if two_players(pairing) is None or not (pairing.games or pairing.forfeit):
            return None
        return self.games_won(pairing)

    # ------------------------------------------------------------ the round file

    def result_inputs(self, pairing: Pairing, event, stage=None) -> tuple:
        """The form of each kind of game: a 2-vs-2 game's winning pair and its bases, a
        free-for-all table's places, the winner's bases and each player's eliminations, a match's
        games, each with its home player as the seed alternates them (``home_plan``) and the
        bella last, with no home player (its clans by agreement or by draw)."""
        shape = _shape(pairing, stage)
        if shape == "2-vs-2":
            pairs = tuple(Option(index, " & ".join(event.player(p).name for p in team))
                          for index, team in enumerate(pairing.teams))
            return (Input("winner", N_("Winning pair"), CHOICE, options=pairs, optional=True), *_bases_inputs())
        if shape == FREE_FOR_ALL:
            return (Input("finish", N_("Place (1 = the winner)"), NUMBER, per_player=True, writes=RANKING, minimum=1,
                          maximum=len(pairing.players)),
                    *_bases_inputs(),
                    Input("eliminated", N_("Opponents eliminated in his own turn"), NUMBER, per_player=True,
                          writes=BY_PLAYER, minimum=0, maximum=len(pairing.players) - 1, optional=True))
        if two_players(pairing) is None:
            return ()
        players = player_options(event, pairing.players)
        games = tuple((Input("home", N_("Home player (picks his clan first)"), CHOICE, options=players,
                             default=pairing.players[home]),
                       Input("winner", N_("Winner"), CHOICE, options=players, optional=True)) if home is not None else
                      (Input("winner", N_("Winner of the bella (clans by agreement or by draw)"), CHOICE,
                             options=players, optional=True),)
                      for home in home_plan(self.games_in(pairing, stage)))
        return (Input("games", N_("Game"), GAMES, games=games),)

    def blank(self, players: tuple, stage, match: str | None = None, teams: tuple = ()) -> list[str]:
        if teams:
            return ["    winner:   # 0 if the first pair won, 1 if the second",
                    "    bases: {intact: 0, damaged: 0, square: 0}  # the winning pair's bases left"]
        if _free_for_all(len(players), stage):
            return ["    finish: []  # the players from 1st to last",
                    "    bases: {intact: 0, damaged: 0, square: 0}  # the winner's bases left",
                    "    eliminated: {}  # opponents each player eliminated in his own turn, e.g. {id: 1}"]
        if len(players) < 2:  # no opponent: nothing to play, nothing to enter
            return ["    # one player and no opponent: there are no games to enter"]
        games = self.match_games(stage, match, 0)
        lines = ["    games:  # the winner of each game; the home player picks his clan first"]
        for index, home in enumerate(home_plan(games)):
            if home is None:
                lines.append(f"      # - {{winner: }}  # game {index + 1}: the bella — compulsory on a tie, optional "
                             "otherwise; clans by agreement or by draw")
            elif index >= games // 2 + 1:
                lines.append(f"      # - {{home: {yaml_string(players[home])}, winner: }}  # game {index + 1}, only if needed")
            else:
                lines.append(f"      - {{home: {yaml_string(players[home])}, winner: }}  # game {index + 1}")
        return lines

    def result_keys(self, pairing: Pairing, stage=None) -> tuple[frozenset, str]:
        return SHAPES[_shape(pairing, stage)]

    def check_shape(self, pairing: Pairing, problems: Problems, stage=None) -> None:
        if _shape(pairing, stage) == "match":
            if two_players(pairing) is None:
                problems.add(pairing.at("players"), "a head-to-head match has two players; a player without an "
                             "opponent has a bye ('bye: true')")
                return
            self._check_series(pairing, problems, stage)
        elif _shape(pairing, stage) == FREE_FOR_ALL:
            self._check_places(pairing, problems)
            _check_eliminations(pairing, problems)

    def _check_places(self, pairing: Pairing, problems: Problems) -> None:
        """RBB free-for-all: a table of four, a place's points for each of its places."""
        if len(pairing.players) > len(self.place_points):
            problems.add(pairing.at("players"), f"a free-for-all table seats at most {len(self.place_points)} "
                         f"players (place_points gives points to {len(self.place_points)} places), not "
                         f"{len(pairing.players)}")

    def _check_series(self, pairing: Pairing, problems: Problems, stage) -> None:
        """RBB, head-to-head: a best-of-N match is won by the first to win a majority of its N
        games, and a 'winner:' or 'forfeit:' beside the games must agree with them.

        The last game, the bella, "si deve effettuare obbligatoriamente solo in caso di parità
        nei turni precedenti e … è facoltativa negli altri casi": compulsory only when the
        earlier games tied, optional otherwise — so it may be recorded after the match was
        decided (2:0, then the bella: 2:1 or 3:0), and it cannot change the winner. The seed
        makes no other game optional: after a 3:0 in a best of 5 a 4th game is refused, and no
        match has more than N games."""
        games = self.games_in(pairing, stage)
        needed = games // 2 + 1
        decided, at_game = _first_to(needed, pairing.games)
        played = [n for n, g in enumerate(pairing.games, start=1) if g.winner]
        beyond = next((n for n in played if n > games), None)
        if beyond:
            problems.add(pairing.games[beyond - 1].src, f"game {beyond} is one too many: a best-of-{games} match has "
                         f"at most {games} games, the last of them the bella — remove it")
            return
        later = next((n for n in played if at_game and at_game < n < games), None)
        if later:
            problems.add(pairing.games[later - 1].src, f"game {later} comes after {decided} won {needed} games: a "
                         f"best-of-{games} match ends when a player wins {needed} games, and only the bella (game "
                         f"{games}) may still be played — remove it")
            return
        wins = dict(zip(pairing.players, self.games_won(pairing)))
        series = (f"{wins[decided]}:{sum(wins.values()) - wins[decided]}" if decided  # the winner's games first
                  else ":".join(str(n) for n in wins.values()))
        if pairing.forfeit and decided == pairing.forfeit:
            problems.add(pairing.at("forfeit"), f"'forfeit: {pairing.forfeit}' but {decided} won the match {series} "
                         "in the games listed; keep the games or the forfeit")
        elif pairing.forfeit and decided:
            problems.add(pairing.at("forfeit"), f"'forfeit: {pairing.forfeit}' but the games listed already decide "
                         f"the match: {decided} won {series}; keep the games, or the forfeit if {pairing.forfeit} "
                         "did not play")
        elif pairing.winner and not pairing.forfeit and decided != pairing.winner:
            problems.add(pairing.at("winner"), f"'winner: {pairing.winner}' contradicts the games, which {decided} won "
                         f"{series}; fix the winner or the games" if decided else
                         f"'winner: {pairing.winner}' but the games listed do not decide the match ({series}); enter "
                         f"each game's winner under 'games:' (a best-of-{games} is won with {needed} games)")


# The result keys each kind of Micromutants game reads, and how its result is written.
SHAPES = {
    "match": (frozenset({"games", "winner", "forfeit"}), "a match is entered game by game, games: [{winner: <id>}, "
              "…], with 'forfeit: <id>' if a player did not play it"),
    "2-vs-2": (frozenset({"winner", "bases"}), "a 2-vs-2 game's result is 'winner: 0|1' (the winning pair) and "
               "that pair's 'bases:'"),
    "free-for-all": (frozenset({"finish", "bases", "eliminated"}), "a free-for-all table's result is 'finish: "
                     "[1st, 2nd, 3rd, 4th]' with the winner's 'bases:' and 'eliminated:'"),
}


def _bases_inputs() -> tuple[Input, ...]:
    """The bases the winner (or the winning pair) has left, secondary points (RBB)."""
    return (Input("bases.intact", N_("Winner's intact hexagonal bases left"), NUMBER, minimum=0, optional=True),
            Input("bases.damaged", N_("Winner's damaged hexagonal bases left"), NUMBER, minimum=0, optional=True),
            Input("bases.square", N_("Winner's square bases left"), NUMBER, minimum=0, optional=True))


def _check_eliminations(pairing: Pairing, problems: Problems) -> None:
    """At a table of n, at most n − 1 players can be eliminated: the winner is still there."""
    total = sum(count for _, count in pairing.eliminated)
    if total > len(pairing.players) - 1:
        problems.add(pairing.at("eliminated"), f"'eliminated' counts {total} eliminations at a table of "
                     f"{len(pairing.players)}, where at most {len(pairing.players) - 1} players can be eliminated")


def _shape(pairing: Pairing, stage=None) -> str:
    """The kind of game a result line records: a 2-vs-2 game, a free-for-all table, or a
    head-to-head match."""
    if pairing.teams:
        return "2-vs-2"
    return FREE_FOR_ALL if _free_for_all(len(pairing.players), stage) else "match"


def _free_for_all(seated: int, stage) -> bool:
    """Every table of a free-for-all stage is a free-for-all, also one that players leaving have
    brought down to two (house rule, ``MicromutantsScoring``: its turns go on by places, not as a
    best-of-1 match); in any other stage, a table of more than two is one."""
    return seated > 2 or (stage is not None and stage.kind == FREE_FOR_ALL)


def _first_to(needed: int, games) -> tuple[str | None, int | None]:
    """The first player to win ``needed`` games, and the number of the game that did it."""
    won: dict[str, int] = {}
    for number, game in enumerate(games, start=1):
        if game.winner:
            won[game.winner] = won.get(game.winner, 0) + 1
            if won[game.winner] == needed:
                return game.winner, number
    return None, None


# What this game adds to the building blocks a ruleset may name (rules/registry.py).
BLOCKS = {"scoring": [MicromutantsScoring]}
