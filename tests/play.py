"""Fill in round files by a rule the tests can reason about by hand; read what check says."""
from __future__ import annotations

import yaml

from podium.content.rulesets import BUILTIN_DIR
from podium.core.slug import slugify

BUILTIN_RULESETS = len(list(BUILTIN_DIR.glob("*.yaml")))  # what `check` counts: every builtin ruleset

BASIC = ["Moloch", "Borgo", "Hegemonia", "Posterunek"]  # a beginner's armies (NS HEX §6.1)


def only_problem(cli) -> str:
    """The single problem `podium check` reports."""
    result = cli("check", expect=1)
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert lines[-1] == "1 problem found.", result.output
    return lines[0]


def strength_results(tree, event_id: str, number: int, hq=(12, 5), army_of=None) -> dict:
    """The lower player number always wins, 12 HQ to 5 (so every game is ±7). Armies (NS HEX
    §6.5, §5.4: a result records both, a bye the one its player marks): ``army_of(player,
    round)`` when given, else each player's first army not yet fielded in this stage and not his
    opponent's (``next_armies``)."""
    data = tree.read_round(event_id, number)
    fielded = army_of and {p: army_of(p, number) for pairing in data["pairings"] for p in pairing["players"]}
    for pairing in data["pairings"]:
        players = pairing["players"]
        pairing["armies"] = [fielded[p] for p in players] if fielded else next_armies(tree, event_id, number, players)
        if pairing.get("bye"):
            continue
        a, b = players
        pairing["score"] = list(hq) if a < b else list(reversed(hq))
    tree.save_round(event_id, number, data)
    return data


def next_armies(tree, event_id: str, number: int, players) -> list:
    """Each player's first registered army (a beginner's basic armies) not yet fielded in this
    stage's earlier rounds and not his opponent's (§6.2, §6.5); a beginner with nothing else
    left repeats one (§6.5.2, the last Swiss round)."""
    folder = tree.content / "events" / event_id
    registrations = yaml.safe_load((folder / "registrations.yaml").read_text(encoding="utf-8"))
    registered = {r.get("id") or slugify(r["name"]): r.get("armies") or BASIC for r in registrations}
    used = _armies_used(tree, event_id, number)
    armies = []
    for player in players:
        fresh = [a for a in registered[player] if a not in used.get(player, ()) and a not in armies]
        armies.append(fresh[0] if fresh else next(a for a in registered[player] if a not in armies))
    return armies


def _armies_used(tree, event_id: str, before: int) -> dict[str, list[str]]:
    stage = tree.read_round(event_id, before)["stage"]
    used: dict[str, list[str]] = {}
    for number in range(1, before):
        data = tree.read_round(event_id, number)
        for pairing in data["pairings"] if data["stage"] == stage else ():
            for player, army in zip(pairing["players"], pairing.get("armies") or ()):
                used.setdefault(player, []).append(army)
    return used
