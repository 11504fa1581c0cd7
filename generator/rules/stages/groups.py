"""Stages with a fixed schedule drawn at their start: round-robin groups (Berger tables),
2-vs-2 pair rotations and free-for-all tables of four playing four turns (what each seat does
in a turn is the scoring's: ``turn_notes``, ``seat_factions``). The round files must follow the
schedule; the standings are per group."""
from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from math import ceil

from podium.core.errors import fail
from podium.core.model import Game, Pairing
from podium.rules.draw import rng
from podium.rules.kinds import FREE_FOR_ALL, PAIRS_ROTATION, ROUND_ROBIN
from podium.rules.schedules import (CIRCLE, FIDE_BERGER, GROUP_NAMES, equal_legs, groups_of_four, round_robin,
                                     round_robin_rounds, rotation_schedule, snake_groups)
from podium.rules.stages.common import (DraftPairing, DraftRound, EventState, Group, StageResult, fresh_records,
                                           interleave)

# The engine hands a stage of these kinds every round file left, not only its planned number:
# a player gone changes the schedule (``_without_the_gone``), and ``replay`` keeps what it needs.
TAKES_FILES_AS_NEEDED = True
TABLE_OF = 4  # free-for-all: players at a table, and turns played (each seat once in each role)


def planned_rounds(stage, entrants: int) -> int:
    if stage.kind == FREE_FOR_ALL:
        return TABLE_OF
    count = _group_count(stage, entrants)
    if stage.kind == ROUND_ROBIN:
        return round_robin_rounds(ceil(entrants / count) if entrants else 0)  # the largest group's
    sizes = [len(group) for group in snake_groups(list(range(entrants)), count)]
    return max((legs * games for legs, games in equal_legs(sizes).values()), default=0)  # the draws of today


def _group_count(stage, entrants: int) -> int:
    if stage.kind == FREE_FOR_ALL:
        return max(ceil(entrants / TABLE_OF), 1)  # a field short of its tables: as few as seat it (``_tables_fit``)
    if stage.kind == PAIRS_ROTATION:
        return min(stage.groups, max(entrants, 1)) or groups_of_four(entrants)
    return min(max(stage.groups, 1), max(entrants, 1))  # more groups than players: a field too small, said by check


def replay(result: StageResult, state: EventState) -> None:
    """Replay the stage's round files against its schedule. A player who withdraws or is
    disqualified is taken out of the games still to come (``_without_the_gone``); a round left
    with nothing to play has no file, so the stage keeps only the files its schedule still needs
    (the next stage's rounds follow them)."""
    result.groups = _make_groups(result, state)
    result.schedule = _schedule(result, state)
    result.records = fresh_records(result.entrants)
    files, result.rounds = result.rounds, []
    _refuse_rounds_paired_on_other_results(result, files, state)
    unplayed = _Unplayed()
    for index, rnd in enumerate(files):
        if index >= len(result.schedule):
            break  # the schedule has no round left: the files after belong to the next stage
        result.rounds.append(rnd)
        state.flags[rnd.number] = {}
        expected = result.schedule[index]
        scheduled = _follow_schedule(rnd, expected, state)
        state.check_seated(rnd, {p for d in expected for p in d.players if state.status[p] == "active"})
        for pairing in scheduled:  # one off the schedule is reported, not scored: its players may not be in the stage
            state.score(pairing, result.records, rnd.number, result.stage)
        state.finish_round(rnd, result.records)
        _without_the_gone(result, index, state, unplayed)
        for pairing in unplayed.defaults.pop(index, []):
            state.score(pairing, result.records, rnd.number, result.stage)
        # the schedule changes only above: whether this round is the stage's last is known now
        last = index + 1 >= min(len(files), len(result.schedule))
        if state.history and result.kind != FREE_FOR_ALL and not last:  # each group's table after the round
            result.groups_after[rnd.number] = [(group.id, state.rank(group.players, result.records, result.kind))
                                               for group in result.groups]
    result.planned_rounds = len(result.schedule)
    _exclude_absentees(result, state, unplayed.missed)
    for group in result.groups:
        group.rows = state.rank(group.players, result.records, result.kind)
    if state.history and result.kind != FREE_FOR_ALL and result.rounds:  # after the last round: the final
        # rows themselves, on which the ties the rules leave open are marked (ties.py), not a ranking of its own
        result.groups_after[result.rounds[-1].number] = [(group.id, group.rows) for group in result.groups]
    result.order = interleave(result.groups, state, result.records, result.kind)
    result.rows = _overall_rows(result)
    # no game at all: nothing is played out — unless the stage is left to one player or none
    result.complete = state.played_out(result) and (bool(result.schedule) or state.left_alone(result))


def _overall_rows(result: StageResult) -> list:
    """One table across the groups in the stage's order (group winners first), ranked 1…n."""
    by_player = {row.player: row for group in result.groups for row in group.rows}
    rows = [dataclasses.replace(by_player[p], rank=rank) for rank, p in enumerate(result.order, start=1)]
    placed = set(result.order)
    return rows + [dataclasses.replace(r, rank=len(rows) + i + 1) for i, r in
                   enumerate(r for r in by_player.values() if r.player not in placed)]


def _make_groups(result: StageResult, state: EventState) -> list[Group]:
    """Groups dealt in snake order from the stage's seeding: the previous stage's order, or —
    for the first stage — the event's ``start_numbers:`` (registrations.yaml's order, or by
    rating); not set, by rating when the players have one (Tantrix §13), else drawn, and for
    FIDE's Berger tables the order of registrations.yaml (the start numbers the tables use)."""
    players = state.present(result.entrants, result.start)
    if result.index == 0:
        order = state.event.start_numbers or ("registrations" if result.stage.schedule == FIDE_BERGER else None)
        if order == "rating" or (order is None and any(state.event.player(p).rating for p in players)):
            players = state.by_rating(players, result.index)
        elif order is None:
            rng(state.event.seed, "groups", result.index).shuffle(players)
    count = _group_count(result.stage, len(players))
    if result.kind == FREE_FOR_ALL and not _tables_fit(len(players), result):
        state.problems.add(state.event.src, f"free-for-all tables seat {TABLE_OF}; {len(players)} players reach them — "
                           f"set the previous stage's 'advance:' to a multiple of {TABLE_OF}")
        return []  # no table can be set until the field fits
    names = [str(i + 1) for i in range(count)] if result.kind == FREE_FOR_ALL else GROUP_NAMES
    return [Group(names[i], members) for i, members in enumerate(snake_groups(players, count)) if members]


def _tables_fit(players: int, result: StageResult) -> bool:
    """Free-for-all tables seat four. Fewer than four reaching the stage (a player withdrew from
    the groups before it) play one table of two or three: nobody is left to fill it, and a table
    seated that way is a free-for-all all the same (places, clans by seat). Likewise fewer than
    the stage before sends on ('advance:'), withdrawals having left it short: as few tables as
    seat them, as even as the snake deals them (six: two tables of three). One player or none
    plays no table (``EventState.left_alone``). Only a structure whose 'advance:' itself is no
    multiple of four is refused: the organizer can fix that one."""
    sent = result.previous.stage.advance if result.previous else 0
    return players % TABLE_OF == 0 or players < TABLE_OF or players < sent


def _schedule(result: StageResult, state: EventState) -> list[list[DraftPairing]]:
    """The stage's rounds, each group's games side by side; in a team event two players of one
    team do not meet (their game would be no team game), and a round left empty is not played."""
    per_group = _groups_rounds(result.groups, result.kind, state, result.stage.schedule)
    rounds = []
    for index in range(max(map(len, per_group), default=0)):
        pairings = [p for group_rounds in per_group if index < len(group_rounds) for p in group_rounds[index]
                    if not _teammates(p.players, state)]
        for table, pairing in enumerate(pairings, start=1):
            pairing.table = table
        rounds.append(pairings)
    return [pairings for pairings in rounds if pairings]


def _teammates(players: tuple[str, ...], state: EventState) -> bool:
    """Two players registered in the same team ('team:')."""
    teams = {state.event.player(p).team for p in players}
    return len(players) == 2 and len(teams) == 1 and None not in teams


def _groups_rounds(groups: list[Group], kind: str, state: EventState,
                   schedule: str = CIRCLE) -> list[list[list[DraftPairing]]]:
    """Each group's rounds, as the event's version of the draws gives them ('draws:'): a 2-vs-2
    group's games depend on the other groups' sizes (``rotation_schedule``: as many games for
    everyone of the stage), the other kinds' on the group alone (``_group_rounds``)."""
    if kind == PAIRS_ROTATION:
        return [[[DraftPairing(players=teams[0] + teams[1], teams=teams, home=home, group=group.id)]
                 for teams, home in games]
                for group, games in zip(groups, rotation_schedule([g.players for g in groups], state.event.draws))]
    return [_group_rounds(group, kind, state.ruleset.scoring, schedule, state.event.draws) for group in groups]


def _group_rounds(group: Group, kind: str, scoring, schedule: str, draws: int) -> list[list[DraftPairing]]:
    """The group's rounds: the round robin's schedule (the circle, or FIDE's Berger tables), or
    the turns of a free-for-all table (with the ``scoring``'s notes for each turn)."""
    if len(group.players) < 2:
        return []  # a group of one (all the others gone before the stage): no game to play
    if kind == ROUND_ROBIN:
        rounds = round_robin(schedule, group.players, draws)
        return [[DraftPairing(players=pair, group=group.id) for pair in pairs] for pairs in rounds]
    return [[DraftPairing(players=tuple(group.players), group=group.id,
                          notes=scoring.turn_notes(turn, tuple(group.players)))]
            for turn in range(TABLE_OF)]


def _refuse_rounds_paired_on_other_results(result: StageResult, files: list, state: EventState) -> None:
    """A later stage's round seating a player who does not go on as the earlier results now
    stand was paired before one of them was corrected: said once, before the schedule's own
    problems, with the way out."""
    if result.previous is None:
        return
    entrants = set(result.entrants)
    for rnd in files[:len(result.schedule)]:
        outsiders = sorted({p for pairing in rnd.pairings for p in pairing.players} - entrants)
        if outsiders:
            state.problems.add(rnd.src, f"round {rnd.number} seats {', '.join(outsiders)}, who "
                               f"{'does' if len(outsiders) == 1 else 'do'} not go on from the {result.previous.kind} "
                               "stage as its results now stand: a result was corrected after this round was paired; "
                               f"restore it, or delete round {rnd.number} and the rounds after it and pair them again")
            return


def _follow_schedule(rnd, expected: list[DraftPairing], state: EventState) -> list[Pairing]:
    """The round's pairings that follow the schedule; each other one is a problem (a pairing
    changed by hand, or paired before a result of an earlier stage was corrected)."""
    wanted = {frozenset(d.players): d for d in expected}
    scheduled = []
    for pairing in rnd.pairings:
        draft = wanted.get(frozenset(pairing.players))
        if draft is None or (draft.teams and {frozenset(t) for t in draft.teams} != {frozenset(t) for t in pairing.teams}):
            listed = "; ".join(_describe(d) for d in expected) or "nothing (the stage is over)"
            state.problems.add(pairing.src, f"{_describe(pairing)} is not in the schedule of round {rnd.number}; "
                               f"expected: {listed}")
        else:
            scheduled.append(pairing)
    return scheduled


def _describe(pairing) -> str:
    if pairing.teams:
        return " v ".join(" + ".join(team) for team in pairing.teams)
    return " v ".join(pairing.players)


# ------------------------------------------------------------------ players gone from the schedule

GONE = ("dropped", "disqualified")  # plays no more games of the stage (a withdrawal, a disqualification)


@dataclass
class _Unplayed:
    """What the games taken out of the schedule leave behind: the ruleset's defaults and absences."""

    defaults: dict[int, list[Pairing]] = field(default_factory=dict)  # schedule index → the defaults scored with it
    missed: Counter = field(default_factory=Counter)  # player → games of the group he is absent from
    gone: set = field(default_factory=set)  # the players already taken out


def _without_the_gone(result: StageResult, index: int, state: EventState, unplayed: _Unplayed) -> None:
    """After round ``index``: the players who withdrew ('drops:') or were disqualified in it play
    no more games of the stage, in every kind of group alike —

    * a round-robin mini-match that seats one is not played. Under a ruleset whose withdrawals
      are absences (``Scoring.withdrawal_is_absence``) it is an absence from the group's games and
      the opponent wins it by default, scored with the round the schedule gives it; the ruleset's
      absences may then exclude him (``_exclude_absentees``);
    * a 2-vs-2 group's games still to come are replaced by a fresh rotation of those left
      (``_fresh_rotation``);
    * a free-for-all table plays on without him, the others keeping their seats (and clans);
    * a round left with nothing to play is not played (no round file): the rounds after it move up,
      and the defaults of its games are scored with the round that takes its place (with round
      ``index`` when none follows). The stage ends when no game is left.

    The games already played stand for everyone who played them, and nobody is given a game he
    did not play but by the ruleset's defaults. Where a ruleset's seed is silent on a player who
    leaves, its module says so (the RBB house rule: ``MicromutantsScoring``)."""
    gone = {p for p in result.entrants if state.status[p] in GONE} - unplayed.gone
    if not gone:
        return
    unplayed.gone |= gone
    later = result.schedule[index + 1:]
    for group in result.groups if result.kind == PAIRS_ROTATION else ():
        if gone & set(group.players):
            _fresh_rotation(later, group, unplayed.gone, state)
    for offset, drafts in enumerate(later, start=index + 1):
        later[offset - index - 1] = [kept for draft in drafts
                                     if (kept := _draft_without(draft, offset, result, state, unplayed))]
    result.schedule[index + 1:] = _drop_empty_rounds(later, index, unplayed)
    for drafts in result.schedule[index + 1:]:
        for table, draft in enumerate(drafts, start=1):
            draft.table = table


def _draft_without(draft: DraftPairing, at: int, result: StageResult, state: EventState,
                   unplayed: _Unplayed) -> DraftPairing | None:
    """The game ``draft`` of schedule round ``at`` once the gone are out of it: unchanged, a
    free-for-all table without them, or None when it is not played."""
    absent = [p for p in draft.players if p in unplayed.gone]
    if not absent:
        return draft
    if result.kind == FREE_FOR_ALL:
        return _table_without(draft, absent)
    if _withdraws_from_round_robin(result, state):
        games = result.stage.games
        unplayed.missed.update({player: games for player in absent})
        if len(absent) == 1:  # both gone: nobody turns up to win anything
            src = result.rounds[-1].src  # the round file that took him out
            defaults = tuple(Game(src=src, forfeit=absent[0]) for _ in range(games))
            unplayed.defaults.setdefault(at, []).append(Pairing(players=draft.players, src=src, games=defaults))
    return None


def _fresh_rotation(later: list[list[DraftPairing]], group: Group, gone: set, state: EventState) -> None:
    """A 2-vs-2 group that loses a player: its games still to come (``later``, one a round) give
    way to the rotation of the players left, both legs, from the next round on — everyone left
    plays as many games from then on, which the schedule minus his games would not give (a group
    of six left by one after round 1: 4 to 7 games each). The games played before stand, so the
    totals differ by them (five left by one after round 3: 8, 8, 9, 9). Fewer than four left: no
    2-vs-2 game, the group ends. The rounds may outnumber the first plan."""
    for drafts in later:
        drafts[:] = [draft for draft in drafts if draft.group != group.id]
    left = [p for p in group.players if p not in gone]
    fresh = _groups_rounds([Group(group.id, left)], PAIRS_ROTATION, state)[0]
    later.extend([] for _ in range(len(fresh) - len(later)))
    for drafts, games in zip(later, fresh):
        drafts.extend(games)


def _table_without(draft: DraftPairing, absent: list[str]) -> DraftPairing | None:
    """A free-for-all turn without the players gone: the others keep their seats and what the
    scoring's notes give each seat (``turn_notes``, seat by seat: each still plays every role
    once over the four turns); two at least are needed for a game."""
    seats = [i for i, p in enumerate(draft.players) if p not in absent]
    if len(seats) < 2:
        return None
    notes = [(kind, tuple(by_seat[i] for i in seats)) for kind, by_seat in draft.notes]
    return dataclasses.replace(draft, players=tuple(draft.players[i] for i in seats), notes=notes)


def _drop_empty_rounds(rounds: list[list[DraftPairing]], index: int, unplayed: _Unplayed) -> list:
    """The rounds after ``index`` that still have a game; the defaults of a round dropped go to
    the round that takes its place, or to round ``index`` when none follows."""
    kept, waiting = [], []
    for offset, drafts in enumerate(rounds, start=index + 1):
        waiting += unplayed.defaults.pop(offset, [])
        if drafts:
            kept.append(drafts)
            if waiting:
                unplayed.defaults[index + len(kept)] = waiting
                waiting = []
    if waiting:
        unplayed.defaults.setdefault(index, []).extend(waiting)
    return kept


def _exclude_absentees(result: StageResult, state: EventState, missed: Counter) -> None:
    """Tantrix §7d: absent from more games of a group than one mini-match has → totally
    excluded; his results are removed from the table (also from his opponents' records).
    Withdrawing or being disqualified is an absence from every game of the group still to come
    (``_without_the_gone``). One who withdrew is then listed as excluded; a disqualified player
    stays disqualified — the organizer's decision, and the stronger word — without his results."""
    absent = missed + _absences(result, state)
    excluded = {p for p, count in absent.items() if count > result.stage.games}
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


def _absences(result: StageResult, state: EventState) -> Counter:
    """§7d: the games of the group each player did not turn up for."""
    absent = Counter()
    for rnd in result.rounds:
        for pairing in rnd.pairings:
            absent.update(state.ruleset.scoring.absences(pairing))
    return absent


def _withdraws_from_round_robin(result: StageResult, state: EventState) -> bool:
    """A ruleset whose round-robin games must all be played (Tantrix §7l) makes a game missed by
    withdrawing an absence (§7d) and a default (§7b), not only a game taken off the schedule."""
    return result.kind == ROUND_ROBIN and state.ruleset.scoring.withdrawal_is_absence


def next_round(result: StageResult, state: EventState, number: int) -> DraftRound:
    """The schedule's next round, the players gone already taken out of it (``replay``)."""
    index = len(result.rounds)
    if index >= len(result.schedule):
        raise fail(state.event.src, f"the {result.kind} stage has no round {index + 1}")
    pairings = result.schedule[index]
    return DraftRound(number=number, stage=result.kind, pairings=pairings, seed_parts=(state.event.seed, "groups",
                      result.index), note=_resting(pairings, result, state, number))


def _resting(pairings, result: StageResult, state: EventState, number: int) -> str:
    """Who the schedule rests this round (an odd group's bye: no game, no points), named in the
    round file, where the round has no line for him."""
    seated = {p for pairing in pairings for p in pairing.players}
    resting = [p for p in state.present(result.entrants, number) if p not in seated]
    return "".join(f"Resting this round (no game): {state.event.player(p).name} ({p})\n" for p in resting)
