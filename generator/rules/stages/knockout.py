"""A knockout stage: the bracket's first round from the stage's seeding, then each round's
winners; the round files are matched to the bracket's expected matches.

A player who withdraws or is disqualified during the knockout (NS HEX §2.3, §2.5; FFG: a drop
or a disqualification) is not paired again: his next match is a walkover, the opponent goes on
without playing and he takes the loser's place of that match (Tantrix §7b, §7k: the present
player wins a knockout match his opponent does not turn up for; the NS HEX and FFG rules are
silent, and the same applies). The round file records it as 'forfeit: <his id>'.

When both players of a match are gone (or the one it had, beside an empty slot), the match is
not played: nobody wins it and nobody goes on from it, so the match it feeds is a bye for the
other side (written 'bye: true' by pair), or not played either; a final not played leaves the
event without a final winner. Its players go out in its round, placed with that round's losers
by the order of the stage before (as NS HEX §9 places the losers of one round); both finalists
gone are so 1st and 2nd, both semifinal losers gone 3rd and 4th. No rule document covers a
match nobody is left to play: this is the house rule, and `check` names each such decision (the
organizer may reorder the players of such a match with 'manual_order:' when the ruleset has
the organizer's decision among its knockout tie-breakers).

A knockout that fewer players reach than it has places (players of the stage before withdrew or
were disqualified: a top 4 that three reach) is played by those left, as a bracket below a power
of two is: the top seeds go on without playing where the missing players would be. One player
reaching it wins the final without playing (a bye); nobody reaching it leaves it not played,
and the standings before it stand. The rules are silent on a cut that withdrawals leave short;
this is the house rule, named by `check` (NS HEX §5.9 sends "a set number" on by the Swiss
classification: the active players of it, as many as there are up to that number).
"""
from __future__ import annotations

from podium.core.errors import fail
from podium.core.model import Pairing, Round
from podium.rules.brackets import FINAL, THIRD_PLACE, knockout_rounds, next_power_of_two, round_name
from podium.rules.classification import BracketThenSwiss
from podium.rules.draw import rng
from podium.rules.kinds import KNOCKOUT
from podium.rules.pairing.knockout import Match, crossover_slots, settle_empty_slots, spread_slots
from podium.rules.stages.cut_as_paired import note_paired_before_a_correction, pairs, pairs_in, seeded_as_paired
from podium.rules.stages.common import DraftPairing, DraftRound, EventState, StageResult, fresh_records
from podium.rules.standings.order import INACTIVE_LAST, inactive_last, ordinal


def planned_rounds(stage, entrants: int) -> int:
    """The rounds of the bracket the players reaching it fill: a top 8 that five reach has three,
    one that three reach two (the missing places are byes, ``_first_round``); one player still
    has his final."""
    return knockout_rounds(max(min(stage.size, entrants), 2))


def replay(result: StageResult, state: EventState) -> None:
    first = _first_round(result, state)  # may take the cut as it was paired (_seeded_as_paired)
    records = fresh_records(result.entrants)  # each player's results in this bracket's matches
    if first is None:
        result.rows = state.rank(result.entrants, records, KNOCKOUT)
        return
    _note_short_field(result, state)
    matches = first
    for rnd in result.rounds:
        if not _to_pair(matches):
            state.problems.add(rnd.src, "the bracket is already decided; this round is one too many")
            break
        _attach(rnd, matches, result, state, records)
        state.check_seated(rnd, set(), excused={m.walkover for m in matches if m.walkover})
        state.finish_round(rnd, {})
        result.bracket.append(matches)
        if not all(m.decided for m in matches) or _final_round(matches):
            matches = []
            continue
        matches = _next_to_play(matches, result, state)
    if matches:
        result.bracket.append(matches)  # the next round, known but not yet paired (or nothing left to pair)
    result.rows = state.rank(result.entrants, records, KNOCKOUT)  # a bracket that opens the event: its standings
    result.complete = _decided(result)
    if result.complete:
        _classify(result, state)
    for match in _unplayed(result):
        _note_unplayed(match, result, state)


def _classify(result: StageResult, state: EventState) -> None:
    """The bracket's classification (the ruleset's, else NS HEX §9's), the players of a match
    not played in the organizer's order when 'manual_order:' gives it, the disqualified last."""
    classification = state.ruleset.classification or BracketThenSwiss()
    order = classification.order(result.entrants, result.bracket)
    for match in _unplayed(result):
        order = _in_manual_order(order, match.out, state)
    result.order = inactive_last(order, state.status)
    if result.index == 0:
        result.tied_ranks = _shared_ranks(result, state)


def _to_pair(matches: list[Match]) -> list[Match]:
    """The matches of a bracket round that go in a round file: all but those not played."""
    return [m for m in matches if not m.unplayed]


def _final_round(matches: list[Match]) -> bool:
    return len([m for m in matches if m.label != THIRD_PLACE]) == 1


def _next_to_play(matches: list[Match], result: StageResult, state: EventState) -> list[Match]:
    """The bracket's next round after ``matches``, walkovers and matches not played decided;
    a round with nothing left to play (every match in it not played) is passed through."""
    bracket, stage = state.ruleset.bracket, result.stage
    following = _walkovers(bracket.next_round(matches, result.seed_of, stage.third_place), state)
    while following and not _to_pair(following) and not _final_round(following):
        result.bracket.append(following)
        following = _walkovers(bracket.next_round(following, result.seed_of, stage.third_place), state)
    return following


def _first_round(result: StageResult, state: EventState) -> list[Match] | None:
    """The top of the previous stage by seed (group winners crossed over with runners-up),
    seeds by rating, or a seeded random draw. Fewer players than the bracket's places (players
    withdrew or were disqualified before it): the bracket of those left (``_left_alone`` for
    one or none). None: a knockout that opens the event has fewer than two players yet."""
    stage, bracket = result.stage, state.ruleset.bracket
    active = state.present(result.entrants, result.start)
    if len(active) < 2:
        return _left_alone(active, result) if result.index else None
    if stage.seeding == "random":
        return bracket.drawn_first_round(sorted(active), rng(state.event.seed, "bracket"))
    if stage.seeding == "rating":
        active = state.by_rating(active, result.index)
    if stage.size == 2 and stage.third_place and len(active) >= 4:
        result.seed_of = {p: i + 1 for i, p in enumerate(active[:4])}
        return [Match(0, 0, FINAL, active[:2], [1, 2]), Match(0, 1, THIRD_PLACE, active[2:4], [3, 4])]
    seeded = active[:stage.size]
    result.seed_of = {p: i + 1 for i, p in enumerate(seeded)}
    slots = _crossover(result, seeded, bracket)
    first = bracket.crossover_round(slots, result.seed_of) if slots else bracket.first_round(seeded)
    if slots or not result.rounds or pairs(first) == pairs_in(result.rounds[0]):
        return first
    standing = state.active(result.previous.order if result.previous else result.entrants)  # all, not the cut alone
    then = seeded_as_paired(result.rounds[0], len(seeded), standing, bracket)
    if then is None:
        return first  # not a bracket of these seeds at all: each pairing is said where it is (_attach)
    note_paired_before_a_correction(result, state, then, seeded)
    result.entrants = then + [p for p in result.entrants if p not in then]
    result.seed_of = {p: i + 1 for i, p in enumerate(then)}
    return bracket.first_round(then)


def _left_alone(active: list[str], result: StageResult) -> list[Match]:
    """A knockout that one player reaches is his final, won without playing (a bye, written by
    pair like any bye); one that nobody reaches has its final not played. House rule: the rules
    do not cover a knockout that withdrawals leave without two players (``_short_field``)."""
    players = (active + [None, None])[:2]
    result.seed_of = {p: 1 for p in active}
    return [settle_empty_slots(Match(0, 0, FINAL, players, [1 if p else None for p in players]))]


def _note_short_field(result: StageResult, state: EventState) -> None:
    """Tell the organizer (check's notes) how a knockout that withdrawals left short is played."""
    text = _short_field(result, state)
    if text:
        state.notes.append((state.last_gone_src(), text))


def _short_field(result: StageResult, state: EventState) -> str:
    """What the house rule makes of a knockout that fewer players reach than it has places
    (players of the stage before withdrew or were disqualified): "" when they fill it."""
    size, active = result.stage.size, state.present(result.entrants, result.start)
    if not result.index or len(active) >= size:
        return ""
    if not active:
        return ("nobody is left for the knockout: it is not played, and the standings before it stand "
                "(house rule: the rules do not cover a knockout nobody reaches)")
    if len(active) == 1:
        return (f"only {active[0]} is left for the knockout: he wins the final without playing (house rule: "
                "the rules do not cover a knockout one player reaches)")
    return f"only {len(active)} players are left for the top {size}: {_bracket_of(len(active), result.stage)} " \
           "(house rule: the rules do not cover a cut that withdrawals leave short)"


def _bracket_of(players: int, stage) -> str:
    """'the bracket of those left starts with the semifinal, seed 1 going on without playing'."""
    places = next_power_of_two(players)
    byes = places - players
    text = f"the bracket of those left starts with the {_named(round_name(places))}"
    if not byes:
        return text
    if stage.seeding == "random":
        return f"{text}, {byes} drawn player{'s' * (byes > 1)} going on without playing"
    return f"{text}, seed{f's 1–{byes}' if byes > 1 else ' 1'} going on without playing"


def _crossover(result: StageResult, seeded: list[str], bracket) -> list | None:
    """After groups (the ruleset's bracket ``crossover``, on by default): with the top two of 2,
    4, 8 … groups the slots A1, B2, …, B1, A2, …; with any other shape group-mates spread so
    they meet as late as the bracket allows (``spread_slots``). None when seeding is by rank
    across the groups."""
    groups = result.previous.groups if result.previous and result.stage.seeding == "rank" else []
    if not bracket.crossover or len(groups) < 2:
        return None
    going_on = set(seeded)
    tops = [[row.player for row in group.rows if row.player in going_on] for group in groups]
    if sum(len(top) for top in tops) != len(seeded):
        return None
    return crossover_slots(tops) or spread_slots([top for top in tops if top], seeded)


def _walkovers(matches: list[Match], state: EventState) -> list[Match]:
    """A match with one player no longer active is decided at once for the other (a walkover);
    with nobody left in it (both gone, or the one beside an empty slot) it is not played."""
    for match in matches:
        gone = [p for p in match.players if p and state.status[p] != "active"]
        present = [p for p in match.players if p and state.status[p] == "active"]
        if not present:
            match.winner, match.unplayed = None, True
        elif gone:
            match.walkover, match.winner = gone[0], present[0]
    return matches


def _unplayed(result: StageResult) -> list[Match]:
    return [m for matches in result.bracket for m in matches if m.unplayed and m.out]


def _in_manual_order(order: list[str], players: list[str], state: EventState) -> list[str]:
    """``players`` reordered among their own places as 'manual_order:' lists them, when it
    lists them all and the ruleset has the organizer's decision among its knockout tie-breakers."""
    listed = [p for p in state.event.manual_order if p in players]
    if not state.ruleset.leaves_ties_to_organizer(KNOCKOUT) or len(listed) != len(players):
        return order
    spots = iter(listed)
    return [next(spots) if p in players else p for p in order]


def _note_unplayed(match: Match, result: StageResult, state: EventState) -> None:
    """Tell the organizer what the house rule decided for a match nobody was left to play."""
    players = sorted(match.out, key=result.order.index) if result.complete else match.out
    text = (f"the {_named(match.label)} {' v '.join(p or 'bye' for p in match.players)} is not played "
            f"({_gone(players, state)}): nobody wins it or goes on from it")
    if result.complete:
        text += f"; {_placed(players, result)} (house rule: the rules do not cover a match nobody is left to play)"
        if state.ruleset.leaves_ties_to_organizer(KNOCKOUT) and len(players) > 1:
            text += f"; to place them otherwise, write 'manual_order: [{', '.join(reversed(players))}]' in event.yaml"
    state.notes.append((state.last_gone_src(players), text))


def _placed(players: list[str], result: StageResult) -> str:
    """Where the players of a match not played ended: 'p01 1st and p05 2nd, in the order of the
    stage before', or 'g3 and g4 share 3rd place' (a bracket without seeds)."""
    places = [result.tied_ranks.get(p, result.order.index(p) + 1) for p in players]
    if len(players) > 1 and len(set(places)) == 1:
        return f"{' and '.join(players)} share {ordinal(places[0])} place"
    placed = " and ".join(f"{p} {ordinal(place)}" for p, place in zip(players, places))
    return f"{placed}, in the order of the stage before" if len(players) > 1 else f"{placed} place"


def _gone(players: list[str], state: EventState) -> str:
    """'p01 and p03 withdrew after round 5', 'p01 withdrew after round 5 and p03 was disqualified after round 4'."""
    def how(player: str) -> str:
        status = state.status[player]
        return f"{'withdrew' if status == 'dropped' else 'was ' + status} after round {state.status_round.get(player)}"
    if len({how(p) for p in players}) == 1:
        return f"{' and '.join(players)} {how(players[0])}"
    return " and ".join(f"{p} {how(p)}" for p in players)


def _attach(rnd: Round, matches: list[Match], result: StageResult, state: EventState, records: dict) -> None:
    """Match each pairing of a knockout round file to the bracket's expected match; the
    results of the matches played go into ``records``."""
    by_players = {frozenset(p for p in m.players if p): m for m in matches}
    for pairing in rnd.pairings:
        match = by_players.get(frozenset(pairing.players))
        if match is None or match.unplayed:
            _not_a_match(pairing, match, matches, state)
            continue
        match.pairing, match.round_no = pairing, rnd.number
        if not _labelled(pairing, match, result.stage, state):
            continue  # scored as the wrong match, it could count the wrong number of games
        if match.walkover:
            _check_walkover(pairing, match, state)
            continue  # decided by the withdrawal, not by a result
        if match.bye or not state.readable(pairing, result.stage):
            continue  # a bye is decided by the draw; an unreadable result is reported
        higher = min(match.players, key=lambda p: result.seed_of.get(p, 0))
        match.winner = state.ruleset.scoring.match_winner(pairing, higher, result.stage)
        if match.winner:
            for outcome in state.ruleset.scoring.outcomes(pairing, rnd.number, result.stage):
                records[outcome.player].add(outcome)
    for match in _to_pair(matches):
        if match.pairing is None:
            state.problems.add(rnd.src, f"the {match.label} {' v '.join(p or 'bye' for p in match.players)} "
                               f"is missing from round {rnd.number}")


def _not_a_match(pairing: Pairing, match: Match | None, matches: list[Match], state: EventState) -> None:
    players = " v ".join(pairing.players)
    if match is not None:  # a match nobody was left to play, written anyway
        state.problems.add(pairing.src, f"{players} is not played: {_gone(match.out, state)}, so nobody is left "
                           f"to play the {_named(match.label)}; remove it — or, if they did play it, move their "
                           "withdrawals to this round")
        return
    expected = "; ".join(" v ".join(p or "bye" for p in m.players) for m in _to_pair(matches))
    state.problems.add(pairing.src, f"{players} is not a match of this bracket round; expected: {expected}")


def _check_walkover(pairing: Pairing, match: Match, state: EventState) -> None:
    """A walkover is written 'forfeit: <the player gone>' with no result beside it."""
    gone, present = match.walkover, match.winner
    if pairing.forfeit == gone and not _other_result(pairing):
        state.walkovers.add(pairing)
        return
    state.problems.add(pairing.src, f"{gone} is {state.status[gone]} since round {state.status_round.get(gone)}, so "
                       f"{present} wins the {_named(match.label)} without playing (a walkover); write 'forfeit: {gone}' "
                       "and no result — or, if he did play it, move his withdrawal to this round")


def _other_result(pairing: Pairing) -> bool:
    return (bool(pairing.score) or pairing.winner is not None or pairing.draw or bool(pairing.games)
            or pairing.winning_team is not None or bool(pairing.finish))


# Why the bracket puts a pair in these matches, for an organizer who swapped their labels.
LABEL_REASONS = {FINAL: "the semifinal winners play the final", THIRD_PLACE: "the semifinal losers play for 3rd place"}


def _labelled(pairing, match: Match, stage, state: EventState) -> bool:
    """The 'match:' a round file gives a pairing is the bracket's own; it may be left out only
    where it changes nothing (a final of as many games as the other matches)."""
    players = " v ".join(pairing.players)
    if pairing.match is None:
        games = state.ruleset.scoring.match_games(stage, match.label, 0)
        if games == stage.games:
            return True
        state.problems.add(pairing.src, f"{players} is the {_named(match.label)} here, of {games} games; add "
                           f"'match: {match.label}'")
        return False
    if pairing.match != match.label:
        why = f" ({LABEL_REASONS[match.label]})" if match.label in LABEL_REASONS else ""
        state.problems.add(pairing.at("match"), f"'match: {pairing.match}' but {players} is the {_named(match.label)} of "
                           f"this bracket{why}; set 'match: {match.label}'")
        return False
    return True


def _named(label: str) -> str:
    return "3rd-place match" if label == THIRD_PLACE else label


def _decided(result: StageResult) -> bool:
    """The final is decided — and written in a round file, even a walkover or a bye (decided
    before it is paired) — or not played, nobody being left to play it."""
    last = result.bracket[-1] if result.bracket else []
    return bool(last) and last[0].label == FINAL and all(m.unplayed or (m.winner and m.pairing is not None)
                                                          for m in last)


def _shared_ranks(result: StageResult, state: EventState) -> dict[str, int]:
    """A bracket without seeds gives no order among the players out in one round (its losers,
    the players of a match not played): they share a place. Those the last round places (the
    final's and the 3rd-place match's) are apart, and the disqualified stay last."""
    ranks = {player: place for place, player in enumerate(result.order, start=1)}
    in_last_round = {p for m in result.bracket[-1] for p in m.players if p}
    together = [[p for m in matches if m.label != THIRD_PLACE for p in m.out if p not in in_last_round]
                for matches in result.bracket[:-1]]
    together += [m.out for m in result.bracket[-1] if m.unplayed]
    for players in together:
        players = [p for p in players if state.status[p] not in INACTIVE_LAST]
        shared = min((ranks[p] for p in players), default=None)
        for player in players:
            ranks[player] = shared
    return ranks


def next_round(result: StageResult, state: EventState, number: int) -> DraftRound:
    pending = result.bracket[-1] if result.bracket else []
    matches = [m for m in _to_pair(pending) if m.pairing is None]
    if not matches:
        raise fail(state.event.src, "the finals cannot be paired yet: the standings before them have problems")
    not_played = [f"the {_named(m.label)} {' v '.join(m.out)} is not played: {_gone(m.out, state)}, so nobody goes "
                  "on from it" for m in pending if m.unplayed and m.out]
    if len(result.bracket) == 1:  # the bracket's first round: say how a short field is drawn
        not_played = [text for text in [_short_field(result, state)] if text] + not_played
    return DraftRound(number=number, stage=KNOCKOUT, pairings=[_draft(m) for m in matches], note="\n".join(not_played))


def _draft(match: Match) -> DraftPairing:
    """A match to write: its table is its place in the bracket round (FFG: its game number);
    a bye's player first, as in the first round, and after the first round the reason."""
    players = [p for p in match.players if p]
    seeds = [s for p, s in zip(match.players, match.seeds) if p] + [None] * (2 - len(players))
    notes = [("text", "nobody comes from the match before (it was not played): he goes on without playing")]
    return DraftPairing(players=tuple(players), table=match.slot + 1, match=match.label,
                        seeds=tuple(seeds) if any(seeds) else None, bye=match.bye, walkover=match.walkover,
                        notes=notes if match.bye and match.round_index else [])
