"""Machine-readable companions of the pages: the sitemap."""
from __future__ import annotations

from xml.sax.saxutils import escape


def sitemap(pages, base_url: str) -> str:
    """sitemap.xml; search engines need absolute URLs, so it lists them only with a base URL."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    if base_url:
        for page in pages:
            if page.url == "404.html":
                continue
            path = page.url[: -len("index.html")] if page.url.endswith("index.html") else page.url
            lines.append(f"  <url><loc>{escape(base_url + '/' + path)}</loc></url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"
