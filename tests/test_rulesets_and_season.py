"""Composed rulesets (extends:), season invitations passed down, and the beginner's army exception."""
from __future__ import annotations

import datetime

import pytest

from podium.core.errors import Problems, Src
from podium.core.model import Event, Pairing, Player, Round
from podium.content.rulesets import BUILTIN_DIR, load_rulesets
from podium.rules.season import qualifier_invitations
from podium.rules.standings.order import Row
from podium.rules.registry import BLOCKS

SCORINGS = ", ".join(sorted(BLOCKS["scoring"][1]))  # every scoring a ruleset may name


def test_extends_overrides_one_parameter_and_keeps_the_rest(tmp_path):
    (tmp_path / "my-club.yaml").write_text("id: my-club\nextends: neuroshima-hex-pl-2023\nname: My club\n"
                                           "scoring: {win: 2}\ntiebreakers: [hq_diff, random]\n")
    rulesets = load_rulesets([BUILTIN_DIR, tmp_path])
    mine = rulesets["my-club"]
    assert (mine.scoring.win, mine.scoring.draw, mine.scoring.cap) == (2, 1, 20)
    assert [t.key for t in mine.tiebreakers] == ["hq_diff", "random"]
    assert mine.structure.tables == rulesets["neuroshima-hex-pl-2023"].structure.tables


def test_ruleset_mistakes_are_reported_with_lines_and_valid_names(tmp_path):
    (tmp_path / "bad.yaml").write_text("id: bad\nextends: neuroshima-hex-pl-2023\nscoring: {kind: neuroshima, win: 2}\n"
                                       "tiebreakers: [hq_dif]\nbye: {points: three}\ncolour: red\n")
    try:
        load_rulesets([BUILTIN_DIR, tmp_path])
    except Exception as exc:  # UserError
        text = exc.format_message()
    assert "bad.yaml:3: unknown scoring 'neuroshima' (did you mean 'neuroshima-hex'?); valid: " + SCORINGS in text
    assert "bad.yaml:4: unknown tie-breaker 'hq_dif' (did you mean 'hq_diff'?)" in text
    assert "bad.yaml:5: 'points' of bye policy 'lowest-ranked' must be a number, not 'three'" in text
    assert "bad.yaml:6: unknown key 'colour' in ruleset 'bad'" in text


def test_extends_loop_is_reported(tmp_path):
    (tmp_path / "a.yaml").write_text("id: a\nextends: b\n")
    (tmp_path / "b.yaml").write_text("id: b\nextends: a\n")
    try:
        load_rulesets([tmp_path])
    except Exception as exc:
        assert "makes a loop: a → b → a" in exc.format_message()
    else:
        raise AssertionError("a loop must be an error")


class _Result:
    def __init__(self, event_id, order, qualifier=True, complete=True, statuses=None):
        self.event = type("E", (), {"id": event_id})()
        self.qualifier, self.complete = qualifier, complete
        self.final_rows = [Row(i + 1, p, 0, {}, (statuses or {}).get(p, "active")) for i, p in enumerate(order)]


def test_invitation_passes_down_to_next_uninvited_player():
    results = [_Result("e1", ["ann", "bob", "cid"]), _Result("e2", ["ann", "bob", "dan"]),
               _Result("e3", ["bob", "ann", "dan"]), _Result("e4", ["eve"], qualifier=False),
               _Result("e5", ["fay"], complete=False), _Result("e6", ["dan", "gus"], statuses={"dan": "disqualified"})]
    invited = [(i.player, i.event, i.via, i.place) for i in qualifier_invitations(results)]
    assert invited == [("ann", "e1", "winner", 1), ("bob", "e2", "passed-down", 2),
                       ("dan", "e3", "passed-down", 3), ("gus", "e6", "passed-down", 2)]


def _beginner_event(rounds):
    src = Src("r.yaml", 1)
    players = (Player("beg", "Beginner", src, beginner=True),
               Player("opp", "Opponent", src, armies=("Moloch", "Borgo", "Vegas", "Smart", "Piraci")))
    return Event(id="e", name="E", folder=".", src=src, ruleset="x", date=datetime.date(2023, 1, 1), players=players,
                 rounds=tuple(Round(n, "swiss", (Pairing(("beg", "opp"), src, armies=armies, score=(1, 0)),), src)
                              for n, armies in enumerate(rounds, start=1)))


def test_beginner_repeats_only_in_last_round_when_forced():
    armies = load_rulesets([BUILTIN_DIR])["neuroshima-hex-pl-2023"].armies
    forced = _beginner_event([("Borgo", "Vegas"), ("Hegemonia", "Smart"), ("Posterunek", "Piraci"), ("Borgo", "Moloch")])
    problems = Problems()
    armies.check_swiss(forced, list(forced.rounds), 4, problems)
    assert not problems  # Moloch, his only unused army, is the opponent's: the repeat is allowed
    early = _beginner_event([("Borgo", "Vegas"), ("Borgo", "Smart")])
    problems = Problems()
    armies.check_swiss(early, list(early.rounds), 4, problems)
    assert [p.message for p in problems.items] == ["Beginner already played 'Borgo' in the Swiss rounds; each army once (§6.2)"]
    free_choice = _beginner_event([("Borgo", "Vegas"), ("Hegemonia", "Smart"), ("Posterunek", "Piraci"), ("Hegemonia", "Borgo")])
    problems = Problems()
    armies.check_swiss(free_choice, list(free_choice.rounds), 4, problems)
    assert len(problems.items) == 1  # Moloch was still free and differs from the opponent's Borgo


def test_a_scoring_block_without_a_declared_method_is_refused_when_loaded(tmp_path, monkeypatch):
    """Issue 17: a stage calls match_winner on every knockout; a scoring without it crashed mid-event
    (a Micromutants forfeit in a knockout). Now the ruleset naming it is refused at its line."""
    from podium.core.errors import UserError
    from podium.rules import registry
    from podium.rules.scoring import Scoring

    class HalfScoring(Scoring):
        name = "half"

        def outcomes(self, pairing, round_no, stage=None):
            return []

    monkeypatch.setitem(registry.BLOCKS, "scoring", ("scoring", {**registry.BLOCKS["scoring"][1], "half": HalfScoring}))
    (tmp_path / "club.yaml").write_text("id: club\nname: Club\nextends: ffg-conquest\nscoring:\n  kind: half\n")
    with pytest.raises(UserError) as caught:
        load_rulesets([BUILTIN_DIR, tmp_path])
    assert str(caught.value) == (f"{tmp_path / 'club.yaml'}:5: scoring 'half' lacks match_winner, which every scoring "
                                 "must answer; it cannot be used (a bug of that block: report it)")


def test_season_players_equal_on_every_rule_share_their_rank_and_each_event_gives_its_points():
    """Season points {1: 10, 2: 6, 3: 3}. Event A: ann 1st, bob 2nd, cid 3rd; event B: bob 1st, ann
    2nd, dan 3rd. ann and bob: 16 points, 2 events, best place 1 — equal on all three rules of the
    page ("more events played first, then the better best place"), so they share 1st; before,
    bob's id put him 2nd. cid and dan: 3 points, 1 event, best place 3 — they share 3rd."""
    from types import SimpleNamespace

    from podium.rules.season import leaderboard

    def event(event_id, *players):
        rows = [SimpleNamespace(rank=rank, player=p) for rank, p in enumerate(players, start=1)]
        return SimpleNamespace(complete=True, final_rows=rows, event=SimpleNamespace(id=event_id))

    rows = leaderboard(SimpleNamespace(points={1: 10, 2: 6, 3: 3}), [event("a", "ann", "bob", "cid"),
                                                                     event("b", "bob", "ann", "dan")])
    assert [(r.player, r.rank, r.shared, r.points) for r in rows] == [
        ("ann", 1, True, 16), ("bob", 1, True, 16), ("cid", 3, True, 3), ("dan", 3, True, 3)]
    assert rows[0].points_by_event == {"a": 10, "b": 6}
