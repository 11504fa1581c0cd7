"""Declared contracts (issue 17): every kind of block is an abstract base declaring what a stage
may ask it (registry.BASES); a block that lacks a declared method is refused when the ruleset
naming it is loaded, at the ruleset's line, never in the middle of an event."""
from __future__ import annotations

import pytest

from podium.errors import UserError
from podium.ruleset_files import BUILTIN_DIR, load_rulesets


def test_an_unknown_structure_is_reported_not_a_crash(tmp_path):
    """A structure refused at load (unknown, or lacking a method) is not then asked to check its tables."""
    (tmp_path / "club.yaml").write_text("id: club\nname: Club\nextends: ffg-conquest\nstructure:\n  kind: table\n")
    with pytest.raises(UserError) as caught:
        load_rulesets([BUILTIN_DIR, tmp_path])
    assert str(caught.value).startswith(f"{tmp_path / 'club.yaml'}:5: unknown structure 'table'")
