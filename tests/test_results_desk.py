"""Issue 32: results recorded from outside an editor (the results desk) are written into the
round file as a person types them, checked as `podium check` checks them before anything is
written, and never over a file that changed since the form was opened."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from podium.content.resultfile import Changed, RoundText
from podium.run.recording import Refused, record_results

ROOT = Path(__file__).resolve().parent.parent
LISTS = re.compile(r"^(\s+)(armies|score): \[[^\]\n]*\]", re.M)


def test_results_filled_in_are_the_files_a_person_typed():
    """Every demo round file whose results are lists (`score: [11, 6]`, `armies: [...]`) written
    back from its blanks (as `podium pair` left them) is the committed file, byte for byte:
    comments, key order, quotes and the hints after each value kept."""
    files = [path for path in sorted((ROOT / "content/events").glob("*/rounds/*.yaml"))
             if LISTS.search(path.read_text(encoding="utf-8"))]
    assert len(files) > 20
    for path in files:
        typed = path.read_text(encoding="utf-8")
        blanks = LISTS.sub(r"\1\2: []", typed)
        pairings = yaml.safe_load(typed)["pairings"]
        results = {index: {key: pairing[key] for key in ("armies", "score") if key in pairing}
                   for index, pairing in enumerate(pairings)}
        assert RoundText(path, blanks).with_results(results) == typed, path


def _round_one(tree, cli) -> Path:
    tree.event("e1", 8)
    cli("pair", "e1")
    return tree.round_path("e1", 1)


def test_a_result_is_written_beside_the_organizers_own_comments(tree, cli):
    path = _round_one(tree, cli)
    text = path.read_text(encoding="utf-8").replace("pairings:\n", "# rooms: tables 1-2 upstairs\npairings:\n")
    path.write_text(text, encoding="utf-8")
    read = RoundText.read(path)
    saved = record_results(tree.content, path, read.version, {0: {"armies": ["Moloch", "Neodżungla"], "score": [12, 5]}})
    assert isinstance(saved, RoundText) and path.read_text(encoding="utf-8") == saved.text
    changed = [(old, new) for old, new in zip(text.splitlines(), saved.text.splitlines()) if old != new]
    assert changed == [("    armies: []  # army each player fielded, in the order of players, e.g. [Moloch, Borgo]",
                        "    armies: [Moloch, Neodżungla]  # army each player fielded, in the order of players, e.g. [Moloch, Borgo]"),
                       ("    score: []  # HQ durability left at the end, e.g. [12, 5]",
                        "    score: [12, 5]  # HQ durability left at the end, e.g. [12, 5]")]
    assert cli("check").output.endswith("rulesets\n")


def test_a_result_check_refuses_is_not_written_and_is_said_at_its_line(tree, cli):
    path = _round_one(tree, cli)
    before = path.read_text(encoding="utf-8")
    read = RoundText.read(path)
    refused = record_results(tree.content, path, read.version, {0: {"armies": ["Moloch", "Neodżungla"], "score": [25, 5]}})
    assert isinstance(refused, Refused) and path.read_text(encoding="utf-8") == before
    line = before.splitlines().index("    score: []  # HQ durability left at the end, e.g. [12, 5]") + 1
    [(src, message)] = [(p.src, p.message) for p in refused.problems]
    assert (src.path, src.line) == (str(path), line) and "20" in message, message


def test_a_file_changed_since_the_form_was_opened_is_not_overwritten(tree, cli):
    """An editor (or a `git pull`) saved the round after the desk read it: nothing is written, and
    the desk is given what the file holds now, to show beside the organizer's entry."""
    path = _round_one(tree, cli)
    opened = RoundText.read(path)
    edited = opened.text.replace("score: []", "score: [10, 3]", 1).replace("armies: []", "armies: [Moloch, Hegemonia]", 1)
    path.write_text(edited, encoding="utf-8")
    answer = record_results(tree.content, path, opened.version, {0: {"armies": ["Moloch", "Neodżungla"], "score": [12, 5]}})
    assert isinstance(answer, Changed) and answer.now.text == edited
    assert path.read_text(encoding="utf-8") == edited
