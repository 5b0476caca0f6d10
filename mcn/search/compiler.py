"""A ``--where`` condition compiled once into plain Python closures (no ``eval``).

The compiler checks the whole expression before anything runs — every name and function
known, every argument of the right kind, both sides of a comparison of one type, a regular
expression that compiles — and reports the first mistake at its column
(:class:`~mcn.search.language.ExpressionError`). What it returns, a :class:`Condition`, is a
tree of closures over a :class:`~mcn.search.functions.Decision`.

Each condition is compiled twice. ``live`` reads the state itself (a decision whose ``state``
is set): ``mcn search`` tests it while replay stands before the decision (replay's
``before_step``) whenever everything it asks is known there. ``evaluate`` reads the *slots*
instead: what the condition reads of the state (``round``, ``post(R)``; ``post(mover)`` as one
value per player) is taken from the live state before each decision (:meth:`Condition.snapshot`)
and tested once the game is replayed, for a condition that also asks what is known only then
(the result, what a viewer learns later on the line). Either way a game is replayed once and
no state is kept. A condition by move or comment has no slot and reads no state at all.

Values: ``number`` (integers, ``+ -``), ``text`` and ``bool``. A value may be missing (a
function about a colour that does not play): then ``+ -`` give no value and every comparison
is false. ``~`` searches a regular expression (Python ``re``, case-insensitive, ``^ $`` per line);
the pattern must be a text literal of at most :data:`MAX_PATTERN` characters, and a quantified
group holding a quantifier (``(a+)+``: exponential time on some texts) is refused.
"""

from __future__ import annotations

import difflib
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from mcn.engine.constants import COLOURS
from mcn.search.functions import (
    BOOL,
    CHOICE_PARAMETERS,
    FUNCTIONS,
    NAMES,
    NUMBER,
    TEXT,
    Decision,
    Function,
    Value,
)
from mcn.search.language import (
    Binary,
    Call,
    ExpressionError,
    Name,
    Negative,
    Node,
    Not,
    Number,
    Text,
    canonical,
    parse,
)
from mcn.views.projection import EVERYTHING, Viewer

#: The longest regular expression accepted after ``~``.
MAX_PATTERN: Final = 200
#: A group that holds a quantifier and is quantified itself: ``(a+)+``, ``(x*y)*``, ``(a|b+){2,}``.
_NESTED: Final = re.compile(r"\((?:[^()\\]|\\.)*(?:[*+]|\{\d*,?\d*\})(?:[^()\\]|\\.)*\)(?:[*+]|\{)")

Evaluate = Callable[[Decision], Value]
#: Reads one slot of the state (a value, or a list of one value per player).
Slot = Callable[[Decision], Any]


@dataclass(frozen=True, slots=True)
class Condition:
    """A compiled condition: ``test(decision)`` is True when the decision matches."""

    text: str
    canonical: str
    #: The condition over a decision's ``values`` (its slots), not its state.
    evaluate: Evaluate
    #: The condition over a decision's ``state`` itself.
    live: Evaluate
    #: Whether it reads the state before the decision (else no state is read at all).
    reads_state: bool
    #: The names and functions it uses (``move``, ``winner`` …): what a decision needs.
    names: frozenset[str] = frozenset()
    #: What it reads of the state, in slot order (empty when ``reads_state`` is false).
    slots: tuple[Slot, ...] = ()

    def test(self, decision: Decision) -> bool:
        """Whether ``decision`` matches: read at its ``state`` when that is set, else at its
        ``values`` (the :meth:`snapshot` of the state before it, taken during replay)."""
        if decision.state is not None:
            return self.live(decision) is True
        return self.evaluate(decision) is True

    def snapshot(self, decision: Decision) -> list[Any]:
        """The slots read from ``decision.state`` (with its ``players`` and ``viewer``): the
        few values :meth:`test` reads of that state, kept instead of the state."""
        return [slot(decision) for slot in self.slots]


@dataclass(frozen=True, slots=True)
class _Typed:
    type: str
    evaluate: Evaluate
    reads_state: bool
    #: The constant value of a literal or colour name (for static checks), else None.
    constant: Value = None


def compile_condition(text: str, viewer: Viewer = EVERYTHING) -> Condition:
    """``text`` compiled; ``viewer`` is the ``--as`` colour (``None``: a spectator;
    :data:`~mcn.views.projection.EVERYTHING`: no ``--as``). :class:`ExpressionError` on any
    mistake."""
    node = parse(text)
    compiler = _Compiler(viewer, live=False)
    typed = compiler.compile(node)
    if typed.type != BOOL:
        example = ">= 1" if typed.type == NUMBER else '~ "x"'
        raise ExpressionError(
            f"the condition is a {typed.type}, not yes or no: compare it "
            f"(e.g. {canonical(node)} {example})",
            1,
        )
    names = frozenset(compiler.names)
    slots = tuple(compiler.slots)
    live = _Compiler(viewer, live=True).compile(node).evaluate
    return Condition(text, canonical(node), typed.evaluate, live, bool(slots), names, slots)


def _near(word: str, known: list[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1)
    return f" (did you mean {close[0]}?)" if close else ""


class _Compiler:
    """Checks and compiles an expression; ``live``: its state functions read the state,
    else its slots (:class:`Condition`)."""

    def __init__(self, viewer: Viewer, live: bool) -> None:
        self.viewer = viewer
        self.live = live
        self.names: set[str] = set()
        #: What the condition reads of the state (see :class:`Condition`).
        self.slots: list[Slot] = []

    def _slot(self, read: Slot) -> int:
        """A new slot filled by ``read``; its index in a decision's ``values``."""
        self.slots.append(read)
        return len(self.slots) - 1

    def compile(self, node: Node) -> _Typed:
        if isinstance(node, Number):
            value: Value = node.value
            return _Typed(NUMBER, lambda d: value, False, value)
        if isinstance(node, Text):
            text = node.value
            return _Typed(TEXT, lambda d: text, False, text)
        if isinstance(node, Name):
            return self._name(node)
        if isinstance(node, Call):
            return self._call(node)
        if isinstance(node, Negative):
            operand = self._typed(node.operand, NUMBER, "'-' takes a number")
            inner = operand.evaluate
            return _Typed(NUMBER, lambda d: _negate(inner(d)), operand.reads_state)
        if isinstance(node, Not):
            operand = self._typed(node.operand, BOOL, "'not' takes a condition")
            inner = operand.evaluate
            return _Typed(BOOL, lambda d: inner(d) is not True, operand.reads_state)
        return self._binary(node)

    def _typed(self, node: Node, wanted: str, why: str) -> _Typed:
        typed = self.compile(node)
        if typed.type != wanted:
            raise ExpressionError(f"{why}; {canonical(node)} is a {typed.type}", _column(node))
        return typed

    def _name(self, node: Name) -> _Typed:
        named = NAMES.get(node.name)
        if named is None:
            if node.name in FUNCTIONS:
                signature = FUNCTIONS[node.name].signature
                raise ExpressionError(
                    f"{node.name} is a function: write {node.name}{signature}", node.column
                )
            if node.name in ("and", "or"):
                raise ExpressionError(f"'{node.name}' needs a condition on each side", node.column)
            known = list(NAMES) + list(FUNCTIONS)
            raise ExpressionError(
                f"unknown name '{node.name}'{_near(node.name, known)}", node.column
            )
        self.names.add(node.name)
        constant = node.name if node.name in COLOURS else None
        if not named.state or self.live:
            return _Typed(named.type, named.read, named.state, constant)
        index = self._slot(named.read)
        return _Typed(named.type, lambda d: d.values[index], True, constant)

    def _call(self, node: Call) -> _Typed:
        function = FUNCTIONS.get(node.name)
        if function is None:
            if node.name in NAMES:
                raise ExpressionError(
                    f"{node.name} is a value, not a function: write {node.name}", node.column
                )
            raise ExpressionError(
                f"unknown function '{node.name}'{_near(node.name, list(FUNCTIONS))}", node.column
            )
        arguments = node.arguments
        most = len(function.parameters)
        least = most - function.optional
        if not least <= len(arguments) <= most:
            raise ExpressionError(
                f"{node.name} takes {_count(least, most)}: {node.name}{function.signature}",
                node.column,
            )
        compiled = [
            self._argument(function, kind, argument)
            for kind, argument in zip(function.parameters, arguments, strict=False)
        ]
        self._check_secret(node, function, compiled)
        self.names.add(node.name)
        reads = function.state or any(a.reads_state for a in compiled)
        read = function.read
        if function.state and not self.live:
            return _Typed(function.type, self._state_call(read, compiled), True)
        if len(compiled) == 1:
            first = compiled[0].evaluate
            return _Typed(function.type, lambda d: read(d, first(d)), reads)
        if compiled[1].constant is not None:  # a word: read once
            word = compiled[1].constant
            colour = compiled[0].evaluate
            return _Typed(function.type, lambda d: read(d, colour(d), word), reads)
        first, second = compiled[0].evaluate, compiled[1].evaluate
        return _Typed(function.type, lambda d: read(d, first(d), second(d)), reads)

    def _state_call(self, read: Callable[..., Value], arguments: list[_Typed]) -> Evaluate:
        """A function of the state as a slot. Its first argument is a colour, its second (if
        any) a word written out. A colour written out is read once; any other (``mover``, a
        header) is known only when the condition is tested, so the slot holds the value for
        each player, and a colour that does not play is asked directly (no state is read
        for it: no value, or no)."""
        words = tuple(a.constant for a in arguments[1:])
        assert all(w is not None for w in words)  # the kinds after a colour are written out
        colour = arguments[0].constant
        if colour is not None:
            index = self._slot(lambda d: read(d, colour, *words))
            return lambda d: d.values[index]
        which = arguments[0].evaluate
        each = self._slot(lambda d: [read(d, c, *words) for c in d.players])

        def lookup(d: Decision) -> Value:
            chosen = which(d)
            players = d.players
            if chosen in players:
                value: Value = d.values[each][players.index(str(chosen))]
                return value
            return read(d, chosen, *words)

        return lookup

    def _argument(self, function: Function, kind: str, argument: Node) -> _Typed:
        if kind != "colour" and kind not in CHOICE_PARAMETERS and not isinstance(argument, Text):
            raise ExpressionError(f'expected a {kind} name in quotes ("Event")', _column(argument))
        typed = self.compile(argument)
        if kind == "colour":
            if typed.type != TEXT:
                raise ExpressionError(
                    f"expected a colour (R, B, G, Y or mover), found a {typed.type}",
                    _column(argument),
                )
            if typed.constant is not None and typed.constant not in COLOURS:
                raise ExpressionError(
                    f"expected a colour (R, B, G, Y), found {typed.constant!r}", _column(argument)
                )
            return typed
        if kind in CHOICE_PARAMETERS:
            choices = function.choices
            if not isinstance(argument, Text) or argument.value not in choices:
                listed = ", ".join(f'"{c}"' for c in choices)
                raise ExpressionError(f"expected a {kind} in quotes: {listed}", _column(argument))
        return typed

    def _check_secret(self, node: Call, function: Function, arguments: list[_Typed]) -> None:
        """Under ``--as``, a function that reads a secret is refused for another colour
        written out (for a colour known only as the game goes, it has no value then)."""
        if (
            not function.hidden
            or self.viewer == EVERYTHING
            or len(arguments) < len(function.parameters)
        ):
            return
        colour = arguments[0].constant
        if colour is None and self.viewer is not None:
            return
        if self.viewer is None or colour != self.viewer:
            mine = (
                "a spectator sees nobody's"
                if self.viewer is None
                else (f"with --as {self.viewer} only {node.name}({self.viewer}, …)")
            )
            raise ExpressionError(
                f"{node.name}(colour, kind) reads a player's secret: {mine}", node.column
            )

    def _binary(self, node: Binary) -> _Typed:
        op = node.op
        if op in ("and", "or"):
            left = self._typed(node.left, BOOL, f"'{op}' joins conditions")
            right = self._typed(node.right, BOOL, f"'{op}' joins conditions")
            a, b = left.evaluate, right.evaluate
            reads = left.reads_state or right.reads_state
            if op == "and":
                return _Typed(BOOL, lambda d: a(d) is True and b(d) is True, reads)
            return _Typed(BOOL, lambda d: a(d) is True or b(d) is True, reads)
        if op in ("+", "-"):
            left = self._typed(node.left, NUMBER, f"'{op}' takes numbers")
            right = self._typed(node.right, NUMBER, f"'{op}' takes numbers")
            a, b = left.evaluate, right.evaluate
            reads = left.reads_state or right.reads_state
            if op == "+":
                return _Typed(NUMBER, lambda d: _plus(a(d), b(d)), reads)
            return _Typed(NUMBER, lambda d: _plus(a(d), _negate(b(d))), reads)
        if op in ("~", "!~"):
            return self._match(node)
        return self._compare(node)

    def _match(self, node: Binary) -> _Typed:
        left = self._typed(node.left, TEXT, f"'{node.op}' searches a text")
        if not isinstance(node.right, Text):
            raise ExpressionError(
                f"'{node.op}' takes a pattern in quotes on its right", _column(node.right)
            )
        pattern = _pattern(node.right)
        search = pattern.search
        read = left.evaluate
        if node.op == "~":
            return _Typed(BOOL, lambda d: _found(search, read(d)), left.reads_state)
        return _Typed(BOOL, lambda d: _found(search, read(d)) is False, left.reads_state)

    def _compare(self, node: Binary) -> _Typed:
        left, right = self.compile(node.left), self.compile(node.right)
        if left.type != right.type:
            raise ExpressionError(
                f"'{node.op}' compares a {left.type} with a {right.type} "
                f"({canonical(node.left)} and {canonical(node.right)})",
                node.column,
            )
        if left.type != NUMBER and node.op not in ("==", "!="):
            raise ExpressionError(
                f"'{node.op}' compares numbers; a {left.type} takes == or != (or ~)", node.column
            )
        compare = _COMPARE[node.op]
        a, b = left.evaluate, right.evaluate
        reads = left.reads_state or right.reads_state
        fixed = right.constant
        if fixed is not None:  # the usual ``round == 3``: tested at every decision

            def test_constant(d: Decision) -> Value:
                x = a(d)
                return x is not None and compare(x, fixed)

            return _Typed(BOOL, test_constant, reads)

        def test(d: Decision) -> Value:
            x, y = a(d), b(d)
            return x is not None and y is not None and compare(x, y)

        return _Typed(BOOL, test, reads)


_COMPARE: Final[dict[str, Callable[[Any, Any], bool]]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def _pattern(node: Text) -> re.Pattern[str]:
    text = node.value
    if len(text) > MAX_PATTERN:
        raise ExpressionError(f"a pattern is at most {MAX_PATTERN} characters", node.column)
    if _NESTED.search(text):
        raise ExpressionError(
            "a repeated group that repeats inside ((a+)+) can take exponential time; "
            "write it without the nesting",
            node.column,
        )
    try:
        return re.compile(text, re.IGNORECASE | re.MULTILINE)
    except re.error as problem:
        at = node.column + 1 + (problem.pos or 0)
        raise ExpressionError(f"not a regular expression: {problem.msg}", at) from None


def _found(search: Callable[[str], re.Match[str] | None], text: Value) -> Value:
    if text is None:
        return None
    return search(str(text)) is not None


def _negate(value: Value) -> Value:
    return None if value is None else -int(value)


def _plus(a: Value, b: Value) -> Value:
    return None if a is None or b is None else int(a) + int(b)


def _count(least: int, most: int) -> str:
    def n(k: int) -> str:
        return f"{k} argument" + ("" if k == 1 else "s")

    return n(most) if least == most else f"{least} or {most} arguments"


def _column(node: Node) -> int:
    """Where a node's text starts (a binary node's column is its operator's)."""
    while isinstance(node, Binary):
        node = node.left
    return node.column
