"""Where Podium's own folders are (its rulesets and templates, installed or in a checkout), and the
organizer's rulesets beside the content: what every command looks at first, with nothing else
imported (a build with nothing changed answers from these and the file hashes alone)."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

BUILTIN_DIR = Path(str(resources.files("podium.rulesets")))
TEMPLATES_DIR = Path(str(resources.files("podium.templates")))


def ruleset_dirs(content_root: Path) -> list[Path]:
    """The built-in rulesets, then the organizer's own ``rulesets/`` beside ``content/``."""
    dirs = [BUILTIN_DIR]
    local = content_root.resolve().parent / "rulesets"
    if local.is_dir() and local.resolve() != BUILTIN_DIR.resolve():
        dirs.append(local)
    return dirs
