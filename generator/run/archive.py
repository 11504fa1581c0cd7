"""The whole archive checked and computed: content, rulesets, every event and season.

This is what every command starts from; it raises one UserError listing every problem.
"""
from __future__ import annotations

import contextlib
import copy
import dataclasses
import gc
import pickle
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from podium.run import progress
from podium.run.cache import ReplayCache, pickled
from podium.run.changes import Inputs
from podium.core.errors import Problems, Src, fail, suggest
from podium.core.model import Site
from podium.run.parallel import PARALLEL_EVENTS, cores, map_in_order, worth_splitting
from podium.rules.elo import rating_histories
from podium.rules.engine import EventResult, compute_event
from podium.rules.ruleset import RuleSet
from podium.content.rulesets import load_rulesets, ruleset_dirs
from podium.rules.season import SeasonResult, compute_season
from podium.content.validate import load_site, read_event


@dataclass
class Archive:
    site: Site
    rulesets: dict[str, RuleSet]
    events: dict[str, EventResult]
    seasons: dict[str, SeasonResult]
    players: dict  # id → Player (latest registration wins for name/club)
    ratings: dict = None  # id → [RatingPoint] after each rated event (Elo)
    event_keys: dict = None  # id → what its replay depends on (cache.py); None for ``unchanged`` ones
    replays: ReplayCache | None = None  # where an outlined event's whole report is kept

    def full_report(self, event_id: str):
        """The event's whole report, also where the archive holds only its outline (``outlines``)."""
        report = self.events[event_id].report
        if not report.outlined:
            return report
        kept = self.replays.read(event_id, self.event_keys[event_id])
        if kept is None:  # the cache was cleared or rewritten by another run since the events were read
            folder = Path(self.site.root) / "events" / event_id
            raise fail(Src(str(folder)), "changed, or its kept replay was removed, while the site was built; "
                                         "run the command again")
        return kept[1].report

    @property
    def reports(self) -> dict:
        """Event id → its report (rules/report.py): all the site and the JSON read of an event;
        its outline where the archive was loaded with ``outlines`` (``full_report`` gives it whole)."""
        return {event_id: result.report for event_id, result in self.events.items()}

    @property
    def season_reports(self) -> dict:
        return {season_id: result.report for season_id, result in self.seasons.items()}


def load_archive(content: Path, unchanged: Mapping[str, EventResult] = MappingProxyType({}),
                 outlines: bool = False, inputs: Inputs | None = None) -> Archive:
    """``unchanged``: results of events whose folders have not changed since they were computed
    (``podium serve``); their files are not read again and their rounds not replayed.
    ``outlines``: hold each kept event's report as an outline and no replay (``build``: what the
    site shows of an event besides its own pages), so that a large archive fits in little memory;
    ``Archive.full_report`` takes the whole report from the cache.
    ``inputs``: the content's files as this run read them (changes.py), for the events' replay keys."""
    dirs = ruleset_dirs(content)
    rulesets = load_rulesets(dirs)
    problems = Problems()
    reader = EventReader(rulesets, unchanged, ReplayCache(content), inputs or Inputs(content), outlines)
    site = load_site(content, problems, reader.read)
    seasons_by_id = {season.id: season for season in site.seasons}
    for event in site.events:
        if event.ruleset and event.ruleset not in rulesets:  # a missing one is reported by validation
            problems.add(event.src, f"unknown ruleset '{event.ruleset}'{suggest(event.ruleset, rulesets)}; "
                         f"available: {', '.join(sorted(rulesets))}")
        elif (season := seasons_by_id.get(event.season)) and season.ruleset in rulesets and event.ruleset:
            _check_season_game(event, season, rulesets[event.ruleset], rulesets[season.ruleset], problems)
    problems.raise_if_any()  # the engine's findings count only for content whose shape is sound
    problems.items += reader.engine_problems
    events = {event.id: reader.results[event.id] for event in site.events}
    players = _players(site)
    seasons = {}
    for season in site.seasons:
        in_season = [r for r in events.values() if r.event.season == season.id]
        seasons[season.id] = compute_season(season, in_season, set(players), problems)
    problems.raise_if_any()
    ratings = rating_histories(events.values(), {p.id: p for p in site.registry})
    return Archive(site=site, rulesets=rulesets, events=events, seasons=seasons, players=players, ratings=ratings,
                   event_keys={event_id: reader.keys.get(event_id) for event_id in events}, replays=reader.cache)


def _check_season_game(event, season, ruleset: RuleSet, season_ruleset: RuleSet, problems: Problems) -> None:
    """A season counts events of its ruleset's game: under that ruleset, house rules extending
    it, or another format of the same game (a club's classic and extreme Micromutants)."""
    if not (ruleset.is_a(season_ruleset.id) or (ruleset.game and ruleset.game == season_ruleset.game)):
        problems.add(event.at("ruleset"), f"'ruleset: {event.ruleset}' ({ruleset.game or ruleset.name}) but its "
                     f"season '{season.id}' is a season of {season_ruleset.id} ({season_ruleset.game or season_ruleset.name}, "
                     f"{season.at('ruleset')}); move the event to a season of its game or correct one of them")


class EventReader:
    """Reads each event folder and replays the event, on every core when there are many.

    Events are independent of each other, so they are shared among forked processes and come
    back pickled (a national archive loads in ~65 % of the time on two cores). An event is
    replayed only when its own files are sound and its ruleset known; the engine's problems are
    kept apart, as they count only when the whole content's shape is sound. An event whose
    files, registry, rulesets and engine are those of a kept replay (``cache``) is not read again.
    ``outlines``: an event whose replay is kept comes back as its outline (``outlined``).
    """

    def __init__(self, rulesets: dict, unchanged: Mapping[str, EventResult], cache: ReplayCache, inputs: Inputs,
                 outlines: bool = False):
        self.rulesets, self.unchanged, self.cache, self.inputs, self.outlines = rulesets, unchanged, cache, inputs, outlines
        self.results: dict[str, EventResult] = {}
        self.engine_problems: list = []
        self.keys: dict[str, str] = {}  # event folder name → its replay key

    def read(self, folders: list[Path], problems: Problems, registry: dict) -> tuple:
        with without_cycle_collection():  # reading, replaying, unpickling: many objects, no garbage
            return self._read(folders, problems, registry)

    def _read(self, folders: list[Path], problems: Problems, registry: dict) -> tuple:
        done, todo = self._kept([folder for folder in folders if folder.name not in self.unchanged])
        count = cores() if worth_splitting(len(todo), PARALLEL_EVENTS) else 1
        with progress.counting("events replayed", len(todo), "event") as tick:
            # all forked: the replays' garbage stays in the workers; this process draws their count
            reads = map_in_order(_read_event, (self, registry, tick), todo, count, all_forked=True, waiting=tick.refresh)
        done.update((folder.name, pickle.loads(data)) for (folder, _), data in zip(todo, reads))
        self.cache.keep_only(folder.name for folder in folders)
        events = []
        for folder in folders:
            if folder.name in self.unchanged:
                result = self.unchanged[folder.name]
                event, shape, engine = result.event, [], []
            else:
                event, result, shape, engine = done[folder.name]
            problems.items += shape
            self.engine_problems += engine
            if event is not None:
                events.append(event)
            if result is not None:
                self.results[event.id] = result
        return tuple(events)

    def _kept(self, folders: list[Path]) -> tuple[dict, list]:
        """The kept reads of ``folders`` by event id, and the (folder, key) of the others."""
        kept, todo = {}, []
        for folder in folders:
            key = self.keys[folder.name] = self.inputs.event_key(folder)
            read = self.cache.read(folder.name, key, outline=self.outlines)
            if read is None:
                todo.append((folder, key))
            else:
                kept[folder.name] = read
        return kept, todo

    def read_one(self, folder: Path, registry: dict, key: str) -> bytes:
        """The event's read and replay, pickled for the way back from a worker process. The cache
        keeps it whole and, for an event with a report, as its outline too, each pickled on its
        own, so that a build unpickles only the outline and an event's pages only the whole."""
        shape, engine = Problems(), Problems()
        event = read_event(folder, shape, registry)
        result = None
        if event is not None and not shape and event.ruleset in self.rulesets:
            result = compute_event(event, self.rulesets[event.ruleset], engine, history=True)
            if not engine:
                result.report  # made here, on every core, and kept with the replay  # noqa: B018
        read = (event, result, shape.items, engine.items)
        whole = pickled(read)
        outline = pickled(outlined(read)) if result is not None and not engine else None  # no report: no outline
        # not kept if a file changed while it was read; an outline only of what the cache keeps whole
        if self.inputs.fresh_event_key(folder) == key and self.cache.put(folder.name, key, (outline, whole)) and self.outlines:
            return outline or whole
        return whole


def outlined(read: tuple) -> tuple:
    """An event's read (``read_one``; replayed, with its report) with its report's outline and
    without the replay's stages or the round files: what ``build`` holds of an event whose whole
    read the cache keeps. The seasons read of the final classification only each row's place,
    player and status, which the report's standings give (made one for one from those rows);
    the ratings read the rated games."""
    event, result, shape, engine = read
    kept = copy.copy(result)
    kept.event = event = dataclasses.replace(event, rounds=())
    kept.stages, kept.pending = [], {}
    report = result.report.outline()
    kept.final_rows = report.standings
    vars(kept).update(report=report, rated_games=result.rated_games)
    return event, kept, shape, engine


@contextlib.contextmanager
def without_cycle_collection():
    """A build makes millions of small objects and keeps most of them to the end, so Python's
    cycle collector would rescan the whole archive again and again for almost no garbage
    (~10 % of a national build). It runs again once the build is over."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _read_event(state: tuple, todo: tuple[Path, str]) -> bytes:
    reader, registry, tick = state
    folder, key = todo
    data = reader.read_one(folder, registry, key)
    tick()
    return data


def _players(site: Site) -> dict:
    players = {p.id: p for p in site.registry}
    for event in sorted(site.events, key=lambda e: (e.date is None, e.date, e.id)):
        for player in event.players:
            players.setdefault(player.id, player)
    return players


class CurrentArchive:
    """The archive of ``content`` as it is now, for a server asked at every request (the results
    desk, the players' reports): loaded again only when a file changed (``Inputs``: by content),
    and looked at no more often than every ``refresh`` seconds. Raises UserError as load_archive."""

    def __init__(self, content: Path, refresh: float = 0.0):
        self.content, self.refresh = content, refresh
        self._lock = threading.Lock()
        self._groups, self._archive, self._looked = None, None, 0.0

    def get(self) -> Archive:
        with self._lock:
            if self._archive is None or time.monotonic() - self._looked >= self.refresh:
                inputs = Inputs(self.content)
                if inputs.groups != self._groups or self._archive is None:
                    self._archive = None  # a content that does not load is looked at again at the next get
                    self._archive, self._groups = load_archive(self.content, inputs=inputs), inputs.groups
                self._looked = time.monotonic()
            return self._archive

    def forget(self) -> None:
        """Look at the content again at the next ``get`` (a file was just written)."""
        with self._lock:
            self._archive = None


def find_event(archive: Archive, name: str) -> EventResult:
    """EVENT is an event id or its folder path."""
    event_id = Path(name).name if ("/" in name or name.endswith(".yaml")) else name
    if event_id == "event.yaml":
        event_id = Path(name).parent.name
    folder = Path(name).parent if name.endswith(".yaml") else Path(name)
    if "/" in name and folder.resolve() != (Path(archive.site.root) / "events" / event_id).resolve():
        raise fail(Src(name), f"is not an event folder of the content folder {archive.site.root}; pass the content "
                              f"it belongs to with --content, or name the event by its id ({event_id})")
    if event_id not in archive.events:
        raise fail(Src(archive.site.root), f"no event '{event_id}'{suggest(event_id, archive.events)}; "
                                  f"events: {', '.join(sorted(archive.events)) or '(none)'}")
    return archive.events[event_id]

