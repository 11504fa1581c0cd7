"""The oldest release of every dependency the pyproject allows, as a pip constraints file.

    python scripts/dependency_bounds.py > oldest.txt
    pip install -c oldest.txt -e '.[test]'
    python scripts/dependency_bounds.py --installed   # the versions this Python has of each

Each range in pyproject.toml is tested at both of its ends: scripts/test.sh installs the newest
releases (pip install --upgrade), and with PODIUM_DEPENDENCIES=oldest these minimums, in a
virtual environment of their own. A lower bound that no longer installs or passes is raised in
the pyproject, never left standing. Read from the pyproject itself, so the two cannot drift.
"""
from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"
LOWER_BOUND = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*>=\s*([0-9][0-9A-Za-z.]*)")


def minimums(pyproject: Path = PYPROJECT) -> dict[str, str]:
    """name → the lowest version its range allows, for the dependencies and every extra."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    requirements = [*project["dependencies"], *(r for extra in project.get("optional-dependencies", {}).values()
                                                for r in extra)]
    found = {}
    for requirement in requirements:
        match = LOWER_BOUND.match(requirement.split(";")[0].split(",")[0])
        if not match:
            sys.exit(f"pyproject.toml: {requirement!r} has no lower bound (name>=version): give it one")
        found[match[1].lower()] = match[2]
    return found


def installed() -> str:
    """One line naming the installed version of every declared dependency (what a run tested)."""
    from importlib.metadata import PackageNotFoundError, version

    def found(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "missing"

    return ", ".join(f"{name} {found(name)}" for name in sorted(minimums()))


def main() -> None:
    if sys.argv[1:] == ["--installed"]:
        print(f"testing with {installed()}")
        return
    print("# The oldest releases pyproject.toml allows (scripts/dependency_bounds.py)")
    for name, version in sorted(minimums().items()):
        print(f"{name}=={version}")


if __name__ == "__main__":
    main()
