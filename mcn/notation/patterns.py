"""The fast path's regular expressions, composed from the grammar's own terminal patterns.

:mod:`mcn.notation.fastpath` cuts plain lines with these instead of Lark's lexer: a first move
(``LABEL? HEAD ACTION``), a later move (``";" HEAD? ACTION``), a marker, a header or space,
each built from the patterns of the terminals of ``grammar/mcn.lark`` (taken from the loaded
grammar, not copied), so that the fast path reads exactly what the grammar defines.
"""

from __future__ import annotations

import re
from functools import cache


@cache
def _terminals() -> dict[str, str]:
    """The regular expression of each terminal of the grammar (shipped beside it, so that
    plain records are read without loading Lark: :func:`mcn.notation.grammar.terminals`)."""
    from mcn.notation.grammar import terminals

    return terminals()


def first_move(grouped: bool) -> str:
    """An item's first move without annotations, as Lark reads it: ``LABEL? HEAD ACTION``
    with the whitespace before and between them (named groups if ``grouped``)."""
    t = _terminals()
    space = f"(?:{t['WS']})?"
    label, head, action = (
        (f"(?P<{name}>{t[terminal]})" if grouped else f"(?:{t[terminal]})")
        for name, terminal in (("label", "LABEL"), ("head", "HEAD"), ("action", "ACTION"))
    )
    return f"{space}(?:{label}{space})?{head}{space}{action}"


def later_move(grouped: bool) -> str:
    """A later move without annotations: ``";" HEAD? ACTION`` and the whitespace between."""
    t = _terminals()
    space = f"(?:{t['WS']})?"
    head, action = (
        (f"(?P<{name}>{t[terminal]})" if grouped else f"(?:{t[terminal]})")
        for name, terminal in (("head", "HEAD"), ("action", "ACTION"))
    )
    return f"{t['SEMI']}{space}(?:{head}{space})?{action}"


@cache
def scanner() -> re.Pattern[str]:
    """One token of a plain line: a first move, a later move, a marker, a header or space
    (the order in which the contextual lexer would try them makes no difference: no two of
    them match at the same place)."""
    t = _terminals()
    return re.compile(
        f"(?P<FIRST>{first_move(False)})|(?P<NEXT>{later_move(False)})"
        f"|(?P<MARKER>{t['MARKER']})|(?P<HEADER>{t['HEADER']})|(?P<WS>{t['WS']})"
    )


@cache
def word_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The grammar's ``HEAD`` and ``ACTION`` terminals, each to be matched whole."""
    t = _terminals()
    return re.compile(t["HEAD"]), re.compile(t["ACTION"])


@cache
def move_parts() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The first and the later move, with named groups for their parts."""
    return re.compile(first_move(True)), re.compile(later_move(True))
