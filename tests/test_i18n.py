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
        if isinstance(msgid, tuple):  # every plural form says the same things as the English plural
            for form in msgstr:
                assert sorted(PLACEHOLDER.findall(msgid[1])) == sorted(PLACEHOLDER.findall(form)), (language, msgid)
        else:
            assert sorted(PLACEHOLDER.findall(msgid)) == sorted(PLACEHOLDER.findall(msgstr)), (language, msgid)


@pytest.mark.parametrize("language, expected", [
    ("pl", ["1 gracz", "2 gracze", "5 graczy", "12 graczy", "22 gracze", "25 graczy", "104 gracze"]),
    ("cs", ["1 hráč", "2 hráči", "5 hráčů", "12 hráčů", "22 hráčů", "25 hráčů", "104 hráčů"]),
    ("it", ["1 giocatore", "2 giocatori", "5 giocatori", "12 giocatori", "22 giocatori", "25 giocatori", "104 giocatori"]),
    ("en", ["1 player", "2 players", "5 players", "12 players", "22 players", "25 players", "104 players"]),
])
def test_counts_take_the_plural_form_of_the_languages_rule(language, expected):
    """CLDR's rules through Babel: Polish 22 gracze but 12 graczy; Czech 2–4 hráči, 5+ hráčů."""
    forms = Language(language)
    assert [forms.ngettext("%(count)s player", "%(count)s players", n) % {"count": n}
            for n in (1, 2, 5, 12, 22, 25, 104)] == expected


def test_a_polish_site_counts_its_players_and_rounds_in_polish(tree, cli):
    tree.write("site.yaml", {"title": "Klub", "language": "pl"})
    tree.event("e1", 22)
    cli("pair", "e1")
    cli("build")
    home = (tree.root / "site/index.html").read_text(encoding="utf-8")
    event = (tree.root / "site/events/e1/index.html").read_text(encoding="utf-8")
    assert "22 gracze" in home and "Graczy: 22" not in home
    assert "4 rundy szwajcarskie, potem Top 8" in event  # 22 players: 4 rounds (few), 5 would be 5 rund
    assert Language("pl").ngettext("%(rounds)s Swiss round, no finals", "%(rounds)s Swiss rounds, no finals", 5) % {
        "rounds": 5} == "5 rund szwajcarskich, bez finałów"


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


@pytest.mark.parametrize("language, names, expected", [
    ("pl", ["Ewa Łukasiewicz", "Jan Lis", "Anna Zając", "Piotr Lupa"], ["Jan Lis", "Piotr Lupa", "Ewa Łukasiewicz", "Anna Zając"]),
    ("cs", ["Eva Chalupová", "Jan Hora", "Petr Čapek", "Ivo Cibulka", "Jan Ibl"],
     ["Ivo Cibulka", "Petr Čapek", "Jan Hora", "Eva Chalupová", "Jan Ibl"]),
    ("en", ["Zoe Adams", "Al Zed", "Bo Adams"], ["Bo Adams", "Zoe Adams", "Al Zed"]),
])
def test_names_sort_by_surname_in_the_languages_alphabet(language, names, expected):
    """CLDR: Polish Ł follows L; Czech Č follows C and Ch follows H (code points put Ł and Č after Z)."""
    assert sorted(names, key=Language(language).name_key) == expected
