"""Which build of mcn is installed: the mypyc-compiled one or pure Python.

The wheel built with ``HATCH_BUILD_HOOKS_ENABLE=1`` ships C extensions beside the ``.py``
files of the engine modules it compiles (docs/performance.md, "Compiled build (mypyc)").
Python's import system prefers an extension module to a source file of the same name, so an
extension on disk is exactly what ``import`` loads. Looking at the files, rather than importing
the engine, keeps ``mcn --version`` fast.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

#: The ``mcn`` package folder (this module lives in ``mcn/io/``).
_PACKAGE = Path(__file__).resolve().parents[1]


def compiled_modules() -> list[str]:
    """The dotted names of the mcn modules that load as compiled extensions, sorted."""
    suffixes = sorted(EXTENSION_SUFFIXES, key=len, reverse=True)  # ".cpython-311-…so" first
    names: set[str] = set()
    for path in _PACKAGE.rglob("*.*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            relative = path.relative_to(_PACKAGE.parent)
            names.add(".".join((*relative.parent.parts, path.name[: -len(suffix)])))
    return sorted(names)


def build_kind() -> str:
    """A short description of this build, for ``mcn --version`` and the benchmark's machine."""
    count = len(compiled_modules())
    if count == 0:
        return "pure Python"
    return f"compiled with mypyc ({count} modules)"
