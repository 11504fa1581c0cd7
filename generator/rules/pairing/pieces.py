"""A large Swiss round matched piece by piece, each piece proven to reach the whole field's bound.

The blossom algorithm (rustworkx) spends time in every stage on every node, so its time grows
with the square of the players whatever the edges: ~0.8 s for a bare path of 10,000 nodes,
3.7 s on the candidate graph of a 10,000-player round (issue 19). Pieces of a few hundred
players take a fraction of that.

The proof is a bound met, not an argument about the pieces. Without rematches to avoid, pairing
the points order 1–2, 3–4, … is the best a round can do (``consecutive``): for squared
differences, any two pairs of four players on a line can be uncrossed and unnested into
consecutive ones without raising the cost; for score_groups' class counts, top-down the
consecutive pairing pairs each group inside as often as it can and floats the odd player to the
next group. The pieces are runs of the points order of even length, so the consecutive
pairings of the pieces make up that of the field. When every piece's matching is as good as
its consecutive pairing (``certified``), so is their union: no rematch-free pairing of the
field can be better, and the union is optimal. When a piece falls short (rematches crowd it,
or an odd group needs a floater it cannot give), the pieces are widened, and at the whole
field the caller matches on its candidate graph as before.
"""
from __future__ import annotations

from podium.rules.pairing.candidates import candidate_edges, points_order

PIECE = 400  # players a piece at first; ×4 each time one falls short


def by_pieces(field_, scaled, opponents, weight, certified, match):
    """A perfect matching of ``field_`` (an even count, no bye) as node index pairs, built piece
    by piece, or None when the pieces fall short even at half the field. ``weight``:
    candidate_edges' weight of a pair; ``certified(players, pairs)``: whether the pairs (of the
    players of one piece) are as good as their consecutive pairing; ``match(nodes, edges)``:
    the maximum-weight matching."""
    order = points_order(field_, scaled)
    size = PIECE
    while 2 * size <= len(order):
        matching = _pieces_matched(field_, order, size, scaled, opponents, weight, certified, match)
        if matching is not None:
            return matching
        size *= 4
    return None


def _pieces_matched(field_, order, size, scaled, opponents, weight, certified, match):
    """Every piece of ``size`` players (the last one the rest) matched, or None at the first
    piece that falls short. A piece keeps the field's node (shuffled) order among its players."""
    matching = set()
    for start in range(0, len(order), size):
        rest = len(order) - start
        if start and rest < size:
            break
        piece = sorted(order[start:] if rest < 2 * size else order[start:start + size])
        players = [field_[i] for i in piece]
        found = match(players, candidate_edges(players, scaled, opponents, weight))
        pairs = [(players[a], players[b]) for a, b in found]
        if 2 * len(found) < len(players) or not certified(players, pairs):
            return None
        matching |= {(piece[a], piece[b]) for a, b in found}
    return matching


def consecutive(players, scaled) -> list[tuple[str, str]]:
    """The pairing 1–2, 3–4, … of ``players`` in the points order: the bound (module docstring)."""
    ranked = sorted(players, key=lambda p: -scaled[p])
    return list(zip(ranked[::2], ranked[1::2]))


def squared_cost(pairs, scaled) -> int:
    return sum((scaled[p] - scaled[q]) ** 2 for p, q in pairs)
