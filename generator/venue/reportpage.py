"""The page a player opens from his table's slip (venue/reports.py): the table's result form,
drawn from the ruleset like the desk's, in the site's language, and the answer to his report.

Every bad request is answered with a sentence and changes nothing: a wrong or stale secret
(403), a finished table or round (409), a contradiction from the same phone (409), a body over
MAX_BODY (413), more than a few reports a second from one address (429)."""
from __future__ import annotations

import functools
import secrets

import jinja2
from tornado.ioloop import IOLoop
from tornado.web import RequestHandler

from podium.core.errors import UserError
from podium.core.words import N_
from podium.rules.forms import FormAnswer, answers, table_form
from podium.site.i18n import Language
from podium.core.folders import TEMPLATES_DIR
from podium.venue.reports import Answer, Limiter, Reports

MAX_BODY = 4096  # a table's result is a few hundred bytes
PHONE = "podium-phone"  # the cookie that tells one phone's reports from another's
TOO_BIG = N_("This report is too long to be a result: reload the page and send it again.")
TOO_FAST = N_("Too many reports at once from this phone: wait a moment and send it again.")


@functools.lru_cache(maxsize=None)
def _environment(code: str) -> jinja2.Environment:
    """The report page's templates in a language, compiled once a process (an overlay made at
    every request started with no compiled template, and compiled both again each time; one
    kept would share its gettext with the others, its globals being theirs)."""
    language = Language(code)
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(TEMPLATES_DIR / "report"), str(TEMPLATES_DIR / "forms")]),
        autoescape=True, undefined=jinja2.StrictUndefined, extensions=["jinja2.ext.i18n"])
    environment.install_gettext_callables(language.gettext, language.ngettext, newstyle=True)
    environment.language_code = language.code
    return environment


ROUTE = r"/report/([a-z0-9-]{1,100})/([0-9]{1,4})/([0-9]{1,4})/([a-z2-7]{1,64})"
PER_SECOND = 5  # reports a second from one address: a phone sends one, a hotspot's few share it


def report_handlers(reports: Reports, per_second: int = PER_SECOND) -> list:
    """The LAN server's routes for the players' reports, before its site files."""
    return [(ROUTE, ReportPage, {"reports": reports, "limiter": Limiter(per_second)})]


class ReportPage(RequestHandler):
    def initialize(self, reports: Reports, limiter: Limiter) -> None:
        self.reports, self.limiter = reports, limiter

    def get(self, event_id: str, number: str, index: str, secret: str) -> None:
        opened = self.reports.open_table(event_id, int(number), int(index), secret)
        if isinstance(opened, Answer):
            return self.answer(opened)
        if not self.get_cookie(PHONE):
            self.set_cookie(PHONE, secrets.token_urlsafe(16), httponly=True, samesite="Strict", expires_days=2)
        self.show(opened)

    async def post(self, event_id: str, number: str, index: str, secret: str) -> None:
        if len(self.request.body) > MAX_BODY:
            return self.answer(Answer(413, TOO_BIG))
        if not self.limiter.allows(self.request.remote_ip):
            self.set_header("Retry-After", "1")
            return self.answer(Answer(429, TOO_FAST))
        posted = {name: self.get_body_argument(name) for name in self.request.body_arguments}
        phone = self.get_cookie(PHONE) or self.request.remote_ip
        opened = self.reports.open_table(event_id, int(number), int(index), secret)
        if isinstance(opened, Answer):  # kept in the log all the same: nothing a player sent is lost
            self.reports.log.append(event=event_id, round=int(number), table=int(index), phone=phone,
                                    address=self.request.remote_ip, posted=posted, outcome=opened.message)
            return self.answer(opened)
        result, rnd, pairing = opened
        try:
            values = answers(table_form(result, rnd, pairing), posted, pairing.players)
        except FormAnswer as refused:
            self.reports.log.append(event=event_id, round=rnd.number, table=int(index), phone=phone,
                                    address=self.request.remote_ip, posted=posted, outcome=str(refused))
            return self.show(opened, problem=str(refused), status=400)
        answer = await IOLoop.current().run_in_executor(  # a save reads the content: the loop keeps serving meanwhile
            None, self.reports.receive, event_id, rnd.number, int(index), secret, phone, values, self.request.remote_ip)
        self.answer(answer)

    def show(self, opened, problem: str | None = None, status: int = 200) -> None:
        from podium.venue.deskviews import table_view

        result, rnd, pairing = opened
        self.set_status(status)
        self.render_page(table=table_view(result, rnd, rnd.pairings.index(pairing), {}), event=result.event.name,
                         round=rnd.number, problem=problem, message=None)

    def answer(self, answer: Answer) -> None:
        self.set_status(answer.status)
        self.render_page(table=None, event="", round=None, problem=None, message=answer.message)

    def render_page(self, **values) -> None:
        environment = _environment(self._site_language())
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
        self.finish(environment.get_template("form.html").render(lang=environment.language_code, **values))

    def _site_language(self) -> str:
        try:
            return self.reports.archive().site.language
        except UserError:  # the content broken meanwhile: the answer is still given, in English
            return "en"
