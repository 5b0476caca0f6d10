"""No module uses another module's private names: a private name is free to change with its
module, so what another module needs is public (named, documented) or stays where it is used.

Checked: ``from mcn.x import _name`` anywhere in the package, the bench and the tests; and
``module._name`` read through an imported mcn module in the package and the bench (the bench
measured cold caches by clearing private memos: each module now offers a public ``forget``).
Tests may still reach into the one module they test by attribute (a private limit they probe
at its edge, a monkeypatched constant): that is white-box testing of the module itself, not
another module depending on its internals.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "mcn"

pytestmark = pytest.mark.skipif(
    not PACKAGE.is_dir(),
    reason="no package sources here (the compiled stage's tree); the pure stage checks them",
)


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def is_module(dotted: str) -> bool:
    """Whether ``dotted`` (``mcn.notation.fastpath``) names a module or package of mcn."""
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def sources(*folders: str) -> list[Path]:
    return [path for folder in folders for path in sorted((ROOT / folder).rglob("*.py"))]


@cache
def parsed(path: Path) -> tuple[ast.Module, str]:
    """The syntax tree of a source file (parsed once for both checks) and its relative path."""
    return ast.parse(path.read_text(encoding="utf-8")), path.relative_to(ROOT).as_posix()


def private_imports(tree: ast.Module, where: str) -> set[tuple[str, str, str]]:
    """(file, module, name) of every ``from mcn... import _name`` in ``tree``."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "mcn":
            for alias in node.names:
                if private(alias.name):
                    found.add((where, node.module or "", alias.name))
    return found


def private_reads(tree: ast.Module, where: str) -> set[tuple[str, str, str]]:
    """(file, module, name) of every ``alias._name`` where ``alias`` is an imported mcn module
    (``import mcn.x as alias``, ``from mcn.x import module``) in ``tree``."""
    modules: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "mcn":
                    modules[alias.asname or "mcn"] = alias.name if alias.asname else "mcn"
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "mcn":
            for alias in node.names:
                if is_module(f"{node.module}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    found = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
        ):
            found.add((where, modules[node.value.id], node.attr))
    return found


def test_no_private_name_is_imported_from_another_module() -> None:
    found = set().union(*(private_imports(*parsed(p)) for p in sources("mcn", "bench", "tests")))
    assert not found, f"private names imported from another module: {sorted(found)}"


def test_no_private_name_is_read_through_another_module() -> None:
    found = set().union(*(private_reads(*parsed(p)) for p in sources("mcn", "bench")))
    assert not found, f"private names read through another module: {sorted(found)}"


def test_the_checks_see_a_planted_private_import_and_read() -> None:
    # the detectors themselves: a source that breaks both rules is caught by both, and a
    # public use of the same modules is not
    planted = ast.parse(
        "from mcn.notation.fastpath import _INHERIT, TEMPLATES\n"
        "from mcn.notation import lexical\n"
        "import mcn.replay.binding as binding\n"
        "lexical._cache.clear()\nbinding._ACTIONS.clear()\nlexical.canonical_token('x')\n"
        "binding.forget_bound_actions()\nTEMPLATES.__class__\n"
    )
    assert private_imports(planted, "x.py") == {("x.py", "mcn.notation.fastpath", "_INHERIT")}
    assert private_reads(planted, "x.py") == {
        ("x.py", "mcn.notation.lexical", "_cache"),
        ("x.py", "mcn.replay.binding", "_ACTIONS"),
    }
