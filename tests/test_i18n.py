"""The UI speaks en, pl, it, cs: catalogs stay complete, and a site in Polish reads Polish."""
from __future__ import annotations

import datetime
import re

import pytest

from podium.i18n import Language, catalog
from podium.i18n_sources import all_msgids

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@pytest.mark.parametrize("language", ["pl", "it", "cs"])
def test_every_message_is_translated_with_the_same_placeholders(language):
    messages = catalog(language)
    missing = sorted(all_msgids() - set(messages))
    assert not missing, f"run scripts/update_catalogs.py and translate: {missing[:5]}"
    for msgid, msgstr in messages.items():
        assert sorted(PLACEHOLDER.findall(msgid)) == sorted(PLACEHOLDER.findall(msgstr)), (language, msgid)


def test_dates_and_decimals_follow_the_language():
    day = datetime.date(2023, 5, 13)
    assert Language("pl").date(day) == "13 maja 2023"
    assert Language("en").date(day) == "May 13, 2023"
    assert Language("cs").number(2.4375) == "2,4375"
    assert Language("it").number(12) == "12"


def test_polish_site(tree, cli):
    tree.write("site.yaml", {"title": "Klub", "language": "pl"})
    tree.event("e1", 9)
    cli("pair", "e1")
    cli("build")
    event = (tree.root / "site/events/e1/index.html").read_text(encoding="utf-8")
    assert '<html lang="pl">' in event and "13 maja 2023" in event
    assert "Klasyfikacja" in event and "4 rundy szwajcarskie, bez finałów" in event
    round_page = (tree.root / "site/events/e1/rounds/1/index.html").read_text(encoding="utf-8")
    assert "Runda 1" in round_page and "Stół 1" in round_page and "Bye wylosowany w 1. rundzie" in round_page
