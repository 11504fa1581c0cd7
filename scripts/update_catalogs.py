"""Add the sources' new msgids to every catalog in generator/locale/ (and drop unused ones).

    python scripts/update_catalogs.py

Translations already made are kept; new entries get an empty msgstr for a translator to fill.
"""
from __future__ import annotations

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from podium.i18n import LOCALE_DIR
from podium.i18n_sources import all_msgids

LANGUAGES = ("pl", "it", "cs")


def update(language: str, msgids: set[str]) -> int:
    path = LOCALE_DIR / f"{language}.po"
    old = {}
    if path.exists():
        with path.open("rb") as handle:
            old = {m.id: m.string for m in read_po(handle, locale=language) if m.id}
    catalog = Catalog(locale=language, project="Podium", fuzzy=False)
    for msgid in sorted(msgids, key=lambda m: m if isinstance(m, tuple) else (m,)):
        empty = ("",) * catalog.num_plurals if isinstance(msgid, tuple) else ""
        catalog.add(msgid, old.get(msgid, empty))
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False, sort_output=True)
    return sum(1 for msgid in msgids if not old.get(msgid) or not all(old[msgid]))


def main() -> None:
    LOCALE_DIR.mkdir(exist_ok=True)
    msgids = all_msgids()
    for language in LANGUAGES:
        missing = update(language, msgids)
        print(f"{language}: {len(msgids)} messages, {missing} untranslated")


if __name__ == "__main__":
    main()
