"""Tantrix online tournament rules (2003, Polish translation): tournament points, time,
defaults, match decisions, colours. Section numbers (§) point into the seed.
"""
from __future__ import annotations

from collections import Counter
from copy import copy
from decimal import ROUND_HALF_UP, Decimal
from math import sqrt
from typing import Annotated

from pydantic import Field

from podium.core.errors import Problems
from podium.core.model import Game, Pairing
from podium.core.words import N_
from podium.rules.forms import GAMES, NUMBER, TEXT, Input
from podium.rules.blocks import Param
from podium.rules.kinds import KNOCKOUT
from podium.rules.outcome import Outcome, tidy
from podium.rules.scoring import Scoring
from podium.rules.standings.metrics import ManualOrder, Tiebreaker

MAX_TP = 20
CLOCK_LIMIT = 15 * 60  # seconds each player has per game (§2)


def round_tenth(value: float) -> float:
    """Round half up to 0.1 (§9a: "zaokrąglony do 0.1"); 15.55 → 15.6, not banker's 15.6/15.5."""
    return float(Decimal(repr(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def winner_tp(margin: int) -> float:
    """Tantrix §9a: the winner's tournament points for a game won by ``margin`` (the loser gets 20 − this).

    Each player starts with 10; the winner adds 2 + (4/3)·√margin, to 0.1, at most 20 in all.
    Margin 0 is a 10–10 draw. Computed, not read from the seed's table (its margin-7 row has a
    typo: the loser's value is 4.5, not 1.5).
    """
    if margin <= 0:
        return 10.0
    return round_tenth(10 + min(10.0, 2 + 4 / 3 * sqrt(margin)))


def time_penalty(seconds: int) -> int:
    """Tantrix §2, §9b: TP a player loses for his clock — 15:00–15:59 → 1, 16:00–16:59 → 2, …"""
    if seconds < CLOCK_LIMIT:
        return 0
    return 1 + (seconds - CLOCK_LIMIT) // 60


TEAM_DEFAULT_TP = 15  # §7c: the least a default win in a team event is worth


def team_default(team_results: list[float]) -> tuple[float, float]:
    """Tantrix §7c, team events: (TP of the player whose opponent did not turn up, TP of the
    absent player). The win is worth 15, or the average of the results of all the players of
    the winner's team, to 0.1, when that is higher; the absent player gets 20 minus it.

    ``team_results`` are the TP of the games the winner's team played (its players' results).
    The seed leaves open which results: here every game the team's players played in the event,
    each game one result, defaults left out (as Elo leaves them out, §7h) — so a default's worth
    is final when the event is, and may move while it is played (``TantrixScoring.for_event``).
    """
    average = round_tenth(sum(team_results) / len(team_results)) if team_results else 0.0
    won = tidy(max(float(TEAM_DEFAULT_TP), average))
    return won, tidy(round_tenth(MAX_TP - won))


class TantrixScoring(Scoring):
    """Tantrix §9: tournament points (TP) per game from the margin, time penalties moved to the
    opponent, 0–20 per game. A match is several games; its points are the sum of the games' TP.

    Defaults (§7b): a player who does not turn up for a game ('forfeit: id' in the game) gives the
    opponent 20 TP and scores 0; in a team event (players registered with 'team:') 15 TP, or the
    average of the present player's team when higher, the absent player 20 minus that (§7c).
    Both disconnected at a weekend event (§3c): 23–23, a 10–10 draw.
    A player absent from more games of a group than one mini-match has is totally excluded (§7d);
    one who withdraws from a round robin ('drops:') or is disqualified there is absent from every
    game still to come (§7l: all must be played), which his opponents win by default unless that
    excludes him. A round with none of its games left is not played (stages/groups.py).
    Knockout (§10a): equal TP → more games won → more tiles used → a deciding 5-minute game,
    entered as one more game after the match's games.
    A player who gives an opponent who did not turn up for an arranged game another chance claims
    2 TP from him for each game arranged but not played (§7e): a points penalty on the absent
    player naming the one who receives them, '{player: id, kind: points, points: 2, to: id}'.
    §7f's 2 TP lost for each game is a points penalty without 'to:'.
    """

    name = "tantrix"
    sums_games = True  # a match is the sum of its games' points, not a majority of games won
    colour_preferences = True
    team_games = True  # §7c: registrations may give teams; a default in a team game is worth the team's average
    team_of: dict = {}  # player → team, once bound to a team event (``for_event``)
    team_defaults: dict = {}  # team → (TP of its player whose opponent did not turn up, TP of that opponent)
    withdrawal_is_absence = True  # §7l: all round-robin games are played, so §7d counts what a withdrawn or disqualified player misses
    # Tantrix §7e: "natychmiast powinieneś poprosić o 2 pkt od swojego partnera tzn. 2 pkt za każdą
    # zaaranżowaną lecz nierozegraną grę" — the 2 TP a game are taken from the absent player and
    # given to his opponent: a points penalty with 'to:' (rules/penalties.py ``take_points``)
    points_transfers = True
    reads = frozenset({"games"})
    facts = frozenset({"margin", "games_won", "margin_sum", "tiles"})
    how = ("write a Tantrix result game by game under 'games:' (e.g. games: [{score: [31, 22], time: [\"14:10\", "
           "\"15:02\"]}]); a no-show as 'forfeit: <id>' in each game he did not turn up for (§7b)")
    game_reads = frozenset({"score", "time", "tiles", "winner", "forfeit", "disconnected"})
    game_how = ("a Tantrix game has 'score:', 'time:' and 'tiles:', or 'forfeit: <id>' (§7b) or 'disconnected: true' "
                "(§3c); 'winner:' only in a deciding game (§10a)")
    params = {
        "forfeit_points": Param(Annotated[float, Field(ge=0, le=20)], 20, "TP for the present player when the opponent does not turn up (§7b)"),
    }

    def for_event(self, event) -> "TantrixScoring":
        """§7c: in a team event (its players registered with 'team:') a default is worth 15 TP
        or the team's average when higher, which depends on all the event's games: this block
        bound to them. An event without teams scores its defaults by §7b, with this block itself."""
        team_of = {p.id: p.team for p in event.players if p.team}
        if not team_of:
            return self
        results: dict[str, list[float]] = {team: [] for team in team_of.values()}
        for pairing in (p for rnd in event.rounds for p in rnd.pairings if len(p.players) == 2):
            for game in filter(self.played, pairing.games):
                for player, tp in zip(pairing.players, self.game_points(game, pairing.players)):
                    if player in team_of:
                        results[team_of[player]].append(tp)
        bound = copy(self)
        bound.team_of = team_of
        bound.team_defaults = {team: team_default(tps) for team, tps in results.items()}
        return bound

    # ------------------------------------------------------------ one game

    def default_points(self, present: str) -> tuple[float, float]:
        """(TP of ``present``, whose opponent did not turn up; TP of the absent player): §7b's 20
        and 0, or in a team event §7c's team default of ``present``'s team."""
        team = self.team_of.get(present)
        return self.team_defaults[team] if team in self.team_defaults else (self.forfeit_points, 0.0)

    def game_penalties(self, game: Game) -> tuple[int, int] | None:
        """§9b: the TP each player lost for his clock (a game not played on the board has none)."""
        if game.forfeit or game.disconnected or not (game.score and game.time):
            return None
        return tuple(time_penalty(seconds) for seconds in game.time)

    def game_points(self, game: Game, players: tuple[str, str]) -> tuple[float, float]:
        """The TP of both players for one game, time penalties applied and kept within 0–20."""
        a, b = players
        if game.forfeit:
            won, lost = self.default_points(b if game.forfeit == a else a)
            return (lost, won) if game.forfeit == a else (won, lost)
        if game.disconnected or not game.score:
            return 10.0, 10.0
        score_a, score_b = game.score
        won = winner_tp(abs(score_a - score_b))
        tp_a, tp_b = (won, MAX_TP - won) if score_a >= score_b else (MAX_TP - won, won)
        if penalties := self.game_penalties(game):
            lost_a, lost_b = penalties
            tp_a, tp_b = tp_a - lost_a + lost_b, tp_b - lost_b + lost_a
        return _clamp(tp_a), _clamp(tp_b)

    @staticmethod
    def played(game: Game) -> bool:
        """A game actually played (defaults and double disconnections are not, §7h)."""
        return bool(game.score) and not game.forfeit and not game.disconnected

    # ------------------------------------------------------------ a match

    def totals(self, pairing: Pairing, games: int) -> dict:
        """Sums over the match's first ``games`` games: TP, and from the board (§10a, §10d) games
        won (½ a draw), signed margins and tiles."""
        players = pairing.players
        sums = {p: Counter() for p in players}
        for game in pairing.games[:games]:
            if not game.has_result:
                continue
            tps = self.game_points(game, players)
            for i, player in enumerate(players):
                sums[player]["tp"] += tps[i]
                for key, value in board_result(game, players, i).items():
                    sums[player][key] += value
        return {p: {k: tidy(v) for k, v in c.items()} for p, c in sums.items()}

    def match_points(self, pairing: Pairing, stage) -> list | None:
        """The TP of each player summed over the match's regular games (a decider not included)."""
        if not any(g.has_result for g in pairing.games):
            return None
        totals = self.totals(pairing, self.games_in(pairing, stage))
        return [totals[p].get("tp", 0) for p in pairing.players]

    def outcomes(self, pairing: Pairing, round_no: int, stage=None) -> list[Outcome]:
        games = self.games_in(pairing, stage)
        if not self.decided(pairing, stage):
            return []
        totals = self.totals(pairing, games)
        a, b = pairing.players
        winner = self.match_winner(pairing, None, stage)
        result = {a: "draw", b: "draw"} if winner is None else {winner: "win", (b if winner == a else a): "loss"}
        return [Outcome(p, o, result[p], totals[p].get("tp", 0), totals[p].get("margin_sum", 0), round_no,
                        stats={k: totals[p].get(k, 0) for k in ("games_won", "margin_sum", "tiles")})
                for p, o in ((a, b), (b, a))]

    def game_colours(self, preferences: list, games: int) -> list:
        """§5: the colours of each game from the two players' (1st, 2nd) preferences — also when
        neither named one: then the first-listed player picks first for the first half."""
        return colour_plan(preferences[0], preferences[1], games)

    def match_winner(self, pairing: Pairing, higher_seed, stage=None) -> str | None:
        """§10a: more TP → more games won → more tiles used → the deciding game's winner."""
        games = self.games_in(pairing, stage)
        if len(pairing.players) != 2 or not all(g.has_result for g in pairing.games[:games]):
            return None
        knockout = _is_knockout(stage)
        winner = self._on_games(pairing, games, knockout)
        if winner or not knockout:
            return winner
        return next(filter(None, (_decider_winner(g, pairing.players) for g in pairing.games[games:])), None)

    def _on_games(self, pairing: Pairing, games: int, knockout: bool) -> str | None:
        """The winner on the match's own games: more TP, then in a knockout more games won and
        more tiles (§10a); None while level (a mini-match may end level)."""
        totals = self.totals(pairing, games)
        a, b = pairing.players
        for key in ("tp", "games_won", "tiles") if knockout else ("tp",):
            if totals[a].get(key, 0) != totals[b].get(key, 0):
                return a if totals[a].get(key, 0) > totals[b].get(key, 0) else b
        return None

    def decided(self, pairing: Pairing, stage=None) -> bool:
        games = self.games_in(pairing, stage)
        if len(pairing.games) < games or not all(g.has_result for g in pairing.games[:games]):
            return False
        if stage is not None and stage.kind == KNOCKOUT:
            return self.match_winner(pairing, None, stage) is not None
        return True

    def still_to_play(self, pairing: Pairing, stage=None) -> str:
        """§10a: a knockout match level after its games on TP, games won and tiles goes to a
        5-minute deciding game (another, while deciding games stay level)."""
        games = self.games_in(pairing, stage)
        if not _is_knockout(stage) or self.decided(pairing, stage) or len(pairing.players) != 2 \
                or len(pairing.games) < games or not all(g.has_result for g in pairing.games):
            return ""
        totals = self.totals(pairing, games)
        level = ", ".join(f"{label} {'–'.join(str(totals[p].get(key, 0)) for p in pairing.players)}"
                          for key, label in (("tp", "TP"), ("games_won", "games won"), ("tiles", "tiles")))
        return (f"{' v '.join(pairing.players)} is level ({level}), so a 5-minute deciding game is played (Tantrix §10a); "
                f"add it under 'games:' as game {len(pairing.games) + 1}, {{winner: <id>}}")

    def absences(self, pairing: Pairing) -> Counter:
        """§7d: games each player did not turn up for."""
        return Counter(g.forfeit for g in pairing.games if g.forfeit)

    def table_notes(self, players: tuple, stage, match: str | None, event) -> list[tuple]:
        """§5: the colours of each game, or who picks first when neither player named one."""
        if len(players) != 2:
            return []
        plan = self.game_colours([event.player(p).colours for p in players], self.match_games(stage, match, 0))
        return [("colours", colour_note(plan, tuple(event.player(p).name for p in players)))] if plan else []

    def rated_games(self, pairing: Pairing):
        """(player a, player b, a's share of the TP) for each game played (§7h: defaults never count)."""
        for game in pairing.games:
            if self.played(game):
                tp_a, _ = self.game_points(game, pairing.players)
                yield pairing.players[0], pairing.players[1], tp_a / MAX_TP

    # ------------------------------------------------------------ the round file

    def result_inputs(self, pairing: Pairing, event, stage=None) -> tuple:
        """Each game of the match: both players' points, clocks ("mm:ss") and tiles used (§9)."""
        game = (Input("score", N_("Points"), NUMBER, per_player=True, minimum=0),
                Input("time", N_("Clock at the end (mm:ss)"), TEXT, per_player=True),
                Input("tiles", N_("Tiles used"), NUMBER, per_player=True, minimum=0))
        return (Input("games", N_("Game"), GAMES, games=(game,) * max(len(pairing.games), self.games_in(pairing, stage))),)

    def blank(self, players: tuple, stage, **_) -> list[str]:
        lines = ["    games:  # score = points of the longest line/loop; time = each clock at the end; tiles = tiles used"]
        for _ in range(stage.games if stage else 1):
            lines.append('      - {score: [], time: ["", ""], tiles: []}')
        if stage is not None and stage.kind == KNOCKOUT:
            lines.append("      # equal TP, games won and tiles: add a 5-minute deciding game here as {winner: id}")
        return lines

    def check_shape(self, pairing: Pairing, problems: Problems, stage=None) -> None:
        if len(pairing.players) != 2:
            problems.add(pairing.at("players"), "a Tantrix match has exactly two players")
            return
        games = self.games_in(pairing, stage)
        if pairing.games and len(pairing.games) < games:
            problems.add(pairing.at("games"), f"this match has {games} games; list {games} entries under 'games:'")
        if not _is_knockout(stage) and len(pairing.games) > games:
            problems.add(pairing.at("games"), f"a mini-match of this stage has {games} games, not {len(pairing.games)}")
        for game in pairing.games[:games]:
            _check_game(game, problems)
        if _is_knockout(stage):
            self._check_deciders(pairing, games, problems)

    def _check_deciders(self, pairing: Pairing, games: int, problems: Problems) -> None:
        """§10a: a 5-minute deciding game is played only while the match is level, until one is won."""
        if not all(g.has_result for g in pairing.games[:games]):
            return
        decided_by = "its games" if self._on_games(pairing, games, knockout=True) else None
        for number, game in enumerate(pairing.games[games:], start=games + 1):
            if decided_by:
                problems.add(game.src, f"game {number} is a deciding game, but {decided_by} already decided the "
                             "match; one is played only while TP, games won and tiles are level (§10a) — remove it")
                return
            decided_by = f"game {number}" if _decider_winner(game, pairing.players) else None


def board_result(game: Game, players: tuple, index: int) -> dict:
    """What one game gives the player at ``index`` for the tie-breaks, read from the board and not
    from the TP: games won, a draw counting ½, and the margin, + when won and − when lost (§10a,
    §10d: "the player who won more rounds", "the number of wins, 0.5 for a draw, then the sum of
    margins"); tiles he used (not the opponent's). A time penalty moves TP (§9b) but does not
    change who won the game on the board. A default (§7b) is a game won by the player present,
    with no margin (the seed gives none); a double disconnection (§3c) a draw."""
    theirs = players[1 - index]
    tiles = game.tiles[index] if game.tiles else 0
    if game.forfeit:
        return {"games_won": 1 if game.forfeit == theirs else 0, "tiles": tiles}
    if game.disconnected or not game.score:
        return {"games_won": 0.5, "tiles": tiles}
    margin = game.score[index] - game.score[1 - index]
    won = 1 if margin > 0 else 0.5 if margin == 0 else 0
    return {"games_won": won, "margin_sum": margin, "tiles": tiles}


PLAY_OFF = N_("a play-off game (Tantrix §10c)")  # what a tie of two for a place that counts awaits


class PlayOff(Tiebreaker):
    """Tantrix §10c: two players still tied after the results between them, playing for a qualifying place, 1st place or a prize, play a 5-minute game; its winner, recorded under 'playoffs:' in event.yaml, is higher. Until it is recorded, check names the tie and pair waits; games won, margins and tiles (§10d) order only the other places. Three or more tied for such a place (the seed is silent): the organizer's order, 'manual_order:' in event.yaml."""

    name = key = "playoff"
    abbr, title = "P-off", "Play-off game"
    public = ("Tantrix §10c: two players still tied after the results between them, playing for a qualifying "
              "place, 1st place or a prize, play a 5-minute game; its winner is higher. Games won, margins and tiles "
              "(§10d) order only the other places; three or more tied for such a place are ordered by the organizer.")
    shown = False
    # §10c, §10d: the wins, margins and tiles that follow decide only "the less important" ties;
    # two players tied for a qualifying place or the winner wait for their play-off (rules/ties.py)
    awaited = True

    def split(self, group, ctx):
        """Only a tie of exactly two players is played off (§10c: "two players fighting for …");
        the seed says nothing of three or more, so the organizer's order ('manual_order:')
        settles those. Players neither settles stay tied for §10d, which orders them where their
        order decides nothing (a qualifying place or the winner waits: rules/ties.py)."""
        if len(group) != 2:
            return ManualOrder().split(group, ctx)
        played = next((p for p in ctx.playoffs if set(p.players) == set(group)), None)
        if played is None:
            return [group]
        loser = next(p for p in group if p != played.winner)
        return [[played.winner], [loser]]

    def how_to_decide(self, players, event) -> str:
        """§10c: two tied players play a 5-minute game, "the first to win" goes ahead. The seed
        plays off a tie of two only; for more it is silent, so the organizer orders them."""
        if len(players) == 2:
            return (f"they play one 5-minute game; record its winner in event.yaml as "
                    f"'playoffs: [{{players: [{', '.join(players)}], winner: …}}]'")
        return (f"Tantrix §10c plays off a tie of two players and says nothing of {len(players)}, so write "
                f"'manual_order: [{', '.join(players)}]' in event.yaml, best first")

    def awaiting(self, players) -> str:
        """§10c: a tie of two awaits its play-off game; of more, the organizer's decision."""
        return PLAY_OFF if len(players) == 2 else super().awaiting(players)


def _is_knockout(stage) -> bool:
    """Knockout rules apply to a knockout stage, and to a match weighed on its own (no stage)."""
    return stage is None or stage.kind == KNOCKOUT


def _check_game(game: Game, problems: Problems) -> None:
    """One of the match's own games: its TP need its score (§9a), a double disconnection is a draw (§3c)."""
    if game.disconnected and (game.score or game.winner or game.forfeit):
        problems.add(game.at("disconnected"), "'disconnected: true' means both players lost the connection and the "
                     "game counts 23–23, a 10–10 draw (§3c); it has no score, winner or forfeit besides — keep one")
    elif game.winner and not (game.score or game.forfeit):
        problems.add(game.at("winner"), f"'winner: {game.winner}' without a score: a game's TP come from its score "
                     "(§9a), so write 'score: [points, points]' (and 'time:'); only a 5-minute deciding game after "
                     "a level knockout match (§10a) is entered as {winner: id}")


def _decider_winner(game: Game, players: tuple) -> str | None:
    """Who won a 5-minute deciding game (§10a, §10c): its winner, the higher score, or the
    player present when the other did not turn up; None while it is level."""
    a, b = players
    if game.forfeit:
        return b if game.forfeit == a else a
    if game.winner:
        return game.winner
    if game.score and game.score[0] != game.score[1]:
        return a if game.score[0] > game.score[1] else b
    return None


def _clamp(tp: float) -> float:
    return tidy(round_tenth(min(float(MAX_TP), max(0.0, tp))))


# ---------------------------------------------------------------- colours

def colour_plan(first: tuple, second: tuple, games: int) -> list[tuple]:
    """Tantrix §5: the colour each player uses in each game, None where he picks freely.

    ``first`` and ``second`` are the two players' (1st, 2nd) preferences, in the order of the
    pairing ("the player first on the list"; a round robin's circle makes each player first in
    half his mini-matches, schedules.berger_rounds). Returns, per game, (colour of first, colour
    of second, index of the player who picks first when both pick freely).

    The halves follow the seed's words: the first-listed player has the first half of the
    match, the opponent the second half "and the extra round if the number of rounds is odd" —
    so in a single game (no first half) the opponent has it. When the 1st choices clash and
    only one player gave a 2nd choice, the seed's "each uses his 2nd" cannot apply and the
    halves decide (the seed is silent on that case).
    """
    half = games // 2
    a1, a2 = (tuple(first) + (None, None))[:2]
    b1, b2 = (tuple(second) + (None, None))[:2]
    if a1 and b1:
        if a1 != b1:
            return [(a1, b1, 0)] * games
        if a2 and b2 and a2 != b2:
            return [(a2, b2, 0)] * games
        return [(a1, None, 0)] * half + [(None, b1, 1)] * (games - half)
    if a1 or b1:
        return [(a1, b1, 0 if a1 else 1)] * games
    return [(None, None, 0)] * half + [(None, None, 1)] * (games - half)


def colour_note(plan: list[tuple], names: tuple[str, str]) -> str:
    """The table sheet's line for ``colour_plan``: runs of games alike, each player's colour or
    his free pick (the organizer's round file, so in English)."""
    runs: list[list] = []
    for number, colours in enumerate(plan, start=1):
        if runs and runs[-1][2] == colours:
            runs[-1][1] = number
        else:
            runs.append([number, number, colours])
    parts = []
    for start, end, (colour_a, colour_b, first) in runs:
        games = f"game {start}" if start == end else f"games {start}–{end}"
        if colour_a is None and colour_b is None:
            parts.append(f"{games}: {names[first]} picks a colour first")
        else:
            chosen = (f"{name} {colour or 'picks another colour'}" for name, colour in zip(names, (colour_a, colour_b)))
            parts.append(f"{games}: {', '.join(chosen)}")
    return "; ".join(parts)


# What this game adds to the building blocks a ruleset may name (rules/registry.py).
BLOCKS = {"scoring": [TantrixScoring]}
TIEBREAKERS = [PlayOff]
