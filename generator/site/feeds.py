"""Machine-readable companions of the pages: the sitemap and the Atom feed."""
from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

from podium.site.i18n import Language
from podium.site import urls
from podium.site.labels import Nn_

# Characters XML 1.0 has no way to write, not even escaped (§2.2 Char): a title or a name holding
# one (YAML's "\x07" makes it) would leave the whole document unreadable.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
EPOCH = "1970-01-01T00:00:00Z"


def _text(value) -> str:
    """``value`` as XML character data."""
    return escape(_NOT_XML.sub("", str(value)))


def _attr(value) -> str:
    """``value`` as a quoted XML attribute value, quotes included (escape() leaves '"' as it is)."""
    return quoteattr(_NOT_XML.sub("", str(value)))


def sitemap(pages, base_url: str) -> str:
    """sitemap.xml; search engines need absolute URLs, so it lists them only with a base URL."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    if base_url:
        for page in pages:
            if page.url in (urls.NOT_FOUND, urls.OFFLINE):  # pages a visitor is sent to, never looked for
                continue
            path = page.url[: -len("index.html")] if page.url.endswith("index.html") else page.url
            lines.append(f"  <url><loc>{_text(base_url + '/' + path)}</loc></url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def atom_feed(archive, base_url: str, title: str, language=None) -> str:
    """feed.xml: one entry per event, newest first; timestamps come from event dates (no clock),
    so the feed is byte-identical across builds."""
    reports = sorted(archive.reports.values(), key=lambda r: (str(r.date or ""), r.id), reverse=True)
    root = base_url + "/" if base_url else ""
    lines = ['<?xml version="1.0" encoding="utf-8"?>', '<feed xmlns="http://www.w3.org/2005/Atom">',
             f"  <title>{_text(title)}</title>",
             # RFC 4287 §4.1.1: a feed whose entries name no author names one; the club publishing it is the author
             f"  <author><name>{_text(title)}</name></author>",
             f"  <id>{_text(root + 'feed.xml' if root else 'urn:podium:feed.xml')}</id>",
             f"  <link rel=\"self\" href={_attr(root + 'feed.xml')}/>",
             f"  <updated>{_stamp(reports[0].date) if reports else EPOCH}</updated>"]
    for report in reports:
        lines += _entry(report, archive.players, root, language or Language("en"))
    lines.append("</feed>")
    return "\n".join(lines) + "\n"


def _entry(event, players: dict, root: str, language: Language) -> list[str]:
    link = root + urls.event(event.id).replace("index.html", "")
    return ["  <entry>", f"    <title>{_text(event.name)}</title>", f"    <id>urn:podium:event:{_text(event.id)}</id>",
            f"    <link href={_attr(link)}/>", f"    <updated>{_stamp(event.date)}</updated>",
            f"    <summary>{_text(_summary(event, players, language))}</summary>", "  </entry>"]


def _stamp(date) -> str:
    return f"{date.isoformat()}T00:00:00Z" if date else EPOCH


def _summary(report, registry: dict, language: Language) -> str:
    players = len(report.people)
    if not report.final:  # two counts, each in its own plural form (no podium while a tie for it is open)
        rounds = len(report.rounds)
        return ", ".join([language.ngettext(*Nn_("%(count)s player", "%(count)s players"), players) % {"count": players},
                          language.ngettext(*Nn_("%(count)s round played so far", "%(count)s rounds played so far"),
                                            rounds) % {"count": rounds}])
    podium = [registry[row.player].name for row in report.standings[:3]]
    return language.ngettext(*Nn_("%(players)s player. %(podium)s", "%(players)s players. %(podium)s"), players) % {
        "players": players, "podium": ", ".join(f"{i}. {name}" for i, name in enumerate(podium, start=1))}
