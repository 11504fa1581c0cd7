"""Every UI msgid in the sources: templates, ``N_()`` marks in the package, tie-breaker texts
and Podium's own rulesets' names and ``explain:`` lines.

Used by scripts/update_catalogs.py to add new msgids to the catalogs, and by the tests to keep
every catalog complete.
"""
from __future__ import annotations

from pathlib import Path

import yaml
from babel.messages.extract import extract_python
from jinja2.ext import babel_extract

from podium.core.folders import BUILTIN_DIR, TEMPLATES_DIR
from podium.site.i18n import FEMININE, context_key
from podium.site.labels import GENDERED

from podium.rules.registry import TIEBREAKERS

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # the package: every floor


def template_msgids() -> set:
    """``_("…")`` and ``_n("… singular", "… plural", n)`` in the templates (a plural is one
    (singular, plural) msgid)."""
    found = set()
    for path in sorted([*TEMPLATES_DIR.glob("*.html"), *TEMPLATES_DIR.glob("report/*.html")]):
        with path.open("rb") as handle:
            for _line, func, message, _comments in babel_extract(handle, ("_", "_n"), [], {}):
                found |= _msgids(func, message)
    return found


def marked_msgids() -> set:
    """``N_("…")`` and ``Nn_("… singular", "… plural")`` in the package."""
    found = set()
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        with path.open("rb") as handle:
            for _line, func, message, _comments in extract_python(handle, {"N_": None, "Nn_": (1, 2)}, [], {}):
                found |= _msgids(func, message)
    return found


def _msgids(func: str, message) -> set:
    if func in ("_n", "Nn_"):
        singular, plural = message[:2]
        return {(singular, plural)} if isinstance(singular, str) and isinstance(plural, str) else set()
    texts = message if isinstance(message, tuple) else (message,)
    return {text for text in texts if isinstance(text, str) and text}


def tiebreaker_msgids() -> set[str]:
    return {text for cls in TIEBREAKERS.values() for text in (cls.abbr, cls.title, cls().explanation) if text}


def builtin_ruleset_msgids() -> set[str]:
    """The names and ``explain:`` lines of the rulesets Podium ships: players read them on every
    site (an organizer's own ruleset is shown as written)."""
    found = set()
    for path in sorted(BUILTIN_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found |= {data["name"], *(data.get("explain") or {}).values()}
    return found


def gendered_msgids() -> set[str]:
    """The feminine form of each word said of a player that takes a gender (msgctxt "feminine")."""
    return {context_key(FEMININE, text) for text in GENDERED}


def all_msgids() -> set[str]:
    return template_msgids() | marked_msgids() | tiebreaker_msgids() | builtin_ruleset_msgids() | gendered_msgids()
