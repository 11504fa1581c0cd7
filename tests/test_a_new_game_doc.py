"""docs/a-new-game.md, run: its module and its ruleset, as written on the page, play an event
through pair, check and standings (issue 17: a new game is one module, its ruleset and its tests)."""
from __future__ import annotations

import json
import re
import sys
import types
from pathlib import Path

import pytest

from podium.rules import registry

DOC = Path(__file__).resolve().parent.parent / "docs" / "a-new-game.md"


def block(language: str) -> str:
    return re.search(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S).group(1)


@pytest.fixture
def carrom(monkeypatch):
    """The page's module, as rules/games/carrom.py would be, offered to rulesets by the registry."""
    module = types.ModuleType("podium.rules.games.carrom")
    exec(compile(block("python"), "docs/a-new-game.md", "exec"), module.__dict__)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for key, classes in module.BLOCKS.items():
        for cls in classes:
            assert issubclass(cls, registry.BASES[key])
            monkeypatch.setitem(registry.BLOCKS[key][1], cls.name, cls)
    return module


def test_the_pages_game_plays_an_event_through_the_cli(carrom, tree, cli):
    """Four players, Swiss (4–8 players: 3 rounds). Round 1 pairs by the seed; the first-listed
    player of each table wins, by 9 and by 4 board points. Each winner: 2 league points and +9 / +4
    on margin_sum; each loser 0 and −9 / −4. The two winners tie on 2 points; margin_sum puts the
    +9 ahead of the +4."""
    tree.write("../rulesets/carrom-club.yaml", block("yaml"))
    players = [{"name": name} for name in ("Asha Rao", "Ben Ito", "Chen Li", "Dev Nair")]
    tree.event("league", players, ruleset="carrom-club", structure="auto")
    cli("pair", "league")
    data = tree.read_round("league", 1)
    for pairing, board in zip(data["pairings"], (9, 4)):
        pairing["score"] = [board, 0]
    tree.save_round("league", 1, data)
    assert cli("check").output.startswith("ok")
    rows = json.loads(cli("standings", "league", "--json").output)["standings"]
    winners = [p["players"][0] for p in data["pairings"]]
    assert [(r["player"], r["points"], r["tiebreaks"]["margin_sum"]) for r in rows[:2]] == [
        (winners[0], 2, 9), (winners[1], 2, 4)]


def test_a_board_with_two_scores_is_refused_at_its_line(carrom, tree, cli):
    tree.write("../rulesets/carrom-club.yaml", block("yaml"))
    tree.event("league", [{"name": n} for n in ("Asha Rao", "Ben Ito", "Chen Li", "Dev Nair")], ruleset="carrom-club")
    cli("pair", "league")
    data = tree.read_round("league", 1)
    data["pairings"][0]["score"] = [9, 3]
    tree.save_round("league", 1, data)
    output = cli("check", expect=1).output
    assert "content/events/league/rounds/1.yaml:" in output
    assert "[9, 3]: a board has one winner with points and a loser with 0 (§2); write e.g. [9, 0]" in output
