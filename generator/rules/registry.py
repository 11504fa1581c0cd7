"""Name → class tables for every kind of building block (DESIGN.md §4).

A ruleset names blocks; an unknown name is reported with the list of valid ones. The docs
page of building blocks is generated from these same tables, so it cannot drift. Each key has
an abstract base that declares what a stage may ask its block (``BASES``); every class in the
key's table derives from it and answers every method it declares (tests/test_contracts.py).
"""
from __future__ import annotations

from podium.rules.armies import ArmyRules, NeuroshimaArmies
from podium.rules.byes import ByePolicy, LowestRankedBye
from podium.rules.classification import BracketThenSwiss, Classification
from podium.rules.carcassonne import TableScoring
from podium.rules.micromutants import MicromutantsScoring
from podium.rules.pairing.knockout import BracketSeeding, DrawnBracket, GameNumberBracket, StandardBracket
from podium.rules.pairing.score_groups import ScoreGroupsTopDown
from podium.rules.pairing.swiss import SwissMatching, SwissPairing
from podium.rules.roles import FfgLevels, NeuroshimaRoles, RoleRules
from podium.rules.scoring import NeuroshimaScoring, Scoring, WinLossScoring
from podium.rules.standings.metrics import (ExtendedStrengthOfSchedule, GamesWon, HeadToHead, HqDifference,
                                               ManualOrder, MarginSum, MutualPoints, RandomLot, RoundPoints,
                                               SecondPlaces, Secondary, StrengthOfSchedule, Tertiary, Tiebreaker,
                                               TilesUsed, VictoryPoints, Wins)
from podium.rules.structure import PlayerCountTable, StageListStructure, Structure
from podium.rules.tantrix import PlayOff, TantrixScoring


def _table(*classes):
    return {cls.name: cls for cls in classes}


# ruleset key → (what it is called in messages, name → class)
BLOCKS = {
    "scoring": ("scoring", _table(NeuroshimaScoring, WinLossScoring, TantrixScoring, MicromutantsScoring, TableScoring)),
    "bye": ("bye policy", _table(LowestRankedBye)),
    "pairing": ("pairing", _table(SwissMatching, ScoreGroupsTopDown)),
    "structure": ("structure", _table(PlayerCountTable, StageListStructure)),
    "bracket": ("bracket seeding", _table(StandardBracket, GameNumberBracket, DrawnBracket)),
    "classification": ("final classification", _table(BracketThenSwiss)),
    "armies": ("army rules", _table(NeuroshimaArmies)),
    "roles": ("role rules", _table(NeuroshimaRoles, FfgLevels)),
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
}
TIEBREAKER_BASE = Tiebreaker

TIEBREAKERS = {cls.key: cls for cls in (
    HqDifference, HeadToHead, StrengthOfSchedule, ExtendedStrengthOfSchedule, GamesWon, MarginSum, TilesUsed,
    MutualPoints, PlayOff, Secondary, Wins, Tertiary, SecondPlaces, VictoryPoints, RoundPoints, ManualOrder, RandomLot)}
