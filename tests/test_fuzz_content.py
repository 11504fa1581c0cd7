"""Malformed content never crashes: every case exits 0 or 1 with file:line, never a traceback."""
from __future__ import annotations

import re

import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.cli import main

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=False),
                    st.text(max_size=12), st.sampled_from(["p01", "p02", "p03", "p04", "Moloch", "Dancer", "swiss",
                                                           "knockout", "final", "warning"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)
pairing_keys = st.sampled_from(["table", "players", "score", "winner", "draw", "forfeit", "bye", "armies", "modified",
                                "match", "colour"])
pairing = st.dictionaries(pairing_keys, values, max_size=6) | st.fixed_dictionaries(
    {"players": st.lists(st.sampled_from(["p01", "p02", "p03", "p04", "p05"]), min_size=1, max_size=3)},
    optional={"score": st.lists(st.integers(-3, 40), max_size=3), "bye": st.booleans(),
              "winner": st.sampled_from(["p01", "p02", "zz"]), "forfeit": st.sampled_from(["p01", "p03"]),
              "armies": st.lists(st.sampled_from(["Moloch", "Dancer", "Borgo", "Tau"]), max_size=3),
              "match": st.sampled_from(["final", "semifinal", "bogus"])})
@st.composite
def well_shaped_pairing(draw):
    """Pairings that pass the shape checks, so the rules engine itself is exercised."""
    players = draw(st.lists(st.sampled_from(["p01", "p02", "p03", "p04", "p05"]), min_size=1, max_size=3, unique=True))
    entry = {"players": players}
    if len(players) == 1:
        entry["bye"] = True
    if draw(st.booleans()):
        entry["score"] = draw(st.lists(st.integers(0, 30), min_size=len(players), max_size=len(players)))
    if draw(st.booleans()):
        entry["armies"] = draw(st.lists(st.sampled_from(["Moloch", "Dancer", "Borgo", "Vegas"]),
                                        min_size=len(players), max_size=len(players)))
    extra = draw(st.sampled_from([{}, {"draw": True}, {"winner": players[0]}, {"forfeit": players[-1]},
                                  {"match": "final"}, {"modified": True}]))
    return {**entry, **extra}


round_file = st.fixed_dictionaries({"round": st.integers(0, 3), "stage": st.sampled_from(["swiss", "knockout", "x"]),
                                    "pairings": st.lists(pairing | well_shaped_pairing(), max_size=5)},
                                   optional={"drops": values, "penalties": values})


def _tree(tmp_path, rounds, registrations):
    content = tmp_path / "content"
    (content / "events/e1/rounds").mkdir(parents=True, exist_ok=True)
    (content / "site.yaml").write_text("title: Fuzz\n")
    (content / "events/e1/event.yaml").write_text("name: Fuzz\nruleset: neuroshima-hex-pl-2023\nseed: 1\n"
                                                  "organizer: O\nhead_judge: O\n")
    (content / "events/e1/registrations.yaml").write_text(registrations, encoding="utf-8")
    for old in (content / "events/e1/rounds").iterdir():
        old.unlink()
    for number, text in enumerate(rounds, start=1):
        (content / f"events/e1/rounds/{number}.yaml").write_text(text, encoding="utf-8")
    return content


GOOD_PLAYERS = yaml.safe_dump([{"name": f"P{i}", "id": f"p{i:02d}", "beginner": True} for i in range(1, 6)])


def _run(content):
    result = CliRunner().invoke(main, ["check", "--content", str(content)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code in (0, 1)
    if result.exit_code == 1:
        assert re.search(r":\d+: ", result.output) or "problem" in result.output
    return result


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rounds=st.lists(round_file, min_size=1, max_size=3))
def test_random_round_files_never_crash(tmp_path, rounds):
    _run(_tree(tmp_path, [yaml.safe_dump(r, allow_unicode=True) for r in rounds], GOOD_PLAYERS))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(registrations=values, raw=st.text(max_size=60))
def test_random_registrations_and_raw_text_never_crash(tmp_path, registrations, raw):
    _run(_tree(tmp_path, [], yaml.safe_dump(registrations, allow_unicode=True)))
    _run(_tree(tmp_path, [raw], GOOD_PLAYERS))
    _run(_tree(tmp_path, [], "\ufeff" + raw.replace("\n", "\r\n")))


new_shape_keys = st.sampled_from(["players", "games", "teams", "winner", "home", "bases", "finish", "eliminated",
                                  "score", "group", "match"])
game = st.dictionaries(st.sampled_from(["score", "time", "tiles", "winner", "home", "clans", "forfeit", "disconnected",
                                        "decider"]), values | st.lists(st.sampled_from(["14:10", "15:02", "9:99", "", "x"]),
                                                                         max_size=3), max_size=5)
new_pairing = st.dictionaries(new_shape_keys, values | st.lists(game, max_size=4) |
                              st.lists(st.lists(st.sampled_from(["p01", "p02", "p03", "p04", "zz"]), max_size=3), max_size=3),
                              max_size=6)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ruleset=st.sampled_from(["tantrix", "micromutants-classic", "micromutants-extreme", "carcassonne-cz"]),
       stage=st.sampled_from(["round-robin", "knockout", "pairs-rotation", "free-for-all", "tables"]),
       pairings=st.lists(new_pairing | well_shaped_pairing(), max_size=4))
def test_games_teams_and_tables_never_crash(tmp_path, ruleset, stage, pairings):
    """Matches of several games, 2-vs-2 teams, free-for-all finishes and VP tables, malformed."""
    content = _tree(tmp_path, [yaml.safe_dump({"round": 1, "stage": stage, "pairings": pairings}, allow_unicode=True)],
                    GOOD_PLAYERS)
    event = content / "events/e1/event.yaml"
    event.write_text(event.read_text().replace("neuroshima-hex-pl-2023", ruleset))
    _run(content)
