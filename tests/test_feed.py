"""feed.xml is valid Atom whatever the titles, names and base URL hold; which base URLs are usable."""
from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET

import pytest

from podium.run.archive import load_archive
from podium.site.i18n import Language
from podium.site.feeds import atom_feed
from podium.content.validate.addresses import base_url_problem

A = "{http://www.w3.org/2005/Atom}"
HOSTILE = "</title><script>alert(1)</script> & \"quoted\" 'single' ]]> bell"  # control characters: refused by check
READ_AS = HOSTILE
RFC3339 = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
IRI = re.compile(r"[a-z][a-z0-9+.-]*:\S+$")  # absolute: a scheme, then no spaces


def played_event(tree, cli, event_id: str, date: datetime.date, name: str) -> None:
    """A finished one-round FFG event of four players, the first named ``HOSTILE`` and winning."""
    players = [{"name": HOSTILE, "id": "p1"}] + [{"name": f"Player {i}", "id": f"p{i}"} for i in range(2, 5)]
    tree.event(event_id, players, ruleset="ffg-conquest", date=date, name=name,
               structure={"swiss_rounds": 1, "cut": 0})
    cli("pair", event_id)
    data = tree.read_round(event_id, 1)
    for pairing in data["pairings"]:
        pairing["winner"] = min(pairing["players"])
    tree.save_round(event_id, 1, data)


def feed(tree, base_url: str, title: str = "Club results") -> ET.Element:
    return ET.fromstring(atom_feed(load_archive(tree.content), base_url, title, Language("en")))


@pytest.fixture
def two_events(tree, cli):
    played_event(tree, cli, "spring", datetime.date(2023, 4, 1), "Spring cup")
    played_event(tree, cli, "summer", datetime.date(2023, 7, 1), HOSTILE)
    return tree


def only(element: ET.Element, tag: str) -> ET.Element:
    found = element.findall(A + tag)
    assert len(found) == 1, f"{len(found)} <{tag}> in <{element.tag}>"
    return found[0]


@pytest.mark.parametrize("base_url", ["", "https://example.org/club"])
def test_feed_has_every_element_atom_requires(two_events, base_url):
    root = feed(two_events, base_url)
    assert root.tag == A + "feed"
    assert only(root, "title").text == "Club results"
    assert only(only(root, "author"), "name").text == "Club results"  # RFC 4287 §4.1.1: entries have no author
    assert only(root, "updated").text == "2023-07-01T00:00:00Z"  # the newest entry's
    entries = root.findall(A + "entry")
    assert [only(e, "updated").text for e in entries] == ["2023-07-01T00:00:00Z", "2023-04-01T00:00:00Z"]
    ids = [only(root, "id").text] + [only(e, "id").text for e in entries]
    assert all(IRI.match(i) for i in ids) and len(set(ids)) == 3
    assert all(RFC3339.match(e.text) for e in root.iter(A + "updated"))
    assert all(only(e, "title").text and only(e, "link").get("href") for e in entries)


def test_self_link_and_entry_links_are_absolute_with_a_base_url(two_events):
    root = feed(two_events, "https://example.org/club")
    assert only(root, "id").text == "https://example.org/club/feed.xml"
    assert only(root, "link").attrib == {"rel": "self", "href": "https://example.org/club/feed.xml"}
    assert [only(e, "link").get("href") for e in root.findall(A + "entry")] == [
        "https://example.org/club/events/summer/", "https://example.org/club/events/spring/"]


def test_a_base_url_with_quotes_adds_no_attribute(two_events):
    hostile = 'https://example.org/x" onload="alert(1)'
    root = feed(two_events, hostile)
    assert only(root, "link").attrib == {"rel": "self", "href": hostile + "/feed.xml"}
    assert only(root, "id").text == hostile + "/feed.xml"
    assert [only(e, "link").attrib for e in root.findall(A + "entry")] == [
        {"href": hostile + "/events/summer/"}, {"href": hostile + "/events/spring/"}]


def test_title_event_name_and_player_names_stay_text(two_events):
    root = feed(two_events, "", title=HOSTILE)
    assert only(root, "title").text == READ_AS and only(only(root, "author"), "name").text == READ_AS
    newest = root.findall(A + "entry")[0]
    assert only(newest, "title").text == READ_AS
    assert only(newest, "summary").text == f"4 players. 1. {READ_AS}, 2. Player 3, 3. Player 2"
    assert not root.findall(".//script")


# ------------------------------------------------------------------ base URLs

EXAMPLE = "write it in full, like https://my-club.github.io/tournaments"


@pytest.mark.parametrize("url", ["", "https://example.org", "http://example.org/club/", "HTTPS://Example.org/Club",
                                 "https://łódź.example/wyniki", "https://example.org:8443/x", "https://[::1]/x"])
def test_usable_base_urls(url):
    assert base_url_problem(url) is None


@pytest.mark.parametrize("url", ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "/tournaments",
                                 "tournaments", "//example.org/x", "ftp://example.org/", "mailto:club@example.org"])
def test_a_base_url_that_is_not_http_is_refused(url):
    assert base_url_problem(url) == f"the base URL {url!r} is not an http:// or https:// address; {EXAMPLE}"


@pytest.mark.parametrize("url, char", [('https://example.org/x" onload="y', '"'), ("https://example.org/x'y", "'"),
                                       ("https://example.org/<script>", "<"), ("https://example.org/a>b", ">"),
                                       ("https://example.org/my club", " "), ("https://example.org/\tx", "\t"),
                                       ("https://example.org/x\n", "\n"), ("https://example.org/\x00", "\x00"),
                                       ("https://example.org/\x7f", "\x7f"), ("https://example.org/\u2028", "\u2028"),
                                       ("data:text/html,<b>x</b>", "<")])
def test_a_base_url_with_a_character_no_address_has_is_refused(url, char):
    assert base_url_problem(url) == (f"the base URL {url!r} contains {char!r}, which a web address never has; "
                                     "write it like https://my-club.github.io/tournaments")


@pytest.mark.parametrize("url", ["https://", "https:///club", "http://:8080/", "https://user@/x"])
def test_a_base_url_without_a_host_is_refused(url):
    assert base_url_problem(url) == f"the base URL {url!r} has no host name; {EXAMPLE}"


@pytest.mark.parametrize("url", ["https://example.org:80x/", "https://example.org:99999/"])
def test_a_base_url_with_a_port_that_is_not_a_number_is_refused(url):
    assert base_url_problem(url) == (f"the base URL {url!r} has a port that is not a number from 0 to 65535; "
                                     "write it like https://my-club.github.io/tournaments")


@pytest.mark.parametrize("url", ["https://example.org/?page=1", "https://example.org/#top", "https://example.org/club?"])
def test_a_base_url_with_a_query_or_fragment_is_refused(url):
    assert base_url_problem(url) == (f"the base URL {url!r} has a '?' or '#' part, which would come before every "
                                     "page's path; write only the site's address, like "
                                     "https://my-club.github.io/tournaments")


@pytest.mark.parametrize("url", ["http://[::1", "http://[zz]/", "http://x]/"])
def test_a_base_url_with_unbalanced_or_bad_brackets_is_refused(url):
    assert base_url_problem(url) == (f"the base URL {url!r} has a host name no address has; write it like "
                                     "https://my-club.github.io/tournaments")


def test_site_yaml_base_url_is_checked_with_its_line(tree, cli):
    tree.event("e1", 4)
    tree.write("site.yaml", "title: T\nbase_url: javascript:alert(1)\n")
    result = cli("check", expect=1)
    assert result.output.splitlines()[0] == (
        "content/site.yaml:2: the base URL 'javascript:alert(1)' is not an http:// or https:// address; "
        "write it in full, like https://my-club.github.io/tournaments")


def test_build_refuses_a_base_url_option_no_address_has(tree, cli):
    tree.event("e1", 4)
    result = cli("build", "--base-url", 'https://x.org/" onload="a', expect=1)
    assert result.output.startswith("--base-url: the base URL 'https://x.org/\" onload=\"a' contains '\"'")
    assert not (tree.root / "site").exists()


@pytest.mark.parametrize("language, rounds, summary", [
    ("en", 1, "4 players, 1 round played so far"),
    ("en", 3, "4 players, 3 rounds played so far"),
    ("pl", 1, "4 gracze, rozegrana 1 runda"),
    ("pl", 2, "4 gracze, rozegrane 2 rundy"),
    ("cs", 2, "4 hráči, 2 kola odehrána"),
    ("it", 1, "4 giocatori, 1 turno giocato finora"),
])
def test_a_running_events_summary_counts_players_and_rounds_each_in_its_plural(tree, cli, language, rounds, summary):
    """'1 rounds played so far': one sentence held two counts and took the plural of the first."""
    from podium.site.feeds import _summary

    players = [{"name": f"Player {i}", "id": f"p{i}"} for i in range(1, 5)]
    tree.event("e1", players, ruleset="ffg-conquest", structure={"swiss_rounds": 3, "cut": 2})  # four play three rounds, then a final
    for number in range(1, rounds + 1):
        cli("pair", "e1")
        data = tree.read_round("e1", number)
        for pairing in data["pairings"]:
            pairing["winner"] = min(pairing["players"])
        tree.save_round("e1", number, data)
    archive = load_archive(tree.content)
    assert _summary(archive.reports["e1"], archive.players, Language(language)) == summary


def test_a_base_url_option_longer_than_site_yaml_allows_is_refused(tree, cli):
    """Issue 14: a --base-url of 2,400 characters overflowed the round pages' QR codes (a traceback)."""
    tree.event("e1", 8)
    cli("pair", "e1")
    url = "https://example.org/" + "a" * 2400
    assert cli("build", "--base-url", url, expect=1).output == (
        "--base-url: the base URL is 2,420 characters long; at most 200: write only the site's address, like "
        "https://my-club.github.io/tournaments\n1 problem found.\n")
    assert not (tree.root / "site").exists()
    assert cli("build", "--base-url", "https://example.org/" + "a" * 180).output.startswith("built ")
