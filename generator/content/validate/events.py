"""Events: the event folders and each one's event.yaml (seed, draws, play-offs), with its
registrations and round files."""
from __future__ import annotations

from pathlib import Path

from podium.core.errors import Problems, Src
from podium.core.model import Event, Playoff, Roles
from podium.rules.draw import CURRENT as CURRENT_DRAWS, DRAW_VERSIONS
from podium.content.validate.schema import EventFile, PlayoffEntry
from podium.core.slug import is_slug, slugify
from podium.content.validate.fields import Fields, string_list
from podium.content.validate.files import load_or_unreadable
from podium.content.validate.players import id_list, known_players, read_registrations
from podium.content.validate.rounds import read_rounds


def event_folders(root: Path, problems: Problems) -> list[Path]:
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
    f = Fields(load_or_unreadable(path, problems), Src(str(path)), problems, "event.yaml", EventFile)
    if f.unreadable:
        return None
    players = read_registrations(folder, problems, registry)
    event = Event(
        id=folder.name, folder=str(folder), src=f.src,
        name=f.get("name", default=folder.name),
        date=f.get("date"), season=f.slug("season"),
        ruleset=f.slug("ruleset") or "",
        structure=f.data.get("structure", "auto"), seed=_seed(f),
        venue=f.get("venue"), level=f.get("level"),
        description=f.get("description", default=""),
        roles=Roles(organizer=f.get("organizer"), head_judge=f.get("head_judge"),
                    judges=tuple(string_list(f, "judges") or ()), technical_judge=f.get("technical_judge")),
        players=players or (), rounds=read_rounds(folder, problems, {p.id for p in players}) if players is not None else (),
        manual_order=tuple(pid for pid, _ in id_list(f, "manual_order", {p.id for p in players or ()})),
        draws=_draws(f), paired_by=f.get("paired_by"), start_numbers=f.get("start_numbers"),
        initial_colour=f.get("initial_colour"), acceleration=f.get("acceleration"),
        playoffs=_playoffs(f, problems, {p.id for p in players or ()}),
        key_srcs=dict(f.data.key_srcs),
    )
    f.finish()
    return event


def _draws(f: Fields) -> int:
    draws = f.get("draws", default=CURRENT_DRAWS)
    if draws not in DRAW_VERSIONS:
        f.problems.add(f.at("draws"), f"'draws: {draws}' is not a version of Podium's draws; write 'draws: 1' for an "
                       "event drawn with Podium 0.2 or earlier, 'draws: 2' for a chess Swiss paired before Podium drew "
                       "by the FIDE Dutch system, 'draws: 3' for one drawn with Podium 0.3, or leave "
                       "it out")
        return CURRENT_DRAWS
    return draws


def _playoffs(f: Fields, problems: Problems, ids: set[str]) -> tuple[Playoff, ...]:
    """Play-off games for ties (where the ruleset breaks ties by them): two registered players, a winner among them, one
    game per pair (a second would contradict the first or repeat it)."""
    found: dict[frozenset, Playoff] = {}
    for index, item in enumerate(f.get("playoffs", default=[])):
        p = Fields(item, f.data["playoffs"].at(index), problems, "a play-off", PlayoffEntry)
        players, winner = p.get("players"), p.get("winner")
        p.finish()
        if players is None or winner is None or not known_players(players, problems, ids):
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
