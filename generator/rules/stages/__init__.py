"""One module per kind of stage; each has ``planned_rounds``, ``replay`` and ``next_round``."""
from podium.rules.stages import groups, knockout, swiss, tables

RUNNERS = {
    "swiss": swiss,
    "knockout": knockout,
    "round-robin": groups,
    "pairs-rotation": groups,
    "free-for-all": groups,
    "tables": tables,
}
