"""The UI language: gettext catalogs (read with Babel, no compiled files) and localized dates/numbers.

Catalogs live in generator/locale/<language>.po; English is the source language and needs none.
scripts/update_catalogs.py adds new msgids; a test keeps every catalog complete.

A catalogue's plural forms are chosen by the rule in its own ``Plural-Forms`` header, never by
the rule the installed Babel's CLDR data has: the two drift apart when CLDR changes a language
(Babel 2.19 gave Italian a third form), and only the file's rule is sure to match its msgstrs.
"""
from __future__ import annotations

import datetime
import gettext
from functools import lru_cache
from importlib import resources
from pathlib import Path

from babel.dates import format_date
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

CATALOGS = resources.files("podium").joinpath("locale")  # installed or in a checkout, read as package data
LOCALE_DIR = Path(str(CATALOGS))  # where scripts/update_catalogs.py writes them, in a checkout


def catalog(language: str) -> dict:
    """msgid → its translation; a (singular, plural) msgid → the language's plural forms, in the
    order of the catalogue's plural rule (Polish: 1 gracz, 2 gracze, 5 graczy)."""
    return _catalogue(language)[0]


def plural_rule(language: str):
    """count → the index of its plural form, by the catalogue's own ``Plural-Forms`` rule."""
    return _catalogue(language)[1]


@lru_cache(maxsize=None)
def _catalogue(language: str) -> tuple[dict, object]:
    po_file = CATALOGS.joinpath(f"{language}.po")
    if language == "en" or not po_file.is_file():
        return {}, _english_plural
    with po_file.open("rb") as handle:
        po = read_po(handle, locale=language)
    # A fuzzy message is a translator's draft (gettext's rule): the English stands meanwhile.
    messages = {context_key(m.context, m.id): m.string for m in po
                if m.id and not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string)}
    # Catalog.plural_expr is the header's rule when the file has one, else the locale's.
    return messages, gettext.c2py(po.plural_expr)


FEMININE = "feminine"  # the context of a sentence's form that names a woman (gettext's msgctxt)


def context_key(context: str | None, msgid):
    """A message as gettext keys it: of a context, the context, EOT, the msgid; else the msgid."""
    return f"{context}\x04{msgid}" if context else msgid


# Men's given names ending in -a, in the languages the site speaks: every other given name ending
# in -a is read as a woman's where registrations say no 'gender:' (a guess a line of the file fixes).
MENS_NAMES_IN_A = frozenset({"kuba", "barnaba", "bonawentura", "kosma", "jarema", "dyzma", "zawisza", "sasza",
                             "nikita", "ilia", "ilja", "luca", "andrea", "nicola", "mattia", "elia", "battista",
                             "gianluca", "honza", "jura", "saša", "míša", "joshua", "jona", "jonah"})


def feminine(name: str, gender: str | None) -> bool:
    """Whether words naming this player take their feminine form: as registered ('gender: f'),
    else by the given name (the first word): one ending in -a is a woman's but for the men's
    names above."""
    if gender:
        return gender == "f"
    given = name.split()[0].lower() if name.split() else ""
    return given.endswith("a") and given not in MENS_NAMES_IN_A


def _english_plural(count: int) -> int:
    return 0 if count == 1 else 1


@lru_cache(maxsize=None)
def collator(language: str):
    """ICU's collation for the language (CLDR: Polish ł after l, Czech ch after h and č after c).
    ICU, from the pyicu-wheels build that bundles it: 30× faster than pyuca on 20,000 names and,
    unlike pyuca's root order, tailored per language."""
    import icu

    return icu.Collator.createInstance(icu.Locale(language))


class Language:
    def __init__(self, code: str):
        self.code = code
        self.messages = catalog(code)

    def name_key(self, name: str) -> tuple:
        """Sorts people as an alphabetical list in this language does: by surname (the last
        word), then by the whole name."""
        key = collator(self.code).getSortKey
        words = name.split()
        return key(words[-1] if words else ""), key(name)

    def gettext(self, text: str) -> str:
        return self.messages.get(text, text)

    def ngettext(self, singular: str, plural: str, count) -> str:
        """The form of the sentence for ``count``; a count with a fraction takes the last form
        (2,5 punktu is the genitive of Polish's 'other' category, not of 'few')."""
        forms = self.messages.get((singular, plural))
        if forms is None:
            return singular if count == 1 else plural
        whole = isinstance(count, int) or (isinstance(count, float) and count.is_integer())
        return forms[plural_rule(self.code)(int(count))] if whole else forms[-1]

    def date(self, value) -> str:
        return _long_date(value, self.code) if isinstance(value, datetime.date) else ""

    def number(self, value) -> str:
        if value is None:
            return ""
        if isinstance(value, float) and not value.is_integer():
            return _decimal(round(value, 4), self.code)
        return str(int(value)) if isinstance(value, float) else str(value)

    def signed(self, value) -> str:
        """A difference with its sign: +7, -7, 0 ("" for none)."""
        return "" if value is None else (f"+{self.number(value)}" if value > 0 else self.number(value))

    def tiebreak(self, value, signed: bool = False, percent: bool = False) -> str:
        """A standings cell of a tie-breaker: numbers compared in order joined by '·', a
        difference signed, a percentage as a per cent, else the number."""
        if isinstance(value, (list, tuple)):
            return "·".join(map(self.number, value))
        return self.signed(value) if signed else self.percent(value) if percent else self.number(value)

    def percent(self, fraction) -> str:
        """A fraction in [0, 1] as the language writes a per cent, to two places (0.708333 →
        '70.83%', '70,83 %' in Czech)."""
        return "" if fraction is None else _percent(round(fraction, 4), self.code)


# Babel's CLDR formatting costs tens of microseconds a call and a site repeats the same dates
# and numbers thousands of times.
@lru_cache(maxsize=4096)
def _long_date(value: datetime.date, code: str) -> str:
    return format_date(value, format="long", locale=code)


@lru_cache(maxsize=65536)
def _percent(fraction: float, code: str) -> str:
    return format_percent(fraction, locale=code, decimal_quantization=False)


@lru_cache(maxsize=65536)
def _decimal(value: float, code: str) -> str:
    return format_decimal(value, format="#,##0.####", locale=code)
