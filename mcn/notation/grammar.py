"""Load the MCN grammar into a Lark LALR parser wired to the record builder, and summarise it.

``grammar/mcn.lark`` is the definition of MCN's syntax, written to be read; this module hands it
to Lark as it is (LALR with a contextual lexer, the builder's callbacks as the transformer).
Speed is not the grammar's concern: the fast readers live in :mod:`mcn.notation.fastpath`.

The grammar file comes from the installed package (``mcn.io.resources.grammar_path()``), so this
works from a wheel. Lark's grammar analysis is cached in a user cache directory
(``$XDG_CACHE_HOME/mcn`` or ``~/.cache/mcn``, one file per grammar text: see
``mcn.io.resources.cache_file``, shared with the position grammar) so start-up stays fast; when
that directory cannot be created or written (a read-only home, a sandbox) the parser is simply
built without a cache — Lark swallows a failed cache write silently.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from typing import TYPE_CHECKING

from mcn.io import resources
from mcn.io.resources import cache_file
from mcn.notation.builder import RecordBuilder

if TYPE_CHECKING:  # imported when a parser is built: the fast path reads plain records without
    from lark import Lark


def build_parser(builder: RecordBuilder, *, use_cache: bool = True) -> Lark:
    """A fresh LALR parser whose reductions call ``builder``."""
    from lark import Lark

    grammar = grammar_text()
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        start="file",
        transformer=builder,
        maybe_placeholders=False,
        cache=cache_file(grammar) if use_cache else False,
    )


@cache
def shared() -> tuple[Lark, RecordBuilder]:
    """The process-wide parser and its builder (parsing is single-threaded)."""
    builder = RecordBuilder()
    return build_parser(builder), builder


TERMINALS_FILE = "mcn.terminals.json"
"""The terminals' regular expressions derived from ``grammar/mcn.lark``, shipped beside it."""


def terminals_from_lark() -> dict[str, str]:
    """The regular expression of each terminal, as the loaded Lark parser has it."""
    parser, _ = shared()
    return {terminal.name: terminal.pattern.to_regexp() for terminal in parser.terminals}


def grammar_digest(grammar: str) -> str:
    """The digest that ties a derived file to the grammar text it was derived from."""
    return hashlib.sha256(grammar.encode("utf-8")).hexdigest()


def terminals_document() -> str:
    """The text of ``grammar/mcn.terminals.json`` for the current grammar
    (:func:`write_terminals` writes it; ``tests/notation/test_grammar.py`` holds the shipped
    file to it)."""
    document = {
        "grammar_sha256": grammar_digest(grammar_text()),
        "terminals": terminals_from_lark(),
    }
    return json.dumps(document, indent=1, sort_keys=True) + "\n"


def write_terminals() -> None:
    """Regenerate ``grammar/mcn.terminals.json`` after an edit of the grammar:
    ``python -c 'from mcn.notation.grammar import write_terminals; write_terminals()'``."""
    path = resources.grammar_path().with_name(TERMINALS_FILE)
    path.write_text(terminals_document(), encoding="utf-8")


@cache
def terminals() -> dict[str, str]:
    """The regular expression of each terminal of the grammar (what the fast path is built
    from): read from the shipped ``grammar/mcn.terminals.json`` when it was derived from this
    very grammar text, so that reading a plain record never imports Lark (a tenth of every
    command's start); otherwise (the grammar edited, the file not regenerated) from Lark."""
    path = resources.grammar_path().with_name(TERMINALS_FILE)
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        document = {}
    if isinstance(document, dict) and document.get("grammar_sha256") == grammar_digest(
        grammar_text()
    ):
        found: dict[str, str] = document["terminals"]
        return found
    return terminals_from_lark()


_RULE_START = re.compile(r"[!?]?_?[a-z][a-z0-9_]*:")
_TERMINAL_START = re.compile(r"([A-Z][A-Z0-9_]*)(?:\.[0-9]+)?:")


def grammar_text() -> str:
    """The text of ``grammar/mcn.lark``."""
    return resources.grammar_path().read_text(encoding="utf-8")


def rule_lines(grammar: str) -> list[str]:
    """The grammar's rules without their comments, one line each, in the file's order (a
    rule continued on indented lines is joined): what docs/notation.md's "Grammar summary"
    shows, and a test holds equal to the file."""
    lines: list[str] = []
    for line in grammar.splitlines():
        code = line.split("//", 1)[0].rstrip()
        if _RULE_START.match(code):
            lines.append(" ".join(code.split()))
        elif code.startswith((" ", "\t")) and code.strip() and lines:
            lines[-1] += " " + " ".join(code.split())
    return lines


def terminal_names(grammar: str) -> list[str]:
    """The names of the grammar's own terminals (not the ``_`` fragments they are made of),
    in the file's order."""
    return [found[1] for found in map(_TERMINAL_START.match, grammar.splitlines()) if found]


def summary(grammar: str) -> str:
    """The rules as docs/notation.md's "Grammar summary" shows them: names aligned."""
    rules = [line.split(":", 1) for line in rule_lines(grammar)]
    width = max(len(name) for name, _ in rules)
    return "\n".join(f"{name:<{width}} :{body}" for name, body in rules)
