"""`podium init DIR`: a new archive with one commented event, so nobody starts from a blank page."""
from __future__ import annotations

import datetime
import os
from pathlib import Path

from podium import __version__
from podium.content.editor import SCHEMA_FOLDER, modeline, schema_files, schema_folder
from podium.core.errors import Src, fail
from podium.rules.ruleset import RuleSet
from podium.rules.scoring import yaml_string
from podium.core.slug import is_slug, slugify
from podium.content.validate import refuse_no_content
from podium.core.values import is_blank, text_problem
from podium.core.writing import write_new_files


def init_archive(folder: Path, ruleset: RuleSet, event_id: str, today: datetime.date) -> list[Path]:
    """Write the files of a new archive under ``folder``: all of them, or (refused) none."""
    if not is_slug(event_id):
        raise fail(Src(str(folder)), f"event id '{event_id}' must be a lowercase slug (a-z, 0-9, -)")
    content = folder / "content"
    if os.path.lexists(content) and not os.path.islink(content):
        raise fail(Src(str(content)), "already exists; podium init never overwrites. Pick an empty folder")
    schemas = folder / SCHEMA_FOLDER
    with_schemas = not os.path.lexists(schemas)  # a folder of them already there is the organizer's
    files = {
        **(schema_files(schemas) if with_schemas else {}),
        content / "site.yaml": modeline(content / "site.yaml", "site", content, with_schemas) + SITE,
        **_event_files(content, content / "events" / event_id, ruleset, event_yaml(ruleset, today), with_schemas),
        content / "pages" / "about.md": ABOUT,
    }
    for path, text in {folder / ".gitignore": "/site/\n/.site-*/\n",  # the build and the folders a killed build leaves
                       folder / ".github" / "workflows" / "podium.yml": workflow(__version__)}.items():
        if not os.path.lexists(path):  # an existing .gitignore or workflow is the organizer's: keep it
            files[path] = text
    return write_new_files(files, folder, "move it away, or pick another folder for the archive")


SITE = """\
# The site's settings. language: en | pl | it | cs (the UI and dates follow it).
title: My club's tournaments
language: en
# base_url: https://my-club.github.io/tournaments   # set when published, for the feed and QR codes
# description: Results of the club's tournaments     # shown by search engines and link previews
# repo_url: https://github.com/my-club/results      # each result links to its round file's edit page there
# theme_dir: theme                  # your own templates and static files (see Podium's docs/themes.md)
# logo: theme/static/logo.svg       # shown beside the title on every page
# favicon: theme/static/favicon.png
"""


def new_event(content: Path, event_id: str, ruleset: RuleSet, date: datetime.date, name: str | None) -> list[Path]:
    """`podium new`: one event's folder with a commented event.yaml and registrations.yaml."""
    if not is_slug(event_id):
        raise fail(Src(event_id), f"an event id is a lowercase slug (a-z, 0-9, -), like {slugify(event_id) or 'spring-cup'}")
    refuse_no_content(content)
    if name is not None and (problem := name_problem(name)):
        raise fail(Src("--name"), problem)
    folder = content / "events" / event_id
    if os.path.lexists(folder):
        raise fail(Src(str(folder)), "already exists; podium new never overwrites. Pick another id")
    schemas = schema_folder(content)
    with_schemas = not os.path.lexists(schemas)
    event_text = event_yaml(ruleset, date, name or event_id.replace("-", " ").capitalize())
    files = {**(schema_files(schemas) if with_schemas else {}),
             **_event_files(content, folder, ruleset, event_text, with_schemas)}
    hint = "move it away, or name the content folder with --content"
    return write_new_files(files, content / "events", hint)


def _event_files(content: Path, folder: Path, ruleset: RuleSet, event_text: str, with_schemas: bool) -> dict:
    """A new event's event.yaml and registrations.yaml, each pointing editors at its schema."""
    return {folder / "event.yaml": modeline(folder / "event.yaml", "event", content, with_schemas) + event_text,
            folder / "registrations.yaml": modeline(folder / "registrations.yaml", "registrations", content,
                                                    with_schemas) + registrations_yaml(ruleset)}


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be an event's name, by the rule check applies to event.yaml."""
    if is_blank(name):  # as check refuses a required text that shows nothing (U+200B alone)
        return "the name is empty; write the event's name, or leave --name out to make it from the id"
    problem = text_problem(name)
    return f"'name' {problem}" if problem else None


def event_yaml(ruleset: RuleSet, today: datetime.date, name: str = "My first tournament") -> str:
    lines = [
        "# One event. Fill in the name, date and venue; keep the seed: every draw is made from it.",
        f"name: {yaml_string(name)}",
        f"date: {today.isoformat()}",
        f"ruleset: {ruleset.id}          # {ruleset.name}",
        f"seed: {today.strftime('%Y%m%d')}             # any whole number; recorded so anyone can re-run each draw",
        "venue: Club room, Main Street 1",
        "organizer: Your Name",
        "head_judge: Your Name",
        "# season: my-season-2024       # optional: add content/seasons/my-season-2024.yaml",
    ]
    lines += structure_lines(ruleset)
    if ruleset.levels:
        lines.append(f"# level: {ruleset.levels[0]}              # one of {', '.join(ruleset.levels)}")
    lines += ["description: |", "  Entry fee, schedule, prizes — Markdown; raw HTML is not rendered."]
    return "\n".join(lines) + "\n"


def structure_lines(ruleset: RuleSet) -> list[str]:
    structure = ruleset.structure
    tables = getattr(structure, "tables", None)
    if tables:
        names = ", ".join(tables)
        return ["structure: auto              # the ruleset's table by player count; or one of: " + names,
                "#   or {swiss_rounds: 5, cut: 8} to set it yourself"]
    stages = ", ".join("{" + ", ".join(f"{k}: {v}" for k, v in stage.items()) + "}" for stage in structure.stages)
    return ["structure: auto              # the ruleset's stages:", f"#   [{stages}]",
            "#   or give your own list of stages (see docs/building-blocks.md)"]


def registrations_yaml(ruleset: RuleSet) -> str:
    lines = ["# One entry per player; only 'name' is required. The id defaults to the name as a slug",
             "# (Łukasz Żółć → lukasz-zolc); the same id in two events is the same person. For example:"]
    example = ["- name: Anna Nowak", "  club: Game Club"]
    if ruleset.armies:
        example += [f"  armies: [{', '.join(ruleset.armies.legal[:5])}]   # five different armies",
                    "- name: Jan Kowalski", "  beginner: true                  # plays the four basic armies"]
    # What the example shows follows from the ruleset's blocks, never from its name.
    if getattr(ruleset.bracket, "seeding", "") == "rating":
        example.append("  rating: 1650                   # Elo, for seeding")
    if ruleset.scoring.colour_preferences:
        example.append("  colours: [red, yellow]         # 1st and 2nd choice")
    lines += ["# " + line for line in example + ["- name: Piotr Zieliński"]]
    # What to do with the [] is said on its own line: the players replace that line (by hand or
    # by `podium import registrations`), and the instruction goes with it.
    lines.append(EMPTY_REGISTRATIONS)
    return "\n".join(lines) + "\n"


EMPTY_REGISTRATIONS = "[]                                # no players yet: write them in place of this line"


ABOUT = """\
---
title: About
---
Results of our club's tournaments, published with Podium.
"""

# The repository Podium's releases are tagged in; the workflow installs the tag of the version
# that wrote it, so a site is rebuilt by the same engine until the organizer moves the pin.
PODIUM_REPOSITORY = "https://github.com/podium-tournaments/podium"


def workflow(version: str) -> str:
    return WORKFLOW.replace("{version}", version).replace("{repository}", PODIUM_REPOSITORY)


WORKFLOW = """\
# Builds the site from content/ and publishes it to GitHub Pages on every push to main.
# Settings → Pages → Source: GitHub Actions.
# Podium is pinned to the version that wrote this file: change PODIUM_VERSION to upgrade
# (read the changelog first: a new version may draw later rounds differently).
name: podium
on:
  push:
    branches: [main]
  workflow_dispatch:
permissions: {}                 # each job asks only for what it needs
concurrency:                    # one publication at a time, in push order; a newer push waits
  group: pages
  cancel-in-progress: false
env:
  PODIUM_VERSION: "{version}"
jobs:
  build:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pages: read               # configure-pages reads the site's address (a private repository needs it)
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0        # the history: verify re-draws a round from the results as committed then
      - uses: actions/setup-python@v5
        with:
          python-version: "3.11"
          cache: pip
          cache-dependency-path: .github/workflows/podium.yml
      # Podium at its tag, then the libraries its release was tested with, each checked against
      # the hash in the release's lock (a changed or substituted download is refused).
      - run: pip install --no-deps "podium @ git+{repository}@v${PODIUM_VERSION}"
      - run: pip install --require-hashes --no-deps -r "$(python -c "$LOCK")"
        env:
          LOCK: import importlib.resources as r; print(r.files('podium') / 'requirements-lock.txt')
      - run: pip check
      - run: podium check
      - run: podium verify          # pairings changed by hand fail; a corrected result is a notice
      - id: pages
        uses: actions/configure-pages@v5
      - run: podium build --out site --base-url "${{ steps.pages.outputs.base_url }}"
      - uses: actions/upload-pages-artifact@v3
        with:
          path: site
  deploy:
    needs: build
    runs-on: ubuntu-latest
    permissions:
      pages: write
      id-token: write
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
"""
