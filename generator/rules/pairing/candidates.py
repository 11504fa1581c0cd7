"""The sparse candidate graph of a large Swiss round: the pairs that can occur in an optimum.

Issue 19: a 10,000-player round on ``swiss._window``'s graph has ~650,000 edges and the blossom
algorithm's time grows with the edges (4.2 s). ``_window`` counts every player between two
players in the points order; its swap argument only ever needs the ones neither of them has met
(``candidate_edges``), so a pair is an edge only while few of those lie between them. That halves
the edges of a mid-event round and leaves a round-8 field (7 earlier opponents each) ~16 a player.

Only fields of more than ``WINDOW_UP_TO`` players use it: a smaller graph than the window's can
make the blossom algorithm choose another of several equally good pairings, and rounds of the
sizes Podium 0.2 was measured at (issue 9: 1,000 and 1,024 players) must re-draw as published
(``podium verify``). Larger fields were impractical before (a round of 4,000 took 7 s).
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right

WINDOW_UP_TO = 1024  # players: up to here swiss._pair_edges' window, as Podium 0.2 and 0.3 drew


def uses_candidates(field_size: int) -> bool:
    """Whether a field of ``field_size`` players is matched on ``candidate_edges``."""
    return field_size > WINDOW_UP_TO


def points_order(nodes, scaled) -> list[int]:
    """The players' node indices, most points first; equal points in node (shuffled) order."""
    return sorted((i for i, p in enumerate(nodes) if p is not None), key=lambda i: -scaled[nodes[i]])


def met_positions(nodes, order, opponents) -> list[list[int]]:
    """For each place of ``order``, the places of the players met there, sorted: who met whom in
    either direction, among the players of this field only (the bound counts field players)."""
    place = {nodes[i]: k for k, i in enumerate(order)}
    met = [set() for _ in order]
    for k, i in enumerate(order):
        for q in opponents.get(nodes[i], ()):
            other = place.get(q)
            if other is not None and other != k:
                met[k].add(other)
                met[other].add(k)
    return [sorted(places) for places in met]


def candidate_edges(nodes, scaled, opponents, weight) -> list[tuple[int, int, int]]:
    """Edges (node, node, ``weight(p, q)``) between players who have not met and between whom
    the points order holds at most ``met_p + met_q + 1`` players that neither has met.

    Why no optimum is lost (the argument of ``swiss._window``, counted more closely). Take, among
    the optimal matchings (most pairs, the bye's tier, then the least total cost), one whose pairs
    have the least total distance in the points order, and in it a pair p–q, p above q, with a
    set U of players between them who have met neither. Each a in U, paired with b, offers a
    swap: if b ranks below a, pair p–a and b–q, otherwise q–a and b–p. Either keeps the number
    of pairs and the bye, never raises the cost (for squared differences (p−b)(a−q) ≥ 0, resp.
    (p−a)(b−q) ≥ 0; for score_groups' class weights a pair's weight never rises down the order)
    and strictly shortens the total distance. So every swap must be barred: a is in U, so p–a
    and q–a are allowed, and the swap is barred only when b has met q (b below a), b has met p
    (b above a), or b is the bye. Distinct a have distinct partners b, so at most
    met_p + met_q + 1 players of U are barred: |U| ≤ met_p + met_q + 1 for every pair of that
    matching, and it lies in this graph. Hence the graph holds an optimum of the full graph (the
    same cost, the same bye, every player paired when anyone can be), and no perfect matching in
    it means none at all. ``met_*`` count opponents in this field, in either direction.

    |U| is bounded from below, never above (players between met by both are subtracted
    twice), so the graph holds every pair the argument needs, and some more.
    """
    order = points_order(nodes, scaled)
    met = met_positions(nodes, order, opponents)
    widest = max((len(m) for m in met), default=0)
    edges = []
    for k, i in enumerate(order):
        edges += _edges_below(k, i, order, met, widest, nodes, weight)
    edges.sort()  # the shuffled node order, not the points order, decides among equal optima
    return edges


def _edges_below(k, i, order, met, widest, nodes, weight) -> list[tuple[int, int, int]]:
    """``candidate_edges`` from the player at place ``k`` of ``order`` to those below him.

    Scanning down, ``unmet`` counts the players passed whom p has not met; some q further down
    can still qualify only while ``unmet`` − met_q ≤ met_p + met_q + 1 for some met_q ≤ ``widest``.
    """
    mine, p = met[k], nodes[i]
    met_p, ahead, edges = len(mine), bisect_right(mine, k), []
    passed = ahead  # mine[ahead:] are the places below k that p has met, in order
    stop = met_p + 2 * widest + 1
    for place in range(k + 1, len(order)):
        if passed < met_p and mine[passed] == place:
            passed += 1
            continue
        unmet = place - k - 1 - (passed - ahead)
        if unmet > stop:
            break
        theirs = met[place]
        met_q_between = bisect_left(theirs, place) - bisect_right(theirs, k)
        if unmet - met_q_between <= met_p + len(theirs) + 1:
            j = order[place]
            edges.append((min(i, j), max(i, j), weight(p, nodes[j])))
    return edges
