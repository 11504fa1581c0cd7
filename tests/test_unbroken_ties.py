"""Ties no rule breaks are never settled by id (issue 15).

When a ruleset's tie-breakers end with the organizer's decision (`manual`: the Micromutants
sealed bid, RBB appendix A; the Czech referee who seats the groups and sets the final order) and
'manual_order:' does not order the tied players yet:
- a tie whose order decides something (who goes on, the next stage's seeds or groups, the next
  round's tables) is named by `check` (a note: the event is merely waiting, like a missing
  result) and `pair` refuses the round that depends on it, writing nothing;
- a tie for a place that decides nothing is shown shared ("=5", `"tie": "shared"`), no block.
Rulesets ending in a random lot never leave a tie, so nothing changes for them.

The Micromutants group stage is the extreme tournament's (the classic one is a drawn bracket
with no tie-breaks). The seed says the sealed bid is used "if it is necessary to tell the two
players' places apart" to pass the turn; it is silent on ties that decide nothing: shared.
"""
from __future__ import annotations

import json

import pytest

MICRO = [{"name": f"Giocatore m{i}", "id": f"m{i}", "rating": 1900 - 100 * i} for i in range(1, 9)]


def extreme_event(tree, **fields):
    # Rated players are dealt into the groups in snake order by rating (m1 best):
    # A gets m1, m4, m5, m8 and B gets m2, m3, m6, m7.
    return tree.event("ex", MICRO, ruleset="micromutants-extreme", **fields)


def play_group_stage(tree, cli, winners: dict):
    """Pair and fill the six 2-vs-2 rounds: ``winners`` maps each winning pair to its bases."""
    for number in range(1, 7):
        cli("pair", "ex")
        data = tree.read_round("ex", number)
        for pairing in data["pairings"]:
            teams = [frozenset(team) for team in pairing["teams"]]
            index = next(i for i, team in enumerate(teams) if team in winners)
            pairing["winner"] = index
            pairing["bases"] = winners[teams[index]]
        tree.save_round("ex", number, data)


def json_standings(cli):
    return json.loads(cli("standings", "ex", "--json").output)


# Group A: each pairing plays twice (home and away), the same pair winning both legs.
#   m1+m4 beat m5+m8 with 2 intact bases (4 secondary each): m1, m4 +2 primary, +8 secondary
#   m1+m5 beat m4+m8 with 2 intact bases (4 secondary each): m1, m5 +2, +8
#   m4+m5 beat m1+m8 with 1 intact base  (2 secondary each): m4, m5 +2, +4
#   → m1 4/16, m4 4/12, m5 4/12, m8 0/0: m4 and m5 level on primary and secondary.
# Group B:
#   m2+m3 beat m6+m7 with 2 intact (4 each): m2, m3 +2, +8
#   m2+m6 beat m3+m7 with 1 intact, 1 damaged (3 each): m2, m6 +2, +6
#   m2+m7 beat m3+m6 with 1 intact (2 each): m2, m7 +2, +4
#   → m2 6/18, m3 2/8, m6 2/6, m7 2/4.
# Across the groups (every 1st, then every 2nd…): m2 (6) before m1 (4); group A's 2nd (4)
# before m3 (2); group A's 3rd (4) before m6 (2); m7 (2) before m8 (0). Four go on to the
# free-for-all table: m2, m1, A's 2nd and m3 — so the m4/m5 tie decides who goes on.
TIE_FOR_THE_LAST_PLACE = {
    frozenset({"m1", "m4"}): {"intact": 2, "damaged": 0, "square": 0},
    frozenset({"m1", "m5"}): {"intact": 2, "damaged": 0, "square": 0},
    frozenset({"m4", "m5"}): {"intact": 1, "damaged": 0, "square": 0},
    frozenset({"m2", "m3"}): {"intact": 2, "damaged": 0, "square": 0},
    frozenset({"m2", "m6"}): {"intact": 1, "damaged": 1, "square": 0},
    frozenset({"m2", "m7"}): {"intact": 1, "damaged": 0, "square": 0},
}


def test_a_tie_for_the_last_advancing_place_is_named_and_blocks_pair(tree, cli):
    extreme_event(tree)
    play_group_stage(tree, cli, TIE_FOR_THE_LAST_PLACE)
    group_a = json_standings(cli)["stages"][0]["groups"][0]["standings"]
    assert [(r["player"], r["points"], r["tiebreaks"]["secondary"]) for r in group_a] == [
        ("m1", 4, 16), ("m4", 4, 12), ("m5", 4, 12), ("m8", 0, 0)]
    # shown as one place, flagged undecided — not m4 2nd because "m4" < "m5"
    assert [(r["rank"], r.get("tie")) for r in group_a] == [(1, None), (2, "undecided"), (2, "undecided"), (4, None)]

    where = "content/events/ex/rounds/6.yaml:1"
    tie = ("m4 and m5 are tied for 2nd and 3rd place in group A after every tie-break of the pairs-rotation "
           "stage, and their order decides who goes on to the free-for-all stage; the tie is awaiting the "
           "organizer's decision: write 'manual_order: [m4, m5]' in event.yaml, best first")
    checked = cli("check")
    assert f"note: {where}: {tie} (round 7 cannot be paired until then)" in checked.output

    refused = cli("pair", "ex", expect=1)
    assert refused.output.startswith(f"{where}: round 7 cannot be paired: {tie}; then run pair again")
    assert not tree.round_path("ex", 7).exists()

    table = cli("standings", "ex").output
    assert "=2" not in table  # the event table is the overall one: m4 and m5 are 3rd or 5th
    assert "tied, awaiting the organizer's decision" in table


def test_the_organizers_order_is_followed_once_recorded(tree, cli):
    extreme_event(tree)
    play_group_stage(tree, cli, TIE_FOR_THE_LAST_PLACE)
    cli("pair", "ex", expect=1)
    extreme_event(tree, manual_order=["m5", "m4"])  # m5's sealed bid was accepted
    assert "note:" not in cli("check").output
    cli("pair", "ex")
    # the free-for-all table seats the four in the stage's order: m2, m1, then m5 (group A's 2nd
    # by the bid, before m3: 4 primary points against 2), then m3; m4 is out.
    assert tree.read_round("ex", 7)["pairings"][0]["players"] == ["m2", "m1", "m5", "m3"]
    group_a = json_standings(cli)["stages"][0]["groups"][0]["standings"]
    assert [(r["player"], r["rank"], r.get("tie"), r.get("separated_by")) for r in group_a] == [
        ("m1", 1, None, None), ("m5", 2, None, "secondary"), ("m4", 3, None, "manual"), ("m8", 4, None, "points")]


def test_rounds_paired_on_an_unbroken_tie_are_an_error(tree, cli):
    """Round 7 written on the ids' order (as Podium 0.2 paired it, or by hand): the archive says
    which decision is missing instead of publishing an order no rule gave."""
    extreme_event(tree, manual_order=["m4", "m5"])
    play_group_stage(tree, cli, TIE_FOR_THE_LAST_PLACE)
    cli("pair", "ex")
    extreme_event(tree)  # the decision is not on record
    checked = cli("check", expect=1)
    assert checked.output.splitlines()[0] == (
        "content/events/ex/rounds/6.yaml:1: m4 and m5 are tied for 2nd and 3rd place in group A after every "
        "tie-break of the pairs-rotation stage, and their order decides who goes on to the free-for-all stage; the "
        "tie is awaiting the organizer's decision: write 'manual_order: [m4, m5]' in event.yaml, best first; the "
        "rounds after it were paired on an order no rule gave")
    assert "1 problem found." in checked.output


# Group A, with no tie this time:
#   m1+m4 beat m5+m8 with 2 intact (4 each); m1+m5 beat m4+m8 with 2 intact and 1 square (5
#   each); m4+m5 beat m1+m8 with 1 intact (2 each) → m1 4/18, m5 4/14, m4 4/12, m8 0/0.
# Group B: m2+m3 win with 2 intact (4 each), m2+m6 and m2+m7 with 1 intact (2 each)
#   → m2 6/16, m3 2/8, m6 2/4, m7 2/4: m6 and m7 tied for 3rd–4th of group B.
# Across the groups: m2, m1 | m5, m3 | m4, then m6/m7 (2 < 4) | the other of m6/m7, then m8:
# the tied pair holds the 6th and 7th places overall, and only four go on.
TIE_FOR_A_PLACE_THAT_DECIDES_NOTHING = {
    frozenset({"m1", "m4"}): {"intact": 2, "damaged": 0, "square": 0},
    frozenset({"m1", "m5"}): {"intact": 2, "damaged": 0, "square": 1},
    frozenset({"m4", "m5"}): {"intact": 1, "damaged": 0, "square": 0},
    frozenset({"m2", "m3"}): {"intact": 2, "damaged": 0, "square": 0},
    frozenset({"m2", "m6"}): {"intact": 1, "damaged": 0, "square": 0},
    frozenset({"m2", "m7"}): {"intact": 1, "damaged": 0, "square": 0},
}


def test_a_tie_for_a_place_that_decides_nothing_is_shared(tree, cli):
    extreme_event(tree)
    play_group_stage(tree, cli, TIE_FOR_A_PLACE_THAT_DECIDES_NOTHING)
    assert "note:" not in cli("check").output
    cli("pair", "ex")
    assert tree.read_round("ex", 7)["pairings"][0]["players"] == ["m2", "m1", "m5", "m3"]
    result = json_standings(cli)
    group_b = result["stages"][0]["groups"][1]["standings"]
    assert [(r["player"], r["points"], r["tiebreaks"]["secondary"], r["rank"], r.get("tie")) for r in group_b] == [
        ("m2", 6, 16, 1, None), ("m3", 2, 8, 2, None), ("m6", 2, 4, 3, "shared"), ("m7", 2, 4, 3, "shared")]
    overall = [(r["player"], r["rank"], r.get("tie")) for r in result["standings"]]
    assert overall[5:] == [("m6", 6, "shared"), ("m7", 6, "shared"), ("m8", 8, None)]
    table = cli("standings", "ex").output.splitlines()
    assert [line.split()[0] for line in table[3:]] == ["1", "2", "3", "4", "5", "=6", "=6", "8"]
    cli("build", "--out", "site")
    page = (tree.root / "site" / "events" / "ex" / "index.html").read_text(encoding="utf-8")
    assert page.count('<td class="num">=3</td>') == 2 and page.count("shared place") >= 2  # said once a row


# ------------------------------------------------------------------ carcassonne-cz

CZECH = [{"name": f"Hráč c{i}", "id": f"c{i}"} for i in range(1, 9)]


def czech_round_one(tree, cli):
    """Round 1 is drawn; the VP go by seat: table 1 100, 90, 80, 70 → TB 4, 3, 2, 1; table 2
    100, 75, 75, 60 → TB 4, 2.5, 2.5, 1 (the seed's own example: 2nd and 3rd share 3 + 2)."""
    tree.event("cz", CZECH, ruleset="carcassonne-cz")
    cli("pair", "cz")
    data = tree.read_round("cz", 1)
    for pairing, vp in zip(data["pairings"], ([100, 90, 80, 70], [100, 75, 75, 60])):
        pairing["score"] = vp
    tree.save_round("cz", 1, data)
    return [p["players"] for p in data["pairings"]]


def test_czech_tables_wait_for_the_referee_when_a_tie_straddles_two_tables(tree, cli):
    # After round 1 (TB, then the round sequence — one round: the same — then VP):
    #   1st–2nd: both winners, 4 TB, 100 VP (both sit at table 1: shared, no decision needed)
    #   3rd: table 1's second, 3 TB; 4th–5th: table 2's second and third, 2.5 TB, 75 VP each;
    #   6th 2/80, 7th 1/70, 8th 1/60. Round 2 seats places 1–4 at table 1, 5–8 at table 2:
    #   which of the two 2.5s sits at table 1 is the referee's call (Czech rules: he seats the groups).
    first, second = czech_round_one(tree, cli)
    tied = sorted(second[1:3])
    where = "content/events/cz/rounds/1.yaml:1"
    refused = cli("pair", "cz", expect=1)
    assert refused.output.startswith(
        f"{where}: round 2 cannot be paired: {tied[0]} and {tied[1]} are tied for 4th and 5th place after every "
        f"tie-break of the tables stage, and their order decides the tables of round 2; the tie is awaiting "
        f"the organizer's decision: write 'manual_order: [{tied[0]}, {tied[1]}]' in event.yaml, best first; then run "
        f"pair again")
    assert not tree.round_path("cz", 2).exists()
    assert f"note: {where}: {tied[0]} and {tied[1]} are tied" in cli("check").output
    rows = json.loads(cli("standings", "cz", "--json").output)["standings"]
    assert [(r["rank"], r.get("tie")) for r in rows] == [
        (1, "shared"), (1, "shared"), (3, None), (4, "undecided"), (4, "undecided"), (6, None), (7, None), (8, None)]

    tree.event("cz", CZECH, ruleset="carcassonne-cz", manual_order=[tied[1], tied[0]])  # the id-later one first
    cli("pair", "cz")
    tables = [set(p["players"]) for p in tree.read_round("cz", 2)["pairings"]]
    assert tables == [{first[0], second[0], first[1], tied[1]}, {tied[0], first[2], first[3], second[3]}]


@pytest.mark.parametrize("ruleset", ["neuroshima-hex-pl-2023", "tantrix", "ffg-conquest"])
def test_rulesets_ending_in_a_random_lot_never_leave_a_tie(ruleset):
    from podium.content.rulesets import BUILTIN_DIR, load_rulesets

    last = {key: names[-1].key for key, names in load_rulesets([BUILTIN_DIR])[ruleset].tiebreakers_by_stage.items()}
    assert set(last.values()) == {"random"}


def test_a_tie_for_the_win_is_named_but_blocks_nothing(tree, cli):
    # Two players at one table of two, four rounds, 50 VP each every round: with the standard
    # size 4 a table of two gives 4 and 3 TB, shared on equal VP: 3.5 each a round → 14 TB,
    # rounds 3.5·3.5·3.5·3.5 and 200 VP each. Only the referee can name the winner; nothing
    # is left to pair, so check notes it and the final table shows "=1", undecided.
    tree.event("cz", CZECH[:2], ruleset="carcassonne-cz")
    for number in range(1, 5):
        cli("pair", "cz")
        data = tree.read_round("cz", number)
        data["pairings"][0]["score"] = [50, 50]
        tree.save_round("cz", number, data)
    result = json.loads(cli("standings", "cz", "--json").output)
    assert result["complete"]
    assert [(r["player"], r["rank"], r["points"], r["tiebreaks"]["vp"], r.get("tie")) for r in result["standings"]] == [
        ("c1", 1, 14, 200, "undecided"), ("c2", 1, 14, 200, "undecided")]
    assert ("note: content/events/cz/rounds/4.yaml:1: c1 and c2 are tied for 1st and 2nd place after every tie-break "
            "of the tables stage, and their order decides the winner of the event; the tie is awaiting the "
            "organizer's decision: write 'manual_order: [c1, c2]' in event.yaml, best first\n") in cli("check").output
    assert cli("pair", "cz", expect=1).output.splitlines()[0] == (
        "content/events/cz/rounds/4.yaml:1: every round of the event's structure is played, and no round is left to "
        "pair; c1 and c2 are tied for 1st and 2nd place after every tie-break of the tables stage, and their order "
        "decides the winner of the event; the tie is awaiting the organizer's decision: write 'manual_order: [c1, c2]' "
        "in event.yaml, best first")


def test_a_tie_at_the_free_for_all_table_blocks_the_final(tree, cli):
    """Micromutants extreme, the table of four: each player finishes 1st, 2nd, 3rd and 4th once
    (the finish order turns by one seat each turn) → 6 + 4 + 2 + 3 = 15 primary points each,
    2 secondary points each (one win, the winner's 1 intact base), 1 win, 0 tertiary, one 2nd
    place: all four tied, and their order decides who plays the final and who the 3rd-place match."""
    extreme_event(tree, manual_order=["m4", "m5"])
    play_group_stage(tree, cli, TIE_FOR_THE_LAST_PLACE)
    for number in range(7, 11):
        cli("pair", "ex")
        data = tree.read_round("ex", number)
        seats = data["pairings"][0]["players"]
        turn = number - 7
        data["pairings"][0]["finish"] = seats[turn:] + seats[:turn]
        data["pairings"][0]["bases"] = {"intact": 1, "damaged": 0, "square": 0}
        tree.save_round("ex", number, data)
    ffa = json_standings(cli)["stages"][1]["standings"]
    assert {(r["points"], tuple(r["tiebreaks"].values())) for r in ffa} == {(15, (2, 1, 0, 1))}
    # 'manual_order:' holds for the whole event: m4's bid, listed for the group stage, puts him first
    assert [(r["player"], r["rank"], r.get("tie")) for r in ffa] == [
        ("m4", 1, None), ("m1", 2, "undecided"), ("m2", 2, "undecided"), ("m3", 2, "undecided")]
    refused = cli("pair", "ex", expect=1)
    assert refused.output.startswith(
        "content/events/ex/rounds/10.yaml:1: round 11 cannot be paired: m1, m2 and m3 are tied for 2nd–4th place "
        "after every tie-break of the free-for-all stage, and their order decides the seeds and pairings of the "
        "knockout; the tie is awaiting the organizer's decision: add m1, m2, m3 to 'manual_order:' in event.yaml, "
        "best first; then run pair again")
    extreme_event(tree, manual_order=["m4", "m5", "m3", "m2", "m1"])
    cli("pair", "ex")
    matches = {p["match"]: p["players"] for p in tree.read_round("ex", 11)["pairings"]}
    assert matches == {"final": ["m4", "m3"], "third-place": ["m2", "m1"]}


def test_a_ruleset_ending_without_a_decision_is_told_to_add_one(tree, cli):
    """An organizer's ruleset whose group tie-breakers stop at secondary points: the same tie
    as above, and the fix names the ruleset file as well as 'manual_order:'."""
    rules = tree.root / "rulesets" / "my-club.yaml"
    rules.parent.mkdir()
    rules.write_text("id: my-club\nextends: micromutants-extreme\ntiebreakers:\n  pairs-rotation: [secondary]\n"
                     "  free-for-all: [secondary, manual]\n", encoding="utf-8")
    tree.event("ex", MICRO, ruleset="my-club")
    play_group_stage(tree, cli, TIE_FOR_THE_LAST_PLACE)
    refused = cli("pair", "ex", expect=1)
    assert ("their order decides who goes on to the free-for-all stage; the tie is awaiting the organizer's "
            "decision: end the ruleset's tie-breakers for this stage with 'manual' (rulesets/my-club.yaml:1), then "
            "write 'manual_order: [m4, m5]' in event.yaml, best first; then run pair again") in refused.output
