"""A contradiction in a result is an error at its line, never silently resolved; results still
missing are named by `podium check` (issue 14, "Nothing lost, no crash")."""
from __future__ import annotations

from play import strength_results


def only_problem(cli) -> str:
    """The single problem `podium check` reports."""
    result = cli("check", expect=1)
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert lines[-1] == "1 problem found.", result.output
    return lines[0]


def first_round(tree, cli, event_id: str = "e1") -> dict:
    cli("pair", event_id)
    return tree.read_round(event_id, 1)


# ------------------------------------------------------------------ results still to come

def test_check_names_the_tables_whose_results_are_pending(tree, cli):
    tree.event("e1", 8)
    data = first_round(tree, cli)
    for pairing in data["pairings"][::2]:  # tables 1 and 3 are in; 2 and 4 still playing
        pairing["score"] = [12, 5]
    tree.save_round("e1", 1, data)
    output = cli("check").output  # an event in progress is normal: still exit 0
    assert output.splitlines() == ["note: content/events/e1/rounds/1.yaml:1: 2 results pending (tables 2, 4)",
                                   "ok: 1 event, 0 seasons, 6 rulesets"]


def test_one_pending_result_and_a_finished_round_say_so_plainly(tree, cli):
    tree.event("e1", 8)
    cli("pair", "e1")
    strength_results(tree, "e1", 1)
    assert "note:" not in cli("check").output
    cli("pair", "e1")
    data = strength_results(tree, "e1", 2)
    del data["pairings"][2]["score"]
    tree.save_round("e1", 2, data)
    assert cli("check").output.startswith("note: content/events/e1/rounds/2.yaml:1: 1 result pending (table 3)\n")
