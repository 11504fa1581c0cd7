"""The picture of the package's floors in docs/architecture.md, drawn from the code itself: each
floor (podium.FLOORS, top first) with its modules and the floors its imports reach.

    python scripts/architecture.py          rewrite the picture in docs/architecture.md
    python scripts/architecture.py --check  exit 1 if the committed picture is not the code's

tests/test_architecture.py runs the check, so the picture cannot drift from the code.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"
DOC = ROOT / "docs" / "architecture.md"
BEGIN, END = "<!-- floors: begin (scripts/architecture.py) -->", "<!-- floors: end -->"
WIDTH = 100


def floors() -> tuple[str, ...]:
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    assignment = next(node for node in tree.body if isinstance(node, ast.Assign) and node.targets[0].id == "FLOORS")
    return ast.literal_eval(assignment.value)


def modules(floor: str) -> list[str]:
    """The floor's modules, a subpackage as its folder (rules/games/), in the order of their names."""
    names = set()
    for path in (PACKAGE / floor).rglob("*.py"):
        parts = path.relative_to(PACKAGE / floor).parts
        if len(parts) > 1:
            names.add(parts[0] + "/")
        elif path.stem != "__init__":
            names.add(path.stem)
    return sorted(names)


def reached(floor: str, all_floors: tuple[str, ...]) -> list[str]:
    """The other floors that the floor's modules import, top first."""
    found = set()
    for path in (PACKAGE / floor).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module] if isinstance(node, ast.ImportFrom) and node.module else \
                [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            for name in names:
                parts = name.split(".")
                if parts[0] == "podium" and len(parts) > 1 and parts[1] in all_floors and parts[1] != floor:
                    found.add(parts[1])
    return [other for other in reversed(all_floors) if other in found]


def picture() -> str:
    all_floors = floors()
    lines = []
    for floor in reversed(all_floors):
        lines.append(f"┌─ {floor}/ " + "─" * (WIDTH - len(floor) - 6) + "┐")
        row = "│  "
        for name in modules(floor):
            if len(row) + len(name) + 2 > WIDTH - 1:
                lines.append(row.ljust(WIDTH - 1) + "│")
                row = "│  "
            row += name + "  "
        lines.append(row.ljust(WIDTH - 1) + "│")
        below = reached(floor, all_floors)
        lines.append(("│  imports ↓ " + (", ".join(below) if below else "nothing of Podium's")).ljust(WIDTH - 1) + "│")
        lines.append("└" + "─" * (WIDTH - 2) + "┘")
    return "\n".join(["```text", *lines, "```"])


def with_picture(text: str) -> str:
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[:start] + "\n" + picture() + "\n" + text[end:]


def main(argv: list[str]) -> int:
    text = DOC.read_text(encoding="utf-8")
    if argv == ["--check"]:
        if with_picture(text) != text:
            print(f"{DOC.relative_to(ROOT)}: the picture of the floors is not the code's; run python scripts/architecture.py")
            return 1
        return 0
    DOC.write_text(with_picture(text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
