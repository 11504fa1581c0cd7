"""Web addresses in site.yaml (and `--base-url`) checked: the site's own address, the repository
every round page links into, and the path of its edit pages. Each is written into pages, feeds
and QR codes, so it must be a plain http(s) address: anything else makes links that go nowhere
or run script."""
from __future__ import annotations

import unicodedata
from urllib.parse import urlsplit

from podium.core.values import LONGEST_LINE


EXAMPLE_BASE_URL = "https://my-club.github.io/tournaments"


EXAMPLE_REPO_URL = "https://github.com/my-club/results"


def base_url_problem(url: str) -> str | None:
    """Why ``url`` cannot be the address the site is published at, or None if it can (empty: no
    base URL). It is written into the feed, the sitemap, Open Graph tags and QR codes, so it must be
    a plain web address: anything else makes links that go nowhere or run script."""
    return web_address_problem(url, "the base URL", EXAMPLE_BASE_URL, "the site's", "page's path")


def repo_url_problem(url: str) -> str | None:
    """Why ``url`` cannot be the repository the content lives in (site.yaml's repo_url), or None
    if it can (empty: no "Correct this result" links). Every round page links into it."""
    return web_address_problem(url, "the repository URL", EXAMPLE_REPO_URL, "the repository's", "round file's path")


def web_address_problem(url: str, what: str, example: str, whose: str, paths: str) -> str | None:
    """Why ``url`` is not a plain http(s) address with a host and no '?' or '#' part, or None if it
    is or is empty. The message names it (``what``, ``whose`` address, the ``paths`` that follow
    it) and shows an ``example`` that works."""
    if not url:
        return None
    longest = LONGEST_LINE  # one line of site.yaml's text: a QR code holds a few thousand at most
    if len(url) > longest:
        return (f"{what} is {len(url):,} characters long; at most {longest:,}: write only {whose} "
                f"address, like {example}")
    odd = next((char for char in url if char.isspace() or char in "\"'<>" or unicodedata.category(char) == "Cc"), None)
    if odd is not None:
        return f"{what} {url!r} contains {odd!r}, which a web address never has; write it like {example}"
    try:
        parts = urlsplit(url)
        parts.hostname  # noqa: B018 (reading it checks the brackets of an IPv6 address)
    except ValueError:  # '[::1' or 'x]': brackets no address has
        return f"{what} {url!r} has a host name no address has; write it like {example}"
    if parts.scheme not in ("http", "https"):
        return f"{what} {url!r} is not an http:// or https:// address; write it in full, like {example}"
    if not parts.hostname:
        return f"{what} {url!r} has no host name; write it in full, like {example}"
    if not _port_is_a_number(parts):
        return f"{what} {url!r} has a port that is not a number from 0 to 65535; write it like {example}"
    if parts.query or parts.fragment or url.endswith(("?", "#")):
        return (f"{what} {url!r} has a '?' or '#' part, which would come before every {paths}; "
                f"write only {whose} address, like {example}")
    return None


DEFAULT_EDIT_URIS = {"github.com": "edit/main/content/", "gitlab.com": "-/edit/main/content/"}


def default_edit_uri(repo_url: str) -> str:
    """MkDocs' default edit_uri for a repository on github.com or gitlab.com, with Podium's content
    folder on the main branch; "" elsewhere (the organizer writes it)."""
    return DEFAULT_EDIT_URIS.get(urlsplit(repo_url).hostname or "", "") if repo_url else ""


def edit_uri_problem(edit_uri: str) -> str | None:
    """Why ``edit_uri`` cannot be the content folder's edit page relative to repo_url, or None."""
    if not edit_uri:
        return None
    odd = next((c for c in edit_uri if c.isspace() or c in "\"'<>?#\\" or unicodedata.category(c) == "Cc"), None)
    if odd is not None:
        return (f"'edit_uri: {edit_uri}' contains {odd!r}; write the path of the content folder's edit page "
                f"relative to repo_url, like 'edit_uri: edit/main/content/'")
    if urlsplit(edit_uri).scheme or edit_uri.startswith("/") or ".." in edit_uri.split("/"):
        return (f"'edit_uri: {edit_uri}' is not a path relative to repo_url; write it without the repository's "
                f"address, a leading '/' or '..', like 'edit_uri: edit/main/content/'")
    return None


def _port_is_a_number(parts) -> bool:
    try:
        return parts.port is None or 0 <= parts.port <= 65535
    except ValueError:  # reading it checks it: 'host:80x' raises
        return False


