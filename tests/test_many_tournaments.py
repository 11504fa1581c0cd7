"""Random tournaments through the engine (issue 8): mixed rulesets, 2–300 players,
drops, late entries, byes. After every round: no rematch in a Swiss, no second bye, every
active player who has joined is seated exactly once, and the standings hold their invariants.

Plain seeded loops rather than hypothesis: each tournament is reproducible from its number
(the failure message names it). The default run plays 300 (about 3 s on 2 cores), so the
whole suite stays within its budget; PODIUM_TOURNAMENTS=10000 plays the full size (about a
minute), as before a release.
"""
from __future__ import annotations

import dataclasses
import os
import random

import pytest

from podium.core.errors import Problems, Src, UserError
from podium.content.load import parse_yaml
from podium.core.model import Event, Game, Pairing, Player, Round
from podium.rules.engine import compute_event, next_round
from podium.content.rulesets import BUILTIN_DIR, load_rulesets

COUNT = int(os.environ.get("PODIUM_TOURNAMENTS", "300"))
SRC = Src("generated.yaml", 1)
RULESETS = load_rulesets([BUILTIN_DIR])


def bare(ruleset_id: str):
    """The ruleset without registration rules (armies, roles): the test registers bare names."""
    ruleset = RULESETS[ruleset_id]
    blocks = {k: v for k, v in ruleset.blocks.items() if k not in ("armies", "roles")}
    return dataclasses.replace(ruleset, blocks=blocks)


NSHEX, FFG, TABLES, TANTRIX = bare("neuroshima-hex-pl-2023"), bare("ffg-conquest"), bare("carcassonne-cz"), bare("tantrix")


def size(rand: random.Random) -> int:
    """Mostly club-sized fields, sometimes big ones up to 300."""
    roll = rand.random()
    if roll < 0.80:
        return rand.randint(2, 16)
    if roll < 0.97:
        return rand.randint(17, 64)
    return rand.randint(65, 300)


def a_tournament(number: int):
    rand = random.Random(number)
    players = size(rand)
    choice = rand.random()
    if players >= 4 and choice < 0.12:
        ruleset, structure = TABLES, parse_yaml(f"[{{kind: tables, rounds: {rand.randint(1, 4)}, size: 4}}]", "s")
    elif 3 <= players <= 8 and choice < 0.2:
        ruleset, structure = TANTRIX, parse_yaml(f"[{{kind: round-robin, groups: {min(rand.randint(1, 2), players // 2)}, games: 1}}]", "s")
    elif choice < 0.3 and players >= 2:
        ruleset, structure = FFG, parse_yaml("[{kind: knockout, seeding: random}]", "s")
    else:
        ruleset = NSHEX if rand.random() < 0.6 else FFG
        rounds = rand.randint(1, 5 if players > 64 else 7)
        cut = rand.choice([0, 0, 2, 4, 8])
        structure = parse_yaml(f"{{swiss_rounds: {rounds}, cut: {cut if cut <= players // 2 else 0}}}", "s")
    late = not isinstance(structure, list) or structure[0]["kind"] == "tables"  # Swiss and tables take late entries
    last = structure[0].get("rounds", 1) if isinstance(structure, list) else structure["swiss_rounds"]  # joins by then
    people = tuple(Player(id=f"p{i:03d}", name=f"P{i}", src=SRC,
                          joins=min(rand.choice([2, 3]), last) if late and rand.random() < 0.05 else 1)
                   for i in range(players))
    event = Event(id=f"t{number}", name="t", folder="", src=SRC, ruleset=ruleset.id, structure=structure,
                  seed=number, players=people)
    return rand, ruleset, event


def result_of(draft, stage: str, rand: random.Random, ruleset) -> Pairing:
    players = draft.players
    fields = {}
    if not draft.bye:
        if ruleset is TABLES:
            fields["score"] = tuple(rand.randint(40, 120) for _ in players)
        elif ruleset is TANTRIX:
            fields["games"] = (Game(src=SRC, score=(rand.randint(0, 40), rand.randint(0, 40))),)
        elif ruleset is NSHEX:
            a, b = rand.randint(0, 20), rand.randint(0, 20)
            if stage == "knockout" and a == b and rand.random() < 0.5:  # half the level finals games get a winner
                a, b = (a, b - 1) if b else (1, 0)
            fields["score"] = (a, b)
        else:
            fields["winner"] = rand.choice(players)
            fields["modified"] = rand.random() < 0.1
    return Pairing(players=players, src=SRC, table=draft.table, bye=draft.bye, match=draft.match, **fields)


def check_round(result, number: int) -> None:
    event = result.event
    rnd = event.rounds[number - 1]
    stage = result.stage_of(rnd)
    seated = [p for pairing in rnd.pairings for p in pairing.players]
    assert len(seated) == len(set(seated)), "a player seated twice"
    if stage.kind in ("swiss", "tables"):
        status_then = {p: s for p, s in result.status.items() if result.status_round.get(p, 99) >= number}
        expected = {p.id for p in event.players if p.id in status_then and p.joins <= number}
        assert set(seated) == expected, "every active, joined player is seated"
    if stage.kind == "swiss":
        for player, record in stage.records.items():
            assert len(record.opponents) == len(set(record.opponents)), f"{player} met an opponent twice"
            assert record.byes <= 1, f"{player} had a second bye"


def check_standings(result) -> None:
    rows = result.final_rows
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    assert sorted(r.player for r in rows) == sorted(p.id for p in result.event.players)
    first = result.stages[0]
    if first.kind in ("swiss", "tables", "round-robin"):
        for player, record in first.records.items():
            assert record.points == pytest.approx(sum(o.points for o in record.outcomes))
        tables = [g.rows for g in first.groups] if first.groups else [first.rows]  # groups: sorted within each
        for rows_of in tables:
            live = [r for r in rows_of if r.status not in ("disqualified", "excluded")]
            assert all(a.points >= b.points for a, b in zip(live, live[1:])), "standings sorted by points"


def play(number: int) -> int:
    rand, ruleset, event = a_tournament(number)
    played = 0
    while True:
        problems = Problems()
        result = compute_event(event, ruleset, problems)
        assert not problems.items, [str(p) for p in problems.items]  # drops never make the content wrong (a cut short of players is played by those left)
        for round_no in range(1, len(event.rounds) + 1):
            check_round(result, round_no)
        check_standings(result)
        if result.complete:
            return played
        try:
            draft = next_round(result)
        except UserError as exc:  # too few players left, or a tiny field with more rounds than opponents
            assert any(t in str(exc) for t in ("cannot be paired", "not drawn", "fewer than two")), str(exc)
            return played
        active = [p for pr in draft.pairings for p in pr.players if not pr.bye]
        drops = tuple(p for p in active if rand.random() < 0.03 and draft.stage in ("swiss", "tables"))
        pairings = tuple(result_of(d, draft.stage, rand, ruleset) for d in draft.pairings)
        event = dataclasses.replace(event, rounds=event.rounds + (
            Round(number=draft.number, stage=draft.stage, pairings=pairings, src=SRC, drops=drops),))
        played += 1


def test_random_tournaments_keep_every_invariant():
    rounds = 0
    for number in range(COUNT):
        try:
            rounds += play(number)
        except AssertionError as exc:
            raise AssertionError(f"tournament {number} (PODIUM_TOURNAMENTS and a_tournament({number}) reproduce it): {exc}") from exc
    assert rounds > COUNT  # most tournaments play several rounds
