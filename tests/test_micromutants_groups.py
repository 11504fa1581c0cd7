"""Micromutants extreme, the groups of 2 vs 2 (issue 35). RBB Micromutants, Torneo tipo 2 gives
the rotation of four and allows bigger groups "qualora il numero di giocatori non sia un multiplo
di 4", aiming at "uno schema di gioco il più possibile equo": from version 4 of the draws every
player of the event plays as many group games (9 players: groups of 4 and 5 gave 6 games and 8).
Events drawn before re-draw as they were — those of Podium 0.2 ('draws: 1') with its rotation of
6 and 7 players, which the next version changed without a version of the draws."""
from __future__ import annotations

import json
import re
from collections import Counter
from itertools import combinations

import pytest

from podium.rules.draw import DUTCH, LOT_PER_PURPOSE, ROUND_3_RULES, SHARED_LOTS
from podium.rules.schedules import groups_of_four, pair_rotation, rotation_schedule, snake_groups

RULESET = "micromutants-extreme"


def field(count: int) -> list[str]:
    return [f"x{i}" for i in range(1, count + 1)]


def games_each(games) -> Counter:
    return Counter(p for (first, second), _ in games for p in first + second)


def group_schedules(count: int, draws: int = ROUND_3_RULES) -> list[list]:
    """The groups the ruleset deals ``count`` players into (at least 4 each), and their games."""
    return rotation_schedule(snake_groups(field(count), groups_of_four(count)), draws)


# ------------------------------------------------------------------ every field: equal games

def expected_games(count: int) -> int:
    """A multiple of 4: groups of 4, 6 games each (3 a leg, the seed's); 6 or 7 players: one group
    (12, 16); 11: groups of 5 and 6, 12; any other field: groups of 4 and 5 (or of 5), 8."""
    return {6: 12, 7: 16, 11: 12}.get(count, 6 if count % 4 == 0 else 8)


@pytest.mark.parametrize("count", range(4, 41))
def test_every_player_of_the_event_plays_as_many_group_games(count):
    """Every field of 4 to 40 players: each plays the same number of games, the fewest every
    group can give (``expected_games``); in each group every pair partners, every game seats
    four, and the legs go home and away."""
    schedules = group_schedules(count)
    played = Counter()
    for games in schedules:
        played += games_each(games)
        group = set(games_each(games))
        partnered = {frozenset(team) for (first, second), _ in games for team in (first, second)}
        assert partnered == {frozenset(pair) for pair in combinations(sorted(group), 2)}
        assert all(len(set(first + second)) == 4 for (first, second), _ in games)
        assert games[0][1] == 0 and {home for _, home in games} == {0, 1}
    assert set(played) == set(field(count)) and len(set(played.values())) == 1, played
    assert set(played.values()) == {expected_games(count)}


def test_nine_players_groups_of_four_and_five_play_eight_each():
    """Groups of 5 and 4: the 5 play their rotation (4 games each a leg), the 4 theirs and then
    its first game again — AB–CD, AC–BD, BC–AD, AB–CD — then the return leg, home and away
    swapped: 8 games each, everyone at home in 4."""
    five, four = group_schedules(9)
    a, b, c, d = snake_groups(field(9), 2)[1]
    first_leg = [((a, b), (c, d)), ((a, c), (b, d)), ((b, c), (a, d)), ((a, b), (c, d))]
    assert four == [(teams, 0) for teams in first_leg] + [(teams, 1) for teams in first_leg]
    assert len(five) == 10 and set(games_each(five).values()) == set(games_each(four).values()) == {8}
    at_home = Counter(p for (first, second), home in four + five for p in (first, second)[home])
    assert set(at_home.values()) == {4}


def test_an_event_drawn_by_version_3_keeps_its_two_legs_a_group():
    """'draws: 3' (and before): each group its rotation twice — 9 players 6 games and 8."""
    five, four = group_schedules(9, DUTCH)
    assert set(games_each(four).values()) == {6} and set(games_each(five).values()) == {8}
    assert group_schedules(11, LOT_PER_PURPOSE) == group_schedules(11, DUTCH)


# ------------------------------------------------------------------ a 9-player event, end to end

def nine_player_event(tree, **fields) -> None:
    tree.event("ex", [{"name": f"Giocatore {i}", "id": f"x{i}"} for i in range(1, 10)], ruleset=RULESET,
               manual_order=field(9), **fields)  # the sealed bid, for the ties the group leaves


def play_groups(tree, cli, rounds: int) -> Counter:
    """Pair and play the group stage: the home pair wins every game, one intact base left."""
    played = Counter()
    for number in range(1, rounds + 1):
        cli("pair", "ex")
        data = tree.read_round("ex", number)
        assert data["stage"] == "pairs-rotation"
        for pairing in data["pairings"]:
            played.update(p for team in pairing["teams"] for p in team)
            pairing.update(winner=pairing["home"], bases={"intact": 1, "damaged": 0, "square": 0})
        tree.save_round("ex", number, data)
    return played


def test_a_nine_player_event_plays_eight_games_each_then_its_semifinal(tree, cli):
    """10 rounds: the group of 5 plays a game in each (5 a leg), the group of 4 in 8 of them; 18
    games, a primary point to each of two winners: 36. Then the best two of each group sit at the
    free-for-all table; check, verify and the standings agree."""
    nine_player_event(tree)
    assert play_groups(tree, cli, 10) == Counter({p: 8 for p in field(9)})
    groups = json.loads(cli("standings", "ex", "--json").output)["stages"][0]["groups"]
    assert [len(group["standings"]) for group in groups] == [5, 4]
    assert sum(row["points"] for group in groups for row in group["standings"]) == 36
    cli("pair", "ex")
    table = tree.read_round("ex", 11)
    assert table["stage"] == "free-for-all"
    assert set(table["pairings"][0]["players"]) == {row["player"] for group in groups for row in group["standings"][:2]}
    assert cli("check").output.splitlines()[-1].startswith("ok")
    assert "all identical" in cli("verify").output
    # While the free-for-all is played, the event page says its standings start after its first
    # round and shows the groups' below, once (before: "No round is complete yet", after ten).
    cli("build", "--out", str(tree.root / "site"))
    page = (tree.root / "site/events/ex/index.html").read_text(encoding="utf-8")
    assert "No round is complete yet" not in page
    # Round 9: the group of 4 has played its eight, and one of the 5 sits out: the round page
    # names all five resting, as the round file does (before, only a round robin's page did).
    resting = re.search(r"Resting this round \(no game\):(.*?)</p>", (tree.root / "site/events/ex/rounds/9/index.html")
                        .read_text(encoding="utf-8"))
    assert resting and resting[1].count("/players/") == 5, resting
    assert "This stage's standings start after its first round; those of the stages before are below." in page
    assert page.count('<table class="standings') == 2, "one table a group"


def test_a_nine_player_event_drawn_by_version_3_is_paired_as_it_was(tree, cli):
    """'draws: 3': the group of 4 plays its rotation twice (6 games), the 5 theirs (8)."""
    nine_player_event(tree, draws=3)
    played = play_groups(tree, cli, 10)
    assert sorted(Counter(played.values()).items()) == [(6, 4), (8, 5)]
    assert cli("check").output.splitlines()[-1].startswith("ok")
    assert "all identical" in cli("verify").output


# ------------------------------------------------------------------ Podium 0.2's groups of 6 and 7

# The first leg of each group as Podium 0.2 (release 0.2.0) drew it for players x1 … x6 and
# x1 … x7 (seed 20230513), pair by pair; the return leg plays them again, home and away swapped.
DRAWN_BY_02 = {
    6: ["x2 x6 x1 x3", "x5 x4 x2 x1", "x6 x3 x2 x5", "x6 x4 x1 x5", "x3 x4 x6 x1", "x2 x3 x6 x5", "x2 x4 x3 x5",
        "x1 x4 x2 x6"],
    7: ["x2 x6 x7 x1", "x3 x5 x2 x4", "x6 x7 x1 x3", "x5 x4 x2 x7", "x6 x1 x3 x4", "x2 x5 x6 x3", "x7 x5 x1 x4",
        "x2 x1 x6 x5", "x7 x3 x6 x4", "x2 x3 x7 x4", "x1 x5 x2 x6"],
}


def event_drawn_by_02(tree, count: int, **fields) -> None:
    """The group stage of a 6- or 7-player event as 0.2 wrote its round files, every game won by
    its first pair."""
    tree.event("ex", [{"name": f"Giocatore {i}", "id": f"x{i}"} for i in range(1, count + 1)], ruleset=RULESET,
               **fields)
    legs = [(game.split(), home) for home in (0, 1) for game in DRAWN_BY_02[count]]
    for number, (seats, home) in enumerate(legs, start=1):
        tree.save_round("ex", number, {"round": number, "stage": "pairs-rotation", "pairings": [
            {"table": 1, "group": "A", "teams": [seats[:2], seats[2:]], "home": home, "winner": 0,
             "bases": {"intact": 0, "damaged": 0, "square": 0}}]})


@pytest.mark.parametrize("count", [6, 7])
def test_an_event_drawn_with_podium_02_checks_and_verifies_with_draws_1(tree, cli, count):
    """0.2 covered the pairs of 6 and 7 players greedily (8 and 11 games a leg); the next version
    balanced them (9 and 14) without a version of the draws, so check refused such an event even
    with 'draws: 1'. Now 'draws: 1' re-draws 0.2's rotation: check and verify pass."""
    event_drawn_by_02(tree, count, draws=SHARED_LOTS)
    assert cli("check").output.splitlines()[-1].startswith("ok")
    assert f"ok: {2 * len(DRAWN_BY_02[count])} rounds re-drawn, all identical" in cli("verify").output


@pytest.mark.parametrize("count", [6, 7])
def test_the_rotation_of_02_is_not_todays(tree, cli, count):
    """Without 'draws: 1' the same files leave today's schedule (9 and 14 games a leg)."""
    event_drawn_by_02(tree, count)
    assert "is not in the schedule of round" in cli("check", expect=1).output


def test_draws_1_covers_greedily_and_versions_2_and_3_balance():
    """0.2 (draws 1), 6 players in the order given: 8 games, two playing 6 and four 5 (as 0.2's
    own pair_rotation gives them); versions 2 and 3 drew today's balanced leg, unchanged since —
    the same 8 games and a 9th, 6 each."""
    greedy = [" ".join(first + second) for first, second in pair_rotation(field(6), SHARED_LOTS)]
    assert greedy == ["x1 x2 x3 x4", "x5 x6 x1 x3", "x2 x4 x1 x5", "x2 x6 x3 x5", "x4 x6 x2 x3", "x1 x4 x2 x5",
                      "x1 x6 x4 x5", "x3 x6 x1 x2"]
    assert sorted(Counter(Counter(" ".join(greedy).split()).values()).items()) == [(5, 4), (6, 2)]
    for draws in (LOT_PER_PURPOSE, DUTCH, ROUND_3_RULES):
        assert [" ".join(first + second) for first, second in pair_rotation(field(6), draws)] == greedy + [
            "x3 x4 x5 x6"]


def test_a_group_of_four_in_eight_games_keeps_everyone_at_home_in_four():
    """Eight games of four players: splits played 3, 3 and 2 times cannot leave everyone at home
    in four (A + B = 2·ab + 5, with ab the AB–CD games A and B are at home together), so the
    group plays AB–CD four times, the others twice, each player at home in four (the docstring
    of the micromutants block)."""
    (four,) = [games for games in group_schedules(9) if len({p for (pairs, _) in games for pair in pairs for p in pair}) == 4]
    splits = Counter(frozenset(map(frozenset, pairs)) for pairs, _ in four)
    assert sorted(splits.values()) == [2, 2, 4]
    home = Counter(p for pairs, at_home in four for p in pairs[at_home])
    assert set(home.values()) == {4} and len(home) == 4
