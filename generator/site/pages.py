"""④ The site: every page with its URL, its template and the data the template needs.

Each kind of page has its module (event, rounds, player, lists), each reading the events'
and seasons' reports (rules/report.py) through SiteModel; templates read only what those
build — never raw YAML, never the engine's internals.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable

from podium.formats.export import dumps, leaderboard_json, standings_json
from podium.site import urls
from podium.site.event import bracket_page, event_page, has_bracket_page
from podium.site.labels import N_
from podium.site.lists import about_results_page, events_page, home_page, players_page, season_page, seasons_page
from podium.site.model import SiteModel
from podium.site.shows import EVENT, INVITED, PLACES, RATING
from podium.site.player import player_page
from podium.site.printables import event_report_page, has_player_cards, player_cards_page
from podium.site.rounds import round_page


@dataclass(eq=False)
class Page:
    """One HTML page. Its context is built when it is asked for — in the rendering worker, and
    only for the pages an incremental rebuild renders again — and not kept: the contexts of ten
    thousand pages, each held until the build ends, were most of a big build's memory.

    ``shows``: what the page shows that an edit of one event can change — ``EVENT``, ``RATING``
    and ``INVITED`` keys; ``None`` for pages that show something of everything.
    """

    url: str
    template: str
    title: str
    make: Callable[[], dict] = dict
    shows: frozenset | None = frozenset()
    words: bool = False  # the title is Podium's own words (a msgid, said in the site's language), not a name

    @property
    def context(self) -> dict:
        return self.make()


@dataclass(eq=False)
class File:
    """A machine-readable companion (standings and leaderboard JSON), built like a page."""

    url: str
    make: Callable[[], str]
    shows: frozenset | None = frozenset()

    @property
    def text(self) -> str:
        """Made when written, and not kept (as a page's context)."""
        return self.make()


def site_items(archive) -> list[Page | File]:
    """Every page and file of the site, in a fixed order, none of them built yet: an event's
    pages and files one after another (a build renders them from the event's whole report)."""
    model = SiteModel(archive)
    items = [Page(urls.home(), "home.html", model.site.title, partial(home_page, model), shows=None),
             Page(urls.events(), "events.html", N_("All events"), partial(events_page, model), shows=None, words=True),
             Page(urls.players(), "players.html", N_("Players"), partial(players_page, model), shows=None, words=True),
             Page(urls.seasons(), "seasons.html", N_("Seasons"), partial(seasons_page, model), shows=None, words=True),
             Page(urls.about_results(), "about_results.html", N_("About these results"), partial(about_results_page, model),
                  shows=None, words=True)]
    for season in model.seasons.values():
        shows = frozenset(EVENT(event_id) for event_id in season.events)
        items.append(Page(urls.season(season.season.id), "season.html", season.season.name,
                          partial(season_page, season, model), shows))
        items.append(File(f"seasons/{season.season.id}/leaderboard.json",
                          partial(_json, leaderboard_json, season, model.players), shows))
    for report in model.events.values():  # maybe an outline: each page takes the whole report when made
        shows = frozenset([EVENT(report.id)])
        of_event = partial(_of_event, model, report.id)
        items.append(Page(urls.event(report.id), "event.html", report.name, partial(of_event, event_page), shows))
        items.append(File(f"events/{report.id}/standings.json", partial(of_event, _standings_json), shows))
        if has_bracket_page(report):
            items.append(Page(urls.bracket(report.id), "bracket.html", report.name, partial(of_event, bracket_page), shows))
        items.append(Page(urls.event_report(report.id), "print_report.html", report.name,
                          partial(of_event, event_report_page), shows | {INVITED(report.id)}))
        if has_player_cards(report):
            items.append(Page(urls.player_cards(report.id), "print_cards.html", report.name,
                              partial(of_event, player_cards_page), shows))
        for index, rnd in enumerate(report.rounds):
            items.append(Page(urls.round_page(report.id, rnd.number), "round.html", report.name,
                              partial(of_event, partial(_round_page, index)), shows))
    for player_id, played in sorted(model.played.items()):
        shows = frozenset([RATING(player_id), PLACES(player_id), *(EVENT(r.id) for r in played)])
        items.append(Page(urls.player(player_id), "player.html", model.players[player_id].name,
                          partial(player_page, player_id, model), shows))
    for page in model.site.pages:
        items.append(Page(urls.page(page.slug), "page.html", page.title, partial(dict, body=page.body)))
    items.append(Page(urls.NOT_FOUND, "404.html", N_("Page not found"), words=True))
    items.append(Page(urls.OFFLINE, "offline.html", N_("You are offline"), words=True))
    return items


def pages_of(items: list) -> list[Page]:
    """The HTML pages among ``site_items``, in their order."""
    return [item for item in items if isinstance(item, Page)]


def _json(export, *args) -> str:
    return dumps(export(*args))


def _of_event(model: SiteModel, event_id: str, make: Callable):
    """A page or file of one event, made from its whole report."""
    return make(model.report(event_id), model)


def _standings_json(report, model: SiteModel) -> str:
    return _json(standings_json, report)


def _round_page(index: int, report, model: SiteModel) -> dict:
    return round_page(report, report.rounds[index], model)
