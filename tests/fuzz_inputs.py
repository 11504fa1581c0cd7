"""Inputs and the pass condition of tests/test_fuzz_content.py.

* ``podium(...)`` runs one command in-process and asserts the pass condition (see PASS CONDITION
  below); every fuzz test goes through it.
* ``Picker`` makes every random choice, from Hypothesis (``st.data()``: shrinks, replays) or from
  a seeded ``random.Random`` (the cached valid base events).
* ``new_event`` / ``fill_round`` build a small valid event of any builtin ruleset and fill in the
  results of a round written by ``podium pair`` — validly, malformed or partly missing.
* ``hostile_yaml`` turns a valid content file into hostile YAML: anchors and aliases (nested,
  recursive), merge keys, duplicate keys, tabs, NaN/inf, 5000-digit integers, impossible dates,
  datetimes, odd ids, control characters, BOM, wrong containers, empty and comment-only files.
"""
from __future__ import annotations

import contextlib
import copy
import datetime
import json
import random
import re
import signal
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from click.testing import CliRunner
from hypothesis import strategies as st

from podium.commands.cli import main

RULESETS = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "rulesets").glob("*.yaml"))

# ---------------------------------------------------------------------------------------------
# PASS CONDITION
#
# Every run exits 0 or 1 and never ends in a traceback or any exception but SystemExit.
#
# Exit 1: stdout is empty; stderr is one problem per line, then "N problem(s) found." with N the
# number of problem lines. A problem line is ``path:line: message`` (or ``path: message`` where
# a line may be omitted, see below) with
#   * path: a file or folder inside the content folder (or the content folder itself), or the
#     name of a command-line option (``--out``, ``--content`` …);
#   * line: an integer 1 ≤ line ≤ (lines in the file + 1) — the "+ 1" is the end-of-file mark
#     YAML reports for an unclosed bracket — and only for a path that is an existing file;
#   * message: not empty, and on that one line: no raw control character (a newline would split
#     the problem, a CR or ESC rewrites the terminal; text quoted from a file shows them escaped).
# The line may be omitted ONLY for these whole-file problems:
#   1. the path is a command-line option (no file at all);
#   2. the path is a folder (the content folder: "no event 'x'"; an event folder: "has no
#      event.yaml", "is not a slug"; a 'rounds' that is not a folder) or does not exist (a
#      missing file: "site.yaml is missing", "registrations.yaml is missing");
#   3. the file has no content line to point at: empty, or only whitespace and comments;
#   4. the message is about the file as a whole, not about anything written in it: it cannot
#      be read as text (not UTF-8, cannot read), it is a symbolic link, its NAME is wrong (not
#      a slug, round files are named by number), another file is missing ("round 2 is missing"
#      said at 3.yaml), or it already exists (``pair`` never overwrites). See WHOLE_FILE.
# Every other problem is about something written in a file, and must carry its line.
#
# Exit 0: the command's normal output (stderr empty):
#   check      "note: path:line: …" lines, then "ok: N events, M seasons, K rulesets";
#   pair       "wrote <content>/events/<id>/rounds/<n>.yaml", n = the next number, a new file
#              that is the only change to the content and reads back as round n;
#   standings  "<name> — final|provisional standings" (provisional: then " — " and the ties left open),
#              a blank line, the "#  player  pts" header;
#   --json     the CONTRACT.md JSON (json.loads, no NaN/Infinity, ranks ≥ 1 ascending, a row
#              per player at most once, known statuses);
#   build      "built N pages into OUT", OUT/index.html and every event's standings.json
#              (same rules as --json).
# Besides: check, standings and build never change the content; pair changes it only by the
# new round file (nothing on exit 1); a build that exits 1 leaves the previous site untouched.
# ---------------------------------------------------------------------------------------------

OPTIONS = {"--content", "--out", "--base-url", "--ruleset", "--json", "--event", "--port"}
PROBLEM = re.compile(r"^(?P<path>.+?)(?::(?P<line>\d+))?: (?P<message>.*)$")
SUMMARY = re.compile(r"^(\d+) problems? found\.$")
WHOLE_FILE = re.compile(r"not UTF-8|cannot read|symbolic link|is not a slug|round files are named by number|"
                        r"round \d+ is missing|is missing;|already exists|has no event\.yaml|must be a folder")
# Printed raw, these garble a terminal or drive it (ESC sequences); a problem line shows them escaped.
CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
STATUSES = {"active", "dropped", "disqualified", "excluded"}


class Failure(AssertionError):
    pass


@dataclass
class Run:
    args: list
    code: int
    stdout: str
    stderr: str
    problems: list = field(default_factory=list)  # (Path | option, line | None, message)


def snapshot(folder: Path) -> dict:
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def describe(content: Path, limit: int = 1500) -> str:
    """Every content file, for the failure message: what to write to reproduce it."""
    parts = []
    for path in sorted(content.rglob("*")):
        if path.is_file():
            text = path.read_bytes().decode("utf-8", "backslashreplace")
            lines = [line if len(line) < 160 else line[:150] + f"…[{len(line)} chars]" for line in text.split("\n")]
            text = "\n".join(lines)
            if len(text) > limit:
                text = text[:limit] + f"\n…[{len(text)} chars]"
            parts.append(f"--- {path.relative_to(content)} ---\n{text}")
    return "\n".join(parts)


def _fail(run: Run, content: Path, why: str, exc_info=None) -> None:
    tail = ""
    if exc_info:
        tail = "".join(traceback.format_exception(*exc_info)[-6:])
    raise Failure(f"{why}\n$ podium {' '.join(map(str, run.args))}\nexit {run.code}\n"
                  f"stdout:\n{run.stdout[-3000:]}\nstderr:\n{run.stderr[-3000:]}\n{tail}\n"
                  f"content ({content}):\n{describe(content)}")


def _resolve(path: str) -> Path:
    p = Path(path.replace("\x00", "\\x00"))  # (a NUL is refused by the pass condition; keep Path working)
    return (p if p.is_absolute() else Path.cwd() / p).resolve()


def _file_lines(path: Path) -> int | None:
    """Lines in the file as YAML counts them (\\n, \\r, NEL, LS, PS all break a line)."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    return max(text.count("\n"), len(re.findall(r"\r\n|[\n\r\x85\u2028\u2029]", text)), len(text.splitlines())) + 1


def _contentless(path: Path) -> bool:
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    return all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines())


def parse_problem(line: str, content: Path, run: Run) -> tuple:
    match = PROBLEM.match(line)
    if not match or not match["message"].strip():
        _fail(run, content, f"not a 'path:line: message' problem line: {line!r}")
    if CONTROL_CHARS.search(line):
        _fail(run, content, f"a control character printed raw to the terminal (escape it): {line!r}")
    where, number, message = match["path"], match["line"], match["message"]
    if where in OPTIONS:
        if number is not None:
            _fail(run, content, f"a line number on a command-line option: {line!r}")
        return where, None, message
    path = _resolve(where)
    root = content.resolve()
    if path != root and not path.is_relative_to(root):
        _fail(run, content, f"problem path {where!r} is outside the content folder: {line!r}")
    if number is not None:
        if not path.is_file():
            _fail(run, content, f"a line number on a path that is not a file: {line!r}")
        last = _file_lines(path)
        if int(number) < 1 or (last is not None and int(number) > last):
            _fail(run, content, f"line {number} is not a line of {where} ({last} lines): {line!r}")
        return path, int(number), message
    if path.is_dir() or not path.exists() or _contentless(path) or WHOLE_FILE.search(message):
        return path, None, message
    _fail(run, content, f"no line number for a problem in a file's content: {line!r}")


COMMAND_SECONDS = 30  # each command of a fuzz run takes well under a second; far more is a hang


class Hang(BaseException):
    """Raised in a command that runs past its time bound (a BaseException: no ``except
    Exception`` in the command swallows it)."""


@contextlib.contextmanager
def time_bound(seconds: int):
    """Interrupt the command (SIGALRM) after ``seconds``, so that a hang fails its test."""
    def interrupt(signum, frame):
        raise Hang()

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def podium(content: Path, *args, out: Path | None = None) -> Run:
    """Run ``podium <args> --content <content>`` and assert the pass condition."""
    argv = [str(a) for a in args] + ["--content", str(content)]
    if out is not None:
        argv += ["--out", str(out)]
    before = snapshot(content)
    site_before = snapshot(out) if out is not None else None
    with time_bound(COMMAND_SECONDS):
        result = CliRunner().invoke(main, argv)
    run = Run(argv, result.exit_code, result.stdout, result.stderr)
    if isinstance(result.exception, Hang):
        _fail(run, content, f"did not finish in {COMMAND_SECONDS} s (a hang)", result.exc_info)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        _fail(run, content, f"crashed: {type(result.exception).__name__}: {result.exception}"[:2000], result.exc_info)
    if run.code not in (0, 1):
        _fail(run, content, f"exit code {run.code}")
    after = snapshot(content)
    command = args[0]
    if run.code == 1:
        lines = run.stderr.rstrip("\n").split("\n")  # a terminal's lines: only \n breaks one
        if run.stdout:
            _fail(run, content, "exit 1 with something on stdout")
        if not lines or not SUMMARY.match(lines[-1]):
            _fail(run, content, "exit 1 without the final 'N problems found.'")
        run.problems = [parse_problem(line, content, run) for line in lines[:-1]]
        if int(SUMMARY.match(lines[-1])[1]) != len(run.problems) or not run.problems:
            _fail(run, content, f"the summary says {lines[-1]!r} but {len(run.problems)} problem lines were printed")
        if after != before:
            _fail(run, content, f"'{command}' exited 1 but changed the content: {_changes(before, after)}")
        if out is not None and snapshot(out) != site_before:
            _fail(run, content, "'build' exited 1 but changed the previous site")
        return run
    if run.stderr:
        _fail(run, content, "exit 0 with something on stderr")
    if command == "pair":
        _check_pair(run, content, before, after)
    elif after != before:
        _fail(run, content, f"'{command}' changed the content: {_changes(before, after)}")
    if command == "check":
        lines = run.stdout.rstrip("\n").split("\n")
        if not lines or not re.fullmatch(r"ok: \d+ events?, \d+ seasons?, \d+ rulesets?", lines[-1]):
            _fail(run, content, "check exited 0 without 'ok: N events, M seasons, K rulesets' last")
        for line in lines[:-1]:
            if not line.startswith("note: "):
                _fail(run, content, f"check: an output line that is neither a note nor ok: {line!r}")
            parse_problem(line[len("note: "):], content, run)
    elif command == "standings" and "--json" in args:
        check_json(run.stdout, run, content)
    elif command == "standings":
        lines = run.stdout.split("\n")
        heading = r" — (final standings|provisional standings( — .+)?)$"  # provisional: and the ties left open
        if len(lines) < 3 or not re.search(heading, lines[0]) or lines[1] or \
                not re.match(r"#\s+player\s+pts\b", lines[2]):
            _fail(run, content, "standings: not a standings table")
    elif command == "build":
        match = re.fullmatch(r"built (\d+) pages into (.+)\n", run.stdout)
        if not match or _resolve(match[2]) != out.resolve() or not (out / "index.html").is_file():
            _fail(run, content, "build: not 'built N pages into OUT', or no OUT/index.html")
        for event in (content / "events").iterdir() if (content / "events").is_dir() else ():
            path = out / "events" / event.name / "standings.json"
            if event.is_dir() and not path.is_file():
                _fail(run, content, f"build: no {path}")
            if path.is_file():
                check_json(path.read_text(encoding="utf-8"), run, content)
    return run


def _changes(before: dict, after: dict) -> list:
    return sorted(k for k in before.keys() | after.keys() if before.get(k, 0) != after.get(k, 0))


def _check_pair(run: Run, content: Path, before: dict, after: dict) -> None:
    changed = _changes(before, after)
    match = re.fullmatch(r"wrote (.+)\n", run.stdout)
    if not match:
        _fail(run, content, "pair exited 0 without 'wrote PATH'")
    path = _resolve(match[1])
    rounds = path.parent
    if rounds.name != "rounds" or not path.is_file() or len(changed) != 1 or \
            content.resolve() / changed[0] != path:
        _fail(run, content, f"pair should add exactly the file it names; changed: {changed}")
    numbers = [int(p.stem) for p in rounds.glob("*.yaml") if p.stem.isdigit() and p != path]
    if path.stem != str(max(numbers, default=0) + 1):
        _fail(run, content, f"pair wrote {path.name} after rounds {sorted(numbers)}")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        _fail(run, content, f"pair wrote a file that is not YAML: {exc}")
    if not isinstance(data, dict) or data.get("round") != int(path.stem) or not data.get("pairings"):
        _fail(run, content, f"pair wrote a round file without 'round: {path.stem}' and pairings")


def _no_constant(name):
    raise ValueError(f"{name} in JSON")


def check_json(text: str, run: Run, content: Path) -> dict:
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except ValueError as exc:
        _fail(run, content, f"standings JSON does not parse (or holds NaN/Infinity): {exc}")
    rows = data.get("standings") if isinstance(data, dict) else None
    if not isinstance(rows, list) or not {"event", "ruleset", "players", "complete", "stages"} <= data.keys():
        _fail(run, content, "standings JSON lacks the CONTRACT.md keys")
    ranks = [row.get("rank") for row in rows]
    if any(not isinstance(r, int) or r < 1 for r in ranks) or ranks != sorted(ranks):
        _fail(run, content, f"standings JSON: ranks not ascending integers ≥ 1: {ranks}")
    ids = [row.get("player") for row in rows]
    if len(set(ids)) != len(ids):
        _fail(run, content, f"standings JSON: a player twice: {ids}")
    for row in rows:
        if row.get("status") not in STATUSES or not {"name", "points", "tiebreaks"} <= row.keys():
            _fail(run, content, f"standings JSON: a row without name/points/tiebreaks or a known status: {row}")
    return data


# ---------------------------------------------------------------------------------------------
# Choices
# ---------------------------------------------------------------------------------------------

class Picker:
    """Every random choice: from Hypothesis's ``st.data()`` (shrinks and replays) or a Random."""

    def __init__(self, source):
        self.source = source

    def int(self, low: int, high: int) -> int:
        if isinstance(self.source, random.Random):
            return self.source.randint(low, high)
        return self.source.draw(st.integers(low, high))

    def one(self, items):
        items = list(items)
        return items[self.int(0, len(items) - 1)]

    def chance(self, p: float) -> bool:
        return self.int(0, 999) < p * 1000

    def sample(self, items, k: int) -> list:
        pool, chosen = list(items), []
        for _ in range(min(k, len(pool))):
            chosen.append(pool.pop(self.int(0, len(pool) - 1)))
        return chosen



# ---------------------------------------------------------------------------------------------
# Small valid events of every builtin ruleset
# ---------------------------------------------------------------------------------------------

ARMIES = ["Bestie", "Borgo", "Dancer", "Death Breath", "Hegemonia", "Iron Gang", "Mephisto", "Missisipi", "Moloch",
          "Neodżungla", "Nowy Jork", "Piraci", "Posterunek", "Sandrunners", "Sharrash", "Smart", "Stalowa Policja",
          "Troglodyci", "Uranopolis", "Vegas"]
BASIC = ["Moloch", "Borgo", "Hegemonia", "Posterunek"]
# Valid ids that YAML would read as something else when unquoted (the generator must quote them).
ODD_VALID_IDS = ["no", "on", "off", "yes", "y", "n", "true", "null", "42", "007", "0x1f", "1e3", "2023-05-06", "12-5"]
NAMES = ["Łukasz Żółć", "Zofia Wiśniewska", "Jiří Dvořák", "Niccolò Bianchi", "Šárka Černá", "O'Brien",
         "Anna-Maria Nowak", "Ólafur Þórsson", "Ἀλέξανδρος", "José Ñúñez", "Mr. 42", "No", "Null", "Jan Kowalski"]

# ruleset → [(structure (None: left out, the ruleset's own), player counts it is valid for)]
EVENTS = {
    "neuroshima-hex-pl-2023": [(None, [8, 9, 12]), ("auto", [8, 10]), ({"swiss_rounds": 3, "cut": 4}, [6, 8]),
                               ({"swiss_rounds": 2, "cut": 0}, [4, 5])],
    "ffg-conquest": [(None, [4, 6, 7]), ("basic", [5, 8]), ("advanced", [9, 10]), ({"swiss_rounds": 2, "cut": 4}, [5, 6])],
    "tantrix": [(None, [3, 4, 5, 6]),
                ([{"kind": "round-robin", "groups": 2, "games": 2, "advance": 4},
                  {"kind": "knockout", "games": 3, "third_place": True}], [6, 8]),
                ([{"kind": "knockout", "games": 3, "seeding": "rating", "third_place": False}], [3, 4, 5, 8])],
    "micromutants-classic": [(None, [3, 4, 5, 6, 8])],
    "micromutants-extreme": [(None, [4, 5, 8])],
    "carcassonne-cz": [(None, [4, 5, 6, 7, 9]), ([{"kind": "tables", "rounds": 2, "size": 3}], [4, 6, 7])],
}


def registrations(ruleset: str, count: int, pick: Picker) -> list[dict]:
    entries = []
    used = set()
    for i in range(1, count + 1):
        name = pick.one(NAMES) if pick.chance(0.3) else f"Player {i:02d}"
        if name in used:
            name = f"{name} {i}"
        used.add(name)
        entry = {"name": name}
        explicit = pick.one(ODD_VALID_IDS) if pick.chance(0.3) else f"p{i:02d}"
        if explicit not in used:
            entry["id"] = explicit
            used.add(explicit)
        else:
            entry["id"] = f"p{i:02d}"
        if ruleset.startswith("neuroshima"):
            if pick.chance(0.15):
                entry["beginner"] = True
            else:
                entry["armies"] = [ARMIES[(i * 3 + k) % len(ARMIES)] for k in range(5)]
        if ruleset == "tantrix":
            entry["rating"] = 1400 + 17 * i
            if pick.chance(0.5):
                entry["colours"] = pick.sample(["red", "yellow", "green", "blue"], 2)
        entries.append(entry)
    return entries


def new_event(ruleset: str, pick: Picker) -> dict[str, str]:
    """The files of a small valid event (relative path → text); every player is paired by ``pair``."""
    structure, counts = pick.one(EVENTS.get(ruleset, [(None, [4, 6, 8])]))
    count = pick.one(counts)
    regs = registrations(ruleset, count, pick)
    info = {"name": pick.one(["Fuzz Open", "Turniej — Kraków", "Torneo 'estremo'"]), "date": datetime.date(2023, 5, 13),
            "ruleset": ruleset, "seed": pick.int(1, 10**6), "organizer": "Olga", "head_judge": "Olga"}
    if structure is not None:
        info["structure"] = structure
    if ruleset == "micromutants-extreme" or pick.chance(0.1):
        info["manual_order"] = [r["id"] for r in pick.sample(regs, len(regs))]
    files = {"site.yaml": dump({"title": "Fuzz", "language": pick.one(["en", "pl", "it", "cs"])})}
    if pick.chance(0.4):  # a season, and a registry of players that the event's players are part of
        info["season"] = "s1"
        season = {"name": "Season", "ruleset": ruleset, "points": {1: 10, 2: 7, 3: 5}}
        if ruleset.startswith("neuroshima"):
            season["qualification"] = "invitations"
        files["seasons/s1.yaml"] = dump(season)
        files["players.yaml"] = dump([{"name": r["name"], "id": r["id"], "club": "Klub"} for r in regs[:2]])
    files["events/e1/event.yaml"] = dump(info)
    files["events/e1/registrations.yaml"] = dump(regs)
    return files


def dump(data) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=120)


def write_files(content: Path, files: dict[str, str]) -> None:
    """Write each file as UTF-8 (a lone surrogate makes the bytes invalid UTF-8, on purpose)."""
    for relative, text in files.items():
        path = content / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8", "surrogatepass"))


# ---------------------------------------------------------------------------------------------
# Filling in a round's results
# ---------------------------------------------------------------------------------------------

def armies_of(entry: dict) -> list[str]:
    return list(BASIC) if entry.get("beginner") else list(entry.get("armies") or [])


def _stage_index(rounds: list, data: dict) -> int:
    """How many earlier rounds of this stage kind (an army is used once per stage)."""
    return sum(1 for r in rounds if isinstance(r, dict) and r.get("stage") == data.get("stage"))


def fill_valid(ruleset: str, data: dict, earlier: list, regs: list[dict], pick: Picker) -> dict:
    """Results the rules accept, for any shape ``pair`` writes."""
    data = copy.deepcopy(data)
    by_id = {str(r.get("id")): r for r in regs if isinstance(r, dict)}
    index = _stage_index(earlier, data)
    knockout = data.get("stage") == "knockout"
    for pairing in data.get("pairings") or []:
        players = [str(p) for p in pairing.get("players") or []]
        if ruleset.startswith("neuroshima"):
            fielded = [armies_of(by_id.get(p, {})) for p in players]
            if all(fielded):
                pairing["armies"] = [a[index % len(a)] for a in fielded]
        if pairing.get("bye"):
            continue
        if "teams" in pairing:
            pairing["winner"] = pick.int(0, 1)
            pairing["bases"] = {"intact": pick.int(0, 2), "damaged": pick.int(0, 2), "square": pick.int(0, 2)}
        elif "finish" in pairing:
            finish = pick.sample(players, len(players))
            pairing["finish"] = finish
            pairing["bases"] = {"intact": pick.int(0, 2), "damaged": pick.int(0, 1), "square": pick.int(0, 2)}
            pairing["eliminated"] = {finish[0]: pick.int(1, len(players) - 1)} if pick.chance(0.5) else {}
        elif "games" in pairing and ruleset == "tantrix":
            first = pick.chance(0.5)
            games = []
            for _ in pairing["games"] or [None, None]:
                win, lose = pick.int(18, 40), pick.int(0, 17)
                a_wins = first if knockout else pick.chance(0.5)
                games.append({"score": [win, lose] if a_wins else [lose, win],
                              "time": [f"{pick.int(5, 14)}:{pick.int(0, 59):02d}" for _ in range(2)],
                              "tiles": [pick.int(20, 34), pick.int(20, 34)]})
            pairing["games"] = games
        elif "games" in pairing:  # micromutants: best of (written games + the commented decider)
            written = [g if isinstance(g, dict) else {} for g in pairing["games"] or []]
            best_of = len(written) + 1
            wins = {p: 0 for p in players}
            games = []
            while max(wins.values()) < best_of // 2 + 1:
                winner = pick.one(players)
                wins[winner] += 1
                game = {"home": written[len(games)]["home"]} if len(games) < len(written) and \
                    "home" in written[len(games)] else {}
                game["winner"] = winner
                games.append(game)
            pairing["games"] = games
        elif ruleset in ("chess-swiss", "chess-round-robin", "pokemon-swiss"):
            pairing["score"] = list(pick.one([(1, 0), (0.5, 0.5), (0, 1)]))
        elif ruleset == "mtg-swiss":
            pairing["score"] = list(pick.one([(2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]))
        elif ruleset == "carcassonne-cz" or len(players) > 2:
            pairing["score"] = [pick.int(20, 160) for _ in players]
        elif ruleset == "ffg-conquest" or "winner" in pairing:
            pairing["winner"] = pick.one(players)
            if pick.chance(0.2):
                pairing["modified"] = True
        else:
            pairing["score"] = [pick.int(0, 20), pick.int(0, 20)]
    if pick.chance(0.1) and data.get("pairings") and not knockout:
        players = [p for pairing in data["pairings"] for p in pairing.get("players") or []]
        if players and len(players) > 4:
            data["drops"] = [pick.one(players)]
    return data


def fill_partly(ruleset: str, data: dict, earlier: list, regs: list, pick: Picker) -> dict:
    """Some results in, the others still as ``pair`` wrote them (a round in progress)."""
    filled = fill_valid(ruleset, data, earlier, regs, pick)
    for i, pairing in enumerate(filled.get("pairings") or []):
        if pick.chance(0.5):
            filled["pairings"][i] = copy.deepcopy(data["pairings"][i])
        elif pick.chance(0.3):  # half a result: one key of it missing
            keys = [k for k in ("score", "armies", "winner", "bases", "finish", "games", "eliminated") if k in pairing]
            if keys:
                del pairing[pick.one(keys)]
    return filled


ODD_RESULTS = ["zz", "", None, True, False, 0, -1, 1.5, 10**30, "12:5", [], {}, [1], [1, 2, 3], ["p01", "p01"],
               {"intact": -1}, {"intact": "x", "damaged": None}, [[]], [{"winner": "zz"}], ["Moloch", "Moloch"],
               "Moloch", "final", 2, [None, None], {"p01": 99}, "2023-05-06", [" ", "x"]]


def fill_malformed(ruleset: str, data: dict, earlier: list, regs: list, pick: Picker) -> dict:
    """A valid fill with a few values broken: wrong types, unknown ids, impossible results."""
    filled = fill_valid(ruleset, data, earlier, regs, pick)
    pairings = filled.get("pairings") or []
    ids = [p for pairing in pairings for p in pairing.get("players") or []]
    for _ in range(pick.int(1, 3)):
        if not pairings:
            break
        pairing = pick.one(pairings)
        key = pick.one(["score", "winner", "armies", "draw", "forfeit", "bye", "modified", "games", "teams",
                        "finish", "bases", "eliminated", "players", "table", "match", "home", "group", "colour",
                        "unrated", "drawn_games"])
        value = pick.one(ODD_RESULTS + ids[:4] + [list(reversed(ids[:2]))])
        if pick.chance(0.2):
            pairing.pop(key, None)
        else:
            pairing[key] = value
    if pick.chance(0.2):
        filled[pick.one(["round", "stage", "drops", "penalties", "pairings"])] = pick.one(
            ODD_RESULTS + [[{"player": pick.one(ids or ["zz"]), "kind": pick.one(["warning", "points", "bogus",
                                                                                  "disqualification"])}]])
    return filled


# ---------------------------------------------------------------------------------------------
# Hostile YAML from a valid file
# ---------------------------------------------------------------------------------------------

ODD_SCALARS = ["no", "on", "off", "yes", "y", "n", "NO", "True", "42", "007", "0x1f", "0o17", "0b101", "1_000",
               "2023-05-06", "2026-02-30", "2026-22-11", "2023-05-13 10:00:00", "2023-05-13T10:00:00+02:00",
               "2023-13-01T25:61:00Z", "null", "~", "Null", "", ".nan", ".NaN", ".inf", "-.inf", "+.INF", "1e400",
               "-1e400", "9" * 5000, "-" + "9" * 5000, "0." + "0" * 4000 + "1", "12:5", "1:00:00", "190:20:30",
               "Łukasz", "ｐ０１", "p01\u200b", "P01", "p 01", "-1", "3.5", "1e3", "0", "<<", "=", "Moloch"]
WEIRD_TAGS = ["tag:yaml.org,2002:binary", "tag:yaml.org,2002:python/object", "!custom", "tag:yaml.org,2002:int",
              "tag:yaml.org,2002:float", "tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:bool",
              "tag:yaml.org,2002:null", "tag:yaml.org,2002:str", "tag:yaml.org,2002:python/name:os.system"]
WEIRD_COLLECTION_TAGS = ["tag:yaml.org,2002:set", "tag:yaml.org,2002:omap", "tag:yaml.org,2002:pairs",
                         "tag:yaml.org,2002:python/tuple", "!thing"]
CONTROL = ["\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\u2028", "\u2029", "\ufeff",
           "\ufffe", "\ud800", "\x9f", "\r"]
_RESOLVER = yaml.resolver.Resolver()
MERGE = "tag:yaml.org,2002:merge"


def scalar(text: str, style=None) -> yaml.ScalarNode:
    return yaml.ScalarNode(_RESOLVER.resolve(yaml.ScalarNode, text, (True, False)), text, style=style)


def _walk(root) -> list:
    """Every node once (aliases make a graph), with the slot it sits in: (node, setter)."""
    seen, found = set(), []

    def visit(node, setter):
        found.append((node, setter))
        if id(node) in seen:
            return
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            for i, child in enumerate(node.value):
                visit(child, lambda new, n=node, i=i: n.value.__setitem__(i, new))
        elif isinstance(node, yaml.MappingNode):
            for i, (key, value) in enumerate(node.value):
                visit(key, lambda new, n=node, i=i: n.value.__setitem__(i, (new, n.value[i][1])))
                visit(value, lambda new, n=node, i=i: n.value.__setitem__(i, (n.value[i][0], new)))

    visit(root, None)
    return found


def _laughs(pick: Picker) -> yaml.Node:
    """Nested alias expansion: each level holds the previous one ``width`` times."""
    node = yaml.SequenceNode("tag:yaml.org,2002:seq", [scalar("p01") for _ in range(pick.int(1, 9))], flow_style=True)
    for _ in range(pick.int(1, 7)):
        node = yaml.SequenceNode("tag:yaml.org,2002:seq", [node] * pick.int(2, 9), flow_style=True)
    return node


def mutate_nodes(root, pick: Picker):
    """One structural mutation of a composed document; returns the (possibly new) root."""
    everything = _walk(root)
    nodes = [(n, s) for n, s in everything if s is not None]
    collections = [n for n, _ in everything if isinstance(n, (yaml.SequenceNode, yaml.MappingNode))]
    mappings = [n for n in collections if isinstance(n, yaml.MappingNode)]
    scalars = [(n, s) for n, s in nodes if isinstance(n, yaml.ScalarNode)]
    op = pick.one(["alias", "alias", "recursive", "laughs", "merge", "duplicate", "odd", "odd", "odd", "tag",
                   "container", "drop", "wrap"])
    if op == "alias" and nodes and collections:  # a list/mapping used twice (or inside itself)
        pick.one(nodes)[1](pick.one(collections))
    elif op == "recursive" and collections:
        target = pick.one(collections)
        if isinstance(target, yaml.SequenceNode):
            target.value.append(target)
        else:
            target.value.append((scalar(pick.one(["self", "players", "name", "score"])), target))
    elif op == "laughs" and nodes:
        pick.one(nodes)[1](_laughs(pick))
    elif op == "merge" and mappings:
        target = pick.one(mappings)
        kind = pick.one(["one", "list", "seq", "scalar"])
        if kind == "one":
            source = pick.one(mappings)
        elif kind == "list":
            source = yaml.SequenceNode("tag:yaml.org,2002:seq", pick.sample(mappings, 2), flow_style=True)
        elif kind == "seq":
            source = pick.one(collections)
        else:
            source = scalar(pick.one(ODD_SCALARS[:12]))
        target.value.insert(pick.int(0, len(target.value)), (yaml.ScalarNode(MERGE, "<<"), source))
    elif op == "duplicate" and any(m.value for m in mappings):
        target = pick.one([m for m in mappings if m.value])
        key, value = pick.one(target.value)
        if pick.chance(0.5):
            value = scalar(pick.one(ODD_SCALARS))
        target.value.insert(pick.int(0, len(target.value)), (type(key)(key.tag, key.value), value))
    elif op == "odd" and scalars:
        node, setter = pick.one(scalars)
        setter(scalar(pick.one(ODD_SCALARS + [node.value.upper(), node.value + " ", "'" + node.value])))
    elif op == "tag" and nodes:
        node, setter = pick.one(nodes)
        if isinstance(node, yaml.ScalarNode):
            setter(yaml.ScalarNode(pick.one(WEIRD_TAGS), pick.one([node.value, "aGVsbG8=", "x", "12"]), style='"'))
        elif isinstance(node, yaml.MappingNode):
            setter(yaml.MappingNode(pick.one(WEIRD_COLLECTION_TAGS), node.value, flow_style=node.flow_style))
        else:
            setter(yaml.SequenceNode(pick.one(WEIRD_COLLECTION_TAGS), node.value, flow_style=node.flow_style))
    elif op == "container" and nodes:  # a list where a mapping is expected, and the other way round
        node, setter = pick.one([(n, s) for n, s in nodes if not isinstance(n, yaml.ScalarNode)] or nodes)
        if isinstance(node, yaml.MappingNode):
            setter(yaml.SequenceNode("tag:yaml.org,2002:seq", [v for _, v in node.value]))
        elif isinstance(node, yaml.SequenceNode):
            setter(yaml.MappingNode("tag:yaml.org,2002:map", [(scalar(str(i)), v) for i, v in enumerate(node.value)]))
        else:
            setter(yaml.SequenceNode("tag:yaml.org,2002:seq", [node]))
    elif op == "drop" and any(m.value for m in mappings):
        target = pick.one([m for m in mappings if m.value])
        target.value.pop(pick.int(0, len(target.value) - 1))
    elif op == "wrap":  # the whole file a list (or a mapping) instead
        if isinstance(root, yaml.MappingNode) and pick.chance(0.7):
            return yaml.SequenceNode("tag:yaml.org,2002:seq", [root])
        return yaml.MappingNode("tag:yaml.org,2002:map", [(scalar("data"), root)])
    return root


def _lines_with_indent(text: str) -> list[int]:
    return [i for i, line in enumerate(text.split("\n")) if line.startswith(" ")]


def mutate_text(text: str, pick: Picker) -> str:
    """One textual mutation: what a node graph cannot say."""
    op = pick.one(["tab", "tab", "control", "bom", "empty", "comments", "crlf", "cr", "undefined-alias",
                   "truncate", "sexagesimal", "documents", "anchor-text", "dup-line", "nothing"])
    lines = text.split("\n")
    if op == "tab" and _lines_with_indent(text):
        i = pick.one(_lines_with_indent(text))
        indent = len(lines[i]) - len(lines[i].lstrip(" "))
        lines[i] = pick.one(["\t", "\t" * indent, " " * (indent - 1) + "\t", "\t  "]) + lines[i].lstrip(" ")
        return "\n".join(lines)
    if op == "control":
        at = pick.int(0, len(text))
        return text[:at] + pick.one(CONTROL) + text[at:]
    if op == "bom":
        return "\ufeff" + text if pick.chance(0.7) else "\ufeff\ufeff" + text
    if op == "empty":
        return pick.one(["", "\n", "   \n\n", "\ufeff", "---\n", "...\n", "---\n...\n", "~\n", "null\n", "[]\n", "{}\n"])
    if op == "comments":
        return "\n".join("# " + line for line in lines) if pick.chance(0.7) else "# only a comment\n"
    if op == "crlf":
        return text.replace("\n", "\r\n")
    if op == "cr":
        return text.replace("\n", "\r")
    if op == "undefined-alias":
        candidates = [i for i, line in enumerate(lines) if re.search(r": \S", line)]
        if candidates:
            i = pick.one(candidates)
            lines[i] = re.sub(r": \S.*$", pick.one([": *nope", ": &a", ": *", ": &a *a", ": !!merge x"]), lines[i])
        return "\n".join(lines)
    if op == "truncate":
        return text[: pick.int(0, len(text))]
    if op == "sexagesimal":
        return re.sub(r"\b\d+\b", pick.one(["12:5", "1:2:3", "99:99"]), text, count=pick.int(1, 3))
    if op == "documents":
        return pick.one(["---\n" + text + "\n---\n" + text, text + "\n---\nx: 1\n", "%YAML 1.1\n---\n" + text,
                         "%YAML 1.3\n---\n" + text, "%TAG ! tag:x,2000:\n---\n" + text])
    if op == "anchor-text":  # hand-written anchors the way people write them
        return pick.one(["x-defaults: &d {home: 0}\n", "base: &a [*a]\n", "a: &a\n  b: *a\n"]) + text
    if op == "dup-line" and lines:
        i = pick.int(0, len(lines) - 1)
        lines.insert(i, lines[i])
        return "\n".join(lines)
    return text


def hostile_yaml(text: str, pick: Picker) -> str:
    """A valid content file made hostile: 1–3 node mutations, then 0–2 text mutations."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        root = None
    if root is not None:
        for _ in range(pick.int(0 if pick.chance(0.3) else 1, 3)):
            root = mutate_nodes(root, pick)
        try:
            text = yaml.serialize(root, Dumper=yaml.SafeDumper, allow_unicode=True, width=100)
        except (yaml.YAMLError, RecursionError, TypeError, ValueError, AttributeError):
            pass  # the mutation made something the emitter cannot write: keep the text as it was
    for _ in range(pick.int(0 if root is not None else 1, 2)):
        text = mutate_text(text, pick)
    return text


# ---------------------------------------------------------------------------------------------
# Structured strategies (any data, safe_dump'ed)
# ---------------------------------------------------------------------------------------------

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=False),
                    st.text(max_size=12), st.sampled_from(["p01", "p02", "p03", "p04", "Moloch", "Dancer", "swiss",
                                                           "knockout", "final", "warning"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)
pairing_keys = st.sampled_from(["table", "players", "score", "winner", "draw", "forfeit", "bye", "armies", "modified",
                                "match", "colour", "unrated"])
pairing = st.dictionaries(pairing_keys, values, max_size=6) | st.fixed_dictionaries(
    {"players": st.lists(st.sampled_from(["p01", "p02", "p03", "p04", "p05"]), min_size=1, max_size=3)},
    optional={"score": st.lists(st.integers(-3, 40), max_size=3),
              "bye": st.booleans() | st.sampled_from(["full", "half", "zero", "quarter"]), "unrated": values,
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

# A chess registration: a bye asked for, a late entry, a rating and a title, well or badly written.
chess_player = st.fixed_dictionaries(
    {"name": st.sampled_from(["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"])},
    optional={"byes": st.dictionaries(st.integers(-1, 5) | st.text(max_size=3),
                                      st.sampled_from(["full", "half", "zero", "maybe"]) | values, max_size=3) | values,
              "joins": st.integers(-1, 5) | values, "rating": st.integers(-5, 3000) | values,
              "title": st.sampled_from(["GM", "IM", ""]) | values, "fide_id": st.integers(-1, 10**9) | values})

new_shape_keys = st.sampled_from(["players", "games", "teams", "winner", "home", "bases", "finish", "eliminated",
                                  "score", "group", "match"])
game = st.dictionaries(st.sampled_from(["score", "time", "tiles", "winner", "home", "clans", "forfeit", "disconnected",
                                        "decider"]), values | st.lists(st.sampled_from(["14:10", "15:02", "9:99", "", "x"]),
                                                                         max_size=3), max_size=5)
new_pairing = st.dictionaries(new_shape_keys, values | st.lists(game, max_size=4) |
                              st.lists(st.lists(st.sampled_from(["p01", "p02", "p03", "p04", "zz"]), max_size=3), max_size=3),
                              max_size=6)
