"""Printables (issue 18): the player cards and the event report an organizer prints and sends
(NS HEX 2023 §2.1 "raport z turnieju (protokół oraz karty graczy)", §5.2 "karty graczy z
wybranymi armiami", §6.1/§6.3/§6.5 the armies marked on the card), worked from the demo's own
files; A4 on paper, no sideways scroll at 360 px."""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import yaml

from podium.run.archive import load_archive
from podium.run.builder import build_site

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
EVENT = "2023-04-krakow"
NO_ARMIES = "2022-11-tantrix-liga"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("printables") / "site"
    build_site(CONTENT, out)
    return out


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _cards(html: str) -> list[str]:
    return html.split('<article class="player-card">')[1:]


def test_each_player_has_a_card_with_the_armies_he_registered(site):
    registered = yaml.safe_load((CONTENT / "events" / EVENT / "registrations.yaml").read_text())
    basic = yaml.safe_load((ROOT / "rulesets/neuroshima-hex-pl-2023.yaml").read_text())["armies"]["basic"]
    cards = _cards((site / "events" / EVENT / "cards/index.html").read_text())
    assert len(cards) == len(registered) == 24
    by_name = {re.search(r'class="card-name">([^<]+)<', card).group(1): card for card in cards}
    assert set(by_name) == {p["name"] for p in registered}
    for player in registered:
        armies = re.findall(r'<span class="card-army[^"]*">([^<✓★]+?)(?: ✓)?(?: ★)?</span>', by_name[player["name"]])
        assert armies == (basic if player.get("beginner") else player["armies"]), player["name"]


def test_a_card_marks_the_army_fielded_in_each_round(site, ):
    report = load_archive(CONTENT).reports[EVENT]
    cards = _cards((site / "events" / EVENT / "cards/index.html").read_text())
    person = report.people[0]
    card = next(c for c in cards if f'class="card-name">{person.name}<' in c)
    games = report.player[person.id].games
    rows = re.findall(r"<tr><td>[^<]*</td><td>[^<]*</td><td>([^<]*)</td>", card)
    assert rows == [g.army or "" for g in games]
    fielded = re.findall(r'<span class="card-army fielded[^"]*">([^<]+?) ✓', card)
    assert set(fielded) == {g.army for g in games if g.army} & set(person.armies)


def test_the_report_records_registered_armies_and_says_the_event_has_cards():
    reports = load_archive(CONTENT).reports
    assert reports[EVENT].armies and reports[EVENT].people[0].armies
    assert not reports[NO_ARMIES].armies


def test_the_event_report_holds_what_the_organizer_sends(site):
    event = yaml.safe_load((CONTENT / "events" / EVENT / "event.yaml").read_text())
    registered = yaml.safe_load((CONTENT / "events" / EVENT / "registrations.yaml").read_text())
    report = load_archive(CONTENT).reports[EVENT]
    html = (site / "events" / EVENT / "report/index.html").read_text()
    text = _text(html)
    assert "Data 15 kwietnia 2023" in text
    assert f"Miejsce {event['venue']}" in text
    assert f"Organizator {event['organizer']}" in text
    assert f"Sędzia Główny {event['head_judge']}" in text
    assert f"Gracze {len(registered)}" in text
    assert "Turniej eliminacyjny tak: co najmniej 8 graczy" in text
    assert "4 rundy szwajcarskie, potem Top 8" in text
    winner = report.person[report.winner].name
    assert f"Zwycięzca {winner}" in text and f"Zaproszenie na finał {winner} (miejsce 1)" in text
    rows = re.findall(r'<tr><td class="num">(\d+)</td><td>([^<]+)', html)
    assert [(int(rank), name.strip()) for rank, name in rows] == [
        (r.rank, report.person[r.player].name) for r in report.standings]
    assert "Klasyfikacja końcowa" in text


def test_cards_only_where_players_register_armies(site):
    assert (site / "events" / NO_ARMIES / "report/index.html").exists()
    assert not (site / "events" / NO_ARMIES / "cards").exists()
    assert "cards/" not in (site / "events" / NO_ARMIES / "index.html").read_text()
    event_page = (site / "events" / EVENT / "index.html").read_text()
    assert f'{EVENT}/cards/"' in event_page and f'{EVENT}/report/"' in event_page


def test_print_css_is_a4_with_a_page_break_per_sheet_of_cards(site):
    css = (site / "static/print.css").read_text()
    assert re.search(r"@page\s*{[^}]*size:\s*A4", css)
    printing = css[css.index("@media print"):]
    assert re.search(r"\.sheet\s*{[^}]*break-after:\s*page", printing)
    assert re.search(r"\.player-card\s*{[^}]*break-inside:\s*avoid", css)
    html = (site / "events" / EVENT / "cards/index.html").read_text()
    sheets = html.split('<section class="sheet">')[1:]
    assert len(sheets) == 12 and all(1 <= len(_cards(s)) <= 2 for s in sheets)
    assert 'href="../../../static/print.css"' in html


# ------------------------------------------------------------------ in a browser

@pytest.mark.parametrize("path", [f"events/{EVENT}/cards/", f"events/{EVENT}/report/", f"events/{NO_ARMIES}/report/"])
def test_printables_do_not_scroll_sideways_at_360px(base_url, phone, path):
    phone.goto(base_url + path)
    width, viewport = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= viewport, f"{path} is {width}px wide at a {viewport}px viewport"


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_the_cards_print_two_to_an_a4_page(base_url, phone):
    phone.goto(base_url + f"events/{EVENT}/cards/")
    cards = phone.locator(".player-card").count()
    pdf = phone.pdf(format="A4")
    assert _pdf_pages(pdf) == math.ceil(cards / 2) == 12


def test_the_event_report_prints_on_a4(base_url, phone):
    phone.goto(base_url + f"events/{EVENT}/report/")
    assert 1 <= _pdf_pages(phone.pdf(format="A4")) <= 2
