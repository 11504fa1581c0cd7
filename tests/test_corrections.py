"""A result corrected after later rounds or the cut were paired never blocks the event: the
played rounds stand as played, the cut with the seeds it was paired with; check names the
correction and what it changed, and the site builds and says so on the bracket."""
from __future__ import annotations

import pytest
import yaml

from conftest import Tree
from play import strength_results
from test_verify import _swap_two_tables

NOTE = ("note: content/events/e1/rounds/{first}.yaml:1: a result of the stage before was corrected after the "
        "{name} was paired: the bracket stands as it was paired and played, seeded {then}; by the results as "
        "they now stand it would be seeded {now}")


def _play_until_the_final_is_paired(tree: Tree, cli, event_id: str, decide) -> int:
    """Pair and play rounds (``decide`` fills each in) until a final is paired; its number."""
    number = 0
    while True:
        cli("pair", event_id)
        number += 1
        data = tree.read_round(event_id, number)
        if any(p.get("match") == "final" for p in data["pairings"]):
            return number
        decide(tree, event_id, number)


def _swiss_order(cli, event_id: str) -> list[str]:
    report = yaml.safe_load(cli("standings", event_id, "--json").output)
    swiss = next(stage for stage in report["stages"] if stage["kind"] == "swiss")
    return [row["player"] for row in swiss["standings"]]


def _flip_a_result_into_the_cut(tree: Tree, cli, event_id: str, last_swiss: int, cut: int) -> None:
    """Correct the last Swiss round's table of the player just outside the cut: he wins it now."""
    outside = _swiss_order(cli, event_id)[cut]
    path = tree.round_path(event_id, last_swiss)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    table = next(p for p in data["pairings"] if outside in p["players"] and "score" in p)
    mine = table["players"].index(outside)
    table["score"] = [12, 5] if mine == 0 else [5, 12]
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.mark.parametrize("listed", ["as pair wrote them", "the lower seed first (a colour choice)"])
def test_a_swiss_result_corrected_after_the_cut_was_paired_leaves_the_bracket_as_played(tree, cli, listed):
    """NS HEX, 14 players: 4 Swiss rounds, a top 4. The semifinals are played and the final
    paired; then a round-4 result is corrected and the player who was 5th would now be in the
    cut. check, standings and build all go on: the bracket stands with its seeds of then, read
    by table, whichever player of a table the file lists first."""
    tree.event("e1", 14)
    final = _play_until_the_final_is_paired(tree, cli, "e1", strength_results)
    semifinal = final - 1
    seeds_then = [p for pairing in tree.read_round("e1", semifinal)["pairings"] for p in pairing["players"]]
    if listed != "as pair wrote them":
        data = tree.read_round("e1", semifinal)
        first = data["pairings"][0]
        for key in ("players", "armies", "score"):
            first[key] = list(reversed(first[key]))
        tree.save_round("e1", semifinal, data)
    _flip_a_result_into_the_cut(tree, cli, "e1", semifinal - 1, 4)
    now = _swiss_order(cli, "e1")[:4]
    assert set(now) != set(seeds_then)  # the correction changed who would be in the cut

    checked = cli("check").output
    then = dict(zip(seeds_then, [1, 4, 2, 3]))  # table 1: seeds 1 v 4, table 2: seeds 2 v 3
    order = sorted(then, key=then.get)
    assert NOTE.format(first=semifinal, name="semifinal", then=", ".join(f"{p} {i}" for i, p in enumerate(order, 1)),
                       now=", ".join(f"{p} {i}" for i, p in enumerate(now, 1))) in checked
    assert "is missing" not in checked and "already decided" not in checked

    strength_results(tree, "e1", final)
    cli("check")
    cli("build")
    bracket = (tree.root / "site/events/e1/bracket/index.html").read_text(encoding="utf-8")
    assert ("A result of the stage before was corrected after this bracket was paired: it stands as it was "
            "paired and played, with the seeds of then.") in bracket
    final_order = [row["player"] for row in yaml.safe_load(cli("standings", "e1", "--json").output)["standings"]][:4]
    assert set(final_order) == set(seeds_then)  # the four who played the bracket take places 1-4


def test_a_bracket_changed_by_hand_is_still_said_where_it_is(tree, cli):
    """Not every bracket that differs is a correction: a semifinal of players who were never
    a bracket of these seeds is said at its line, as before."""
    tree.event("e1", 14)
    final = _play_until_the_final_is_paired(tree, cli, "e1", strength_results)
    path = tree.round_path("e1", final - 1)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["pairings"][0]["players"][1] = "p14"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert "is not a match of this bracket round" in cli("check", expect=1).output


def _first_wins(tree: Tree, event_id: str, number: int) -> None:
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        if not pairing.get("bye"):
            pairing["winner"] = pairing["players"][0]
    tree.save_round(event_id, number, data)


def test_ffg_a_swiss_result_corrected_after_the_cut_was_paired_leaves_the_bracket_as_played(tree, cli):
    """FFG Organized Play: the cut re-paired by game number (Game 1 = 1st v last)."""
    players = [{"name": f"Player {i:02d}", "id": f"p{i:02d}"} for i in range(1, 11)]
    tree.event("e1", players, ruleset="ffg-conquest", structure={"swiss_rounds": 3, "cut": 4})
    final = _play_until_the_final_is_paired(tree, cli, "e1", _first_wins)
    semifinal = final - 1
    played = {frozenset(p["players"]) for p in tree.read_round("e1", semifinal)["pairings"]}
    before = _swiss_order(cli, "e1")
    outside = before[4]
    for number in range(semifinal - 1, 0, -1):  # his last loss in the Swiss becomes a win
        path = tree.round_path("e1", number)
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        lost = [p for p in data["pairings"] if outside in p["players"] and p.get("winner") not in (None, outside)]
        if lost:
            lost[0]["winner"] = outside
            path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
            break
    assert set(_swiss_order(cli, "e1")[:4]) != set(before[:4])
    checked = cli("check").output
    assert "a result of the stage before was corrected after the semifinal was paired" in checked
    _first_wins(tree, "e1", final)
    cli("build")
    semis = yaml.safe_load(cli("standings", "e1", "--json").output)["stages"][-1]["matches"][:2]
    assert {frozenset(m["players"]) for m in semis} == played


def _git(tree: Tree, *args: str) -> None:
    import subprocess

    subprocess.run(["git", "-C", str(tree.root), *args], check=True, capture_output=True)


def _venue_day(tree: Tree, cli) -> None:
    """Registrations committed before the day; then two rounds paired and played, a result of
    round 1 corrected, and the whole day committed once."""
    _git(tree, "init", "-q")
    _git(tree, "config", "user.email", "olga@example.org")
    _git(tree, "config", "user.name", "Olga")
    tree.event("e1", 8)
    _git(tree, "add", "-A")
    _git(tree, "commit", "-qm", "registrations")
    for number in (1, 2):
        cli("pair", "e1")
        strength_results(tree, "e1", number)
    path = tree.round_path("e1", 1)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    first = next(p for p in data["pairings"] if "score" in p)
    first["score"] = list(reversed(first["score"]))
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_a_venue_day_committed_once_after_a_correction_is_a_notice_not_a_failure(tree, cli):
    """The round and the correction committed together: no commit holds the results round 2
    was drawn from, so it cannot be re-drawn as it was. That is a correction, said as a notice;
    verify passes and the Pages workflow publishes."""
    _venue_day(tree, cli)
    _git(tree, "add", "-A")
    _git(tree, "commit", "-qm", "the venue day")
    verified = cli("verify").output
    assert verified.startswith("notice: content/events/e1/rounds/2.yaml:1: a result of round 1 was corrected after "
                               "round 2 was paired, and no commit holds the results as they were then (the round and "
                               "the correction were committed together), so round 2 stands as published (published ")
    assert verified.endswith("without being checked; nothing to do (commit the results before pairing the next "
                             "round, and every draw can be checked)\nok: 2 rounds re-drawn, 1 paired before a later "
                             "correction of results\n")


def test_a_draw_changed_by_hand_is_still_a_failure_beside_a_correction(tree, cli):
    """What tells them apart: a round whose fingerprint names today's results (nothing was
    corrected before it) must be today's draw."""
    _venue_day(tree, cli)
    cli("pair", "e1")  # round 3, drawn from the corrected results
    path = tree.round_path("e1", 3)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    a, b = data["pairings"][0]["players"], data["pairings"][1]["players"]
    a[1], b[1] = b[1], a[1]
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    _git(tree, "add", "-A")
    _git(tree, "commit", "-qm", "the venue day")
    verified = cli("verify", expect=1).output
    assert "content/events/e1/rounds/3.yaml:1: the pairings of round 3 differ from the draw" in verified
    assert "they were changed by hand after `podium pair` wrote them" in verified


def test_a_round_paired_before_a_correction_says_so_on_its_page(tree, cli):
    """The site builds and marks each round that stands as paired before a correction."""
    tree.event("e1", 8)
    for number in (1, 2):
        cli("pair", "e1")
        strength_results(tree, "e1", number)
    cli("build")
    mark = "A result of an earlier round was corrected after this round was paired: it stands as it was paired and played."
    assert mark not in (tree.root / "site/events/e1/rounds/2/index.html").read_text(encoding="utf-8")
    path = tree.round_path("e1", 1)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    first = next(p for p in data["pairings"] if "score" in p)
    first["score"] = list(reversed(first["score"]))
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    cli("build")
    assert mark in (tree.root / "site/events/e1/rounds/2/index.html").read_text(encoding="utf-8")
    assert mark not in (tree.root / "site/events/e1/rounds/1/index.html").read_text(encoding="utf-8")


def test_a_made_up_fingerprint_committed_with_a_hand_edited_round_is_still_a_failure(tree, cli):
    """Rounds 1-2 committed; round 3 paired, two players swapped by hand and its 'drawn_from:'
    changed, then committed: no commit holds those results, but the commit that brought round 3
    corrected nothing, so no correction explains it."""
    _git(tree, "init", "-q")
    _git(tree, "config", "user.email", "olga@example.org")
    _git(tree, "config", "user.name", "Olga")
    tree.event("e1", 8)
    for number in (1, 2):
        cli("pair", "e1")
        strength_results(tree, "e1", number)
    _git(tree, "add", "-A")
    _git(tree, "commit", "-qm", "rounds 1 and 2")
    cli("pair", "e1")
    strength_results(tree, "e1", 3)
    _swap_two_tables(tree, "e1", 3)
    data = tree.read_round("e1", 3)
    data["drawn_from"] = "0123456789abcdef"
    tree.save_round("e1", 3, data)
    _git(tree, "add", "-A")
    _git(tree, "commit", "-qm", "round 3")
    verified = cli("verify", expect=1).output
    assert ("content/events/e1/rounds/3.yaml:1: round 3 says it was drawn from results that no commit of this event "
            "holds ('drawn_from: 0123456789abcdef'), and the commit that brought it changed no result of rounds 1–2, "
            "so no correction explains it") in verified
