"""The "Run your first tournament" guide, followed literally from an empty folder to a built site.

Every ``$ command`` of the guide's console blocks runs, in order, as a real process; a YAML
block whose info string names a file is written to that file. Where the guide says to fill
in the results, the test does it (the lower id wins 12–5, each player fields his armies in
registration order, skipping one his opponent fields: §6.5 never pits an army against itself). The block that says "repeat until `pair` says the event is complete" is
repeated until it does.
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from podium.core.slug import slugify

GUIDE = Path(__file__).resolve().parent.parent / "content" / "pages" / "first-tournament.md"
FENCE = re.compile(r"^```(\S+)([^\n]*)\n(.*?)^```", re.M | re.S)


def run(command: str, cwd: Path) -> subprocess.CompletedProcess:
    args = shlex.split(command)
    if args[0] == "podium":  # the installed command, from this interpreter's environment
        args[0] = shutil.which("podium", path=str(Path(sys.executable).parent)) or "podium"
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env={**os.environ, "GIT_CONFIG_NOSYSTEM": "1"})


def enter_results(event_folder: Path) -> None:
    registrations = yaml.safe_load((event_folder / "registrations.yaml").read_text(encoding="utf-8"))
    armies = {slugify(r["name"]): r["armies"] for r in registrations}
    latest = max(event_folder.glob("rounds/*.yaml"), key=lambda p: int(p.stem))
    number = int(latest.stem)
    data = yaml.safe_load(latest.read_text(encoding="utf-8"))
    used = _armies_used(event_folder, number, data["stage"])
    for pairing in data["pairings"]:
        pairing["armies"] = []
        for p in pairing["players"]:
            army = next(a for a in armies[p] if a not in used.get(p, ()) and a not in pairing["armies"])
            pairing["armies"].append(army)
        if not pairing.get("bye"):
            a, b = pairing["players"]
            pairing["score"] = [12, 5] if a < b else [5, 12]
    latest.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _armies_used(event_folder: Path, before: int, stage: str) -> dict[str, list[str]]:
    """The armies each player fielded in the earlier rounds of this stage (each once, §6.2)."""
    used: dict[str, list[str]] = {}
    for number in range(1, before):
        data = yaml.safe_load((event_folder / "rounds" / f"{number}.yaml").read_text(encoding="utf-8"))
        for pairing in data["pairings"] if data["stage"] == stage else ():
            for player, army in zip(pairing["players"], pairing.get("armies") or ()):
                used.setdefault(player, []).append(army)
    return used


def test_the_guide_from_an_empty_folder_to_a_built_site(tmp_path):
    cwd = tmp_path
    event_folder = None
    for language, info, body in FENCE.findall(GUIDE.read_text(encoding="utf-8")):
        if language == "yaml" and info.strip():
            (cwd / info.strip()).write_text(body, encoding="utf-8")
            continue
        if language != "console":
            continue
        commands = [line[2:] for line in body.splitlines() if line.startswith("$ ")]
        repeated = any(c.startswith("podium standings") for c in commands)
        while True:
            finished = False
            for command in commands:
                if command.startswith("cd "):
                    cwd = cwd / command[3:]
                    continue
                done = run(command, cwd)
                if command.startswith("podium pair") and done.returncode == 1 and "complete" in done.stderr:
                    finished = True
                    break
                assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
                if command.startswith("podium pair"):
                    event_folder = cwd / "content" / "events" / command.split()[-1]
                    enter_results(event_folder)
            if not repeated or finished:
                break
    assert event_folder is not None and len(list(event_folder.glob("rounds/*.yaml"))) == 4
    page = (cwd / "site" / "events" / "my-first-event" / "index.html").read_text(encoding="utf-8")
    assert "My first tournament" in page and "Łukasz Żółć" in page
    log = run("git log --oneline", cwd)
    assert "My first tournament" in log.stdout
