"""`podium serve --lan`: the built site served to the phones of a room, and nothing else.

The handler is our own, on tornado's HTTP server (which livereload brings): it answers only GET
and HEAD, for regular files inside the site — no folder listing, no dotfiles (``.podium-build``),
no path that leaves the site by ``..`` or by a symbolic link — sends every page with
``Cache-Control: no-cache`` so that a phone's reload shows the latest results (answered by a
304 when nothing changed, which spares the venue's Wi-Fi), and injects no reload script: every
player's page is the published page. One event loop answers every phone in turn, so none waits
long: with 200 clients reading as fast as they can, it answers ~4,500 pages a second with a
95th percentile of ~50 ms, where a thread per connection (http.server) gave ~2,500 with a tail
of up to 1.5 s, and livereload's own handler ~3,300 (bench/serve_lan.py, bench/RESULTS.md).

The address to give the players is found by generator/venue/lanaddress.py.

A room can hold more phones than the process may open files (1,024 by default on many systems):
the soft limit is raised to the hard one where allowed (``raise_open_files_limit``), and the gate
lets in no more connections than leave ``RESERVE`` descriptors for the rebuilds, so that a
correction is never lost to a full room. Phones beyond that get a short 503 "try again in a few
seconds" at once; beyond those, they wait in the listen queue rather than make the server spin on
refused accepts. Errors are logged one line per kind a minute at the most (generator/venue/lanlog.py):
a flood of phones once wrote a traceback for every refused accept, tens of megabytes a minute.
"""
from __future__ import annotations

import errno
import os
import socket
import stat
import sys
from pathlib import Path
from typing import Callable
from urllib.parse import quote, unquote

from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop, PeriodicCallback
from tornado.iostream import IOStream
from tornado.netutil import bind_sockets
from tornado.web import Application, RequestHandler

from podium.venue.lanlog import LOG, MINUTE, OncePerMinute, log_loop_error, route_logs
from podium.venue.loopthread import LoopThread

try:
    import resource
except ImportError:  # Windows: no limit of open files to read or raise
    resource = None

ANY = "0.0.0.0"

TYPES = {  # what a build writes; anything else is sent as bytes to download
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".xml": "application/xml",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}

BACKLOG = 512  # a room's phones connecting at once; a full queue makes them retry a second later
IDLE_SECONDS = 60  # a phone's idle connection is closed after this (it opens another when needed)
MAX_BODY = 64 * 1024  # only GET and HEAD are answered: no phone has more to send

# File descriptors: every connection holds one, and so does every file a rebuild reads or writes.
RESERVE = 128  # kept for the rebuilds (a build needs ~20, its forked workers' pipes among them) and the loop
TURNING_AWAY = 32  # connections at once being told to try again; phones beyond wait in the listen queue
TURN_AWAY_SECONDS = 10  # for a request to come on such a connection (a browser opens some in advance)
PAUSE_SECONDS = 1  # no phone let in after the system refused one: accepting again at once would spin
UNKNOWN_LIMIT = 1024  # open files, where the system does not say (Windows)
ENOUGH_FILES = 65536  # for any room; higher, programs started from this one that close every descriptor crawl
MOST_FILES_MACOS = 10240  # macOS's hard limit is "unlimited", but a soft one above this is refused
OUT_OF_DESCRIPTORS = frozenset({errno.EMFILE, errno.ENFILE})  # for this process, for the whole system

RETRY_AFTER_SECONDS = 5
TOO_MANY = "Too many phones at once: try again in a few seconds\n"



class SiteServer(LoopThread):
    """The site in ``root`` served on ``host:port`` by an event loop in a thread of its own, from
    ``start()`` to ``close()``. The port is bound at once, so a taken one raises OSError here.

    At most ``phones`` connections are served at once: by default as many as this process's limit
    of open files allows, less a reserve for the rebuilds (``phones_allowed``)."""

    def __init__(self, root: Path, host: str, port: int, phones: int | None = None, handlers: list = ()):
        self.root = os.path.realpath(root)  # rebuilds replace the folder whole, under the same name
        self.handlers = list(handlers)  # routes answered before the site's files (the players' reports)
        self.phones = phones or phones_allowed(open_files_limit())
        self.log = OncePerMinute()
        super().__init__(bind_sockets(port, host, family=socket.AF_INET, backlog=BACKLOG), "site server")

    def serve(self) -> None:
        self._loop.set_exception_handler(log_loop_error)
        stop_routing = route_logs(self.log)
        site = Application([*self.handlers, (r"/.*", SiteHandler, {"root": self.root})], log_function=not_logged)
        gate = Gate(self._sockets, site, self.phones)
        folded = PeriodicCallback(self.log.report_folded, MINUTE * 1000)
        gate.open()
        folded.start()
        try:
            self._loop.run_forever()
        finally:
            folded.stop()
            self._loop.run_until_complete(gate.close())
            self._loop.close()
            stop_routing()


def not_logged(handler: RequestHandler) -> None:
    """Tornado's log of every request answered: a room of phones would fill the terminal."""


# ---------------------------------------------------------------- letting phones in

def raise_open_files_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit (ENOUGH_FILES at most),
    where the system allows it (1,024, a common default, is fewer than a room's phones may hold);
    the soft limit now."""
    if resource is not None:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        for wanted in (min(_finite(hard), ENOUGH_FILES), MOST_FILES_MACOS):
            if _finite(soft) < wanted <= _finite(hard):
                try:
                    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
                    break
                except (ValueError, OSError):  # refused: try the next, or keep the soft limit
                    continue
    return open_files_limit()


def open_files_limit() -> int:
    """How many files this process may have open at once (its soft limit)."""
    if resource is None:
        return UNKNOWN_LIMIT
    return _finite(resource.getrlimit(resource.RLIMIT_NOFILE)[0])


def _finite(limit: int) -> int:
    return sys.maxsize if limit == resource.RLIM_INFINITY else limit


def phones_allowed(open_files: int) -> int:
    """The connections served at once when the process may open ``open_files``: the rest is
    kept for rebuilds and for telling phones to try again (a quarter at least, on a tiny limit)."""
    return max(open_files // 4, open_files - RESERVE - TURNING_AWAY)


class CountingServer(HTTPServer):
    """Tornado's HTTP server on the connections the gate hands it, counting those still open;
    ``when_closed`` is called as each one closes."""

    def initialize(self, *args, when_closed: Callable[[], None], **kwargs) -> None:
        super().initialize(*args, **kwargs)
        self.connections = 0
        self._when_closed = when_closed

    def handle_stream(self, stream: IOStream, address: tuple) -> None:
        self.connections += 1
        super().handle_stream(stream, address)

    def on_close(self, server_conn: object) -> None:
        super().on_close(server_conn)
        self.connections -= 1
        self._when_closed()


class Gate:
    """Accepts connections on the listening ``sockets``: to the site while fewer than ``phones``
    are open, then to a short "try again" answer while fewer than TURNING_AWAY are being told;
    beyond those, it stops accepting (the phones wait in the listen queue) until one closes.
    Every descriptor this process opens is so counted before the limit is reached: the system
    never refuses an accept for want of one (EMFILE), which tornado's own loop met by trying
    again at once, a core spinning on a traceback a time."""

    def __init__(self, sockets: list[socket.socket], site: Application, phones: int):
        self._sockets = sockets
        self._phones = phones
        self._io_loop = IOLoop.current()
        self._listening = self._paused = self._closed = False
        self.site = CountingServer(site, idle_connection_timeout=IDLE_SECONDS, max_body_size=MAX_BODY,
                                   when_closed=self.open)
        self.turning_away = CountingServer(
            Application([(r"/.*", TooManyPhones)], log_function=not_logged), no_keep_alive=True,
            idle_connection_timeout=TURN_AWAY_SECONDS, max_body_size=MAX_BODY, when_closed=self.open)

    def open(self) -> None:
        """Accept connections again (unless paused or closed): at the start, and as each one closes."""
        if not (self._listening or self._paused or self._closed):
            for sock in self._sockets:
                self._io_loop.add_handler(sock, self._accept, IOLoop.READ)
            self._listening = True

    def _stop_listening(self) -> None:
        if self._listening:
            for sock in self._sockets:
                self._io_loop.remove_handler(sock)
            self._listening = False

    def _accept(self, sock: socket.socket, events: int) -> None:
        for _ in range(BACKLOG):  # then the phones already let in are answered before more come
            server = self._room()
            if server is None:
                LOG.warning("too many phones at once: the next ones wait until one leaves")
                return self._stop_listening()  # a connection closing opens again
            try:
                connection, address = sock.accept()
            except BlockingIOError:  # none left waiting
                return
            except ConnectionAbortedError:  # gone while it waited
                continue
            except OSError as exc:  # no descriptor left after all (the system's, ENFILE), or no memory
                return self._pause(exc)
            if server is self.turning_away:
                LOG.warning("too many phones at once (%d served): one was asked to try again in a few seconds",
                            self._phones)
            server.handle_stream(IOStream(connection), address)

    def _room(self) -> CountingServer | None:
        if self.site.connections < self._phones:
            return self.site
        if self.turning_away.connections < TURNING_AWAY:
            return self.turning_away
        return None

    def _pause(self, exc: OSError) -> None:
        LOG.warning("no phone let in for %d s", PAUSE_SECONDS, exc_info=exc)
        self._stop_listening()
        self._paused = True
        self._io_loop.call_later(PAUSE_SECONDS, self._resume)

    def _resume(self) -> None:
        self._paused = False
        self.open()

    async def close(self) -> None:
        self._closed = True
        self._stop_listening()
        for sock in self._sockets:
            sock.close()
        await self.site.close_all_connections()
        await self.turning_away.close_all_connections()


def send_try_again(handler: RequestHandler) -> None:
    """503 with Retry-After: the phone shows why, and a reload a few seconds later gets the page."""
    handler.set_status(503)
    handler.set_header("Retry-After", str(RETRY_AFTER_SECONDS))
    handler.set_header("Content-Type", TYPES[".txt"])
    handler.set_header("Cache-Control", "no-store")  # the page itself is to be asked for again
    handler.finish(TOO_MANY)


class TooManyPhones(RequestHandler):
    """The answer on a connection let in beyond the phones served (then closed: no keep-alive)."""

    def prepare(self) -> None:
        send_try_again(self)


class SiteHandler(RequestHandler):
    SUPPORTED_METHODS = ("GET", "HEAD")  # anything else: 405

    def initialize(self, root: str) -> None:
        self.root = root

    def get(self) -> None:
        found = site_file(self.root, self.request.path)
        if isinstance(found, Moved):
            return self.redirect(found.location + (f"?{self.request.query}" if self.request.query else ""),
                                 permanent=True)
        if found is None or not self._send_file(found):
            self._send_not_found()

    head = get  # tornado leaves out the body of an answer to HEAD, and keeps its Content-Length

    def _send_file(self, path: str) -> bool:
        try:
            with open(path, "rb") as file:
                info = os.fstat(file.fileno())
                if not stat.S_ISREG(info.st_mode):
                    return False
                self._set_common_headers(path)
                self.set_header("Etag", f'"{info.st_mtime_ns:x}-{info.st_size:x}"')  # changes with each rebuild
                if self.check_etag_header():
                    self.set_status(304)
                    self.finish()
                else:
                    self.finish(file.read())
                return True
        except OSError as exc:
            if exc.errno in OUT_OF_DESCRIPTORS:  # the page is there: say so rather than "not found"
                send_try_again(self)
                return True
            return False  # gone since it was found: a rebuild replaced it

    def _send_not_found(self) -> None:
        """The site's own 404 page (in its language) where there is one."""
        page = site_file(self.root, "/404.html")
        self.set_status(404)
        try:
            body = Path(page).read_bytes() if isinstance(page, str) else None
        except OSError:
            body = None
        self._set_common_headers(page if body is not None else "404.txt")
        self.finish(body if body is not None else b"not found\n")

    def _set_common_headers(self, path: str) -> None:
        self.set_header("Content-Type", TYPES.get(os.path.splitext(path)[1].lower(), "application/octet-stream"))
        self.set_header("Cache-Control", "no-cache")  # a reload asks again, so it shows new results
        self.set_header("X-Content-Type-Options", "nosniff")

    def write_error(self, status_code: int, **kwargs) -> None:
        self.set_header("Content-Type", TYPES[".txt"])
        self.finish(f"{status_code} {self._reason}\n")


class Moved:
    """A folder asked for without its final slash: its pages' relative links need it."""

    def __init__(self, location: str):
        self.location = location


def site_file(root: str, url_path: str) -> str | Moved | None:
    """The file that ``url_path`` names inside ``root`` (its index.html for a folder), or None
    when it names nothing there or something not to be served: a hidden name (``.podium-build``,
    ``.git``), a ``..``, or a symbolic link that leads out of the site."""
    try:
        text = unquote(url_path, errors="strict")
    except UnicodeDecodeError:  # %-escapes that are not UTF-8 name no file of a build
        return None
    if not text.startswith("/") or "\\" in text or "\x00" in text:
        return None
    parts = [part for part in text.split("/") if part]
    if any(part.startswith(".") for part in parts):  # also '..' and '.'
        return None
    path = inside(root, os.path.join(root, *parts))
    if path is None or not os.path.isdir(path):
        return path if path and os.path.isfile(path) else None
    if not text.endswith("/"):  # rebuilt from the parts: '//host' would send the phone elsewhere
        return Moved("/" + "".join(f"{quote(part)}/" for part in parts))
    return inside(root, os.path.join(path, "index.html"))


def inside(root: str, path: str) -> str | None:
    """``path`` with its links resolved, if it is still inside ``root`` and exists."""
    real = os.path.realpath(path)
    if real != root and not real.startswith(root + os.sep):
        return None
    return real if os.path.exists(real) else None
