"""The whole archive checked and computed: content, rulesets, every event and season.

This is what every command starts from; it raises one UserError listing every problem.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.errors import Problems, Src, UserError, fail
from generator.model import Site
from generator.rules.elo import rating_histories
from generator.rules.engine import EventResult, compute_event
from generator.rules.ruleset import RuleSet, load_rulesets, ruleset_dirs
from generator.rules.season import SeasonResult, compute_season
from generator.validate import load_site, suggest


@dataclass
class Archive:
    site: Site
    rulesets: dict[str, RuleSet]
    events: dict[str, EventResult]
    seasons: dict[str, SeasonResult]
    players: dict  # id → Player (latest registration wins for name/club)
    ratings: dict = None  # id → [RatingPoint] after each rated event (Elo)


def load_archive(content: Path) -> Archive:
    rulesets = load_rulesets(ruleset_dirs(content))
    problems = Problems()
    site = load_site(content, problems)
    for event in site.events:
        if event.ruleset not in rulesets:
            problems.add(event.src, f"unknown ruleset '{event.ruleset}'{suggest(event.ruleset, rulesets)}; "
                         f"available: {', '.join(sorted(rulesets))}")
    problems.raise_if_any()  # the engine replays only content whose shape is sound
    events = {event.id: compute_event(event, rulesets[event.ruleset], problems) for event in site.events}
    players = _players(site)
    seasons = {}
    for season in site.seasons:
        in_season = [r for r in events.values() if r.event.season == season.id]
        seasons[season.id] = compute_season(season, in_season, set(players), problems)
    problems.raise_if_any()
    ratings = rating_histories(events.values(), {p.id: p for p in site.registry})
    return Archive(site=site, rulesets=rulesets, events=events, seasons=seasons, players=players, ratings=ratings)


def _players(site: Site) -> dict:
    players = {p.id: p for p in site.registry}
    for event in sorted(site.events, key=lambda e: (e.date is None, e.date, e.id)):
        for player in event.players:
            players.setdefault(player.id, player)
    return players


def find_event(archive: Archive, name: str) -> EventResult:
    """EVENT is an event id or its folder path."""
    event_id = Path(name).name if ("/" in name or name.endswith(".yaml")) else name
    if event_id == "event.yaml":
        event_id = Path(name).parent.name
    if event_id not in archive.events:
        raise fail(Src(archive.site.root), f"no event '{event_id}'{suggest(event_id, archive.events)}; "
                                  f"events: {', '.join(sorted(archive.events)) or '(none)'}")
    return archive.events[event_id]

