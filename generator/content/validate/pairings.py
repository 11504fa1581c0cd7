"""The pairings of a round file: each table's players or 2-vs-2 teams, its one result (score,
winner, draw, forfeit, judge's loss, late loss), armies, games, clocks and bracket match."""
from __future__ import annotations

import re

from podium.core.errors import Problems, Src, suggest
from podium.core.model import Bases, Game, Pairing
from podium.rules.brackets import is_match_name, match_names_hint
from podium.content.validate.schema import BasesEntry, GameEntry, PairingEntry
from podium.content.validate.fields import Fields
from podium.content.validate.players import known_players


def read_pairings(f: Fields, problems: Problems, ids: set[str]) -> tuple[Pairing, ...]:
    raw = f.get("pairings", default=[])
    pairings, seated = [], {}
    for index, item in enumerate(raw):
        pairing = _pairing(item, raw.at(index), problems, ids)
        if pairing is None:
            continue
        for pid in pairing.players:
            if pid in seated:
                problems.add(pairing.src, f"'{pid}' is already paired at line {seated[pid].line} of this round; a player plays once a round")
            seated[pid] = pairing.src
        pairings.append(pairing)
    return tuple(pairings)


def _pairing(item, src: Src, problems: Problems, ids: set[str]) -> Pairing | None:
    f = Fields(item, src, problems, "a pairing", PairingEntry)
    teams = _teams(f, ids)
    players = f.get("players", required=not teams)
    if teams and not players:
        players = [p for team in teams for p in team]
    elif not players or not known_players(players, problems, ids):
        return None  # the rest of this entry is not checked: its players are the problem
    bye = f.get("bye", default=False)
    requested = bye if isinstance(bye, str) else None
    late_loss = f.get("late_loss", default=False)
    if bye and f.get("unrated"):
        problems.add(f.at("unrated"), "a bye is no game, and 'unrated' marks a game of less than one move; take it out")
    if late_loss and len(players) != 1:
        problems.add(f.at("players"), "a late loss has exactly one player, the one who arrived late: 'players: [id]' "
                                      "and 'late_loss: true'; a game lists two or more players")
    elif not late_loss and bool(bye) != (len(players) == 1):
        problems.add(f.at("players"), "a bye has exactly one player and 'bye: true'; a game lists two or more players")
    pairing = Pairing(
        players=tuple(players), src=f.src, table=f.get("table"), bye=bool(bye), requested_bye=requested,
        late_loss=late_loss,
        score=_numbers(f, "score", len(players)), winner=None if teams else _member(f, "winner", players),
        draw=f.get("draw", default=False), forfeit=_member(f, "forfeit", players),
        judge_loss=_member(f, "judge_loss", players),
        armies=_armies(f, len(players)), modified=f.get("modified", default=False), drawn_games=f.get("drawn_games"),
        unrated=f.get("unrated", default=False),
        match=_match(f), group=_group(f), games=_games(f, players),
        teams=teams, winning_team=_team_index(f, "winner", teams), home=_team_index(f, "home", teams),
        bases=_bases(f), finish=_finish(f, players), eliminated=_eliminated(f, players),
        key_srcs=dict(f.data.key_srcs),
    )
    _check_one_result(pairing, problems)
    f.finish()
    return pairing


def _group(f: Fields) -> str | None:
    """Groups are named A, B… or numbered 1, 2… (earlier versions of `pair` wrote numbers unquoted)."""
    value = f.get("group")
    return None if value is None else str(value)


def _teams(f: Fields, ids: set[str]) -> tuple:
    """2-vs-2: ``teams: [[a, b], [c, d]]``."""
    value = f.get("teams")
    if not value:
        return ()
    if len(value) != 2 or not all(len(t) == 2 for t in value):  # each a list, as declared
        f.problems.add(f.at("teams"), "'teams' lists two pairs of player ids, like [[a, b], [c, d]]")
        return ()
    if not all([known_players(team, f.problems, ids) for team in value]):
        return ()
    return tuple(tuple(team) for team in value)


def _team_index(f: Fields, key: str, teams: tuple) -> int | None:
    if not teams:
        return None
    value = f.get(key, int)  # a pair's index, where a single game's winner is an id
    if value is not None and value not in (0, 1):
        f.problems.add(f.at(key), f"'{key}' of a 2-vs-2 game is the index of a team: 0 (the first pair) or 1 (the second)")
        return None
    return value


def _bases(f: Fields) -> Bases | None:
    if "bases" not in f.data:
        return None
    g = Fields(f.get("bases"), f.at("bases"), f.problems, "'bases'", BasesEntry)
    counts = {key: g.get(key, default=0) for key in ("intact", "damaged", "square")}  # counts from 0: declared
    g.finish()
    return Bases(**counts)


def _finish(f: Fields, players) -> tuple | None:
    value = f.get("finish")
    if not value:
        return None
    if sorted(map(str, value)) != sorted(players):
        f.problems.add(f.at("finish"), f"'finish' lists this table's players from 1st to last, each once: {', '.join(players)}")
        return None
    return tuple(value)


def _eliminated(f: Fields, players) -> tuple:
    value = f.get("eliminated")
    if not value:
        return ()
    found = []
    for pid, count in value.items():
        if pid not in players:
            f.problems.add(value.at(pid), f"'{pid}' is not at this table ({', '.join(players)})")
        elif not 0 <= count < len(players):  # a whole number: declared
            f.problems.add(value.at(pid), f"'{pid}' eliminated a whole number of opponents, 0 to {len(players) - 1}")
        else:
            found.append((pid, count))
    return tuple(found)


def _games(f: Fields, players) -> tuple[Game, ...]:
    value = f.get("games")
    if not value:
        return ()
    games = []
    for index, item in enumerate(value):
        g = Fields(item, value.at(index), f.problems, f"game {index + 1}", GameEntry)
        game = Game(src=g.src, score=_numbers(g, "score", len(players)), time=_clocks(g, len(players)),
                    tiles=_numbers(g, "tiles", len(players)), winner=_member(g, "winner", players),
                    home=_member(g, "home", players), clans=_armies(g, len(players), "clans"),
                    forfeit=_member(g, "forfeit", players), disconnected=g.get("disconnected", default=False),
                    key_srcs=dict(g.data.key_srcs))
        g.finish()
        games.append(game)
    return tuple(games)


CLOCK = re.compile(r"^([0-9]{1,3}):([0-5][0-9])$")


def _clocks(f: Fields, count: int) -> tuple | None:
    """Each player's clock at the end as "mm:ss" (quoted: YAML reads 14:10 as a number)."""
    value = f.get("time")
    if not value or all(v == "" for v in value):  # texts, as declared
        return None
    matches = [CLOCK.match(v) for v in value]
    if len(value) != count or not all(matches):
        f.problems.add(f.at("time"), f"'time' lists {count} clock readings as \"mm:ss\" in quotes, like [\"14:10\", \"15:02\"]")
        return None
    return tuple(int(m.group(1)) * 60 + int(m.group(2)) for m in matches)


def _check_one_result(pairing: Pairing, problems: Problems) -> None:
    """A table has one result: a score (with an optional matching winner), a winner, a draw, a
    forfeit, a judge's loss (a score beside the last two: Scoring.contradictions) or a late loss
    (a score beside it: Scoring.check)."""
    given = [key for key, present in (("forfeit", pairing.forfeit), ("judge_loss", pairing.judge_loss),
                                      ("draw", pairing.draw), ("bye", pairing.bye and len(pairing.players) == 1),
                                      ("late_loss", pairing.late_loss))
             if present]
    if pairing.winner and (pairing.draw or pairing.forfeit or pairing.judge_loss):
        given.append("winner")
    if len(given) > 1 or (given and given != ["bye"] and pairing.bye):
        problems.add(pairing.src, f"this table has more than one result ({', '.join(given)}); keep one")


def _numbers(f: Fields, key: str, count: int) -> tuple | None:
    value = f.get(key)
    if not value:
        return None
    if len(value) != count:  # each a number: declared
        f.problems.add(f.at(key), f"'{key}' must list {count} numbers, one per player in the order of 'players', like [12, 5]")
        return None
    if any(v < 0 for v in value):
        f.problems.add(f.at(key), f"'{key}' cannot be negative")
        return None
    return tuple(value)


def _member(f: Fields, key: str, players) -> str | None:
    value = f.get(key, str)
    if value is not None and value not in players:
        f.problems.add(f.at(key), f"'{key}: {value}' is not one of this table's players ({', '.join(players)})")
        return None
    return value


def _armies(f: Fields, count: int, key: str = "armies") -> tuple | None:
    value = f.get(key)
    if not value or all(v is None for v in value):
        return None
    if len(value) != count:  # each a name (or nothing): declared
        f.problems.add(f.at(key), f"'{key}' must list {count} names, one per player in the order of 'players'")
        return None
    return tuple(value)


def _match(f: Fields) -> str | None:
    value = f.get("match")
    if value is not None and not is_match_name(value):
        known = ("final", "third-place", "semifinal", "quarterfinal", "round-of-16", "round-of-32", "round-of-64")
        f.problems.add(f.at("match"), f"unknown match '{value}'{suggest(value, known)}; use one of {match_names_hint()}")
        return None
    return value
