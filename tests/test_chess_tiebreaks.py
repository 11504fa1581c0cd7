"""Issue 21: FIDE's tie-breaks (Handbook C.07, 2023), each worked by hand, and FIDE's own
tie-break exercise of the 2023 regulations (tests/data/fide-tiebreak-exercise-2023.txt), whose
published answers the first tests reproduce."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from podium.rules.kinds import ROUND_ROBIN, SWISS
from podium.rules.outcome import Outcome
from podium.rules.registry import TIEBREAKERS
from podium.rules.points import PointsScoring
from podium.rules.standings.metrics import Context
from podium.rules.standings.order import rank_players
from podium.rules.standings.records import Record

EXERCISE = Path(__file__).parent / "data" / "fide-tiebreak-exercise-2023.txt"
POINTS = {"+": 1, "=": 0.5, "-": 0}
CHESS = PointsScoring(colours=True)


def exercise_records() -> dict[str, Record]:
    """The exercise's crosstable as Podium records: a forfeit is an unplayed game; player 12,
    not listed, has the two rounds the others' rows give him."""
    records: dict[str, Record] = {}
    for line in EXERCISE.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        player, *cells = line.split()
        record = records.setdefault(player, Record(player))
        for number, cell in enumerate(cells, start=1):
            if cell != "--":
                record.add(_outcome(player, number, cell))
    twelve = records.setdefault("12", Record("12"))
    twelve.add(Outcome("12", "4", "loss", 0, 0, 1, colour="white"))
    twelve.add(Outcome("12", "14", "win", 1, 0, 3, played=False))
    return records


def _outcome(player: str, number: int, cell: str) -> Outcome:
    points, how, rest = POINTS[cell[0]], cell[1], cell[2:]
    result = {1: "win", 0.5: "draw", 0: "loss"}[points]
    if cell[1:] == "BYE":
        return Outcome(player, None, "bye", points, 0, number, played=False)
    colour = {"W": "white", "B": "black"}.get(how)
    return Outcome(player, rest, result, points, 0, number, colour=colour, played=how != "F",
                   stats={"wins": int(points == 1)})


def value(key: str, player: str, records=None, kind=SWISS, ratings=None):
    ctx = Context(records or exercise_records(), seed=0, kind=kind, scoring=CHESS, ratings=ratings)
    return TIEBREAKERS[key]().value(player, ctx)


@pytest.mark.parametrize("key, player, published", [
    ("buchholz", "2", 13),  # exercise 1
    ("buchholz", "1", 12.5), ("buchholz", "3", 15.5),  # exercise 2: 9's half-point bye is not adjusted (§16.3)
    ("buchholz", "5", 8.5), ("buchholz", "8", 13.5),  # exercise 3
    ("buchholz", "11", 13.5),  # exercise 3: his forfeit win counts his own 2.5 (§16.4), not 9's 1.5
    ("buchholz", "16", 12.5),  # exercise 4
    ("buchholz_cut1", "5", 7.5), ("buchholz_cut1", "8", 12),  # exercise 5
    ("buchholz_cut1", "11", 12),  # exercise 5: a forfeit win is not voluntary, so the least value (7's 1.5) goes
])
def test_fides_2023_exercise_buchholz_answers_are_reproduced(key, player, published):
    assert value(key, player) == published


def test_player_twos_other_tiebreaks_worked_by_hand():
    """Player 2: +B10 +W7 =B1 +W16 =B3; final scores 10: 1, 7: 1.5, 1: 3.5, 16: 3.5, 3: 3.5."""
    assert value("sonneborn_berger", "2") == 1 * 1 + 1.5 * 1 + 3.5 * 0.5 + 3.5 * 1 + 3.5 * 0.5  # 9.5, §9.1
    assert value("buchholz_median", "2") == 1.5 + 3.5 + 3.5  # the least (1) and the greatest (3.5) cut, §14.2
    assert value("cumulative", "2") == 1 + 2 + 2.5 + 3.5 + 4  # 13, §7.5
    assert value("koya", "2") == 0.5 + 1 + 0.5  # against 1, 16 and 3, who reached half of 5 points, §9.2
    assert value("black_games", "2") == 3  # rounds 1, 3 and 5, §7.3
    assert value("black_wins", "2") == 1  # round 1, §7.4
    assert value("wins", "2") == 3


def test_a_withdrawn_opponents_missed_rounds_count_as_draws_in_buchholz():
    """§16.3: A beats W in round 1; W plays round 2 (a loss) and then withdraws. W's score as an
    opponent is 0 + 0 + ½ (round 3 as a draw) = ½, not 0."""
    records = {p: Record(p) for p in "AWXY"}
    for outcome in (Outcome("A", "W", "win", 1, 0, 1), Outcome("W", "A", "loss", 0, 0, 1),
                    Outcome("X", "Y", "draw", 0.5, 0, 1), Outcome("Y", "X", "draw", 0.5, 0, 1),
                    Outcome("W", "X", "loss", 0, 0, 2), Outcome("X", "W", "win", 1, 0, 2),
                    Outcome("A", "Y", "draw", 0.5, 0, 2), Outcome("Y", "A", "draw", 0.5, 0, 2),
                    Outcome("A", "X", "loss", 0, 0, 3), Outcome("X", "A", "win", 1, 0, 3)):
        records[outcome.player].add(outcome)
    # A: W (½ adjusted) + Y (1, and absent in round 3: after his last round, a draw → 1½) + X (2½)
    assert value("buchholz", "A", records) == 0.5 + 1.5 + 2.5
    assert value("buchholz", "A", records, kind=ROUND_ROBIN) == 0 + 1 + 2.5  # a round robin counts what was scored


def test_the_average_rating_of_opponents_rounds_half_up_and_cut1_drops_the_lowest_rated_opponent():
    """§10.1: (1500 + 1601) / 2 = 1550.5 → 1551 (Python's round() gives 1550)."""
    records = {p: Record(p) for p in "ABCD"}
    for outcome in (Outcome("A", "B", "win", 1, 0, 1), Outcome("B", "A", "loss", 0, 0, 1),
                    Outcome("A", "C", "draw", 0.5, 0, 2), Outcome("C", "A", "draw", 0.5, 0, 2),
                    Outcome("D", "C", "win", 1, 0, 1), Outcome("C", "D", "loss", 0, 0, 1)):
        records[outcome.player].add(outcome)
    ratings = {"A": 1700, "B": 1500, "C": 1601, "D": None}
    assert value("aro", "A", records, ratings=ratings) == 1551
    assert value("aro_cut1", "A", records, ratings=ratings) == 1601  # the lowest (B's 1500) cut
    assert value("aro", "C", records, ratings=ratings) == 1700  # D is unrated: left out
    # D met one opponent (and was absent in round 2): the cut leaves none, 0 (FIDE's exercise cuts
    # a rating even beside an absence: its player 9, ARO-C1 2200)
    assert value("aro_cut1", "D", records, ratings=ratings) == 0


def games_between(games) -> dict[str, Record]:
    """Records of (White, Black, White's points) games, one round each."""
    records: dict[str, Record] = {}
    for number, (first, second, points) in enumerate(games, start=1):
        result = {1: ("win", "loss"), 0.5: ("draw", "draw"), 0: ("loss", "win")}[points]
        records.setdefault(first, Record(first)).add(Outcome(first, second, result[0], points, 0, number))
        records.setdefault(second, Record(second)).add(Outcome(second, first, result[1], 1 - points, 0, number))
    return records


def direct_encounter(records, kind=SWISS) -> list[tuple]:
    ctx = Context(records, seed=0, kind=kind, scoring=CHESS)
    rows = rank_players(sorted(records), [TIEBREAKERS["direct_encounter"]()], ctx, {})
    return [(r.player, r.points, r.rank, r.tiebreaks["direct_encounter"]) for r in rows]


def test_direct_encounter_when_all_tied_players_have_met():
    """§6.1: A and B tie on 2 points and have met: A beat B, so A is 1st and B 2nd of their tie;
    D and C are alone on their points: each the 1st of a group of one."""
    records = games_between([("A", "B", 1), ("A", "C", 1), ("D", "A", 1), ("B", "C", 1), ("B", "D", 1),
                             ("C", "D", 0.5)])
    assert direct_encounter(records, ROUND_ROBIN) == [("A", 2, 1, 1), ("B", 2, 2, 2), ("D", 1.5, 3, 1),
                                                      ("C", 0.5, 4, 1)]


def test_direct_encounter_when_not_all_have_met_separates_only_whom_nobody_can_catch():
    """§6.2: P, Q and R tie on 2 points. P beat Q and R (2 points between them); Q and R never
    met, so each could have at most 1: P is 1st. Q and R are then tied again; between the two of
    them no game was played, so they share 2nd (each the same place: 2)."""
    records = games_between([("P", "Q", 1), ("R", "P", 0), ("Q", "X", 1), ("R", "Y", 1), ("Q", "Y", 1), ("R", "X", 1),
                             ("P", "Z", 0)])
    rows = [row for row in direct_encounter(records) if row[0] in "PQR"]
    assert rows == [("P", 2, 1, 1), ("Q", 2, 2, 2), ("R", 2, 2, 2)]
    records = games_between([("P", "Q", 1), ("Q", "X", 1), ("R", "Y", 1), ("R", "X", 1), ("P", "Z", 1), ("Q", "Z", 0)])
    # P and R tie on 2 and never met: nothing between them, they share 1st. Q and Z tie on 1; Z beat Q.
    assert direct_encounter(records)[:4] == [("P", 2, 1, 1), ("R", 2, 1, 1), ("Z", 1, 3, 1), ("Q", 1, 4, 2)]


TRF = EXERCISE.with_suffix(".trf")
# The published answers of the same exercise (IA Mario Held, "Exercises in Tie-Breaking",
# C.07-2023; the 2023 rules' answers), by starting number 1 … 16. ARO Cut-1 of player 12, who
# played one game: published as no value; Podium's row shows 0 (every tie-break is a number).
HELD = {
    "buchholz": [12.5, 13, 15.5, 15, 8.5, 12, 14.5, 13.5, 9, 13, 13.5, 11.5, 14, 11, 12, 12.5],
    "buchholz_cut1": [11, 12, 13, 11.5, 7.5, 11, 12.5, 12, 7.5, 11.5, 12, 9.5, 12, 9, 11, 11],
    "sonneborn_berger": [8, 9.5, 10.5, 9.75, 4.25, 6.5, 3.25, 5.25, 2.25, 1.5, 5.75, 4, 4.25, 4.5, 3.5, 7.25],
    "aro": [1820, 1880, 1940, 1888, 1690, 1813, 1760, 1730, 1975, 1880, 1863, 2050, 1930, 1800, 1860, 1820],
    "aro_cut1": [1900, 1988, 2000, 1983, 1738, 1900, 1838, 1800, 2200, 1975, 2000, 0, 2025, 1900, 1963, 1900],
    "wins": [2, 3, 2, 2, 2, 3, 1, 2, 1, 1, 2, 2, 1, 2, 2, 3],
    "black_games": [2, 3, 2, 2, 2, 2, 3, 2, 1, 3, 2, 0, 3, 2, 3, 2],
    "black_wins": [1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1],
    "cumulative": [11, 13, 11, 11.5, 5, 6, 6, 8.5, 2.5, 4, 5.5, 7, 7, 6, 7, 10.5],
}
def test_every_players_tiebreak_in_fides_exercise_is_the_published_answer(tree, cli):
    """The exercise's TRF-16 file moved in with `podium import trf`: the standings JSON gives every
    player the published answer of each tie-break (its byes, forfeits and absences as imported)."""
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets/held.yaml").write_text(f"id: held\nname: Held\nextends: chess-swiss\n"
                                                  f"tiebreakers: [{', '.join(sorted(HELD))}]\n")
    cli("import", "trf", TRF, "held", "--ruleset", "held")
    rows = json.loads(cli("standings", "held", "--json").output)["standings"]
    number = {entry["id"]: i for i, entry in enumerate(yaml.safe_load(
        (tree.content / "events/held/registrations.yaml").read_text()), start=1)}
    for key, published in HELD.items():
        assert [row["tiebreaks"][key] for row in sorted(rows, key=lambda r: number[r["player"]])] == published, key


WWRC = EXERCISE.parent / "wwrc-women-2024.trf"


def test_a_published_world_championship_swiss_is_ranked_as_published(tree, cli):
    """A real chess Swiss with its published tie-breaks: the FIDE Women's World Rapid Championship
    2024 (New York; 110 players, 11 rounds; tests/data/wwrc-women-2024-standings.txt says where
    each figure comes from). Moved in with `podium import trf` and ranked on the event's
    tie-breaks, Buchholz Cut-1, Buchholz and ARO Cut-1: every player has the published points,
    the published value of each tie-break and the published place."""
    published = [line.split("\t") for line in WWRC.with_name("wwrc-women-2024-standings.txt")
                 .read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets/wrc.yaml").write_text("id: wrc\nname: World Rapid\nextends: chess-swiss\n"
                                                 "tiebreakers: [buchholz_cut1, buchholz, aro_cut1]\n")
    cli("import", "trf", WWRC, "wwrc", "--ruleset", "wrc")
    rows = json.loads(cli("standings", "wwrc", "--json").output)["standings"]
    assert [[row["name"], row["points"], row["tiebreaks"]["buchholz_cut1"], row["tiebreaks"]["buchholz"],
             row["tiebreaks"]["aro_cut1"]] for row in rows] == \
        [[name, float(points), float(cut1), float(bh), int(aro)] for _, _, _, points, cut1, bh, aro, name in published]
    assert [row["rank"] for row in rows] == list(range(1, 111))  # no two players tied on all three
