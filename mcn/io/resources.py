"""Locate the grammar, the JSON Schemas and the bundled data.

In an installed wheel the top-level ``grammar/`` and ``schemas/`` folders are shipped as
``mcn/_data/grammar`` and ``mcn/_data/schemas`` (see ``pyproject.toml``); in a source checkout
(or an editable install) they are read from the repository root. Everything that needs one of
these files asks this module, so the two layouts are handled in exactly one place.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

#: The ``mcn`` package folder (this module lives in ``mcn/io/``).
_PACKAGE = Path(__file__).resolve().parents[1]


def _top_level(name: str) -> Path:
    shipped = _PACKAGE / "_data" / name
    if shipped.is_dir():
        return shipped
    return _PACKAGE.parent / name


def grammar_path(name: str = "mcn") -> Path:
    """The path of ``grammar/<name>.lark`` (``mcn``: records; ``position``: positions)."""
    return _top_level("grammar") / f"{name}.lark"


def schema_path(name: str) -> Path:
    """The path of ``schemas/<name>.schema.json``."""
    return _top_level("schemas") / f"{name}.schema.json"


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The parsed JSON Schema ``<name>`` (cached)."""
    with schema_path(name).open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def data_path(*parts: str) -> Path:
    """A file under ``mcn/data`` (board profiles, rulesets)."""
    return _PACKAGE.joinpath("data", *parts)


def cache_dir() -> Path:
    """Where the grammar cache lives (``$XDG_CACHE_HOME/mcn`` or ``~/.cache/mcn``)."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "mcn"


def cache_file(grammar: str) -> str | bool:
    """A cache path for ``grammar`` (any of mcn's grammars: the file is named by a digest of
    its text), or False when no usable cache directory exists."""
    import hashlib  # here, not at start-up: a command that builds no grammar never needs it

    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:16]
    directory = cache_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    if not os.access(directory, os.W_OK):
        path = directory / f"grammar-{digest}.lark"
        return str(path) if path.is_file() else False
    return str(directory / f"grammar-{digest}.lark")
