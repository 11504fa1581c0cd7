"""Add the sources' new msgids to every catalog in generator/locale/ (and drop unused ones).

    python scripts/update_catalogs.py

Translations already made are kept; new entries get an empty msgstr for a translator to fill.

The plural rule written in each catalogue's header is the installed Babel's (CLDR's). When CLDR
has changed a language's rule since the catalogue was written (Babel 2.19 gave Italian a third
form, for round millions), each new form starts from the form that the same counts took under
the old rule and is marked fuzzy: Podium reads no fuzzy message, so the catalogue test fails
until a translator has checked the new forms and removed the mark.
"""
from __future__ import annotations

import gettext
from collections import Counter

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from podium.site.i18n import LOCALE_DIR, context_key
from podium.commands.i18n_sources import all_msgids

LANGUAGES = ("pl", "it", "cs")
# Counts that reach every form of every CLDR rule (CLDR's own examples go up to a million).
SAMPLE_COUNTS = [*range(0, 1001), *range(1000, 2_000_001, 1000), 1_000_001, 10_000_000]


def form_map(old_expr: str, new_expr: str) -> list[int] | None:
    """For each form of the new rule, the old rule's form that most of its counts took; None
    when the two rules give every count the same form (written differently, or the same)."""
    old, new = gettext.c2py(old_expr), gettext.c2py(new_expr)
    if all(old(count) == new(count) for count in SAMPLE_COUNTS):
        return None
    taken: dict[int, Counter] = {}
    for count in SAMPLE_COUNTS:
        taken.setdefault(new(count), Counter())[old(count)] += 1
    return [taken[form].most_common(1)[0][0] for form in sorted(taken)]


def update(language: str, msgids: set[str]) -> tuple[int, int]:
    """Write the catalogue; returns (messages untranslated, messages whose new forms need a check)."""
    path = LOCALE_DIR / f"{language}.po"
    old, old_expr = {}, None
    if path.exists():
        with path.open("rb") as handle:
            before = read_po(handle, locale=language)
        old = {context_key(m.context, m.id): (m.string, m.fuzzy) for m in before if m.id}
        old_expr = before.plural_expr
    catalog = Catalog(locale=language, project="Podium", fuzzy=False)
    remap = form_map(old_expr, catalog.plural_expr) if old_expr else None
    to_check = 0
    for msgid in sorted(msgids, key=lambda m: m if isinstance(m, tuple) else (m,)):
        plural = isinstance(msgid, tuple)
        string, fuzzy = old.get(msgid, (("",) * catalog.num_plurals if plural else "", False))
        if plural and remap is not None and any(string):
            string, fuzzy, to_check = tuple(string[form] for form in remap), True, to_check + 1
        context, _, text = msgid.rpartition("\x04") if isinstance(msgid, str) else ("", "", msgid)
        catalog.add(text, string, flags=["fuzzy"] if fuzzy else [], context=context or None)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False, sort_output=True)
    untranslated = sum(1 for msgid in msgids if msgid not in old or not all(old[msgid][0]) or old[msgid][1])
    return untranslated, to_check


def main() -> None:
    LOCALE_DIR.mkdir(exist_ok=True)
    msgids = all_msgids()
    for language in LANGUAGES:
        missing, to_check = update(language, msgids)
        print(f"{language}: {len(msgids)} messages, {missing} untranslated")
        if to_check:
            print(f"{language}: CLDR's plural rule changed; {to_check} plural messages marked fuzzy: "
                  "check each new form, then remove its '#, fuzzy' line")


if __name__ == "__main__":
    main()
