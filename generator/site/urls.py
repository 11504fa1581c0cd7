"""Site URLs. Every page is a folder with index.html so links stay short and relative."""
from __future__ import annotations

import unicodedata
from pathlib import PurePath
from urllib.parse import urlsplit

from podium.values import LONGEST_LINE

EXAMPLE_BASE_URL = "https://my-club.github.io/tournaments"


def home() -> str:
    return "index.html"


def players() -> str:
    return "players/index.html"


def events() -> str:
    return "events/index.html"


def season(season_id: str) -> str:
    return f"seasons/{season_id}/index.html"


def event(event_id: str) -> str:
    return f"events/{event_id}/index.html"


def bracket(event_id: str) -> str:
    return f"events/{event_id}/bracket/index.html"


def round_page(event_id: str, number: int) -> str:
    return f"events/{event_id}/rounds/{number}/index.html"


def player(player_id: str) -> str:
    return f"players/{player_id}/index.html"


def page(slug: str) -> str:
    return f"pages/{slug}/index.html"


def asset(role: str, path: str) -> str:
    """Where the site's own image for ``role`` (logo, favicon) is published, whatever its file is
    called: static/logo.svg for images/Club Logo.SVG."""
    return f"static/{role}{PurePath(path).suffix.lower()}"


def relative(target: str, current: str) -> str:
    """Link from page ``current`` to ``target``, both site-relative; works under any base path."""
    return linker(current)(target)


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


def base_url_problem(url: str) -> str | None:
    """Why ``url`` cannot be the address the site is published at, or None if it can (empty: no
    base URL). It is written into the feed, the sitemap, Open Graph tags and QR codes, so it must be
    a plain web address: anything else makes links that go nowhere or run script."""
    if not url:
        return None
    longest = LONGEST_LINE  # as for site.yaml's base_url (one line of text): a QR code holds a few thousand at most
    if len(url) > longest:
        return (f"the base URL is {len(url):,} characters long; at most {longest:,}: write only the site's "
                f"address, like {EXAMPLE_BASE_URL}")
    odd = next((char for char in url if char.isspace() or char in "\"'<>" or unicodedata.category(char) == "Cc"), None)
    if odd is not None:
        return f"the base URL {url!r} contains {odd!r}, which a web address never has; write it like {EXAMPLE_BASE_URL}"
    try:
        parts = urlsplit(url)
        parts.hostname  # noqa: B018 (reading it checks the brackets of an IPv6 address)
    except ValueError:  # '[::1' or 'x]': brackets no address has
        return f"the base URL {url!r} has a host name no address has; write it like {EXAMPLE_BASE_URL}"
    if parts.scheme not in ("http", "https"):
        return f"the base URL {url!r} is not an http:// or https:// address; write it in full, like {EXAMPLE_BASE_URL}"
    if not parts.hostname:
        return f"the base URL {url!r} has no host name; write it in full, like {EXAMPLE_BASE_URL}"
    if not _port_is_a_number(parts):
        return f"the base URL {url!r} has a port that is not a number from 0 to 65535; write it like {EXAMPLE_BASE_URL}"
    if parts.query or parts.fragment or url.endswith(("?", "#")):
        return (f"the base URL {url!r} has a '?' or '#' part, which would come before every page's path; "
                f"write only the site's address, like {EXAMPLE_BASE_URL}")
    return None


def _port_is_a_number(parts) -> bool:
    try:
        return parts.port is None or 0 <= parts.port <= 65535
    except ValueError:  # reading it checks it: 'host:80x' raises
        return False
