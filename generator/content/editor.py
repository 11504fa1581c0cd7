"""Editor support: `podium schema` writes a JSON Schema for each kind of content file, and the
files Podium writes name theirs in a first comment line that editors with a YAML language
server (VS Code's YAML extension, Neovim, JetBrains) read to complete keys and flag mistakes
while the organizer types.

The schemas are generated from the declarations check itself validates with
(generator/content/validate/schema.py, and the ruleset loader's tables), so they cannot drift from it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from podium import __version__
from podium.core.errors import Src, display_path, fail
from podium.rules.ruleset import ruleset_json_schema
from podium.content.validate.schema import EventFile, PlayerEntry, RoundFile, SeasonFile, SiteFile, json_schema
from podium.core.fileops import replace_file
from podium.core.writing import new_file_problem, output_problem

SCHEMA_FOLDER = "schemas"  # beside content/, like rulesets/
MARK = "written by `podium schema`"  # a file without it is the organizer's, never overwritten


def schemas() -> dict[str, dict]:
    """File kind → its JSON Schema."""
    players = {"type": "array", "title": "registrations.yaml", "items": json_schema(PlayerEntry)}
    return {"site": json_schema(SiteFile), "event": json_schema(EventFile), "registrations": players,
            "players": {**players, "title": "players.yaml"}, "round": json_schema(RoundFile),
            "season": json_schema(SeasonFile), "ruleset": ruleset_json_schema()}


def schema_files(folder: Path) -> dict[Path, str]:
    """Each schema's file in ``folder`` → its text."""
    return {folder / f"{kind}.schema.json": json.dumps({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$comment": f"{MARK} {__version__}; run it again after upgrading Podium", **schema}, indent=2, ensure_ascii=False) + "\n"
        for kind, schema in schemas().items()}


NAME_A_FOLDER = "name a folder for the schemas, such as --out schemas"


def write_schemas(folder: Path) -> list[Path]:
    """`podium schema`: every schema written into ``folder``, replacing the files it wrote before
    and nothing else; a folder that cannot hold them is refused before anything is written."""
    files = schema_files(folder)
    for path in files:
        if obstacle := new_file_problem(path, folder, NAME_A_FOLDER, replace=True):
            raise fail(Src("--out"), f"{display_path(str(obstacle[0]))} {obstacle[1]}")
        if path.exists() and MARK not in path.read_text(encoding="utf-8", errors="replace"):
            raise fail(Src(str(path)), f"is not a schema {MARK}; move it away, or name another folder with --out")
    try:
        for path, text in files.items():
            replace_file(path, text)
    except OSError as exc:  # a system folder (/proc, /sys), a full disk
        raise output_problem(folder, exc, hint=NAME_A_FOLDER) from None
    return list(files)


def schema_folder(content: Path) -> Path:
    return content.resolve().parent / SCHEMA_FOLDER


def modeline(path: Path, kind: str, content: Path, schemas_to_come: bool = False) -> str:
    """The first line that points an editor at ``kind``'s schema, relative to ``path``; empty
    when the archive has no schemas (run `podium schema` to add them) and none ``schemas_to_come``."""
    schema = schema_folder(content) / f"{kind}.schema.json"
    if not (schemas_to_come or schema.exists()):
        return ""
    relative = os.path.relpath(schema, path.resolve().parent)
    return f"# yaml-language-server: $schema={Path(relative).as_posix()}\n"
