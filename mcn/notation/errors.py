"""Notation errors: ``file:line:col: error: …`` with the source line, a caret and the game.

Every problem with an MCN file's text — undecodable bytes, a syntax error, a missing header —
becomes a :class:`NotationError`; nothing else escapes the parser. Lark's exceptions are turned
into plain words here: its terminal names are mapped to what a person writes ("an item like
'R: pass'"), and a few common mistakes get a message of their own (an unclosed comment or
variation, a malformed header, an invalid token, a move that lacks its ';').
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from mcn.base.plain import PlainValue

if TYPE_CHECKING:  # Lark is imported when the grammar reads a text, not at every start
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from mcn.io.terminal import caret_display, visible

# mcn.notation.hints (with the move vocabulary and difflib) and mcn.notation.slips are imported
# where an error is explained, not at every start (docs/performance-history.md, "Start-up,
# seventh pass").


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class ErrorLocation(PlainValue):
    """A position in a file plus the text of its line (for the caret display)."""

    line: int
    column: int
    source_line: str | None = None


class NotationError(Exception):
    """A problem with an MCN file, located in it. ``str()`` gives the full report."""

    def __init__(
        self,
        message: str,
        *,
        name: str = "<string>",
        line: int = 1,
        column: int = 1,
        game: int | None = None,
        source_line: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.name = name
        self.line = line
        self.column = column
        self.game = game
        self.source_line = source_line

    @property
    def headline(self) -> str:
        """The first line: ``file:line:col: error: message (game N)``."""
        game = "" if self.game is None else f" (game {self.game})"
        return visible(f"{self.name}:{self.line}:{self.column}: error: {self.message}{game}")

    @property
    def hint(self) -> str | None:
        """How to fix a common slip recognised for certain (:mod:`mcn.notation.hints`)."""
        from mcn.notation.hints import hint

        return hint(self.message, self.source_line, self.column)

    def format(self) -> str:
        """The headline, then the source line and a caret under the column, then the hint;
        record text is made safe for a terminal (:mod:`mcn.io.terminal`)."""
        lines = [self.headline]
        if self.source_line is not None:
            source, caret = caret_display(self.source_line, self.column)
            lines.append(f"    {source}")
            lines.append(f"    {caret}")
        found = self.hint
        if found is not None:
            lines.append(visible(f"    hint: {found}"))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.format()


# ---- describing what the parser expected ------------------------------------------------------

#: Phrases for the terminals the parser may expect, in the order they are listed.
_EXPECTED: Final = (
    ("ACTION", "an action"),
    ("SEMI", "';' and the next move"),
    ("HEAD", "an item like 'R: pass'"),
    ("MARKER", "a section marker ('setup' or 'round N')"),
    ("LT", "a checkpoint '<…>'"),
    ("HEADER", 'a header [Tag "value"]'),
    ("GLYPH", "a glyph"),
    ("COMMENT", "a comment"),
    ("LPAR", "a variation '('"),
    ("GT", "'>'"),
    ("RPAR", "')'"),
    ("$END", "the end of the file"),
)
#: Terminals that only ever come with another one that names them better (a commitment is
#: rare enough that listing it after every action would only lengthen the messages).
_IMPLIED: Final = {"LABEL": "HEAD", "SEAL": "GLYPH"}


def describe_expected(expected: set[str] | frozenset[str]) -> str:
    """``{'RPAR', 'COMMENT', …}`` → "a comment or ')'"."""
    names = {_IMPLIED.get(name, name) for name in expected}
    phrases = [phrase for name, phrase in _EXPECTED if name in names]
    if not phrases:
        return "nothing more here"
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]


def _shorten(text: str, limit: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe_token(token: Any) -> str:
    """How a token is named in a message."""
    kind = getattr(token, "type", "")
    value = str(getattr(token, "value", token))
    if kind == "$END":
        return "end of the file"
    if kind == "ACTION":
        return f"action '{_shorten(value)}'"
    if kind == "HEAD":
        return f"actor '{value.strip()}'"
    if kind == "LABEL":
        return f"item number '{value}'"
    if kind == "HEADER":
        return f"header {_shorten(value)}"
    if kind == "COMMENT":
        return "a comment"
    if kind == "MARKER":
        return f"section marker '{_shorten(value)}'"
    if kind == "GLYPH":
        return f"glyph '{value}'"
    if kind == "SEAL":
        return f"commitment '{_shorten(value)}'"
    return f"'{value}'"


# ---- turning Lark's exceptions into messages --------------------------------------------------


def syntax_failure(error: BaseException) -> UnexpectedInput | None:
    """``error`` when it is Lark's syntax error (``UnexpectedInput``), else ``None``.

    Lark is imported only when a text needs the grammar (the fast path reads plain records
    without it: about a tenth of a command's start); an exception raised before Lark was ever
    imported cannot be one of its errors, so this asks only a loaded Lark.
    """
    exceptions = sys.modules.get("lark.exceptions")
    if exceptions is not None and isinstance(error, exceptions.UnexpectedInput):
        found: UnexpectedInput = error
        return found
    return None


_BAD_TOKEN: Final = re.compile(r"[^\s{}()\[\];<>]+")
_HEADER_START: Final = re.compile(r"\[[ \t]*[A-Za-z]")
_ROUND_WORD: Final = re.compile(r"(?i:round)(?![A-Za-z0-9-])")


def _open(state: Any, kind: str) -> Any:
    """The innermost ``kind`` token ('(' or '<') still open on the parser's stack, if any."""
    from lark import Token

    stack = getattr(state, "value_stack", None) or []
    for value in reversed(stack):
        if isinstance(value, Token) and value.type == kind:
            return value
    return None


def _previous_type(state: Any, history: Any = None) -> str | None:
    """The type of the token just before the error (from the stack or the lexer's history)."""
    from lark import Token

    stack = getattr(state, "value_stack", None) or []
    if stack and isinstance(stack[-1], Token):
        return str(stack[-1].type)
    if history:
        return str(getattr(history[-1], "type", "")) or None
    return None


def _plausible(expected: set[str], state: Any) -> set[str]:
    """``expected`` without what LALR state merging adds but this place cannot take.

    The states after a move are shared by the main line and variations, so they list both
    ')' and headers; only one of the two is possible here.
    """
    if _open(state, "LPAR") is None:
        return expected - {"RPAR"}
    return expected - {"HEADER", "$END"}


def explain(error: UnexpectedInput, text: str) -> tuple[str, int, int]:
    """A message and a 1-based (line, column) for a Lark error on ``text``; an error that
    follows a comment left open is told at the ``{`` that opened it (:func:`_open_comment`)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(error, UnexpectedCharacters):
        return _open_comment(_explain_characters(error, text), text, error.pos_in_stream)
    if isinstance(error, UnexpectedToken):
        start = getattr(error.token, "start_pos", None)
        offset = len(text) if error.token.type == "$END" or start is None else int(start)
        return _open_comment(_explain_token(error), text, offset)
    if isinstance(error, UnexpectedEOF):
        return (
            f"unexpected end of the file: expected {describe_expected(set(error.expected))}",
            1,
            1,
        )
    return str(error), int(getattr(error, "line", 1)), int(getattr(error, "column", 1))


def _open_comment(
    explained: tuple[str, int, int], text: str, offset: int | None
) -> tuple[str, int, int]:
    """A comment whose ``}`` was left out runs to the next comment's ``}``, and the parser
    stumbles lines later: when a comment before the error spans lines and holds another
    ``{``, the error is told where that comment was opened (:mod:`mcn.notation.slips`)."""
    from mcn.notation.slips import open_comment

    message, line, column = explained
    found = open_comment(text, len(text) if offset is None else int(offset))
    if found is None or message.startswith("unclosed comment"):
        return explained
    return (
        f"unclosed comment: this '{{' is closed only by the '}}' at line {found.closed_line}, "
        f"column {found.closed_column} (comments do not nest), so what follows is read as "
        f"moves and fails at line {line}, column {column}: {message}",
        found.line,
        found.column,
    )


def _after(previous: str | None) -> str | None:
    """What must follow a token of type ``previous`` when that is the whole story."""
    if previous == "HEAD":
        return "expected an action or a comment after the actor"
    if previous == "SEMI":
        return "expected a move after ';'"
    if previous == "LABEL":
        return "expected an actor like 'R:' after the item number"
    if previous == "LT":
        return "expected a checkpoint name after '<'"
    return None


def _explain_characters(error: UnexpectedCharacters, text: str) -> tuple[str, int, int]:
    position = int(error.pos_in_stream or 0)
    line, column = int(error.line), int(error.column)
    char = text[position] if position < len(text) else ""
    allowed = _plausible(set(error.allowed or ()), error.state)
    previous = _previous_type(error.state, error.token_history)
    if char == "{":
        return "unclosed comment: this '{' has no matching '}'", line, column
    if char == "[" and ("HEADER" in allowed or _HEADER_START.match(text, position)):
        return (
            'malformed header: expected [Tag "value"] on one line, the value in double quotes',
            line,
            column,
        )
    if char == "#":
        return _malformed_commitment(text, position), line, column
    if _ROUND_WORD.match(text, position):
        return "'round' must be followed by the round number, like 'round 3'", line, column
    word = _BAD_TOKEN.match(text, position)
    if word is not None and (word.group()[0].isalnum() or word.group()[0] in "?-*"):
        found = _shorten(word.group())
        if previous in ("HEAD", "SEMI", "LT", "COMMENT") and not found[0].isalpha():
            return f"invalid action '{found}': an action begins with a word", line, column
        return f"invalid token '{found}'", line, column
    shown = repr(char) if char and not char.isprintable() else f"'{char}'"
    what = _after(previous) or f"expected {describe_expected(allowed)}"
    return f"unexpected character {shown}: {what}", line, column


def _malformed_commitment(text: str, position: int) -> str:
    """A ``#`` the lexer could not read as a commitment: say what one looks like."""
    found = _BAD_TOKEN.match(text, position)
    written = found.group() if found is not None else "#"
    digits = written[1:]
    if not digits:
        what = "nothing"
    elif any(c not in "0123456789abcdefABCDEF" for c in digits):
        what = f"'{_shorten(written)}', which is not hexadecimal"
    else:
        what = f"{len(digits)} hex digits"
    return (
        "malformed commitment: '#' must be followed by exactly 64 hex digits "
        f"(a SHA-256, as 'mcn seal' prints it), found {what}"
    )


def _explain_token(error: UnexpectedToken) -> tuple[str, int, int]:
    token = error.token
    kind = token.type
    expected = _plausible(set(error.expected), error.state)
    if kind == "$END":
        line, column = int(token.end_line or 1), int(token.end_column or 1)
    else:
        line, column = int(token.line), int(token.column)
    unexpected = f"unexpected {describe_token(token)}"
    if "RPAR" in expected and kind in ("$END", "HEADER"):
        opening = _open(error.state, "LPAR")
        if opening is not None:
            where = int(opening.line or 1), int(opening.column or 1)
            return "unclosed variation: this '(' has no matching ')'", *where
    if expected == {"GT"}:
        opening = _open(error.state, "LT")
        if opening is not None:
            where = int(opening.line or 1), int(opening.column or 1)
            return "unclosed checkpoint: this '<' has no matching '>'", *where
    if kind == "RPAR" and "RPAR" not in expected:
        return "unmatched ')': no variation is open here", line, column
    after = _after(_previous_type(error.state))
    if after is not None:
        return f"{unexpected}: {after}", line, column
    if kind == "ACTION" and "SEMI" in expected:
        return f"{unexpected}: separate the moves of an item with ';'", line, column
    return f"{unexpected}: expected {describe_expected(expected)}", line, column
