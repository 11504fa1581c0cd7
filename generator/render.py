"""⑤ Pages → HTML with Jinja2: autoescape everywhere, StrictUndefined, Markdown without raw HTML."""
from __future__ import annotations

import functools
import io
from pathlib import Path

import jinja2
import segno
from markdown_it import MarkdownIt
from markupsafe import Markup, escape

from generator.i18n import Language
from generator.site import urls
from generator.site.pages import Page

TEMPLATES_DIR = Path(__file__).resolve().parent.parent / "templates"

# html=False: raw HTML in Markdown is shown as text; markdown-it's link validation already
# refuses javascript:, vbscript:, file: and data: (except images) URLs.
_markdown = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})


def markdown(text: str) -> Markup:
    return Markup(_markdown.render(text or ""))


def qr_svg(url: str) -> Markup:
    """An inline SVG QR code of ``url`` (printed pairings point phones at the live page)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=3, border=2, xmldecl=False, svgclass="qr", nl=False)
    return Markup(buffer.getvalue().decode())


@functools.lru_cache(maxsize=None)
def environment(language: str) -> jinja2.Environment:
    """One environment per language and process: its compiled templates outlive a build (``serve``
    rebuilds in a fraction of a second; Jinja still reloads a template whose file has changed)."""
    return make_environment(Language(language))


class _Environment(jinja2.Environment):
    def getattr(self, obj, attribute):
        """``t.seats`` on the site model's dicts: the key first. Jinja tries the attribute first,
        and a failed attribute lookup raises and catches an exception — tens of thousands a page."""
        if type(obj) is dict and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)


def make_environment(language: Language) -> jinja2.Environment:
    env = _Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )

    def translate(text: str, **values) -> Markup:
        """``_("Table %(table)s", table=3)``: the catalog's sentence (trusted), its values escaped —
        what Jinja's newstyle gettext does, without its per-call context lookups (a page has hundreds)."""
        sentence = language.gettext(text)  # every placeholder is %(name)s, so escaped text fits each
        return Markup(sentence % {key: escape(value) for key, value in values.items()} if values else sentence)

    env.globals["_"] = translate

    def signed(value) -> str:
        return "" if value is None else (f"+{language.number(value)}" if value > 0 else language.number(value))

    env.filters.update(markdown=markdown, number=language.number, signed=signed, date=language.date, qr=qr_svg)
    return env


class Renderer:
    def __init__(self, site_title: str, language: str, base_url: str, footer: str):
        self.env = environment(language)
        self.globals = {"site_title": site_title, "language": language, "base_url": base_url.rstrip("/"),
                        "footer": footer}

    def compile(self, names) -> None:
        """Compile the templates before the rendering processes fork, so each does not compile them again."""
        for name in names:
            self.env.get_template(name)

    def render(self, page: Page) -> str:
        template = self.env.get_template(page.template)

        link = urls.linker(page.url)

        def person(who: dict) -> Markup:
            """A player's name linked to his page (a function: a Jinja macro call costs 10× more)."""
            return Markup(f'<a href="{escape(link(who["url"]))}">{escape(who["name"])}</a>')

        return template.render(page=page, link=link, person=person, **self.globals, **page.context)
