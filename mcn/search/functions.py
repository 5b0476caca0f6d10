"""What a ``--where`` condition can ask: the names and functions of the language.

Every value is read at one *decision* of a game (:class:`Decision`): the engine's state
before it (through the state's public fields, as :mod:`mcn.engine.serial` reads them), the
move made there and its annotations, and a few facts of the whole game (headers, result).
Each entry has a type (``number``, ``text``, ``bool``) the compiler checks before anything is
evaluated, and a one-line description that docs/search.md repeats (a test keeps them in step).

A function about a colour that does not play in the game (``money(Y)`` in a 3-player game,
``post(mover)`` at a chance decision) has no value: every comparison with it is false and a
function answering yes or no answers no.

Only the letters' colours (``letters(C, "yellow")``) can be another player's secret in a
state (I-HID-5: money, goods, souls, posts and sins change in view of all); they are marked
``hidden``: under ``--as`` the compiler refuses them for a colour written out that is not the
viewer's, and for a colour known only as the game goes (``letters(mover, "red")``) they have
no value unless it is the viewer's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from mcn.engine import GameState
from mcn.engine.constants import CHARACTER_INDEX, CHARACTERS, COLOURS, DENS, GOODS, LETTERS
from mcn.views.projection import EVERYTHING

Value = int | str | bool | None

NUMBER: Final = "number"
TEXT: Final = "text"
BOOL: Final = "bool"


class Decision:
    """One decision as a condition sees it (filled in by :mod:`mcn.search.examine`).

    ``state`` is the state before the decision, set only while the condition's slots are
    read from it (:meth:`mcn.search.compiler.Condition.snapshot`); ``values`` what they read,
    which the condition tests. ``address`` ``end`` stands for the state after the last
    decision of the main line.
    """

    __slots__ = (
        "address",
        "comment",
        "glyphs",
        "headers",
        "implicit",
        "move",
        "mover",
        "players",
        "roster",
        "state",
        "values",
        "viewer",
        "winners",
    )

    def __init__(
        self,
        headers: dict[str, str],
        roster: dict[str, str],
        players: tuple[str, ...],
        winners: tuple[str, ...] | None,
        viewer: str | None = EVERYTHING,
    ) -> None:
        self.headers = headers
        #: Who is looking (:mod:`mcn.views.projection`): a colour, None (spectator) or everything.
        self.viewer = viewer
        self.roster = roster
        self.players = players
        #: The colours that won, or None when the game did not end.
        self.winners = winners
        self.state: GameState | None = None
        self.values: list[Any] = []
        self.address = ""
        self.mover = ""
        self.move = ""
        self.comment = ""
        self.glyphs = ""
        self.implicit = False


@dataclass(frozen=True, slots=True)
class Named:
    """A name: ``round``, ``move``, ``R`` …"""

    type: str
    read: Callable[[Decision], Value]
    description: str
    state: bool = False


@dataclass(frozen=True, slots=True)
class Function:
    """A function: its parameters' kinds (``colour``, or a word from ``choices``), how many
    may be left out at the end, its type, and what it reads."""

    parameters: tuple[str, ...]
    type: str
    read: Callable[..., Value]
    description: str
    optional: int = 0
    state: bool = True
    #: The words a ``choice`` parameter accepts (text literals).
    choices: tuple[str, ...] = field(default=())
    #: Reads another player's secret unless its colour is the viewer's.
    hidden: bool = False

    @property
    def signature(self) -> str:
        shown = [p if p == "colour" else f'"{p}"' for p in self.parameters]
        required = len(shown) - self.optional
        if self.optional:
            return f"({', '.join(shown[:required])}[, {', '.join(shown[required:])}])"
        return f"({', '.join(shown)})"


def _result(d: Decision) -> str:
    return "*" if d.winners is None else " ".join(d.winners)


def _state(d: Decision) -> GameState:
    state = d.state
    assert state is not None  # the compiler asks for the state when a name reads it
    return state


NAMES: Final[dict[str, Named]] = {
    "round": Named(NUMBER, lambda d: _state(d).round, "the round (0 during the setup)", True),
    "turn": Named(NUMBER, lambda d: _state(d).turn, "the turn of the round's action phase", True),
    "phase": Named(
        TEXT,
        lambda d: _state(d).phase,
        "the phase: setup, prep, bid, pick, action, post or end",
        True,
    ),
    "decision": Named(
        TEXT,
        lambda d: _state(d).decision.kind,
        "the kind of decision (bid, choose, action, souls, market, … over)",
        True,
    ),
    "cathedrals": Named(
        NUMBER, lambda d: _state(d).finished, "how many cathedrals are finished", True
    ),
    "address": Named(TEXT, lambda d: d.address, "the decision's address (3.bid.R, 3.5.2, end)"),
    "mover": Named(TEXT, lambda d: d.mover, 'who decides: R, B, G, Y, or "chance" ("" at end)'),
    "move": Named(TEXT, lambda d: d.move, "the move made, in canonical text (visit 6, bid 3+5)"),
    "comment": Named(
        TEXT, lambda d: d.comment, "the move's comments, one per line (before ones first)"
    ),
    "glyphs": Named(TEXT, lambda d: d.glyphs, "the move's glyphs, space-separated (! ?! $3)"),
    "implicit": Named(
        BOOL, lambda d: d.implicit, "whether the record left the move out (a forced move)"
    ),
    "players": Named(NUMBER, lambda d: len(d.players), "the number of players"),
    "result": Named(
        TEXT, _result, 'the winners\' colours, space-separated ("R", "B G"); "*" if not over'
    ),
    "true": Named(BOOL, lambda d: True, "yes"),
    "false": Named(BOOL, lambda d: False, "no"),
}


def _constant(colour: str) -> Callable[[Decision], Value]:
    return lambda d: colour


for _colour in COLOURS:
    NAMES[_colour] = Named(TEXT, _constant(_colour), f"the colour {_colour}")


def _seat(read: Callable[[GameState, str], Value]) -> Callable[[Decision, Value], Value]:
    """``read(state, colour)`` when the colour plays, else no value."""

    def seat(d: Decision, colour: Value) -> Value:
        if colour not in d.players:
            return None
        return read(_state(d), str(colour))

    return seat


def _seat_counts(
    field_name: str, names: tuple[str, ...]
) -> Callable[[Decision, Value, Value], Value]:
    """A count behind a seat (``goods``, ``letters``, ``sins``): all, or of one kind."""

    def count(d: Decision, colour: Value, kind: Value = None) -> Value:
        if colour not in d.players:
            return None
        counts: list[int] = getattr(_state(d), field_name)[str(colour)]
        return sum(counts) if kind is None else counts[names.index(str(kind))]

    return count


def _letters(d: Decision, colour: Value, kind: Value = None) -> Value:
    """Letters held; of one colour only when the viewer may know them (his own, or all)."""
    if kind is not None and d.viewer != EVERYTHING and colour != d.viewer:
        return None  # I-HID-4: another player's colours are his secret
    return _seat_counts("letters", LETTERS)(d, colour, kind)


def _character(state: GameState, colour: str) -> str:
    return " ".join(CHARACTERS[i] for i, who in enumerate(state.holders) if who == colour)


def _holds(d: Decision, colour: Value, character: Value) -> Value:
    return colour in d.players and _state(d).holders[CHARACTER_INDEX[str(character)]] == colour


def _winner(d: Decision, colour: Value) -> Value:
    return d.winners is not None and colour in d.winners


def _player(d: Decision, colour: Value) -> Value:
    return d.roster.get(str(colour)) if colour in d.players else None


def _tag(d: Decision, name: Value) -> Value:
    return d.headers.get(str(name), "")


FUNCTIONS: Final[dict[str, Function]] = {
    "money": Function(
        ("colour",), NUMBER, _seat(lambda s, c: s.money[c]), "taler behind the screen"
    ),
    "goods": Function(
        ("colour", "good"),
        NUMBER,
        _seat_counts("goods", GOODS),
        "goods behind the screen (all, or of one good)",
        optional=1,
        choices=GOODS,
    ),
    "letters": Function(
        ("colour", "letter"),
        NUMBER,
        _letters,
        "letters held (all; of one colour: the holder's secret under --as)",
        optional=1,
        choices=LETTERS,
        hidden=True,
    ),
    "sins": Function(
        ("colour", "den"),
        NUMBER,
        _seat_counts("sins", DENS),
        "own sin stones in the dens (all, or in one den)",
        optional=1,
        choices=DENS,
    ),
    "souls": Function(
        ("colour",),
        NUMBER,
        _seat(lambda s, c: s.pos[c]),
        "the soul's space on the Record of Sins: 0 start, > 0 toward Hell, < 0 toward Heaven",
    ),
    "heaven": Function(
        ("colour",),
        BOOL,
        lambda d, c: c in d.players and _state(d).pos[str(c)] == -_state(d).board.heaven,
        "whether the soul is in Heaven",
    ),
    "post": Function(("colour",), NUMBER, _seat(lambda s, c: s.post[c]), "the post's position"),
    "character": Function(
        ("colour",),
        TEXT,
        _seat(_character),
        "the characters held this round, space-separated (pope emperor merchant sinner)",
    ),
    "holds": Function(
        ("colour", "character"),
        BOOL,
        _holds,
        "whether the player holds that character this round",
        choices=CHARACTERS,
    ),
    "winner": Function(
        ("colour",), BOOL, _winner, "whether the player won the game (its end)", state=False
    ),
    "player": Function(
        ("colour",), TEXT, _player, "the player's name from the headers", state=False
    ),
    "tag": Function(
        ("header",),
        TEXT,
        _tag,
        'a header\'s value, "" when absent: tag("Event")',
        state=False,
    ),
}

#: The parameter kinds that take a word from a function's ``choices``.
CHOICE_PARAMETERS: Final = ("good", "letter", "den", "character")


def describe() -> list[tuple[str, str, str]]:
    """Every name and function as (form, type, description), for the reference."""
    rows = [(name, named.type, named.description) for name, named in NAMES.items()]
    rows += [(name + f.signature, f.type, f.description) for name, f in FUNCTIONS.items()]
    return rows


def state_reader(value: Any) -> bool:
    """Whether a name or function reads the engine's state."""
    return bool(getattr(value, "state", False))
