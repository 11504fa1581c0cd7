"""Site URLs. Every page is a folder with index.html so links stay short and relative."""
from __future__ import annotations

import posixpath


def home() -> str:
    return "index.html"


def season(season_id: str) -> str:
    return f"seasons/{season_id}/index.html"


def event(event_id: str) -> str:
    return f"events/{event_id}/index.html"


def round_page(event_id: str, number: int) -> str:
    return f"events/{event_id}/rounds/{number}/index.html"


def player(player_id: str) -> str:
    return f"players/{player_id}/index.html"


def page(slug: str) -> str:
    return f"pages/{slug}/index.html"


def relative(target: str, current: str) -> str:
    """Link from page ``current`` to ``target``, both site-relative; works under any base path."""
    start = posixpath.dirname(current) or "."
    rel = posixpath.relpath(target, start)
    if rel.endswith("index.html"):
        rel = rel[: -len("index.html")] or "./"
    return rel
