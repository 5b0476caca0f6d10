"""The fast path's regular expressions, composed from the grammar's own terminal patterns.

:mod:`mcn.notation.fastpath` cuts plain lines with these instead of Lark's lexer: a first move
(``LABEL? HEAD ACTION``), a later move (``";" HEAD? ACTION``), a marker, a header or space,
each built from the patterns of the terminals of ``grammar/mcn.lark`` (taken from the loaded
grammar, not copied), so that the fast path reads exactly what the grammar defines; and the
words of new pieces judged with the grammar's ``HEAD`` and ``ACTION`` (:class:`Words`).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from mcn.notation.lexical import head_actor


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


#: What a word of a piece may be, as bits (:meth:`Words.kind`).
HEAD_WORD: Final = 1
FIRST_WORD: Final = 2
ARGUMENT_WORD: Final = 4
#: How many words (and heads) each memo of :class:`Words` keeps, and the longest word kept.
WORDS_LIMIT: Final = 1 << 16
LONGEST_WORD: Final = 160


class Words:
    """What each distinct word of the fast path's new pieces may be, judged once with the
    grammar's own ``HEAD`` and ``ACTION`` matched whole, and kept (bounded, as the templates):
    its kind as bits (``kinds``), the actor of each head by its name (``heads``), and the words
    that may begin an action (``firsts``) or continue one (``arguments``) as sets, against
    which :meth:`mcn.notation.fastpath.PieceTemplates.items` checks all of a move's words at
    once."""

    def __init__(self) -> None:
        self.kinds: dict[str, int] = {}
        self.heads: dict[str, str] = {}
        self.firsts: set[str] = set()
        self.arguments: set[str] = set()

    def clear(self) -> None:
        """Forget every word."""
        self.kinds.clear()
        self.heads.clear()
        self.firsts.clear()
        self.arguments.clear()

    def kind(self, word: str) -> int:
        """What ``word`` (no whitespace in it) may be in a piece, as bits: a move's head
        (``R:``), an action's first word (``visit``), a later word of an action (``5+2``,
        ``wine>I``)."""
        head, action = word_patterns()
        kind = (
            (HEAD_WORD if head.fullmatch(word) is not None else 0)
            | (FIRST_WORD if action.fullmatch(word) is not None else 0)
            | (ARGUMENT_WORD if action.fullmatch("x " + word) is not None else 0)
        )
        if len(word) <= LONGEST_WORD:
            if len(self.kinds) >= WORDS_LIMIT:
                self.kinds.clear()
                self.firsts.clear()
                self.arguments.clear()
            self.kinds[word] = kind
            if kind & FIRST_WORD:
                self.firsts.add(word)
            if kind & ARGUMENT_WORD:
                self.arguments.add(word)
        return kind

    def head(self, name: str) -> str:
        """The actor of the head ``name:`` (:func:`mcn.notation.lexical.head_actor`), or
        ``""`` when ``name:`` is no head."""
        word = name + ":"
        kind = self.kinds.get(word)
        if kind is None:
            kind = self.kind(word)
        actor = head_actor(name) if kind & HEAD_WORD else ""
        if len(word) <= LONGEST_WORD:
            if len(self.heads) >= WORDS_LIMIT:
                self.heads.clear()
            self.heads[name] = actor
        return actor

    def action(self, words: list[str]) -> bool:
        """Whether ``words`` are an action's: a first word, then later words."""
        kinds = self.kinds
        wanted = FIRST_WORD
        for word in words:
            kind = kinds.get(word)
            if not (self.kind(word) if kind is None else kind) & wanted:
                return False
            wanted = ARGUMENT_WORD
        return True
