"""`podium serve`: build, serve on localhost, rebuild and reload the browser on every change.

After the first build, a change rebuilds only what depends on it (generator/run/rebuild.py).
A rebuild that fails prints the problems and keeps serving the last good site.

With ``--lan`` the site is served to the local network by generator/venue/lanserver.py instead of
livereload, and without livereload's script: the pages players read are the published pages
(no script, no connection held open by each of 200 phones); a phone's reload shows the latest
results, and so does the organizer's. The content is looked at twice a second for changes
(less often where hashing every file would take more than a fifth of a core).
"""
from __future__ import annotations

import contextlib
import errno
import os
import socket
import sys
import time
import traceback
from pathlib import Path

import click

from podium.content.history import check_repository
from podium.venue.reportpage import report_handlers
from podium.venue.reports import Reports
from podium.core.errors import Src, UserError, fail
from podium.run.changes import Inputs
from podium.run.rebuild import Rebuilder
from podium.venue.lanaddress import lan_address, terminal_qr
from podium.venue.lanserver import ANY, OUT_OF_DESCRIPTORS, SiteServer, raise_open_files_limit, site_file
from podium.core.folders import TEMPLATES_DIR, ruleset_dirs
from podium.site.write import is_podium_build, ready_output
from podium.core.writing import is_output_problem

HOST = "127.0.0.1"


REBUILT, CONTENT_PROBLEM, TRY_AGAIN = "rebuilt", "content problem", "try again"


def rebuild(builder: Rebuilder, inputs: Inputs | None = None) -> str:
    """Bring the served site up to date; REBUILT, CONTENT_PROBLEM (nothing to do until the next
    edit) or TRY_AGAIN (the site's folder could not be written: a full disk; or no file descriptor
    was left: retried by ``watch``)."""
    start = time.perf_counter()
    try:
        done = builder.rebuild(inputs)
    except Exception as exc:  # the phones at the venue keep the last good site meanwhile
        return not_rebuilt(exc)
    took = f"in {time.perf_counter() - start:.2f} s"
    if done.whole:
        click.echo(f"rebuilt {done.total} pages {took}")
    else:
        click.echo(f"updated {done.pages} of {done.total} pages {took}")
    return REBUILT


def not_rebuilt(exc: Exception) -> str:
    """Say why a rebuild failed; TRY_AGAIN where the same content may succeed later."""
    if out_of_descriptors(exc):  # the phones' connections hold them: not the content's fault, and soon over
        return try_again_later(" (too many files open at once)")
    if not isinstance(exc, UserError):  # a bug
        traceback.print_exception(exc)
        click.echo("Podium failed while rebuilding (a bug: please report it with the lines above); "
                   "the last site is still served", err=True)
        return CONTENT_PROBLEM
    exc.show()
    if is_output_problem(exc):
        return try_again_later()
    click.echo("the site was not rebuilt; fix the problems above and save again", err=True)
    return CONTENT_PROBLEM


def try_again_later(why: str = "") -> str:
    click.echo(f"the site was not rebuilt{why}; the last whole site is still served, and Podium tries again "
               f"every {RETRY_SECONDS} s", err=True)
    return TRY_AGAIN


def out_of_descriptors(exc: BaseException | None) -> bool:
    """Whether ``exc`` comes of this process, or the system, having no file descriptor left
    (EMFILE, ENFILE): raised as such, as the cause of another, or said in a problem ("cannot
    read: Too many open files"; an error from a forked worker comes back without its cause)."""
    said = [os.strerror(code) for code in OUT_OF_DESCRIPTORS]
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, OSError) and exc.errno in OUT_OF_DESCRIPTORS:
            return True
        if isinstance(exc, UserError) and any(text in problem.message for problem in exc.problems for text in said):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def serve(content: Path, out: Path, port: int, lan: bool = False, desk: bool = False, commit: bool = False,
          reports: bool = False) -> None:
    host = ANY if lan else HOST
    ready_output(out, content)  # before anything is built, or served: a refused --out is no site
    # what the command asks for first, then whether this machine can give it (a port in use: the
    # organizer's own serve, left running in another terminal)
    if commit and not desk:
        raise fail(Src("--commit"), "commits the results the desk saves: add --desk")
    if reports and not (lan and desk):
        raise fail(Src("--reports"), "takes the players' reports on the room's network and shows them at the desk: "
                                     "add --lan --desk")
    if commit:
        check_repository(content)
    refuse_unusable_port(port, host)
    if desk:
        refuse_unusable_port(port + 1, HOST)
    builder = Rebuilder(content, out)
    before = Inputs(content)  # an edit made during the first build is caught by the first look
    if rebuild(builder, before) != REBUILT and not is_podium_build(out):
        raise click.ClickException("nothing to serve yet: the first build failed")
    site = builder.last.archive.site if builder.last is not None else None
    if desk and not commit and site is not None and site.desk_commit:  # site.yaml's desk: commit: true
        check_repository(content, site.desk_commit_src, "remove 'commit: true' from desk: in site.yaml")
        commit = True
    taken = Reports(content, commit) if reports else None
    with results_desk(content, port, desk, commit, taken):
        if lan:
            serve_to_network(builder, before, out, port, taken)
        else:
            serve_with_reload(builder, content, out, port)


@contextlib.contextmanager
def results_desk(content: Path, port: int, wanted: bool, commit: bool, reports=None):
    """The results desk on the port after the site's, on this computer alone (venue/desk.py),
    while the site is served; its saves are edits like any other, which the watcher rebuilds."""
    if not wanted:
        yield
        return
    from podium.venue.desk import Desk

    try:
        desk = Desk(content, port + 1, f"http://{HOST}:{port}/", commit, reports, port).start()
    except OSError as exc:
        raise port_problem(port + 1, exc) from None
    click.echo(f"results desk at http://{HOST}:{desk.port}/ — on this computer only")
    try:
        yield
    finally:
        desk.close()


def serve_with_reload(builder: Rebuilder, content: Path, out: Path, port: int) -> None:
    from livereload import Server

    from tornado.ioloop import PeriodicCallback

    server = _with_the_sites_404(Server)()
    last = {"status": REBUILT}

    def rebuild_now() -> None:
        last["status"] = rebuild(builder)

    for folder in [content, TEMPLATES_DIR, *ruleset_dirs(content)]:
        server.watch(str(folder), rebuild_now)
    # a site folder that could not be written (a full disk) is tried again without an edit
    PeriodicCallback(lambda: last["status"] == TRY_AGAIN and rebuild_now(), RETRY_SECONDS * 1000).start()
    click.echo(f"serving {out} at http://{HOST}:{port}/ — Ctrl+C to stop")
    try:
        server.serve(root=str(out), port=port, host=HOST, open_url_delay=None)
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
        raise port_problem(port, exc) from None  # taken since the check: the server binds only now


def _with_the_sites_404(server_class):
    """livereload's server, its files answering a missing page with the site's own 404 page (in
    the site's language, with its way back) where the bare "404: Not Found" of the server was.
    The file handler is found among the server's routes: livereload 2.6.0 names it nowhere else."""
    from tornado.web import StaticFileHandler

    class SitesNotFound(server_class):
        def get_web_handlers(self, script):
            return [(route[0], _not_found_page(route[1]), *route[2:])
                    if isinstance(route[1], type) and issubclass(route[1], StaticFileHandler) else route
                    for route in super().get_web_handlers(script)]

    return SitesNotFound


def _not_found_page(handler):
    """``handler`` (a file handler) answering 404 with the built site's 404.html where it has one."""

    class SitesNotFound(handler):
        def write_error(self, status_code: int, **kwargs) -> None:
            page = site_file(os.path.abspath(self.root), "/404.html") if status_code == 404 else None
            if isinstance(page, str):
                self.set_header("Content-Type", "text/html; charset=UTF-8")
                self.finish(Path(page).read_bytes())
            else:
                super().write_error(status_code, **kwargs)

    return SitesNotFound


def serve_to_network(builder: Rebuilder, built: Inputs, out: Path, port: int, reports=None) -> None:
    raise_open_files_limit()  # a connection holds a file descriptor: a room needs more than the usual 1,024
    try:
        server = SiteServer(out, ANY, port, handlers=report_handlers(reports) if reports else ()).start()
    except OSError as exc:
        raise port_problem(port, exc) from None  # taken since the check
    click.echo(f"serving {out} on the local network — Ctrl+C to stop")
    click.echo(network_address_text(lan_address(), port, on_terminal=sys.stdout.isatty()))
    try:
        watch(builder, built)
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        server.close()


def network_address_text(address: str | None, port: int, on_terminal: bool) -> str:
    """What the organizer shows the players: the address and its QR code."""
    if address is None:
        return (f"this machine has no network address but loopback (http://{HOST}:{port}/ works on it alone): "
                "phones cannot reach it; join the venue's Wi-Fi or start a hotspot, then run `podium serve --lan` "
                "again")
    url = f"http://{address}:{port}/"
    return (f"players open {url} on the same Wi-Fi, or scan:\n{terminal_qr(url, on_terminal)}\n"
            "a reload shows the latest results")


WATCH_INTERVAL = 0.5  # seconds between looks, at the least
RETRY_SECONDS = 5  # after the site's folder could not be written (a full disk)
LOOKING_SHARE = 0.2  # of a core, at the most: a large archive's files are hashed less often


def watch(builder: Rebuilder, seen: Inputs) -> None:
    """Rebuild whenever a file of the content, a ruleset or a template differs from ``seen``
    (changes.py ``Inputs``: by content), until Ctrl+C. A failed rebuild is not retried until the next change."""
    interval, retry_at = WATCH_INTERVAL, None
    while True:
        time.sleep(interval)
        start = time.perf_counter()
        now = Inputs(builder.content)
        looked = now.groups  # every file read once: the rebuild takes these hashes as they are
        interval = max(WATCH_INTERVAL, (time.perf_counter() - start) / LOOKING_SHARE)
        if looked != seen.groups or (retry_at is not None and time.monotonic() >= retry_at):
            seen = now
            retry_at = time.monotonic() + RETRY_SECONDS if rebuild(builder, now) == TRY_AGAIN else None


def refuse_unusable_port(port: int, host: str = HOST) -> None:
    """Bind the port for a moment, to say it is taken before the first build rather than after."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds it
        try:
            probe.bind((host, port))
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
