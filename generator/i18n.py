"""The UI language: gettext catalogs (read with Babel, no compiled files) and localized dates/numbers.

Catalogs live in generator/locale/<language>.po; English is the source language and needs none.
scripts/update_catalogs.py adds new msgids; a test keeps every catalog complete.
"""
from __future__ import annotations

import datetime
from functools import lru_cache
from pathlib import Path

from babel.dates import format_date
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

LOCALE_DIR = Path(__file__).resolve().parent / "locale"


@lru_cache(maxsize=None)
def catalog(language: str) -> dict[str, str]:
    path = LOCALE_DIR / f"{language}.po"
    if language == "en" or not path.exists():
        return {}
    with path.open("rb") as handle:
        po = read_po(handle, locale=language)
    return {m.id: m.string for m in po if m.id and m.string}


class Language:
    def __init__(self, code: str):
        self.code = code
        self.messages = catalog(code)

    def gettext(self, text: str) -> str:
        return self.messages.get(text, text)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.gettext(singular if count == 1 else plural)

    def date(self, value) -> str:
        return format_date(value, format="long", locale=self.code) if isinstance(value, datetime.date) else ""

    def number(self, value) -> str:
        if value is None:
            return ""
        if isinstance(value, float) and not value.is_integer():
            return format_decimal(round(value, 4), format="#,##0.####", locale=self.code)
        return str(int(value)) if isinstance(value, float) else str(value)
