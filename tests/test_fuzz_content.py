"""Malformed or hostile content never crashes podium, and every problem is reported at its place.

The pass condition, checked on every run of every command here, is written out at the top of
tests/fuzz_inputs.py (``podium``): exit 0 with the command's normal output, or exit 1 with one
``path:line: message`` per problem — a real path in the content folder, a real line of it
(only whole-file problems such as "site.yaml is missing" or "not UTF-8" may omit the line) —
and ``N problems found.``; never a traceback.

What is fuzzed: random data in round and registration files (structured strategies); valid
events of every builtin ruleset with one or two files made hostile YAML (anchors and aliases,
recursive and nested; merge keys; duplicate keys; tabs; .nan/.inf; 5000-digit integers;
impossible dates; datetimes; odd ids; explicit tags; control characters; BOM; a list where a
mapping belongs; empty and comment-only files); and, for every ruleset in rulesets/, a small
event played through pair → fill in results → check → standings (text, --json) → build.

Runs: the default run plays a quarter of each test's examples, so that the whole suite stays within
its 150 s on 2 cores as tests are added; ``PODIUM_FUZZ_EXAMPLES=1x`` plays them all, and
``PODIUM_FUZZ_EXAMPLES=5x`` (or ``5``, ``0.5x``; read once, here) multiplies them for a long run, which also shrinks failures
(``PODIUM_FUZZ_SHRINK=1`` shrinks in a default run too). A failure prints the command, its
output, the traceback's last lines and every content file, the choices made (``Draw n``) and
``@reproduce_failure`` to replay it.
"""
from __future__ import annotations

import itertools
import os
import random
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from fuzz_inputs import (RULESETS, Failure, Picker, chess_player, fill_malformed, fill_partly, fill_valid, hostile_yaml,
                         new_event, new_pairing, pairing, podium, round_file, values, well_shaped_pairing,
                         write_files, check_json)


def _factor(text: str) -> float:
    text = text.strip().lower().rstrip("x")
    try:
        return max(float(text), 0.01)
    except ValueError:
        raise ValueError(f"PODIUM_FUZZ_EXAMPLES={text!r}: write a multiplier like 5x or 0.5") from None


FACTOR = _factor(os.environ.get("PODIUM_FUZZ_EXAMPLES", "0.25"))
# Shrinking a failure can take minutes; the default run skips it to stay in its time budget (the
# failure message holds the whole content tree and @reproduce_failure). Long runs shrink.
SHRINK = os.environ.get("PODIUM_FUZZ_SHRINK", "1" if FACTOR > 1 else "0") not in ("0", "", "no")
PHASES = [Phase.explicit, Phase.reuse, Phase.generate] + ([Phase.shrink] if SHRINK else [])


# CI draws the same examples on every run, so that a red build is the change's and not a new draw's;
# a developer's run draws new ones each time and so keeps finding what CI's fixed draw cannot.
DERANDOMIZE = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def fuzz(examples: int):
    return settings(max_examples=max(1, round(examples * FACTOR)), deadline=None, print_blob=True, phases=PHASES,
                    derandomize=DERANDOMIZE,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large, HealthCheck.filter_too_much])


_fresh = itertools.count()


def fresh(tmp_path: Path) -> Path:
    """A new folder per example (tmp_path is shared by all examples of a test)."""
    folder = tmp_path / f"x{next(_fresh)}"
    folder.mkdir()
    return folder


COMMANDS = (("check",), ("pair", "e1"), ("standings", "e1"), ("standings", "e1", "--json"))


def run_all(content: Path, out: Path) -> dict:
    """Every command on the same content; those that only read it agree on whether it is valid."""
    runs = {" ".join(args): podium(content, *args) for args in COMMANDS}
    runs["build"] = podium(content, "build", out=out)
    consistent(runs["check"], runs["standings e1"], runs["standings e1 --json"], runs["build"], content=content)
    return runs


def consistent(check, *others, content: Path) -> None:
    """check and build load the same archive: valid for one is valid for both, and the same
    problems are reported (build may add its own about --out). standings reads e1 alone (its
    folder, players.yaml, its season and the rulesets): it reports exactly check's problems in
    what it reads, and answers when the others lie elsewhere."""
    for other in others:
        if other.args[0] == "standings":
            read = {p for p in check.problems if read_by_one_event(p[0], content)}
            assert read <= set(other.problems) <= set(check.problems), (
                f"'{' '.join(other.args)}' reports other problems than check in what it reads:\n{check.stderr}\n---\n"
                f"{other.stderr}")
            assert other.code == (1 if read else 0), (other.args, other.code, check.stderr, other.stderr)
            continue
        assert other.code == check.code, (f"'check' exits {check.code} but '{' '.join(other.args)}' exits "
                                          f"{other.code}\ncheck: {check.stdout}{check.stderr}\nother: {other.stderr}")
        if check.code == 1:
            assert set(check.problems) <= set(other.problems), (
                f"'{' '.join(other.args)}' reports other problems than check:\n{check.stderr}\n---\n{other.stderr}")


def read_by_one_event(path, content: Path) -> bool:
    """Whether a problem's file is one that a command for event e1 alone reads."""
    root = content.resolve()
    return isinstance(path, Path) and (path == root / "players.yaml" or path.is_relative_to(root / "events" / "e1"))


# ----------------------------------------------------------------------- structured strategies

GOOD_PLAYERS = yaml.safe_dump([{"name": f"P{i}", "id": f"p{i:02d}", "beginner": True} for i in range(1, 6)])


def _tree(root: Path, rounds: list[str], registrations: str, ruleset: str = "neuroshima-hex-pl-2023") -> Path:
    content = root / "content"
    write_files(content, {"site.yaml": "title: Fuzz\n",
                          "events/e1/event.yaml": f"name: Fuzz\nruleset: {ruleset}\nseed: 1\norganizer: O\nhead_judge: O\n",
                          "events/e1/registrations.yaml": registrations,
                          **{f"events/e1/rounds/{n}.yaml": text for n, text in enumerate(rounds, start=1)}})
    return content


@fuzz(70)
@given(rounds=st.lists(round_file, min_size=1, max_size=3))
def test_random_round_files_never_crash(tmp_path, rounds):
    root = fresh(tmp_path)
    run_all(_tree(root, [yaml.safe_dump(r, allow_unicode=True) for r in rounds], GOOD_PLAYERS), root / "site")


@fuzz(40)
@given(registrations=values, raw=st.text(max_size=60))
def test_random_registrations_and_raw_text_never_crash(tmp_path, registrations, raw):
    for rounds, regs in (([], yaml.safe_dump(registrations, allow_unicode=True)), ([raw], GOOD_PLAYERS),
                         ([], "\ufeff" + raw.replace("\n", "\r\n"))):
        root = fresh(tmp_path)
        run_all(_tree(root, rounds, regs), root / "site")


@fuzz(30)
@given(players=st.lists(chess_player, min_size=1, max_size=6), rounds=st.lists(round_file, max_size=2),
       ruleset=st.sampled_from(["chess-swiss", "chess-round-robin", "mtg-swiss"]))
def test_chess_registrations_with_byes_and_late_entries_never_crash(tmp_path, players, rounds, ruleset):
    """Byes asked for in advance, late entries, ratings and titles, well or badly written, under
    the rulesets that read them: every command answers with problems at lines, never a traceback."""
    root = fresh(tmp_path)
    run_all(_tree(root, [yaml.safe_dump(r, allow_unicode=True) for r in rounds],
                  yaml.safe_dump(players, allow_unicode=True), ruleset), root / "site")


@fuzz(60)
@given(ruleset=st.sampled_from(RULESETS),
       stage=st.sampled_from(["round-robin", "knockout", "pairs-rotation", "free-for-all", "tables", "swiss"]),
       pairings=st.lists(new_pairing | well_shaped_pairing() | pairing, max_size=4))
def test_games_teams_and_tables_never_crash(tmp_path, ruleset, stage, pairings):
    """Matches of several games, 2-vs-2 teams, free-for-all finishes and VP tables, malformed."""
    root = fresh(tmp_path)
    content = _tree(root, [yaml.safe_dump({"round": 1, "stage": stage, "pairings": pairings}, allow_unicode=True)],
                    GOOD_PLAYERS, ruleset)
    run_all(content, root / "site")


HUGE = st.sampled_from([10 ** 8, 10 ** 14, 10 ** 15, -1, 0, 2 ** 63])
whole = st.integers(-2, 12) | HUGE
stage_strategy = st.fixed_dictionaries(
    {"kind": st.sampled_from(["swiss", "knockout", "round-robin", "pairs-rotation", "tables", "free-for-all", "x"])},
    optional={key: whole | values for key in ["rounds", "groups", "games", "best_of", "final_best_of", "size",
                                              "advance"]} | {"seeding": st.sampled_from(["rank", "rating", "random", "x"]),
                                                             "third_place": st.booleans() | values})
structures = (st.sampled_from(["auto", "basic", "advanced", "x"]) | values
              | st.fixed_dictionaries({"swiss_rounds": whole | values}, optional={"cut": whole | values})
              | st.lists(stage_strategy, max_size=3))
base_urls = st.sampled_from(["https://x.org/club", "http://[::1", "http://[zz]/", "http://x]/", "javascript:alert(1)",
                             "https://x.org:99999/", "https://x.org/?a", "//x.org", "https://ü.org/ß"]) | st.text(max_size=30)


@fuzz(60)
@given(ruleset=st.sampled_from(RULESETS), structure=structures, base_url=base_urls, players=st.integers(0, 9))
def test_random_structures_and_base_urls_never_crash_or_hang(tmp_path, ruleset, structure, base_url, players):
    """Structures with numbers no event can play (a hundred million rounds hung every command),
    groups of one player, unknown kinds; base URLs no address has."""
    root = fresh(tmp_path)
    registrations = yaml.safe_dump([{"name": f"P{i}", "id": f"p{i:02d}", "beginner": True} for i in range(players)])
    content = _tree(root, [], registrations, ruleset)
    event = (content / "events/e1/event.yaml").read_text(encoding="utf-8")
    (content / "events/e1/event.yaml").write_text(event + yaml.safe_dump({"structure": structure}), encoding="utf-8")
    (content / "site.yaml").write_text(yaml.safe_dump({"title": "Fuzz", "base_url": base_url}), encoding="utf-8")
    run_all(content, root / "site")


# ----------------------------------------------------------------------- hostile YAML

_BASES: dict[str, dict[str, str]] = {}


def base_event(ruleset: str) -> dict[str, str]:
    """A valid event of ``ruleset`` two rounds in (round 1 filled, round 2 as ``pair`` wrote it,
    comments and all), with a season and a registry: the files to make hostile. Cached. (A draw
    that ``pair`` cannot play is skipped here: the end-to-end test is the one that reports it.)"""
    for attempt in range(50):
        if ruleset in _BASES:
            break
        pick = Picker(random.Random(f"base {ruleset} {attempt}"))
        files = new_event(ruleset, pick)
        if "seasons/s1.yaml" not in files:
            continue
        with tempfile.TemporaryDirectory() as folder:
            content = Path(folder) / "content"
            write_files(content, files)
            regs = yaml.safe_load(files["events/e1/registrations.yaml"])
            blanks = []
            try:
                for number in (1, 2):
                    if podium(content, "pair", "e1").code != 0:
                        raise Failure("cannot pair")
                    path = content / f"events/e1/rounds/{number}.yaml"
                    blank = yaml.safe_load(path.read_text(encoding="utf-8"))
                    if number == 1:
                        filled = fill_valid(ruleset, blank, blanks, regs, pick)
                        path.write_text(yaml.safe_dump(filled, allow_unicode=True, sort_keys=False), encoding="utf-8")
                    blanks.append(blank)
            except Failure:
                continue
            _BASES[ruleset] = {str(p.relative_to(content)): p.read_text(encoding="utf-8")
                               for p in sorted(content.rglob("*.yaml"))}
    assert ruleset in _BASES, f"no valid {ruleset} event could be played two rounds in"
    return dict(_BASES[ruleset])


@fuzz(70)
@given(data=st.data())
def test_hostile_yaml_in_valid_files(tmp_path, data):
    """A valid event with one or two of its files made hostile (aliases, merge keys, duplicate
    keys, tabs, NaN, huge numbers, impossible dates, odd ids, control characters, BOM …)."""
    pick = Picker(data)
    files = base_event(pick.one(RULESETS))
    names = ["events/e1/rounds/1.yaml", "events/e1/rounds/2.yaml", "events/e1/registrations.yaml",
             "events/e1/event.yaml", "seasons/s1.yaml", "players.yaml", "site.yaml"]
    for target in pick.sample(names, pick.one([1, 1, 1, 2])):
        files[target] = hostile_yaml(files[target], pick)
        note(f"{target}:\n{files[target][:3000]}")
    root = fresh(tmp_path)
    write_files(root / "content", files)
    run_all(root / "content", root / "site")


# ----------------------------------------------------------------------- end to end

FILLS = {"valid": fill_valid, "partly": fill_partly, "malformed": fill_malformed}
MODES = ["valid"] * 6 + ["partly", "malformed", "hostile", "blank"]
MAX_STEPS = 22  # enough to finish every builtin ruleset's small events (Swiss + cut, groups + finals …)


def _round_files(content: Path) -> list[Path]:
    folder = content / "events/e1/rounds"
    return sorted((p for p in folder.glob("*.yaml") if p.stem.isdigit()), key=lambda p: int(p.stem))


@pytest.mark.parametrize("ruleset", RULESETS)
@fuzz(3)  # each of the ten rulesets (PODIUM_FUZZ_EXAMPLES=5x: 15 each)
@given(data=st.data())
def test_pair_check_standings_build_on_every_ruleset(tmp_path, ruleset, data):
    """A small valid event played round by round: pair → fill the results (valid, partly missing,
    malformed or hostile, from Hypothesis) → check → standings (text and JSON) → build."""
    pick = Picker(data)
    root = fresh(tmp_path)
    content, out = root / "content", root / "site"
    files = new_event(ruleset, pick)
    write_files(content, files)
    note("\n".join(f"--- {k}\n{v}" for k, v in files.items()))
    regs = yaml.safe_load(files["events/e1/registrations.yaml"])
    blanks: dict[int, dict] = {}
    valid_before = None
    complete_seen = 0
    for step in range(MAX_STEPS):
        paired = podium(content, "pair", "e1")
        if valid_before is False:
            assert paired.code == 1, "pair wrote a round from content that check refused"
        rounds = _round_files(content)
        if paired.code == 0:
            path = rounds[-1]
            blanks[int(path.stem)] = yaml.safe_load(path.read_text(encoding="utf-8"))
        if rounds and int(rounds[-1].stem) in blanks:
            path = rounds[-1]
            number = int(path.stem)
            blank = blanks[number]
            earlier = [blanks[n] for n in sorted(blanks) if n < number]
            mode = pick.one(MODES if paired.code == 0 else ["valid"] * 4 + MODES)  # stuck: mostly repair
            if mode == "blank":
                text = path.read_text(encoding="utf-8")
            else:
                filled = FILLS.get(mode, fill_valid)(ruleset, blank, earlier, regs, pick)
                text = yaml.safe_dump(filled, allow_unicode=True, sort_keys=False)
                if mode == "hostile":
                    text = hostile_yaml(text, pick)
            write_files(content, {f"events/e1/rounds/{number}.yaml": text})
            note(f"step {step}: pair exit {paired.code}; round {number} filled '{mode}':\n{text[:3000]}")
        checked = podium(content, "check")
        table = podium(content, "standings", "e1")
        as_json = podium(content, "standings", "e1", "--json")
        built = podium(content, "build", out=out)
        consistent(checked, table, as_json, built, content=content)
        valid_before = checked.code == 0
        if checked.code == 0:
            published = check_json((out / "events/e1/standings.json").read_text(encoding="utf-8"), built, content)
            printed = check_json(as_json.stdout, as_json, content)
            assert published == printed, "site standings.json differs from `podium standings e1 --json`"
            if printed["complete"]:
                complete_seen += 1
                if complete_seen > 1:  # pair refused a complete event once: done
                    assert paired.code == 1, "pair wrote a round of a complete event"
                    break
    if valid_before:
        again = root / "again"
        podium(content, "build", out=again)
        assert _tree_bytes(again) == _tree_bytes(out), "two builds of the same content differ"


def _tree_bytes(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
