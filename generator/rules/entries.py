"""What a registration asks of the schedule, checked before any round is played: a late entry
(``joins: N``) and a bye asked for in advance (``byes: {N: half}``) each fall in a round of the
opening stage that can give them (docs/late-entries.md; FIDE C.07 (2023) §16.2.3–4)."""
from __future__ import annotations

from podium.core.errors import Problems
from podium.core.model import Event
from podium.rules.kinds import SWISS, TABLES
from podium.rules.stages import RUNNERS
from podium.rules.structure import Plan, Stage


def check_entries(event: Event, plan: Plan, ruleset, problems: Problems) -> None:
    first = plan.stages[0]
    last = RUNNERS[first.kind].planned_rounds(first, len(event.players))
    _late_entries(event, first, last, problems)
    _asked_byes(event, first, last, ruleset, problems)


def _late_entries(event: Event, first: Stage, last: int, problems: Problems) -> None:
    """A late entry (``joins: N``) starts in a later round of the opening Swiss or table stage
    (``first``, whose last round is ``last``)."""
    for player in event.players:
        if player.joins == 1:
            continue
        if first.kind not in (SWISS, TABLES):
            problems.add(player.src, f"'joins: {player.joins}': a late entry can start in a later round "
                         f"of a Swiss or table stage only; this event starts with {first.kind}")
        elif player.joins > last:
            rounds = f"in round 2 to {last}" if last > 2 else "in round 2" if last == 2 else "in no round of a one-round stage"
            problems.add(player.src, f"'joins: {player.joins}' is after the last round of the {first.kind} stage "
                         f"(round {last}); a late entry starts {rounds}")


def _asked_byes(event: Event, first: Stage, last: int, ruleset, problems: Problems) -> None:
    """A bye asked for in advance (``byes: {5: half}``) falls in a round of the opening Swiss
    stage that the player plays, and the ruleset's scoring knows that bye (FIDE C.07 §16.2.3–4
    in chess)."""
    for player in event.players:
        for round_no, kind in player.byes:
            if first.kind != SWISS or round_no > last:
                where = f"this event starts with {first.kind}" if first.kind != SWISS else f"its last round is {last}"
                problems.add(player.byes_src, f"'byes: {{{round_no}: {kind}}}': a bye asked for in advance falls in a round "
                             f"of a Swiss stage; {where}: take round {round_no} out of 'byes:'")
            elif round_no < player.joins:
                problems.add(player.byes_src, f"'byes: {{{round_no}: {kind}}}': {player.id} joins in round {player.joins} "
                             f"('joins:'), so round {round_no} is not his to sit out; take it out of 'byes:', or let "
                             f"him join in round {round_no}")
            elif ruleset.scoring.requested_bye(player.id, round_no, kind) is None:
                problems.add(player.byes_src, f"'byes: {{{round_no}: {kind}}}': the scoring of ruleset '{ruleset.id}' knows "
                             "no bye a player asks for; remove it, and the player is paired as everyone else")
