#!/usr/bin/env bash
# The whole test suite, with what it needs: the test extras and a real browser (Debian's
# Chromium, which Playwright drives; Playwright's own browser download is not used).
# pytest's exit 5 (no tests collected) counts as a failure.
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
pip install -q -e '.[test]'
set +e
# One test process a core (pytest-xdist): the suite is some 1,400 short tests, most of them
# waiting on a build or a browser, and runs in about two thirds of the time on two cores.
python -m pytest -n auto "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: failing" >&2
  exit 1
fi
exit "$status"
