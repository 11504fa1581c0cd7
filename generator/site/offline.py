"""Offline at the venue (issue 18): the web app manifest and the service worker.

Both are made from the site's own files, with nothing of the build's time in them: the same
content makes the same bytes. The worker's version is a hash of the static files it keeps, so a
new stylesheet or script makes a new worker, and the phones that kept the old files replace them.
The worker sits at the site's root: a worker's scope is its folder and below, and it must
control every page.
"""
from __future__ import annotations

import hashlib
import json
import re

from podium.core.folders import TEMPLATES_DIR

MANIFEST = "site.webmanifest"
WORKER = "sw.js"
WORKER_SOURCE = TEMPLATES_DIR / "offline" / "sw.js"
DEFAULT_THEME_COLOUR = "#1b1f24"  # style.css's --fg, the colour of the header bar
_FG = re.compile(rb"--fg\s*:\s*(#[0-9a-fA-F]{3,8})\b")

ICON_TYPES = {".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon", ".webp": "image/webp",
              ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif"}


def theme_colour(static: dict[str, bytes]) -> str:
    """The header bar's colour (--fg) as the stylesheets set it; a theme's, which comes after
    Podium's, wins."""
    found = [m.group(1).decode() for url, data in static.items() if url.endswith(".css") for m in _FG.finditer(data)]
    return found[-1] if found else DEFAULT_THEME_COLOUR


# Podium's own icon drawn for home screens (scripts/icons.py), offered beside its SVG: launchers
# that read no SVG take a PNG of 192 or 512 px.
PNG_ICONS = (("static/icon-192.png", "192x192"), ("static/icon-512.png", "512x512"))


def manifest(title: str, language: str, static: dict[str, bytes], icon: str, podiums_icon: bool = False) -> str:
    """The web app manifest: its URLs are relative to itself, at the site's root, so it works under
    a project path (https://user.github.io/repo/) with or without a base URL. ``podiums_icon``:
    the site shows Podium's own icon (site.yaml names no favicon), so its PNGs go with it."""
    colour = theme_colour(static)
    suffix = icon[icon.rfind("."):].lower()
    icons = [{"src": icon, "sizes": "any", "type": ICON_TYPES.get(suffix, "image/svg+xml")}]
    icons += [{"src": src, "sizes": sizes, "type": "image/png"} for src, sizes in PNG_ICONS if podiums_icon]
    data = {"name": title, "lang": language, "start_url": "./", "scope": "./",
            "display": "standalone", "theme_color": colour, "background_color": "#fff", "icons": icons}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def worker(static: dict[str, bytes]) -> str:
    """The service worker, keeping ``static`` (site URL → bytes) at once, under a version that is
    a hash of their names and content."""
    digest = hashlib.sha256()
    for url in sorted(static):
        digest.update(url.encode() + b"\0" + hashlib.sha256(static[url]).digest())
    source = WORKER_SOURCE.read_text(encoding="utf-8")
    digest.update(source.encode())
    return (source.replace("__VERSION__", digest.hexdigest()[:16])
            .replace("__ASSETS__", json.dumps(sorted(static))))
