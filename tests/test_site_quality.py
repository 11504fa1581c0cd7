"""The whole built demo site: no broken internal link, valid HTML, a small page budget, no blocking JS."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import html5lib
import pytest

from podium.run.builder import build_site

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 50 * 1024  # bytes of HTML + CSS a page may weigh


@pytest.fixture(scope="module")
def demo(demo_site) -> Path:
    return demo_site


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> Path:
    """The demo as the Pages workflow builds it: with its web address (round pages then print a
    QR code of their live address on the slips)."""
    out = tmp_path_factory.mktemp("published") / "site"
    build_site(ROOT / "content", out, base_url="https://podium-demo.github.io/podium")
    return out


def _pages(site: Path):
    return sorted(site.rglob("*.html"))


def test_every_internal_link_resolves(demo):
    broken = []
    for page in _pages(demo):
        for href in re.findall(r'(?:href|src)="([^"]+)"', page.read_text(encoding="utf-8")):
            parts = urlsplit(href)
            if parts.scheme or href.startswith("#"):
                continue
            from_root = parts.path.startswith("/")  # the 404 page's, built without a base URL
            target = (demo / parts.path.lstrip("/") if from_root else page.parent / parts.path).resolve()
            if not (target.is_file() or (target / "index.html").is_file()):
                broken.append(f"{page.relative_to(demo)} → {href}")
            if parts.fragment and target.suffix in ("", ".html"):
                html = (target / "index.html" if target.is_dir() else target).read_text(encoding="utf-8")
                if f'id="{parts.fragment}"' not in html:
                    broken.append(f"{page.relative_to(demo)} → {href} (no such anchor)")
    assert not broken, broken[:10]


def test_every_page_is_valid_html(demo):
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    for page in _pages(demo):
        try:
            parser.parse(page.read_bytes())
        except html5lib.html5parser.ParseError as exc:
            pytest.fail(f"{page.relative_to(demo)}: {exc}")


@pytest.mark.parametrize("built", ["demo", "published"])
def test_pages_fit_the_budget_and_scripts_never_block(built, request):
    demo = request.getfixturevalue(built)
    for page in _pages(demo):
        html = page.read_text(encoding="utf-8")
        if page.parent.name == "cards":  # a sheaf of A4 player cards, printed, not read on a phone
            continue
        # the stylesheets the page links (the printables' own print.css only on theirs)
        css = sum((demo / "static" / name).stat().st_size for name in re.findall(r'href="[./]*static/([^"]+\.css)"', html))
        assert len(html.encode()) + css < BUDGET, f"{page.relative_to(demo)} weighs {len(html.encode()) + css} bytes"
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "defer" in tag or "async" in tag, f"{page.relative_to(demo)}: blocking {tag}"
