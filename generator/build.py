"""`podium build`: content → archive → pages → HTML, written atomically."""
from __future__ import annotations

from pathlib import Path

from generator.archive import load_archive
from generator.render import TEMPLATES_DIR, Renderer
from generator.site.feeds import atom_feed, sitemap
from generator.site.pages import site_pages
from generator.write import SiteWriter

STATIC_DIR = TEMPLATES_DIR / "static"


def build_site(content: Path, out: Path, base_url: str | None = None) -> int:
    """Build the site into ``out``; returns the number of HTML pages. Raises UserError on bad content."""
    archive = load_archive(content)
    site = archive.site
    base = (base_url if base_url is not None else site.base_url).rstrip("/")
    pages, files = site_pages(archive)
    renderer = Renderer(site.title, site.language, base, site.footer)
    writer = SiteWriter(out)
    try:
        for page in pages:
            writer.write(page.url, renderer.render(page))
        for file in files:
            writer.write(file.url, file.text)
        for asset in sorted(STATIC_DIR.iterdir()):
            writer.write(f"static/{asset.name}", asset.read_bytes())
        writer.write(".nojekyll", "")
        writer.write("sitemap.xml", sitemap(pages, base))
        writer.write("feed.xml", atom_feed(archive, base, site.title))
    except BaseException:
        writer.abort()
        raise
    writer.commit()
    return len(pages)
