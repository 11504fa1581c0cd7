"""Swiss pairing top-down by score group (pairing kind ``score-groups``).

FFG Organized Play, "Rundy szwajcarskie": "należy losowo sparować graczy w obrębie grupy graczy
z najwyższą liczbą punktów. Jeżeli liczba graczy z taką samą liczbą punktów jest nieparzysta,
jeden z graczy zostaje losowo sparowany z graczem z grupy z następną największą liczbą punktów
w turnieju. Następnie należy losowo sparować graczy w grupie graczy z drugą największą liczbą
punktową i kontynuować do czasu, aż wszyscy gracze będą posiadać pary", and "Żaden gracz nie
powinien zostać sparowany przeciwko temu samemu przeciwnikowi … więcej niż raz".

The draw is a rematch-free pairing that the method ranks best (top_down_ranks.py: a player
floats only where the groups above force it, from the top, and a floater meets the next group),
at random among equals. So a group pairs inside, and a floater meets the next group, whenever
some rematch-free pairing of the whole field keeps every group above as it is; the seed is
silent when a group cannot pair inside without a rematch: it is split as little as possible,
from the top. Who floats is random among the players whose floating lets the groups below do
as well as they can (in a group of five, not the one who has met the whole next group).

The bye comes first (the bye policy's order; the first candidate whom the others can all be
paired without), as in the seed, where it is given before the pairing.
"""
from __future__ import annotations

import random

from podium.rules.draw import ROUND_3_RULES, SHARED_LOTS
from podium.rules.pairing.candidates import candidate_edges, uses_candidates
from podium.rules.pairing.swiss import (BYE, StandingsPairing, SwissRound, _in_table_order, _matching, _pair_edges,
                                        _scaled, _unpaired, bye_in, bye_tiers, clash_count, drawn_avoiding,
                                        least_cost_by_pieces, look_ahead, looks_ahead, pairs_in, window_matching)
from podium.rules.pairing.top_down_ranks import CLASS_COUNTS, FORCED_FLOATS

WEIGHT_BUDGET = 1 << 90  # rustworkx matches on 128-bit integers: a whole pairing's weight stays far inside


def pair_top_down(ranked: list[str], points: dict[str, float], opponents: dict[str, set[str]],
                  bye_candidates: list[str], rng: random.Random, rounds_after: int = 0,
                  joining: dict[str, int] | None = None, avoid=frozenset(), rank=FORCED_FLOATS) -> SwissRound:
    """Pair ``ranked`` (best first) top-down by score group. ``bye_candidates``: who may get a
    bye, most deserving first; ``rounds_after``: Swiss rounds still to play after this one;
    ``joining``: late entries, each with the later round he starts in (1: the next round);
    ``avoid``: groups kept apart where some pairing can (swiss.py ``drawn_avoiding``);
    ``rank``: how the pairings are ranked (top_down_ranks.py, by the version of the draws)."""
    nodes = list(ranked)
    rng.shuffle(nodes)  # random among equals, reproducibly
    scaled = _scaled(points, ranked)
    group = score_groups(scaled)
    large = uses_candidates(len(nodes))

    def draw(met):
        drawn = _by_pieces(nodes, group, scaled, met, bye_candidates, rank) if large else None
        if drawn is not None:
            return drawn
        # an even field has no bye to find: its own pairing shows whether there is one at all
        bye = _feasible_bye(nodes, scaled, met, bye_candidates, large) if len(nodes) % 2 else None
        return _pair_by_groups([p for p in nodes if p != bye], group, scaled, met, rank), bye

    pairs, bye = drawn_avoiding(draw, opponents, avoid)
    if looks_ahead(ranked, rounds_after, joining):
        pairs, bye = _keep_later_rounds_pairable(nodes, pairs, bye, group, opponents, bye_candidates, rounds_after,
                                                 rank, joining, avoid)
    return _in_table_order(pairs, bye, ranked, scaled)


def score_groups(scaled: dict[str, int]) -> dict[str, int]:
    """Each player's score group: 0 for the most points, 1 for the next, and so on."""
    index = {score: i for i, score in enumerate(sorted(set(scaled.values()), reverse=True))}
    return {p: index[score] for p, score in scaled.items()}


def _by_pieces(nodes, group, scaled, opponents, bye_candidates, rank):
    """(pairs, bye) of a large field piece by piece (``least_cost_by_pieces``), or None when a
    piece falls short: the bye to the first candidate, the others ranked as well as possible
    without rematches (the consecutive pairing's rank), which is the method's draw."""
    field_ = nodes + [BYE] if len(nodes) % 2 else nodes
    matching = least_cost_by_pieces(field_, scaled, opponents, bye_candidates, lambda pairs: rank.key(pairs, group))
    return None if matching is None else (pairs_in(field_, matching), bye_in(field_, matching))


def _feasible_bye(nodes, scaled, opponents, bye_candidates, large: bool) -> str | None:
    """The first bye candidate whom the rest can all be paired without; raises when no
    rematch-free pairing exists at all. (A large field's pieces fell short already: the
    candidate graph gives the same bye.)"""
    field_ = nodes + [BYE] if len(nodes) % 2 else nodes
    return bye_in(field_, window_matching(field_, scaled, opponents, bye_candidates, large))


def _pair_by_groups(field_: list[str], group, scaled, opponents, rank) -> list[tuple[str, str]]:
    """The best rematch-free pairing of ``field_`` by ``rank``.

    One maximum-weight matching whose weights rank as ``rank.key`` does. When the field has
    too many groups for those weights to fit the matching's integers (hundreds of players), it
    is paired in steps: each matching weighs as many groups ahead as fit (always the next one)
    and keeps the pairs of the first half of them; then the next bracket.

    The edges are ``_pair_edges``' window in the points order: its swap argument holds because a
    swap never lowers a pair's weight (a pair's class never rises down the order: floater of g ≥
    inside g ≥ floater of g + 1; the crossings and passes of two pairs uncrossed are never more,
    boundary by boundary) — tests/test_ffg_swiss_fidelity.py compares with the full graph.
    Raises PairingImpossible when ``field_`` has no rematch-free pairing: an even field has no
    bye to find first, so this is where it is found (one matching fewer a draw).
    """
    pairs, bracket = [], min(group[p] for p in field_) if field_ else 0
    while field_:
        weight, last = rank.weights(field_, group, bracket, WEIGHT_BUDGET)
        matching = _matching(field_, _group_edges(field_, scaled, opponents, weight))
        if 2 * len(matching) < len(field_):  # no rematch-free pairing: raised naming the fewest left over
            window_matching(field_, scaled, opponents, [], uses_candidates(len(field_)))
            # a bug: each step's matching has the most pairs, so the field left by its kept pairs pairs too
            raise AssertionError(f"no pairing of {', '.join(sorted(_unpaired(field_, matching)))}")
        drawn = pairs_in(field_, matching)
        if last is None:
            return pairs + drawn
        kept = [(a, b) for a, b in drawn if max(group[a], group[b]) <= last]
        pairs += kept
        paired = {p for pair in kept for p in pair}
        field_ = [p for p in field_ if p not in paired]
        bracket = min(group[p] for p in field_ if group[p] > last)
    return pairs


def _group_edges(field_, scaled, opponents, weight):
    """The pairs to match ``field_`` on, each weighing ``weight(p, q)``: the window, or for a
    large field the candidate graph (candidates.py; its proof needs only the window's swap)."""
    if uses_candidates(len(field_)):
        return candidate_edges(field_, scaled, opponents, weight)
    return _pair_edges(field_, scaled, opponents, True, weight)


def _keep_later_rounds_pairable(nodes, pairs, bye, group, opponents, bye_candidates, rounds_after, rank,
                                joining=None, avoid=frozenset()):
    """The draw when the later rounds stay pairable after it (pairing/swiss.py ``look_ahead``);
    otherwise, among the pairings the method could draw, one after which they do.

    A pairing the method could draw: for its bye, as good by ``rank`` as any rematch-free
    pairing with that bye. The bye may move up the bye policy's order (the seed gives it to the
    lowest-ranked without one, and is silent when that leaves a later round impossible: it is
    read as for this round, the first candidate whom the stage can be finished without); among
    the rest, the best by ``rank``. When none leaves the later rounds pairable, the pairing
    method itself makes the stage impossible: ``MethodLeavesLaterRoundImpossible``, before this
    round is drawn, and the organizer decides. Among pairings as good, the fewest pairs within
    a group of ``avoid``.
    """
    field_ = nodes + [BYE] if len(nodes) % 2 else list(nodes)
    index = {p: i for i, p in enumerate(field_)}
    matching = [(index[a], index[b]) for a, b in pairs] + ([(index[bye], index[BYE])] if bye else [])
    tier = bye_tiers(bye_candidates)
    clashes = clash_count(field_, avoid)

    def bye_tier(m) -> int:
        return tier.get(bye_in(field_, m), 0)

    def counts(m) -> tuple[int, ...]:
        return rank.key(pairs_in(field_, m), group)

    def method(matchings):
        best = {}
        for m in matchings:
            best[bye_tier(m)] = max(best.get(bye_tier(m), ()), counts(m))
        return [m for m in matchings if counts(m) == best[bye_tier(m)]]

    chosen = look_ahead(field_, matching, opponents, bye_candidates, rounds_after, method=method,
                        preference=lambda m: (bye_tier(m), counts(m), -clashes(m)),
                        method_name="top-down by score group", joining=joining)
    return pairs_in(field_, chosen), bye_in(field_, chosen)


class ScoreGroupsTopDown(StandingsPairing):
    """FFG Swiss pairing, top-down by score group: the highest group paired at random, an odd
    player left over paired at random with the next group, and so on down; no rematches. A
    player floats only where the groups above force it, from the top (an odd group, or a
    rematch), and a floater meets the next group (FFG Organized Play, "Rundy szwajcarskie";
    worked example: Jan, Sara, Bartek on 15, Tomek on 10 → Jan v Sara, Bartek v Tomek). Small
    fields look ahead: among the draws the method allows, one that keeps the stage's later
    rounds pairable. Events of 'draws: 2' or 3 re-draw as Podium 0.3 ranked pairings."""

    name = "score-groups"
    rank = FORCED_FLOATS

    def pair(self, ranked, points, opponents, bye_candidates, rng, rounds_after=0, joining=None,
             avoid=frozenset()) -> SwissRound:
        return pair_top_down(ranked, points, opponents, bye_candidates, rng, rounds_after, joining, avoid, self.rank)

    def as_drawn_by(self, draws: int):
        if draws <= SHARED_LOTS or draws >= ROUND_3_RULES:
            return super().as_drawn_by(draws)
        return ScoreGroupsAsIn03()


class ScoreGroupsAsIn03(ScoreGroupsTopDown):
    """``score-groups`` as Podium 0.3 ranked pairings (``draws: 2`` and 3): by class counts,
    a floater taken in by the next group before it pairs inside (top_down_ranks.py)."""

    rank = CLASS_COUNTS
