"""⑤ Pages → HTML with Jinja2: autoescape everywhere, StrictUndefined, Markdown without raw HTML."""
from __future__ import annotations

import datetime
from pathlib import Path

import jinja2
from markdown_it import MarkdownIt
from markupsafe import Markup

from generator.site import urls
from generator.site.pages import Page

TEMPLATES_DIR = Path(__file__).resolve().parent.parent / "templates"

# html=False: raw HTML in Markdown is shown as text; markdown-it's link validation already
# refuses javascript:, vbscript:, file: and data: (except images) URLs.
_markdown = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})


def markdown(text: str) -> Markup:
    return Markup(_markdown.render(text or ""))


def number(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".") if not value.is_integer() else str(int(value))
    return str(value)


def signed(value) -> str:
    return "" if value is None else (f"+{number(value)}" if value > 0 else number(value))


def date(value) -> str:
    return value.isoformat() if isinstance(value, datetime.date) else ""


def make_environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_null_translations(newstyle=True)
    env.filters.update(markdown=markdown, number=number, signed=signed, date=date)
    return env


class Renderer:
    def __init__(self, site_title: str, language: str, base_url: str, footer: str):
        self.env = make_environment()
        self.globals = {"site_title": site_title, "language": language, "base_url": base_url.rstrip("/"),
                        "footer": footer}

    def render(self, page: Page) -> str:
        template = self.env.get_template(page.template)

        def link(target: str) -> str:
            return urls.relative(target, page.url)

        return template.render(page=page, link=link, **self.globals, **page.context)
