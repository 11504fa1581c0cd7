"""Markdown → HTML for the organizer's pages and texts: CommonMark without raw HTML, a page's own
images published beside it, code blocks a keyboard can scroll."""
from __future__ import annotations

from markdown_it import MarkdownIt
from markupsafe import Markup

from podium.content.validate.pages import own_image

# html=False: raw HTML in Markdown is shown as text; markdown-it's link validation already
# refuses javascript:, vbscript:, file: and data: (except images) URLs.
_markdown = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
_image = _markdown.renderer.rules["image"]


def _image_from_the_site(self, tokens, idx, options, env):
    """An image of a page's own (``images/desk.png``, pages/images/ in the content folder, as
    check requires) is published under pages/: its address from the page is ``env["images"]``
    (the way up to the site's root, then pages/) and the path written."""
    token = tokens[idx]
    if own_image(token.attrGet("src")):
        token.attrSet("src", env.get("images", "") + token.attrGet("src"))
    token.attrSet("loading", "lazy")
    return _image(tokens, idx, options, env)


_markdown.add_render_rule("image", _image_from_the_site)


def _focusable_block(rule):
    """A code block scrolls sideways on a phone: it takes the keyboard's focus, so that a
    keyboard can scroll it too (axe-core's scrollable-region-focusable)."""
    def render(self, tokens, idx, options, env):
        return rule(tokens, idx, options, env).replace("<pre>", '<pre tabindex="0">', 1)
    return render


for _block in ("fence", "code_block"):
    _markdown.add_render_rule(_block, _focusable_block(_markdown.renderer.rules[_block]))


def markdown(text: str, images: str = "") -> Markup:
    """``text`` as HTML; ``images``: where the page's own images are, seen from the page."""
    return Markup(_markdown.render(text or "", {"images": images}))
