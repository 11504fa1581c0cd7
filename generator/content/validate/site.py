"""The whole content tree (load_site), or what one event needs of it (load_event_files), and
site.yaml: the title, language and address, the theme folder, logo and favicon inside the
content folder; events checked against the seasons."""
from __future__ import annotations

import filecmp
from pathlib import Path

from podium.core.errors import Problems, Src, suggest
from podium.core.model import Site
from podium.content.validate.schema import DeskSettings, SiteFile
from podium.content.validate.addresses import (EXAMPLE_REPO_URL, base_url_problem, default_edit_uri, edit_uri_problem,
                                               repo_url_problem)
from podium.core.model import asset_url
from podium.content.validate.events import event_folders
from podium.content.validate.fields import Fields
from podium.content.validate.files import load_or_unreadable, refuse_escaping_links, refuse_no_content
from podium.content.validate.pages import read_pages
from podium.content.validate.players import read_registry
from podium.content.validate.seasons import read_seasons


def load_site(root: Path, problems: Problems, read_events) -> Site:
    """Read and check the whole content tree, adding every problem found to ``problems``.
    ``read_events(folders, problems, registry)`` reads the event folders, each with ``read_event``."""
    refuse_no_content(root)
    refuse_escaping_links(root)
    settings = _site_settings(root, problems)
    registry = read_registry(root, problems)
    seasons = read_seasons(root, problems)
    events = read_events(event_folders(root, problems), problems, {p.id: p for p in registry})
    pages = read_pages(root, problems)
    _check_event_seasons(events, seasons, problems)
    return Site(root=str(root), registry=registry, seasons=seasons, events=events, pages=pages, **settings)


def load_event_files(root: Path, folder: Path, problems: Problems, read_events) -> Site:
    """What the commands about one event read of the content folder ``root`` (which
    refuse_no_content accepted), as load_site reads it: the links on the way, players.yaml, the
    event ``folder`` (with ``read_events``) and the seasons, to check the event's against them.
    A season's own problems are left to check; site.yaml's settings, the pages and the other
    events are not read. The Site holds the registry, the seasons and the event alone."""
    refuse_escaping_links(root, (folder, root / "players.yaml", root / "seasons"))
    registry = read_registry(root, problems)
    seasons = read_seasons(root, Problems())  # a season's own problems are check's to report, not the event's
    events = read_events([folder], problems, {p.id: p for p in registry})
    _check_event_seasons(events, seasons, problems)
    return Site(title="", root=str(root), registry=registry, seasons=seasons, events=events)


def _site_settings(root: Path, problems: Problems) -> dict:
    path = root / "site.yaml"
    f = Fields(load_or_unreadable(path, problems), Src(str(path)), problems, "site.yaml", SiteFile)
    language = f.get("language", default="en")
    base_url = f.get("base_url", default="")
    if problem := base_url_problem(base_url):
        problems.add(f.at("base_url"), problem)
        base_url = ""
    settings = {"title": f.get("title", default="Podium"), "language": language,
                "base_url": base_url, **_edit_pages(f), "description": f.get("description", default=""),
                "footer": f.get("footer", default=""),
                "theme_dir": _path_in_content(f, "theme_dir", root, is_folder=True),
                "logo": _path_in_content(f, "logo", root), "favicon": _path_in_content(f, "favicon", root),
                **_desk(f)}
    for role in ("logo", "favicon"):
        _refuse_a_theme_file_in_the_way(f, role, settings, root)
    f.finish()
    return settings


def _desk(f: Fields) -> dict:
    """The results desk's settings: whether its saves are commits, and where that was asked."""
    if "desk" not in f.data:
        return {}
    g = Fields(f.get("desk"), f.at("desk"), f.problems, "'desk'", DeskSettings)
    commit = g.get("commit", default=False) is True
    g.finish()
    return {"desk_commit": commit, "desk_commit_src": g.at("commit") if commit else None}


def _edit_pages(f: Fields) -> dict:
    """Where a round file is corrected: repo_url and edit_uri as MkDocs reads them (edit_uri
    relative to repo_url, naming the content folder; on github.com and gitlab.com it defaults to
    the main branch's content/). Both empty when unset or wrong: no "Correct this result" links."""
    repo_url, edit_uri = f.get("repo_url", default=""), f.get("edit_uri", default="")
    if problem := repo_url_problem(repo_url):
        f.problems.add(f.at("repo_url"), problem)
        return {"repo_url": "", "edit_uri": ""}
    if problem := edit_uri_problem(edit_uri):
        f.problems.add(f.at("edit_uri"), problem)
        return {"repo_url": "", "edit_uri": ""}
    if edit_uri and not repo_url:
        f.problems.add(f.at("edit_uri"), f"'edit_uri: {edit_uri}' is relative to the repository's address, and "
                       f"there is none; add 'repo_url: {EXAMPLE_REPO_URL}' (your repository) or remove edit_uri")
        return {"repo_url": "", "edit_uri": ""}
    edit_uri = edit_uri or default_edit_uri(repo_url)
    if repo_url and not edit_uri:
        f.problems.add(f.at("repo_url"), f"'repo_url: {repo_url}': Podium knows where files are edited only on "
                       f"github.com and gitlab.com; add the edit page of the content folder relative to it, like "
                       f"'edit_uri: src/branch/main/content/', or remove repo_url")
        return {"repo_url": "", "edit_uri": ""}
    return {"repo_url": repo_url, "edit_uri": edit_uri}


def _refuse_a_theme_file_in_the_way(f: Fields, role: str, settings: dict, root: Path) -> None:
    """The logo is published as static/logo.<ext> (the favicon likewise), where a theme file of
    that name is published too: one would silently replace the other, and the theme's templates
    may show it. Both are named, unless they are the same image. (Podium's own static files
    simply give way to the logo: the organizer's choice.)"""
    if not settings[role] or not settings["theme_dir"]:
        return
    url = asset_url(role, settings[role])
    theme_file = Path(settings["theme_dir"]) / url
    if theme_file.is_file() and not filecmp.cmp(theme_file, settings[role], shallow=False):
        shown = root / theme_file.relative_to(root.resolve())
        f.problems.add(f.at(role), f"'{role}: {f.get(role)}' is published as {url}, and so is the theme's {shown}: "
                       f"one would replace the other; name the theme's file as the {role}, or rename the theme's file")


IMAGE_SUFFIXES = (".png", ".svg", ".jpg", ".jpeg", ".webp", ".gif", ".ico")


def _path_in_content(f: Fields, key: str, root: Path, is_folder: bool = False) -> str:
    """A file or folder named in site.yaml, relative to the content folder and inside it (a
    published site never picks up a file from elsewhere): its absolute path, or "" if unset or wrong."""
    written = f.get(key)
    if not written:
        return ""
    what = "folder" if is_folder else "file"
    example = {"theme_dir": "theme", "logo": "theme/static/logo.svg", "favicon": "theme/static/favicon.png"}[key]
    top = root.resolve()
    path = (top / written).resolve()
    if Path(written).is_absolute() or not path.is_relative_to(top):
        f.problems.add(f.at(key), f"'{key}: {written}' is outside the content folder; keep the {what} inside "
                       f"content/ and name it from there, like '{key}: {example}'")
    elif not (path.is_dir() if is_folder else path.is_file()):
        f.problems.add(f.at(key), f"'{key}: {written}': there is no such {what} in the content folder; "
                       f"create it or correct the path, like '{key}: {example}'")
    elif not is_folder and path.suffix.lower() not in IMAGE_SUFFIXES:
        f.problems.add(f.at(key), f"'{key}: {written}' is not an image browsers show; use a "
                       f"{', '.join(IMAGE_SUFFIXES)} file")
    else:
        return str(path)
    return ""


def _check_event_seasons(events, seasons, problems: Problems) -> None:
    season_ids = {s.id for s in seasons}
    for event in events:
        if event.season and event.season not in season_ids:
            problems.add(event.src, f"unknown season '{event.season}'{suggest(event.season, season_ids)}; "
                         f"add content/seasons/{event.season}.yaml or fix the name")
