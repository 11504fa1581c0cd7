"""Command line: each command is glue around one library function (DESIGN.md §1)."""
from __future__ import annotations

from pathlib import Path

import click

from podium import __version__
from podium import rulesets as builtin
from podium.core.errors import Src, display_path, fail

def builtin_rulesets() -> list[str]:
    """The built-in ruleset ids, for the help of --ruleset: the names of the package's ruleset
    files (listing a folder, not loading the rules engine, keeps every command quick to start)."""
    from importlib import resources

    names = (entry.name for entry in resources.files("podium.rulesets").iterdir())
    return sorted(name.removesuffix(".yaml") for name in names if name.endswith(".yaml") and not name.startswith("."))


# One id a line, kept as written ('\b'): click would wrap a list of ids at their hyphens.
RULESETS_EPILOG = "\b\nBuilt-in rulesets (your own go in rulesets/ beside the content folder):\n" + "\n".join(
    f"  {ruleset}" for ruleset in builtin_rulesets())

content_option = click.option("--content", type=click.Path(path_type=Path), default=Path("content"),
                              show_default=True, help="The content folder.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="podium")
def main() -> None:
    """Podium: tournament pairings, standings and a static results site from YAML files."""


@main.command()
@content_option
def check(content: Path) -> None:
    """Validate all content and rulesets; list every problem as path:line: message."""
    from podium.commands.check import check as check_content

    click.echo(check_content(content))


@main.command()
@click.argument("event")
@content_option
def pair(event: str, content: Path) -> None:
    """Write the next round file of EVENT (an event id or folder)."""
    from podium.run.pairing import pair as pair_next_round

    echo_written(pair_next_round(content, event))


@main.command()
@click.argument("event")
@click.option("--json", "as_json", is_flag=True, help="Print the JSON of CONTRACT.md.")
@content_option
def standings(event: str, as_json: bool, content: Path) -> None:
    """Print the standings of EVENT."""
    from podium.commands.standings import standings as standings_text

    click.echo(standings_text(content, event, as_json), nl=not as_json)


OUT_HELP = ("The site's folder: new, empty or an earlier build. Podium replaces it whole, or, where only events "
            "changed since it built it, the pages that show them (a CNAME in it is kept).")


@main.command()
@click.option("--out", type=click.Path(path_type=Path), default=Path("site"), show_default=True, help=OUT_HELP)
@click.option("--base-url", default=None, help="Absolute URL the site is served from (for feeds, sitemap, Open Graph).")
@content_option
def build(out: Path, base_url: str | None, content: Path) -> None:
    """Render the whole site; on any problem the previous site is left untouched."""
    from podium.run.builder import build_site

    if base_url:
        from podium.content.validate.addresses import base_url_problem

        if problem := base_url_problem(base_url):
            raise fail(Src("--base-url"), problem)
    pages = build_site(content, out, base_url)
    click.echo(f"built {pages} pages into {out}")


@main.command()
@click.argument("event", required=False)
@content_option
def verify(event: str | None, content: Path) -> None:
    """Re-draw every round of EVENT (or of all events) and report pairings that differ."""
    from podium.commands.verify import verify as verify_content

    differences, rounds = verify_content(content, event)
    for difference in differences:
        click.echo(str(difference), err=True)
    errors = sum(d.is_error for d in differences)
    if errors:
        click.echo(f"{errors} round{'s' if errors != 1 else ''} differ{'s' if errors == 1 else ''} from the draw.", err=True)
        raise click.exceptions.Exit(1)
    corrected = len(differences)
    click.echo(f"ok: {rounds} round{'s' * (rounds != 1)} re-drawn, " + (f"{corrected} paired before a later correction of results"
                                                     if corrected else "all identical"))


@main.command(epilog=RULESETS_EPILOG)
@click.argument("folder", type=click.Path(path_type=Path), default=Path("."))
@click.option("--ruleset", default=builtin.FIRST_EVENT, show_default=True, help="The ruleset of the first event (listed below).")
@click.option("--event", "event_id", default="my-first-event", show_default=True, help="The first event's id (a slug).")
def init(folder: Path, ruleset: str, event_id: str) -> None:
    """Start a new archive in FOLDER: content/ with one commented event, and a Pages workflow."""
    import datetime

    from podium.content.scaffold import init_archive

    for path in init_archive(folder, known_ruleset(folder / "content", ruleset), event_id, datetime.date.today()):
        click.echo(f"wrote {path}")
    click.echo(f"next: add players to {folder / 'content/events' / event_id / 'registrations.yaml'}, "
               f"then `podium pair {event_id}`")


@main.command()
def blocks() -> None:
    """Print the reference of every ruleset building block (Markdown)."""
    from podium.commands.blocksdoc import blocks_markdown

    click.echo(blocks_markdown(), nl=False)


class Port(click.IntRange):
    """A TCP port, 1 to 65535; a wrong one is the organizer's mistake like any other: one line, exit 1."""

    def __init__(self) -> None:
        super().__init__(1, 65535)

    def convert(self, value, param, ctx) -> int:

        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            raise fail(Src("--port"), f"{value} is not a port number; use one from 1 to 65535, such as 8000") from None


@main.command()
@click.option("--port", type=Port(), default=8000, show_default=True)
@click.option("--out", type=click.Path(path_type=Path), default=Path("site"), show_default=True, help=OUT_HELP)
@click.option("--lan", is_flag=True, help="Serve to the local network (players' phones at the venue): prints the "
              "address and its QR code; pages are rebuilt on change, and a reload shows them.")
@click.option("--desk", is_flag=True, help="Open the results desk on the next port, on this computer only: "
              "each table of the current round with a form to enter its result, written into the round file.")
@click.option("--commit", is_flag=True, help="With --desk: each result saved at the desk, and each round it pairs, "
              "is a git commit of its own (\"Round 3, table 5: Anna Nowak 11 : 4 Jan Kowal\").")
@click.option("--reports", is_flag=True, help="With --lan --desk: the players of a table report its result from "
              "their phones through the code on its slip (printed from the desk); two that agree are entered.")
@content_option
def serve(port: int, out: Path, lan: bool, desk: bool, commit: bool, reports: bool, content: Path) -> None:
    """Build, serve locally, rebuild and reload the browser on every change."""
    from podium.venue.serve import serve as run

    run(content, out, port, lan, desk, commit, reports)


@main.command(epilog=RULESETS_EPILOG)
@click.argument("event")
@click.option("--ruleset", required=True, help="The event's ruleset (listed below).")
@click.option("--date", "date_text", required=True, metavar="YYYY-MM-DD", help="The day the event starts.")
@click.option("--name", default=None, help="The event's name (default: from EVENT).")
@content_option
def new(event: str, ruleset: str, date_text: str, name: str | None, content: Path) -> None:
    """Start a new event EVENT (its id, a slug): event.yaml and registrations.yaml with comments
    saying what to fill in."""
    from podium.content.scaffold import new_event

    date = _date_option(date_text)
    for path in new_event(content, event, known_ruleset(content, ruleset), date, name):
        click.echo(f"wrote {path}")
    click.echo(f"next: add players to the registrations (or `podium import registrations FILE.csv {event}`), "
               f"then `podium pair {event}`")


def known_ruleset(content: Path, ruleset: str):
    from podium.content.rulesets import load_rulesets
    from podium.core.folders import ruleset_dirs
    from podium.core.errors import suggest

    rulesets = load_rulesets(ruleset_dirs(content))
    if ruleset not in rulesets:
        raise fail(Src("--ruleset"), f"no ruleset '{ruleset}'{suggest(ruleset, rulesets)}; known: {', '.join(sorted(rulesets))}")
    return rulesets[ruleset]


encoding_option = click.option(
    "--encoding", default=None, metavar="NAME",
    help="The encoding a text file was saved in (utf-8, cp1250, cp1252 …); default: detected (UTF-8, else "
         "Windows' Central or Western European code page, by the letters of the names). The output says which.")


@main.group(name="import")
def import_() -> None:
    """Bring data kept elsewhere (a spreadsheet, a sign-up form) into the content."""


@import_.command(name="registrations")
@click.argument("source", type=click.Path(path_type=Path))
@click.argument("event")
@click.option("--column", "columns", multiple=True, metavar="KEY=HEADER",
              help="Read player KEY (name, club, rating, …) from the column HEADER; twice for one key joins "
                   "the columns (first and last name). Columns headed like a key are read without it.")
@encoding_option
@content_option
def import_registrations_command(source: Path, event: str, columns: tuple[str, ...], encoding: str | None,
                                 content: Path) -> None:
    """Append the players of SOURCE (a CSV or XLSX export) to EVENT's registrations.yaml."""
    from podium.formats.registrations import KEYS, import_registrations

    folder = content / "events" / event
    if not (folder / "event.yaml").is_file():
        raise fail(Src(str(folder)), f"no event '{event}' here; create it with `podium new {event} --ruleset … --date …`")
    mapping: dict[str, list[str]] = {}
    for column in columns:
        key, equals, header = column.partition("=")
        if not equals or not key.strip() or not header.strip():
            raise fail(Src("--column"), f"'{column}' is not KEY=HEADER; write it like --column name=\"Full name\"")
        mapping.setdefault(key.strip(), []).append(header)
    done = import_registrations(source, folder / "registrations.yaml", mapping, encoding)
    if done.read_as:
        click.echo(f"{display_path(str(source))}: {done.read_as}")
    click.echo(f"added {len(done.added)} player{'s' * (len(done.added) != 1)} to {folder / 'registrations.yaml'}"
               + (f"; {len(done.kept)} already registered, left as they were" if done.kept else ""))
    if done.ignored:
        click.echo(f"columns not read: {', '.join(repr(c) for c in done.ignored)} (a player's keys: "
                   f"{', '.join(KEYS)}; --column KEY=HEADER reads one under its own header)")


@import_.command(name="trf")
@click.argument("source", type=click.Path(path_type=Path))
@click.argument("event", required=False)
@click.option("--ruleset", default=builtin.TRF_IMPORT, show_default=True, help="The event's ruleset.")
@click.option("--date", "date_text", default=None, metavar="YYYY-MM-DD",
              help="The day the event started (default: the file's start date, line 042).")
@encoding_option
@content_option
def import_trf_command(source: Path, event: str | None, ruleset: str, date_text: str | None, encoding: str | None,
                       content: Path) -> None:
    """Turn SOURCE, a FIDE Tournament Report File (TRF-16, as Swiss-Manager and
    the federations' results servers write it), into the event folder EVENT (default: from the tournament's name)."""
    from podium.formats.trf_import import import_trf

    known_ruleset(content, ruleset)
    paths, imported = import_trf(source, content, event, ruleset, _date_option(date_text), encoding)
    click.echo(f"{display_path(str(source))}: {imported.read_as}")
    for note in imported.notes:
        click.echo(note)
    for path in paths:
        click.echo(f"wrote {path}")
    click.echo(f"next: `podium standings {paths[0].parent.name}` or `podium build`")


def _date_option(text: str | None):
    import datetime

    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise fail(Src("--date"), f"'{text}' is not a date; write it as YYYY-MM-DD, like 2026-05-16") from None


@main.group(name="export")
def export_() -> None:
    """Write an event in a format other tools read."""


@export_.command(name="trf")
@click.argument("event")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="A new file to write (default: print it).")
@content_option
def export_trf_command(event: str, out: Path | None, content: Path) -> None:
    """Write EVENT as a FIDE Tournament Report File (TRF-16), as a federation takes it for rating."""
    from podium.commands.export import export_trf

    text = export_trf(content, event)
    if out is None:
        click.echo(text, nl=False)
    else:
        from podium.core.writing import write_new_files

        write_new_files({out: text}, out.parent, "pick another file name")
        click.echo(f"wrote {out}", err=True)


@main.command()
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="The folder for the schemas (default: schemas/ beside the content folder).")
@content_option
def schema(out: Path | None, content: Path) -> None:
    """Write JSON Schemas of the content files, for editors that complete and check YAML."""
    from podium.content.editor import schema_folder, write_schemas

    for path in write_schemas(out or schema_folder(content)):
        click.echo(f"wrote {path}")
    click.echo("editors read them from a first line like '# yaml-language-server: $schema=../schemas/site.schema.json'; "
               "podium init, new and pair write it")


def echo_written(path: Path) -> None:
    click.echo(f"wrote {path}")
