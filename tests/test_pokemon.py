"""Issue 21: the Pokémon tiebreakers (Play! Pokémon Tournament Rules Handbook §5.3.3,
§5.5.1.1, §5.6.1), worked by hand."""
from __future__ import annotations

from podium.rules.kinds import SWISS
from podium.rules.outcome import Outcome
from podium.rules.registry import TIEBREAKERS
from podium.rules.points import PointsScoring
from podium.rules.standings.metrics import Context
from podium.rules.standings.records import Record

POKEMON = PointsScoring(win=3, draw=1, loss=0)
POINTS = {"win": 3, "draw": 1, "loss": 0}
OTHER = {"win": "loss", "draw": "draw", "loss": "win"}


def records_of(games, byes=()) -> dict[str, Record]:
    """(round, player, opponent, the player's result) games, and (round, player) byes."""
    records: dict[str, Record] = {}
    for number, player, opponent, result in games:
        for me, other, mine in ((player, opponent, result), (opponent, player, OTHER[result])):
            records.setdefault(me, Record(me)).add(Outcome(me, other, mine, POINTS[mine], 0, number))
    for number, player in byes:
        records.setdefault(player, Record(player)).add(Outcome(player, None, "bye", 3, 0, number, played=False))
    return records


def values(records, key: str) -> dict[str, float]:
    ctx = Context(records, seed=0, kind=SWISS, scoring=POKEMON)
    return {p: TIEBREAKERS[key]().value(p, ctx) for p in sorted(records)}


def test_resistance_floors_each_opponent_at_a_quarter_and_counts_a_tie_as_half_a_win():
    """Win percentages: A 3/3 = 1; B ½ of 3 = 0.167 → 0.25; C 2/3; D ½ of 3 → 0.25."""
    records = records_of([(1, "A", "B", "win"), (1, "C", "D", "win"), (2, "A", "C", "win"), (2, "B", "D", "draw"),
                          (3, "A", "D", "win"), (3, "C", "B", "win")])
    assert values(records, "resistance") == {
        "A": round((0.25 + 2 / 3 + 0.25) / 3, 6),  # 0.388889
        "B": round((1 + 0.25 + 2 / 3) / 3, 6),  # 0.638889
        "C": round((0.25 + 1 + 0.25) / 3, 6),  # 0.5
        "D": round((2 / 3 + 0.25 + 1) / 3, 6)}
    # opponents' resistance: the mean of the opponents' resistances
    assert values(records, "opp_resistance")["A"] == round((23 / 36 + 0.5 + 23 / 36) / 3, 6)  # 0.592593


def test_a_dropped_opponent_counts_at_most_three_quarters_and_a_bye_is_no_round_played():
    """E wins rounds 1 and 2 and drops: 2/2 is capped at 75 %. G's bye in round 1 is no round
    played (§5.6.1): his two losses give 0/2 → 25 %, not 1/3 with the bye as a win."""
    records = records_of([(1, "E", "F", "win"), (2, "E", "G", "win"), (3, "F", "G", "win")], byes=[(1, "G")])
    assert values(records, "resistance")["F"] == 0.5  # (0.75 + 0.25) / 2
    assert values(records, "resistance")["G"] == round((0.75 + 0.5) / 2, 6)  # F: 1 of 2 played
