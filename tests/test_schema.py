"""`podium schema`: JSON Schemas generated from the declarations check validates with; the
files Podium writes point editors at them."""
from __future__ import annotations

import datetime
import json
from pathlib import Path

import jsonschema
import pytest

from podium.content.editor import schemas
from podium.core.errors import Problems, Src
from podium.content.load import load_yaml
from podium.content.validate.schema import SiteFile
from podium.content.validate import Fields

ROOT = Path(__file__).resolve().parent.parent


def as_json(value):
    """What an editor's YAML server hands the schema: dates as text, keys as text."""
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    return value.isoformat() if isinstance(value, datetime.date) else value


def kind_of(path: Path) -> str:
    if path.parent.name == "rounds":
        return "round"
    if path.parent.name == "seasons":
        return "season"
    if path.parent.name == "rulesets":
        return "ruleset"
    return path.stem if path.stem in ("site", "registrations", "players") else "event"


def demo_files() -> list[Path]:
    content = sorted((ROOT / "content").rglob("*.yaml"))
    return content + sorted((ROOT / "rulesets").glob("*.yaml"))


def test_every_demo_file_and_builtin_ruleset_is_valid_under_its_schema():
    """The schemas say what check accepts: the whole demo archive (which checks) passes them."""
    validators = {kind: jsonschema.Draft7Validator(schema) for kind, schema in schemas().items()}
    files = demo_files()
    assert len(files) > 100
    for path in files:
        errors = list(validators[kind_of(path)].iter_errors(as_json(load_yaml(path))))
        assert not errors, f"{path}: {errors[0].message} at {list(errors[0].absolute_path)}"


@pytest.mark.parametrize("kind, data, complaint", [
    ("registrations", [{"name": "Anna", "ratng": 1650}], "Additional properties are not allowed ('ratng'"),
    ("registrations", [{"name": "Anna", "rating": "high"}], "'high' is not of type 'integer'"),
    ("site", {"language": "pl"}, "'title' is a required property"),
    ("round", {"round": 1, "stage": "swis", "pairings": []}, "'swis' is not one of ['swiss'"),
    ("event", {"name": "E", "ruleset": "tantrix", "seed": 1, "date": "2026-02-30"}, None),
])
def test_the_schemas_flag_what_check_refuses(kind, data, complaint):
    errors = [e.message for e in jsonschema.Draft7Validator(schemas()[kind]).iter_errors(data)]
    if complaint is None:
        assert errors == []  # a schema cannot know calendars: check still refuses 2026-02-30
    else:
        assert any(complaint in e for e in errors), errors


def test_a_key_read_but_not_declared_is_a_bug_stopped_at_once():
    with pytest.raises(KeyError, match="'colour' is read from site.yaml but not declared in generator/content/validate/schema.py"):
        Fields(None, Src("site.yaml"), Problems(), "site.yaml", SiteFile).get("colour")


def test_init_writes_the_schemas_and_points_each_file_at_its_own(tmp_path, monkeypatch, cli):
    monkeypatch.chdir(tmp_path)
    cli("init", "club")
    club = tmp_path / "club"
    assert sorted(p.name for p in (club / "schemas").iterdir()) == [
        "event.schema.json", "players.schema.json", "registrations.schema.json", "round.schema.json",
        "ruleset.schema.json", "season.schema.json", "site.schema.json"]
    first = {path: path.read_text().splitlines()[0] for path in (club / "content").rglob("*.yaml")}
    assert first == {
        club / "content/site.yaml": "# yaml-language-server: $schema=../schemas/site.schema.json",
        club / "content/events/my-first-event/event.yaml": "# yaml-language-server: $schema=../../../schemas/event.schema.json",
        club / "content/events/my-first-event/registrations.yaml":
            "# yaml-language-server: $schema=../../../schemas/registrations.schema.json"}
    for path in first:
        schema = json.loads((path.parent / first[path].split("=", 1)[1]).read_text())
        assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"


def test_new_and_pair_write_the_line_too(tmp_path, monkeypatch, cli):
    monkeypatch.chdir(tmp_path)
    cli("init", ".")
    cli("new", "cup", "--ruleset", "ffg-conquest", "--date", "2026-05-16")
    (tmp_path / "content/events/cup/registrations.yaml").write_text("- name: A\n- name: B\n- name: C\n- name: D\n")
    cli("pair", "cup")
    round_file = (tmp_path / "content/events/cup/rounds/1.yaml").read_text()
    assert round_file.startswith("# yaml-language-server: $schema=../../../../schemas/round.schema.json\n# ")
    assert cli("check").output.splitlines()[-1].startswith("ok: 2 events")


def test_schema_rewrites_its_own_files_but_never_an_organizers(tmp_path, monkeypatch, cli):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "content").mkdir()
    cli("schema")
    cli("schema")  # its own earlier output: replaced
    (tmp_path / "schemas/site.schema.json").write_text("{}\n")
    result = cli("schema", expect=1)
    assert result.output.startswith("schemas/site.schema.json: is not a schema written by `podium schema`; move it away")
    assert (tmp_path / "schemas/site.schema.json").read_text() == "{}\n"


@pytest.mark.parametrize("out, message", [
    ("notes.txt", "notes.txt is a file, not a folder"),
    ("notes.txt/schemas", "notes.txt/schemas cannot be made: notes.txt is a file, not a folder"),
    ("x" * 300, "x" * 300 + " cannot be made: the name is too long"),
    ("link", "link is a symbolic link (to nowhere)"),
])
def test_an_out_folder_that_cannot_hold_the_schemas_is_one_problem(tmp_path, monkeypatch, cli, out, message):
    """Issue 14: each of these was a traceback (FileExistsError, NotADirectoryError, OSError 36…)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("notes\n")
    (tmp_path / "link").symlink_to("nowhere")
    assert cli("schema", "--out", out, expect=1).output == (
        f"--out: {message}; name a folder for the schemas, such as --out schemas\n1 problem found.\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "notes.txt"]


def test_a_system_folder_cannot_hold_the_schemas(tmp_path, monkeypatch, cli):
    monkeypatch.chdir(tmp_path)
    output = cli("schema", "--out", "/proc/podium-schemas", expect=1).output
    assert output.startswith("--out: /proc/podium-schemas cannot be made")  # as root or not
    assert output.endswith("; name a folder for the schemas, such as --out schemas\n1 problem found.\n")
