#!/usr/bin/env bash
# The whole test suite, with what it needs: the test extras and a real browser (Debian's
# Chromium, which Playwright drives; Playwright's own browser download is not used).
#
# Every range in pyproject.toml is tested at both of its ends:
#   bash scripts/test.sh                              the newest release of every dependency
#                                                     (pip install --upgrade, in this Python)
#   PODIUM_DEPENDENCIES=oldest bash scripts/test.sh   the oldest release the pyproject allows
#                                                     (scripts/dependency_bounds.py), in .venv-oldest/
# CI (.ci/run) runs both. pytest's exit 5 (no tests collected) counts as a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
# Any Chromium will do: Debian's chromium, Ubuntu's chromium-browser, or the Google Chrome a CI
# runner comes with.
if ! command -v chromium chromium-browser google-chrome >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  elif sudo -n true 2>/dev/null; then  # a CI runner's user may install without a password
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "the browser tests need Chromium: sudo apt-get install chromium" >&2
    exit 1
  fi
fi
case "${PODIUM_DEPENDENCIES:-newest}" in
  newest)
    python=python
    # eager: a dependency of a dependency already installed is brought up to date too
    python -m pip install -q --upgrade --upgrade-strategy eager -e '.[test]'
    ;;
  oldest)
    # An environment of its own, so that the newest releases installed above stay as they are.
    [ -x .venv-oldest/bin/python ] || python -m venv .venv-oldest
    python=.venv-oldest/bin/python
    "$python" scripts/dependency_bounds.py > .venv-oldest/oldest.txt
    "$python" -m pip install -q -c .venv-oldest/oldest.txt -e '.[test]'
    ;;
  *)
    echo "PODIUM_DEPENDENCIES is newest (the default) or oldest, not '${PODIUM_DEPENDENCIES}'" >&2
    exit 2
    ;;
esac
"$python" scripts/dependency_bounds.py --installed
# The tests write, and pytest then deletes, some 100,000 small files (demo sites, staged pages, a
# fresh environment for the wheel): in memory where the system offers it (Linux's /dev/shm), as
# creating and deleting files costs 20 times more on some disks (a run took 151 s on two cores,
# 134 s in memory). A TMPDIR you set is kept.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
  export TMPDIR=/dev/shm
fi
# Each test process, and each `python -m podium` a test starts, imports Podium and the tests: where
# the environment forbids writing bytecode (PYTHONDONTWRITEBYTECODE, set on some CI images and
# shared machines) every one of them compiles them again (collecting the tests: 5.2 s instead of
# 2.0 s a process, in a fresh clone). The bytecode goes to __pycache__/, which git ignores.
unset PYTHONDONTWRITEBYTECODE
set +e
# One test process a core (pytest-xdist): the suite is some 1,500 short tests, most of them
# waiting on a build or a browser, and runs in about two thirds of the time on two cores; an
# idle process takes tests from a busy one (worksteal), so a long test met late ends no later.
"$python" -m pytest -n auto --dist worksteal "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: failing" >&2
  exit 1
fi
exit "$status"
