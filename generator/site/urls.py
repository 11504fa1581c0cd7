"""Site URLs. Every page is a folder with index.html so links stay short and relative."""
from __future__ import annotations


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
    return linker(current)(target)


def linker(current: str):
    """The link function of one page: up to the site root, then down to the target. Made once
    per page (a page has hundreds of links; ``posixpath.relpath`` for each was a tenth of a build)."""
    up = "../" * (current.count("/"))

    def link(target: str) -> str:
        if target.endswith("index.html"):
            target = target[: -len("index.html")]
        return up + target if up + target else "./"

    return link
