"""The record model: what an MCN file says, independent of its layout.

File → Game → headers + body elements (section markers, items, checkpoints, game-level
comments) → Item → Move. Everything is a frozen, slotted dataclass, except spans (named
tuples). Source positions (``span``) and source spellings (``raw``) are kept for messages but
excluded from equality, so two records that differ only in layout, letter case or escaping
compare equal — the property the canonical writer and the JSON form are tested against.

Moves and items — hundreds per game — keep their position as a plain tuple (``where``) and
show it as a :class:`Span` when asked (``span``): Python's cyclic collector stops tracking a
plain tuple of numbers at the first collection it survives, but tracks an instance of a tuple
*subclass* such as a named tuple for as long as it lives, and visits it again at every
collection. Spans were about two in five of the objects a parsed game holds, and the collector
runs between reading a game and replaying it (docs/performance-history.md, "Spans the
collector does not track").

Each class writes its ``__init__`` out (declared ``init=False``) and takes equality, hashing,
``repr`` and pickling by its constructor from :class:`~mcn.base.values.Value` (one shared set
of methods, where ``dataclass`` would compile new ones for each class at every start): in the
compiled build (docs/performance-history.md,
"Reading, compiled") the classes are native, and mypyc compiles such an ``__init__`` but leaves
the generated one interpreted, at fifteen times the cost per record object.

Variations nest without limit, so nothing here may recurse over the tree: :class:`Move` defines
its own equality, hash and repr, which walk the subtree with an explicit stack.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import Literal, NamedTuple, TypeAlias, final

from mcn.base.values import Value
from mcn.notation.headers import Headers
from mcn.notation.lexical import CHANCE, COLOUR_TAGS, COLOURS


class Span(NamedTuple):
    """Where something is in its file: 1-based lines and columns, the end column exclusive.

    A named tuple rather than a dataclass: a tuple is the cheapest object Python builds, and
    equal to the plain tuple (:data:`Where`) a move or an item stores, of which it is the view.
    Like every span it is immutable and hashable; it is never part of a record's equality.
    """

    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


#: A span as moves and items store it: ``(line, column, end_line, end_column)``, a plain
#: tuple (see the module's docstring); a :class:`Span` is one too and may be given instead.
Where: TypeAlias = tuple[int, int, int, int]


def as_span(where: Where | None) -> Span | None:
    """The :class:`Span` of a stored position (None stays None)."""
    if where is None or isinstance(where, Span):
        return where
    return Span(where[0], where[1], where[2], where[3])


@final  # told apart by type(…) is Header (mcn.notation.games): no subclass
@dataclass(slots=True, init=False, repr=False, eq=False)
class Header(Value):
    """A tag pair ``[Tag "value"]``; ``raw`` is the header as written."""

    tag: str
    value: str
    raw: str = field(default="", compare=False)
    span: Span | None = field(default=None, compare=False)

    def __init__(self, tag: str, value: str, raw: str = "", span: Span | None = None) -> None:
        object.__setattr__(self, "tag", tag)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "raw", raw)
        object.__setattr__(self, "span", span)


@dataclass(slots=True, init=False, repr=False, eq=False)
class Comment(Value):
    """A comment ``{…}``; ``text`` is unescaped and otherwise exactly as written."""

    text: str
    span: Span | None = field(default=None, compare=False)

    def __init__(self, text: str, span: Span | None = None) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "span", span)


@dataclass(slots=True, init=False, repr=False, eq=False)
class Section(Value):
    """A section marker: ``setup`` or ``round N``. A check for the replay, not semantics."""

    kind: Literal["setup", "round"]
    number: int | None = None
    span: Span | None = field(default=None, compare=False)

    def __init__(
        self, kind: Literal["setup", "round"], number: int | None = None, span: Span | None = None
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "span", span)

    def __str__(self) -> str:
        return "setup" if self.kind == "setup" else f"round {self.number}"


@final  # told apart by type(…) is Checkpoint (mcn.replay): no subclass
@dataclass(slots=True, init=False, repr=False, eq=False)
class Checkpoint(Value):
    """A checkpoint ``<name args…>``: a statement about the state that replay verifies."""

    name: str
    args: tuple[str, ...] = ()
    span: Span | None = field(default=None, compare=False)

    def __init__(self, name: str, args: tuple[str, ...] = (), span: Span | None = None) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "span", span)

    @property
    def text(self) -> str:
        """The checkpoint's tokens, name first, joined by single spaces."""
        return " ".join((self.name, *self.args))


@dataclass(slots=True, init=False, repr=False, eq=False)
class Move(Value):
    """One decision: an actor and its action tokens, with annotations.

    ``tokens`` are in canonical spelling (for a chance item ``market: …`` the head word is the
    first token). ``variations`` are alternatives that replace this move (PGN RAV): each is a
    tuple of body elements. ``span`` covers the action text (for a chance item from its head
    word on); ``raw`` is that text as written.
    """

    actor: str
    tokens: tuple[str, ...]
    glyphs: tuple[str, ...] = ()
    before: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    variations: tuple[tuple[Element, ...], ...] = ()
    raw: str = field(default="", compare=False)
    where: Where | None = field(default=None, compare=False)
    seal: str = ""

    def __init__(
        self,
        actor: str,
        tokens: tuple[str, ...],
        glyphs: tuple[str, ...] = (),
        before: tuple[Comment, ...] = (),
        after: tuple[Comment, ...] = (),
        variations: tuple[tuple[Element, ...], ...] = (),
        raw: str = "",
        where: Where | None = None,
        seal: str = "",
    ) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "tokens", tokens)
        object.__setattr__(self, "glyphs", glyphs)
        object.__setattr__(self, "before", before)
        object.__setattr__(self, "after", after)
        object.__setattr__(self, "variations", variations)
        object.__setattr__(self, "raw", raw)
        object.__setattr__(self, "where", where)
        object.__setattr__(self, "seal", seal)

    @property
    def span(self) -> Span | None:
        """Where the move's action text is in its file (made from ``where`` when asked)."""
        return as_span(self.where)

    @property
    def text(self) -> str:
        """The canonical action text, as the engine's ``parse_action`` reads it."""
        return " ".join(self.tokens)

    @property
    def is_chance(self) -> bool:
        """Whether chance (``*``) makes this move."""
        return self.actor == CHANCE

    def _own(self) -> tuple[object, ...]:
        return (self.actor, self.tokens, self.glyphs, self.before, self.after, self.seal)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        assert isinstance(other, Move)
        if self is other:
            return True
        if not self.variations and not other.variations:
            return self._own() == other._own()
        return _signature(self) == _signature(other)

    def __hash__(self) -> int:
        if not self.variations:
            return hash(self._own())
        return hash(tuple(_signature(self)))

    def __repr__(self) -> str:
        parts = [f"{self.actor}: {self.text}"]
        if self.seal:
            parts.append(f"seal={self.seal[:12]}…")
        if self.glyphs:
            parts.append(f"glyphs={self.glyphs!r}")
        if self.before or self.after:
            parts.append(f"comments={len(self.before)}+{len(self.after)}")
        if self.variations:
            parts.append(f"variations={len(self.variations)}")
        return f"Move({', '.join(parts)})"


@dataclass(slots=True, init=False, repr=False, eq=False)
class Item(Value):
    """A turn-like group ``[N.] ACTOR: move (; [ACTOR:] move)*``; the label is a check."""

    moves: tuple[Move, ...]
    label: int | None = None
    where: Where | None = field(default=None, compare=False)

    def __init__(
        self, moves: tuple[Move, ...], label: int | None = None, where: Where | None = None
    ) -> None:
        object.__setattr__(self, "moves", moves)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "where", where)

    @property
    def span(self) -> Span | None:
        """Where the item is in its file, label to last move (made from ``where`` when asked)."""
        return as_span(self.where)

    @property
    def actor(self) -> str:
        """The actor of the item's head: the actor of its first move."""
        return self.moves[0].actor


Element: TypeAlias = Section | Item | Checkpoint | Comment


@dataclass(slots=True, init=False, repr=False, eq=False)
class Game(Value):
    """One game: its headers in canonical order (roster, then unknown tags in source order),
    readable by tag (``game.headers["Result"]``: :class:`~mcn.notation.headers.Headers`).
    ``source`` names the file it was read from (``mcn.read_games``), so that what replay
    reports about it names the file too."""

    headers: Headers
    body: tuple[Element, ...] = ()
    span: Span | None = field(default=None, compare=False)
    source: str = field(default="<string>", compare=False)

    def __init__(
        self,
        headers: tuple[Header, ...],
        body: tuple[Element, ...] = (),
        span: Span | None = None,
        source: str = "<string>",
    ) -> None:
        object.__setattr__(
            self, "headers", headers if isinstance(headers, Headers) else Headers(headers)
        )
        object.__setattr__(self, "body", body)
        object.__setattr__(self, "span", span)
        object.__setattr__(self, "source", source)

    def header(self, tag: str) -> str | None:
        """The value of header ``tag``, or None when the game lacks it
        (``game.headers.get(tag)``)."""
        for header in self.headers:
            if header.tag == tag:
                return header.value
        return None

    @property
    def players(self) -> tuple[str, ...]:
        """The colours that play, in roster order (those with a player tag)."""
        tags = {header.tag for header in self.headers}
        return tuple(colour for colour in COLOURS if COLOUR_TAGS[colour] in tags)

    def moves(self) -> Iterator[Move]:
        """The main line's moves, in order (variations are not entered).

        Chained in C from the items' tuples of moves, not yielded from a generator: each move
        is one step of a tuple's iterator instead of a generator's resumption (a fifth of the
        count of every game's moves, 0.9 % of the pure parse: docs/performance-history.md, "Per
        move, round seven")."""
        return chain.from_iterable(
            element.moves for element in self.body if isinstance(element, Item)
        )


@dataclass(slots=True, init=False, repr=False, eq=False)
class File(Value):
    """The games of one file, in order; ``name`` is where it came from (for messages)."""

    games: tuple[Game, ...] = ()
    name: str = field(default="<string>", compare=False)

    def __init__(self, games: tuple[Game, ...] = (), name: str = "<string>") -> None:
        object.__setattr__(self, "games", games)
        object.__setattr__(self, "name", name)


class _Variation:
    """Marks the start of a variation in a move's signature; the variation's length (its
    number of elements) follows the marker, so nesting is unambiguous without brackets."""

    __slots__ = ()


_VARIATION = _Variation()


def _signature(move: Move) -> list[object]:
    """A flat, layout-free description of ``move`` and everything nested in it.

    Built with an explicit stack in pre-order, with counts in front of every list, so two moves
    are equal exactly when their signatures are; deep nesting costs memory, not recursion.
    """
    out: list[object] = []
    stack: list[object] = [move]
    while stack:
        node = stack.pop()
        if isinstance(node, Move):
            out.append(node._own())
            out.append(len(node.variations))
            for variation in reversed(node.variations):
                stack.extend(reversed(variation))
                stack.append(len(variation))
                stack.append(_VARIATION)
        elif isinstance(node, Item):
            out.append((node.label, len(node.moves)))
            stack.extend(reversed(node.moves))
        else:
            out.append(node)
    return out
