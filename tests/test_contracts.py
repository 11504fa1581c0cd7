"""Declared contracts (issue 17): every kind of block is an abstract base declaring what a stage
may ask it (registry.BASES); a block that lacks a declared method is refused when the ruleset
naming it is loaded, at the ruleset's line, never in the middle of an event."""
from __future__ import annotations

import pytest

from podium.errors import UserError
from podium.rules import registry
from podium.rules.registry import BASES, BLOCKS, TIEBREAKER_BASE, TIEBREAKERS
from podium.ruleset_files import BUILTIN_DIR, load_rulesets


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
