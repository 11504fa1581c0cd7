"""Every content field that reaches HTML is escaped; Markdown renders no raw HTML or script links."""
from __future__ import annotations

import re

import yaml

from play import strength_results

EVIL = '<script>alert("x")</script><img src=x onerror=alert(1)>"\''


def test_hostile_text_in_every_field_is_escaped(tree, cli):
    tree.write("site.yaml", {"title": f"Club {EVIL}", "footer": f"Footer {EVIL}", "language": "en"})
    tree.write("seasons/s1.yaml", {"name": f"Season {EVIL}", "description": f"Desc {EVIL}",
                                    "qualification": "invitations",
                                    "wildcards": [{"player": "p02", "reason": f"Reason {EVIL}"}]})
    players = [{"name": f"Player {i} {EVIL}", "id": f"p{i:02d}", "club": f"Club {EVIL}", "beginner": True}
               for i in range(1, 9)]
    tree.event("e1", players, season="s1", venue=f"Venue {EVIL}", organizer=f"Org {EVIL}",
               head_judge=f"Judge {EVIL}", judges=[f"J {EVIL}"],
               description=f"Text {EVIL}\n\n[click](javascript:alert(1)) <a href='javascript:alert(1)'>x</a>")
    tree.write("pages/about.md", f"---\ntitle: About {yaml.safe_dump(EVIL).strip()}\n---\n{EVIL}\n\n"
                                 "[bad](javascript:alert(1)) [ok](https://example.org)\n")
    for number in range(1, 5):
        cli("pair", "e1")
        strength_results(tree, "e1", number)  # beginners: each his next basic army, never his opponent's (§6.5)
    cli("build")
    pages = list((tree.root / "site").rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert "<script>alert" not in html, page
        assert "<img src=x" not in html, page
        assert not re.search(r"<a\b[^>]*href=[\"']?\s*javascript:", html, re.IGNORECASE), page
    about = (tree.root / "site/pages/about/index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;" in about and 'href="https://example.org"' in about
