"""The Pages workflow `podium init` writes: pinned, least privilege, one publication at a time."""
from __future__ import annotations

import yaml

from podium import __version__


def written_workflow(tmp_path, monkeypatch, cli) -> dict:
    monkeypatch.chdir(tmp_path)
    cli("init", "club")
    return yaml.safe_load((tmp_path / "club/.github/workflows/podium.yml").read_text())


def test_it_installs_the_podium_version_that_wrote_it(tmp_path, monkeypatch, cli):
    workflow = written_workflow(tmp_path, monkeypatch, cli)
    assert workflow["env"]["PODIUM_VERSION"] == __version__
    install = [s["run"] for s in workflow["jobs"]["build"]["steps"] if "pip install" in s.get("run", "")]
    assert install == ['pip install "podium @ git+https://github.com/podium-tournaments/podium@v${PODIUM_VERSION}"']


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
