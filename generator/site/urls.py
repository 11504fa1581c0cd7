"""Site URLs. Every page is a folder with index.html so links stay short and relative."""
from __future__ import annotations

from urllib.parse import urlsplit


def home() -> str:
    return "index.html"


def players() -> str:
    return "players/index.html"


def events() -> str:
    return "events/index.html"


def seasons() -> str:
    return "seasons/index.html"


OFFLINE = "offline/index.html"  # what the worker shows for a page never kept (sw.js: OFFLINE)


def about_results() -> str:
    return "about-results/index.html"


def season(season_id: str) -> str:
    return f"seasons/{season_id}/index.html"


def event(event_id: str) -> str:
    return f"events/{event_id}/index.html"


def bracket(event_id: str) -> str:
    return f"events/{event_id}/bracket/index.html"


def round_page(event_id: str, number: int) -> str:
    return f"events/{event_id}/rounds/{number}/index.html"


def player_cards(event_id: str) -> str:
    return f"events/{event_id}/cards/index.html"


def event_report(event_id: str) -> str:
    return f"events/{event_id}/report/index.html"


def player(player_id: str) -> str:
    return f"players/{player_id}/index.html"


def page(slug: str) -> str:
    return f"pages/{slug}/index.html"


def relative(target: str, current: str) -> str:
    """Link from page ``current`` to ``target``, both site-relative; works under any base path."""
    return linker(current)(target)


DEFAULT_FAVICON = "static/favicon.svg"  # Podium's own icon, where site.yaml names none
TOUCH_ICON = "static/apple-touch-icon.png"  # the same, drawn for iOS home screens (scripts/icons.py)
NOT_FOUND = "404.html"


def linker(current: str, base_url: str = ""):
    """The link function of one page: up to the site root, then down to the target. Made once
    per page (a page has hundreds of links; ``posixpath.relpath`` for each was a tenth of a build).
    The 404 page is served at whatever address was not found (GitHub Pages answers /repo/a/b/c
    with it), so no relative link can work there: its links start from the site's own path, from
    the base URL (/repo/…), and without one from the host's root (/…), where `podium serve`, a
    custom domain and a user's github.io site are served. A project site (/repo/) needs its base
    URL for that page, as for its feed (the Pages workflow of `podium init` passes it)."""
    up = "../" * (current.count("/"))
    if current == NOT_FOUND:
        up = urlsplit(base_url).path.rstrip("/") + "/"

    def link(target: str) -> str:
        if target.endswith("index.html"):
            target = target[: -len("index.html")]
        return up + target if up + target else "./"

    return link


def edit_page(repo_url: str, edit_uri: str, path: str) -> str | None:
    """The forge's page that edits ``path`` (a file named from the content folder), or None
    when the site names no repository."""
    if not repo_url or not edit_uri:
        return None
    return f"{repo_url.rstrip('/')}/{edit_uri.strip('/')}/{path}"


def round_file(event_id: str, number: int) -> str:
    """A round's file, named from the content folder."""
    return f"events/{event_id}/rounds/{number}.yaml"


