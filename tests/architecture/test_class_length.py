"""No class in the package is longer than 300 lines (a class that grows past it holds more than
one concept: split it, as the game state is split into its fields, ``mcn.engine.fields``, and
the rules' machinery, ``mcn.engine.state``). Measured on the sources with ``ast``: from the
``class`` line to the class body's last line, decorators and comments after it not counted."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "mcn"
LIMIT = 300

pytestmark = pytest.mark.skipif(
    not PACKAGE.is_dir(),
    reason="no package sources here (the compiled stage's tree); the pure stage checks them",
)


def class_lengths(source: str) -> list[tuple[str, int]]:
    """``(qualified name, lines)`` of every class in ``source``, nested ones included."""
    out: list[tuple[str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = f"{prefix}{child.name}"
                out.append((name, (child.end_lineno or child.lineno) - child.lineno + 1))
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return out


def test_the_measure_counts_a_class_from_its_line_to_its_last() -> None:
    source = (
        "class A:\n    x = 1\n\n    class B:\n        y = 2\n\n    def f(self):\n        pass\n"
    )
    assert class_lengths(source) == [("A", 8), ("A.B", 2)]
    assert class_lengths("def f():\n    class Local:\n        pass\n") == [("Local", 2)]


def test_no_class_is_longer_than_the_limit() -> None:
    long = [
        f"{path.relative_to(PACKAGE.parent).as_posix()}:{name} ({lines} lines)"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name, lines in class_lengths(path.read_text(encoding="utf-8"))
        if lines > LIMIT
    ]
    assert not long, f"classes longer than {LIMIT} lines (split them): {long}"
