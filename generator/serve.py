"""`podium serve`: build, serve on localhost, rebuild and reload the browser on every change.

After the first build, a change rebuilds only what depends on it (generator/incremental.py).
A rebuild that fails prints the problems and keeps serving the last good site.
"""
from __future__ import annotations

import time
from pathlib import Path

import click

from generator.errors import UserError
from generator.incremental import Rebuilder
from generator.render import TEMPLATES_DIR
from generator.rules.ruleset import ruleset_dirs
from generator.write import is_podium_build, ready_output


def rebuild(builder: Rebuilder) -> bool:
    start = time.perf_counter()
    try:
        done = builder.rebuild()
    except UserError as exc:
        exc.show()
        click.echo("the site was not rebuilt; fix the problems above and save again", err=True)
        return False
    took = f"in {time.perf_counter() - start:.2f} s"
    if done.whole:
        click.echo(f"rebuilt {done.total} pages {took}")
    else:
        click.echo(f"updated {done.pages} of {done.total} pages {took}")
    return True


def serve(content: Path, out: Path, port: int) -> None:
    from livereload import Server

    ready_output(out, content)  # before anything is built, or served: a refused --out is no site
    builder = Rebuilder(content, out)
    if not rebuild(builder) and not is_podium_build(out):
        raise click.ClickException("nothing to serve yet: the first build failed")
    server = Server()
    for folder in [content, TEMPLATES_DIR, *ruleset_dirs(content)]:
        server.watch(str(folder), lambda: rebuild(builder))
    click.echo(f"serving {out} at http://127.0.0.1:{port}/ — Ctrl+C to stop")
    server.serve(root=str(out), port=port, host="127.0.0.1", open_url_delay=None)
