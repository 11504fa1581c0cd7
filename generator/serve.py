"""`podium serve`: build, serve on localhost, rebuild and reload the browser on every change.

A rebuild that fails prints the problems and keeps serving the last good site.
"""
from __future__ import annotations

from pathlib import Path

import click

from generator.build import build_site
from generator.errors import UserError
from generator.render import TEMPLATES_DIR
from generator.rules.ruleset import ruleset_dirs


def rebuild(content: Path, out: Path) -> bool:
    try:
        pages = build_site(content, out)
    except UserError as exc:
        exc.show()
        click.echo("the site was not rebuilt; fix the problems above and save again", err=True)
        return False
    click.echo(f"rebuilt {pages} pages")
    return True


def serve(content: Path, out: Path, port: int) -> None:
    from livereload import Server

    if not rebuild(content, out) and not out.exists():
        raise click.ClickException("nothing to serve yet: the first build failed")
    server = Server()
    for folder in [content, TEMPLATES_DIR, *ruleset_dirs(content)]:
        server.watch(str(folder), lambda: rebuild(content, out))
    click.echo(f"serving {out} at http://127.0.0.1:{port}/ — Ctrl+C to stop")
    server.serve(root=str(out), port=port, host="127.0.0.1", open_url_delay=None)
