"""Stages with a fixed schedule drawn at their start: round-robin groups (Berger tables),
2-vs-2 pair rotations and free-for-all tables of four with the clan rotation. The round
files must follow the schedule; the standings are per group."""
from __future__ import annotations

import dataclasses
from math import ceil

from podium.errors import fail
from podium.model import Game, Pairing
from podium.rules.draw import rng
from podium.rules.kinds import FREE_FOR_ALL, PAIRS_ROTATION, ROUND_ROBIN
from podium.rules.micromutants import CLAN_ROTATION, clans_of_turn
from podium.rules.schedules import GROUP_NAMES, berger_rounds, groups_of_four, pair_rotation, snake_groups
from podium.rules.stages.common import (DraftPairing, DraftRound, EventState, Group, StageResult, fresh_records,
                                           interleave)

TABLE_OF = 4  # free-for-all: players at a table, and turns played (one clan each, CLAN_ROTATION)


def planned_rounds(stage, entrants: int) -> int:
    if stage.kind == FREE_FOR_ALL:
        return len(CLAN_ROTATION[0])
    count = _group_count(stage, entrants)
    largest = ceil(entrants / count) if entrants else 0
    if stage.kind == ROUND_ROBIN:
        return largest - 1 if largest % 2 == 0 else largest
    return 2 * len(pair_rotation([str(i) for i in range(largest)])) if largest >= 4 else 0


def _group_count(stage, entrants: int) -> int:
    if stage.kind == FREE_FOR_ALL:
        return max(entrants // TABLE_OF, 1)
    if stage.kind == PAIRS_ROTATION:
        return min(stage.groups, max(entrants, 1)) or groups_of_four(entrants)
    return min(max(stage.groups, 1), max(entrants, 1))  # more groups than players: a field too small, said by check


def replay(result: StageResult, state: EventState) -> None:
    result.groups = _make_groups(result, state)
    result.schedule = _schedule(result, state)
    result.records = fresh_records(result.entrants)
    for index, rnd in enumerate(result.rounds):
        state.flags[rnd.number] = {}
        expected = result.schedule[index] if index < len(result.schedule) else []
        _follow_schedule(rnd, expected, state)
        state.check_seated(rnd, {p for d in expected for p in d.players if state.status[p] == "active"
                                 and all(state.status[x] in ("active", "excluded") for x in d.players)})
        for pairing in (*rnd.pairings, *_defaults_of_the_withdrawn(result, index, state)):
            state.score(pairing, result.records, rnd.number, result.stage)
        state.finish_round(rnd, result.records)
        if state.history and result.kind != FREE_FOR_ALL:  # each group's table as it stood after the round
            result.groups_after[rnd.number] = [(group.id, state.rank(group.players, result.records, result.kind))
                                               for group in result.groups]
    _exclude_absentees(result, state)
    for group in result.groups:
        group.rows = state.rank(group.players, result.records, result.kind)
    result.order = interleave(result.groups, state, result.records, result.kind)
    result.rows = _overall_rows(result)
    result.complete = state.played_out(result)


def _overall_rows(result: StageResult) -> list:
    """One table across the groups in the stage's order (group winners first), ranked 1…n."""
    by_player = {row.player: row for group in result.groups for row in group.rows}
    rows = [dataclasses.replace(by_player[p], rank=rank) for rank, p in enumerate(result.order, start=1)]
    placed = set(result.order)
    return rows + [dataclasses.replace(r, rank=len(rows) + i + 1) for i, r in
                   enumerate(r for r in by_player.values() if r.player not in placed)]


def _make_groups(result: StageResult, state: EventState) -> list[Group]:
    """Groups dealt in snake order from the stage's seeding: the previous stage's order, or —
    for the first stage — by rating when the players have one (Tantrix §13), else drawn."""
    players = state.present(result.entrants, result.start)
    if result.index == 0:
        if any(state.event.player(p).rating for p in players):
            players = state.by_rating(players, result.index)
        else:
            rng(state.event.seed, "groups", result.index).shuffle(players)
    count = _group_count(result.stage, len(players))
    if result.kind == FREE_FOR_ALL and len(players) % TABLE_OF:
        state.problems.add(state.event.src, f"free-for-all tables seat {TABLE_OF}; {len(players)} players reach them — "
                           f"set the previous stage's 'advance:' to a multiple of {TABLE_OF}")
        return []  # no table can be set until the field fits
    names = [str(i + 1) for i in range(count)] if result.kind == FREE_FOR_ALL else GROUP_NAMES
    return [Group(names[i], members) for i, members in enumerate(snake_groups(players, count)) if members]


def _schedule(result: StageResult, state: EventState) -> list[list[DraftPairing]]:
    per_group = [_group_rounds(group, result.kind) for group in result.groups]
    rounds = []
    for index in range(result.planned_rounds):
        pairings = [p for group_rounds in per_group if index < len(group_rounds) for p in group_rounds[index]]
        for table, pairing in enumerate(pairings, start=1):
            pairing.table = table
        rounds.append(pairings)
    return rounds


def _group_rounds(group: Group, kind: str) -> list[list[DraftPairing]]:
    if kind == ROUND_ROBIN:
        return [[DraftPairing(players=pair, group=group.id) for pair in pairs] for pairs in berger_rounds(group.players)]
    if kind == PAIRS_ROTATION:
        legs = pair_rotation(group.players) if len(group.players) >= 4 else []
        games = [(teams, 0) for teams in legs] + [(teams, 1) for teams in legs]  # the first leg, then the return
        return [[DraftPairing(players=teams[0] + teams[1], teams=teams, home=home, group=group.id)]
                for teams, home in games]
    return [[DraftPairing(players=tuple(group.players), group=group.id,
                          notes=[("clans", clans_of_turn(turn, len(group.players)))])]
            for turn in range(len(CLAN_ROTATION[0]))]


def _follow_schedule(rnd, expected: list[DraftPairing], state: EventState) -> None:
    wanted = {frozenset(d.players): d for d in expected}
    for pairing in rnd.pairings:
        draft = wanted.get(frozenset(pairing.players))
        if draft is None or (draft.teams and {frozenset(t) for t in draft.teams} != {frozenset(t) for t in pairing.teams}):
            listed = "; ".join(_describe(d) for d in expected) or "nothing (the stage is over)"
            state.problems.add(pairing.src, f"{_describe(pairing)} is not in the schedule of round {rnd.number}; "
                               f"expected: {listed}")


def _describe(pairing) -> str:
    if pairing.teams:
        return " v ".join(" + ".join(team) for team in pairing.teams)
    return " v ".join(pairing.players)


def _exclude_absentees(result: StageResult, state: EventState) -> None:
    """Tantrix §7d: absent from more games of a group than one mini-match has → totally
    excluded; his results are removed from the table (also from his opponents' records).
    A withdrawal ('drops:') is an absence from every game of the group still to come."""
    excluded = {p for p, count in _absences(result, state).items() if count > result.stage.games}
    for player in excluded:
        if state.status[player] == "dropped":
            state.status[player] = "excluded"  # he withdrew (status_round keeps when); §7d's word for what follows
        else:
            state.set_status(player, "excluded", result.rounds[-1].number)
    if not excluded:
        return
    for record in result.records.values():
        kept = [o for o in record.outcomes if o.player not in excluded and not set(o.faced) & excluded]
        record.outcomes, record.points, record.margin, record.stats = [], 0, 0, {}
        for outcome in kept:
            record.add(outcome)


def _absences(result: StageResult, state: EventState) -> dict[str, int]:
    """§7d: the games of the group each player is absent from — those he did not turn up for,
    and every game still to come after he withdrew."""
    absent = dict(_withdrawal_absences(result, state))
    for rnd in result.rounds:
        for pairing in rnd.pairings:
            for player, count in state.ruleset.scoring.absences(pairing).items():
                absent[player] = absent.get(player, 0) + count
    return absent


def _withdraws_from_round_robin(result: StageResult, state: EventState) -> bool:
    return result.kind == ROUND_ROBIN and state.ruleset.scoring.withdrawal_is_absence


def _withdrawal_absences(result: StageResult, state: EventState) -> dict[str, int]:
    """Tantrix §7l: in a round robin every game must be played, so a player who withdraws
    ('drops:') is absent (§7d) from every game of his group scheduled after his drop: more than
    one mini-match's games, and he is totally excluded; one mini-match or less (the seed does not
    treat a withdrawal apart from other absences), and he keeps his results while his opponents
    win those games by default (``_defaults_of_the_withdrawn``). One who withdraws after his last
    game misses nothing and only goes no further."""
    if not _withdraws_from_round_robin(result, state):
        return {}
    missed: dict[str, int] = {}
    for index, rnd in enumerate(result.rounds):
        for player in rnd.drops:
            mini_matches = sum(player in draft.players for later in result.schedule[index + 1:] for draft in later)
            if mini_matches:
                missed[player] = mini_matches * result.stage.games
    return missed


def _defaults_of_the_withdrawn(result: StageResult, index: int, state: EventState) -> list[Pairing]:
    """§7d, §7b: the mini-match a player who withdrew would have played in this round is not
    paired; his opponent wins its games by default, as if he had not turned up for them (scored
    with this round). If that makes him absent too often, his exclusion removes them again."""
    if not _withdraws_from_round_robin(result, state) or index >= len(result.schedule):
        return []
    rnd = result.rounds[index]
    gone = {p for earlier in result.rounds[:index] for p in earlier.drops}
    defaults = []
    for draft in result.schedule[index]:
        absent = [p for p in draft.players if p in gone]
        if len(absent) == 1:  # both gone: nobody turns up to win anything
            games = tuple(Game(src=rnd.src, forfeit=absent[0]) for _ in range(result.stage.games))
            defaults.append(Pairing(players=draft.players, src=rnd.src, games=games))
    return defaults


def next_round(result: StageResult, state: EventState, number: int) -> DraftRound:
    index = len(result.rounds)
    if index >= len(result.schedule):
        raise fail(state.event.src, f"the {result.kind} stage has no round {index + 1}")
    playing = ("active", "excluded")  # Tantrix §7d: the excluded player's opponents still get their defaults
    gone = {p for rnd in result.rounds for p in rnd.drops}  # … but one who withdrew plays no more (§7l)
    pairings = [p for p in result.schedule[index]
                if all(state.status[x] in playing and x not in gone for x in p.players)]
    return DraftRound(number=number, stage=result.kind, pairings=pairings,
                      seed_parts=(state.event.seed, "groups", result.index))
