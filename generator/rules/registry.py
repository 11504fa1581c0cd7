"""Name → class tables for every kind of building block (DESIGN.md §4).

A ruleset names blocks; an unknown name is reported with the list of valid ones. The docs
page of building blocks is generated from these same tables, so it cannot drift.
"""
from __future__ import annotations

from podium.rules.armies import NeuroshimaArmies
from podium.rules.byes import LowestRankedBye
from podium.rules.classification import BracketThenSwiss
from podium.rules.carcassonne import TableScoring
from podium.rules.micromutants import MicromutantsScoring
from podium.rules.pairing.knockout import DrawnBracket, GameNumberBracket, StandardBracket
from podium.rules.pairing.score_groups import ScoreGroupsTopDown
from podium.rules.pairing.swiss import SwissMatching
from podium.rules.roles import FfgLevels, NeuroshimaRoles
from podium.rules.scoring import NeuroshimaScoring, WinLossScoring
from podium.rules.standings.metrics import (ExtendedStrengthOfSchedule, GamesWon, HeadToHead, HqDifference,
                                               ManualOrder, MarginSum, MutualPoints, RandomLot, RoundPoints,
                                               SecondPlaces, Secondary, StrengthOfSchedule, Tertiary, TilesUsed,
                                               VictoryPoints, Wins)
from podium.rules.structure import PlayerCountTable, StageListStructure
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

TIEBREAKERS = {cls.key: cls for cls in (
    HqDifference, HeadToHead, StrengthOfSchedule, ExtendedStrengthOfSchedule, GamesWon, MarginSum, TilesUsed,
    MutualPoints, PlayOff, Secondary, Wins, Tertiary, SecondPlaces, VictoryPoints, RoundPoints, ManualOrder, RandomLot)}
