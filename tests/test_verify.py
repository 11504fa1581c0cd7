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
    tree.save_round("e1", 2, data)
    a, b = sorted(first["players"])
    result = cli("verify", "e1", expect=1)
    assert "content/events/e1/rounds/2.yaml:1: round 2 differs from its re-draw — published" in result.output
    assert f"{a} v {b}" in result.output


def test_result_corrected_after_next_round_flags_that_round(tree, cli):
    tree.event("e1", 8)
    _play(tree, cli, "e1", 2)
    data = tree.read_round("e1", 1)
    for pairing in data["pairings"]:
        pairing["score"] = list(reversed(pairing["score"]))  # every round-1 result was entered backwards
    tree.save_round("e1", 1, data)
    output = cli("verify", "e1", expect=1).output
    assert "round 2 differs" in output and "round 1 differs" not in output
    checked = cli("check").output  # a correction is legitimate: check passes and names the round
    assert "note: content/events/e1/rounds/2.yaml:1: round 2 was paired from results that have changed" in checked
    assert checked.strip().splitlines()[-1].startswith("ok: 1 event")


def test_two_pair_commands_at_once_write_one_round(tree):
    import subprocess
    import sys

    tree.event("e1", 40)
    command = [sys.executable, "-m", "generator", "pair", "e1"]
    racers = [subprocess.Popen(command, cwd=tree.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
              for _ in range(2)]
    outcomes = sorted((p.wait(), p.stderr.read()) for p in racers)
    assert [code for code, _ in outcomes] == [0, 1]
    assert "already exists" in outcomes[1][1] or "has no result yet" in outcomes[1][1]
    rounds = sorted(p.name for p in (tree.content / "events/e1/rounds").iterdir())
    assert rounds == ["1.yaml"]  # no second file, no temporary left behind
