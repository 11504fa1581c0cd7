"""One module per kind of stage; each has ``planned_rounds``, ``replay`` and ``next_round``."""
from podium.rules.kinds import FREE_FOR_ALL, KNOCKOUT, PAIRS_ROTATION, ROUND_ROBIN, SWISS, TABLES
from podium.rules.stages import groups, knockout, swiss, tables

RUNNERS = {
    SWISS: swiss,
    KNOCKOUT: knockout,
    ROUND_ROBIN: groups,
    PAIRS_ROTATION: groups,
    FREE_FOR_ALL: groups,
    TABLES: tables,
}
