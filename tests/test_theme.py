"""Themes: a folder named by site.yaml's theme_dir overrides Podium's templates and static files
file by file; logo, favicon and description appear on every page."""
from __future__ import annotations

import pytest
from play import only_problem

CLUB_BASE = """\
{% extends "podium/base.html" %}
{% block extra_head %}<link rel="stylesheet" href="{{ link('static/club.css') }}">{% endblock %}
{% block footer_links %}<a href="https://club.example.org/">Our club</a> · {% endblock %}
"""


def html_pages(root):
    return sorted((root / "site").rglob("*.html"))


@pytest.fixture
def themed(tree):
    tree.event("e1", 4)
    tree.write("theme/base.html", CLUB_BASE)
    tree.write("theme/static/club.css", ":root { --accent: #8b0000; }\n")
    tree.write("theme/static/style.css", "/* the club's own */\n")
    (tree.content / "theme/static/logo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>\n')
    (tree.content / "theme/static/favicon.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    tree.write("site.yaml", {"title": "Club", "theme_dir": "theme", "logo": "theme/static/logo.svg",
                             "favicon": "theme/static/favicon.png", "description": "Results of the Club & friends"})
    return tree


def test_a_theme_template_extends_podiums_and_its_static_files_override_by_name(themed, cli):
    cli("build")
    site = themed.root / "site"
    assert (site / "static/style.css").read_text() == "/* the club's own */\n"  # replaced, by name
    assert (site / "static/club.css").exists() and (site / "static/filter.js").exists()  # added; kept
    pages = html_pages(themed.root)
    assert len(pages) > 3
    for page in pages:
        html = page.read_text()
        assert 'static/club.css">' in html and '<a href="https://club.example.org/">Our club</a> · ' in html, page


def test_logo_favicon_and_description_are_on_every_page(themed, cli):
    cli("build")
    site = themed.root / "site"
    assert (site / "static/logo.svg").exists() and (site / "static/favicon.png").exists()
    for page in html_pages(themed.root):
        html = page.read_text()
        assert '<meta name="description" content="Results of the Club &amp; friends">' in html, page
        assert 'static/favicon.png">' in html and '<img class="logo" src="' in html, page


def test_the_event_page_links_the_assets_relative_to_itself(themed, cli):
    cli("build")
    html = (themed.root / "site/events/e1/index.html").read_text()
    assert '<link rel="icon" href="../../static/favicon.png">' in html
    assert '<img class="logo" src="../../static/logo.svg" alt="" height="32">' in html


@pytest.mark.parametrize("settings, message", [
    ({"theme_dir": "../elsewhere"}, "content/site.yaml:2: 'theme_dir: ../elsewhere' is outside the content folder; "
                                    "keep the folder inside content/ and name it from there, like 'theme_dir: theme'"),
    ({"theme_dir": "nowhere"}, "content/site.yaml:2: 'theme_dir: nowhere': there is no such folder in the content "
                               "folder; create it or correct the path, like 'theme_dir: theme'"),
    ({"logo": "site.yaml"}, "content/site.yaml:2: 'logo: site.yaml' is not an image browsers show; use a .png, .svg"),
    ({"favicon": "/etc/passwd"}, "content/site.yaml:2: 'favicon: /etc/passwd' is outside the content folder"),
])
def test_theme_settings_that_cannot_work_are_refused_at_their_line(tree, cli, settings, message):
    tree.event("e1", 4)
    tree.write("site.yaml", {"title": "Club", **settings})
    assert only_problem(cli).startswith(message)


def test_a_logo_and_a_theme_file_published_under_one_name_are_both_named(themed, cli):
    """The logo goes to static/logo.svg whatever its file is called: the theme's own
    static/logo.svg, another image its templates may show, would be silently replaced."""
    (themed.content / "images").mkdir()
    (themed.content / "images/club.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>\n')
    themed.write("site.yaml", "title: Club\ntheme_dir: theme\nlogo: images/club.svg\n")
    message = ("content/site.yaml:3: 'logo: images/club.svg' is published as static/logo.svg, and so is the theme's "
               "content/theme/static/logo.svg: one would replace the other; name the theme's file as the logo, or "
               "rename the theme's file")
    assert only_problem(cli) == message
    assert cli("build", expect=1).output.startswith(message)
    (themed.content / "images/club.svg").write_bytes((themed.content / "theme/static/logo.svg").read_bytes())
    assert cli("check").output.startswith("ok")  # the same image twice replaces nothing


def test_the_logo_wins_over_a_podium_static_file_of_its_name(themed, cli, tmp_path, monkeypatch):
    import shutil

    from podium.run import outputs as build

    podiums = tmp_path / "podium-static"
    shutil.copytree(build.STATIC_DIR, podiums)
    (podiums / "favicon.png").write_bytes(b"Podium's own")
    monkeypatch.setattr(build, "STATIC_DIR", podiums)
    (themed.content / "theme/static/favicon.png").unlink()
    (themed.content / "club.png").write_bytes(b"\x89PNG the club's")
    themed.write("site.yaml", "title: Club\ntheme_dir: theme\nfavicon: club.png\n")
    cli("build")
    assert (themed.root / "site/static/favicon.png").read_bytes() == b"\x89PNG the club's"


def test_a_syntax_error_in_a_theme_template_is_reported_at_its_line(themed, cli):
    themed.write("theme/base.html", CLUB_BASE + "{% if %}\n")
    result = cli("build", expect=1)
    assert result.output.startswith("content/theme/base.html:4: template error: Expected an expression")
    assert "correct the theme's template, or delete it to use Podium's" in result.output
    assert "Traceback" not in result.output and not (themed.root / "site").exists()


def test_an_error_while_rendering_a_theme_template_is_reported_at_its_line(themed, cli):
    themed.write("theme/base.html", CLUB_BASE + "{% block brand %}{{ no_such_value }}{% endblock %}\n")
    result = cli("build", expect=1)
    assert result.output.startswith("content/theme/base.html:4: template error while rendering index.html: ")
    assert "'no_such_value' is undefined" in result.output


def test_a_theme_base_extending_itself_is_explained_by_check_and_build(themed, cli):
    """Issue 14: '{% extends "base.html" %}' in the theme's base.html (for Podium's) was a
    RecursionError traceback in build while check said ok."""
    cli("build")
    index = (themed.root / "site/index.html").read_bytes()
    themed.write("theme/base.html", CLUB_BASE.replace('"podium/base.html"', '"base.html"'))
    expected = ('content/theme/base.html:1: {% extends "base.html" %} extends this very template, without end: the '
                "theme's base.html takes the place of Podium's; to extend Podium's own base.html write "
                '{% extends "podium/base.html" %}\n1 problem found.\n')
    assert cli("check", expect=1).output == expected
    assert cli("build", expect=1).output == expected
    assert (themed.root / "site/index.html").read_bytes() == index  # the old site, untouched


def test_check_compiles_every_theme_template(themed, cli):
    themed.write("theme/event.html", '{% extends "podium/event.html" %}\n{% block main %}{% if %}{% endblock %}\n')
    themed.write("theme/round.html", "{% for x in y %}\n")
    assert cli("check", expect=1).output.splitlines() == [
        "content/theme/event.html:2: template error: Expected an expression, got 'end of statement block'; correct "
        "the theme's template, or delete it to use Podium's",
        "content/theme/round.html:1: template error: Unexpected end of template. Jinja was looking for the following "
        "tags: 'endfor' or 'else'. The innermost block that needs to be closed is 'for'; correct the theme's "
        "template, or delete it to use Podium's",
        "2 problems found."]


@pytest.mark.parametrize("expression, error", [
    ("1 // 0", "ZeroDivisionError: integer division or modulo by zero"),
    ('"%s"|format', "TypeError: not enough arguments for format string"),
    ("range(10**9)|list", "OverflowError: Range too big. The sandbox blocks ranges larger than MAX_RANGE (100000)"),
    ('"x" * 10**10', "a text or list repeated into more than 100,000 items is too long for a page"),
    ("2 ** 1000000", "2 ** 1000000 is a number too large for a page"),
    ("().__class__.__mro__", "access to attribute '__class__' of 'tuple' object is unsafe"),
])
def test_whatever_a_theme_template_raises_is_said_at_its_line(themed, cli, expression, error):
    """Issue 14: Python exceptions raised in a theme's template were tracebacks, a huge range hung
    the build, and Python's internals rendered: a theme's templates are sandboxed."""
    themed.write("theme/base.html", CLUB_BASE + "{% block brand %}\n{{ " + expression + " }}{% endblock %}\n")
    assert cli("check").output.startswith("ok: 1 event")  # nothing wrong until it is rendered
    assert cli("build", expect=1).output == (
        f"content/theme/base.html:5: template error while rendering index.html: {error}; correct the theme's "
        "template, or delete it to use Podium's\n1 problem found.\n")
    assert not (themed.root / "site").exists()


def test_a_theme_error_during_serve_is_printed_and_the_last_site_kept(themed, capsys):
    from podium.run.rebuild import Rebuilder
    from podium.venue.serve import CONTENT_PROBLEM, REBUILT, rebuild

    out = themed.root / "site"
    builder = Rebuilder(themed.content, out)
    assert rebuild(builder) == REBUILT
    index = (out / "index.html").read_bytes()
    themed.write("theme/base.html", CLUB_BASE + "{% block brand %}{{ 1 // 0 }}{% endblock %}\n")
    assert rebuild(builder) == CONTENT_PROBLEM
    assert capsys.readouterr().err == (
        "content/theme/base.html:4: template error while rendering index.html: ZeroDivisionError: integer division "
        "or modulo by zero; correct the theme's template, or delete it to use Podium's\n1 problem found.\n"
        "the site was not rebuilt; fix the problems above and save again\n")
    assert (out / "index.html").read_bytes() == index
    themed.write("theme/base.html", CLUB_BASE)
    assert rebuild(builder) == REBUILT


# Issue: a theme's template that loops or grows without end hung the build or took all the memory
# there is; each now ends with one sentence at its line, and the last site stays published.
HOME_MAIN = '{% extends "podium/home.html" %}\n{% block main %}\n'  # then the block, from line 3


def runaway_home(themed, cli, main: str) -> str:
    """Build the themed site, then again with the theme's home page's main block replaced by
    ``main`` (from its line 3): the second build's output, once it is checked to have left the
    first site as it was. (The first has a home page of the theme's already: Jinja keeps a template
    it loaded, and would not look for a theme's file that was not there.)"""
    themed.write("theme/home.html", HOME_MAIN + "Welcome{% endblock %}\n")
    cli("build")
    index = (themed.root / "site/index.html").read_bytes()
    themed.write("theme/home.html", HOME_MAIN + main + "{% endblock %}\n")
    output = cli("build", expect=1).output
    assert (themed.root / "site/index.html").read_bytes() == index
    return output


def said_at(line: int, error: str) -> str:
    return (f"content/theme/home.html:{line}: template error while rendering index.html: {error}; correct the "
            "theme's template, or delete it to use Podium's\n1 problem found.\n")


def test_nested_loops_in_a_theme_template_stop_at_the_step_limit(themed, cli):
    """Two million rounds, twice the limit, stopped at the millionth (the issue's ten thousand by ten
    thousand, a hundred million rounds on every page of the site, seemed never to end)."""
    loops = "{% for a in range(2000) %}\n{% for b in range(1000) %}x{% endfor %}{% endfor %}\n"
    assert runaway_home(themed, cli, loops) == said_at(
        4, "the page takes more than 1,000,000 loop rounds and calls, far more than a page could need")


def test_macros_calling_each_other_too_often_stop_at_the_step_limit(themed, cli, monkeypatch):
    """Each call counts as a loop round does. A macro call costs as much as thirty loop rounds, so
    the limit is lowered here for the test to stay quick: a million calls take a few seconds."""
    from podium.site import theme_limits

    monkeypatch.setattr(theme_limits, "MAX_STEPS", 100_000)
    fanning_out = "{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}\n{{ f(40) }}\n"
    assert runaway_home(themed, cli, fanning_out) == said_at(
        3, "the page takes more than 100,000 loop rounds and calls, far more than a page could need")


def test_a_theme_page_growing_past_the_size_limit_stops_where_it_writes(themed, cli):
    """Written piece by piece, as the page is rendered: Jinja joins a page only at its end."""
    growing = "{% for i in range(600) %}\n{{ 'x' * 100000 }}\n{% endfor %}\n"
    assert runaway_home(themed, cli, growing) == said_at(
        4, "the page takes more than 50,000,000 characters, far more than a page could need")


@pytest.mark.parametrize("main, line, error", [
    ('{% set ns = namespace(s="x") %}\n{% for i in range(27) %}\n{% set ns.s = ns.s ~ ns.s %}{% endfor %}\n',
     5, "a text of more than 50,000,000 characters is too long for a page"),
    ('{% set ns = namespace(s="x") %}\n{% for i in range(27) %}\n{% set ns.s %}{{ ns.s }}{{ ns.s }}{% endset %}'
     "{% endfor %}\n", 5, "a text of more than 50,000,000 characters is too long for a page"),
    ("{% set ns = namespace(l=[1]) %}\n{% for i in range(17) %}\n{% set ns.l = ns.l + ns.l %}{% endfor %}\n",
     5, "a list of more than 100,000 items is too long for a page"),
    ("{% set l = [1] %}\n{% for i in range(17) %}\n{% set _ = l.extend(l) %}{% endfor %}\n",
     5, "a list of more than 100,000 items is too long for a page"),
    ('{% macro f(s, n) %}{% if n %}{{ f(s ~ s, n - 1) }}{% endif %}{% endmacro %}\n{{ f("x", 27) }}\n',
     3, "a text of more than 50,000,000 characters is too long for a page"),
], ids=["namespace ~", "namespace set block", "namespace +", "list.extend", "macro argument"])
def test_what_a_theme_template_keeps_from_step_to_step_stays_within_a_page(themed, cli, main, line, error):
    """Doubled each round, a text or list reaches gigabytes in thirty rounds: stopped where it is
    kept (a namespace, a list grown in place, a macro's argument), past what a page could show."""
    assert runaway_home(themed, cli, main) == said_at(line, error)


TOO_LONG = "a text of more than 50,000,000 characters is too long for a page"


@pytest.mark.parametrize("main, line, error", [
    ('{% set a = "x" * 100000 %}\n{{ a | replace("x", a) | length }}\n', 4, TOO_LONG),
    ('{% set a = "x" * 100000 %}\n{% set b = a ~ a %}{% set c = b ~ b %}{% set d = c ~ c %}{% set e = d ~ d %}'
     '{% set f = e ~ e %}{% set g = f ~ f %}{% set h = g ~ g %}{% set i = h ~ h %}{% set j = i ~ i %}\n', 4, TOO_LONG),
    ('{{ "%0100000000d" % 1 }}\n', 3, TOO_LONG),
    ('{{ range(100000) | join("x" * 100000) }}\n', 3, TOO_LONG),
    ('{{ "x" | center(100000000) }}\n', 3, TOO_LONG),
    ('{% set a = "\\n" * 99999 %}\n{{ a | indent(1000) }}\n', 4, TOO_LONG),
], ids=["replace", "~ doubled", "% width", "join", "center", "indent"])
def test_what_one_filter_or_operator_would_make_is_measured_before_it_is_made(themed, cli, main, line, error):
    """A filter, a join with ~ or a %-format can make a thousand times what it is given in one
    step, gigabytes before any check after it: worked out first, and refused at its line."""
    assert runaway_home(themed, cli, main) == said_at(line, error)


def test_a_macro_calling_itself_without_end_is_said_at_its_line(themed, cli):
    endless = "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}\n{{ f(0) }}\n"
    assert runaway_home(themed, cli, endless) == said_at(
        3, "the theme's templates or macros call, extend or include each other without end")


def test_a_theme_page_of_few_but_costly_steps_stops_at_the_time_backstop(themed, cli, monkeypatch):
    """Sorting a long list again and again takes long in few steps. The backstop is a minute; a
    twentieth of a second here, for the test to stay quick."""
    from podium.site import theme_limits

    monkeypatch.setattr(theme_limits, "MAX_PAGE_SECONDS", 0.05)
    sorting = "{% for i in range(100000) %}{{ range(2000)|list|sort(reverse=true)|first }}{% endfor %}\n"
    assert runaway_home(themed, cli, sorting) == said_at(  # the clock is read every 1,024th step, all on line 3
        3, "the page takes more than 0.05 seconds, far more than a page could need")
