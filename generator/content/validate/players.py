"""Players: the site's registry (players.yaml) and an event's registrations.yaml, each entry
read into a Player; the checks that an id written elsewhere is a registered player."""
from __future__ import annotations

from pathlib import Path

from podium.core.errors import Problems, Src, suggest
from podium.core.located import YSeq
from podium.core.model import Player
from podium.content.validate.schema import PlayerEntry
from podium.core.slug import is_slug, slugify
from podium.content.validate.fields import Fields, string_list, where_written
from podium.content.validate.files import UNREADABLE, load_required
from podium.core.values import described


def read_registry(root: Path, problems: Problems) -> tuple[Player, ...]:
    path = root / "players.yaml"
    if not path.exists():
        return ()
    data = load_required(path, problems, "list the players as '- name: …' (or delete the file)")
    return _player_list(data, Src(str(path)), problems, {}, "players.yaml")


def read_registrations(folder: Path, problems: Problems, registry: dict) -> tuple[Player, ...] | None:
    """The event's players; None when the file is missing or unreadable (rounds are then not checked)."""
    path = folder / "registrations.yaml"
    if not path.exists():
        problems.add(Src(str(path)), "registrations.yaml is missing; list the players as '- name: …'")
        return None
    data = load_required(path, problems, "list the players as '- name: …' (or write [] while nobody has registered)")
    if data is None:
        return None
    return _player_list(data, Src(str(path)), problems, registry, "registrations.yaml")


def _player_list(data, src: Src, problems: Problems, registry: dict, what: str) -> tuple[Player, ...]:
    if data is None or data is UNREADABLE:
        return ()
    if not isinstance(data, YSeq):
        problems.add(where_written(data, src), f"{what} must be a list of players, each starting with '- name: …'")
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
    name = f.get("name")
    pid = f.slug("id") or slugify(name or "")
    known = registry.get(pid)
    armies, finals = string_list(f, "armies"), string_list(f, "finals_armies")
    details = dict(
        club=f.get("club", default=known.club if known else None),
        country=f.get("country", default=known.country if known else None),
        rating=f.get("rating", default=known.rating if known else None),
        armies=tuple(armies or ()), beginner=f.get("beginner", default=False),
        finals_armies=tuple(finals) if finals is not None else None,
        colours=tuple(string_list(f, "colours") or ()), joins=f.get("joins", default=1), team=_team(f, what),
        byes=_asked_byes(f, what), byes_src=f.at("byes"),
        fide_id=f.get("fide_id"), title=f.get("title"),
        gender=f.get("gender", default=known.gender if known else None),
    )
    f.finish()  # every key is read first, so a bad name does not also report the others as unknown
    if name is None:
        return None
    if not is_slug(pid):  # nothing left of the name, or a name too long for a file name
        problems.add(f.at("name"), f"cannot make an id from the name '{name}'; add 'id: some-slug'")
        return None
    return Player(id=pid, name=name, src=f.src, **details)


def _asked_byes(f: Fields, what: str) -> tuple[tuple[int, str], ...]:
    """The rounds a player asked to sit out: one event's, so registered there, like a team."""
    byes = f.get("byes") or {}
    if byes and what == "players.yaml":
        f.problems.add(f.at("byes"), "a bye is asked for in one event: write 'byes:' in that event's registrations.yaml, "
                       "not in players.yaml")
        return ()
    return tuple(sorted(byes.items()))


def _team(f: Fields, what: str) -> str | None:
    """A team event's team: one event's, so registered there, not in the site's player registry."""
    team = f.get("team")
    if team is not None and what == "players.yaml":
        f.problems.add(f.at("team"), "a team plays in one event: write 'team:' in that event's registrations.yaml, "
                       "not in players.yaml")
        return None
    return team


def id_list(f: Fields, key: str, ids: set[str]) -> list[tuple[str, Src]]:
    """A list of player ids, each registered and listed once."""
    value = f.get(key, default=[])
    found: dict[str, Src] = {}
    for index, pid in enumerate(value):
        src = value.at(index)
        if not known_player(pid, src, f.problems, ids, value.written(index)):
            continue
        if pid in found:
            f.problems.add(src, f"'{pid}' is listed twice in '{key}' (also at line {found[pid].line}); keep one")
            continue
        found[pid] = src
    return list(found.items())


def known_player(pid, src: Src, problems: Problems, ids: set[str], written: str | None = None) -> bool:
    """``written``: the id as typed, when YAML read it as something else (42, no, 2023-05-06)."""
    if written is not None:
        problems.add(src, f"player ids are text, but YAML reads {written} as {described(pid)}; put it in quotes: \"{written}\"")
        return False
    if not isinstance(pid, str) or pid not in ids:
        problems.add(src, f"unknown player '{pid}'{suggest(pid, ids)}; use an id from registrations.yaml")
        return False
    return True


def known_players(items: YSeq, problems: Problems, ids: set[str]) -> bool:
    """Every id of a list is a registered player (each one is checked and reported)."""
    return all([known_player(pid, items.at(i), problems, ids, items.written(i)) for i, pid in enumerate(items)])
