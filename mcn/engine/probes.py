"""The questions replay asks after nearly every move, answered without lists or prose.

A record leaves out the moves nobody chooses (a forced move, the ``end`` of a turn), so replay
asks the engine after most written moves whether exactly one player action is legal, and
whether ``end`` would be accepted now (docs/design.md, "Replay binding"). Listing every legal
action for the first and judging ``end`` for the second answer them, but build what the
question throws away: every legal action of the pending decision (a turn's visits and trades),
a :class:`~mcn.engine.legality.Ruling` per probe, and the refusal's prose for each ``end``
refused. These answer from the pending step's handler and stop as soon as the answer is known
(docs/performance-history.md, "Per move, round four").

Both agree with the long way by construction — :func:`forced_action` with
``legal_actions()`` of exactly one item, :func:`pending_end` with ``judge(End(actor))``
accepted — and ``tests/engine/test_probes.py`` holds them to it on random games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from mcn.engine.actions import Action, End, Pass, SideAction
from mcn.engine.addresses import ADDRESSES, MADE_ONCE, decision_address
from mcn.engine.constants import CHANCE, COLOURS
from mcn.engine.decision import DECISIONS

if TYPE_CHECKING:
    from mcn.engine.state import GameState

#: One ``end`` and one ``pass`` per colour: actions are immutable, the probes ask for them after
#: most moves, and a replay keeps the ones it applies (one object fewer for the collector each).
_END: Final[dict[str, End]] = {colour: End(colour) for colour in COLOURS}
_PASS: Final[dict[str, Pass]] = {colour: Pass(colour) for colour in COLOURS}


def end_of(colour: str) -> End:
    """``End(colour)``, shared for the game's colours."""
    end = _END.get(colour)
    return End(colour) if end is None else end


def pass_of(colour: str) -> Pass:
    """``Pass(colour)``, shared for the game's colours."""
    found = _PASS.get(colour)
    return Pass(colour) if found is None else found


def forced_action(state: GameState) -> Action | None:
    """The only legal action of a pending *player* decision, if there is exactly one (None
    for chance, the secret bids, a finished game, or several or no legal actions).

    The same answer as ``legal_actions()`` when it holds one action; the handler's ``forced``
    answers without listing (a turn: whether anything besides ``pass``/``end`` is possible),
    any other stops at the second legal action it finds."""
    step = state.stack.top
    if step is None or step[0] == "bids":
        return None
    handler = DECISIONS[step[0]]
    if handler.by_colour and handler.forced is not None:
        # the step's colour decides: no call for a tuple of actors
        items: tuple[Any, ...] = step
        colour: str = items[1]
        return None if colour == CHANCE else handler.forced(state, step, colour)
    actors = handler.actors(state, step)
    if len(actors) == 1:
        if actors[0] == CHANCE:
            return None
        if handler.forced is not None:
            return handler.forced(state, step, actors[0])
    found: Action | None = None
    for who in actors:
        if handler.legal is not None or handler.exact:
            listed = (
                handler.legal(state, step, who)
                if handler.legal is not None
                else handler.candidates(state, step, who)
            )
            if not listed:
                continue
            if found is not None or len(listed) > 1:
                return None
            found = listed[0]
            continue
        why_not = handler.why_not
        breach = handler.breach
        for candidate in handler.candidates(state, step, who):
            if why_not(state, step, candidate) is None and (
                breach is None or breach(state, step, candidate) is None
            ):
                if found is not None:
                    return None
                found = candidate
    return found


def pending_end(state: GameState) -> End | None:
    """``end`` for the one player deciding now, if the engine would accept it (a turn that
    waits for its second action); None otherwise, chance and the bids included.

    ``judge(End(actor)).accepted`` without the :class:`~mcn.engine.legality.Ruling` and
    without the prose of a refusal when the pending decision takes no ``end`` at all."""
    step = state.stack.top
    if step is None:
        return None
    handler = DECISIONS[step[0]]
    by_colour = handler.by_colour
    if by_colour:  # the step's colour decides: read, not asked for as a tuple
        items: tuple[Any, ...] = step
        actor: str = items[1]
        if actor == CHANCE:
            return None
    else:
        actors = handler.actors(state, step)
        if len(actors) != 1 or actors[0] == CHANCE:
            return None
        actor = actors[0]
    end = _END.get(actor)  # end_of written out (a call is about 400 instructions, pure)
    if end is None:
        end = End(actor)
    if type(end) not in handler.kinds and not isinstance(end, handler.classes):
        return None  # not an action of this decision (``end`` is no META CULPA side action)
    if not by_colour and not handler.decides(state, step, actor):
        return None  # (the step's own colour always decides its step)
    return end if handler.why_not(state, step, end) is None else None


def deciding_address(state: GameState, actor: str, action: Action) -> str | None:
    """``state.address_of(action)`` if ``actor`` is one of the players deciding now, else None:
    ``actor in state.current_players()`` and ``state.address_of(action)`` in one call, without
    the tuple of actors (replay asks both before nearly every written move)."""
    step = state.stack.top
    if step is None:
        return None
    tag = step[0]
    handler = DECISIONS[tag]
    if handler.by_colour:  # the step's colour decides (as in current_players)
        items: tuple[Any, ...] = step
        colour: str = items[1]
        if colour != actor:
            return None
    elif actor not in handler.actors(state, step):
        return None
    if tag == "bids" and not isinstance(action, SideAction):
        return f"{state.section}.{action.actor}"
    if MADE_ONCE:  # the compiled build: looked up (mcn.engine.addresses)
        return decision_address(state.section, state.counter + 1)
    try:  # the pure build: the row subscripted, no call (mcn.engine.addresses)
        return ADDRESSES[state.section][state.counter + 1]
    except LookupError:  # a new section or number
        return decision_address(state.section, state.counter + 1)
