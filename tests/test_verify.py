"""`podium verify` re-draws each round from the committed inputs and catches edited pairings."""
from __future__ import annotations

from play import strength_results


def _play(tree, cli, event_id, rounds):
    for number in range(1, rounds + 1):
        cli("pair", event_id)
        strength_results(tree, event_id, number)


def test_untouched_event_verifies(tree, cli):
    tree.event("e1", 10)
    _play(tree, cli, "e1", 3)
    assert cli("verify", "e1").output.strip() == "ok: 3 rounds re-drawn, all identical"


def test_hand_edited_pairing_is_caught(tree, cli):
    tree.event("e1", 10)
    _play(tree, cli, "e1", 2)
    met = {frozenset(p["players"]) for p in tree.read_round("e1", 1)["pairings"]}
    data = tree.read_round("e1", 2)
    first, second = next((x, y) for x in data["pairings"] for y in data["pairings"]  # a swap that stays legal
                         if {frozenset((x["players"][0], y["players"][1])),
                             frozenset((y["players"][0], x["players"][1]))}.isdisjoint(met) and x is not y)
    first["players"][1], second["players"][1] = second["players"][1], first["players"][1]
    first["armies"][1], second["armies"][1] = second["armies"][1], first["armies"][1]  # each keeps his army
    tree.save_round("e1", 2, data)
    a, b = sorted(first["players"])
    result = cli("verify", "e1", expect=1)
    assert result.output.startswith("content/events/e1/rounds/2.yaml:1: the pairings of round 2 differ from the "
                                    "draw (published ")
    assert f"{a} v {b}" in result.output
    assert "they were changed by hand after `podium pair` wrote them" in result.output
    assert result.output.endswith("\n1 round differs from the draw.\n")


def test_a_round_file_without_its_fingerprint_cannot_tell_the_cause(tree, cli):
    """Round files written by hand or by Podium 0.2.0 have no drawn_from: a difference stays an error."""
    tree.event("e1", 8)
    _play(tree, cli, "e1", 2)
    data = tree.read_round("e1", 1)
    for pairing in data["pairings"]:
        pairing["score"] = list(reversed(pairing["score"]))
    tree.save_round("e1", 1, data)
    second = tree.read_round("e1", 2)
    del second["drawn_from"]
    tree.save_round("e1", 2, second)
    output = cli("verify", "e1", expect=1).output
    assert "(the file has no 'drawn_from:' to tell which)" in output
    assert "an event drawn by Podium 0.2.0 or earlier re-draws as it was drawn with 'draws: 1' in its event.yaml" in output


def test_result_corrected_after_next_round_flags_that_round(tree, cli):
    tree.event("e1", 8)
    _play(tree, cli, "e1", 2)
    data = tree.read_round("e1", 1)
    for pairing in data["pairings"]:
        pairing["score"] = list(reversed(pairing["score"]))  # every round-1 result was entered backwards
    tree.save_round("e1", 1, data)
    output = cli("verify", "e1").output  # a correction is legitimate: a notice that does not block publishing
    assert output.startswith("notice: content/events/e1/rounds/2.yaml:1: a result of round 1 was corrected after "
                             "round 2 was paired, so round 2 follows the results as they were then (published ")
    assert output.endswith("; nothing to do\nok: 2 rounds re-drawn, 1 paired before a later correction of results\n")
    checked = cli("check").output  # check passes and names the round
    assert checked.startswith("note: content/events/e1/rounds/2.yaml:1: a result of round 1 was corrected after")
    assert checked.strip().splitlines()[-1].startswith("ok: 1 event")


def test_two_pair_commands_at_once_write_one_round(tree):
    import subprocess
    import sys

    tree.event("e1", 40)
    command = [sys.executable, "-m", "podium", "pair", "e1"]
    racers = [subprocess.Popen(command, cwd=tree.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
              for _ in range(2)]
    outcomes = sorted((p.wait(), p.stderr.read()) for p in racers)
    assert [code for code, _ in outcomes] == [0, 1]
    assert "already exists" in outcomes[1][1] or "has no result yet" in outcomes[1][1]
    rounds = sorted(p.name for p in (tree.content / "events/e1/rounds").iterdir())
    assert rounds == ["1.yaml"]  # no second file, no temporary left behind
