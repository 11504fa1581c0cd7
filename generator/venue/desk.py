"""The results desk: `podium serve --desk` opens, on 127.0.0.1 alone, the current round of every
event with a form a table, drawn from the event's ruleset (rules/forms.py). Saving writes the
round file as a person writes it, checked first as `podium check` checks it (run/recording.py):
a problem is shown beside its table and nothing is written; a file changed on disk since the
form was opened is never overwritten. The site is rebuilt by serve's watcher, as after any edit.

Only this machine may use it: the server listens on 127.0.0.1, answers only requests from there
naming it as their host (a page elsewhere cannot reach it through a name that resolves here),
and a change must carry the token of this run of the desk, which only its own pages hold.
"""
from __future__ import annotations

import secrets
from pathlib import Path
from urllib.parse import quote

import jinja2
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application, RequestHandler

from podium.content.history import commit_file
from podium.content.roundfile import round_file
from podium.rules.report import table_numbers
from podium.content.validate.schema import PENALTY_KINDS
from podium.content.resultfile import Changed
from podium.core.errors import UserError
from podium.rules.forms import FormAnswer, answers, table_form
from podium.run.archive import CurrentArchive
from podium.run.pairing import pair
from podium.run.recording import Refused, commit_message, record_late_entry, record_results, record_round
from podium.core.folders import TEMPLATES_DIR
from podium.venue.loopthread import LoopThread
from podium.venue.deskviews import by_table, event_line, reported, round_view

HOST = "127.0.0.1"
MAX_BODY = 64 * 1024  # a form of a table is a few hundred bytes
NOT_HERE = "The results desk answers only on this computer (http://127.0.0.1); open it there.\n"
CHANGED_AND_BROKEN = ("Nothing was written: the content changed on disk since the form was opened, and has these "
                      "problems now; correct them in the files, then reload the desk.")
CHANGED = "The round file changed on disk since this form was opened (an editor, a git pull): nothing was written."
NO_TOKEN = "This form is not from this run of the desk (it was restarted, or the page is not its own); reload the page.\n"


class Desk(LoopThread):
    """The desk for ``content`` on 127.0.0.1:``port``, served by an event loop in a thread of its
    own from ``start()`` to ``close()``; ``site``: the address the site is served at."""

    def __init__(self, content: Path, port: int, site: str, commit: bool = False, reports=None,
                 site_port: int | None = None):
        self.token = secrets.token_urlsafe(32)
        settings = {"content": content, "token": self.token, "site": site, "port": None, "commit": commit,
                    "reports": reports, "site_port": site_port, "current": CurrentArchive(content)}
        super().__init__(bind_sockets(port, HOST), "results desk")
        settings["port"] = self.port
        self._app = Application([
            (r"/", EventsPage, settings),
            (r"/events/([a-z0-9-]+)/", RoundPage, settings),
            (r"/events/([a-z0-9-]+)/rounds/([0-9]{1,4})/([0-9]{1,4})", SaveTable, settings),
            (r"/events/([a-z0-9-]+)/rounds/([0-9]{1,4})/round", SaveRound, settings),
            (r"/events/([a-z0-9-]+)/late-entry", LateEntry, settings),
            (r"/events/([a-z0-9-]+)/pair", PairNext, settings),
            (r"/events/([a-z0-9-]+)/slips", Slips, settings),
        ])

    def serve(self) -> None:
        server = HTTPServer(self._app, max_body_size=MAX_BODY)
        server.add_sockets(self._sockets)
        try:
            self._loop.run_forever()
        finally:
            server.stop()
            self._loop.close()



# The form's inputs are drawn by the macros the players' report page draws them with (forms/).
ENVIRONMENT = jinja2.Environment(loader=jinja2.FileSystemLoader([str(TEMPLATES_DIR / "desk"), str(TEMPLATES_DIR / "forms")]),
                                 autoescape=True, undefined=jinja2.StrictUndefined, extensions=["jinja2.ext.i18n"])
ENVIRONMENT.install_null_translations(newstyle=True)  # the desk speaks English; the labels are msgids


class DeskHandler(RequestHandler):
    def initialize(self, content: Path, token: str, site: str, port: int, commit: bool, reports, site_port,
                   current: CurrentArchive) -> None:
        self.content, self.token, self.site, self.port, self.commit = content, token, site, port, commit
        self.reports, self.site_port, self.current = reports, site_port, current

    def prepare(self) -> None:
        """Only this computer, by its own name: a request from elsewhere, or for another host name
        (a page that made a name of its own resolve here), is refused."""
        if self.request.remote_ip != HOST or self.request.host not in (f"{HOST}:{self.port}", f"localhost:{self.port}"):
            self._refuse(403, NOT_HERE)
        elif self.request.method == "POST" and not secrets.compare_digest(self.get_body_argument("token", ""), self.token):
            self._refuse(403, NO_TOKEN)

    def _refuse(self, status: int, text: str) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(text)

    def page(self, template: str, **values) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'")
        self.set_header("X-Frame-Options", "DENY")
        values.setdefault("reports", False)
        self.finish(ENVIRONMENT.get_template(template).render(token=self.token, site=self.site, **values))

    def event_to_change(self, event_id: str):
        """The event a change is made to; None, with the page said, where the content no longer
        loads (broken on disk meanwhile, by an editor) or holds no such event."""
        archive, problems = self.archive_or_problems()
        if archive is None or event_id not in archive.events:
            self.page("index.html", events=[], problems=[CHANGED_AND_BROKEN, *(problems or [])])
            return None
        return archive.events[event_id]

    def committed(self, path: Path, message: str) -> str | None:
        """With --commit, each saved file is a commit of its own; why it is not, or None."""
        try:
            commit_file(path, message)
        except UserError as error:
            return str(error.problems[0])
        return None

    def archive_or_problems(self):
        try:
            return self.current.get(), None
        except UserError as error:
            return None, [str(problem) for problem in error.problems]


class EventsPage(DeskHandler):
    def get(self) -> None:
        archive, problems = self.archive_or_problems()
        events = [] if archive is None else [event_line(result) for result in archive.events.values()]
        self.page("index.html", events=sorted(events, key=lambda e: e["date"], reverse=True), problems=problems or [])


class RoundPage(DeskHandler):
    def get(self, event_id: str) -> None:
        self.show(event_id)

    def show(self, event_id: str, said: dict | None = None) -> None:
        archive, problems = self.archive_or_problems()
        if archive is None:
            return self.page("index.html", events=[], problems=problems)
        if event_id not in archive.events:
            self.set_status(404)
            return self.page("index.html", events=[], problems=[f"no event '{event_id}' in the content"])
        said = dict(said or {})
        result = archive.events[event_id]
        if self.reports is not None and result.event.rounds:  # what phones reported and is not in yet
            rnd = result.event.rounds[-1]
            for index, results in self.reports.waiting(event_id, rnd.number).items():
                if index < len(rnd.pairings) and not rnd.pairings[index].has_result:  # the organizer's entry wins
                    said.setdefault(index, {})["reported"] = [reported(one, result.event) for one in results]
        self.page("round.html", **round_view(result, said), reports=self.reports is not None)


class SaveTable(RoundPage):
    def post(self, event_id: str, number: str, index: str) -> None:
        result = self.event_to_change(event_id)
        if result is None:
            return
        rnd = _round(result.event, number)
        if rnd is None or int(index) >= len(rnd.pairings):
            return self.show(event_id, {"general": [f"round {number} has no table {int(index) + 1}; reload the page"]})
        index = int(index)
        pairing = rnd.pairings[index]
        posted = {name: self.get_body_argument(name) for name in self.request.body_arguments}
        path = round_file(result.event.folder, rnd.number)
        try:
            values = answers(table_form(result, rnd, pairing), posted, pairing.players)
        except FormAnswer as refused:
            return self.show(event_id, {index: {"problems": [str(refused)], "posted": posted}})
        done = record_results(self.content, path, self.get_body_argument("version", ""), {index: values})
        if isinstance(done, Refused):
            return self.show(event_id, by_table(done, path, index, posted))
        if isinstance(done, Changed):
            return self.show(event_id, {index: {"changed": done.now.text, "posted": posted}})
        if self.commit and (problem := self.committed(path, commit_message(result.event, rnd.number, pairing, values))):
            return self.show(event_id, {"general": [problem]})
        self.redirect(f"/events/{quote(event_id)}/#table-{index}", status=303)


class SaveRound(RoundPage):
    """The round's withdrawals and one more penalty (round-level keys of the round file)."""

    def post(self, event_id: str, number: str) -> None:
        result = self.event_to_change(event_id)
        if result is None:
            return
        event = result.event
        rnd = _round(event, number)
        if rnd is None:
            return self.show(event_id, {"general": [f"there is no round {number}; reload the page"]})
        players = sorted({p for pairing in rnd.pairings for p in pairing.players})
        drops = [p for p in players if self.get_body_argument(f"drop.{p}", "") == "on"]
        penalty = _penalty(self, players)
        path = round_file(event.folder, rnd.number)
        done = record_round(self.content, path, self.get_body_argument("version", ""), drops, penalty)
        if isinstance(done, Refused):
            return self.show(event_id, {"general": [str(problem) for problem in done.problems]})
        if isinstance(done, Changed):
            return self.show(event_id, {"general": [CHANGED], "changed": done.now.text})
        message = _round_message(event, rnd, drops, penalty)
        if self.commit and message and (problem := self.committed(path, message)):
            return self.show(event_id, {"general": [problem]})
        self.redirect(f"/events/{quote(event_id)}/#round", status=303)


def _penalty(handler: RequestHandler, players: list[str]) -> dict | None:
    player, kind = handler.get_body_argument("penalty.player", ""), handler.get_body_argument("penalty.kind", "")
    if not player or player not in players or kind not in PENALTY_KINDS:
        return None
    penalty = {"player": player, "kind": kind}
    points = handler.get_body_argument("penalty.points", "").strip()
    if kind == "points" and points:
        try:
            penalty["points"] = float(points) if "." in points else int(points)
        except ValueError:
            penalty["points"] = points  # said by the reader at its line, as a typed one would be
    if reason := handler.get_body_argument("penalty.reason", "").strip():
        penalty["reason"] = reason
    return penalty


def _round_message(event, rnd, drops: list[str], penalty: dict | None) -> str:
    said = []
    if penalty:
        said.append(f"{penalty['kind']} to {event.player(penalty['player']).name}" + (f" ({penalty['reason']})" if penalty.get("reason") else ""))
    if set(drops) != set(rnd.drops):
        said.append("withdrawn after it: " + (", ".join(event.player(p).name for p in drops) or "nobody"))
    return f"Round {rnd.number}: " + "; ".join(said) if said else ""


class LateEntry(RoundPage):
    """A player who arrives after round 1: registered with the round he joins."""

    def post(self, event_id: str) -> None:
        result = self.event_to_change(event_id)
        if result is None:
            return
        event = result.event
        name = self.get_body_argument("name", "").strip()
        if not name:
            return self.show(event_id, {"general": ["a late entry needs the player's name"]})
        armies = [a.strip() for a in self.get_body_argument("armies", "").split(",") if a.strip()]
        joins = self.get_body_argument("joins", "").strip()
        entry = {"name": name, "club": self.get_body_argument("club", "").strip(), "armies": armies,
                 "joins": int(joins) if joins.isdigit() else joins or None}
        path = Path(event.folder) / "registrations.yaml"
        done = record_late_entry(self.content, path, self.get_body_argument("registrations", ""), entry)
        if isinstance(done, Refused):
            return self.show(event_id, {"general": [str(problem) for problem in done.problems]})
        if isinstance(done, Changed):
            return self.show(event_id, {"general": ["registrations.yaml changed on disk since this form was opened (an "
                                                    "editor, a git pull): nothing was written; reload and enter him again"]})
        if self.commit and (problem := self.committed(path, f"Late entry: {name} joins in round {joins}")):
            return self.show(event_id, {"general": [problem]})
        self.redirect(f"/events/{quote(event_id)}/#late-entry", status=303)


class Slips(DeskHandler):
    """The round's slips to print, each with the code its players report through (--reports)."""

    def get(self, event_id: str) -> None:
        from podium.site.qr import qr_svg
        from podium.venue.lanaddress import lan_address

        archive, problems = self.archive_or_problems()
        if archive is None or event_id not in archive.events or self.reports is None or not archive.events[event_id].event.rounds:
            return self.page("index.html", events=[], problems=problems or ["slips with report codes need --reports"])
        event = archive.events[event_id].event
        rnd = event.rounds[-1]
        base = f"http://{lan_address() or HOST}:{self.site_port}"
        slips = []
        for index, (pairing, table) in enumerate(zip(rnd.pairings, table_numbers(rnd.pairings))):
            if pairing.alone:  # nobody plays there: no slip, nothing to report
                continue
            url = f"{base}/report/{event_id}/{rnd.number}/{index}/{self.reports.secret(event_id, rnd.number, index)}"
            slips.append({"table": table, "players": [event.player(p).name for p in pairing.players],
                          "url": url, "qr": qr_svg(url)})
        self.page("slips.html", event={"id": event.id, "name": event.name}, round=rnd.number, slips=slips)


class PairNext(RoundPage):
    def post(self, event_id: str) -> None:
        try:
            path = pair(self.content, event_id)
        except UserError as error:
            return self.show(event_id, {"general": [str(problem) for problem in error.problems]})
        if self.commit and (problem := self.committed(path, f"Round {path.stem} paired")):
            return self.show(event_id, {"general": [problem]})
        self.redirect(f"/events/{quote(event_id)}/", status=303)


def _round(event, number: str):
    """The event's round ``number`` (as the address says it), or None."""
    return next((r for r in event.rounds if r.number == int(number)), None)
