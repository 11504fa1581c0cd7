"""The Pages workflow `podium init` writes: pinned, least privilege, one publication at a time."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

from podium import __version__

ROOT = Path(__file__).resolve().parents[1]
LOCK = "import importlib.resources as r; print(r.files('podium') / 'requirements-lock.txt')"


def written_workflow(tmp_path, monkeypatch, cli) -> dict:
    monkeypatch.chdir(tmp_path)
    cli("init", "club")
    return yaml.safe_load((tmp_path / "club/.github/workflows/podium.yml").read_text())


def test_it_installs_the_podium_version_that_wrote_it(tmp_path, monkeypatch, cli):
    workflow = written_workflow(tmp_path, monkeypatch, cli)
    assert workflow["env"]["PODIUM_VERSION"] == __version__
    install = [s["run"] for s in workflow["jobs"]["build"]["steps"] if s.get("run", "").startswith("pip ")]
    assert install[0] == 'pip install --no-deps "podium @ git+https://github.com/podium-tournaments/podium@v${PODIUM_VERSION}"'


def test_it_installs_the_locked_and_hash_checked_libraries_of_that_version(tmp_path, monkeypatch, cli):
    """A site is rebuilt with the libraries its Podium release was tested with, each download
    checked against its hash: the lock the release carries (tests/test_wheel.py installs a
    wheel by these very steps)."""
    workflow = written_workflow(tmp_path, monkeypatch, cli)
    steps = workflow["jobs"]["build"]["steps"]
    install = [s for s in steps if s.get("run", "").startswith("pip ")]
    assert [s["run"] for s in install[1:]] == ['pip install --require-hashes --no-deps -r "$(python -c "$LOCK")"',
                                               "pip check"]
    assert install[1]["env"]["LOCK"] == LOCK


def locked() -> dict[str, str]:
    """name → the version the package's lock pins, every pin with at least one hash."""
    text = (ROOT / "generator/requirements-lock.txt").read_text(encoding="utf-8")
    pins = {}
    for requirement in re.split(r"\n(?=[a-z0-9])", text.split("\n", 2)[2].strip()):
        name, version = re.match(r"([a-z0-9._-]+)==([^ ;\\]+)", requirement).groups()
        assert "--hash=sha256:" in requirement, name
        pins[name] = version
    return pins


def test_the_lock_pins_every_dependency_within_the_pyprojects_range():
    """The lock and the pyproject never disagree: scripts/lock_dependencies.py writes it again
    after a dependency is added or its range moved."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pins = {canonicalize_name(name): version for name, version in locked().items()}
    for declared in map(Requirement, tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]):
        name = canonicalize_name(declared.name)  # ruamel.yaml is locked as ruamel-yaml
        assert name in pins, f"{name} is not in the lock: python scripts/lock_dependencies.py"
        assert declared.specifier.contains(pins[name]), f"{name}=={pins[name]} is outside {declared}"


def test_each_job_has_only_the_permissions_it_needs(tmp_path, monkeypatch, cli):
    workflow = written_workflow(tmp_path, monkeypatch, cli)
    assert workflow["permissions"] == {}
    assert workflow["jobs"]["build"]["permissions"] == {"contents": "read", "pages": "read"}  # configure-pages reads
    assert workflow["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}


def test_two_pushes_never_publish_out_of_order_and_pip_is_cached(tmp_path, monkeypatch, cli):
    workflow = written_workflow(tmp_path, monkeypatch, cli)
    assert workflow["concurrency"] == {"group": "pages", "cancel-in-progress": False}
    python = next(s for s in workflow["jobs"]["build"]["steps"] if s.get("uses", "").startswith("actions/setup-python"))
    assert python["with"]["cache"] == "pip"
    assert python["with"]["cache-dependency-path"] == ".github/workflows/podium.yml"  # the pin is the cache key


def test_the_checkout_has_the_history_verify_reads(tmp_path, monkeypatch, cli):
    """verify re-draws a round whose earlier results were corrected from those results as they
    were committed: a shallow checkout would have no history to read them from."""
    workflow = written_workflow(tmp_path, monkeypatch, cli)
    checkout = next(s for s in workflow["jobs"]["build"]["steps"] if s.get("uses", "").startswith("actions/checkout"))
    assert checkout["with"]["fetch-depth"] == 0
