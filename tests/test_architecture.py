"""The pipeline's direction (DESIGN.md, docs/architecture.md): files → declared models → rules engine →
pages → HTML. A later floor may import an earlier one, never the other way round."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from podium import FLOORS

PACKAGE = Path(__file__).resolve().parent.parent / "generator"


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def floor_of(module: str) -> str | None:
    """The floor (a folder of the package) a module ``podium.<floor>…`` is on; None: not Podium's,
    or the package's face (``from podium import __version__``)."""
    parts = module.split(".")
    return parts[1] if parts[0] == "podium" and len(parts) > 1 and parts[1] in FLOORS else None


def test_each_floor_imports_only_the_floors_below_it():
    """Issue 31: the package is a pipeline in floors (podium.FLOORS, bottom first); a module may
    import its own floor and those below, never one above (a function's own import included), so
    the order in which the package can be read is the order in which it runs."""
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if len(relative.parts) == 1:
            continue  # the face and __main__, which runs the command line
        own = FLOORS.index(relative.parts[0])
        for module in sorted(imports_of(path)):
            floor = floor_of(module)
            if floor is not None and FLOORS.index(floor) > own:
                upward.append(f"{relative} imports {module} ({floor} is above {relative.parts[0]})")
    assert not upward, "\n".join(upward)


def test_the_top_of_the_package_holds_its_face_and_the_floors_alone():
    """Issue 31: a flat room of 38 modules hid the pipeline; every module is on a floor now."""
    top = {path.name for path in PACKAGE.iterdir() if not path.name.startswith((".", "__pycache__"))}
    assert top == {"__init__.py", "__main__.py", "locale", "requirements-lock.txt", *FLOORS}


def test_each_floor_says_what_it_holds_and_which_floors_it_may_import():
    """Each floor's docstring ends by naming the floors below it, as this test enforces them."""
    for index, floor in enumerate(FLOORS):
        doc = ast.get_docstring(ast.parse((PACKAGE / floor / "__init__.py").read_text(encoding="utf-8")))
        below = ", ".join(FLOORS[:index]) or "nothing of Podium's"
        assert doc.endswith(f"May import: {below}.") or (floor == FLOORS[-1] and doc.endswith("May import: every other floor.")), floor


def test_the_rules_engine_reads_no_content_files():
    for path in sorted((PACKAGE / "rules").rglob("*.py")):
        assert "yaml" not in imports_of(path), f"{path.relative_to(PACKAGE.parent)} imports yaml"


def test_the_engine_names_stage_kinds_only_in_rules_kinds():
    """Issue 17: kinds spelled in seven modules drifted apart (a bracket of 64 named a round no
    other module knew). Comparisons and tables use rules/kinds.py's names."""
    import re

    spelled = re.compile(r'(?:==|!=|\bin \(|Stage\(|kind=|stage=)\s*"(?:swiss|knockout|round-robin|pairs-rotation|tables|free-for-all)"')
    for path in sorted((PACKAGE / "rules").rglob("*.py")):
        if path.name == "kinds.py":
            continue
        found = spelled.search(path.read_text(encoding="utf-8"))
        assert not found, f"{path.relative_to(PACKAGE.parent)} spells a stage kind: {found.group()}"


GAME_MODULES = ("podium.rules.games",)


def test_the_site_names_no_game():
    """Issue 17: a game's rules live in its module behind the blocks' methods (seat_factions,
    game_colours …); the site asks the ruleset's blocks and never imports or names a game."""
    import re

    games = re.compile(r"tantrix|micromutants|neuroshima|carcassonne|conquest", re.I)
    for path in sorted((PACKAGE / "site").rglob("*.py")):
        wrong = {m for m in imports_of(path) if m.startswith(GAME_MODULES)}
        assert not wrong, f"{path.relative_to(PACKAGE.parent)} imports {sorted(wrong)}"
        found = games.search(path.read_text(encoding="utf-8"))
        assert not found, f"{path.relative_to(PACKAGE.parent)} names a game: {found.group()}"


REPORT_MODULES = ("podium.rules.report", "podium.rules.kinds", "podium.rules.flags")  # the report, its kinds and flags


def test_the_site_and_the_json_read_only_the_event_report():
    """Issue 17: the site recomputed match points and colour plans beside the engine, and two
    copies disagreed. The pages, the feeds and the exported JSON import of the engine only the
    report (rules/report.py) and the names of the stage kinds; they compute no result."""
    readers = sorted((PACKAGE / "site").rglob("*.py")) + [PACKAGE / "formats" / "export.py"]
    for path in readers:
        wrong = {m for m in imports_of(path) if m.startswith("podium.rules") and m not in REPORT_MODULES}
        assert not wrong, f"{path.relative_to(PACKAGE.parent)} imports {sorted(wrong)}"


def test_the_site_asks_no_ruleset_block():
    """The report decided who won, the match points, factions and colours: no page calls the
    ruleset's scoring."""
    for path in sorted((PACKAGE / "site").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert ".scoring" not in text and ".ruleset." not in text, f"{path.relative_to(PACKAGE.parent)} asks the ruleset"


def test_the_stages_and_pairings_import_no_game():
    """Issue 17: the free-for-all stage took the Micromutants clan rotation from its module; a
    stage asks the ruleset's scoring (``turn_notes``, ``seat_factions``) and imports no game."""
    generic = [*(PACKAGE / "rules" / "stages").rglob("*.py"), *(PACKAGE / "rules" / "pairing").rglob("*.py"),
               *(PACKAGE / "rules" / "standings").rglob("*.py"), PACKAGE / "rules" / "engine.py",
               PACKAGE / "rules" / "report.py"]
    for path in sorted(generic):
        wrong = {m for m in imports_of(path) if m.startswith(GAME_MODULES)}
        assert not wrong, f"{path.relative_to(PACKAGE.parent)} imports {sorted(wrong)}"


def test_each_game_lives_in_its_own_module_found_by_the_registry():
    """Issue 17: a new game is one module of rules/games/, its ruleset file and its tests. Only the
    registry reaches into rules/games/ — by listing the folder, so no module names a game — and
    each game module says what it adds (``BLOCKS``), each block a subclass of its key's base."""
    from podium.rules import registry

    for path in sorted(PACKAGE.rglob("*.py")):
        if "games" in path.relative_to(PACKAGE).parts or path.name == "registry.py":
            continue
        wrong = {m for m in imports_of(path) if m.startswith(GAME_MODULES)}
        assert not wrong, f"{path.relative_to(PACKAGE.parent)} imports {sorted(wrong)}"
    assert not {m for m in imports_of(PACKAGE / "rules" / "registry.py") if m.startswith("podium.rules.games.")}
    found = {module.__name__.rsplit(".", 1)[1] for module in registry.GAMES}
    assert found == {path.stem for path in (PACKAGE / "rules" / "games").glob("*.py") if path.stem != "__init__"}
    for module in registry.GAMES:
        for key, classes in module.BLOCKS.items():
            assert all(issubclass(cls, registry.BASES[key]) for cls in classes), module.__name__


def test_every_flag_of_the_engine_has_words_on_the_site():
    """Issue 17: flags are named once (rules/flags.py); the site words each of them, no more."""
    from podium.rules.flags import FLAGS
    from podium.site.labels import FLAGS as WORDS

    assert set(WORDS) == set(FLAGS)


LONGEST = 400  # lines: a module short enough to read at once
# Longer than that when the bound was set (issue 17); each is to be split, not joined by others.
LONGER_ALREADY = {"rules/report.py", "rules/pairing/swiss.py", "rules/games/tantrix.py", "rules/pairing/knockout.py"}


def test_every_module_is_short_enough_to_read_at_once():
    """Issue 17: validate.py had grown to 875 lines, the reader of every content file in one; it
    is a package now, one module per file it reads. No module of generator/ is longer than
    LONGEST lines (the catalogs are .po files, not counted) but those that were when it was set."""
    lengths = {path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
               for path in sorted(PACKAGE.rglob("*.py"))}
    too_long = {name: count for name, count in lengths.items() if count > LONGEST and name not in LONGER_ALREADY}
    assert not too_long, f"modules of more than {LONGEST} lines, to split: {too_long}"


def test_the_picture_of_the_floors_is_the_codes():
    """docs/architecture.md draws the floors and their imports as scripts/architecture.py reads
    them from the code; a module added, moved or importing elsewhere redraws it."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("architecture", PACKAGE.parent / "scripts" / "architecture.py")
    picture = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(picture)
    text = picture.DOC.read_text(encoding="utf-8")
    assert picture.with_picture(text) == text, "run python scripts/architecture.py"


def test_every_module_the_architecture_page_names_is_there():
    import re

    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(?:generator/)?((?:%s)/[\w/]+\.py)" % "|".join(FLOORS), text))
    assert len(named) > 15
    assert not {path for path in named if not (PACKAGE / path).is_file()}


def test_commands_load_a_library_only_where_they_use_it():
    """Issue 36: every command reads the rulesets and most render pages, but only a chess draw
    needs py4swiss, a printed QR code segno and a page with Markdown markdown-it (together some
    0.1 s of each process's start): importing the reader, the engine, the site and the commands
    loads none of them."""
    code = ("import sys\nfrom podium.run import builder, outputs, archive, rebuild\nimport podium.site.render\n"
            "import podium.commands.cli, podium.commands.check, podium.commands.verify, podium.commands.standings\n"
            "print(sorted(m for m in ('py4swiss', 'segno', 'markdown_it') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded == "[]\n"
