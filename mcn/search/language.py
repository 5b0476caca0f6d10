"""The condition language of ``mcn search --where``: text to a syntax tree, and back.

``grammar/search.lark`` holds the syntax (LALR, parsed once per process); this module turns
Lark's tree into the small immutable nodes below, reports a malformed expression at the column
of the mistake (``expr:7: expected a value …``) and prints a tree back in canonical form (the
fewest parentheses, one space around operators) — the round trip the property tests check.
Names, functions and types are the compiler's business (:mod:`mcn.search.compiler`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from lark import Lark, Token, Tree, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from mcn.io.resources import cache_file, grammar_path

#: The longest expression read (a condition is a line; this bounds the work of a parse).
MAX_LENGTH: Final = 2000
#: The deepest nesting of operators and parentheses read (the compiler and the printer walk
#: the tree recursively; this keeps them far from Python's recursion limit).
MAX_DEPTH: Final = 64


class ExpressionError(ValueError):
    """A malformed or meaningless expression: ``column`` (from 1) is where the mistake is."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.column = column

    def __str__(self) -> str:
        return f"expr:{self.column}: {self.message}"

    def display(self, text: str) -> str:
        """The error, then the expression with a caret under the column (controls shown as
        spaces, so the caret lines up on one line)."""
        shown = "".join(c if c.isprintable() else " " for c in text)
        return f"{self}\n    {shown}\n    {' ' * (self.column - 1)}^"


@dataclass(frozen=True, slots=True)
class Number:
    value: int
    column: int


@dataclass(frozen=True, slots=True)
class Text:
    value: str
    column: int


@dataclass(frozen=True, slots=True)
class Name:
    name: str
    column: int


@dataclass(frozen=True, slots=True)
class Call:
    name: str
    arguments: tuple[Node, ...]
    column: int


@dataclass(frozen=True, slots=True)
class Negative:
    operand: Node
    column: int


@dataclass(frozen=True, slots=True)
class Not:
    operand: Node
    column: int


@dataclass(frozen=True, slots=True)
class Binary:
    """``left OP right``: ``op`` is ``or``, ``and``, a comparison (``==`` … ``~``) or ``+ -``;
    ``column`` is the operator's."""

    op: str
    left: Node
    right: Node
    column: int


Node = Number | Text | Name | Call | Negative | Not | Binary

COMPARISONS: Final = ("==", "!=", "<=", ">=", "<", ">", "~", "!~")

#: How tightly each form binds (a bigger number binds tighter).
_OR, _AND, _NOT, _COMPARE, _SUM, _NEGATIVE, _ATOM = range(1, 8)

#: What Lark calls a terminal, as a user would say it.
_WORDS: Final = {
    "NUMBER": "a number",
    "STRING": 'a "text"',
    "NAME": "a name",
    "NOT": "'not'",
    "MINUS": "'-'",
    "ADD": "'+' or '-'",
    "COMPARE": "a comparison (== != < <= > >= ~ !~)",
    "LPAR": "'('",
    "RPAR": "')'",
    "COMMA": "','",
    "OR": "'or'",
    "AND": "'and'",
    "$END": "the end of the expression",
}


@cache
def _parser() -> Lark:
    grammar = grammar_path("search").read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=True,
        cache=cache_file(grammar),  # building the tables costs more than a search of a game
    )


def parse(text: str) -> Node:
    """The syntax tree of ``text``; :class:`ExpressionError` at the column of a mistake."""
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"longer than {MAX_LENGTH} characters", MAX_LENGTH + 1)
    if not text.strip():
        raise ExpressionError("expected a condition, found nothing", 1)
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as problem:
        raise _syntax_error(problem, text) from None
    return _Reader(text).node(tree, 0)


_VALUES: Final = frozenset({"NUMBER", "STRING", "NAME", "LPAR"})


def _expected(names: set[str]) -> str:
    words = []
    if names >= _VALUES:  # where any value may come, say so in one phrase
        words.append('a value (a number, a "text", a name, a call or "(")')
        names = names - _VALUES
    words += sorted(_WORDS.get(name, repr(name.lower())) for name in names if name != "$END")
    if "$END" in names:
        words.append("the end of the expression")
    if len(words) <= 1:
        return words[0] if words else "something else"
    return ", ".join(words[:-1]) + " or " + words[-1]


def _found(problem: UnexpectedInput, text: str) -> str:
    if isinstance(problem, UnexpectedToken):
        token = problem.token
        if token.type == "$END":
            return "the end of the expression"
        return repr(str(token))
    at = _offset(problem)
    return repr(text[at]) if at < len(text) else "the end of the expression"


def _offset(problem: UnexpectedInput) -> int:
    if isinstance(problem, UnexpectedToken) and problem.token.type == "$END":
        return -1
    position = getattr(problem, "pos_in_stream", None)
    if position is None and isinstance(problem, UnexpectedToken):
        position = problem.token.start_pos
    return int(position or 0)


def _syntax_error(problem: UnexpectedInput, text: str) -> ExpressionError:
    at = _offset(problem)
    column = len(text.rstrip()) + 1 if at < 0 else at + 1
    if isinstance(problem, UnexpectedCharacters):
        char = text[at] if at < len(text) else ""
        if char == '"':
            return ExpressionError('this text has no closing quote (")', column)
        if char in "=!&|":
            hint = {"=": " (compare with ==)", "!": " (write != or !~, or not)"}.get(char, "")
            if char in "&|":
                hint = " (write 'and' or 'or')"
            return ExpressionError(f"unexpected {char!r}{hint}", column)
        allowed = set(problem.allowed or ())
        if text[:at].count("(") <= text[:at].count(")"):
            allowed -= {"RPAR", "COMMA"}
        return ExpressionError(
            f"expected {_expected(allowed)}, found {_found(problem, text)}", column
        )
    expected = set(getattr(problem, "expected", None) or getattr(problem, "accepts", None) or ())
    opened = text[: max(at, 0)].count("(") - text[: max(at, 0)].count(")")
    if opened <= 0 and at >= 0:  # no parenthesis is open here: ')' and ',' cannot come
        expected -= {"RPAR", "COMMA"}
    token = problem.token if isinstance(problem, UnexpectedToken) else None
    if token is not None and token.type == "COMPARE" and "COMPARE" not in expected:
        return ExpressionError("comparisons do not chain: write a < b and b < c", column)
    return ExpressionError(f"expected {_expected(expected)}, found {_found(problem, text)}", column)


def _unquote(token: Token) -> str:
    """A STRING token's text: ``\\"`` is a quote, ``\\\\`` a backslash, other ``\\`` kept."""
    body = str(token)[1:-1]
    out: list[str] = []
    index = 0
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body) and body[index + 1] in '"\\':
            out.append(body[index + 1])
            index += 2
            continue
        out.append(char)
        index += 1
    return "".join(out)


def _column(item: Tree[Token] | Token) -> int:
    if isinstance(item, Token):
        return int(item.start_pos or 0) + 1
    return int(item.meta.start_pos) + 1


class _Reader:
    """Lark's tree of ``text`` as nodes (the text is kept to place ``and``/``or``)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def node(self, tree: Tree[Token] | Token, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise ExpressionError(f"nested more than {MAX_DEPTH} deep", _column(tree))
        if isinstance(tree, Token):
            raise ExpressionError(f"unexpected {str(tree)!r}", _column(tree))
        kind = tree.data
        children = tree.children
        first = children[0]
        if kind in ("number", "text", "name"):
            assert isinstance(first, Token)
            if kind == "number":
                return Number(int(str(first)), _column(first))
            if kind == "text":
                return Text(_unquote(first), _column(first))
            return Name(str(first), _column(first))
        deeper = depth + 1
        if kind == "call":
            assert isinstance(first, Token)
            arguments = tuple(self.node(c, deeper) for c in children[1:] if c is not None)
            return Call(str(first), arguments, _column(first))
        if kind == "negative":
            return Negative(self.node(children[1], deeper), _column(first))
        if kind == "not_":
            return Not(self.node(children[1], deeper), _column(first))
        left, right = self.node(first, deeper), self.node(children[-1], deeper)
        if kind in ("or_", "and_"):
            return Binary(kind[:-1], left, right, self._keyword_column(first, kind[:-1]))
        operator = children[1]
        assert isinstance(operator, Token)
        return Binary(str(operator), left, right, _column(operator))

    def _keyword_column(self, left: Tree[Token] | Token, word: str) -> int:
        """The column of the ``or``/``and`` after the left operand (Lark drops its token)."""
        end = left.end_pos if isinstance(left, Token) else left.meta.end_pos
        at = self.text.find(word, int(end or 0))
        return at + 1 if at >= 0 else int(end or 0) + 1


# ---- the canonical form -------------------------------------------------------------------


def _binding(node: Node) -> int:
    if isinstance(node, Binary):
        if node.op == "or":
            return _OR
        if node.op == "and":
            return _AND
        return _COMPARE if node.op in COMPARISONS else _SUM
    if isinstance(node, Not):
        return _NOT
    if isinstance(node, Negative):
        return _NEGATIVE
    return _ATOM


def quote(value: str) -> str:
    """``value`` as a text literal that reads back as ``value``."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def canonical(node: Node) -> str:
    """The expression in canonical form: reading it back gives the same tree (columns aside)."""
    if isinstance(node, Number):
        return str(node.value)
    if isinstance(node, Text):
        return quote(node.value)
    if isinstance(node, Name):
        return node.name
    if isinstance(node, Call):
        return f"{node.name}({', '.join(canonical(a) for a in node.arguments)})"
    if isinstance(node, Negative):
        return "-" + _wrapped(node.operand, _NEGATIVE)
    if isinstance(node, Not):
        return "not " + _wrapped(node.operand, _NOT)
    level = _binding(node)
    if level == _COMPARE:  # not chained: both sides bind tighter
        left, right = _wrapped(node.left, _SUM), _wrapped(node.right, _SUM)
    else:  # left-associative
        left, right = _wrapped(node.left, level), _wrapped(node.right, level + 1)
    return f"{left} {node.op} {right}"


def _wrapped(node: Node, least: int) -> str:
    text = canonical(node)
    return text if _binding(node) >= least else f"({text})"


def without_columns(node: Node) -> Node:
    """``node`` with every column 0: two trees of the same expression compare equal."""
    if isinstance(node, Number | Text | Name):
        return type(node)(node.value if not isinstance(node, Name) else node.name, 0)  # type: ignore[arg-type]
    if isinstance(node, Call):
        return Call(node.name, tuple(without_columns(a) for a in node.arguments), 0)
    if isinstance(node, Negative):
        return Negative(without_columns(node.operand), 0)
    if isinstance(node, Not):
        return Not(without_columns(node.operand), 0)
    return Binary(node.op, without_columns(node.left), without_columns(node.right), 0)
