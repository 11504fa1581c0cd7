""""Correct this result" (issue 18): with site.yaml's repo_url (and edit_uri, as MkDocs reads them)
every result on a round page links to that round file's edit page on the forge."""
from __future__ import annotations

import re

import pytest

EDIT_LINK = re.compile(r'<a class="edit" href="([^"]*)">([^<]*)</a>')


def played(tree, cli, site: dict) -> str:
    """A paired first round of nine players (four tables and a bye) on a site with ``site``'s settings."""
    tree.write("site.yaml", {"title": "Club", "language": "en", **site})
    tree.event("e1", 9)
    cli("pair", "e1")
    cli("build")
    return (tree.root / "site/events/e1/rounds/1/index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("site, href", [
    ({"repo_url": "https://github.com/club/results"},
     "https://github.com/club/results/edit/main/content/events/e1/rounds/1.yaml"),
    ({"repo_url": "https://github.com/club/results/"},
     "https://github.com/club/results/edit/main/content/events/e1/rounds/1.yaml"),
    ({"repo_url": "https://gitlab.com/club/results"},
     "https://gitlab.com/club/results/-/edit/main/content/events/e1/rounds/1.yaml"),
    ({"repo_url": "https://github.com/club/results", "edit_uri": "edit/results/archive/content/"},
     "https://github.com/club/results/edit/results/archive/content/events/e1/rounds/1.yaml"),
    ({"repo_url": "https://codeberg.org/club/results", "edit_uri": "_edit/main/content"},
     "https://codeberg.org/club/results/_edit/main/content/events/e1/rounds/1.yaml"),
])
def test_every_result_links_to_its_round_files_edit_page(tree, cli, site, href):
    page = played(tree, cli, site)
    links = EDIT_LINK.findall(page)
    assert links == [(href, "Correct this result")] * 4  # each table but the bye
    assert page.count('class="table-card') == 5


def test_no_link_without_a_repository(tree, cli):
    assert EDIT_LINK.findall(played(tree, cli, {"repo_url": "https://github.com/club/results"}))
    tree.write("site.yaml", {"title": "Club", "language": "en"})
    cli("build")
    page = (tree.root / "site/events/e1/rounds/1/index.html").read_text(encoding="utf-8")
    assert "Correct this result" not in page and 'class="edit"' not in page


def test_the_link_speaks_the_sites_language(tree, cli):
    page = played(tree, cli, {"language": "pl", "repo_url": "https://github.com/club/results"})
    assert EDIT_LINK.findall(page)[0][1] == "Popraw ten wynik"


def test_an_ampersand_in_the_address_is_escaped_in_the_attribute(tree, cli):
    page = played(tree, cli, {"repo_url": "https://git.example.org/a&b/results", "edit_uri": "edit/main/content/"})
    assert 'href="https://git.example.org/a&amp;b/results/edit/main/content/events/e1/rounds/1.yaml"' in page


EXAMPLE = "like https://github.com/my-club/results"


@pytest.mark.parametrize("site, line, message", [
    ({"repo_url": "javascript:alert(1)"}, 3,
     f"the repository URL 'javascript:alert(1)' is not an http:// or https:// address; write it in full, {EXAMPLE}"),
    ({"repo_url": "data:text/html,hi"}, 3,
     f"the repository URL 'data:text/html,hi' is not an http:// or https:// address; write it in full, {EXAMPLE}"),
    ({"repo_url": "https://github.com/club/results?tab=files"}, 3,
     "the repository URL 'https://github.com/club/results?tab=files' has a '?' or '#' part, which would come before "
     f"every round file's path; write only the repository's address, {EXAMPLE}"),
    ({"repo_url": "github.com/club/results"}, 3,
     f"the repository URL 'github.com/club/results' is not an http:// or https:// address; write it in full, {EXAMPLE}"),
    ({"repo_url": "https://github.com/club/results", "edit_uri": "https://github.com/club/results/edit/main/"}, 4,
     "'edit_uri: https://github.com/club/results/edit/main/' is not a path relative to repo_url; write it without "
     "the repository's address, a leading '/' or '..', like 'edit_uri: edit/main/content/'"),
    ({"repo_url": "https://github.com/club/results", "edit_uri": "../other/edit/main/"}, 4,
     "'edit_uri: ../other/edit/main/' is not a path relative to repo_url"),
    ({"repo_url": "https://github.com/club/results", "edit_uri": "edit/main/content/?plain=1"}, 4,
     "'edit_uri: edit/main/content/?plain=1' contains '?'; write the path of the content folder's edit page "
     "relative to repo_url, like 'edit_uri: edit/main/content/'"),
    ({"edit_uri": "edit/main/content/"}, 3,
     "'edit_uri: edit/main/content/' is relative to the repository's address, and there is none; add "
     "'repo_url: https://github.com/my-club/results' (your repository) or remove edit_uri"),
    ({"repo_url": "https://codeberg.org/club/results"}, 3,
     "'repo_url: https://codeberg.org/club/results': Podium knows where files are edited only on github.com and "
     "gitlab.com; add the edit page of the content folder relative to it, like 'edit_uri: src/branch/main/content/', "
     "or remove repo_url"),
])
def test_a_repository_address_that_cannot_work_is_refused_at_its_line(tree, cli, site, line, message):
    tree.write("site.yaml", {"title": "Club", "language": "en", **site})
    output = cli("check", expect=1).output
    assert f"content/site.yaml:{line}: {message}" in output
