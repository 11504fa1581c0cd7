"""Declared contracts (issue 17): every kind of block is an abstract base declaring what a stage
may ask it (registry.BASES); a block that lacks a declared method is refused when the ruleset
naming it is loaded, at the ruleset's line, never in the middle of an event."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from podium.core.errors import UserError
from podium.rules import registry
from podium.rules.registry import BASES, BLOCKS, TIEBREAKER_BASE, TIEBREAKERS
from podium.content.rulesets import BUILTIN_DIR, load_rulesets

PACKAGE = Path(__file__).resolve().parent.parent / "generator"


def test_every_ruleset_key_names_its_base():
    assert set(BASES) == set(BLOCKS)


@pytest.mark.parametrize("key", sorted(BLOCKS))
def test_every_registered_block_derives_from_its_base_and_answers_it(key):
    base = BASES[key]
    for name, cls in BLOCKS[key][1].items():
        assert issubclass(cls, base), f"{key} '{name}' ({cls.__name__}) is not a {base.__name__}"
        assert not cls.__abstractmethods__, f"{key} '{name}' lacks {sorted(cls.__abstractmethods__)}"


def test_every_registered_tiebreaker_derives_from_the_base_and_answers_it():
    for key, cls in TIEBREAKERS.items():
        assert issubclass(cls, TIEBREAKER_BASE), f"tie-breaker '{key}' is not a {TIEBREAKER_BASE.__name__}"
        assert not cls.__abstractmethods__, f"tie-breaker '{key}' lacks {sorted(cls.__abstractmethods__)}"


def test_every_base_declares_a_method_a_block_must_answer():
    """A base without an abstract method would let any class pass for a block of its kind."""
    for base in (*BASES.values(), TIEBREAKER_BASE):
        assert base.__abstractmethods__, f"{base.__name__} declares nothing a block must answer"


def _lacking(base, method: str, name: str = "lacking"):
    """A class of ``base``'s kind that answers every method the base declares but ``method``."""
    def answer(self, *args, **kwargs):
        return None
    body = {m: answer for m in base.__abstractmethods__ if m != method}
    return type(f"Lacking{method.title().replace('_', '')}", (base,), {"name": name, "key": name, **body})


BLOCK_METHODS = [(key, method) for key, base in BASES.items() for method in sorted(base.__abstractmethods__)]


@pytest.mark.parametrize(("key", "method"), BLOCK_METHODS)
def test_a_block_lacking_a_declared_method_is_refused_at_its_kind(tmp_path, monkeypatch, key, method):
    what, table = BLOCKS[key]
    monkeypatch.setitem(registry.BLOCKS, key, (what, {**table, "lacking": _lacking(BASES[key], method)}))
    (tmp_path / "club.yaml").write_text(f"id: club\nname: Club\nextends: ffg-conquest\n{key}:\n  kind: lacking\n")
    with pytest.raises(UserError) as caught:
        load_rulesets([BUILTIN_DIR, tmp_path])
    assert str(caught.value) == (f"{tmp_path / 'club.yaml'}:5: {what} 'lacking' lacks {method}, which every {what} "
                                 "must answer; it cannot be used (a bug of that block: report it)")


@pytest.mark.parametrize("method", sorted(TIEBREAKER_BASE.__abstractmethods__))
def test_a_tiebreaker_lacking_a_declared_method_is_refused_at_its_name(tmp_path, monkeypatch, method):
    monkeypatch.setitem(registry.TIEBREAKERS, "lacking", _lacking(TIEBREAKER_BASE, method))
    (tmp_path / "club.yaml").write_text("id: club\nname: Club\nextends: ffg-conquest\ntiebreakers:\n"
                                        "  - sos\n  - lacking\n")
    with pytest.raises(UserError) as caught:
        load_rulesets([BUILTIN_DIR, tmp_path])
    assert str(caught.value) == (f"{tmp_path / 'club.yaml'}:6: tie-breaker 'lacking' lacks {method}, which every "
                                 "tie-breaker must answer; it cannot be used (a bug of that block: report it)")


def test_an_unknown_structure_is_reported_not_a_crash(tmp_path):
    """A structure refused at load (unknown, or lacking a method) is not then asked to check its tables."""
    (tmp_path / "club.yaml").write_text("id: club\nname: Club\nextends: ffg-conquest\nstructure:\n  kind: table\n")
    with pytest.raises(UserError) as caught:
        load_rulesets([BUILTIN_DIR, tmp_path])
    assert str(caught.value).startswith(f"{tmp_path / 'club.yaml'}:5: unknown structure 'table'")


# ------------------------------------------------------------ what the code asks of each block

def _block_key(node) -> str | None:
    """The ruleset key whose block ``node`` is: `ruleset.bye`, `state.ruleset.bye`, such a block
    as an operand of `or` or `… if … else …` (a default block beside it), or the loader's
    `blocks["structure"]`. A block passed to a function under another name is not followed."""
    if isinstance(node, ast.BoolOp):
        return next(filter(None, map(_block_key, node.values)), None)
    if isinstance(node, ast.IfExp):
        return _block_key(node.body) or _block_key(node.orelse)
    if isinstance(node, ast.Attribute) and node.attr in BASES:
        owner = node.value
        named = owner.id if isinstance(owner, ast.Name) else owner.attr if isinstance(owner, ast.Attribute) else ""
        return node.attr if named == "ruleset" else None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "blocks":
        key = node.slice.value if isinstance(node.slice, ast.Constant) else None
        return key if key in BASES else None
    return None


def _aliases(function) -> dict[str, str]:
    """Names a function binds once, to a ruleset's block (`bracket = state.ruleset.bracket`,
    `stage, bracket = result.stage, state.ruleset.bracket`): name → ruleset key."""
    stored = [n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
    found = {}
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            pairs = (zip(target.elts, node.value.elts) if isinstance(target, ast.Tuple)
                     and isinstance(node.value, ast.Tuple) else [(target, node.value)])
            for name, value in pairs:
                if isinstance(name, ast.Name) and stored.count(name.id) == 1 and _block_key(value):
                    found[name.id] = _block_key(value)
    return found


def block_calls(path: Path) -> list[tuple[str, str, str]]:
    """(ruleset key, method, file:line) for each call of a method on a ruleset's block in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        aliases = _aliases(function)
        for node in ast.walk(function):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = node.func.value
                key = _block_key(owner) or (aliases.get(owner.id) if isinstance(owner, ast.Name) else None)
                if key:
                    found.append((key, node.func.attr, f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"))
    return found


CALLERS = sorted(p for p in PACKAGE.rglob("*.py") if "site" not in p.relative_to(PACKAGE).parts)


def test_every_method_called_on_a_block_is_declared_by_its_base():
    """What a stage, the engine, the report or `pair` calls on a ruleset's block is declared on
    the key's base, so a block answers it (abstract) or inherits its default."""
    calls = [call for path in CALLERS for call in block_calls(path)]
    unseen = set(BASES) - {key for key, _, _ in calls}
    assert not unseen, f"no call found on {sorted(unseen)}: called through a name the search does not follow?"
    undeclared = [f"{where}: ruleset.{key}.{method}()" for key, method, where in calls
                  if not hasattr(BASES[key], method)]
    assert not undeclared, f"not declared on the key's base: {undeclared}"
