"""Machine-readable companions of the pages: the sitemap."""
from __future__ import annotations

from xml.sax.saxutils import escape

from generator.i18n import Language
from generator.site.labels import N_


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


def atom_feed(archive, base_url: str, title: str, language=None) -> str:
    """feed.xml: one entry per event, newest first; timestamps come from event dates (no clock),
    so the feed is byte-identical across builds."""
    from generator.site import urls

    results = sorted(archive.events.values(), key=lambda r: (str(r.event.date or ""), r.event.id), reverse=True)
    updated = _stamp(results[0].event.date) if results else "1970-01-01T00:00:00Z"
    root = base_url + "/" if base_url else ""
    lines = ['<?xml version="1.0" encoding="utf-8"?>', '<feed xmlns="http://www.w3.org/2005/Atom">',
             f"  <title>{escape(title)}</title>", f"  <id>{escape(root or 'urn:podium:')}feed.xml</id>",
             f'  <link rel="self" href="{escape(root)}feed.xml"/>', f"  <updated>{updated}</updated>"]
    for result in results:
        event = result.event
        link = root + urls.event(event.id).replace("index.html", "")
        lines += ["  <entry>", f"    <title>{escape(event.name)}</title>", f"    <id>urn:podium:event:{event.id}</id>",
                  f'    <link href="{escape(link)}"/>', f"    <updated>{_stamp(event.date)}</updated>",
                  f"    <summary>{escape(_summary(result, archive, language or Language('en')))}</summary>", "  </entry>"]
    lines.append("</feed>")
    return "\n".join(lines) + "\n"


def _stamp(date) -> str:
    return f"{date.isoformat()}T00:00:00Z" if date else "1970-01-01T00:00:00Z"


def _summary(result, archive, language: Language) -> str:
    players = len(result.event.players)
    if not result.complete:
        return language.gettext(N_("%(players)s players, %(rounds)s rounds played so far")) % {
            "players": players, "rounds": len(result.event.rounds)}
    podium = [archive.players[row.player].name for row in result.final_rows[:3]]
    return language.gettext(N_("%(players)s players. %(podium)s")) % {
        "players": players, "podium": ", ".join(f"{i}. {name}" for i, name in enumerate(podium, start=1))}
