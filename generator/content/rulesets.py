"""The ruleset files: the built-in ones in the package, and an organizer's own in rulesets/
beside content/; read here, built by the rules engine (podium.rules.ruleset), which reads no file.
"""
from __future__ import annotations

from pathlib import Path

from podium.core.errors import Problems, Src, UserError
from podium.core.folders import BUILTIN_DIR  # noqa: F401 (tests and benches name the built-in rulesets from here)
from podium.content.load import load_yaml
from podium.core.located import YMap
from podium.rules.ruleset import RuleSet, build_rulesets
from podium.core.slug import is_slug

def load_rulesets(dirs: list[Path]) -> dict[str, RuleSet]:
    """Every ruleset found, built and checked; one UserError lists all problems."""
    problems = Problems()
    rulesets, _ = read_rulesets(dirs, problems)
    problems.raise_if_any()
    return rulesets


def read_rulesets(dirs: list[Path], problems: Problems) -> tuple[dict[str, RuleSet], set[str]]:
    """The sound rulesets by id, and the ids of those in doubt, their problems added to
    ``problems`` (so that check goes on to every event whose ruleset is sound). The files are
    read (Podium's, then the organizer's, which win), then each ruleset is built from its file
    and those it extends (rules/ruleset.py: the engine reads no file). A ruleset is in doubt
    when its file, or one it extends, has a problem."""
    found = Problems()
    files = _read_files(dirs, found)
    built = build_rulesets(files, found)
    problems.items += found.items
    troubled = {problem.src.path for problem in found.items}
    sound = {rid: ruleset for rid, ruleset in built.items()
             if not any(files[r].src.path in troubled for r in ruleset.lineage)}
    return sound, {Path(path).stem for path in troubled} | (set(files) - set(sound))


def _read_files(dirs, problems) -> dict[str, YMap]:
    raw = {}
    for folder in dirs:
        for path in sorted(folder.glob("*.yaml")):
            if path.name.startswith("."):  # an editor's lock or backup file (.#house.yaml), as in content/
                continue
            try:
                data = load_yaml(path)
            except UserError as exc:
                problems.extend(exc)
                continue
            if not isinstance(data, YMap):
                problems.add(Src(str(path)), "a ruleset file is a mapping: id, name, scoring, pairing, …")
                continue
            rid = data.get("id", path.stem)
            if rid != path.stem or not is_slug(rid):
                problems.add(data.at("id"), f"ruleset id '{rid}' must be a slug equal to the file name '{path.stem}'")
                continue
            raw[rid] = data  # the organizer's folder comes last and wins
    return raw
