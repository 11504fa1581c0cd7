"""`podium serve --lan`: the site, and only the site, to the phones of a room — real HTTP requests
against a server started here on a free port. Timing is bench/serve_lan.py's business."""
from __future__ import annotations

import errno
import http.client
import logging
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import segno

import podium.run.rebuild
import podium.run.outputs
from podium.venue import lanserver
from podium.run.rebuild import Rebuilder
from podium.venue import lanaddress, lanlog
from podium.venue.lanaddress import lan_address, terminal_qr
from podium.venue.lanserver import SiteServer
from podium.venue.serve import REBUILT, TRY_AGAIN, network_address_text, rebuild
from play import strength_results

try:
    import resource
except ImportError:  # Windows
    resource = None

ROOT = Path(__file__).resolve().parent.parent
SECRET = "the organizer's private notes"
NOT_FOUND = "<h1>Page not found</h1>"


@pytest.fixture
def site(tmp_path) -> Path:
    """A small built site, with a secret beside it and traps inside it."""
    out = tmp_path / "site"
    for name, text in {"index.html": "<h1>Home</h1>", "404.html": NOT_FOUND, ".podium-build": "stamp",
                       "events/e1/index.html": "<h1>Event 1</h1>", "static/style.css": "body {}",
                       "static/.hidden.css": SECRET, "data.json": "{}"}.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(text, encoding="utf-8")
    (tmp_path / "secret.txt").write_text(SECRET, encoding="utf-8")
    (tmp_path / "private").mkdir()
    (tmp_path / "private/notes.txt").write_text(SECRET, encoding="utf-8")
    os.symlink(tmp_path / "secret.txt", out / "leak.txt")  # links that lead out of the site
    os.symlink(tmp_path / "private", out / "private")
    os.symlink("index.html", out / "home.html")  # a link that stays inside may be followed
    return out


@pytest.fixture
def server(site):
    running = SiteServer(site, "127.0.0.1", 0).start()
    yield running
    running.close()


def get(server, path: str, method: str = "GET", headers: dict | None = None) -> tuple[int, dict, str]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)  # a hang guard, not a time
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read().decode("utf-8")
    finally:
        connection.close()


def test_pages_are_served_to_be_asked_again_on_every_reload(server):
    status, headers, body = get(server, "/")
    assert (status, body) == (200, "<h1>Home</h1>")
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["Cache-Control"] == "no-cache"  # a phone's reload asks the server, and sees new results
    assert get(server, "/events/e1/")[2] == "<h1>Event 1</h1>"
    assert get(server, "/static/style.css")[1]["Content-Type"] == "text/css; charset=utf-8"
    assert get(server, "/home.html")[2] == "<h1>Home</h1>"


def test_an_unchanged_page_is_not_sent_again(server, site):
    tag = get(server, "/")[1]["Etag"]
    assert get(server, "/", headers={"If-None-Match": tag})[0] == 304
    (site / "index.html").write_text("<h1>Home, round 2</h1>", encoding="utf-8")
    status, headers, body = get(server, "/", headers={"If-None-Match": tag})
    assert (status, body) == (200, "<h1>Home, round 2</h1>") and headers["Etag"] != tag


@pytest.mark.parametrize("path", [
    "/.podium-build",                    # Podium's stamp: a dotfile
    "/static/.hidden.css",               # any dotfile
    "/../secret.txt",                    # out of the site by ..
    "/%2e%2e/secret.txt",                # the same, escaped
    "/static/..%2f..%2fsecret.txt",      # an escaped slash
    "/events/..%5c..%5csecret.txt",      # a backslash (Windows' separator)
    "/leak.txt",                         # a link to a file outside
    "/private/notes.txt",                # a link to a folder outside
    "/private/",
    "/static/",                          # a folder without index.html: no listing
    "/nothing.html",
    "/%ff.html",                         # an escape that is no UTF-8
    "/index.html%00.txt",                # a NUL
])
def test_nothing_but_the_site_is_served(server, path):
    status, headers, body = get(server, path)
    assert (status, body) == (404, NOT_FOUND)  # the site's own 404 page
    assert SECRET not in body and headers["Cache-Control"] == "no-cache"


def test_a_folder_without_its_slash_is_redirected_within_the_site(server):
    status, headers, _ = get(server, "/events/e1?lang=en")
    assert (status, headers["Location"]) == (301, "/events/e1/?lang=en")
    status, headers, _ = get(server, "//events")  # never '//events/': a phone would go to a host 'events'
    assert (status, headers["Location"]) == (301, "/events/")


def test_only_reading_is_allowed(server):
    assert get(server, "/", method="POST")[0] == 405
    assert get(server, "/", method="PUT")[0] == 405
    status, headers, body = get(server, "/", method="HEAD")
    assert (status, headers["Content-Length"], body) == (200, str(len("<h1>Home</h1>")), "")


def test_fifty_phones_at_once_all_get_their_page(server):
    paths = ["/", "/events/e1/", "/static/style.css", "/data.json", "/nothing"] * 10
    with ThreadPoolExecutor(50) as pool:
        answers = list(pool.map(lambda path: get(server, path)[::2], paths))
    expected = {"/": (200, "<h1>Home</h1>"), "/events/e1/": (200, "<h1>Event 1</h1>"),
                "/static/style.css": (200, "body {}"), "/data.json": (200, "{}"), "/nothing": (404, NOT_FOUND)}
    assert answers == [expected[path] for path in paths]


def test_a_taken_port_is_refused_at_once():
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        with pytest.raises(OSError):
            SiteServer(Path("."), "127.0.0.1", other.getsockname()[1])


# ---------------------------------------------------------------- the address and its QR code

def qr_modules(text: str, dark: str) -> list[list[bool]]:
    """The modules a printed QR code shows, read back from its half blocks; ``dark`` says which
    of the drawn (True) and blank (False) halves are the dark modules."""
    halves = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}
    rows = []
    for line in text.splitlines():
        pairs = [halves[char] for char in line]
        rows += [[top == dark for top, _ in pairs], [bottom == dark for _, bottom in pairs]]
    return rows


def expected_modules(url: str) -> list[list[bool]]:
    rows = [[bool(m) for m in row] for row in segno.make_qr(url, error="m").matrix_iter(border=4)]
    return rows + [[False] * len(rows[0])]  # an odd count is made even with a light row


def test_the_address_is_printed_with_its_qr_code():
    text = network_address_text("192.168.1.23", 8000, on_terminal=False)
    first, *code, last = text.splitlines()
    assert first == "players open http://192.168.1.23:8000/ on the same Wi-Fi, or scan:"
    assert last == "a reload shows the latest results"
    # 'http://192.168.1.23:8000/' is 25 characters: a version 2 code, 25 modules + 2 × 4 of quiet zone
    # = 33 wide and 33 high, so 17 lines of two rows (the last row added, light).
    assert len(code) == 17 and all(len(line) == 33 for line in code)
    assert qr_modules("\n".join(code), dark=True) == expected_modules("http://192.168.1.23:8000/")  # ink on paper


def test_on_a_terminal_the_qr_code_is_light_on_dark_whatever_the_theme():
    lines = terminal_qr("http://10.0.0.7:8123/", on_terminal=True).splitlines()
    assert all(line.startswith("\x1b[97;40m") and line.endswith("\x1b[0m") for line in lines)  # white on black
    plain = "\n".join(line[len("\x1b[97;40m"):-len("\x1b[0m")] for line in lines)
    assert qr_modules(plain, dark=False) == expected_modules("http://10.0.0.7:8123/")  # drawn = light


def test_a_machine_with_loopback_alone_is_told_so():
    assert network_address_text(None, 8000, on_terminal=True) == (
        "this machine has no network address but loopback (http://127.0.0.1:8000/ works on it alone): phones "
        "cannot reach it; join the venue's Wi-Fi or start a hotspot, then run `podium serve --lan` again")


@pytest.mark.parametrize("routed, named, expected", [
    (["192.168.1.23"], ["127.0.1.1"], "192.168.1.23"),                        # a route: the name is not asked
    ([], ["127.0.1.1", "169.254.7.7", "10.0.0.5"], "10.0.0.5"),                # no route: the name's addresses
    ([], ["127.0.1.1", "169.254.7.7"], "169.254.7.7"),                         # link-local, as a last resort
    ([], ["127.0.1.1"], None),                                                 # loopback alone: none
    (["0.0.0.0"], [], None),
])
def test_the_lan_address_is_found_without_the_internet(monkeypatch, routed, named, expected):
    monkeypatch.setattr(lanaddress, "_routed_addresses", lambda: routed)
    monkeypatch.setattr(lanaddress.socket, "gethostbyname_ex", lambda name: (name, [], named))
    assert lan_address() == expected


def test_the_udp_probe_sends_nothing_and_finds_this_machines_address():
    address = lan_address()  # whatever this machine has; never a loopback one
    assert address is None or not address.startswith("127.")


# ---------------------------------------------------------------- the command

def free_port() -> int:
    """A port free now, with the next one free too (the desk's), below the range the system deals
    out to outgoing connections: a port the system dealt (bind to 0) was taken again meanwhile by
    a browser's or a client's connection, now and then, in a suite running in parallel."""
    for _ in range(200):
        port = random.randrange(20000, 30000)
        if all(_free(number) for number in (port, port + 1)):
            return port
    raise RuntimeError("no two free ports in a row between 20000 and 30000")


def _free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


class Address:
    """What ``get`` asks: a server started in a process of its own, on ``port``."""

    def __init__(self, port: int):
        self.port = port


# How long a wait may last before the test calls the server hung. Each wait is for an event (a
# line printed, the process gone), never for a time: on an idle machine each comes within a
# second or two, and this bound only turns a real hang into a failure; a machine busy with the
# rest of the suite, a browser and a build on two cores can take many times longer.
HANG = 180  # seconds


def wait_for(condition, seconds: float = HANG):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")


def start_serving(tree, port: int, preexec_fn=None) -> tuple[subprocess.Popen, list[str]]:
    """`podium serve --lan` in ``tree``, and the lines it prints (stdout and stderr), as they come.
    ``preexec_fn``: run in the server's process before it starts."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1", "PYTHONFAULTHANDLER": "1"}

    def in_the_server() -> None:
        # A suite started as a background job (`cmd &` in a script) runs with Ctrl+C ignored, and a
        # child keeps that: the server would never stop on the SIGINT the tests send it.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        if preexec_fn is not None:
            preexec_fn()
    serving = subprocess.Popen([sys.executable, "-m", "podium", "serve", "--lan", "--port", str(port)],
                               cwd=tree.root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               preexec_fn=in_the_server)
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(serving.stdout), daemon=True).start()
    return serving, lines


def address_printed(lines: list[str]) -> bool:
    return any(line.startswith(("players open", "this machine has no")) for line in lines)


def test_serve_lan_rebuilds_when_a_round_file_changes(tree, cli):
    tree.event("e1", 8)
    cli("pair", "e1")
    port = free_port()
    serving, lines = start_serving(tree, port)
    try:
        wait_for(lambda: address_printed(lines))
        # 19: the event's printable report and player cards, "about these results", the seasons
        # index and the offline page among them
        assert lines[0] == "rebuilt 19 pages in " + lines[0].split(" in ")[1]
        assert lines[1] == "serving site on the local network — Ctrl+C to stop\n"
        assert lines[2].startswith(("players open http://", "this machine has no network address"))
        server = Address(port)
        status, _, page = get(server, "/events/e1/")
        assert status == 200 and '<span class="tag">in progress</span>' in page and '<td class="num tb">+7</td>' not in page
        strength_results(tree, "e1", 1)  # the lower number wins 12 to 5: four winners on 3 points, +7
        wait_for(lambda: any(line.startswith("updated ") for line in lines))  # the rebuild is over
        page = get(server, "/events/e1/")[2]
        assert '<span class="tag">in progress</span>' not in page and page.count('<td class="num tb">+7</td>') == 4
        assert "livereload" not in page  # players' pages are the published pages
    finally:
        serving.send_signal(signal.SIGINT)
        stopped_or_dumped(serving, lines)
    wait_for(lambda: lines[-1:] == ["stopped\n"])


def stopped_or_dumped(serving: subprocess.Popen, lines: list[str]) -> None:
    """Wait for the server to stop; one that hangs is made to print where each of its threads
    stands (faulthandler, on SIGABRT) and the test fails with that."""
    try:
        serving.wait(timeout=HANG)
    except subprocess.TimeoutExpired:
        serving.send_signal(signal.SIGABRT)
        serving.wait(timeout=HANG)
        time.sleep(0.5)  # the reading thread takes the last lines
        raise AssertionError("serve --lan did not stop on Ctrl+C:\n" + "".join(lines)) from None


def test_serve_lan_says_a_taken_port_before_building(tree, cli):
    tree.event("e1", 8)
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))  # taken on one address is taken for all of them
        other.listen()
        port = other.getsockname()[1]
        result = cli("serve", "--lan", "--port", port, expect=1)
    assert result.output == (f"--port: {port} is already in use by another program (another podium serve?); "
                             "stop it or choose another port, such as --port 8000\n1 problem found.\n")
    assert not (tree.root / "site").exists()


# ---------------------------------------------------------------- more phones than file descriptors

def test_a_phone_beyond_the_room_is_told_at_once_to_try_again(site):
    server = SiteServer(site, "127.0.0.1", 0, phones=2).start()
    held = [http.client.HTTPConnection("127.0.0.1", server.port, timeout=HANG) for _ in range(2)]
    try:
        for phone in held:  # kept open, as a phone's browser keeps its connection
            phone.request("GET", "/")
            assert phone.getresponse().read() == b"<h1>Home</h1>"
        status, headers, body = get(server, "/events/e1/")
        assert (status, body) == (503, lanserver.TOO_MANY) and headers["Retry-After"] == "5"
        assert headers["Connection"] == "close" and headers["Cache-Control"] == "no-store"
        held.pop().close()
        wait_for(lambda: get(server, "/events/e1/")[0] == 200)  # a place is free again
    finally:
        for phone in held:
            phone.close()
        server.close()


@pytest.mark.skipif(resource is None, reason="no limit of open files to raise (Windows)")
def test_the_open_files_limit_is_raised_to_the_hard_limit_where_allowed(monkeypatch):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    low = min(soft, 256)
    resource.setrlimit(resource.RLIMIT_NOFILE, (low, hard))  # this process's soft limit only: it goes back
    try:
        with monkeypatch.context() as refused:
            refused.setattr(resource, "setrlimit", short_of_descriptors)
            assert lanserver.raise_open_files_limit() == low  # not allowed: the server starts all the same
        raised = min(hard, lanserver.ENOUGH_FILES)  # enough for any room
        assert lanserver.raise_open_files_limit() == resource.getrlimit(resource.RLIMIT_NOFILE)[0] == raised
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def short_of_descriptors(*args, **kwargs):
    raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))


@pytest.mark.parametrize("target, name", [
    (Path, "read_text"),                      # reading the content
    (podium.run.outputs, "build_all"),        # writing the pages
    (podium.run.rebuild, "load_archive"),     # anywhere else
], ids=["reading the content", "writing the pages", "anywhere"])
def test_a_rebuild_short_of_file_descriptors_is_tried_again_not_dropped(tree, cli, monkeypatch, capsys, target, name):
    tree.event("e1", 8)
    cli("pair", "e1")
    builder = Rebuilder(tree.content, tree.root / "site")
    assert rebuild(builder) == REBUILT
    strength_results(tree, "e1", 1)  # a correction saved while the phones hold every descriptor
    capsys.readouterr()
    with monkeypatch.context() as short:
        short.setattr(target, name, short_of_descriptors)
        assert rebuild(builder) == TRY_AGAIN
    assert capsys.readouterr().err == ("the site was not rebuilt (too many files open at once); the last whole site "
                                       "is still served, and Podium tries again every 5 s\n")
    assert rebuild(builder) == REBUILT  # watch's retry, once some phones have gone
    page = (tree.root / "site/events/e1/index.html").read_text(encoding="utf-8")
    assert page.count('<td class="num tb">+7</td>') == 4


def test_one_line_a_minute_for_each_kind_of_error_with_a_count_of_the_others():
    lines, now = [], [0.0]
    handler = lanlog.OncePerMinute(write=lines.append, clock=lambda: now[0])
    log = logging.getLogger("podium.lan.test")
    log.addHandler(handler)
    log.propagate = False
    try:
        for phone in range(813):  # a phone's address differs, not the kind of error
            log.warning("read error from %s", f"10.0.0.{phone % 250}",
                        exc_info=ConnectionResetError(errno.ECONNRESET, "Connection reset by peer"))
        log.warning("no phone let in for %d s", 1, exc_info=OSError(errno.EMFILE, "Too many open files"))
        log.warning("no phone let in for %d s", 1, exc_info=OSError(errno.ENFILE, "Too many open files in system"))
        log.warning("no phone let in for %d s", 1, exc_info=OSError(errno.EMFILE, "Too many open files"))
        assert lines == ["read error from 10.0.0.0 (ConnectionResetError: [Errno 104] Connection reset by peer)",
                         "no phone let in for 1 s (OSError: [Errno 24] Too many open files)",
                         "no phone let in for 1 s (OSError: [Errno 23] Too many open files in system)"]
        now[0] = 59.9
        handler.report_folded()
        assert len(lines) == 3  # the minute is not over
        now[0] = 60
        handler.report_folded()  # the server does it every minute: the counts are said even if all is quiet now
        assert lines[3:] == [
            "read error from 10.0.0.62 (ConnectionResetError: [Errno 104] Connection reset by peer) "
            "(and 811 more like it in the last minute)",
            "no phone let in for 1 s (OSError: [Errno 24] Too many open files)"]
        log.warning("read error from %s", "10.0.0.9", exc_info=ConnectionResetError(errno.ECONNRESET, "reset"))
        now[0] = 125
        log.warning("read error from %s", "10.0.0.7", exc_info=ConnectionResetError(errno.ECONNRESET, "reset"))
        assert lines[5:] == ["read error from 10.0.0.7 (ConnectionResetError: [Errno 104] reset) "
                             "(and 1 more like it in the last minute)"]
    finally:
        log.removeHandler(handler)
        log.propagate = True


def test_the_servers_errors_are_a_line_a_kind_never_a_traceback(server, monkeypatch, capsys):
    monkeypatch.setattr(lanserver, "site_file", lambda root, path: 1 / 0)  # a bug in the handler
    for _ in range(30):
        status, _, body = get(server, "/")
        assert (status, body) == (500, "500 Internal Server Error\n")
    done = threading.Event()
    for _ in range(30):  # an error in a callback of the loop, which asyncio reports
        server._loop.call_soon_threadsafe(short_of_descriptors)
    server._loop.call_soon_threadsafe(done.set)
    assert done.wait(HANG)
    first, second = capsys.readouterr().err.splitlines()
    assert first == "Uncaught exception GET / (127.0.0.1) (ZeroDivisionError: division by zero)"
    assert second.startswith("error in the server's loop: Exception in callback short_of_descriptors()")
    assert second.endswith(" (OSError: [Errno 24] Too many open files)")


def test_a_refused_accept_pauses_the_gate_instead_of_spinning(site, monkeypatch, capsys):
    """Should the system refuse a connection after all (no descriptor left in the whole system),
    the server stops accepting for a second rather than try again at once, a core spinning."""
    refusing, accepts, said = threading.Event(), [], []
    real_accept = socket.socket.accept

    def accept(sock):
        accepts.append(sock)
        if refusing.is_set():
            raise OSError(errno.ENFILE, os.strerror(errno.ENFILE))
        return real_accept(sock)

    def log_says(text: str) -> bool:
        said.append(capsys.readouterr().err)
        return text in "".join(said)

    refusing.set()
    monkeypatch.setattr(socket.socket, "accept", accept)
    server = SiteServer(site, "127.0.0.1", 0).start()
    try:
        with ThreadPoolExecutor(1) as phone:
            page = phone.submit(get, server, "/")
            wait_for(lambda: log_says("no phone let in") or len(accepts) > 100)
            assert len(accepts) < 100  # one refused accept a second, not a loop of them
            refusing.clear()
            assert page.result(timeout=HANG)[::2] == (200, "<h1>Home</h1>")  # let in after the pause
    finally:
        server.close()
    log_says("")
    assert "".join(said) == "no phone let in for 1 s (OSError: [Errno 23] Too many open files in system)\n"


LIMIT = 256  # open files the flooded server may have, soft and hard: it cannot raise its limit
FLOOD = 300  # connections at once: more than that


def at_most_limit_open_files() -> None:  # in the server's process, before it starts
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


def ask(sock: socket.socket) -> None:
    sock.sendall(b"GET /events/e1/ HTTP/1.1\r\nHost: venue\r\n\r\n")


def answer(sock: socket.socket) -> tuple[int | str, dict, str]:
    """The status, headers and body of the answer on ``sock``; "closed" when it closed unanswered."""
    response = http.client.HTTPResponse(sock, method="GET")
    try:
        response.begin()
        return response.status, dict(response.getheaders()), response.read().decode("utf-8")
    except (http.client.RemoteDisconnected, ConnectionResetError):
        return "closed", {}, ""


def stays_asleep(pid: int, looks: int = 10) -> bool:
    """Whether every thread of process ``pid`` but its main one (which looks at the content twice
    a second) is asleep at each of ``looks`` looks 20 ms apart: one spinning is always running,
    or ready to, however busy the machine."""
    for _ in range(looks):
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{task}/stat", encoding="ascii") as stat:
                    state = stat.read().rsplit(")", 1)[1].split()[0]
            except FileNotFoundError:  # a thread that has just ended
                continue
            if int(task) != pid and state == "R":
                return False
        time.sleep(0.02)
    return True


def served_page(port: int, path: str) -> str | None:
    status, _, body = get(Address(port), path)
    return body if status == 200 else None  # a 503 while the server sees the room's connections close


def after_the_address(lines: list[str]) -> list[str]:
    end = next(index for index, line in enumerate(lines) if line.startswith(("a reload shows", "this machine has no")))
    return lines[end + 1:]


WAITING = "too many phones at once: the next ones wait until one leaves\n"


@pytest.mark.skipif(resource is None or not os.path.isdir("/proc/self/task"), reason="Linux: setrlimit and /proc")
def test_more_phones_than_open_files_are_told_to_try_again_and_a_correction_is_still_rebuilt(tree, cli):
    tree.event("e1", 8)
    cli("pair", "e1")
    port = free_port()
    serving, lines = start_serving(tree, port, preexec_fn=at_most_limit_open_files)
    room: list[socket.socket] = []
    try:
        wait_for(lambda: address_printed(lines))
        room = [socket.create_connection(("127.0.0.1", port), timeout=HANG) for _ in range(FLOOD)]
        served = lanserver.phones_allowed(LIMIT)
        for sock in room[:served + lanserver.TURNING_AWAY]:  # the others' browsers have opened them in advance
            ask(sock)
        # A traceback for each refused accept would be thousands of lines; the server stops accepting instead.
        wait_for(lambda: WAITING in lines or len(lines) > 200)
        log = after_the_address(lines)
        assert 0 < len(log) <= 3 and all(line.startswith("too many phones at once") for line in log), log
        wait_for(lambda: stays_asleep(serving.pid))  # waiting for a place, not spinning
        strength_results(tree, "e1", 1)  # a correction, while the room holds every connection it can
        wait_for(lambda: any(line.startswith("updated ") for line in lines))
        for sock in room[served + lanserver.TURNING_AWAY:]:
            ask(sock)
        answers = [answer(sock) for sock in room]
        statuses = [status for status, _, _ in answers]
        assert statuses.count(200) == served and set(statuses) <= {200, 503, "closed"}
        # closed unanswered: opened in advance and left silent for 10 s, on a machine busy elsewhere
        assert statuses.count(503) >= FLOOD - served - lanserver.TURNING_AWAY
        _, headers, body = answers[statuses.index(503)]
        assert (body, headers["Retry-After"]) == (lanserver.TOO_MANY, "5")
        for sock in room:
            sock.close()
        page = wait_for(lambda: served_page(port, "/events/e1/"))
        assert page.count('<td class="num tb">+7</td>') == 4  # the correction, served once the room has emptied
        log = [line for line in after_the_address(lines) if not line.startswith("updated ")]
        assert len(log) <= 4 and not any("Traceback" in line for line in log), log
    finally:
        for sock in room:
            sock.close()
        serving.send_signal(signal.SIGINT)
        stopped_or_dumped(serving, lines)
    wait_for(lambda: lines[-1:] == ["stopped\n"])
