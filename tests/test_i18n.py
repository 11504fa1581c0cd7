"""The UI speaks en, pl, it, cs: catalogs stay complete, and a site in Polish reads Polish."""
from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from podium.site.i18n import Language, catalog
from podium.commands.i18n_sources import all_msgids

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted(po.stem for po in (ROOT / "generator/locale").glob("*.po"))  # cs, it, pl

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@pytest.mark.parametrize("language", SHIPPED)
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
    # CLDR 46's third Italian form: a round million is a noun ("un milione di giocatori").
    ("it", ["1000000 di giocatori", "2000000 di giocatori", "1000001 giocatori"]),
    ("en", ["1 player", "2 players", "5 players", "12 players", "22 players", "25 players", "104 players"]),
])
def test_counts_take_the_plural_form_of_the_languages_rule(language, expected):
    """CLDR's rules through Babel: Polish 22 gracze but 12 graczy; Czech 2–4 hráči, 5+ hráčů."""
    forms = Language(language)
    counts = (1_000_000, 2_000_000, 1_000_001) if len(expected) == 3 else (1, 2, 5, 12, 22, 25, 104)
    assert [forms.ngettext("%(count)s player", "%(count)s players", n) % {"count": n} for n in counts] == expected


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


PLURALS_IN_EVERY_FORM = {n: form for form, numbers in enumerate([(1,), (1_000_000, 2_000_000), (0, 2, 5, 21, 999_999)])
                         for n in numbers}


def test_plural_forms_follow_the_catalogues_own_rule_not_the_installed_cldr(tmp_path, monkeypatch):
    """A catalogue written for a three-form rule (Italian since CLDR 46: 1 / a million / other)
    is read by its own header whatever rule the installed Babel has for the language, and one
    written for the two-form rule likewise: the file and its rule always agree."""
    import podium.site.i18n as i18n

    header = 'msgid ""\nmsgstr ""\n"Language: it\\n"\n"Plural-Forms: nplurals={n}; plural={rule};\\n"\n\n'
    entry = 'msgid "%(count)s player"\nmsgid_plural "%(count)s players"\n{forms}\n'
    for rule, forms in [("(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)", ["uno", "milione", "altri"]),
                        ("(n != 1)", ["uno", "altri"])]:
        msgstrs = "\n".join(f'msgstr[{i}] "{form}"' for i, form in enumerate(forms))
        (tmp_path / "it.po").write_text(header.format(n=len(forms), rule=rule) + entry.format(forms=msgstrs),
                                        encoding="utf-8")
        monkeypatch.setattr(i18n, "CATALOGS", tmp_path)
        i18n._catalogue.cache_clear()
        try:
            said = {n: Language("it").ngettext("%(count)s player", "%(count)s players", n) for n in PLURALS_IN_EVERY_FORM}
        finally:
            i18n._catalogue.cache_clear()
        assert said == {n: forms[min(form, len(forms) - 1) if len(forms) == 3 else (0 if n == 1 else 1)]
                        for n, form in PLURALS_IN_EVERY_FORM.items()}


@pytest.mark.parametrize("language", SHIPPED)
def test_every_plural_message_has_as_many_forms_as_its_catalogues_rule_gives(language):
    """The header's rule gives an index below its nplurals for every count, and every plural
    message has exactly that many forms (a form missing would be an IndexError on a page)."""
    from babel.messages.pofile import read_po

    from podium.site.i18n import CATALOGS, plural_rule

    with CATALOGS.joinpath(f"{language}.po").open("rb") as handle:
        po = read_po(handle, locale=language)
    rule = plural_rule(language)
    counts = [*range(0, 1001), 1_000_000, 2_000_000, 10_000_000, 1_000_001]
    assert {rule(n) for n in counts} == set(range(po.num_plurals))
    for message in po:
        if message.pluralizable:
            assert len(message.string) == po.num_plurals, (language, message.id)


def test_update_catalogs_carries_each_form_over_to_a_new_cldr_rule():
    """scripts/update_catalogs.py, when CLDR changes a rule: Italian's (n != 1) becoming
    CLDR 46's one / many / other starts 'many' from the old 'other' (marked fuzzy for the
    translator); a rule only written differently (Polish, Babel 2.18 → 2.19) changes nothing."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("update_catalogs", ROOT / "scripts/update_catalogs.py")
    update_catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(update_catalogs)
    assert update_catalogs.form_map("(n != 1)", "(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)") == [0, 1, 1]
    assert update_catalogs.form_map(
        "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
        "n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2") is None


@pytest.mark.parametrize("language", SHIPPED)
def test_the_demo_builds_in_every_shipped_language(language, tmp_path):
    """Every page kind of the demo, in each language the package ships a catalogue for (English,
    the source, has none to lack anything): a plural form or placeholder a catalogue lacks fails
    here, not on a club's site."""
    import shutil

    from podium.run.builder import build_site

    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    site_yaml = content / "site.yaml"
    site_yaml.write_text(re.sub(r"(?m)^language: \w+$", f"language: {language}", site_yaml.read_text(encoding="utf-8")),
                         encoding="utf-8")
    build_site(content, tmp_path / "site")
    home = (tmp_path / "site/index.html").read_text(encoding="utf-8")
    assert f'<html lang="{language}">' in home
