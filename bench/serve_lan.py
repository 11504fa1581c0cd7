"""Benchmark: a room of phones reading the site that `podium serve --lan` serves.

    python bench/serve_lan.py [--clients 200] [--seconds 10] [--runs 3] [--server podium|livereload]
                              [--open-files N]

Builds the demo archive (content/) once into /tmp/podium-serve-lan, starts the server in its own
process on a free port, and lets ``clients`` connections read its pages as fast as they are
answered, each asking for the next page as soon as it has the last (a harder load than phones,
whose players read a page before they reload it). The pages are every HTML page of the site and
its stylesheet, in turn. Prints, for each run, the requests answered, the errors (refused,
broken or timed-out connections, and answers other than 2xx/3xx) and the 50th, 95th and 99th
percentile and the longest response time.

The load comes from wrk (`apt-get install wrk`) when it is installed — in C, it leaves the
server most of the CPU — otherwise from an asyncio client in this process (``--client python``
chooses it), which needs a core of its own and so reports longer times. ``--server livereload``
measures livereload's tornado server (what `podium serve` uses without --lan) for comparison, and
``--server threaded`` the standard library's static server with a thread per connection.

``--open-files N`` starts the server with at most N open files (its soft and hard limit, as a
system whose default is 1,024 and lets no more): with more clients than it can hold, the podium
server answers the others "503 try again" at once (counted among the errors), where the others
stop answering and spin. ``--clients 1100 --open-files 1024`` is the flood the limit was met by.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = Path("/tmp/podium-serve-lan")

SERVERS = {
    "podium": ("import threading; from podium.venue.lanserver import SiteServer, raise_open_files_limit; "
               "raise_open_files_limit(); SiteServer({root!r}, '0.0.0.0', {port}).start(); threading.Event().wait()"),
    "livereload": "from livereload import Server; Server().serve(root={root!r}, port={port}, host='0.0.0.0')",
    # A thread per connection: the standard library's static server (keep-alive, quiet, a long
    # listen queue), to compare the model.
    "threaded": ("import functools, http.server as h\n"
                 "class Quiet(h.SimpleHTTPRequestHandler):\n"
                 "    protocol_version = 'HTTP/1.1'\n"
                 "    def log_message(self, *args): pass\n"
                 "class Server(h.ThreadingHTTPServer):\n"
                 "    request_queue_size = 512\n"
                 "    daemon_threads = True\n"
                 "Server(('0.0.0.0', {port}), functools.partial(Quiet, directory={root!r})).serve_forever()"),
}

WRK_SCRIPT = """
local paths = {%s}
local next = 0
request = function()
  next = next + 1
  return wrk.format("GET", paths[(next %% #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %%d %%d %%.1f %%.1f %%.1f %%.1f\\n", summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout, latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
"""


def build_site() -> list[str]:
    """The demo site, built once; its pages' URLs."""
    if not (SITE / ".podium-build").is_file():
        subprocess.run([sys.executable, "-m", "podium", "build", "--content", str(ROOT / "content"),
                        "--out", str(SITE)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    pages = sorted(path.relative_to(SITE).as_posix() for path in SITE.rglob("*.html"))
    return ["/" + (page[:-len("index.html")] if page.endswith("index.html") else page) for page in pages] + [
        "/static/style.css"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(kind: str, port: int, open_files: int | None = None) -> subprocess.Popen:
    code = SERVERS[kind].format(root=str(SITE), port=port)

    def limit_open_files() -> None:  # in the server's process, before it starts
        if open_files:
            resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    server = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, preexec_fn=limit_open_files)  # livereload logs every request
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit(f"the {kind} server did not start")


def run_wrk(port: int, urls: list[str], clients: int, seconds: int) -> tuple:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(WRK_SCRIPT % ", ".join(f'"{url}"' for url in urls))
    try:
        done = subprocess.run(["wrk", "-t", "2", "-c", str(clients), "-d", f"{seconds}s", "--timeout", "10s",
                               "-s", script.name, f"http://127.0.0.1:{port}/"], capture_output=True, text=True,
                              check=True)
    finally:
        os.unlink(script.name)
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    requests, errors, *times = line.split()[1:]
    return int(requests), int(errors), *map(float, times)


def run_python(port: int, urls: list[str], clients: int, seconds: int) -> tuple:
    return asyncio.run(_python_load(port, urls, clients, seconds))


async def _python_load(port: int, urls: list[str], clients: int, seconds: int) -> tuple:
    """``clients`` keep-alive connections, each asking for the next page once it has the last."""
    times: list[float] = []
    errors = [0]
    end = time.perf_counter() + seconds

    async def client(first: int) -> None:
        reader = writer = None
        turn = first
        while time.perf_counter() < end:
            url = urls[turn % len(urls)]
            turn += 1
            start = time.perf_counter()
            try:
                if writer is None:
                    reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(f"GET {url} HTTP/1.1\r\nHost: venue\r\n\r\n".encode())
                head = await reader.readuntil(b"\r\n\r\n")
                status = int(head.split(b" ", 2)[1])
                length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length:"))
                await reader.readexactly(length)
                if status >= 400:
                    errors[0] += 1
                times.append(time.perf_counter() - start)
            except (OSError, asyncio.IncompleteReadError, ValueError, StopIteration):
                errors[0] += 1
                if writer is not None:
                    writer.close()
                reader = writer = None
        if writer is not None:
            writer.close()

    await asyncio.gather(*(client(index) for index in range(clients)))
    times.sort()
    def percentile(p: float) -> float:
        return times[min(len(times) - 1, int(len(times) * p / 100))] * 1000 if times else float("nan")
    return len(times), errors[0], percentile(50), percentile(95), percentile(99), (times[-1] * 1000 if times else 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--server", choices=sorted(SERVERS), default="podium")
    parser.add_argument("--client", choices=["wrk", "python"], default="wrk" if shutil.which("wrk") else "python")
    parser.add_argument("--open-files", type=int, help="the server's limit of open files (default: the system's)")
    args = parser.parse_args()
    urls = build_site()
    load = run_wrk if args.client == "wrk" else run_python
    limit = f", at most {args.open_files} open files" if args.open_files else ""
    print(f"{args.server} server{limit}, {args.clients} clients ({args.client}), {args.seconds} s a run, "
          f"{len(urls)} URLs of {SITE}")
    print("run  requests  req/s  errors  p50 ms  p95 ms  p99 ms  max ms")
    port = free_port()
    server = start_server(args.server, port, args.open_files)
    try:
        for run in range(1, args.runs + 1):
            requests, errors, p50, p95, p99, longest = load(port, urls, args.clients, args.seconds)
            print(f"{run:>3}  {requests:>8}  {requests / args.seconds:>5.0f}  {errors:>6}  {p50:>6.1f}  {p95:>6.1f}  "
                  f"{p99:>6.1f}  {longest:>6.1f}", flush=True)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
