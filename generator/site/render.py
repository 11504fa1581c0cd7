"""⑤ Pages → HTML with Jinja2: autoescape everywhere, StrictUndefined, Markdown without raw HTML."""
from __future__ import annotations

import contextlib
import functools
import gc
import os
from pathlib import Path

import jinja2
from jinja2 import nodes
from markupsafe import Markup, escape

from podium.core.errors import Problems, Src, fail
from podium.core.folders import TEMPLATES_DIR
from podium.site.i18n import FEMININE, Language, context_key
from podium.core.model import Site
from podium.site import urls
from podium.site.pages import Page
from podium.site.theme_limits import ThemeLimits


def markdown(text: str, images: str = "") -> Markup:
    """The ``markdown`` filter (site/markdown.py, loaded with markdown-it by the first page that
    has Markdown: most pages have none, and a command that renders none does not load it)."""
    from podium.site.markdown import markdown as rendered

    return rendered(text, images)


def qr_svg(url: str) -> Markup:
    """The ``qr`` filter (site/qr.py, loaded with segno by the first page that prints a code)."""
    from podium.site.qr import qr_svg as drawn

    return drawn(url)


@contextlib.contextmanager
def collecting_page_garbage():
    """The cycle collector on for rendering, with everything made before out of its sight.

    Rendering a page leaves reference cycles (Jinja's contexts, loops and macros hold the page's
    data and each other); with the collector off for the whole build (it would rescan the archive
    again and again) they were never freed: 60 MB for every thousand pages of a ten-times archive,
    each page's context kept to the end. ``gc.freeze`` sets the archive aside, so the collector
    reads only what rendering makes (and forked renderers leave the archive's memory shared);
    both come back as they were afterwards."""
    enabled = gc.isenabled()
    gc.freeze()
    gc.enable()
    try:
        yield
    finally:
        gc.collect()  # the last pages' cycles: the young ones only, the rest is still frozen
        if not enabled:
            gc.disable()
        gc.unfreeze()


@functools.lru_cache(maxsize=None)
def environment(language: str, theme_dir: str = "") -> jinja2.Environment:
    """One environment per language, theme and process: its compiled templates outlive a build
    (``serve`` rebuilds in a fraction of a second; Jinja still reloads a template whose file has changed)."""
    return make_environment(Language(language), theme_dir)


def template_loader(theme_dir: str = "") -> jinja2.BaseLoader:
    """Podium's templates, each overridden by a file of the same name in the theme folder. Podium's
    own stay reachable as ``podium/<name>``, so a theme's base.html can extend ``podium/base.html``
    and replace only the blocks it needs (extra_head, brand, footer_links)."""
    builtin = jinja2.FileSystemLoader(str(TEMPLATES_DIR))
    loaders = [jinja2.FileSystemLoader(theme_dir)] if theme_dir else []
    return jinja2.ChoiceLoader([jinja2.PrefixLoader({"podium": builtin}), *loaders, builtin])


class _Environment(jinja2.Environment):
    def getattr(self, obj, attribute):
        """``t.seats`` on the site model's dicts: the key first. Jinja tries the attribute first,
        and a failed attribute lookup raises and catches an exception — tens of thousands a page."""
        if type(obj) is dict and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)


class _Sandboxed(_Environment, ThemeLimits):
    """The environment of a site with a theme (theme_limits.py)."""


def make_environment(language: Language, theme_dir: str = "") -> jinja2.Environment:
    env = (_Sandboxed if theme_dir else _Environment)(
        loader=template_loader(theme_dir),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )

    sentences: dict[str, Markup] = {}  # msgid → the catalog's sentence, for this environment's language

    def sentence(text: str) -> Markup:
        """A message's translation, looked up and made Markup once per language and process (a
        build asks for the same few hundred sentences hundreds of thousands of times)."""
        found = sentences.get(text)
        if found is None:
            found = sentences[text] = Markup(language.gettext(text))
        return found

    def translate(text: str, **values) -> Markup:
        """``_("Table %(table)s", table=3)``: the catalog's sentence (trusted), its values escaped —
        what Jinja's newstyle gettext does, without its per-call context lookups (a page has hundreds)."""
        if not values:
            return sentence(text)
        # every placeholder is %(name)s, so escaped text fits each
        return Markup(str.__mod__(sentence(text), {key: _escaped(value) for key, value in values.items()}))

    def translate_count(singular: str, plural: str, n, /, **values) -> Markup:
        """``_n("%(count)s player", "%(count)s players", 5, count=5)``: the plural form the
        language's rule gives for ``count``, its values escaped."""
        sentence = language.ngettext(singular, plural, n)
        return Markup(sentence % {key: _escaped(value) for key, value in values.items()})

    def message(m: dict | str) -> Markup:
        """A sentence the site model built (labels.msg, labels.count_msg), translated whole; a
        value that is a sentence itself is translated first. A text that is no sentence (an
        organizer's own word where the catalogues have one for others: labels.colour_said) is
        shown as it is, escaped."""
        if isinstance(m, str):
            return escape(m)
        args = {key: message(value) if isinstance(value, dict) else value for key, value in m["args"].items()}
        if "plural" in m:
            return translate_count(m["text"], m["plural"], m["count"], **args)
        return translate(m["text"], **args)

    def said_of(text: str, person: dict | None, **values) -> Markup:
        """``_(text)`` said of ``person``: the feminine form of a word that takes one, for a woman
        (labels.GENDERED; i18n.py ``feminine``)."""
        feminine = context_key(FEMININE, text)
        return translate(feminine if person and person.get("feminine") and feminine in language.messages else text, **values)

    env.globals.update(_=translate, _n=translate_count, message=message, said_of=said_of)

    def tiebreaks(values: dict, columns: list) -> list[str]:
        """A standings row's tie-break values for ``columns``, as the cells show them
        (Language.tiebreak). One call a row instead of a macro call a cell (each a Jinja context
        call), twice a row."""
        cell = language.tiebreak
        return [cell(values[column["key"]], column["signed"], column["percent"]) for column in columns]

    def named(text: str) -> Markup:
        """A name that may be Podium's own (a built-in ruleset's) in the site's language, else as
        written; escaped either way, for an organizer's name is no trusted sentence."""
        return escape(language.gettext(text)) if text else Markup("")

    env.filters.update(markdown=markdown, number=language.number, signed=language.signed, date=language.date, qr=qr_svg,
                       translated=translate, person=_person_filter, people=_people_filter, tiebreaks=tiebreaks,
                       named=named)
    return env


def _escaped(value):
    """A value for a translated sentence: text escaped; a number as it is (its digits need no
    escaping, and '%s' writes it as escape would)."""
    return value if type(value) in (int, float) else escape(value)


@jinja2.pass_context
def _person_filter(context, who: dict) -> Markup:
    """``{{ r.person | person }}``: the page's ``person`` link. A filter is called directly,
    where a function call from a template goes through Jinja's context (several times the cost,
    and a standings table calls it on every row)."""
    return context["person"](who)


@jinja2.pass_context
def _people_filter(context, people: list[dict]) -> Markup:
    """``{{ g.opponents | people }}``: the page's ``person`` links joined by commas, in one call,
    where a Jinja loop writing them made a loop object and looked up ``loop.last`` for each row
    of a player's games (a page of ten seasons has some 200)."""
    person = context["person"]
    return Markup(", ".join([person(who) for who in people]))  # each link is Markup already: nothing to escape


class Renderer:
    def __init__(self, site: Site, base_url: str, assets: dict[str, str] | None = None):
        """``assets``: the site's own files by role (logo, favicon) → their URL in the site."""
        self.env = environment(site.language, site.theme_dir)
        self.theme_dir = site.theme_dir
        assets = assets or {}
        self.globals = {"site_title": site.title, "language": site.language, "base_url": base_url.rstrip("/"),
                        "footer": site.footer, "description": site.description,
                        "logo": assets.get("logo", ""), "favicon": assets.get("favicon", urls.DEFAULT_FAVICON),
                        # Podium's own icon drawn for an iPhone's home screen, where the site has no icon of its own
                        "touch_icon": "" if "favicon" in assets else urls.TOUCH_ICON}
        self.people: dict[str, dict[tuple, Markup]] = {}  # a link's prefix → (URL, name) → a person's link

    def compile(self, names) -> None:
        """Compile the templates before the rendering processes fork, so each does not compile them again."""
        for name in names:
            self.template(name)

    def template(self, name: str) -> jinja2.Template:
        try:
            return self.env.get_template(name)
        except jinja2.TemplateSyntaxError as exc:  # only a theme's template can have one
            raise _theme_syntax_error(exc) from None

    def render(self, page: Page) -> str:
        template = self.template(page.template)

        link = urls.linker(page.url, self.globals["base_url"])
        person = self.person_linker(link)
        try:
            return template.render(page=page, link=link, person=person, **self.globals, **page.context)
        except jinja2.TemplateSyntaxError as exc:  # in a template the page's template extends or includes
            raise _theme_syntax_error(exc) from None
        except Exception as exc:  # noqa: BLE001 (a theme's template may raise anything Python can)
            where = self._theme_line(exc)
            if where is None:
                raise  # in Podium's own templates: a bug, not the organizer's mistake
            raise fail(where, f"template error while rendering {page.url}: {_what_went_wrong(exc)}; correct the "
                       "theme's template, or delete it to use Podium's") from None

    def person_linker(self, link):
        """The ``person`` of a page that links with ``link``: a player's name linked to his page
        (a function: a Jinja macro call costs 10× more). Made once per player for all the pages
        at the same depth, which link him alike (``link("")`` is the way up to the site's root):
        a player is named on every round page of his events and on each one several times."""
        made = self.people.setdefault(link(""), {})

        def person(who: dict) -> Markup:
            key = (who["url"], who["name"])
            html = made.get(key)
            if html is None:
                html = made[key] = Markup(f'<a href="{escape(link(who["url"]))}">{escape(who["name"])}</a>')
            return html

        return person

    def _theme_line(self, exc: Exception) -> Src | None:
        """The theme template and line an error was raised at (Jinja puts template lines in the
        traceback): where the last template was when it was raised, if that is the theme's — or,
        for a template error (an undefined name…), the last theme template on the way to it."""
        if not self.theme_dir:
            return None
        last_theme, in_theme, frame = None, False, exc.__traceback__
        while frame is not None:
            filename = frame.tb_frame.f_code.co_filename
            if filename.startswith(self.theme_dir + os.sep):
                last_theme, in_theme = Src(filename, frame.tb_lineno), True
            elif filename.startswith(_PODIUMS):
                in_theme = False
            frame = frame.tb_next
        return last_theme if in_theme or isinstance(exc, jinja2.TemplateError) else None


_PODIUMS = str(TEMPLATES_DIR) + os.sep


def _what_went_wrong(exc: Exception) -> str:
    if isinstance(exc, RecursionError):
        return "the theme's templates or macros call, extend or include each other without end"
    if isinstance(exc, jinja2.TemplateError):
        return str(exc).rstrip(".")
    return f"{type(exc).__name__}: {str(exc).rstrip('.')}"  # ZeroDivisionError: division by zero


def check_theme(site: Site) -> None:
    """Compile every template of the site's theme, as a build would: raise a UserError listing
    each syntax error at its file and line, and each template that extends or includes itself
    (the easy slip of a theme's base.html extending "base.html", itself, for Podium's)."""
    if not site.theme_dir:
        return
    env = environment(site.language, site.theme_dir)
    problems = Problems()
    for name in _theme_templates(site.theme_dir):
        path = os.path.join(site.theme_dir, name)
        try:
            source = Path(path).read_text(encoding="utf-8")
            for node in env.parse(source, name, path).find_all((nodes.Extends, nodes.Include)):
                if isinstance(node.template, nodes.Const) and node.template.value == name:
                    problems.add(Src(path, node.lineno), _itself(node, name))
            env.get_template(name)
        except jinja2.TemplateSyntaxError as exc:
            problems.extend(_theme_syntax_error(exc))
        except UnicodeDecodeError:
            problems.add(Src(path), "is not UTF-8 text; save it as UTF-8")
    problems.raise_if_any()


def _theme_templates(theme_dir: str) -> list[str]:
    """The theme's templates by name: its .html files, not those in static/ nor hidden ones."""
    root = Path(theme_dir)
    names = [path.relative_to(root) for path in root.rglob("*.html") if path.is_file()]
    return sorted(name.as_posix() for name in names
                  if name.parts[0] != "static" and not any(part.startswith(".") for part in name.parts))


def _itself(node, name: str) -> str:
    extends = isinstance(node, nodes.Extends)
    tag = "extends" if extends else "include"
    said = f'{{% {tag} "{name}" %}} {"extends" if extends else "includes"} this very template, without end'
    if not (TEMPLATES_DIR / name).is_file():
        return f"{said}; name another template"
    return (f"{said}: the theme's {name} takes the place of Podium's; to {'extend' if extends else 'include'} "
            f'Podium\'s own {name} write {{% {tag} "podium/{name}" %}}')


def _theme_syntax_error(exc: jinja2.TemplateSyntaxError):
    return fail(Src(exc.filename or exc.name or "", exc.lineno), f"template error: {(exc.message or '').rstrip('.')}; "
                "correct the theme's template, or delete it to use Podium's")
