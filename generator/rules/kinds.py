"""The kinds of stage, named once: a round file's `stage:`, a structure's `kind:`, the runners'
keys and every test of what a stage is compare against these."""
from __future__ import annotations

SWISS = "swiss"
KNOCKOUT = "knockout"
ROUND_ROBIN = "round-robin"
PAIRS_ROTATION = "pairs-rotation"
TABLES = "tables"
FREE_FOR_ALL = "free-for-all"

STAGE_KINDS = (SWISS, KNOCKOUT, ROUND_ROBIN, PAIRS_ROTATION, TABLES, FREE_FOR_ALL)

# What a stage of each kind may say in a structure (event.yaml or a ruleset).
STAGE_KEYS = {
    SWISS: {"rounds", "advance"},
    KNOCKOUT: {"games", "best_of", "final_best_of", "third_place", "seeding", "size"},
    ROUND_ROBIN: {"groups", "games", "advance", "schedule"},
    PAIRS_ROTATION: {"groups", "advance"},
    TABLES: {"rounds", "size", "advance"},
    FREE_FOR_ALL: {"advance"},
}
