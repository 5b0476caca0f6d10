"""A Pygments lexer for MCN, so records are coloured in editors, docs and the HTML viewer.

Installed with the package, it is found by Pygments through the ``pygments.lexers`` entry point
(``pygmentize -l mcn game.mcn``). It follows the lexical rules of docs/notation.md — headers,
section markers, labels, heads, verbs and their arguments, checkpoints, comments, glyphs and
variations — closely enough that every valid record lexes without an ``Error`` token, while
text the notation cannot read (a stray character, an unclosed header) is marked ``Error``.
It is a highlighter, not a validator: ``mcn validate`` is the judge of a record.

Pygments is an optional dependency (``pip install 'mcn[pygments]'``); nothing else in mcn
imports this module.
"""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, default, include
from pygments.token import (
    Comment,
    Error,
    Generic,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

__all__ = ["MCNLexer"]

#: Characters that end a token (docs/notation.md, "Lexical rules").
_END = r"(?![A-Za-z0-9_.:+-])"
_WORD = r"[A-Za-z][A-Za-z0-9-]*"
_VALUE = r"(?:[A-Za-z0-9][A-Za-z0-9-]*|-[0-9]+|\?)"
_MARKER = r"(?i:setup|round)" + r"(?![A-Za-z0-9-])"
_HEAD = r"(?:(?!" + _MARKER + r")" + _WORD + r":|\*:)"
_COLOUR_HEAD = r"[RBGYrbgy]:"
_HEADER_VALUE = r'("(?:[^"\\\r\n]|\\[^\r\n])*")'
_CHANCE_HEAD = r"(?:\*|(?!" + _MARKER + r")" + _WORD + r"):"


class MCNLexer(RegexLexer):  # type: ignore[misc]  # Pygments ships no type hints
    """Lexer for MCN, the Mea Culpa Notation (``.mcn`` game records)."""

    name = "MCN"
    aliases: ClassVar[list[str]] = ["mcn", "mea-culpa"]
    filenames: ClassVar[list[str]] = ["*.mcn"]
    mimetypes: ClassVar[list[str]] = ["text/x-mcn"]
    url = "https://mcn.invalid/docs/notation.md"

    def get_tokens_unprocessed(self, text: str, stack: tuple[str, ...] = ("root",)):  # type: ignore[no-untyped-def]
        """The regex lexing, then unbalanced variation parentheses marked as ``Error``."""
        tokens = list(super().get_tokens_unprocessed(text, stack))
        open_at: list[int] = []
        for index, (_, kind, value) in enumerate(tokens):
            if kind is not Punctuation or value not in "()":
                continue
            if value == "(":
                open_at.append(index)
            elif open_at:
                open_at.pop()
            else:
                open_at.append(index)
        for index in open_at:
            position, _, value = tokens[index]
            tokens[index] = (position, Error, value)
        yield from tokens

    tokens: ClassVar[dict[str, list]] = {  # type: ignore[type-arg]
        "common": [
            (r"[ \t\r\n\f\v]+", Whitespace),
            (r"\{(?:[^\\}]|\\[\s\S])*\}", Comment.Multiline),
            (r"\{", Error),
        ],
        "root": [
            include("common"),
            (
                r"(\[)([ \t]*)([A-Za-z][A-Za-z0-9_]*)([ \t]+)" + _HEADER_VALUE + r"([ \t]*)(\])",
                bygroups(
                    Punctuation,
                    Whitespace,
                    Name.Tag,
                    Whitespace,
                    String.Double,
                    Whitespace,
                    Punctuation,
                ),
            ),
            (
                r"((?i:round))([ \t\r\n\f\v]+)([0-9]{1,9})" + _END,
                bygroups(Keyword.Namespace, Whitespace, Number.Integer),
            ),
            (r"(?i:setup)" + _END, Keyword.Namespace),
            (r"[0-9]{1,9}\.(?![0-9])", Number.Integer, "head"),
            (_COLOUR_HEAD, Name.Class, "verb"),
            (_CHANCE_HEAD, Name.Builtin, "args"),
            (r";", Punctuation, "after-semicolon"),
            (r"[()]", Punctuation),
            (r"<", Punctuation, "checkpoint"),
            (r"\$[0-9]+|[!?][!?]?", Generic.Emph),
            (r"[^\s]", Error),
        ],
        # After a label: the item's head.
        "head": [
            include("common"),
            (_COLOUR_HEAD, Name.Class, ("#pop", "verb")),
            (_CHANCE_HEAD, Name.Builtin, ("#pop", "args")),
            (r"[^\s]", Error, "#pop"),
        ],
        # After ';': an optional head, then a move.
        "after-semicolon": [
            include("common"),
            (_COLOUR_HEAD, Name.Class, ("#pop", "verb")),
            (_CHANCE_HEAD, Name.Builtin, ("#pop", "args")),
            (_WORD + _END, Keyword, ("#pop", "args")),
            (r"[^\s]", Error, "#pop"),
        ],
        # After a player's head: before-comments, then the verb.
        "verb": [
            include("common"),
            (_WORD + _END, Keyword, ("#pop", "args")),
            (r"[^\s]", Error, "#pop"),
        ],
        # The arguments of an action; a glyph, a comment or any punctuation ends them.
        "args": [
            (r"[ \t\r\n\f\v]+", Whitespace),
            (r"(?=" + _HEAD + r"|[0-9]{1,9}\.(?![0-9])|" + _MARKER + r")", Text, "#pop"),
            (r"(?<=\S)[!?][!?]?|!|\$[0-9]+", Generic.Emph, "#pop"),
            # A sealed move's commitment (docs/notation.md, "Sealed moves") ends its action.
            (r"#[0-9a-fA-F]{64}" + _END, String.Other, "#pop"),
            include("values"),
            default("#pop"),
        ],
        "values": [
            (r"(?:[0-9]+|\?)\+(?:[0-9]+|\?)" + _END, Number.Integer),
            (
                r"(" + _VALUE + r")(>)(" + _VALUE + r")" + _END,
                bygroups(Name.Attribute, Operator, Name.Attribute),
            ),
            (r"(?:R|B|G|Y|I|II)" + _END, Name.Constant),
            (r"-?[0-9][A-Za-z0-9-]*" + _END, Number.Integer),
            (_WORD + _END, Name.Attribute),
            (r"\?(?=[\s;{}()<>\[\]!?$]|\Z)", Generic.Deleted),
        ],
        "checkpoint": [
            (r"[ \t\r\n\f\v]+", Whitespace),
            (r">", Punctuation, "#pop"),
            (_WORD + _END, Name.Label, ("#pop", "checkpoint-args")),
            (r".", Error, "#pop"),
        ],
        "checkpoint-args": [
            (r"[ \t\r\n\f\v]+", Whitespace),
            (r">(?!" + _VALUE + r")", Punctuation, "#pop"),
            include("values"),
            (r".", Error, "#pop"),
        ],
        "comment": [
            (r"[^\\}]+", Comment.Multiline),
            (r"\\[\s\S]", Comment.Multiline),
            (r"\}", Comment.Multiline, "#pop"),
        ],
    }
