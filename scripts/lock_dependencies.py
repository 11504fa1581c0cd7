"""Write generator/requirements-lock.txt: Podium's dependencies pinned, with their hashes.

    pip install uv && python scripts/lock_dependencies.py

The Pages workflow that `podium init` writes installs this set with `pip install
--require-hashes`, so a site is rebuilt with the very libraries its Podium release was tested
with, and a changed or substituted download is refused. It is package data: a release carries
its own lock. Run this before a release (after the suite has passed with the newest releases,
`bash scripts/test.sh`); tests/test_workflow.py checks the lock against the pyproject's ranges.
uv resolves for every platform and Python the pyproject allows (pip-tools resolves for the
machine it runs on), and writes every file's hash of each pinned release.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "generator" / "requirements-lock.txt"
HEADER = ("# Podium's dependencies, pinned and hashed: pip install --require-hashes --no-deps -r this file.\n"
          "# Written by scripts/lock_dependencies.py from pyproject.toml; do not edit by hand.\n")


def main() -> None:
    locked = subprocess.run(
        ["uv", "pip", "compile", str(ROOT / "pyproject.toml"), "--universal", "--python-version", "3.11",
         "--generate-hashes", "--no-header", "--quiet"],
        capture_output=True, text=True, cwd=ROOT)
    if locked.returncode != 0:
        sys.exit(locked.stderr or "uv pip compile failed (pip install uv)")
    LOCK.write_text(HEADER + locked.stdout.replace(str(ROOT) + "/", ""), encoding="utf-8")
    print(f"wrote {LOCK.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
