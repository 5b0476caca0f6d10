"""Decisions and the step registry that drives the game.

The state keeps an explicit stack of *steps* (named tuples such as
``TurnEndStep("turn_end", "B", 0)``, one class per tag: :mod:`mcn.engine.step_types`), so it
stays plain data: cheap to clone, trivial to serialise, no generators. A step is either

* **automatic** (prepare a round, reveal bids, compare posts, evaluate …): a function in
  :data:`AUTO` runs it, possibly pushing more steps, or
* a **decision**: a :class:`Handler` in :data:`DECISIONS` says who decides, which actions are
  legal (``candidates`` filtered by ``why_not``), and what choosing one does.

Evaluations interrupt play by pushing their steps on top of the stack; when they are done the
step below (the interrupted turn or preliminary) simply comes back on top.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from mcn.engine.actions import Action
from mcn.engine.frozen import reduce_by_fields
from mcn.engine.step_types import Step

if TYPE_CHECKING:
    from mcn.engine.state import GameState

Why = tuple[str, str] | None
"""``None`` when an action is legal, else ``(rule_id, plain-English reason)``."""


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide what next.

    ``actors`` are colours, or ``(CHANCE,)``; several colours decide at once only for the secret
    bids, where each bidder has his own address (:meth:`address_for`). A finished game has the
    kind ``"over"`` and no actors.
    """

    kind: str
    actors: tuple[str, ...]
    address: str
    prompt: str
    per_actor: bool = False

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return reduce_by_fields(self)  # picklable when compiled too

    def address_for(self, actor: str) -> str:
        """The address of ``actor``'s move at this decision (``3.bid.R`` for a bid)."""
        return f"{self.address}.{actor}" if self.per_actor else self.address


@dataclass(frozen=True, slots=True, kw_only=True)
class Handler:
    """How one kind of decision step behaves (made by keywords: nine callables and strings
    side by side read wrong when given by position).

    Each callable receives the pending step as the named tuple of its tag (``step: Any``
    here, since one handler serves one tag: the handler's functions name their own step class,
    ``def _gift_apply(s, step: GiftStep, action)``, and read its fields by name).

    ``candidates`` may return a superset of the legal actions; ``why_not`` is the single source
    of legality, used both to filter candidates and to check a submitted action directly.
    """

    kind: str
    rule: str
    classes: tuple[type[Action], ...]
    actors: Callable[[GameState, Any], tuple[str, ...]]
    candidates: Callable[[GameState, Any, str], Sequence[Action]]
    why_not: Callable[[GameState, Any, Action], Why]
    apply: Callable[[GameState, Any, Action], None]
    prompt: Callable[[GameState, Any], str]
    expects: str  # the text forms accepted, for messages: "bid N+T"
    exact: bool = False  # candidates are exactly the legal actions (chance, bids): no filtering
    misfit_rule: str = ""  # rule for an action of the wrong kind by the right actor (default: rule)
    legal: Callable[[GameState, Any, str], list[Action]] | None = None
    """A fast generator of exactly the legal actions (hot decisions); it must agree with
    ``candidates`` filtered by ``why_not`` (and ``breach``), which tests check on random games."""
    step_rule: Callable[[GameState, Any], str] | None = None
    """The rule of this particular step when it depends on the step (the Emperor's preliminary
    is R-CHR-2, the Pope's R-CHR-1): cited when the wrong player acts or an action of the wrong
    kind is offered; default ``rule``."""
    breach: Callable[[GameState, Any, Action], Why] | None = None
    """Actions ``why_not`` accepts that are nevertheless a rules breach (I-POP-9): a record may
    contain them and they are carried out, but they are never listed as legal."""
    breach_classes: tuple[type[Action], ...] = ()
    """The action classes ``breach`` can find a breach in (every class when empty): judging an
    accepted action of another class skips the call (a turn's breach is only ever a visit's,
    and every accepted turn action was judged for it: a call per action in the pure build).
    ``breach`` answers None for any other class, which tests check on random games."""
    forced: Callable[[GameState, Any, str], Action | None] | None = None
    """The one legal action of the actor, or None when there are several (or none), answered
    without listing them (:func:`mcn.engine.probes.forced_action`: replay asks it after most
    moves); it must agree with ``legal``, which tests check on random games."""
    kinds: frozenset[type[Action]] = field(init=False, repr=False, compare=False)
    """``classes`` as a set, made from them: the judging asks ``type(action) in kinds`` first,
    one hash lookup, where ``isinstance`` with a tuple of eight classes (the turn's actions)
    costs a few hundred nanoseconds compiled, about a tenth of an ``apply``
    (docs/performance-history.md, "The compiled per-move drop, bisected"); ``isinstance``
    still answers for anything else, such as a subclass."""

    by_colour: bool = field(init=False, repr=False, compare=False)
    """Whether ``actors`` is :func:`first_actor` (the step's colour decides: most decisions),
    so that :meth:`decides` compares the colour instead of calling it for a tuple."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", frozenset(self.classes))
        object.__setattr__(self, "by_colour", self.actors is first_actor)

    def decides(self, state: GameState, step: Any, colour: str) -> bool:
        """Whether ``colour`` is one of the actors of ``step`` (``colour in actors(...)``)."""
        if self.by_colour:
            return bool(step[1] == colour)
        return colour in self.actors(state, step)

    def may_breach(self, action: Action) -> bool:
        """Whether ``breach`` may find ``action`` a rules breach (I-POP-9): there is one, and
        ``action`` is of a class it judges (``breach_classes``, every class when empty)."""
        if self.breach is None:
            return False
        return not self.breach_classes or isinstance(action, self.breach_classes)

    def rule_at(self, state: GameState, step: Step) -> str:
        """The rule this decision step stands for (see ``step_rule``)."""
        return self.rule if self.step_rule is None else self.step_rule(state, step)


DECISIONS: Final[dict[str, Handler]] = {}
AUTO: Final[dict[str, Callable[[GameState, Any], None]]] = {}


def decision(handler: Handler, *tags: str) -> None:
    """Register ``handler`` for the decision steps ``tags``."""
    for tag in tags:
        DECISIONS[tag] = handler


def auto(
    tag: str,
) -> Callable[[Callable[[GameState, Any], None]], Callable[[GameState, Any], None]]:
    """Decorator: register an automatic step (its function receives the named tuple of its
    tag)."""

    def register(function: Callable[[GameState, Any], None]) -> Callable[[GameState, Any], None]:
        AUTO[tag] = function
        return function

    return register


def first_actor(state: GameState, step: Any) -> tuple[str, ...]:
    """The common case: the step's ``colour`` (its first argument) is the one player who
    decides."""
    return (step.colour,)
