"""The package as an organizer installs it: a wheel in a fresh virtual environment, outside the
checkout, runs the quick start (init → new → pair → check → build) and `python -m podium`."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCK = "import importlib.resources as r; print(r.files('podium') / 'requirements-lock.txt')"  # as the workflow finds it


def source_files() -> list[str]:
    """The checkout's files as git sees them (tracked, or new and not ignored): what a release is
    built from. A build/ folder left by an earlier build is not among them."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Built from a clean copy of the sources: setuptools packs whatever an earlier build left in
    build/, so a wheel built in a working checkout can carry files that are no longer sources."""
    source, out = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel")
    for name in source_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(source), "-w", str(out)],
                   check=True, capture_output=True, text=True)
    (found,) = out.glob("podium-*.whl")
    return found


def test_the_wheel_holds_podium_alone_with_its_templates_rulesets_and_catalogues(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names} == {"podium", wheel.name.split("-py3")[0] + ".dist-info"}
    for expected in ("podium/templates/base.html", "podium/templates/static/style.css",
                     "podium/rulesets/tantrix.yaml", "podium/locale/pl.po", "podium/__main__.py",
                     "podium/requirements-lock.txt"):
        assert expected in names
    assert not [name for name in names if name.startswith("generator")]
    # nothing but the sources: each file of podium/ is one of generator/, templates/ or rulesets/
    sources = {"/".join(("podium", *{"generator": (), "templates": ("templates",), "rulesets": ("rulesets",)}[top],
                         *rest)) for top, *rest in (name.split("/") for name in source_files())
               if top in ("generator", "templates", "rulesets")}
    assert {name for name in names if name.startswith("podium/")} <= sources
    # and every template and ruleset is in it: a page a server renders from a folder the wheel
    # left out fails only when a player opens it (the report page, its form's inputs)
    shipped = {source for source in sources if source.startswith(("podium/templates/", "podium/rulesets/"))}
    assert shipped - set(names) == set()


def test_a_fresh_environment_with_only_the_wheel_runs_the_quick_start(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir)  # without a pip of its own (seconds of the suite): this one installs into it
    python = env_dir / "bin" / "python"
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    # as the Pages workflow `podium init` writes installs it: Podium alone, then its release's
    # lock, every download checked against its hash, and nothing missing (pip check)
    subprocess.run([*pip, "install", "-q", "--no-deps", str(wheel)], check=True, capture_output=True, env=clean)
    lock = subprocess.run([python, "-c", LOCK], check=True, capture_output=True, text=True, env=clean).stdout.strip()
    for step in (["install", "-q", "--require-hashes", "--no-deps", "-r", lock], ["check"]):
        installed = subprocess.run([*pip, *step], capture_output=True, text=True, env=clean)
        assert installed.returncode == 0, installed.stdout + installed.stderr
    work = tmp_path / "elsewhere"  # not the checkout: nothing may be read from it
    work.mkdir()

    def podium(*args, cwd=work):
        run = subprocess.run([python, "-m", "podium", *args], cwd=cwd, capture_output=True, text=True, env=clean)
        assert run.returncode == 0, f"podium {' '.join(args)}:\n{run.stdout}\n{run.stderr}"
        return run.stdout

    podium("init", "club", "--ruleset", "ffg-conquest")
    club = work / "club"
    podium("new", "spring-cup", "--ruleset", "tantrix", "--date", "2026-05-16", cwd=club)
    (club / "content/events/my-first-event/registrations.yaml").write_text(
        "".join(f"- name: Player {n}\n" for n in range(1, 7)))
    assert "rounds/1.yaml" in podium("pair", "my-first-event", cwd=club)
    assert "ok: 2 events" in podium("check", cwd=club)
    assert podium("build", cwd=club).startswith("built ")
    assert (club / "site/static/style.css").exists() and (club / "site/events/my-first-event/index.html").exists()
    location = subprocess.run([python, "-c", "import podium; print(podium.__file__)"], capture_output=True, text=True,
                              env=clean, cwd=work).stdout
    assert str(env_dir) in location and str(ROOT) not in location
