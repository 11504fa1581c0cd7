"""Knockout brackets (issue 15): walkovers after a drop or a disqualification, the seeding of a
knockout that opens an event, byes in brackets of any size, the names of every round, and
cross-over seeding after groups. Each case is played through pair → results → standings.

Results follow rules one can check by hand: in the knockouts the higher seed wins every match
that is played (NS HEX: 12 v 5 HQ; FFG: 'winner:'), so the expected classifications below are
written in seeds, read from the bracket the event drew.
"""
from __future__ import annotations

import json

import pytest

from conftest import nshex_player
from podium.rules.brackets import is_match_name, round_name
from podium.rules.pairing.knockout import GameNumberBracket, StandardBracket, crossover_slots

# ---------------------------------------------------------------- helpers


def standings(cli, event_id: str) -> dict:
    return json.loads(cli("standings", event_id, "--json").output)


def knockout_of(result: dict) -> dict:
    return next(s for s in result["stages"] if s["kind"] == "knockout")


def seeds_of(result: dict) -> dict[int, str]:
    """Seed → player, from the bracket's first round."""
    first = knockout_of(result)["matches"]
    return {seed: player for m in first for player, seed in zip(m["players"], m["seeds"]) if seed}


def nshex_results(tree, event_id: str, number: int, seed_of: dict | None = None) -> dict:
    """Swiss: the lower player number wins 12 v 5; knockout: the higher seed wins 12 v 5. Each
    player fields his registered army number (round − 1) mod 5. A walkover ('forfeit:' written by
    pair) and a bye are left as they are."""
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        players = pairing["players"]
        pairing["armies"] = [nshex_player(int(p[1:]))["armies"][(number - 1) % 5] for p in players]
        if pairing.get("bye") or "forfeit" in pairing:
            if "forfeit" in pairing:
                del pairing["armies"]
            continue
        score_12_5(pairing, seed_of)
    tree.save_round(event_id, number, data)
    return data


def score_12_5(pairing: dict, seed_of: dict | None) -> None:
    """12 v 5 HQ for the higher seed (a knockout) or, without seeds, the lower player number."""
    a, b = pairing["players"]
    first_wins = seed_of[a] < seed_of[b] if seed_of else a < b
    pairing["score"] = [12, 5] if first_wins else [5, 12]


def play_nshex_swiss(tree, cli, event_id: str, players: int = 12) -> dict:
    tree.event(event_id, players)
    for number in range(1, 5):
        cli("pair", event_id)
        nshex_results(tree, event_id, number)
    cli("pair", event_id)  # the semifinals of the top 4
    return {p: s for s, p in seeds_of(standings(cli, event_id)).items()}


def final_order(result: dict) -> list[str]:
    return [row["player"] for row in result["standings"]]


def swiss_order(result: dict) -> list[str]:
    return [row["player"] for row in next(s for s in result["stages"] if s["kind"] == "swiss")["standings"]]


# ------------------------------------------------- 1. walkovers: a drop or a disqualification


def test_nshex_semifinal_winner_withdraws_and_the_final_is_a_walkover(tree, cli):
    """12 players → 4 Swiss rounds, top 4 (§5.1). Semifinals 1 v 4 and 2 v 3 (§5.9); the higher
    seeds win. Seed 1 withdraws after the semifinal: the final is a walkover for seed 2, seed 1
    is its loser (2nd); seed 3 beats seed 4 for 3rd; 5th–12th keep their Swiss places (§9)."""
    seed = play_nshex_swiss(tree, cli, "semi")
    s = {n: p for p, n in seed.items()}
    data = nshex_results(tree, "semi", 5, seed)
    data["drops"] = [s[1]]
    tree.save_round("semi", 5, data)
    cli("pair", "semi")
    text = tree.round_path("semi", 6).read_text(encoding="utf-8")
    assert (f'forfeit: "{s[1]}"  # Player {s[1][1:]} withdrew after round 5: Player {s[2][1:]} goes on without '
            "playing (a walkover)") in text
    final = tree.read_round("semi", 6)["pairings"][0]
    assert (final["match"], final["players"], final["forfeit"]) == ("final", [s[1], s[2]], s[1])
    nshex_results(tree, "semi", 6, seed)
    result = standings(cli, "semi")
    assert result["complete"] is True
    assert final_order(result) == [s[2], s[1], s[3], s[4]] + swiss_order(result)[4:]
    assert {r["player"]: r["status"] for r in result["standings"]}[s[1]] == "dropped"
    played_final = next(m for m in knockout_of(result)["matches"] if m["match"] == "final")
    assert (played_final["winner"], played_final["points"]) == (s[2], None)  # not played: no points
    assert cli("pair", "semi", expect=1).output.count("complete") == 1
    assert cli("check").output.startswith("ok")
    cli("build", "--out", tree.root / "site")
    assert (tree.root / "site" / "events" / "semi" / "index.html").is_file()


@pytest.mark.parametrize("how", ["drop", "third warning"])
def test_nshex_semifinal_loser_gone_and_the_third_place_match_is_a_walkover(tree, cli, how):
    """Seed 4 loses his semifinal to seed 1 and withdraws (or gets his third warning, §2.3): the
    3rd-place match is a walkover for seed 3. Seed 1 beats seed 2 in the final.
    Classification: 1, 2, 3 by seed; seed 4, withdrawn, keeps 4th, the loser's place of his
    match (§2.5: he keeps his results); disqualified, he is last (§2.3: "wykluczony z
    turnieju", as in the Swiss) and the best player outside the cut (Swiss 5th) is 4th."""
    seed = play_nshex_swiss(tree, cli, "third")
    s = {n: p for p, n in seed.items()}
    data = nshex_results(tree, "third", 5, seed)
    if how == "drop":
        data["drops"] = [s[4]]
    else:
        swiss = tree.read_round("third", 2)
        swiss["penalties"] = [{"player": s[4], "kind": "warning", "reason": "slow play"}] * 2
        tree.save_round("third", 2, swiss)
        data["penalties"] = [{"player": s[4], "kind": "warning", "reason": "slow play"}]
    tree.save_round("third", 5, data)
    cli("pair", "third")
    third = tree.read_round("third", 6)["pairings"][1]
    assert (third["match"], third["players"], third["forfeit"]) == ("third-place", [s[4], s[3]], s[4])
    nshex_results(tree, "third", 6, seed)
    result = standings(cli, "third")
    assert result["complete"] is True
    order = final_order(result)
    if how == "drop":
        assert order[:4] == [s[1], s[2], s[3], s[4]]
    else:
        assert order[:4] == [s[1], s[2], s[3], swiss_order(result)[4]] and order[-1] == s[4]
    status = {"drop": "dropped", "third warning": "disqualified"}[how]
    assert {r["player"]: r["status"] for r in result["standings"]}[s[4]] == status


def test_nshex_drop_after_the_last_swiss_round_leaves_the_cut_to_the_next_player(tree, cli):
    """A drop listed in round 4 (after the last Swiss round) comes before the cut is paired:
    the withdrawn player is not paired again (§2.5), so the top 4 are the four best active
    players, and he is placed right after them (the cut's places come first, §9)."""
    tree.event("before", 12)
    for number in range(1, 5):
        cli("pair", "before")
        nshex_results(tree, "before", number)
    swiss = swiss_order(standings(cli, "before"))
    data = tree.read_round("before", 4)
    data["drops"] = [swiss[1]]
    tree.save_round("before", 4, data)
    cli("pair", "before")
    semis = tree.read_round("before", 5)["pairings"]
    cut = [swiss[0], swiss[2], swiss[3], swiss[4]]  # seeds 1–4 without the 2nd, who withdrew
    assert [p["players"] for p in semis] == [[cut[0], cut[3]], [cut[1], cut[2]]]
    seed = {p: i + 1 for i, p in enumerate(cut)}
    nshex_results(tree, "before", 5, seed)
    cli("pair", "before")
    nshex_results(tree, "before", 6, seed)
    result = standings(cli, "before")
    assert result["complete"] is True
    assert final_order(result)[:6] == cut + [swiss[1], swiss[5]]


def test_both_semifinal_losers_gone_means_no_third_place_match(tree, cli):
    """Both semifinal losers withdraw: nobody plays for 3rd place; they keep 3rd and 4th in
    their Swiss order, as without a 3rd-place match (§9 has no rule for it: house rule)."""
    seed = play_nshex_swiss(tree, cli, "none")
    s = {n: p for p, n in seed.items()}
    data = nshex_results(tree, "none", 5, seed)
    data["drops"] = [s[3], s[4]]
    tree.save_round("none", 5, data)
    cli("pair", "none")
    assert [p["match"] for p in tree.read_round("none", 6)["pairings"]] == ["final"]
    nshex_results(tree, "none", 6, seed)
    result = standings(cli, "none")
    assert result["complete"] is True and final_order(result)[:4] == [s[1], s[2], s[3], s[4]]


def test_a_walkover_written_with_a_score_is_refused_at_its_line(tree, cli):
    seed = play_nshex_swiss(tree, cli, "wrong")
    s = {n: p for p, n in seed.items()}
    data = nshex_results(tree, "wrong", 5, seed)
    data["drops"] = [s[1]]
    tree.save_round("wrong", 5, data)
    cli("pair", "wrong")
    data = tree.read_round("wrong", 6)
    del data["pairings"][0]["forfeit"]
    data["pairings"][0]["score"] = [12, 5]
    tree.save_round("wrong", 6, data)
    line = tree.round_path("wrong", 6).read_text(encoding="utf-8").splitlines().index("- table: 1") + 1
    output = cli("check", expect=1).output
    assert (f"content/events/wrong/rounds/6.yaml:{line}: {s[1]} is dropped since round 5, so {s[2]} wins the final "
            f"without playing (a walkover); write 'forfeit: {s[1]}' and no result — or, if he did play it, move "
            "his withdrawal to this round") in output
    assert "cannot play round 6" not in output  # one message, not two


def ffg_players(count: int) -> list[dict]:
    return [{"name": f"Gracz {i:02d}", "id": f"f{i:02d}"} for i in range(1, count + 1)]


def test_ffg_cut_finalist_withdraws_and_the_final_is_a_walkover(tree, cli):
    """FFG basic, 17 players → 4 Swiss rounds, top 4 (RULESETS.md §2); no 3rd-place match.
    Games 1 (seed 1 v 4) and 2 (seed 2 v 3), the higher seeds win; seed 2 withdraws after his
    semifinal: seed 1 wins the final by walkover. Seed 2 is 2nd, the semifinal losers 3rd and
    4th in Swiss order (seeds 3, 4)."""
    tree.event("cut", ffg_players(17), ruleset="ffg-conquest", level="casual", organizer="Olga", head_judge="Olga")
    for number in range(1, 5):
        cli("pair", "cut")
        data = tree.read_round("cut", number)
        for pairing in data["pairings"]:
            if not pairing.get("bye"):
                pairing["winner"] = min(pairing["players"])
        tree.save_round("cut", number, data)
    cli("pair", "cut")
    s = seeds_of(standings(cli, "cut"))
    data = tree.read_round("cut", 5)
    assert [p["players"] for p in data["pairings"]] == [[s[1], s[4]], [s[2], s[3]]]
    for pairing in data["pairings"]:
        pairing["winner"] = pairing["players"][0]
    data["drops"] = [s[2]]
    tree.save_round("cut", 5, data)
    cli("pair", "cut")
    final = tree.read_round("cut", 6)["pairings"]
    assert [(p["match"], p["players"], p["forfeit"]) for p in final] == [("final", [s[1], s[2]], s[2])]
    result = standings(cli, "cut")
    assert result["complete"] is True
    assert final_order(result)[:4] == [s[1], s[2], s[3], s[4]]
    assert cli("check").output.startswith("ok")


# --------------------------------------------- 2. a knockout that opens the event: its seeding


def tantrix_players(count: int, ratings: list[int]) -> list[dict]:
    return [{"name": f"Gracz {i}", "id": f"t{i}", "rating": ratings[i - 1]} for i in range(1, count + 1)]


def tantrix_games(tree, event_id: str, number: int, winner_of) -> None:
    """Every game of a pairing won 30–20 by ``winner_of(a, b)``; a walkover and a bye stay."""
    data = tree.read_round(event_id, number)
    for pairing in data["pairings"]:
        if pairing.get("bye") or "forfeit" in pairing:
            continue
        a, b = pairing["players"]
        score = [30, 20] if winner_of(a, b) == a else [20, 30]
        pairing["games"] = [{"score": score, "tiles": [20, 20]} for _ in pairing["games"]]
    tree.save_round(event_id, number, data)


def test_tantrix_knockout_only_event_is_seeded_by_rating_without_saying_so(tree, cli):
    """Tantrix §13: players are seeded by rating. Ratings 1500, 1800, 1650, 1700 → seeds t2, t4,
    t3, t1 → semifinals 1 v 4 (t2 v t1) and 2 v 3 (t4 v t3). Before, a knockout stage without
    'seeding:' was drawn at random by a bracket that cannot draw: every command crashed."""
    tree.event("ko", tantrix_players(4, [1500, 1800, 1650, 1700]), ruleset="tantrix",
               structure=[{"kind": "knockout", "games": 2, "third_place": False}])
    cli("pair", "ko")
    assert [p["players"] for p in tree.read_round("ko", 1)["pairings"]] == [["t2", "t1"], ["t4", "t3"]]


def test_a_knockout_opening_the_event_without_a_seeding_is_an_error_at_its_line(tree, cli):
    """NS HEX seeds a bracket by the Swiss (§5.9); with no stage before, nothing says how."""
    tree.event("open", 8, structure=[{"kind": "knockout", "third_place": True}])
    output = cli("check", expect=1).output
    assert ("content/events/open/event.yaml:8: a knockout that opens the event needs a seeding: add 'seeding: "
            "rating' (by the players' ratings) or 'seeding: random' (a drawn bracket) to this stage, or 'seeding:' "
            "to the ruleset's 'bracket:'") in output
    tree.event("open", 8, structure=[{"kind": "knockout", "seeding": "rank"}])
    assert ("content/events/open/event.yaml:9: 'seeding: rank' ranks by the stage before, and this knockout opens "
            "the event; use 'seeding: rating' or 'seeding: random'") in cli("check", expect=1).output
    tree.event("open", 8, structure=[{"kind": "knockout", "seeding": "random"}])
    assert cli("check").output.startswith("ok")


def test_a_ruleset_bracket_seeding_must_be_rating_or_random(tree, cli):
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets" / "club.yaml").write_text("id: club\nextends: neuroshima-hex-pl-2023\n"
                                                      "bracket: {kind: standard, seeding: elo}\n")
    output = cli("check", expect=1).output
    assert ("rulesets/club.yaml:3: 'seeding' of bracket seeding 'standard' must be one of (nothing), rating or random, "
            "not 'elo'") in output


# ------------------------------------------------------ 3. byes in brackets of any size


def test_three_player_bracket_gives_the_top_seed_a_bye_and_plays_no_third_place_match(tree, cli):
    """3 players, ratings t1 1900 > t2 1800 > t3 1700: semifinals t1 v bye, t2 v t3 (the top
    seed gets the bye). t2 beats t3, t1 beats t2 in the final. With one semifinal loser there is
    nobody for him to play for 3rd place: no 3rd-place match, t3 is 3rd. The rule documents are
    silent on this (NS HEX §5.9 and the RBB rules speak of the semifinal losers, plural)."""
    tree.event("three", tantrix_players(3, [1900, 1800, 1700]), ruleset="tantrix",
               structure=[{"kind": "knockout", "games": 2, "seeding": "rating", "third_place": True}])
    cli("pair", "three")
    semis = tree.read_round("three", 1)["pairings"]
    assert [(p["players"], p.get("bye", False), p["match"]) for p in semis] == [
        (["t1"], True, "semifinal"), (["t2", "t3"], False, "semifinal")]
    tantrix_games(tree, "three", 1, min)
    cli("pair", "three")
    assert [(p["match"], p["players"]) for p in tree.read_round("three", 2)["pairings"]] == [("final", ["t1", "t2"])]
    tantrix_games(tree, "three", 2, min)
    result = standings(cli, "three")
    assert result["complete"] is True and final_order(result) == ["t1", "t2", "t3"]
    assert [r["rank"] for r in result["standings"]] == [1, 2, 3]


def test_three_player_bracket_written_by_hand_is_accepted(tree, cli):
    tree.event("hand", tantrix_players(3, [1900, 1800, 1700]), ruleset="tantrix",
               structure=[{"kind": "knockout", "games": 2, "seeding": "rating", "third_place": True}])
    tree.save_round("hand", 1, {"round": 1, "stage": "knockout", "pairings": [
        {"players": ["t1"], "bye": True, "match": "semifinal"},
        {"players": ["t2", "t3"], "match": "semifinal",
         "games": [{"score": [30, 20], "tiles": [20, 20]}, {"score": [30, 20], "tiles": [20, 20]}]}]})
    tree.save_round("hand", 2, {"round": 2, "stage": "knockout", "pairings": [
        {"players": ["t1", "t2"], "match": "final",
         "games": [{"score": [20, 30], "tiles": [20, 20]}, {"score": [20, 30], "tiles": [20, 20]}]}]})
    assert cli("check").output.startswith("ok")
    assert final_order(standings(cli, "hand")) == ["t2", "t1", "t3"]


def test_micromutants_three_player_draw_plays_out_without_a_one_player_match(tree, cli):
    """RBB classic, 3 players: one drawn bye in the semifinals, then only the final (best of 5);
    the one semifinal loser is 3rd."""
    tree.event("mm3", [{"name": f"Giocatore {i}", "id": f"c{i}"} for i in range(1, 4)], ruleset="micromutants-classic")
    for number in (1, 2):
        cli("pair", "mm3")
        data = tree.read_round("mm3", number)
        for pairing in data["pairings"]:
            if not pairing.get("bye"):
                wins = 3 if pairing["match"] == "final" else 2
                pairing["games"] = [{"winner": min(pairing["players"])} for _ in range(wins)]
        tree.save_round("mm3", number, data)
    assert [p["match"] for p in tree.read_round("mm3", 2)["pairings"]] == ["final"]
    result = standings(cli, "mm3")
    assert result["complete"] is True and [r["rank"] for r in result["standings"]] == [1, 2, 3]


def test_game_numbered_bracket_below_a_power_of_two_gives_the_top_seeds_byes():
    """6 seeds in an 8-bracket: Games 1 and 2 are byes for seeds 1 and 2 (the missing seeds 8
    and 7), Game 3 is 3 v 6, Game 4 is 4 v 5; then Game 1's winner meets Game 4's."""
    first = GameNumberBracket().first_round([f"s{i}" for i in range(1, 7)])
    assert [m.players for m in first] == [["s1", None], ["s2", None], ["s3", "s6"], ["s4", "s5"]]
    assert [m.seeds for m in first] == [[1, None], [2, None], [3, 6], [4, 5]]
    first[2].winner, first[3].winner = "s6", "s4"
    assert [m.players for m in GameNumberBracket().next_round(first, {}, False)] == [["s1", "s4"], ["s2", "s6"]]


# ---------------------------------------------------------------- 4. round names


@pytest.mark.parametrize("players, name", [(2, "final"), (4, "semifinal"), (8, "quarterfinal"), (16, "round-of-16"),
                                           (64, "round-of-64"), (128, "round-of-128")])
def test_rounds_are_named_for_any_power_of_two(players, name):
    assert round_name(players) == name and is_match_name(name)


@pytest.mark.parametrize("name", ["round-of-8", "round-of-48", "round-of-064", "round-of-", "eighthfinal"])
def test_other_match_names_are_not_names(name):
    assert not is_match_name(name)


def test_forty_player_drawn_bracket_is_paired_checked_and_built(tree, cli):
    """40 players → a 64-bracket: 64 − 40 = 24 byes, the other 16 players in 8 matches."""
    tree.event("forty", [{"name": f"Giocatore {i}", "id": f"c{i:02d}"} for i in range(1, 41)],
               ruleset="micromutants-classic")
    cli("pair", "forty")
    first = tree.read_round("forty", 1)["pairings"]
    assert {p["match"] for p in first} == {"round-of-64"}
    assert (sum(1 for p in first if p.get("bye")), sum(1 for p in first if not p.get("bye"))) == (24, 8)
    output = cli("check").output
    assert output.startswith("note:") and "round-of-64" not in output
    cli("build", "--out", tree.root / "site")
    round_page = (tree.root / "site/events/forty/rounds/1/index.html").read_text()
    assert "Round of 64" in round_page  # a name from the catalogs' one message for any round of 2^k


def test_a_round_of_64_is_named_in_the_sites_language():
    from podium.site.i18n import Language
    from podium.rules.report import match_name as reported
    from podium.site.labels import match_name

    name = match_name(reported("round-of-64"))
    assert Language("pl").gettext(name["text"]) % name["args"] == "Runda 64 najlepszych"
    assert Language("cs").gettext(name["text"]) % name["args"] == "Kolo 64 nejlepších"


# ------------------------------------------------------------ 5. groups, then a knockout


def test_crossover_slots_for_two_and_four_groups():
    assert crossover_slots([["a1", "a2"], ["b1", "b2"]]) == ["a1", "b2", "b1", "a2"]
    assert crossover_slots([["a1", "a2"], ["b1", "b2"], ["c1", "c2"], ["d1", "d2"]]) == [
        "a1", "b2", "c1", "d2", "b1", "a2", "d1", "c2"]
    assert crossover_slots([["a1", "a2", "a3"], ["b1", "b2", "b3"]]) is None


# Tantrix §9 TP for a game won by a margin m: 10 + min(10, 2 + (4/3)·√m), to 0.1, the loser 20 minus that.
#   m = 1: 2 + 1.333 = 3.333 → 13.3 / 6.7;  m = 5: 2 + 2.981 = 4.981 → 15.0 / 5.0;
#   m = 10: 2 + 4.216 = 6.216 → 16.2 / 3.8;  m = 30: 2 + 7.303 = 9.303 → 19.3 / 0.7.
def margins_won(margins: dict[str, int]):
    """The lower id wins each game by the winner's margin in ``margins`` (5 unless listed)."""
    def decide(a: str, b: str) -> list[int]:
        winner = min(a, b)
        margin = margins.get(winner, 5)
        return [30, 30 - margin] if winner == a else [30 - margin, 30]
    return decide


def play_groups(tree, cli, event_id: str, groups: int, margins: dict, ruleset: str = "tantrix") -> list:
    """8 players rated t1 > … > t8, dealt in snake order into groups of one-game mini-matches."""
    tree.event(event_id, tantrix_players(8, [2000 - 10 * i for i in range(1, 9)]), ruleset=ruleset,
               structure=[{"kind": "round-robin", "groups": groups, "games": 1, "advance": 8 if groups == 4 else 4},
                          {"kind": "knockout", "games": 1, "third_place": groups == 2}])
    decide = margins_won(margins)
    number = 0
    while True:
        if cli("pair", event_id, expect=None).exit_code:
            break
        number += 1
        data = tree.read_round(event_id, number)
        if data["stage"] == "knockout":
            return data["pairings"]
        for pairing in data["pairings"]:
            pairing["games"] = [{"score": decide(*pairing["players"]), "tiles": [20, 20]}]
        tree.save_round(event_id, number, data)
    raise AssertionError(cli("check", expect=None).output)


def test_two_groups_cross_over_a1_b2_and_b1_a2(tree, cli):
    """Snake: A = t1 t4 t5 t8, B = t2 t3 t6 t7; the lower id wins every game. t1 wins by 10,
    t3 by 30, the rest by 5:
      A: t1 3 × 16.2 = 48.6; t4 15.0 + 15.0 + 3.8 = 33.8; t5 15.0 + 3.8 + 5.0 = 23.8; t8 13.8.
      B: t2 3 × 15.0 = 45.0; t3 5.0 + 19.3 + 19.3 = 43.6; t6 15.0 + 0.7 + 5.0 = 20.7; t7 10.7.
    Seeds across the groups: t1 (48.6), t2 (45.0), t3 (43.6), t4 (33.8). By seed alone the
    semifinals would be 1 v 4 = t1 v t4 and 2 v 3 = t2 v t3, both group rematches; crossed over
    they are A1 v B2 = t1 v t3 and B1 v A2 = t2 v t4."""
    semis = play_groups(tree, cli, "two", 2, {"t1": 10, "t3": 30})
    assert [(p["players"], p["match"]) for p in semis] == [(["t1", "t3"], "semifinal"), (["t2", "t4"], "semifinal")]


def test_four_groups_cross_over_so_group_mates_meet_only_in_the_final(tree, cli):
    """Snake: A = t1 t8, B = t2 t7, C = t3 t6, D = t4 t5; the lower id wins, t1 by 30, t2 by 10,
    t3 by 5, t4 by 1: winners t1 19.3, t2 16.2, t3 15.0, t4 13.3; runners-up t5 6.7, t6 5.0,
    t7 3.8, t8 0.7 — seeds 1–8 = t1 … t8. By seed the quarterfinals would be 1 v 8 (t1 v t8, both
    A) and 4 v 5 (t4 v t5, both D); crossed over: A1–B2 t1 v t7, C1–D2 t3 v t5 | B1–A2 t2 v t8,
    D1–C2 t4 v t6, so t1 and t8 (A) are in opposite halves."""
    quarters = play_groups(tree, cli, "four", 4, {"t1": 30, "t2": 10, "t3": 5, "t4": 1})
    assert [p["players"] for p in quarters] == [["t1", "t7"], ["t3", "t5"], ["t2", "t8"], ["t4", "t6"]]
    assert {p["match"] for p in quarters} == {"quarterfinal"}


def test_a_ruleset_may_turn_the_crossover_off(tree, cli):
    """``bracket: {crossover: false}``: seeded by place across the groups (1 v 4, 2 v 3)."""
    (tree.root / "rulesets").mkdir()
    (tree.root / "rulesets" / "seeded.yaml").write_text("id: seeded\nextends: tantrix\nbracket: {crossover: false}\n")
    semis = play_groups(tree, cli, "flat", 2, {"t1": 10, "t3": 30}, ruleset="seeded")
    assert [p["players"] for p in semis] == [["t1", "t4"], ["t2", "t3"]]


def test_standard_bracket_crossover_round_keeps_the_seeds():
    slots = crossover_slots([["a1", "a2"], ["b1", "b2"]])
    matches = StandardBracket().crossover_round(slots, {"a1": 1, "b1": 2, "a2": 3, "b2": 4})
    assert [(m.players, m.seeds, m.label) for m in matches] == [
        (["a1", "b2"], [1, 4], "semifinal"), (["b1", "a2"], [2, 3], "semifinal")]


def test_a_knockout_of_one_player_draws_nothing(tree, cli):
    # Found by the fuzzer: one registered player and a knockout made check crash (a bracket of
    # one slot has no second player). Nothing is drawn; pair asks for a second player.
    tree.event("ko", [{"name": "P0", "id": "p00"}], ruleset="tantrix", structure=[{"kind": "knockout", "games": 1}])
    assert cli("check").output.startswith("ok: 1 event")
    assert cli("pair", "ko", expect=1).output.splitlines()[0] == (
        "content/events/ko/event.yaml:1: round 1 cannot be paired: fewer than two players are registered; register "
        "the players in registrations.yaml, then run pair again")
