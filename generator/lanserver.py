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

The address to give the players is found without the internet: connecting a UDP socket sends
nothing but makes the system choose the interface (and so the address) it would route through;
where no route exists, the machine's own name is looked up.
"""
from __future__ import annotations

import asyncio
import ipaddress
import os
import socket
import stat
import threading
from pathlib import Path
from urllib.parse import quote, unquote

import segno
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application, RequestHandler

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


class SiteServer:
    """The site in ``root`` served on ``host:port`` by an event loop in a thread of its own, from
    ``start()`` to ``close()``. The port is bound at once, so a taken one raises OSError here."""

    def __init__(self, root: Path, host: str, port: int):
        self.root = os.path.realpath(root)  # rebuilds replace the folder whole, under the same name
        self._sockets = bind_sockets(port, host, family=socket.AF_INET, backlog=BACKLOG)
        self.port = self._sockets[0].getsockname()[1]
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="site server", daemon=True)

    def start(self) -> SiteServer:
        self._thread.start()
        return self

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        app = Application([(r"/.*", SiteHandler, {"root": self.root})], log_function=lambda handler: None)
        server = HTTPServer(app, idle_connection_timeout=IDLE_SECONDS, max_body_size=64 * 1024)
        server.add_sockets(self._sockets)
        try:
            self._loop.run_forever()
        finally:
            server.stop()
            self._loop.run_until_complete(server.close_all_connections())
            self._loop.close()

    def close(self) -> None:
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join()
        else:
            for sock in self._sockets:
                sock.close()


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
        except OSError:  # gone since it was found: a rebuild replaced it
            return False

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


# ---------------------------------------------------------------- the address to give players

# Connecting a UDP socket to these sends nothing; it only asks which address would be used.
# The first is a documentation address (RFC 5737) that only a default route reaches; the
# others reach a private network that has a route but no default one (a venue's router without
# internet, or this machine's own hotspot).
ROUTE_PROBES = ("192.0.2.1", "10.255.255.254", "172.31.255.254", "192.168.255.254")


def lan_address() -> str | None:
    """This machine's IPv4 address on the local network, found without the internet; None when
    it has no address but loopback."""
    found = [address for address in _routed_addresses() if _reachable(address)]
    if not found:  # names are looked up only now: without /etc/hosts or mDNS, that waits on DNS
        found = [address for address in _named_addresses() if _reachable(address)]
    ordinary = [address for address in found if not ipaddress.ip_address(address).is_link_local]
    return (ordinary or found or [None])[0]


def _routed_addresses() -> list[str]:
    addresses = []
    for probe in ROUTE_PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            try:
                udp.connect((probe, 9))
                addresses.append(udp.getsockname()[0])
            except OSError:  # no route to it
                continue
    return addresses


def _named_addresses() -> list[str]:
    """The addresses the machine's own name resolves to (from /etc/hosts, mDNS, or the system)."""
    try:
        return socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        return []


def _reachable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast)


def terminal_qr(url: str, on_terminal: bool) -> str:
    """A QR code of ``url`` in text, two rows of modules per line (Unicode half blocks).

    On a terminal the colours are set (light modules white, dark ones black), so it scans on a
    dark or a light theme alike; written to a file, to be printed, dark modules are the ink."""
    code = segno.make_qr(url, error="m")  # never a Micro QR: phones' cameras do not read those
    rows = [[bool(dark) for dark in row] for row in code.matrix_iter(border=4)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    ink = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    if on_terminal:  # the characters draw the light modules, in white on black
        rows = [[not dark for dark in row] for row in rows]
    lines = ["".join(ink[pair] for pair in zip(top, bottom)) for top, bottom in zip(rows[::2], rows[1::2])]
    if on_terminal:
        lines = [f"\x1b[97;40m{line}\x1b[0m" for line in lines]
    return "\n".join(lines)
