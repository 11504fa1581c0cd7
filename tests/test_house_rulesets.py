"""An organizer's own ruleset (rulesets/*.yaml beside content/) is checked when it is loaded, as
content is: each value of its declared kind, at its line, never a traceback (issue 14)."""
from __future__ import annotations

import pytest
from play import only_problem


def house(tree, text: str) -> None:
    tree.house_rules("neuroshima-hex-pl-2023", text)


TABLE = "structure:\n  kind: player-count-table\n  tables:\n    default:\n"


@pytest.mark.parametrize("text, message", [
    (TABLE + "      - {min: x, swiss_rounds: 4, cut: 0}\n",
     "rulesets/club.yaml:8: 'tables['default'][0]['min']' of structure 'player-count-table' must be a whole number, "
     "not 'x'"),
    (TABLE + "      - {min: 1, swiss_rounds: 3.5, cut: 0}\n",
     "rulesets/club.yaml:8: 'tables['default'][0]['swiss_rounds']' of structure 'player-count-table' must be a whole "
     "number, not the number 3.5"),
    (TABLE + "      - {min: 1, swiss_rounds: 100000000, cut: 0}\n",
     "rulesets/club.yaml:8: 'tables['default'][0]['swiss_rounds']' of structure 'player-count-table' must be at most "
     "99, not the number 100000000"),
    (TABLE + "      - {min: 1, swiss_rounds: 4, cut: 3}\n",
     "rulesets/club.yaml:8: 'tables['default'][0]['cut']' of structure 'player-count-table' must be 0 (no "
     "elimination) or a power of two: 2, 4, 8, 16, 32"),
    (TABLE + "      - {min: 1, max: 9, swiss_rounds: 4, cut: 0}\n      - {min: 12, swiss_rounds: 5, cut: 4}\n",
     "rulesets/club.yaml:4: the rows of structure table 'default' must follow each other: a row ending at 9 players, "
     "the next starting at 12"),
    (TABLE + "      - {min: 10, max: 2, swiss_rounds: 4, cut: 0}\n",
     "rulesets/club.yaml:8: 'tables['default'][0]' of structure 'player-count-table' must start at most where it "
     "ends: min 10, max 2"),
    ("scoring: {win: -5}\n", "rulesets/club.yaml:4: 'win' of scoring 'neuroshima-hex' must be at least 0, not the number -5"),
    ("scoring: {loss: 10}\n", "rulesets/club.yaml:4: 'loss' of scoring 'neuroshima-hex' is 10, more than 'draw' (1); "
                              "a better result is worth more points"),
    ("tiebreakers: [hq_diff, hq_diff]\n", "rulesets/club.yaml:4: tie-breaker 'hq_diff' is listed twice; remove the second"),
    ("levels: [\"club\\e[31m\"]\n", "rulesets/club.yaml:4: 'levels[0]' of ruleset 'club' holds the control character "
                                    "\\x1b, which has no place in it; write it as one line of plain text"),
    ("description: \"Ours\\u202e\"\n", "rulesets/club.yaml:4: 'description' of ruleset 'club' holds the direction "
                                       "override U+202E, which has no place in it; write it as one line of plain text"),
])
def test_a_house_rulesets_values_are_checked_at_their_line(tree, cli, text, message):
    house(tree, text)
    assert only_problem(cli) == message


def test_micromutants_place_points_are_four_counts(tree, cli):
    tree.event("e1", 8, ruleset="club")
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets/club.yaml").write_text("id: club\nextends: micromutants-extreme\n"
                                                  "scoring: {place_points: [a, b, c, d], team_win: -5}\n")
    output = cli("check", expect=1).output
    assert "rulesets/club.yaml:3: 'place_points[0]' of scoring 'micromutants' must be a whole number, not 'a'" in output
    assert "rulesets/club.yaml:3: 'team_win' of scoring 'micromutants' must be at least 0, not the number -5" in output
    assert "Traceback" not in output


@pytest.mark.parametrize("text, message", [
    ("tiebreakers: [hq_diff, vp, random]\n",
     "rulesets/club.yaml:4: tie-breaker 'vp' reads the victory points, which scoring 'neuroshima-hex' does not record "
     "(every player would have 0); remove it from the list or use a scoring that records it; scoring 'table-places' "
     "records it"),
    ("scoring: {kind: win-loss}\ntiebreakers:\n  - hq_diff\n",
     "rulesets/club.yaml:6: tie-breaker 'hq_diff' reads the margin of each game, which scoring 'win-loss' does not "
     "record (every player would have 0); remove it from the list or use a scoring that records it; scorings "
     "'neuroshima-hex' and 'tantrix' record it"),
])
def test_a_tiebreaker_reading_what_the_scoring_does_not_record_is_refused_at_its_line(tree, cli, text, message):
    """Issue 21: a stat tie-breaker gave every player 0 when the scoring did not record its stat."""
    house(tree, text)
    assert only_problem(cli) == message


def test_a_tiebreaker_and_its_cut_variant_may_both_be_listed(tree, cli):
    """FIDE C.07 lists ARO Cut-1 before ARO: a variant is a tie-breaker of its own, not the same
    one twice (it was refused as 'listed twice' because one class derives from the other)."""
    tree.house_rules("chess-swiss", "tiebreakers: [aro_cut1, aro, buchholz_cut1, buchholz]\n")
    assert cli("check").output.endswith("ok: 1 event, 0 seasons, 11 rulesets\n")
