"""Words the pages show for the engine's codes: flags, statuses, tie-breakers, stages."""
from __future__ import annotations

FLAGS = {
    "paired-down": "Paired down: no opponent was left on the same points",
    "paired-up": "Paired up: plays a player from a higher point group",
    "bye-round-1-random": "Bye drawn at random in round 1",
    "bye-lowest-ranked": "Bye to the lowest-ranked player without a bye",
}

STATUS = {"active": "", "dropped": "withdrew", "disqualified": "disqualified", "excluded": "excluded"}

# Shown in the "Separated by" column: what put this row below the row above.
SEPARATED = {
    "points": "points",
    "hq_diff": "HQ difference",
    "head_to_head": "head-to-head game",
    "random": "random lot",
    "bracket": "finals",
}

MATCHES = {"final": "Final", "third-place": "3rd place", "semifinal": "Semifinal", "quarterfinal": "Quarterfinal",
           "round-of-16": "Round of 16", "round-of-32": "Round of 32"}
