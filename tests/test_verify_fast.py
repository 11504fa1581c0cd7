"""check and verify at archive scale: each event replayed once for all its re-draws (O(rounds),
not a replay of rounds 1 … n−1 for every round n), events re-drawn in parallel, with the very
results of the round-by-round, one-event-after-another way."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from conftest import nshex_player
from play import strength_results

from podium.commands import verify
from podium.run import answers
from podium.run.cache import CHECK_NOTES, VERIFIED, Kept
from podium.commands.check import check
from podium.run.archive import load_archive
from podium.core.errors import Problems, UserError
from podium.rules.engine import compute_event, next_round
from podium.rules.stages import swiss

DEMO = Path(__file__).resolve().parent.parent / "content"


def _play(tree, cli, event_id, rounds):
    for number in range(1, rounds + 1):
        cli("pair", event_id)
        strength_results(tree, event_id, number)


def _redrawn_round_by_round(event, ruleset) -> tuple:
    """Each round drawn as `podium pair` drew it: a replay of the rounds before it, then the draw
    (the way verify worked before it replayed an event once)."""
    drawn = []
    for index, published in enumerate(event.rounds):
        then = dataclasses.replace(event, rounds=event.rounds[:index],
                                   players=verify._late_entries_then(event.players, published))
        try:
            pairings = next_round(compute_event(then, ruleset, Problems())).pairings
            drawn.append(verify.Redraw(verify._tables(pairings, verify._coloured(ruleset))))
        except UserError as exc:
            drawn.append(verify.Redraw(reason="; ".join(p.message for p in exc.problems)))
    return tuple(drawn)


def test_verify_replays_each_round_of_an_event_once(tree, cli, monkeypatch):
    """Five Swiss rounds: re-drawing them all plays each round at most once (a replay per round
    played 1 + 2 + 3 + 4 = 10 rounds), and draws what a replay per round draws."""
    tree.event("e1", 12, structure={"swiss_rounds": 5, "cut": 0})
    _play(tree, cli, "e1", 5)
    result = load_archive(tree.content).events["e1"]
    played = []
    original = swiss._play
    monkeypatch.setattr(swiss, "_play", lambda rnd, *rest: (played.append(rnd.number), original(rnd, *rest))[1])
    redrawn = verify.redrawn_tables(result.event, result.ruleset)
    assert len(redrawn) == 5 and all(r.tables and not r.reason for r in redrawn)
    assert sorted(played) == sorted(set(played)) and len(played) <= 5
    played.clear()
    assert _redrawn_round_by_round(result.event, result.ruleset) == redrawn
    assert len(played) == 10  # what a replay per round costs
    assert verify.verify_event(result) == []


def test_one_replay_draws_what_a_replay_per_round_draws_for_every_kind_of_stage():
    """The demo's events: Swiss with a knockout cut, round robins, groups then free-for-all
    tables, Czech tables, a knockout alone."""
    archive = load_archive(DEMO)
    for result in archive.events.values():
        assert verify.redrawn_tables(result.event, result.ruleset) == \
            _redrawn_round_by_round(result.event, result.ruleset), result.event.id


def test_late_entries_are_redrawn_as_their_round_files_record_them(tree, cli):
    players = [nshex_player(i) for i in range(1, 10)] + [{**nshex_player(10), "joins": 3}]
    tree.event("e1", players, structure={"swiss_rounds": 4, "cut": 0})
    _play(tree, cli, "e1", 4)
    result = load_archive(tree.content).events["e1"]
    assert verify.redrawn_tables(result.event, result.ruleset) == _redrawn_round_by_round(result.event, result.ruleset)
    assert cli("verify", "e1").output.strip() == "ok: 4 rounds re-drawn, all identical"


@pytest.fixture
def several_events(tree, cli):
    """Five events, one with a round changed by hand after it was drawn and one with a result
    corrected after the next round was paired: check and verify have something to say."""
    for number in range(1, 6):
        tree.event(f"e{number}", 8 + number, structure={"swiss_rounds": 3, "cut": 0}, seed=number)
        _play(tree, cli, f"e{number}", 3)
    met = {frozenset(p["players"]) for number in (1, 2) for p in tree.read_round("e2", number)["pairings"]}
    edited = tree.read_round("e2", 3)
    first, second = next((x, y) for x in edited["pairings"] for y in edited["pairings"]  # a swap that stays legal
                         if x is not y and not x.get("bye") and not y.get("bye")
                         and {frozenset((x["players"][0], y["players"][1])),
                              frozenset((y["players"][0], x["players"][1]))}.isdisjoint(met))
    first["players"][1], second["players"][1] = second["players"][1], first["players"][1]
    first["armies"][1], second["armies"][1] = second["armies"][1], first["armies"][1]
    tree.save_round("e2", 3, edited)
    corrected = tree.read_round("e4", 1)
    for pairing in corrected["pairings"]:
        pairing["score"] = list(reversed(pairing["score"]))
    tree.save_round("e4", 1, corrected)
    return tree


def _in_processes(monkeypatch, processes: int, content: Path) -> None:
    """Events worked out in ``processes`` processes from now on, none of their answers kept."""
    monkeypatch.setattr(answers, "PARALLEL_EVENTS", 2 if processes > 1 else 10**9)
    monkeypatch.setattr(answers, "cores", lambda: processes)
    monkeypatch.setattr(answers, "worth_splitting", lambda count, threshold: processes > 1 and count >= threshold)
    for purpose in (CHECK_NOTES, VERIFIED):
        Kept(content, purpose).keep_only(())


def test_check_and_verify_in_parallel_say_what_a_serial_run_says(several_events, monkeypatch):
    content = several_events.content
    _in_processes(monkeypatch, 1, content)
    serial_check, serial_verify = check(content), verify.verify(content, None)
    assert "e2/rounds/3.yaml" in serial_check and "e4/rounds/2.yaml" in serial_check
    for processes in (2, 3):
        _in_processes(monkeypatch, processes, content)
        assert check(content) == serial_check
        assert verify.verify(content, None) == serial_verify
