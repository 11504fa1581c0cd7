"""Name → class tables for every kind of building block (DESIGN.md §4).

A ruleset names blocks; an unknown name is reported with the list of valid ones. The docs
page of building blocks is generated from these same tables, so it cannot drift. Each key has
an abstract base that declares what a stage may ask its block (``BASES``); every class in the
key's table derives from it and answers every method it declares (tests/test_contracts.py).
"""
from __future__ import annotations

import importlib
import pkgutil

from podium.rules import games
from podium.rules.armies import ArmyRules
from podium.rules.byes import ByePolicy, LowestRankedBye
from podium.rules.classification import BracketThenSwiss, Classification
from podium.rules.colours import ColourAllocation
from podium.rules.pairing.knockout import BracketSeeding, DrawnBracket, GameNumberBracket, StandardBracket
from podium.rules.pairing.score_groups import ScoreGroupsTopDown
from podium.rules.pairing.swiss import SwissMatching, SwissPairing
from podium.rules.roles import RoleRules
from podium.rules.points import PointsScoring
from podium.rules.scoring import Scoring, WinLossScoring
from podium.rules.standings.metrics import (ExtendedStrengthOfSchedule, GamesWon, HeadToHead, HqDifference,
                                               ManualOrder, MarginSum, MutualPoints, RandomLot, RoundPoints,
                                               SecondPlaces, Secondary, StrengthOfSchedule, Tertiary, Tiebreaker,
                                               TilesUsed, VictoryPoints, Wins)
from podium.rules.structure import PlayerCountTable, StageListStructure, Structure


def _table(*classes):
    return {cls.name: cls for cls in classes}


def _game_modules() -> list:
    """Every module of rules/games/, in name order (so the blocks' reference reads the same on
    every machine)."""
    return [importlib.import_module(f"{games.__name__}.{info.name}")
            for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda info: info.name)]


GAMES = _game_modules()


def _with_games(key: str, *generic) -> dict:
    """The generic blocks of ``key``, then those the game modules add."""
    return _table(*generic, *(cls for module in GAMES for cls in getattr(module, "BLOCKS", {}).get(key, ())))


# ruleset key → (what it is called in messages, name → class)
BLOCKS = {
    "scoring": ("scoring", _with_games("scoring", WinLossScoring, PointsScoring)),
    "bye": ("bye policy", _with_games("bye", LowestRankedBye)),
    "pairing": ("pairing", _with_games("pairing", SwissMatching, ScoreGroupsTopDown)),
    "structure": ("structure", _with_games("structure", PlayerCountTable, StageListStructure)),
    "bracket": ("bracket seeding", _with_games("bracket", StandardBracket, GameNumberBracket, DrawnBracket)),
    "classification": ("final classification", _with_games("classification", BracketThenSwiss)),
    "armies": ("army rules", _with_games("armies")),
    "roles": ("role rules", _with_games("roles")),
    "colours": ("colour allocation", _with_games("colours")),
}

# ruleset key → the abstract base every block of that key derives from: what a stage may ask it
BASES = {
    "scoring": Scoring,
    "bye": ByePolicy,
    "pairing": SwissPairing,
    "structure": Structure,
    "bracket": BracketSeeding,
    "classification": Classification,
    "armies": ArmyRules,
    "roles": RoleRules,
    "colours": ColourAllocation,
}
TIEBREAKER_BASE = Tiebreaker

TIEBREAKERS = {cls.key: cls for cls in (
    HqDifference, HeadToHead, StrengthOfSchedule, ExtendedStrengthOfSchedule, GamesWon, MarginSum, TilesUsed,
    MutualPoints, Secondary, Wins, Tertiary, SecondPlaces, VictoryPoints, RoundPoints, ManualOrder, RandomLot,
    *(cls for module in GAMES for cls in getattr(module, "TIEBREAKERS", ())))}

# acceleration name → (start list, rounds) → each accelerated player's virtual points before each
# round: what an event's 'acceleration:' names, and what a TRF's XXA lines are held to
ACCELERATIONS = {name: method for module in GAMES for name, method in getattr(module, "ACCELERATIONS", {}).items()}
