"""Fill in round files by a rule the tests can reason about by hand; read what check says."""
from __future__ import annotations


def only_problem(cli) -> str:
    """The single problem `podium check` reports."""
    result = cli("check", expect=1)
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert lines[-1] == "1 problem found.", result.output
    return lines[0]


def strength_results(tree, event_id: str, number: int, hq=(12, 5), army_of=None) -> dict:
    """The lower player number always wins, 12 HQ to 5 (so every game is ±7); each player
    fields the army at index (round − 1) of his registration, a bye likewise."""
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        players = pairing["players"]
        if army_of:
            pairing["armies"] = [army_of(p, number) for p in players]
        if pairing.get("bye"):
            continue
        a, b = players
        pairing["score"] = list(hq) if a < b else list(reversed(hq))
    tree.save_round(event_id, number, data)
    return data
