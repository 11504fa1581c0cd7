"""What many pages share, built once per process: the people, the event cards, the standings
rows and tie-breaker columns in the shape the templates read.

Every page reads the archive's reports (rules/report.py) and the registry, never a replay.
"""
from __future__ import annotations

from functools import cached_property

from podium.site.i18n import Language, feminine
from podium.site import labels, urls


class SiteModel:
    """The archive as the pages see it: the site, the registry, each event's and season's
    report and the rating histories."""

    def __init__(self, archive):
        self.site = archive.site
        self.players = archive.players  # id → Player (latest registration wins for name and club)
        self.ratings = archive.ratings or {}
        self.events = archive.reports  # id → EventReport (its outline, in a build: rules/report.py)
        self._full_report = archive.full_report
        self._last_full = None  # the whole report asked for last: an event's pages are made one after another
        self.seasons = archive.season_reports  # id → SeasonReport
        self.language = Language(archive.site.language)
        self.newest_first = by_date(self.events.values())  # every event's report
        self.played: dict[str, list] = {}  # player → the reports of his events, newest first
        for report in self.newest_first:
            for person in report.people:
                self.played.setdefault(person.id, []).append(report)
        self._people: dict[str, dict] = {}
        self._cards: dict[str, dict] = {}

    @cached_property
    def seasons_newest_first(self) -> list:
        """The seasons by their newest event, the newest first (undated seasons last), then by id."""
        def newest(season):
            dates = [self.events[e].date for e in season.events if self.events[e].date]
            return (bool(dates), max(dates) if dates else None, season.season.id)
        return sorted(self.seasons.values(), key=newest, reverse=True)

    @cached_property
    def season_places(self) -> dict[str, list[dict]]:
        """Player → his place in each season's leaderboard (the newest season first) and whether
        the season invites him to its final."""
        places: dict[str, list[dict]] = {}
        for season in self.seasons_newest_first:
            invited = {invitation.player for invitation in season.invitations}
            for row in season.leaderboard:
                places.setdefault(row.player, []).append(
                    {"name": season.season.name, "url": urls.season(season.season.id), "rank": row.rank,
                     "points": row.points, "invited": row.player in invited})
        return places

    def report(self, event_id: str):
        """The event's whole report, for its own pages (``events`` may hold outlines)."""
        if self._last_full is None or self._last_full.id != event_id:
            self._last_full = self._full_report(event_id)
        return self._last_full

    def newest_of(self, event_ids) -> list:
        """The reports of ``event_ids``, newest first (as ``by_date``)."""
        return by_date(self.events[e] for e in event_ids)

    def season_link(self, season_id: str | None) -> dict | None:
        """The name and page of an event's season, where it has one the archive holds."""
        season = self.seasons.get(season_id) if season_id else None
        return {"name": season.season.name, "url": urls.season(season_id)} if season else None

    def person(self, player_id: str) -> dict:
        if player_id not in self._people:
            player = self.players[player_id]
            self._people[player_id] = {"id": player_id, "name": player.name, "url": urls.player(player_id),
                                       "club": player.club, "feminine": feminine(player.name, player.gender)}
        return self._people[player_id]

    def name(self, player_id: str) -> str:
        return self.players[player_id].name

    def card(self, report) -> dict:
        """An event as lists show it: name, date, size, state and winner."""
        if report.id not in self._cards:
            self._cards[report.id] = {
                "url": urls.event(report.id), "name": report.name, "date": report.date, "players": len(report.people),
                "complete": report.complete, "final": report.final, "qualifier": report.qualifier,
                "has_qualifier_rule": bool(report.qualifier_min),
                "winner": self.person(report.winner) if report.winner else None, "rounds": len(report.rounds),
                "ruleset": None}  # named where events of several rulesets are listed (the index of all events)
        return self._cards[report.id]


def by_date(reports) -> list:
    """Newest first; undated events before them all (an event whose date is still to be set)."""
    return sorted(reports, key=lambda r: (r.date is None, r.date, r.id), reverse=True)


def columns(tiebreakers) -> list[dict]:
    return [{"key": t.key, "abbr": t.abbr, "title": t.title, "explanation": t.explanation, "signed": t.signed,
             "percent": t.percent, "shown": t.shown} for t in tiebreakers]


def rows(standings, model: SiteModel, tiebreakers=()) -> list[dict]:
    """Standings rows as the tables show them; ``tiebreakers`` (the report's columns) name what
    separated a row that the site's own words do not."""
    titles = {t.key: t.title for t in tiebreakers}
    return [{"rank": r.rank, "person": model.person(r.player), "points": r.points, "tiebreaks": r.tiebreaks,
             "status": labels.STATUS.get(r.status, r.status),
             "ahead": _ahead(below, model, titles),
             "first_rank": r.first_rank, "tie": r.tie, "shared_rank": r.shared_rank,
             "awaiting": labels.tied_awaiting(r.awaits) if r.awaits else None}
            for r, below in zip(standings, [*standings[1:], None])]


def _ahead(below, model: SiteModel, titles: dict) -> dict | None:
    """What put a row ahead of the next player, when a tie-break did (points speak for themselves)."""
    if below is None or not below.separated_by or below.separated_by == "points" or below.tie:
        return None
    return {"name": model.name(below.player), "reason": labels.separated(below.separated_by, titles)}

