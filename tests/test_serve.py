"""`podium serve` rebuilds on change; a broken edit prints the problem and keeps the last site."""
from __future__ import annotations

from generator.incremental import Rebuilder
from generator.serve import rebuild


def test_rebuild_failure_keeps_previous_site(tree, capsys):
    tree.event("e1", 8)
    out = tree.root / "site"
    builder = Rebuilder(tree.content, out)
    assert rebuild(builder) is True
    index = (out / "index.html").read_bytes()
    tree.write("events/e1/event.yaml", "name: [unclosed\n")
    assert rebuild(builder) is False
    err = capsys.readouterr().err
    assert "event.yaml:2: YAML syntax" in err and "the site was not rebuilt" in err
    assert (out / "index.html").read_bytes() == index
