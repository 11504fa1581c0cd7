"""Points penalties that move points to another player (a transfer, 'to:'): where the scoring
has them (``Scoring.points_transfers``: the points a player owes the opponent of a game he did
not turn up for), checked against the round that records them, and applied to the records."""
from __future__ import annotations

from podium.core.errors import Problems
from podium.core.model import Event
from podium.rules.ruleset import RuleSet


def take_points(penalty, records: dict) -> None:
    """A points penalty takes its points off the player; one naming 'to:' gives them to that
    player (a transfer, where the scoring has them: ``check_transfers``)."""
    for player, points in ((penalty.player, penalty.points), (penalty.to, -penalty.points)):
        if player in records:
            records[player].penalty_points += points


def check_transfers(event: Event, ruleset: RuleSet, problems: Problems) -> None:
    """A points penalty naming 'to:' gives its points to that player: only where the ruleset's
    scoring has such transfers (``Scoring.points_transfers``); elsewhere points given to a player
    for another's penalty would be points no rule of the game gives."""
    for rnd in event.rounds:
        for penalty in (p for p in rnd.penalties if p.to):
            if not ruleset.scoring.points_transfers:
                problems.add(penalty.src, f"'to: {penalty.to}': under ruleset {ruleset.id} a penalty takes points off "
                             f"and gives them to nobody (its scoring has no transfers); remove 'to:' to take them off "
                             f"{penalty.player} alone")
            elif problem := _not_the_opponent(penalty, rnd):
                problems.add(penalty.src, problem)


def _not_the_opponent(penalty, rnd) -> str | None:
    """A transfer goes to the penalized player's opponent in the round whose file records it
    (the game he owes it for): why ``penalty`` does not, or None."""
    opponents = [q for pairing in rnd.pairings if penalty.player in pairing.players
                 for q in pairing.players if q != penalty.player]
    if penalty.to in opponents:
        return None
    whom = f"his opponent{'s' * (len(opponents) > 1)} {', '.join(opponents)}" if opponents else "nobody: he has no game"
    return (f"'to: {penalty.to}': the points go to the penalized player's opponent in round {rnd.number}, and "
            f"{penalty.player} plays {whom} there; name the opponent, or record it in the round of that game")
