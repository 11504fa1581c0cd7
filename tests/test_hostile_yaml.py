"""The YAML loader refuses what could hang, crash or quietly change a file's meaning, with its line."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest

from podium.core.errors import UserError
from podium.content.load import MAX_DEPTH, load_yaml, parse_yaml


def problem(text: str) -> str:
    with pytest.raises(UserError) as caught:
        parse_yaml(text, "f.yaml")
    return str(caught.value)


def alias_bomb() -> str:
    """The classic 'billion laughs': 342 bytes that expand to 9⁹ strings."""
    lines, previous = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'], "a"
    for name in "bcdefghi":
        lines.append(f"{name}: &{name} [{','.join(['*' + previous] * 9)}]")
        previous = name
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_is_refused_at_once():
    start = time.perf_counter()
    message = problem(alias_bomb())
    assert time.perf_counter() - start < 1
    assert message.startswith("f.yaml:") and "aliases (*name) in this file expand to more than 100,000 values" in message


def test_aliases_are_built_once_and_shared():
    data = parse_yaml("a: &x [1, 2]\nb: *x\nc: *x\n", "f.yaml")
    assert data["b"] is data["a"] and data == {"a": [1, 2], "b": [1, 2], "c": [1, 2]}


@pytest.mark.parametrize("text", ["a: &a [*a]\n", "a: &a {b: *a}\n", "x: 1\na: &a\n  - b: *a\n"])
def test_an_alias_inside_itself_is_refused(text):
    assert "refers to the list or mapping that contains it" in problem(text)


def test_nesting_deeper_than_the_limit_is_refused_with_its_line():
    text = "ok: 1\na: " + "[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2) + "\n"
    assert problem(text).startswith("f.yaml:2: lists and mappings nested more than 64 levels deep")


@pytest.mark.parametrize("text", ["- " * 1001 + "x\n", "a: " + "[" * 6000 + "]" * 6000 + "\n"],
                         ids=["block, small file", "flow, under the pre-pass's size"])
def test_nesting_past_libyamls_own_limit_in_a_small_file_is_refused_in_podiums_words(text):
    """libyaml 0.2.6 stops at ~1,000 levels with words of its own ('exceeded maximum nesting depth')."""
    assert problem(text).startswith("f.yaml:1: lists and mappings nested more than 64 levels deep; content files "
                                    "need only a few levels")


def test_nesting_that_would_crash_libyaml_is_refused_without_composing():
    """libyaml's composer recurses in C: 50,000 levels kill the process (a segfault, no traceback)."""
    code = ("from podium.content.load import parse_yaml\nfrom podium.core.errors import UserError\n"
            "try:\n    parse_yaml('a: ' + '[' * 100000 + ']' * 100000, 'f.yaml')\n"
            "except UserError as e:\n    print(e)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "nested more than 64 levels deep" in run.stdout


@pytest.mark.parametrize("value, expected", [
    ("2026-02-30", "f.yaml:2: '2026-02-30' is not a real date; write YYYY-MM-DD with a real month and day"),
    ("2026-22-11", "f.yaml:2: '2026-22-11' is not a real date"),
    (".nan", "f.yaml:2: '.nan' is not a number a result can have"),
    ("-.inf", "f.yaml:2: '-.inf' is not a number a result can have"),
    ("[1, .inf]", "f.yaml:2: '.inf' is not a number a result can have"),
    ("9" * 5000, "f.yaml:2: '99999999999999999999…' is a number of 5000 digits; write a shorter number"),
    ("9" * 400, "f.yaml:2: '99999999999999999999…' is a number of 400 digits; no tournament number is that large: "
                "write at most 15 digits"),
    ("-1234567890123456", "f.yaml:2: '-1234567890123456' is a number of 16 digits; no tournament number is that "
                          "large: write at most 15 digits"),
    ("1.5e+300", "f.yaml:2: '1.5e+300' is a number too large for a tournament; write at most 15 digits"),
])
def test_values_no_file_can_mean_are_refused_with_their_line(value, expected):
    assert problem(f"x: 1\ndate: {value}\n").startswith(expected)


def test_merge_keys_fill_in_without_counting_as_duplicates():
    data = parse_yaml("d: &d {x: 1, y: 2}\nf: &f {x: 5, z: 1}\ne: {<<: [*d, *f], y: 3}\n", "f.yaml")
    assert data["e"] == {"x": 1, "y": 3, "z": 1}  # written keys win, then earlier merged mappings
    assert "'<<' merges mappings" in problem("a: &a [1]\nb: {<<: *a}\n")


def test_duplicate_keys_are_still_refused():
    assert problem("a: 1\na: 2\n").startswith("f.yaml:2: duplicate key 'a' (first at line 1)")


def test_a_nul_character_is_named_by_its_escape():
    assert problem("title: T\x00\n") == "f.yaml:1: the character \\x00 is not allowed in YAML; delete it"


def test_a_file_not_in_utf8_says_the_line_of_the_first_odd_byte(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_bytes("title: Kraków\nclub: Kraków\n".encode("utf-8") + "venue: Kraków\n".encode("cp1250"))
    with pytest.raises(UserError) as raised:
        load_yaml(path)
    assert str(raised.value) == f"{path}:3: not UTF-8 text (byte 40); save the file as UTF-8"


def test_the_text_as_written_is_kept_for_values_yaml_did_not_read_as_text():
    data = parse_yaml("name: 012\nid: no\nclub: Kraków\n", "f.yaml")
    assert (data["name"], data.written("name"), data.written("id"), data.written("club")) == (10, "012", "no", None)


@pytest.mark.parametrize("text, expected", [
    ("name: A\n\tclub: X\n", "f.yaml:2: YAML syntax: found a tab character that violates indentation; "
                             "YAML indents with spaces only: replace the tab on this line with spaces"),
    ("- name: Team: Red\n", 'f.yaml:1: YAML syntax: mapping values are not allowed in this context; '
                            'a value with a colon in it must be quoted: name: "Team: Red"'),
    ("title:Club\nlanguage: pl\n", "f.yaml:2: YAML syntax: mapping values are not allowed in this context; "
                                   "the line above lacks a space after its colon: write 'title: Club'"),
    ("pairings:\n  - table: 1\n    players: [a, b]\n   score: [1, 2]\n",
     "f.yaml:4: YAML syntax: did not find expected '-' indicator; this line's indentation does not match "
     "the lines above: the items of one list, or the keys of one mapping, start in the same column"),
    ('name: "Anna\nclub: X\n', "f.yaml:1: YAML syntax: found unexpected end of stream; the quote opened on "
                              "this line is never closed: close it on the same line"),
    ("name: 'Anna\nclub: X\nvenue: 'Hall'\nrating: 5\n",
     "f.yaml:1: YAML syntax: did not find expected key; the quote opened on this line is closed only on line 3, "
     "so the lines between became part of its value: close it on the same line"),
    ("players: [a, b\nscore: [1, 2]\n", "f.yaml:1: YAML syntax: did not find expected ',' or ']'; the '[' "
                                        "opened on this line is never closed: close it on the same line"),
    ("name: @anna\n", "f.yaml:1: YAML syntax: found character that cannot start any token; a value cannot "
                      'start with \'@\' unquoted: put it in quotes, like name: "@anna"'),
    ("- name: A\n-name: B\n", "f.yaml:2: YAML syntax: did not find expected '-' indicator; put a space after "
                              "the '-' that starts a list item: '- name: B'"),
    ("title: Club\nlanguage:pl\nfooter: x\n", "f.yaml:2: YAML syntax: could not find expected ':'; YAML needs a "
                                             "space after the colon: write 'language: pl'"),
    ("title: Club\nClub of Kraków\nfooter: x\n", "f.yaml:2: YAML syntax: could not find expected ':'; every line "
                                                "of a mapping is 'key: value': add the key, or join this line to "
                                                "the value above"),
    ("title: T\n---\ntitle: U\n", "f.yaml:2: YAML syntax: but found another document; a '---' line starts a second "
                                 "document, and a content file holds one: remove this line"),
])
def test_the_commonest_slips_say_how_to_fix_them(text, expected):
    assert problem(text) == expected


def test_a_key_without_a_space_after_its_colon_is_named(tree, cli):
    tree.event("e1", 4)
    tree.write("events/e1/registrations.yaml", "- name:Anna\n- name: Bob\n")
    result = cli("check", expect=1)
    assert result.output.startswith("content/events/e1/registrations.yaml:1: a player entry of registrations.yaml "
                                    "must be a mapping of 'key: value' lines; YAML needs a space after the colon: "
                                    "'name: Anna'")


def test_a_quote_left_open_mid_file_is_said_where_it_opened(tree, cli):
    """An unclosed quote swallows the lines below up to the next quote of the file; the parser
    stumbles only there, so its own line would point at an innocent player."""
    tree.event("e1", 4)
    tree.write("events/e1/registrations.yaml", "- name: 'Anna\n  club: Hex\n- name: Bob\n- name: 'Cecile'\n")
    assert cli("check", expect=1).output.splitlines()[0] == (
        "content/events/e1/registrations.yaml:1: YAML syntax: did not find expected key; the quote opened on this "
        "line is closed only on line 4, so the lines between became part of its value: close it on the same line")


@pytest.mark.parametrize("text, line", [("a: 1\r\rb", 3), ("a: 1\u2028b\u2028c", 2)])
def test_a_syntax_error_after_line_breaks_other_than_newline_is_said_at_its_line(text, line):
    """Found by the content fuzzer: YAML also breaks lines at a lone carriage return and at U+2028,
    so its line numbers ran past the file's '\\n' lines and the hint's lookup crashed (IndexError)."""
    with pytest.raises(UserError) as caught:
        parse_yaml(text, "f.yaml")
    assert str(caught.value).startswith(f"f.yaml:{line}: YAML syntax: could not find expected ':'")
