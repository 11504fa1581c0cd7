"""The whole archive checked and computed: content, rulesets, every event and season; or one
event alone, for the commands about one event (``load_event``).

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
from podium.run.answers import Answering
from podium.run.cache import ReplayCache, pickled
from podium.run.changes import Inputs
from podium.core.errors import Problems, Src, UserError, fail, suggest
from podium.core.model import Site
from podium.run.parallel import PARALLEL_EVENTS, cores, map_in_order, worth_splitting
from podium.rules.elo import rating_histories
from podium.rules.engine import EventResult, compute_event
from podium.rules.ruleset import RuleSet
from podium.content.rulesets import read_rulesets
from podium.core.folders import ruleset_dirs
from podium.rules.season import SeasonResult, compute_season
from podium.content.validate import (event_folders, load_event_files, load_site, read_event, refuse_escaping_links,
                                     refuse_no_content)


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
        return self.full_result(event_id).report

    def full_result(self, event_id: str) -> EventResult:
        """The event's whole replay (its rounds, stages and report), also where the archive holds
        only its outline (``outlines``)."""
        result = self.events[event_id]
        if not result.report.outlined:
            return result
        kept = self.replays.read(event_id, self.event_keys[event_id])
        if kept is None:  # the cache was cleared or rewritten by another run since the events were read
            folder = Path(self.site.root) / "events" / event_id
            raise fail(Src(str(folder)), "changed, or its kept replay was removed, while it was read; "
                                         "run the command again")
        return kept[1]

    @property
    def reports(self) -> dict:
        """Event id → its report (rules/report.py): all the site and the JSON read of an event;
        its outline where the archive was loaded with ``outlines`` (``full_report`` gives it whole)."""
        return {event_id: result.report for event_id, result in self.events.items()}

    @property
    def season_reports(self) -> dict:
        return {season_id: result.report for season_id, result in self.seasons.items()}


def load_archive(content: Path, unchanged: Mapping[str, EventResult] = MappingProxyType({}),
                 outlines: bool = False, inputs: Inputs | None = None, answering: Answering | None = None) -> Archive:
    """``unchanged``: results of events whose folders have not changed since they were computed
    (``podium serve``); their files are not read again and their rounds not replayed.
    ``outlines``: hold each kept event's report as an outline and no replay (``build``: what the
    site shows of an event besides its own pages), so that a large archive fits in little memory;
    ``Archive.full_report`` takes the whole report from the cache.
    ``inputs``: the content's files as this run read them (changes.py), for the events' replay keys.
    ``answering``: what the command asks of each event's whole replay (answers.py), answered and
    kept as each event it replays is replayed."""
    problems = Problems()
    rulesets, in_doubt = read_rulesets(ruleset_dirs(content), problems)
    reader = EventReader(rulesets, unchanged, ReplayCache(content), inputs or Inputs(content), outlines, answering)
    site = load_site(content, problems, reader.read)
    _add_findings(site, rulesets, reader, problems, in_doubt)
    problems.raise_if_any()
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


def _add_findings(site: Site, rulesets: dict[str, RuleSet], reader: EventReader, problems: Problems,
                  in_doubt: set[str]) -> None:
    """Add to ``problems`` those of the events' rulesets, and the engine's findings of every
    event whose replay read nothing in doubt, so that one run lists every problem of every
    event: its own files sound (else it was not replayed), its ruleset known and of its
    season's game (else perhaps the wrong one), and players.yaml sound (its entries give each
    registration its club, rating…). Any other finding would be a mere consequence of a problem
    listed already; a problem elsewhere (site.yaml, a page, a season, another event, another
    ruleset) leaves it be. ``in_doubt``: the rulesets with a problem (listed already)."""
    seasons = {season.id: season for season in site.seasons}
    doubtful = {event.id for event in site.events if not _ruleset_fits(event, rulesets, seasons, problems, in_doubt)}
    registry = str(Path(site.root) / "players.yaml")
    if any(problem.src.path == registry for problem in problems.items):
        return
    problems.items += [problem for event_id, found in reader.engine_problems.items() if event_id not in doubtful
                       for problem in found]


def _ruleset_fits(event, rulesets: dict[str, RuleSet], seasons: dict, problems: Problems,
                  in_doubt: set[str]) -> bool:
    """Whether the event's ruleset is known, sound and of its season's game (``seasons``: by id);
    where not, it says so (a ruleset in doubt has said so already)."""
    if event.ruleset in in_doubt:
        return False
    if event.ruleset and event.ruleset not in rulesets:  # a missing one is reported by validation
        problems.add(event.src, f"unknown ruleset '{event.ruleset}'{suggest(event.ruleset, rulesets)}; "
                     f"available: {', '.join(sorted(rulesets))}")
        return False
    if (season := seasons.get(event.season)) and season.ruleset in rulesets and event.ruleset:
        return _check_season_game(event, season, rulesets[event.ruleset], rulesets[season.ruleset], problems)
    return True


def _check_season_game(event, season, ruleset: RuleSet, season_ruleset: RuleSet, problems: Problems) -> bool:
    """A season counts events of its ruleset's game: under that ruleset, house rules extending
    it, or another format of the same game (a club's classic and extreme Micromutants)."""
    if not (ruleset.is_a(season_ruleset.id) or (ruleset.game and ruleset.game == season_ruleset.game)):
        problems.add(event.at("ruleset"), f"'ruleset: {event.ruleset}' ({ruleset.game or ruleset.name}) but its "
                     f"season '{season.id}' is a season of {season_ruleset.id} ({season_ruleset.game or season_ruleset.name}, "
                     f"{season.at('ruleset')}); move the event to a season of its game or correct one of them")
        return False
    return True


class EventReader:
    """Reads each event folder and replays the event, on every core when there are many.

    Events are independent of each other, so they are shared among forked processes and come
    back pickled (a national archive loads in ~65 % of the time on two cores). An event is
    replayed only when its own files are sound and its ruleset known; the engine's problems are
    kept apart, by event, as they count only where nothing the replay read is in doubt
    (``_add_findings``). An event whose files, registry, rulesets and engine are those of a
    kept replay (``cache``) is not read again.
    ``outlines``: an event whose replay is kept comes back as its outline (``outlined``).
    ``answering``: what the command asks of an event's whole replay, answered and kept by the
    process that replayed it (answers.py).
    """

    def __init__(self, rulesets: dict, unchanged: Mapping[str, EventResult], cache: ReplayCache, inputs: Inputs,
                 outlines: bool = False, answering: Answering | None = None):
        self.rulesets, self.unchanged, self.cache, self.inputs = rulesets, unchanged, cache, inputs
        self.outlines, self.answering = outlines, answering
        self.results: dict[str, EventResult] = {}
        self.engine_problems: dict[str, list] = {}  # event folder name → the engine's problems
        self.keys: dict[str, str] = {}  # event folder name → its replay key

    def read(self, folders: list[Path], problems: Problems, registry: dict) -> tuple:
        """The events of the whole archive (``folders``: every event folder); the cache forgets
        the replays of events that are gone."""
        with without_cycle_collection():  # reading, replaying, unpickling: many objects, no garbage
            events = self.read_events(folders, problems, registry)
        self.cache.keep_only(folder.name for folder in folders)
        return events

    def read_events(self, folders: list[Path], problems: Problems, registry: dict) -> tuple:
        """The events of ``folders``, each read and replayed or taken from the cache; their shape
        problems added to ``problems``, the engine's kept in ``engine_problems``."""
        done, todo = self._kept([folder for folder in folders if folder.name not in self.unchanged])
        count = cores() if worth_splitting(len(todo), PARALLEL_EVENTS) else 1
        doing = "events replayed" + (f" and {self.answering.doing}" if self.answering else "")
        with progress.counting(doing, len(todo), "event") as tick:
            # all forked: the replays' garbage stays in the workers; this process draws their count
            reads = map_in_order(_read_event, (self, registry, tick), todo, count, all_forked=True, waiting=tick.refresh)
        done.update((folder.name, pickle.loads(data)) for (folder, _), data in zip(todo, reads))
        events = []
        for folder in folders:
            if folder.name in self.unchanged:
                result = self.unchanged[folder.name]
                event, shape, engine = result.event, [], []
            else:
                event, result, shape, engine = done[folder.name]
            problems.items += shape
            self.engine_problems[folder.name] = engine
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
        # not kept if a file changed while it was read, nor if one did not read: a file that could not be
        # opened this time (too many open at once) may open next time; an outline only of what is kept whole
        kept = not shape and self.inputs.fresh_event_key(folder) == key and self.cache.put(folder.name, key, (outline, whole))
        if kept and self.answering is not None and outline is not None:
            self.answering.answer(folder.name, result, key, registry)
        if kept and self.outlines:
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


@dataclass
class OneEvent:
    """One event read and replayed alone (``load_event``), with what its commands read besides."""
    result: EventResult
    registry: dict  # players.yaml's players by id, which the event was read with
    key: str | None  # its replay key (changes.py), under which verify's redraws are kept too


def load_event(content: Path, name: str) -> OneEvent:
    """EVENT (an event id or its folder path) read, checked and replayed as ``load_archive`` does,
    from what it needs alone: its folder, the rulesets, players.yaml, site.yaml's presence and
    the seasons (is its season there, of its game?). The other events' folders are not read, so
    that standings, pair and verify of one event answer at once on a large archive and while
    another event has an error. Raises one UserError listing every problem of what it read."""
    ruleset_problems = Problems()
    rulesets, in_doubt = read_rulesets(ruleset_dirs(content), ruleset_problems)
    refuse_no_content(content)
    refuse_escaping_links(content, (content / "events",), below=False)  # before events/ is listed: it may lead out
    folder = _event_folder(content, name)
    problems = Problems()
    reader = EventReader(rulesets, {}, ReplayCache(content), FolderInputs(content))
    site = load_event_files(content, folder, problems, reader.read_events)
    if any(event.ruleset in in_doubt for event in site.events):  # its ruleset in doubt: say why
        problems.items += ruleset_problems.items
    _add_findings(site, rulesets, reader, problems, in_doubt)
    problems.raise_if_any()
    return OneEvent(reader.results[folder.name], {p.id: p for p in site.registry}, reader.keys.get(folder.name))


class FolderInputs(Inputs):
    """The inputs of a run that reads one event folder: its replay key from its own files (the
    same key), where ``Inputs.event_key`` first hashes every event folder, to compare them all."""

    def event_key(self, folder: Path) -> str:
        return self.fresh_event_key(folder)


def _event_id(content: Path, name: str) -> str:
    """The id of the event EVENT names: an id, or an event folder of ``content`` (or its event.yaml)."""
    event_id = Path(name).name if ("/" in name or name.endswith(".yaml")) else name
    if event_id == "event.yaml":
        event_id = Path(name).parent.name
    folder = Path(name).parent if name.endswith(".yaml") else Path(name)
    if "/" in name and folder.resolve() != (content / "events" / event_id).resolve():
        raise fail(Src(name), f"is not an event folder of the content folder {content}; pass the content "
                              f"it belongs to with --content, or name the event by its id ({event_id})")
    return event_id


def _event_folder(content: Path, name: str) -> Path:
    """The folder of the event EVENT names, found among the event folders by their names (none
    of them read); refused as the archive's reader refuses it (a link, a name that is no slug)."""
    event_id = _event_id(content, name)
    listed = Problems()
    folders = {folder.name: folder for folder in event_folders(content, listed)}
    if event_id not in folders:
        asked = str(content / "events" / event_id)
        listed.items = [problem for problem in listed.items if problem.src.path == asked]  # the others' are theirs
        listed.raise_if_any()
        raise _no_event(content, event_id, folders)
    return folders[event_id]


def _no_event(content: Path, event_id: str, known) -> UserError:
    return fail(Src(str(content)), f"no event '{event_id}'{suggest(event_id, known)}; "
                                   f"events: {', '.join(sorted(known)) or '(none)'}")

