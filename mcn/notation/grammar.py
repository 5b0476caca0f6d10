"""Load the MCN grammar into a Lark LALR parser wired to the record builder.

The grammar file comes from the installed package (``mcn.resources.grammar_path()``), so this
works from a wheel. Lark's grammar analysis is cached in a user cache directory
(``$XDG_CACHE_HOME/mcn`` or ``~/.cache/mcn``, one file per grammar text) so start-up stays
fast; when that directory cannot be created or written (a read-only home, a sandbox) the parser
is simply built without a cache — Lark swallows a failed cache write silently.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

from lark import Lark

from mcn import resources
from mcn.notation.builder import RecordBuilder


def cache_dir() -> Path:
    """Where the grammar cache lives (``$XDG_CACHE_HOME/mcn`` or ``~/.cache/mcn``)."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "mcn"


def _cache_file(grammar: str) -> str | bool:
    """A cache path for ``grammar``, or False when no usable cache directory exists."""
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


def build_parser(builder: RecordBuilder, *, use_cache: bool = True) -> Lark:
    """A fresh LALR parser whose reductions call ``builder``."""
    grammar = resources.grammar_path().read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        start="file",
        transformer=builder,
        maybe_placeholders=False,
        cache=_cache_file(grammar) if use_cache else False,
    )


@cache
def shared() -> tuple[Lark, RecordBuilder]:
    """The process-wide parser and its builder (parsing is single-threaded)."""
    builder = RecordBuilder()
    return build_parser(builder), builder
