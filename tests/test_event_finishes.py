"""Issue 15, round 3: real situations that left an event unfinishable or wrongly scored — a
knockout reached by fewer players than its cut, a free-for-all table down to two, excluded
players in groups, an event left with one active player, a 2-vs-2 group that loses a player.
Each event is played through the CLI: pair → results → pair …; the expected standings are
worked by hand in each test's docstring."""
from __future__ import annotations

import json

from play import next_armies


def standings(cli, event_id: str) -> dict:
    return json.loads(cli("standings", event_id, "--json").output)


def ranks(result: dict) -> list[tuple]:
    return [(r["rank"], r["player"], r["points"], r["status"]) for r in result["standings"]]


def notes(cli) -> list[str]:
    output = cli("check").output.splitlines()
    assert output[-1].startswith("ok"), output
    return output[:-1]


def drop(tree, event_id: str, number: int, players: list[str]) -> int:
    """List ``players`` under 'drops:' of round ``number``; the line of the first of them."""
    data = tree.read_round(event_id, number)
    data["drops"] = players
    tree.save_round(event_id, number, data)
    lines = tree.round_path(event_id, number).read_text(encoding="utf-8").splitlines()
    return lines.index("drops:") + 2


# ------------------------------------------------------------------ Tantrix

TANTRIX_GAME = {"score": [30, 20], "time": ["12:00", "12:00"], "tiles": [20, 20]}  # margin 10: 16.2 / 3.8 TP


def tantrix_lower_id_wins(tree, event_id: str, number: int) -> dict:
    """Every game of round ``number``: the lower id wins 30–20 (16.2 / 3.8 TP a game)."""
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        if pairing.get("bye") or "forfeit" in pairing:
            continue
        a, b = pairing["players"]
        games = len(pairing.get("games") or [None])
        score = [30, 20] if a < b else [20, 30]
        pairing["games"] = [{**TANTRIX_GAME, "score": score} for _ in range(games)]
    tree.save_round(event_id, number, data)
    return data


def rated(prefix: str, count: int) -> list[dict]:
    return [{"name": f"Gracz {prefix}{i}", "id": f"{prefix}{i}", "rating": 2000 - 10 * i} for i in range(1, count + 1)]


def test_an_excluded_player_is_last_across_the_groups_not_at_his_groups_place(tree, cli):
    """Tantrix §7d: a totally excluded player's results do not count in the final table. Seven
    rated players, two groups dealt in snake order: A t1, t4, t5 · B t2, t3, t6, t7; one game a
    mini-match. Round 1 A: t4 v t5 (t1 rests); B: t2 v t7, t3 v t6. t1 withdraws after it: his
    two games to come are missed, more than a mini-match's one — excluded, nothing counts.
    The lower id wins every game (16.2 / 3.8):
         A  t4 16.2 · t5 3.8 · t1 0 (excluded)
         B  t2 3 × 16.2 = 48.6 · t3 2 × 16.2 + 3.8 = 36.2 · t6 16.2 + 2 × 3.8 = 23.8 · t7 3 × 3.8 = 11.4
       Across the groups, every 1st, then every 2nd …: t2, t4 · t3, t5 · t6 · t7 — and t1 last.
       Before, t1 stood at his group's place, A3, among the 3rds: 5 t6, 6 t1, 7 t7."""
    tree.event("gx", rated("t", 7), ruleset="tantrix", structure=[{"kind": "round-robin", "groups": 2, "games": 1}])
    for number in range(1, 4):
        cli("pair", "gx")
        tantrix_lower_id_wins(tree, "gx", number)
        if number == 1:
            drop(tree, "gx", 1, ["t1"])
    result = standings(cli, "gx")
    assert result["complete"]
    assert ranks(result) == [(1, "t2", 48.6, "active"), (2, "t4", 16.2, "active"), (3, "t3", 36.2, "active"),
                             (4, "t5", 3.8, "active"), (5, "t6", 23.8, "active"), (6, "t7", 11.4, "active"),
                             (7, "t1", 0, "excluded")]
    cli("build", "--out", tree.root / "site")


# ------------------------------------------------------------------ Micromutants extreme

INTACT_1 = {"intact": 1, "damaged": 0, "square": 0}  # 2 secondary points (RBB: 2 an intact hexagonal base)


def free_for_all_turn(tree, event_id: str, number: int, finish: list[str], bases: dict = INTACT_1) -> dict:
    """Turn ``number`` of a free-for-all table: its players in ``finish`` order, the winner's bases."""
    data = tree.read_round(event_id, number)
    (pairing,) = data["pairings"]
    pairing.update(finish=finish, bases=bases, eliminated={})
    tree.save_round(event_id, number, data)
    return data


def test_a_free_for_all_table_down_to_two_plays_its_turns_by_places(tree, cli):
    """House rule (MicromutantsScoring): a free-for-all table plays its turns on without a player
    who leaves, each keeping his seat and clans. m1–m4 seated A–D by rating; turn 1 finishes m1,
    m2, m3, m4 (6, 4, 2, 3; m1's intact base: 2 secondary); m3 and m4 withdraw. m1 and m2 play
    turns 2–4 as the table they are — places 1st 6, 2nd 4, the winner's bases — and m1 wins
    each: turn 2 one intact base (2), turn 3 two (4), turn 4 one intact and one damaged (3).
         m1  6 + 6 + 6 + 6 = 24, secondary 2 + 2 + 4 + 3 = 11, 4 wins
         m2  4 + 4 + 4 + 4 = 16, 4 second places
         m4  3 (withdrawn) · m3 2 (withdrawn)
       Before, turn 2 asked for "game 1: the bella" of a best-of-1 match, refused 'finish:' and
       'bases:', and gave m1 6 + 1 + 1 + 1 = 9, one win and 2 secondary points."""
    tree.event("ffa", [{"name": f"Giocatore m{i}", "id": f"m{i}", "rating": 2000 - i} for i in range(1, 5)],
               ruleset="micromutants-extreme", structure=[{"kind": "free-for-all"}])
    cli("pair", "ffa")
    free_for_all_turn(tree, "ffa", 1, ["m1", "m2", "m3", "m4"])
    drop(tree, "ffa", 1, ["m3", "m4"])
    cli("pair", "ffa")
    text = tree.round_path("ffa", 2).read_text(encoding="utf-8")
    assert "    finish: []  # the players from 1st to last\n" in text and "bella" not in text
    assert "# clans this turn: A Flyborg, B Sovietopteri" in text
    free_for_all_turn(tree, "ffa", 2, ["m1", "m2"])
    for number, bases in ((3, {"intact": 2, "damaged": 0, "square": 0}), (4, {"intact": 1, "damaged": 1, "square": 0})):
        cli("pair", "ffa")
        free_for_all_turn(tree, "ffa", number, ["m1", "m2"], bases)
    result = standings(cli, "ffa")
    assert result["complete"]
    assert ranks(result) == [(1, "m1", 24, "active"), (2, "m2", 16, "active"), (3, "m4", 3, "dropped"),
                             (4, "m3", 2, "dropped")]
    assert result["standings"][0]["tiebreaks"] == {"secondary": 11, "wins": 4, "tertiary": 0, "second_places": 0}
    assert result["standings"][1]["tiebreaks"]["second_places"] == 4
    cli("check")
    cli("build", "--out", tree.root / "site")
    page = (tree.root / "site" / "events" / "ffa" / "rounds" / "3" / "index.html").read_text(encoding="utf-8")
    assert 'Giocatore m2</a> <span class="army">USArtropodi</span> <span class="army">→ 4 pts</span>' in page
