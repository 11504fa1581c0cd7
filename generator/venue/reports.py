"""Result reports from the players' phones (`podium serve --lan --reports`): the two players of a
table each report its result through the QR code on the table's slip; when both agree the result
is written into the round file as the desk writes it (checked first), and when they differ, or
only one came, the desk shows what was reported and the organizer decides (his entry wins).

Only someone holding a table's slip can report it: the slip's address carries a secret of that
table, an HMAC of event, round and table under a key kept outside the content repository (in
the user's data folder, readable by this user alone), so neither the repository nor the
published site holds it. Every report is appended to a log beside the key (JSON lines, never
rewritten), so nothing a player sent is lost, whatever became of it.
"""
from __future__ import annotations

from podium.core.words import N_

import base64
import hashlib
import hmac
import json
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from podium.content.history import commit_file
from podium.content.roundfile import round_file
from podium.core.errors import UserError
from podium.run.archive import CurrentArchive
from podium.run.cache import own_key

KEY = "key"
LOG = "reports.jsonl"
SECRET_LENGTH = 16  # base32 characters: 80 bits, typed by nobody (it is in the QR code)


def reports_folder(content: Path) -> Path:
    """Where one content folder's report key and log are kept: the user's data folder
    (``PODIUM_DATA_DIR`` moves it), outside every repository, one folder per content folder."""
    chosen = os.environ.get("PODIUM_DATA_DIR")
    root = Path(chosen) if chosen else Path(platformdirs.user_data_dir("podium", appauthor=False))
    return root / "reports" / hashlib.sha256(os.fsencode(os.path.realpath(content))).hexdigest()[:20]


def table_secret(key: bytes, event_id: str, number: int, index: int) -> str:
    """The secret on a table's slip: whoever has it may report that table's result, no other."""
    mac = hmac.new(key, f"{event_id}/{number}/{index}".encode(), hashlib.sha256).digest()
    return base64.b32encode(mac).decode()[:SECRET_LENGTH].lower()


@dataclass
class TableReports:
    """What the phones reported of one table: each phone's result, in the order they came."""

    by_phone: dict = field(default_factory=dict)  # phone → the result it reported (round file keys)

    def agreed(self) -> dict | None:
        """The result two phones reported alike, or None."""
        results = list(self.by_phone.values())
        return next((one for i, one in enumerate(results) if one in results[i + 1:]), None)


class ReportLog:
    """The append-only log of every report received: one JSON line each, flushed to disk before
    the phone is answered."""

    def __init__(self, path: Path):
        self.path = path
        self._lock = threading.Lock()

    def append(self, **entry) -> None:
        line = json.dumps({"at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), **entry}, ensure_ascii=False, sort_keys=True)
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            with os.fdopen(descriptor, "a", encoding="utf-8") as stream:
                stream.write(line + "\n")
                stream.flush()
                os.fsync(stream.fileno())

    def entries(self) -> list[dict]:
        try:
            with open(self.path, encoding="utf-8") as stream:
                return [json.loads(line) for line in stream if line.strip()]
        except OSError:
            return []


class Limiter:
    """At most ``most`` requests a second from one address (a phone, or all the phones behind one
    hotspot share less); the others are told to wait."""

    def __init__(self, most: int = 5, seconds: float = 1.0):
        self.most, self.seconds = most, seconds
        self._seen: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def allows(self, address: str) -> bool:
        now = time.monotonic()
        with self._lock:
            recent = [at for at in self._seen.get(address, []) if now - at < self.seconds]
            allowed = len(recent) < self.most
            if allowed:
                recent.append(now)
            self._seen[address] = recent
            if len(self._seen) > 10_000:  # a flood of addresses: forget the quiet ones
                self._seen = {a: s for a, s in self._seen.items() if s and now - s[-1] < self.seconds}
            return allowed


@dataclass(frozen=True)
class Answer:
    """What a phone is told: an HTTP status and a sentence (an English msgid; the page translates it)."""

    status: int
    message: str


WRITTEN = N_("Thank you: both reports agree, and the result goes in now.")
WAITING = N_("Thank you: the result is in once your opponent reports the same.")
DIFFERS = N_("Your report and your opponent's differ: the organizer will decide.")
TO_ORGANIZER = N_("Thank you: the organizer will look at this result before it is entered.")
WRONG_SECRET = N_("This is not the address on your table's slip: scan its code again.")
FINISHED = N_("This table's result is in already (or its round is over): ask the organizer to correct it.")
BUSY = N_("The results cannot be taken for a moment (the organizer is correcting a file): try again in a minute.")
CONTRADICTS = N_("This phone reported another result for this table before: ask the organizer to correct it.")


class Reports:
    """The reports of one content folder's running events, received from any thread. A phone is
    answered as soon as its report is logged and compared with its opponent's; two alike are
    written by a thread of their own, every agreed table of a round file in one change (checked
    first, as the desk's), so a room reporting at once is answered at once."""

    REFRESH = 2.0  # seconds: the content is looked at again at most this often to answer phones

    def __init__(self, content: Path, commit: bool = False):
        folder = reports_folder(content)
        self.commit = commit  # --commit: the results two phones agreed on are committed too
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass
        self.key = own_key(folder / KEY)
        if self.key is None:
            from podium.core.errors import Src, fail

            raise fail(Src("--reports"), f"cannot keep the key of the table slips in {folder} (it cannot be written, or "
                                         "others may read it); set PODIUM_DATA_DIR to a folder of your own")
        self.content, self.log = content, ReportLog(folder / LOG)
        self.tables: dict[tuple, TableReports] = {}
        self.agreed: dict[tuple, dict] = {}  # (event, round, table) → the result two phones agreed on, not yet written
        self._lock = threading.Lock()
        self._to_write = threading.Condition(self._lock)
        self._writing: dict[tuple, dict] = {}  # the agreed results being written now
        self.current = CurrentArchive(content, refresh=self.REFRESH)
        threading.Thread(target=self._write_agreed, name="reports writer", daemon=True).start()

    def secret(self, event_id: str, number: int, index: int) -> str:
        return table_secret(self.key, event_id, number, index)

    def archive(self):
        """The content as it was at most REFRESH seconds ago (loaded again only when a file changed)."""
        return self.current.get()

    def open_table(self, event_id: str, number: int, index: int, secret: str):
        """The event and pairing a slip's address names, if its secret is that table's and the
        table still waits for its result; else the Answer to give."""
        if not hmac.compare_digest(secret.encode(), self.secret(event_id, number, index).encode()):
            return Answer(403, WRONG_SECRET)
        try:
            result = self.archive().events.get(event_id)
        except UserError:  # a file the organizer is editing does not read: not the phone's fault, and soon over
            return Answer(503, BUSY)
        rnd = result.event.rounds[-1] if result is not None and result.event.rounds else None
        if rnd is None or rnd.number != number or index >= len(rnd.pairings) or rnd.pairings[index].has_result \
                or (event_id, number, index) in self.agreed or (event_id, number, index) in self._writing:
            return Answer(409, FINISHED)
        return result, rnd, rnd.pairings[index]

    def receive(self, event_id: str, number: int, index: int, secret: str, phone: str, values: dict,
                address: str) -> Answer:
        """One phone's report of a table's result (``values``: the round file's keys)."""
        opened = self.open_table(event_id, number, index, secret)
        entry = {"event": event_id, "round": number, "table": index, "phone": phone, "address": address,
                 "result": values}
        with self._lock:  # one report at a time: agreement is decided once
            if isinstance(opened, Answer) or (event_id, number, index) in self.agreed:
                answer = opened if isinstance(opened, Answer) else Answer(409, FINISHED)
                self.log.append(**entry, outcome=answer.message)
                return answer
            table = self.tables.setdefault((event_id, number, index), TableReports())
            if table.by_phone.get(phone, values) != values:
                self.log.append(**entry, outcome=CONTRADICTS)
                return Answer(409, CONTRADICTS)
            table.by_phone[phone] = values
            agreed = table.agreed()
            if agreed is None:
                answer = Answer(202, DIFFERS if len(table.by_phone) > 1 else WAITING)
            else:
                self.agreed[(event_id, number, index)] = agreed
                self._to_write.notify()
                answer = Answer(200, WRITTEN)
            self.log.append(**entry, outcome=answer.message)
            return answer

    def _write_agreed(self) -> None:
        """Write the agreed results, every table of a round file in one change; a change the
        checks refuse is written table by table, and a table refused alone waits for the desk."""
        while True:
            with self._lock:
                while not self.agreed:
                    self._to_write.wait()
            time.sleep(0.2)  # the reports arriving meanwhile go into the same change
            with self._lock:
                batch, self.agreed = dict(self.agreed), {}
                self._writing = batch
            by_round: dict[tuple, dict] = {}
            for (event_id, number, index), values in batch.items():
                by_round.setdefault((event_id, number), {})[index] = values
            for (event_id, number), results in by_round.items():
                self._write(event_id, number, results)
            with self._lock:
                self._writing = {}
            self.current.forget()  # the round file changed: look again

    def _write(self, event_id: str, number: int, results: dict) -> None:
        from podium.content.resultfile import Changed, RoundText
        from podium.run.recording import Refused, record_results

        path = round_file(self.content / "events" / event_id, number)
        for attempt in range(3):  # an editor saved the file meanwhile: the change is made again
            done = record_results(self.content, path, RoundText.read(path).version, results)
            if not isinstance(done, Changed):
                break
        if isinstance(done, Refused) and len(results) > 1:
            for index, values in results.items():
                self._write(event_id, number, {index: values})
            return
        outcome = WRITTEN if isinstance(done, RoundText) else TO_ORGANIZER
        if isinstance(done, RoundText) and self.commit:
            tables = ", ".join(str(index + 1) for index in sorted(results))
            try:
                commit_file(path, f"Round {number}: results reported by both players (table{'s' * (len(results) > 1)} {tables})")
            except UserError as error:  # saved, not committed: the log says so, the desk's history shows it
                outcome = f"{WRITTEN} {error.problems[0]}"
        for index, values in results.items():
            problems = [str(p) for p in done.problems] if isinstance(done, Refused) else []
            self.log.append(event=event_id, round=number, table=index, result=values, outcome=outcome, problems=problems)

    def waiting(self, event_id: str, number: int) -> dict[int, list[dict]]:
        """What phones reported of each table of a round, for the desk to show beside the tables
        whose result is not in (two that differ, one alone, or an agreed one the checks refused)."""
        with self._lock:
            return {index: list(table.by_phone.values()) for (event, n, index), table in self.tables.items()
                    if event == event_id and n == number}

    def settled(self, seconds: float = 30) -> bool:
        """Whether every agreed result has been written (tests and the bench wait for it)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            with self._lock:
                if not self.agreed and not self._writing:
                    return True
            time.sleep(0.05)
        return False
