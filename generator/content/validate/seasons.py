"""Seasons: each seasons/<id>.yaml, its points by place, qualification and wild cards."""
from __future__ import annotations

from pathlib import Path

from podium.core.errors import Problems, Src
from podium.core.model import Season, Wildcard
from podium.content.validate.schema import SeasonFile, WildcardEntry
from podium.content.validate.fields import Fields
from podium.content.validate.files import load_or_unreadable, slug_named_files


def read_seasons(root: Path, problems: Problems) -> tuple[Season, ...]:
    folder = root / "seasons"
    seasons = []
    for path in slug_named_files(folder, ".yaml", "season", problems):
        seasons.append(_season(path, problems))
    return tuple(seasons)


def _season(path: Path, problems: Problems) -> Season:
    f = Fields(load_or_unreadable(path, problems), Src(str(path)), problems, f"season {path.name}", SeasonFile)
    wildcards = []
    for index, item in enumerate(f.get("wildcards", default=[])):
        w = Fields(item, f.data["wildcards"].at(index), problems, "a wildcard", WildcardEntry)
        player, reason = w.slug("player"), w.get("reason")
        w.finish()
        if player and reason:
            wildcards.append(Wildcard(player=player, reason=reason, src=w.src))
    points = dict(f.get("points", default={}))  # by place (declared: a place from 1, points from 0)
    season = Season(id=path.stem, name=f.get("name", default=path.stem), src=f.src,
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

