"""A theme's templates run within limits: they come from the organizer's repository, where anyone
sending a pull request can change them, so a page of a theme is bounded in steps (loop rounds
and calls), size and time, and ends with a sentence at the template's line (docs/themes.md,
"Limits"). The limits are counted, not timed, so that the same content passes or fails alike on
every machine; Podium's own templates (a site without a theme) render without them.
"""
from __future__ import annotations

import contextvars
import time
import types

import jinja2
from jinja2 import nodes
from jinja2.sandbox import MAX_RANGE, SandboxedEnvironment, SecurityError


# One page's limits with a theme (docs/themes.md, "Limits"), counted so that the same content passes or
# fails alike on every machine; far above a 10,000-player round page's 145,000 steps and 8.9 M characters.
MAX_STEPS = 1_000_000  # loop rounds and calls: under a second of a runaway loop, a few of runaway macros
MAX_PAGE_CHARS = 50_000_000  # the page written, and any text a template keeps from step to step
MAX_PAGE_SECONDS = 60  # only a backstop, for few steps each very costly (sorting a long list again and again)
_COUNTED = "podium counted"  # the filter counting a loop's rounds: no template can write a name with a space
# Set by render: the page's loops and calls draw on it in any template, macro or include it runs.
_allowance: contextvars.ContextVar[_Allowance] = contextvars.ContextVar("theme_page_allowance")


class _Allowance:  # the steps and time left to the page being rendered
    def __init__(self):
        self.steps, self.deadline = 0, time.monotonic() + MAX_PAGE_SECONDS

    def step(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise _beyond(f"{MAX_STEPS:,} loop rounds and calls")
        if self.steps % 1024 == 0 and time.monotonic() > self.deadline:  # a look costs as much as dozens of steps
            raise _beyond(f"{MAX_PAGE_SECONDS:,} seconds")

    def counted(self, iterable):
        for item in iterable:
            self.step()
            yield item


def _beyond(limit: str) -> SecurityError:
    return SecurityError(f"the page takes more than {limit}, far more than a page could need")


class _PageTemplate(jinja2.Template):
    def render(self, *args, **kwargs) -> str:
        """The page, measured piece by piece as it is made (Jinja's render joins them once all are made)."""
        _allowance.set(_Allowance())  # the page's own (left when it is done: the next page sets its own)
        pieces, written, size = self.generate(*args, **kwargs), [], 0
        for piece in pieces:
            size += len(piece)
            if size > MAX_PAGE_CHARS:  # raised in the template, at the line writing this piece
                pieces.throw(_beyond(f"{MAX_PAGE_CHARS:,} characters"))
            written.append(piece)
        return "".join(written)


class _CountingCodeGenerator(jinja2.compiler.CodeGenerator):
    """Each loop's iterable through a counting filter (the sandbox has hooks for calls, not loops)."""
    def visit_Template(self, node: nodes.Template, frame=None) -> None:
        for loop in list(node.find_all(nodes.For)):  # in the tree, before Jinja writes (and looks up) filters
            loop.iter = nodes.Filter(loop.iter, _COUNTED, [], [], None, None, lineno=loop.iter.lineno)
        super().visit_Template(node, frame)


class _Namespace(jinja2.utils.Namespace):  # what a loop keeps from round to round, so could double each
    def __setitem__(self, name: str, value) -> None:  # {% set ns.s = ns.s ~ ns.s %}
        super().__setitem__(name, _within_limit(value))


class ThemeLimits(SandboxedEnvironment):
    """What a site with a theme renders with. A theme's templates are content, not Podium's code:
    no Python internals (``().__class__.__mro__``), no range over MAX_RANGE (100,000) items, no
    power or repeated text beyond what a page could show, and each page within the limits above."""

    intercepted_binops = frozenset({"*", "**"})  # not folded at compile time either: checked here
    code_generator_class, template_class = _CountingCodeGenerator, _PageTemplate

    def __init__(self, **options):
        super().__init__(**options)
        self.filters[_COUNTED] = lambda iterable: _allowance.get().counted(iterable)
        self.globals["namespace"] = _Namespace

    def call_binop(self, context, operator: str, left, right):
        if operator == "**" and _too_large_power(left, right):
            raise SecurityError(f"{left} ** {right} is a number too large for a page")
        if operator == "*" and (_too_long(left, right) or _too_long(right, left)):
            raise SecurityError(f"a text or list repeated into more than {MAX_RANGE:,} items is too long for a page")
        return super().call_binop(context, operator, left, right)

    def call(self, context, obj, /, *args, **kwargs):
        """A step; what it is given, gives back or grows checked (a macro calling itself, ``l.extend(l)``)."""
        _allowance.get().step()
        list(map(_within_limit, (*args, *kwargs.values())))
        made = super().call(context, obj, *args, **kwargs)
        if type(obj) is types.BuiltinMethodType:  # l.append(…), l.extend(…): grown in place
            _within_limit(obj.__self__)
        return _within_limit(made)


def _within_limit(value):
    """``value``, unless a text longer than a page may be, or a list, dict or set longer than a range."""
    if isinstance(value, str):
        if len(value) > MAX_PAGE_CHARS:
            raise SecurityError(f"a text of more than {MAX_PAGE_CHARS:,} characters is too long for a page")
    elif isinstance(value, (list, tuple, dict, set)) and len(value) > MAX_RANGE:
        raise SecurityError(f"a list of more than {MAX_RANGE:,} items is too long for a page")
    return value


_MAX_BITS = 4096


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _too_large_power(base, exponent) -> bool:
    return _whole(base) and _whole(exponent) and abs(base) > 1 and exponent * abs(base).bit_length() > _MAX_BITS


def _too_long(sequence, times) -> bool:
    return isinstance(sequence, (str, list, tuple)) and _whole(times) and len(sequence) * times > MAX_RANGE
