"""Benchmark: a round's results reported from the players' phones (`podium serve --lan --desk
--reports`), while the desk and the site keep answering.

    python bench/reports.py [--phones 200] [--seconds 60] [--seed 1]

Makes an FFG event of ``phones`` players in a temporary folder and pairs round 1, starts the
server in its own process, then lets each player's phone open his table's report page and send
its winner at a random moment within ``seconds`` (both players of a table agree, so every table is
entered), each phone from an address of its own on loopback (127.0.0.x), as phones on a Wi-Fi
are. Meanwhile the site's event page and the desk's round page are read twice a second. Prints
the reports answered by status, the errors, the 50th and 95th percentile and longest time of the
reports, of the site's and of the desk's pages, and whether any report was lost: the log must
hold every report and the round file every table's winner.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="podium-reports-") as folder:
        root = Path(folder)
        env = {**os.environ, "PODIUM_DATA_DIR": str(root / "data"), "PODIUM_CACHE_DIR": str(root / "cache"),
               "PYTHONPATH": str(ROOT)}
        content = make_event(root, args.phones, env)
        port = 18000 + os.getpid() % 1000
        server = subprocess.Popen([sys.executable, "-m", "podium", "serve", "--lan", "--desk", "--reports", "--port",
                                   str(port), "--content", str(content), "--out", str(root / "site")],
                                  cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            wait_for_line(server, "results desk at")
            run(root, content, port, args, env)
        finally:
            server.terminate()
            server.wait(timeout=30)


def make_event(root: Path, players: int, env: dict) -> Path:
    content = root / "content"
    (content / "events" / "cup").mkdir(parents=True)
    (content / "site.yaml").write_text("title: Bench\nlanguage: en\n", encoding="utf-8")
    (content / "events" / "cup" / "event.yaml").write_text(
        "name: Bench cup\ndate: 2026-05-16\nruleset: ffg-conquest\nseed: 1\n", encoding="utf-8")
    registrations = [{"name": f"Player {n:03d}"} for n in range(1, players + 1)]
    (content / "events" / "cup" / "registrations.yaml").write_text(yaml.safe_dump(registrations), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "podium", "pair", "cup", "--content", str(content)], cwd=root, env=env,
                   check=True, capture_output=True)
    return content


def wait_for_line(server: subprocess.Popen, start: str) -> None:
    for line in server.stdout:
        if line.startswith(start):
            threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()  # keep it drained
            return
    raise SystemExit("the server did not start")


def run(root: Path, content: Path, port: int, args, env: dict) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.update(env)
    from podium.venue.reports import KEY, LOG, reports_folder, table_secret

    folder = reports_folder(content)
    key = (folder / KEY).read_bytes()
    pairings = yaml.safe_load((content / "events/cup/rounds/1.yaml").read_text(encoding="utf-8"))["pairings"]
    tables = [index for index, pairing in enumerate(pairings) if not pairing.get("bye")]
    rand = random.Random(args.seed)
    phones = [(index, seat, rand.uniform(0, args.seconds)) for index in tables for seat in (0, 1)][:args.phones]
    times, statuses, errors = [], {}, []
    reading = {"site": [], "desk": []}
    done = threading.Event()
    start = time.monotonic()

    def phone(number: int, index: int, when: float) -> None:
        time.sleep(max(0.0, start + when - time.monotonic()))
        path = f"/report/cup/1/{index}/{table_secret(key, 'cup', 1, index)}"
        address = f"127.0.{1 + number // 250}.{1 + number % 250}"  # a phone's own address, as on a Wi-Fi
        try:
            page = request(port, "GET", path, address=address)[1]
            winner = re.search(r'<select name="winner">.*?<option value="(\d+)"', page, re.S).group(1)
            began = time.monotonic()
            status, _ = request(port, "POST", path, {"winner": winner}, address, cookie=f"podium-phone=p{number}")
            times.append(time.monotonic() - began)
            statuses[status] = statuses.get(status, 0) + 1
        except Exception as exc:  # noqa: BLE001 (a bench counts every failure, whatever it is)
            errors.append(repr(exc))

    def reader(name: str, where: int, path: str) -> None:
        while not done.is_set():
            began = time.monotonic()
            try:
                status, _ = request(where, "GET", path)
                reading[name].append(time.monotonic() - began)
                if status != 200:
                    errors.append(f"{name} answered {status}")
            except Exception as exc:  # noqa: BLE001
                errors.append(f"{name}: {exc!r}")
            time.sleep(0.5)

    readers = [threading.Thread(target=reader, args=("site", port, "/events/cup/")),
               threading.Thread(target=reader, args=("desk", port + 1, "/events/cup/"))]
    threads = [threading.Thread(target=phone, args=(n, index, when)) for n, (index, _, when) in enumerate(phones)]
    for thread in readers + threads:
        thread.start()
    for thread in threads:
        thread.join()
    done.set()
    for thread in readers:
        thread.join()
    ended = time.monotonic()
    while (entered := tables_entered(content)) < len(tables) and time.monotonic() - ended < 30:
        time.sleep(0.2)  # the last agreed results are written a moment after their phones were answered
    written_after = time.monotonic() - ended
    logged = sum(1 for line in (folder / LOG).read_text(encoding="utf-8").splitlines() if '"phone"' in line)
    print(f"{len(phones)} phones reporting {len(tables)} tables within {args.seconds:.0f} s "
          f"(python {sys.version.split()[0]}, {os.cpu_count()} cores)")
    print(f"  answers: {json.dumps(statuses, sort_keys=True)}; errors: {len(errors)} {errors[:3]}")
    print(f"  reports: {summary(times)}")
    print(f"  site page meanwhile: {summary(reading['site'])}; desk page: {summary(reading['desk'])}")
    print(f"  logged {logged} of {len(phones)} reports; {entered} of {len(tables)} tables entered, the last "
          f"{written_after:.1f} s after the last answer; lost: {len(phones) - logged + len(tables) - entered}")


def tables_entered(content: Path) -> int:
    pairings = yaml.safe_load((content / "events/cup/rounds/1.yaml").read_text(encoding="utf-8"))["pairings"]
    return sum(1 for pairing in pairings if pairing.get("winner"))


def summary(times: list[float]) -> str:
    if not times:
        return "none"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms"


def request(port: int, method: str, path: str, form: dict | None = None, address: str = "127.0.0.1",
            cookie: str = "") -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(address, 0))
    headers = {"Host": f"127.0.0.1:{port}"}
    if cookie:
        headers["Cookie"] = cookie
    body = None
    if form is not None:
        from urllib.parse import urlencode

        body = urlencode(form)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    return response.status, text


if __name__ == "__main__":
    main()
