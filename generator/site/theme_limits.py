"""A theme's templates run within limits: they come from the organizer's repository, where anyone
sending a pull request can change them, so a page of a theme is bounded in steps (loop rounds
and calls), size and time, and ends with a sentence at the template's line (docs/themes.md,
"Limits"). The limits are counted, not timed, so that the same content passes or fails alike on
every machine; Podium's own templates (a site without a theme) render without them.
"""
from __future__ import annotations

import contextvars
import functools
import re
import time
import types

import jinja2
from jinja2 import nodes
from jinja2.compiler import optimizeconst
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
    """Each loop's iterable through a counting filter (the sandbox has hooks for calls, not loops),
    and each ``a ~ b`` measured before it is joined (the sandbox has no hook for it either)."""
    def visit_Template(self, node: nodes.Template, frame=None) -> None:
        for loop in list(node.find_all(nodes.For)):  # in the tree, before Jinja writes (and looks up) filters
            loop.iter = nodes.Filter(loop.iter, _COUNTED, [], [], None, None, lineno=loop.iter.lineno)
        super().visit_Template(node, frame)

    @optimizeconst
    def visit_Concat(self, node: nodes.Concat, frame) -> None:  # Jinja's, with the parts measured first
        if frame.eval_ctx.volatile:
            join = "(markup_join if context.eval_ctx.volatile else str_join)"
        else:
            join = "markup_join" if frame.eval_ctx.autoescape else "str_join"
        self.write(f"{join}(environment.parts_within_limit((")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        self.write(")))")


class _Namespace(jinja2.utils.Namespace):  # what a loop keeps from round to round, so could double each
    def __setitem__(self, name: str, value) -> None:  # {% set ns.s = ns.s ~ ns.s %}
        super().__setitem__(name, _within_limit(value))


class ThemeLimits(SandboxedEnvironment):
    """What a site with a theme renders with. A theme's templates are content, not Podium's code:
    no Python internals (``().__class__.__mro__``), no range over MAX_RANGE (100,000) items, no
    power or repeated text beyond what a page could show, and each page within the limits above."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})  # not folded at compile time either: checked here
    code_generator_class, template_class = _CountingCodeGenerator, _PageTemplate

    def __init__(self, **options):
        super().__init__(**options)
        self.filters = {name: _limited_filter(name, function) for name, function in self.filters.items()}
        self.filters[_COUNTED] = lambda iterable: _allowance.get().counted(iterable)
        self.globals["namespace"] = _Namespace

    def call_binop(self, context, operator: str, left, right):
        if operator == "**" and _too_large_power(left, right):
            raise SecurityError(f"{left} ** {right} is a number too large for a page")
        if operator == "*" and (_too_long(left, right) or _too_long(right, left)):
            raise SecurityError(f"a text or list repeated into more than {MAX_RANGE:,} items is too long for a page")
        if operator == "+":
            self.parts_within_limit((left, right))
        if operator == "%" and isinstance(left, str):
            _format_within_limit(left, right)
        return _within_limit(super().call_binop(context, operator, left, right))

    @staticmethod
    def parts_within_limit(parts: tuple) -> tuple:
        """``parts``, unless the text or list they join into would be longer than a page may hold:
        refused before it is made (``a ~ a``, ``a + a`` double with each step)."""
        _sized(sum(len(p) for p in parts if isinstance(p, str)), sum(len(p) for p in parts if isinstance(p, (list, tuple))))
        return parts



    def call(self, context, obj, /, *args, **kwargs):
        """A step; what it is given, gives back or grows checked (a macro calling itself, ``l.extend(l)``)."""
        _allowance.get().step()
        list(map(_within_limit, (*args, *kwargs.values())))
        made = super().call(context, obj, *args, **kwargs)
        if type(obj) is types.BuiltinMethodType:  # l.append(…), l.extend(…): grown in place
            _within_limit(obj.__self__)
        return _within_limit(made)


def _sized(characters: int, items: int = 0) -> None:
    if characters > MAX_PAGE_CHARS:
        raise SecurityError(f"a text of more than {MAX_PAGE_CHARS:,} characters is too long for a page")
    if items > MAX_RANGE:
        raise SecurityError(f"a list of more than {MAX_RANGE:,} items is too long for a page")


_FORMAT_WIDTH = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")


def _format_within_limit(text: str, values) -> None:
    """A %-format whose widths (written, or given by '*') would write more than a page holds."""
    given = [v for v in (values if isinstance(values, tuple) else (values,)) if isinstance(v, int)]
    widths = [int(w) if w.isdigit() else max(given, default=0) for spec in _FORMAT_WIDTH.findall(text) for w in spec if w]
    _sized(len(text) + sum(widths))


def _limited_filter(name: str, function):
    """A filter as a theme runs it: a step, its result within a page's limits, and (where one
    filter can multiply what it is given: replace, join, center, indent, format) its size
    worked out before it is made."""
    before = _FILTER_SIZES.get(name)
    passes_first = getattr(function, "jinja_pass_arg", None) is not None  # the context or environment

    @functools.wraps(function)  # keeps jinja_pass_arg
    def limited(*args, **kwargs):
        _allowance.get().step()
        if before is not None:
            before(*args[passes_first:], **kwargs)
        return _within_limit(function(*args, **kwargs))
    return limited


def _replaced(s, old="", new="", count=None, *_, **__) -> None:
    if isinstance(s, str) and isinstance(old, str) and isinstance(new, str):
        times = s.count(old) if old else len(s) + 1
        _sized(len(s) + min(times, count if isinstance(count, int) and count >= 0 else times) * (len(new) - len(old)))


def _joined(value, d="", *_, **__) -> None:
    if isinstance(value, (list, tuple, range)) and isinstance(d, str):
        _sized(len(d) * max(len(value) - 1, 0) + sum(len(v) if isinstance(v, str) else 20 for v in value))


def _centred(value="", width=80, *_, **__) -> None:
    _sized(width if isinstance(width, int) else 0)


def _indented(s="", width=4, *_, **__) -> None:
    if isinstance(s, str):
        _sized(len(s) + (s.count("\n") + 1) * (width if isinstance(width, int) else len(str(width))))


def _formatted(value="", *args, **__) -> None:
    if isinstance(value, str):
        _format_within_limit(value, args)


_FILTER_SIZES = {"replace": _replaced, "join": _joined, "center": _centred, "indent": _indented, "format": _formatted}


def _within_limit(value):
    """``value``, unless a text longer than a page may be, or a list, dict or set longer than a range."""
    if isinstance(value, str):
        _sized(len(value))
    elif isinstance(value, (list, tuple, dict, set)):
        _sized(0, len(value))
    return value


_MAX_BITS = 4096


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _too_large_power(base, exponent) -> bool:
    return _whole(base) and _whole(exponent) and abs(base) > 1 and exponent * abs(base).bit_length() > _MAX_BITS


def _too_long(sequence, times) -> bool:
    return isinstance(sequence, (str, list, tuple)) and _whole(times) and len(sequence) * times > MAX_RANGE
