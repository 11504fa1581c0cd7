"""`podium serve`: build, serve on localhost, rebuild and reload the browser on every change.

After the first build, a change rebuilds only what depends on it (generator/incremental.py).
A rebuild that fails prints the problems and keeps serving the last good site.
"""
from __future__ import annotations

import errno
import socket
import time
from pathlib import Path

import click

from generator.errors import Src, UserError, fail
from generator.incremental import Rebuilder
from generator.render import TEMPLATES_DIR
from generator.rules.ruleset import ruleset_dirs
from generator.write import is_podium_build, ready_output

HOST = "127.0.0.1"


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
    refuse_unusable_port(port)
    builder = Rebuilder(content, out)
    if not rebuild(builder) and not is_podium_build(out):
        raise click.ClickException("nothing to serve yet: the first build failed")
    server = Server()
    for folder in [content, TEMPLATES_DIR, *ruleset_dirs(content)]:
        server.watch(str(folder), lambda: rebuild(builder))
    click.echo(f"serving {out} at http://{HOST}:{port}/ — Ctrl+C to stop")
    try:
        server.serve(root=str(out), port=port, host=HOST, open_url_delay=None)
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
        raise port_problem(port, exc) from None  # taken since the check: the server binds only now


def refuse_unusable_port(port: int) -> None:
    """Bind the port for a moment, to say it is taken before the first build rather than after."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds it
        try:
            probe.bind((HOST, port))
        except OSError as exc:
            raise port_problem(port, exc) from None


def port_problem(port: int, exc: OSError) -> UserError:
    if exc.errno == errno.EADDRINUSE:
        problem = f"{port} is already in use by another program (another podium serve?); stop it or"
    elif exc.errno == errno.EACCES:
        problem = f"{port} needs administrator rights (ports below 1024 do);"
    else:
        problem = f"cannot listen on {port} ({exc.strerror});"
    return fail(Src("--port"), f"{problem} choose another port, such as --port {8001 if port == 8000 else 8000}")
