"""② Content tree → model. Every problem is collected with its file and line; then abort once.

This module checks the shape of the content (types, keys, ids, references between files).
What a result means under a ruleset (legal score, army reuse…) is checked by the rules engine.
"""
from __future__ import annotations

import datetime
import filecmp
import os
import re
from pathlib import Path

from podium.errors import Problems, Src, UserError, fail, suggest
from podium.load import load_yaml, parse_yaml, read_text, with_colon_space
from podium.located import YMap, YSeq, src_of
from podium.model import Bases, Event, Game, Page, Pairing, Penalty, Player, Playoff, Roles, Round, Season, Site, Wildcard
from podium.rules.brackets import is_match_name, match_names_hint
from podium.rules.draw import CURRENT as CURRENT_DRAWS, DRAW_VERSIONS
from podium.rules.blocks import src_within
from podium.schema import (BasesEntry, Declared, EventFile, FrontMatter,
                           GameEntry, PairingEntry, PenaltyEntry, PlayerEntry, PlayoffEntry, RoundFile, SeasonFile,
                           SiteFile, WildcardEntry, field_kind, is_required)
from podium.site import urls
from podium.site.urls import base_url_problem
from podium.slug import MAX_SLUG, is_slug, slugify
from podium.values import checked, described, is_blank

class Fields:
    """Reads the keys of one YAML mapping as its declared model says (podium.schema): each value
    checked against its kind by pydantic, the required ones asked for, the undeclared ones
    reported at the end. Each problem is said at the value's line, in the house's words."""

    def __init__(self, data, src: Src, problems: Problems, what: str, model: type[Declared]):
        self.model = model
        # A file that does not parse, or holds a list or a single value, is reported once:
        # every key it lacks would only repeat that problem.
        self.unreadable = data is UNREADABLE or (data is not None and not isinstance(data, YMap))
        if not isinstance(data, YMap):
            if data is not None and data is not UNREADABLE:
                problems.add(_where(data, src), f"{what} must be a mapping of 'key: value' lines{_colon_space_hint(data)}")
            data = YMap()
            data.src, data.key_srcs = src._replace(line=max(src.line, 1)), {}  # a missing key goes at the top
        self.data, self.problems, self.what = data, problems, what
        self.src = data.src

    def at(self, key: str) -> Src:
        return self.data.at(key)

    def get(self, key: str, kind=None, required: bool | None = None, default=None):
        """The value of ``key`` as written (a list keeps its lines); ``kind`` may narrow the
        declared one (an index where an id or an index is declared), ``required`` may depend on
        another key. None (the ``default``) when missing or not of its kind."""
        kind = field_kind(self.model, key) if kind is None else kind
        required = is_required(self.model, key) if required is None else required
        value = self.data.get(key)
        if value is None:  # left out, or written with nothing after the colon
            if required and not self.unreadable and key in self.data:
                self.problems.add(self.at(key), f"'{key}' is empty, and {self.what} needs it; write it after the colon")
            elif required and not self.unreadable:
                self.problems.add(self.src, f"{self.what} needs '{key}'")
            return default
        wrong = checked(kind, value)[1]
        for place, why in _merged(wrong):
            self.problems.add(src_within(value, place, self.at(key)), self._said(key, place, why, value))
        if wrong:
            return default
        if required and isinstance(value, str) and is_blank(value):
            self.problems.add(self.at(key), f"'{key}' is blank, and {self.what} needs it; write it after the colon")
            return default
        return value

    def _said(self, key: str, place: tuple, why: str, value) -> str:
        """``why`` a value is not of its kind, with YAML's usual slips named: 012 read as 10,
        a date with a time."""
        written = self.data.written(key) if not place else None
        if written is not None and why.startswith(("must be text,", "must be text or")):
            # YAML reads 012 as 10, no as false and 2023-05-06 as a date: quoting keeps the text
            return (f"'{key}' must be text, but YAML reads {written} as {described(value)}; put it in quotes: "
                    f"{key}: \"{written}\"")
        if not place and isinstance(value, datetime.datetime):
            return f"'{key}' must be a date without a time (YYYY-MM-DD), not {written or value}"
        return f"'{key}' {why}"

    def slug(self, key: str, required: bool | None = None):
        value = self.get(key, str, required)
        if value is not None and not is_slug(value):
            self.problems.add(self.at(key), f"'{key}' must be a lowercase slug like '{slugify(value)[:MAX_SLUG] or 'my-id'}' "
                              f"(a-z, 0-9, -; at most {MAX_SLUG} characters)")
            return None
        return value

    def finish(self) -> None:
        valid = self.model.model_fields
        for key in self.data:
            if key not in valid:
                self.problems.add(self.at(key), f"unknown key '{key}' in {self.what}{suggest(key, valid)}; "
                                  f"valid keys: {', '.join(sorted(valid))}")


def _merged(wrong: list[tuple[tuple, str]]) -> list[tuple[tuple, str]]:
    """One problem a place: a value that is none of a union's kinds ('must be text', 'must be a
    whole number') is said once ('must be text or a whole number, not …')."""
    by_place: dict[tuple, list[str]] = {}
    for place, why in wrong:
        by_place.setdefault(place, []).append(why)
    merged = []
    for place, whys in by_place.items():
        kinds = [why[len("must be "):].rsplit(", not ", 1) for why in whys if why.startswith("must be ")]
        if len(whys) > 1 and len(kinds) == len(whys):
            merged.append((place, f"must be {' or '.join(dict.fromkeys(k for k, _ in kinds))}, not {kinds[0][1]}"))
        else:
            merged += [(place, why) for why in whys]
    return merged


# ---------------------------------------------------------------- site

def load_site(root: Path, problems: Problems, read_events) -> Site:
    """Read and check the whole content tree, adding every problem found to ``problems``.
    ``read_events(folders, problems, registry)`` reads the event folders, each with ``read_event``."""
    refuse_no_content(root)
    _refuse_escaping_links(root)
    settings = _site_settings(root, problems)
    registry = _registry(root, problems)
    seasons = _seasons(root, problems)
    events = read_events(_event_folders(root, problems), problems, {p.id: p for p in registry})
    pages = _pages(root, problems)
    _check_event_seasons(events, seasons, problems)
    return Site(root=str(root), registry=registry, seasons=seasons, events=events, pages=pages, **settings)


def refuse_no_content(root: Path) -> None:
    """Abort unless ``root`` is a content folder: one holding site.yaml."""
    if not root.is_dir():
        raise fail(Src(str(root)), "content folder not found; pass --content DIR or run from the folder holding content/")
    if not (root / "site.yaml").exists():  # not content at all: '--content /' would read the whole disk
        raise fail(Src(str(root / "site.yaml")), "site.yaml is missing; create it with at least 'title: My tournaments' "
                   "(or pass --content DIR naming the folder that holds it)")


def _refuse_escaping_links(root: Path) -> None:
    """Abort before reading anything if a symbolic link in the content points outside it:
    a published site must never pick up a file from elsewhere on the machine."""
    problems = Problems()
    top = root.resolve()
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            if not path.is_symlink():
                continue
            try:
                target = path.resolve(strict=False)
            except (RuntimeError, OSError):  # a loop of links
                problems.add(Src(str(path)), "is a symbolic link that leads back to itself; delete it")
                continue
            if not target.is_relative_to(top):
                problems.add(Src(str(path)), "is a symbolic link to a place outside the content folder; copy the file in instead")
            elif target.is_dir() and Path(folder).resolve().is_relative_to(target):
                problems.add(Src(str(path)), "is a symbolic link to a folder that holds it, an endless loop for "
                             "anything that follows it (serve's watcher did); delete it")
            elif not target.exists() and not name.startswith("."):  # hidden: an editor's lock file
                problems.add(Src(str(path)), "is a symbolic link to nothing; delete it or point it at a file")
    problems.raise_if_any()


UNREADABLE = YMap()  # what a file that failed to parse reads as: its keys are not asked for again
UNREADABLE.src, UNREADABLE.key_srcs = Src(""), {}


def _colon_space_hint(data) -> str:
    """'name:Anna' is one text to YAML, not a key and its value: the commonest slip of all."""
    fixed = with_colon_space(data) if isinstance(data, str) else None
    return f"; YAML needs a space after the colon: '{fixed}'" if fixed else ""


def _where(data, file_src: Src) -> Src:
    """Where a value of the wrong kind was written: its own line, or the file's first line for
    a single value (YAML keeps no line for a plain top-level scalar)."""
    return src_of(data, file_src._replace(line=max(file_src.line, 1)))


def _safe_load(path: Path, problems: Problems):
    """The file's data, or UNREADABLE once its parse problem is recorded."""
    try:
        return load_yaml(path)
    except UserError as exc:
        problems.extend(exc)
        return UNREADABLE


def _load_required(path: Path, problems: Problems, if_empty: str):
    """A file whose emptiness would silently lose data (every player, every result): an empty
    or comment-only file is a problem (``if_empty`` says what to write), not an empty list."""
    data = _safe_load(path, problems)
    if data is None:
        problems.add(Src(str(path), 1), f"the file is empty or only comments; {if_empty}")
    return None if data is UNREADABLE else data


def _site_settings(root: Path, problems: Problems) -> dict:
    path = root / "site.yaml"
    f = Fields(_safe_load(path, problems), Src(str(path)), problems, "site.yaml", SiteFile)
    language = f.get("language", default="en")
    base_url = f.get("base_url", default="")
    if problem := base_url_problem(base_url):
        problems.add(f.at("base_url"), problem)
        base_url = ""
    settings = {"title": f.get("title", required=True, default="Podium"), "language": language,
                "base_url": base_url, "description": f.get("description", default=""),
                "footer": f.get("footer", default=""),
                "theme_dir": _path_in_content(f, "theme_dir", root, is_folder=True),
                "logo": _path_in_content(f, "logo", root), "favicon": _path_in_content(f, "favicon", root)}
    for role in ("logo", "favicon"):
        _refuse_a_theme_file_in_the_way(f, role, settings, root)
    f.finish()
    return settings


def _refuse_a_theme_file_in_the_way(f: Fields, role: str, settings: dict, root: Path) -> None:
    """The logo is published as static/logo.<ext> (the favicon likewise), where a theme file of
    that name is published too: one would silently replace the other, and the theme's templates
    may show it. Both are named, unless they are the same image. (Podium's own static files
    simply give way to the logo: the organizer's choice.)"""
    if not settings[role] or not settings["theme_dir"]:
        return
    url = urls.asset(role, settings[role])
    theme_file = Path(settings["theme_dir"]) / url
    if theme_file.is_file() and not filecmp.cmp(theme_file, settings[role], shallow=False):
        shown = root / theme_file.relative_to(root.resolve())
        f.problems.add(f.at(role), f"'{role}: {f.get(role)}' is published as {url}, and so is the theme's {shown}: "
                       f"one would replace the other; name the theme's file as the {role}, or rename the theme's file")


IMAGE_SUFFIXES = (".png", ".svg", ".jpg", ".jpeg", ".webp", ".gif", ".ico")


def _path_in_content(f: Fields, key: str, root: Path, is_folder: bool = False) -> str:
    """A file or folder named in site.yaml, relative to the content folder and inside it (a
    published site never picks up a file from elsewhere): its absolute path, or "" if unset or wrong."""
    written = f.get(key)
    if not written:
        return ""
    what = "folder" if is_folder else "file"
    example = {"theme_dir": "theme", "logo": "theme/static/logo.svg", "favicon": "theme/static/favicon.png"}[key]
    top = root.resolve()
    path = (top / written).resolve()
    if Path(written).is_absolute() or not path.is_relative_to(top):
        f.problems.add(f.at(key), f"'{key}: {written}' is outside the content folder; keep the {what} inside "
                       f"content/ and name it from there, like '{key}: {example}'")
    elif not (path.is_dir() if is_folder else path.is_file()):
        f.problems.add(f.at(key), f"'{key}: {written}': there is no such {what} in the content folder; "
                       f"create it or correct the path, like '{key}: {example}'")
    elif not is_folder and path.suffix.lower() not in IMAGE_SUFFIXES:
        f.problems.add(f.at(key), f"'{key}: {written}' is not an image browsers show; use a "
                       f"{', '.join(IMAGE_SUFFIXES)} file")
    else:
        return str(path)
    return ""


def _registry(root: Path, problems: Problems) -> tuple[Player, ...]:
    path = root / "players.yaml"
    if not path.exists():
        return ()
    data = _load_required(path, problems, "list the players as '- name: …' (or delete the file)")
    return _player_list(data, Src(str(path)), problems, {}, "players.yaml")


def _player_list(data, src: Src, problems: Problems, registry: dict, what: str) -> tuple[Player, ...]:
    if data is None or data is UNREADABLE:
        return ()
    if not isinstance(data, YSeq):
        problems.add(_where(data, src), f"{what} must be a list of players, each starting with '- name: …'")
        return ()
    players, first_seen = [], {}
    for index, item in enumerate(data):
        player = read_player(item, data.at(index), problems, registry, what)
        if player is None:
            continue
        if player.id in first_seen:
            problems.add(player.src, f"duplicate player id '{player.id}' (also at line {first_seen[player.id].line}); "
                         "give one of them an explicit 'id:'")
            continue
        first_seen[player.id] = player.src
        players.append(player)
    return tuple(players)


def read_player(item, src: Src, problems: Problems, registry: dict, what: str) -> Player | None:
    """The player of one entry (a YAML mapping); every problem found is added to ``problems``."""
    f = Fields(item, src, problems, f"a player entry of {what}", PlayerEntry)
    name = f.get("name", required=True)
    pid = f.slug("id") or slugify(name or "")
    known = registry.get(pid)
    armies, finals = _string_list(f, "armies"), _string_list(f, "finals_armies")
    details = dict(
        club=f.get("club", default=known.club if known else None),
        country=f.get("country", default=known.country if known else None),
        rating=f.get("rating", default=known.rating if known else None),
        armies=tuple(armies or ()), beginner=f.get("beginner", default=False),
        finals_armies=tuple(finals) if finals is not None else None,
        colours=tuple(_string_list(f, "colours") or ()), joins=_joins(f), team=_team(f, what),
    )
    f.finish()  # every key is read first, so a bad name does not also report the others as unknown
    if name is None:
        return None
    if not is_slug(pid):  # nothing left of the name, or a name too long for a file name
        problems.add(f.at("name"), f"cannot make an id from the name '{name}'; add 'id: some-slug'")
        return None
    return Player(id=pid, name=name, src=f.src, **details)


def _team(f: Fields, what: str) -> str | None:
    """A team event's team: one event's, so registered there, not in the site's player registry."""
    team = f.get("team")
    if team is not None and what == "players.yaml":
        f.problems.add(f.at("team"), "a team plays in one event: write 'team:' in that event's registrations.yaml, "
                       "not in players.yaml")
        return None
    return team


def _joins(f: Fields) -> int:
    """A late entry: the first round the player takes part in (Swiss and table stages)."""
    return f.get("joins", default=1)


def _string_list(f: Fields, key: str) -> list[str] | None:
    """A list of names (armies, colours, judges): its kind (list of one-line text) is declared."""
    value = f.get(key)
    return None if value is None else list(value)


def _content_files(folder: Path, pattern: str) -> list[Path]:
    """The files of a content folder, without hidden ones: editors leave lock files (.#x.md,
    often a link to nowhere) and backups there while a file is open."""
    return sorted(path for path in folder.glob(pattern) if not path.name.startswith(".")) if folder.is_dir() else []


# ---------------------------------------------------------------- seasons

def _seasons(root: Path, problems: Problems) -> tuple[Season, ...]:
    folder = root / "seasons"
    seasons = []
    for path in _content_files(folder, "*.yaml"):
        if not is_slug(path.stem):
            problems.add(Src(str(path)), f"season file name '{path.stem}' is not a slug; rename it to '{slugify(path.stem)}.yaml'")
            continue
        seasons.append(_season(path, problems))
    return tuple(seasons)


def _season(path: Path, problems: Problems) -> Season:
    f = Fields(_safe_load(path, problems), Src(str(path)), problems, f"season {path.name}", SeasonFile)
    wildcards = []
    for index, item in enumerate(f.get("wildcards", default=[])):
        w = Fields(item, f.data["wildcards"].at(index), problems, "a wildcard", WildcardEntry)
        player, reason = w.slug("player", required=True), w.get("reason", required=True)
        w.finish()
        if player and reason:
            wildcards.append(Wildcard(player=player, reason=reason, src=w.src))
    points = _season_points(f, problems)
    season = Season(id=path.stem, name=f.get("name", required=True, default=path.stem), src=f.src,
                    ruleset=f.slug("ruleset"), qualification=_qualification(f, wildcards),
                    wildcards=tuple(wildcards), points=points, description=f.get("description", default=""),
                    key_srcs=dict(f.data.key_srcs))
    f.finish()
    return season


def _qualification(f: Fields, wildcards: list) -> str | None:
    """The season's qualification policy; wild cards exist only within one."""
    value = f.get("qualification")
    if wildcards and value is None:
        f.problems.add(f.at("wildcards"), "wild cards are invitations: add 'qualification: invitations' "
                       "or remove the wild cards")
    return value


def _season_points(f: Fields, problems: Problems) -> dict:
    """Season points by place (declared: a place from 1, a number of points from 0)."""
    return dict(f.get("points", default={}))


# ---------------------------------------------------------------- events

def _event_folders(root: Path, problems: Problems) -> list[Path]:
    folder = root / "events"
    folders = []
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        if path.name.startswith(".") or not path.is_dir():
            continue
        if path.is_symlink():
            problems.add(Src(str(path)), "event folders may not be symbolic links; copy the folder instead")
            continue
        if not is_slug(path.name):
            problems.add(Src(str(path)), f"event folder '{path.name}' is not a slug; rename it to '{slugify(path.name)}'")
            continue
        folders.append(path)
    return folders


def read_event(folder: Path, problems: Problems, registry: dict) -> Event | None:
    path = folder / "event.yaml"
    if not path.is_file():
        problems.add(Src(str(folder)), "event folder has no event.yaml; add one with name, date and ruleset")
        return None
    f = Fields(_safe_load(path, problems), Src(str(path)), problems, "event.yaml", EventFile)
    if f.unreadable:
        return None
    players = _registrations(folder, problems, registry)
    event = Event(
        id=folder.name, folder=str(folder), src=f.src,
        name=f.get("name", required=True, default=folder.name),
        date=f.get("date"), season=f.slug("season"),
        ruleset=f.slug("ruleset", required=True) or "",
        structure=f.data.get("structure", "auto"), seed=_seed(f),
        venue=f.get("venue"), level=f.get("level"),
        description=f.get("description", default=""),
        roles=Roles(organizer=f.get("organizer"), head_judge=f.get("head_judge"),
                    judges=tuple(_string_list(f, "judges") or ()), technical_judge=f.get("technical_judge")),
        players=players or (), rounds=_rounds(folder, problems, {p.id for p in players}) if players is not None else (),
        manual_order=tuple(pid for pid, _ in _id_list(f, "manual_order", {p.id for p in players or ()})),
        draws=_draws(f),
        playoffs=_playoffs(f, problems, {p.id for p in players or ()}),
        key_srcs=dict(f.data.key_srcs),
    )
    f.get("structure")  # read by the rules engine (its shape depends on the ruleset)
    f.finish()
    return event


def _draws(f: Fields) -> int:
    draws = f.get("draws", default=CURRENT_DRAWS)
    if draws not in DRAW_VERSIONS:
        f.problems.add(f.at("draws"), f"'draws: {draws}' is not a version of Podium's draws; write 'draws: 1' for an "
                       "event drawn with Podium 0.2 or earlier, or leave it out")
        return CURRENT_DRAWS
    return draws


def _playoffs(f: Fields, problems: Problems, ids: set[str]) -> tuple[Playoff, ...]:
    """Play-off games for ties (Tantrix §10c): two registered players, a winner among them, one
    game per pair (a second would contradict the first or repeat it)."""
    found: dict[frozenset, Playoff] = {}
    for index, item in enumerate(f.get("playoffs", default=[])):
        p = Fields(item, f.data["playoffs"].at(index), problems, "a play-off", PlayoffEntry)
        players, winner = p.get("players", required=True), p.get("winner", required=True)
        p.finish()
        if players is None or winner is None or not _known_players(players, problems, ids):
            continue
        if len(players) != 2 or players[0] == players[1]:
            problems.add(p.at("players"), "a play-off is one game between two tied players: 'players: [id, id]'")
        elif winner not in players:
            problems.add(p.at("winner"), f"'winner: {winner}' did not play this play-off; write {players[0]} or "
                         f"{players[1]}")
        elif frozenset(players) in found:
            problems.add(p.src, f"a play-off between {players[0]} and {players[1]} is recorded already (line "
                         f"{found[frozenset(players)].src.line}); keep the one that was played")
        else:
            found[frozenset(players)] = Playoff(players=(players[0], players[1]), winner=winner, src=p.src)
    return tuple(found.values())


def _seed(f: Fields) -> int:
    seed = f.get("seed", required=False)  # missing: the message below says how to choose one
    if f.data.get("seed") is None:  # missing or empty; one of the wrong kind is reported as that
        f.problems.add(f.at("seed"), f"event.yaml needs 'seed: <number>'{' (it is empty)' if 'seed' in f.data else ''} so "
                       "every draw can be re-run; the date as 20230513 is a good choice")
    return seed or 0


def _registrations(folder: Path, problems: Problems, registry: dict) -> tuple[Player, ...] | None:
    """The event's players; None when the file is missing or unreadable (rounds are then not checked)."""
    path = folder / "registrations.yaml"
    if not path.exists():
        problems.add(Src(str(path)), "registrations.yaml is missing; list the players as '- name: …'")
        return None
    data = _load_required(path, problems, "list the players as '- name: …' (or write [] while nobody has registered)")
    if data is None:
        return None
    return _player_list(data, Src(str(path)), problems, registry, "registrations.yaml")


ROUND_FILE = re.compile(r"^([1-9][0-9]*)\.yaml$")


def _rounds(folder: Path, problems: Problems, ids: set[str]) -> tuple[Round, ...]:
    rounds_dir = folder / "rounds"
    if not rounds_dir.is_dir():
        if rounds_dir.exists() or rounds_dir.is_symlink():
            problems.add(Src(str(rounds_dir)), "'rounds' must be a folder holding the round files 1.yaml, 2.yaml, …; "
                         "move this file away")
        return ()
    numbered = {}
    for path in sorted(rounds_dir.iterdir()):
        match = ROUND_FILE.match(path.name)
        if not match:
            if not path.name.startswith("."):
                problems.add(Src(str(path)), "round files are named by number: 1.yaml, 2.yaml, …")
            continue
        numbered[int(match.group(1))] = path
    rounds = []
    for expected, number in enumerate(sorted(numbered), start=1):
        if number != expected:
            problems.add(Src(str(numbered[number])), f"round {expected} is missing; rounds are numbered 1, 2, 3 … without gaps")
            break
        parsed = _round(numbered[number], number, problems, ids)
        if parsed is not None:
            rounds.append(parsed)
    return tuple(rounds)


def _round(path: Path, number: int, problems: Problems, ids: set[str]) -> Round | None:
    data = _load_required(path, problems, "write the round as `podium pair` does (round, stage, pairings), "
                          "or delete the file if the round has not been paired")
    if data is None:
        return None
    f = Fields(data, Src(str(path)), problems, f"round file {path.name}", RoundFile)
    declared = f.get("round", required=True)
    if declared is not None and declared != number:
        problems.add(f.at("round"), f"'round: {declared}' but the file is {path.name}; make them agree")
    stage = f.get("stage", required=True, default="swiss")
    pairings = _pairings(f, problems, ids)
    penalties = _penalties(f, problems, ids)
    drops = _id_list(f, "drops", ids)
    drawn_from = f.get("drawn_from")
    late = _late_entries(f, number, ids)
    f.finish()
    return Round(number=number, stage=stage, pairings=pairings, src=f.src, penalties=penalties,
                 drops=tuple(d for d, _ in drops), drop_srcs=tuple(s for _, s in drops), drawn_from=drawn_from,
                 late_entries=late)


def _late_entries(f: Fields, number: int, ids: set[str]) -> tuple[tuple[str, int], ...]:
    """``late_entries: {id: round}``, written by `pair`: registered players, each joining after
    the round."""
    value = f.get("late_entries")
    found = []
    for pid, joins in (value or {}).items():
        if not _known_player(pid, value.at(pid), f.problems, ids):
            continue
        if isinstance(joins, bool) or not isinstance(joins, int) or joins <= number:
            f.problems.add(value.at(pid), f"'{pid}: {joins}' must be the round {pid} joins, after round {number}; "
                           "`podium pair` wrote it: restore it as it was")
            continue
        found.append((pid, joins))
    return tuple(found)


def _id_list(f: Fields, key: str, ids: set[str]) -> list[tuple[str, Src]]:
    """A list of player ids, each registered and listed once."""
    value = f.get(key, default=[])
    found: dict[str, Src] = {}
    for index, pid in enumerate(value):
        src = value.at(index)
        if not _known_player(pid, src, f.problems, ids, value.written(index)):
            continue
        if pid in found:
            f.problems.add(src, f"'{pid}' is listed twice in '{key}' (also at line {found[pid].line}); keep one")
            continue
        found[pid] = src
    return list(found.items())


def _known_player(pid, src: Src, problems: Problems, ids: set[str], written: str | None = None) -> bool:
    """``written``: the id as typed, when YAML read it as something else (42, no, 2023-05-06)."""
    if written is not None:
        problems.add(src, f"player ids are text, but YAML reads {written} as {described(pid)}; put it in quotes: \"{written}\"")
        return False
    if not isinstance(pid, str) or pid not in ids:
        problems.add(src, f"unknown player '{pid}'{suggest(pid, ids)}; use an id from registrations.yaml")
        return False
    return True


def _known_players(items: YSeq, problems: Problems, ids: set[str]) -> bool:
    """Every id of a list is a registered player (each one is checked and reported)."""
    return all([_known_player(pid, items.at(i), problems, ids, items.written(i)) for i, pid in enumerate(items)])


def _pairings(f: Fields, problems: Problems, ids: set[str]) -> tuple[Pairing, ...]:
    raw = f.get("pairings", required=True, default=[])
    pairings, seated = [], {}
    for index, item in enumerate(raw):
        pairing = _pairing(item, raw.at(index), problems, ids)
        if pairing is None:
            continue
        for pid in pairing.players:
            if pid in seated:
                problems.add(pairing.src, f"'{pid}' is already paired at line {seated[pid].line} of this round; a player plays once a round")
            seated[pid] = pairing.src
        pairings.append(pairing)
    return tuple(pairings)


def _pairing(item, src: Src, problems: Problems, ids: set[str]) -> Pairing | None:
    f = Fields(item, src, problems, "a pairing", PairingEntry)
    teams = _teams(f, ids)
    players = f.get("players", required=not teams)
    if teams and not players:
        players = [p for team in teams for p in team]
    elif not players or not _known_players(players, problems, ids):
        return None  # the rest of this entry is not checked: its players are the problem
    bye = f.get("bye", default=False)
    if bye != (len(players) == 1):
        problems.add(f.at("players"), "a bye has exactly one player and 'bye: true'; a game lists two or more players")
    pairing = Pairing(
        players=tuple(players), src=f.src, table=f.get("table"), bye=bye,
        score=_numbers(f, "score", len(players)), winner=None if teams else _member(f, "winner", players),
        draw=f.get("draw", default=False), forfeit=_member(f, "forfeit", players),
        judge_loss=_member(f, "judge_loss", players),
        armies=_armies(f, len(players)), modified=f.get("modified", default=False),
        match=_match(f), group=_group(f), games=_games(f, players),
        teams=teams, winning_team=_team_index(f, "winner", teams), home=_team_index(f, "home", teams),
        bases=_bases(f), finish=_finish(f, players), eliminated=_eliminated(f, players),
        key_srcs=dict(f.data.key_srcs),
    )
    _check_one_result(pairing, problems)
    f.finish()
    return pairing


def _group(f: Fields) -> str | None:
    """Groups are named A, B… or numbered 1, 2… (earlier versions of `pair` wrote numbers unquoted)."""
    value = f.get("group")
    return None if value is None else str(value)


def _teams(f: Fields, ids: set[str]) -> tuple:
    """2-vs-2: ``teams: [[a, b], [c, d]]``."""
    value = f.get("teams")
    if not value:
        return ()
    if len(value) != 2 or not all(isinstance(t, list) and len(t) == 2 for t in value):
        f.problems.add(f.at("teams"), "'teams' lists two pairs of player ids, like [[a, b], [c, d]]")
        return ()
    if not all([_known_players(team, f.problems, ids) for team in value]):
        return ()
    return tuple(tuple(team) for team in value)


def _team_index(f: Fields, key: str, teams: tuple) -> int | None:
    if not teams:
        return None
    value = f.get(key, int)  # a pair's index, where a single game's winner is an id
    if value is not None and value not in (0, 1):
        f.problems.add(f.at(key), f"'{key}' of a 2-vs-2 game is the index of a team: 0 (the first pair) or 1 (the second)")
        return None
    return value


def _bases(f: Fields) -> Bases | None:
    if "bases" not in f.data:
        return None
    g = Fields(f.get("bases"), f.at("bases"), f.problems, "'bases'", BasesEntry)
    counts = {key: g.get(key, default=0) for key in ("intact", "damaged", "square")}  # counts from 0: declared
    g.finish()
    return Bases(**counts)


def _finish(f: Fields, players) -> tuple | None:
    value = f.get("finish")
    if not value:
        return None
    if sorted(map(str, value)) != sorted(players):
        f.problems.add(f.at("finish"), f"'finish' lists this table's players from 1st to last, each once: {', '.join(players)}")
        return None
    return tuple(value)


def _eliminated(f: Fields, players) -> tuple:
    value = f.get("eliminated")
    if not value:
        return ()
    found = []
    for pid, count in value.items():
        if pid not in players:
            f.problems.add(value.at(pid), f"'{pid}' is not at this table ({', '.join(players)})")
        elif not 0 <= count < len(players):  # a whole number: declared
            f.problems.add(value.at(pid), f"'{pid}' eliminated a whole number of opponents, 0 to {len(players) - 1}")
        else:
            found.append((pid, count))
    return tuple(found)


def _games(f: Fields, players) -> tuple[Game, ...]:
    value = f.get("games")
    if not value:
        return ()
    games = []
    for index, item in enumerate(value):
        g = Fields(item, value.at(index), f.problems, f"game {index + 1}", GameEntry)
        game = Game(src=g.src, score=_numbers(g, "score", len(players)), time=_clocks(g, len(players)),
                    tiles=_numbers(g, "tiles", len(players)), winner=_member(g, "winner", players),
                    home=_member(g, "home", players), clans=_armies(g, len(players), "clans"),
                    forfeit=_member(g, "forfeit", players), disconnected=g.get("disconnected", default=False),
                    key_srcs=dict(g.data.key_srcs))
        g.finish()
        games.append(game)
    return tuple(games)


CLOCK = re.compile(r"^([0-9]{1,3}):([0-5][0-9])$")


def _clocks(f: Fields, count: int) -> tuple | None:
    """Each player's clock at the end as "mm:ss" (quoted: YAML reads 14:10 as a number)."""
    value = f.get("time")
    if not value or all(v in (None, "") for v in value):
        return None
    matches = [CLOCK.match(v) if isinstance(v, str) else None for v in value]
    if len(value) != count or not all(matches):
        f.problems.add(f.at("time"), f"'time' lists {count} clock readings as \"mm:ss\" in quotes, like [\"14:10\", \"15:02\"]")
        return None
    return tuple(int(m.group(1)) * 60 + int(m.group(2)) for m in matches)


def _check_one_result(pairing: Pairing, problems: Problems) -> None:
    """A table has one result: a score (with an optional matching winner), a winner, a draw, a
    forfeit or a judge's loss (a score beside the last two: Scoring.contradictions)."""
    given = [key for key, present in (("forfeit", pairing.forfeit), ("judge_loss", pairing.judge_loss),
                                      ("draw", pairing.draw), ("bye", pairing.bye and len(pairing.players) == 1))
             if present]
    if pairing.winner and (pairing.draw or pairing.forfeit or pairing.judge_loss):
        given.append("winner")
    if len(given) > 1 or (given and given != ["bye"] and pairing.bye):
        problems.add(pairing.src, f"this table has more than one result ({', '.join(given)}); keep one")


def _numbers(f: Fields, key: str, count: int) -> tuple | None:
    value = f.get(key)
    if not value:
        return None
    if len(value) != count:  # each a number: declared
        f.problems.add(f.at(key), f"'{key}' must list {count} numbers, one per player in the order of 'players', like [12, 5]")
        return None
    if any(v < 0 for v in value):
        f.problems.add(f.at(key), f"'{key}' cannot be negative")
        return None
    return tuple(value)


def _member(f: Fields, key: str, players) -> str | None:
    value = f.get(key, str)
    if value is not None and value not in players:
        f.problems.add(f.at(key), f"'{key}: {value}' is not one of this table's players ({', '.join(players)})")
        return None
    return value


def _armies(f: Fields, count: int, key: str = "armies") -> tuple | None:
    value = f.get(key)
    if not value or all(v is None for v in value):
        return None
    if len(value) != count:  # each a name (or nothing): declared
        f.problems.add(f.at(key), f"'{key}' must list {count} names, one per player in the order of 'players'")
        return None
    return tuple(value)


def _match(f: Fields) -> str | None:
    value = f.get("match")
    if value is not None and not is_match_name(value):
        known = ("final", "third-place", "semifinal", "quarterfinal", "round-of-16", "round-of-32", "round-of-64")
        f.problems.add(f.at("match"), f"unknown match '{value}'{suggest(value, known)}; use one of {match_names_hint()}")
        return None
    return value


def _penalties(f: Fields, problems: Problems, ids: set[str]) -> tuple[Penalty, ...]:
    raw = f.get("penalties", default=[])
    penalties = []
    for index, item in enumerate(raw):
        p = Fields(item, raw.at(index), problems, "a penalty", PenaltyEntry)
        player, kind = p.get("player", required=True), p.get("kind", required=True)
        points = p.get("points", default=0)
        reason = p.get("reason", default="")
        p.finish()
        if kind and (problem := _penalty_points_problem(kind, p)):
            problems.add(p.at("points"), problem)
            continue
        if player is not None and _known_player(player, p.at("player"), problems, ids) and kind:
            penalties.append(Penalty(player=player, kind=kind, src=p.src, reason=reason, points=points))
    _refuse_second_disqualification(penalties, problems)
    return tuple(penalties)


def _penalty_points_problem(kind: str, p: Fields) -> str | None:
    """A points penalty says how many it takes off; no other kind takes any."""
    points = p.data.get("points")
    if kind != "points":
        return (f"'points: {points}' belongs to a 'kind: points' penalty; a {kind} takes no points off: remove it"
                if points is not None else None)
    if points is None:
        return "a 'kind: points' penalty needs 'points:', how many points it takes off"
    if isinstance(points, (int, float)) and not isinstance(points, bool) and points <= 0:
        return (f"'points: {points:g}' {'takes nothing off' if points == 0 else 'would add points'}; a penalty takes "
                "points off: write how many, like 'points: 1'")
    return None


def _refuse_second_disqualification(penalties: list[Penalty], problems: Problems) -> None:
    first: dict[str, Penalty] = {}
    for penalty in penalties:
        if penalty.kind != "disqualification":
            continue
        if penalty.player in first:
            problems.add(penalty.src, f"{penalty.player} is disqualified twice (first at line "
                         f"{first[penalty.player].src.line}); remove one")
        first.setdefault(penalty.player, penalty)


def _check_event_seasons(events, seasons, problems: Problems) -> None:
    season_ids = {s.id for s in seasons}
    for event in events:
        if event.season and event.season not in season_ids:
            problems.add(event.src, f"unknown season '{event.season}'{suggest(event.season, season_ids)}; "
                         f"add content/seasons/{event.season}.yaml or fix the name")



# ---------------------------------------------------------------- pages

def _pages(root: Path, problems: Problems) -> tuple[Page, ...]:
    folder = root / "pages"
    pages = []
    for path in _content_files(folder, "*.md"):
        if not is_slug(path.stem):
            problems.add(Src(str(path)), f"page file name '{path.stem}' is not a slug; rename it to '{slugify(path.stem)}.md'")
            continue
        page = _page(path, problems)
        if page is not None:
            pages.append(page)
    return tuple(pages)


def _page(path: Path, problems: Problems) -> Page | None:
    try:
        text = read_text(path)
    except UserError as exc:
        problems.extend(exc)
        return None
    meta, body = None, text
    if text.startswith("---"):
        head, sep, rest = text[3:].partition("\n---")
        if not sep:  # the whole page would be published as front matter and text
            problems.add(Src(str(path), 1), "the front matter that starts here has no closing '---' line; add one "
                         "after it")
            return None
        try:
            meta = parse_yaml(head, str(path))
        except UserError as exc:
            problems.extend(exc)
        body = rest.split("\n", 1)[1] if "\n" in rest else ""
    title = None
    if meta is not None:
        if not isinstance(meta, YMap):
            problems.add(src_of(meta, Src(str(path), 2)), "the front matter between the '---' lines must be "
                         "'key: value' lines, like 'title: About us'")
        else:
            front = Fields(meta, meta.src, problems, "the front matter", FrontMatter)
            title = front.get("title")
            front.finish()
    return Page(slug=path.stem, title=title or path.stem.replace("-", " ").capitalize(), body=body, src=Src(str(path)))
