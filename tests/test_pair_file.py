"""The round file `podium pair` writes reads back as what the engine drew, whatever the ids and names."""
from __future__ import annotations

import os
import stat

import pytest
import yaml

from podium.run.archive import load_event
from podium.rules.engine import next_round
from podium.rules.scoring import yaml_string
from play import BUILTIN_RULESETS

# Slugs a YAML reader takes for something other than text: booleans, numbers (octal, hex, binary,
# exponent), a date, null.
ODD_IDS = ["no", "on", "yes", "off", "true", "null", "42", "007", "0x1f", "0b1", "1e3", "2023-05-06"]

# Enough players for the first stage of each ruleset; nshex players are beginners (no armies to list).
RULESETS = {"neuroshima-hex-pl-2023": 9, "ffg-conquest": 9, "tantrix": 8, "micromutants-classic": 6,
            "micromutants-extreme": 8, "carcassonne-cz": 11}


def registrations(ids, ruleset: str) -> str:
    """registrations.yaml with every id and name in quotes, as an organizer must write them."""
    extra = "  beginner: true\n" if ruleset == "neuroshima-hex-pl-2023" else ""
    return "".join(f'- name: "{player}"\n  id: "{player}"\n{extra}' for player in ids)


def drafted_and_written(tree, cli, ruleset: str):
    """The round the engine draws for an event of odd ids, and the same round read back from its file."""
    ids = ODD_IDS[:RULESETS[ruleset]]
    tree.event("e1", [], ruleset=ruleset)
    tree.write("events/e1/registrations.yaml", registrations(ids, ruleset))
    draft = next_round(load_event(tree.content, "e1").result)
    cli("pair", "e1")
    written = load_event(tree.content, "e1").result.event.rounds[0]
    return draft, written


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_odd_ids_read_back_as_the_same_text(tree, cli, ruleset):
    draft, written = drafted_and_written(tree, cli, ruleset)
    assert cli("check").output.endswith(f"ok: 1 event, 0 seasons, {BUILTIN_RULESETS} rulesets\n")
    assert [p.players for p in written.pairings] == [tuple(p.players) for p in draft.pairings]
    assert [p.teams for p in written.pairings] == [tuple(map(tuple, p.teams)) for p in draft.pairings]
    assert [p.group for p in written.pairings] == [p.group for p in draft.pairings]
    assert all(type(player) is str for p in written.pairings for player in p.players)


def test_home_players_of_a_match_read_back_as_ids(tree, cli):
    tree.event("e1", [], ruleset="micromutants-classic")
    tree.write("events/e1/registrations.yaml", registrations(ODD_IDS[:4], "micromutants-classic"))
    cli("pair", "e1")
    homes = [game["home"] for pairing in tree.read_round("e1", 1)["pairings"] for game in pairing["games"]]
    assert sorted(homes) == sorted(ODD_IDS[:4])  # each player at home in one game


@pytest.mark.parametrize("name", ["Ann # not a comment: [x", "Ł 😀 \"quoted\" 'single' {braces}"])
def test_any_name_stays_in_its_comment(tree, cli, name):
    tree.event("e1", [], ruleset="ffg-conquest", name=name)
    tree.write("events/e1/registrations.yaml", [{"name": name, "id": "odd"}, {"name": "Bo"}, {"name": "Cy"},
                                                    {"name": "Di"}])  # ffg-conquest's basic table starts at 4
    cli("pair", "e1")
    text = tree.round_path("e1", 1).read_text(encoding="utf-8")
    on_one_line = " ".join(name.split())  # names with line breaks or control characters: refused by check
    assert text.splitlines()[0].startswith(f"# {on_one_line} — round 1 (swiss)")
    seated = next(line for line in text.splitlines() if line.lstrip(" -").startswith("players:") and "odd" in line)
    assert on_one_line in seated.split("  # ", 1)[1]
    assert tree.read_round("e1", 1)["round"] == 1
    assert "ok: 1 event" in cli("check").output


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o027, 0o640), (0o002, 0o664)])
def test_round_file_has_the_permissions_the_umask_gives(tree, cli, umask, mode):
    tree.event("e1", 6)
    before = os.umask(umask)
    try:
        cli("pair", "e1")
    finally:
        os.umask(before)
    assert stat.S_IMODE(tree.round_path("e1", 1).stat().st_mode) == mode
    assert [p.name for p in tree.round_path("e1", 1).parent.iterdir()] == ["1.yaml"]  # no temporary file left


@pytest.mark.parametrize("text", ["no", "~", "", "007", 'a "quoted" \\ back', "tab\tnew\nline", "nel\x85 ls\u2028 ps\u2029",
                                  "del\x7f c1\x9b bom\ufeff", "Łódź 😀", "#x: [y]"])
def test_yaml_string_reads_back_as_the_same_text(text):
    quoted = yaml_string(text)
    assert "\n" not in quoted and quoted.startswith('"')
    assert yaml.load(quoted, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) == text
    assert yaml.safe_load(f"key: {quoted}  # comment") == {"key": text}
