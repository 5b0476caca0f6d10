"""No module imports another module's private names (``from mcn.x import _name``): a private
name is free to change with its module. The imports that remain are listed below as known debt
(the engine's event and action bases, the fast path's templates); the list may
only shrink — a new private import fails, and so does an entry that is gone."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "mcn"

pytestmark = pytest.mark.skipif(
    not PACKAGE.is_dir(),
    reason="no package sources here (the compiled stage's tree); the pure stage checks them",
)

#: (importing module, imported module, private name) still imported across modules.
KNOWN = {
    ("mcn/engine/actions/setup.py", "mcn.engine.actions.base", "_item_text"),
    ("mcn/engine/actions/turns.py", "mcn.engine.actions.base", "_item_text"),
    ("mcn/engine/events/ends.py", "mcn.engine.events.base", "_count"),
    ("mcn/engine/events/ends.py", "mcn.engine.events.base", "_names"),
    ("mcn/engine/events/setup.py", "mcn.engine.events.base", "_names"),
    ("mcn/engine/events/turns.py", "mcn.engine.events.base", "_count"),
    ("mcn/engine/events/breaches.py", "mcn.engine.events.base", "_count"),
    ("mcn/notation/outline.py", "mcn.notation.fastpath", "_FIRST"),
    ("mcn/notation/outline.py", "mcn.notation.fastpath", "_NEXT"),
    ("mcn/notation/outline.py", "mcn.notation.fastpath", "_OTHER"),
    ("mcn/notation/outline.py", "mcn.notation.fastpath", "_renumbered"),
    ("mcn/notation/outline.py", "mcn.notation.fastpath", "_templates"),
    ("mcn/replay/__init__.py", "mcn.replay.binding", "_ACTIONS"),
}


def private_imports() -> set[tuple[str, str, str]]:
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mcn"):
                for alias in node.names:
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        relative = path.relative_to(PACKAGE.parent).as_posix()
                        found.add((relative, node.module or "", alias.name))
    return found


def test_no_new_private_name_crosses_a_module() -> None:
    new = private_imports() - KNOWN
    assert not new, f"private names imported from another module: {sorted(new)}"


def test_the_known_list_only_holds_imports_that_still_exist() -> None:
    gone = KNOWN - private_imports()
    assert not gone, f"remove these from KNOWN (they were fixed): {sorted(gone)}"
