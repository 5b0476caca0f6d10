"""The action phase: turns in character order, two actions of different kinds, the Merchant's
free stone, and the phase cut short when the market empties (R-ACT-1..5, R-P3-1, I-P3-3,
I-ACT-7/8, I-RND-3, I-POP-10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mcn.engine import house, trade
from mcn.engine.actions import Action, Buy, BuyLetter, Donate, End, Greedy, Pass, Sell, Visit
from mcn.engine.addresses import MADE_ONCE, TURN_SECTIONS, turn_section
from mcn.engine.constants import (
    CHARACTER_NAMES,
    CHARACTERS,
    EMPEROR,
    MERCHANT,
    POPE,
    POST_MAX,
    SINNER,
    colour_name,
)
from mcn.engine.decision import Handler, Why, auto, decision, first_actor
from mcn.engine.events.shared import turn_started
from mcn.engine.probes import end_of, pass_of
from mcn.engine.shared_steps import action_step, free_step, turn_steps
from mcn.engine.step_types import (
    TURN,
    ActionStep,
    Step,
    TurnEndStep,
    TurnStep,
)

if TYPE_CHECKING:
    from mcn.engine.state import GameState


# --- the action phase (R-ACT-1..5) -------------------------------------------------------------


def next_turn(s: GameState, step: TurnStep) -> None:
    """The next character in turn order (Pope, Emperor, Merchant, Petty Sinner), skipping
    characters nobody holds; no turn when no stone can leave the market (I-RND-3, I-ACT-8)."""
    market = s.market  # a good in the market, the common answer, read without the call
    if not (market[0] or market[1] or market[2] or market[3]) and not trade.free_stone_possible(s):
        return
    character = s.next_character
    holder = s.holders[character]
    while holder is None:
        character = (character + 1) % 4
        holder = s.holders[character]
    s.next_character = (character + 1) % 4
    s.turn += 1
    if MADE_ONCE:  # the compiled build: looked up (mcn.engine.addresses)
        s.section = turn_section(s.round, s.turn)
    else:
        try:  # the pure build: the row subscripted, no call (mcn.engine.addresses)
            s.section = TURN_SECTIONS[s.round][s.turn]
        except LookupError:  # a new round or turn
            s.section = turn_section(s.round, s.turn)
    s.counter = 0
    s._events.append(turn_started("R-ACT-1", s.turn, holder, CHARACTERS[character]))
    end, first = turn_steps(holder, character)  # the turn's end below its first action
    s.stack.append_two(end, first)


# Registered by a call, not with ``@auto`` as a decorator: compiled, a decorated function is
# called through its module attribute and a generic call, a plain one natively — and
# ``turn_end`` calls ``next_turn`` at the end of nearly every turn.
auto("turn")(next_turn)


_KIND: Final = {
    Buy: "buy",
    Greedy: "buy",
    BuyLetter: "buy",
    Sell: "sell",
    Donate: "donate",
    Visit: "visit",
}
_MODE: Final = {POPE: "pope", SINNER: "sinner", EMPEROR: "normal", MERCHANT: "normal"}


def _turn_opening(s: GameState, step: ActionStep, actor: str) -> tuple[list[Action], bool]:
    """``end`` (second action) or ``pass`` (first), and whether more may follow: a post at 6
    leaves the second action nothing but ``end`` (R-ACT-3)."""
    _, colour, _, number, _ = step
    if number == 2:
        return [end_of(actor)], s.post[colour] < POST_MAX
    return [pass_of(actor)], True


def _action_candidates(s: GameState, step: ActionStep, actor: str) -> list[Action]:
    _, _, character, _, first = step
    out, more = _turn_opening(s, step, actor)
    if not more:
        return out
    if first != "visit":
        out.extend(house.visit_candidates(actor))
    for action in trade.candidates(s, actor, character):
        if _KIND[type(action)] != first:
            out.append(action)
    return out


def _action_legal(s: GameState, step: ActionStep, actor: str) -> list[Action]:
    _, colour, character, number, first = step
    out, more = _turn_opening(s, step, actor)
    if not more:
        return out
    if first != "visit":
        out.extend(house.legal_visits(s, colour, _MODE[character], number - 1))
    out.extend(trade.legal(s, colour, character, first))
    return out


def _action_forced(s: GameState, step: ActionStep, actor: str) -> Action | None:
    """The one legal action of the turn, if there is one: ``pass``/``end`` when nothing else is
    possible (:func:`_action_legal` of one item), found without listing the visits and trades."""
    _, colour, character, number, first = step
    opening: Action = end_of(actor) if number == 2 else pass_of(actor)
    if number == 2 and s.post[colour] >= POST_MAX:
        return opening
    if first != "visit" and house.can_visit(s, colour, _MODE[character], number - 1):
        return None
    if trade.has_legal(s, colour, character, first):
        return None
    return opening


def _action_why_not(s: GameState, step: ActionStep, action: Action) -> Why:
    _, colour, character, number, first = step
    # The kind of action by type(…) is, not isinstance, here and in mcn.engine.trade: no action
    # class has a subclass, and in the pure build an isinstance that answers no (most of these)
    # looks the object's __class__ up by name (docs/performance-history.md, "Per move, round
    # eight").
    kind = type(action)
    if kind is Pass:
        return (
            None
            if number == 1
            else ("R-ACT-3", f"{colour_name(colour)} has acted; 'end' ends the turn.")
        )
    if kind is End:
        return (
            None
            if number == 2
            else ("R-ACT-2", f"{colour_name(colour)} has not acted yet; 'pass' ends the turn.")
        )
    if number == 2:
        if s.post[colour] >= POST_MAX:
            return (
                "R-ACT-3",
                f"{colour_name(colour)}'s post shows {POST_MAX}; "
                f"a second action would rotate it above {POST_MAX}.",
            )
        if _KIND[kind] == first:
            return (
                "R-ACT-3",
                f"{colour_name(colour)}'s second action must be of another kind "
                f"than the first ({first}).",
            )
    if type(action) is Visit:
        return house.why_not_visit(s, colour, action.room, _MODE[character], number - 1)
    return trade.why_not(s, action, character)


def _action_breach(s: GameState, step: ActionStep, action: Action) -> Why:
    _, colour, character, number, _first = step
    if character != POPE or type(action) is not Visit:
        return None
    return house.pope_breach(s, colour, action.room, number - 1)


def _action_apply(s: GameState, step: ActionStep, action: Action) -> None:
    kind = type(action)  # not isinstance: see _action_why_not
    if kind is Pass or kind is End:
        s.stack.pop()
        return
    _, colour, character, number, _first = step
    if number == 1:  # the second action takes the first's place on the stack
        s.stack.replace_top(action_step(colour, character, 2, _KIND[kind]))
    else:
        s.stack.pop()
        house.rotate(s, colour, 1, "second action", "R-ACT-3")
    if type(action) is Visit:
        house.start_visit(s, colour, action.room, _MODE[character])
    else:
        trade.perform(s, action)


def _action_prompt(s: GameState, step: ActionStep) -> str:
    _, colour, character, number, _first = step
    which = "first action (or pass)" if number == 1 else "second action (or end)"
    return f"{colour_name(colour)} as the {CHARACTER_NAMES[character]}: {which} of turn {s.turn}"


decision(
    Handler(
        kind="action",
        rule="R-ACT-1",
        classes=(Pass, End, Buy, Greedy, BuyLetter, Sell, Donate, Visit),
        actors=first_actor,
        candidates=_action_candidates,
        why_not=_action_why_not,
        apply=_action_apply,
        prompt=_action_prompt,
        expects="pass, end, buy, greedy, letter, sell, donate or visit",
        misfit_rule="R-ACT-2",
        legal=_action_legal,
        breach=_action_breach,
        breach_classes=(Visit,),
        forced=_action_forced,
    ),
    "action",
)


def turn_end(s: GameState, step: TurnEndStep) -> None:
    """The Merchant's free stone (R-ACT-5, I-ACT-7); with 3 players and no Merchant, the
    player ending the turn takes it if his soul is nearest Hell (R-P3-1, I-P3-3)."""
    _, colour, character = step
    if character == MERCHANT:
        rule = "R-ACT-5"
    elif s.holders[MERCHANT] is None and len(s.players) == 3 and colour == s.nearest_hell():
        rule = "I-P3-3"
    else:
        # No free stone: the next turn at once, as the step loop would run it next (nothing
        # here touches the market, so the loop's check of an emptied market has nothing to do
        # in between), without pushing and popping ``TURN``.
        next_turn(s, TURN)
        return
    if trade.free_stone_possible(s):
        s.stack.append_two(TURN, free_step(colour, rule))
    else:
        s.stack.append(TURN)


auto("turn_end")(turn_end)  # registered by a call: see next_turn


def end_action_phase_now(s: GameState) -> None:
    """R-ACT-4: the last stone left the market; the rest of the turn is dropped, except a
    caught Pope's step, which is the price of a visit already made (I-POP-10)."""
    stack = s.stack
    owed: list[Step] = []
    while stack[-1].tag != "phase_end":
        step = stack.pop()
        if step.tag == "caught":
            owed.append(step)
    stack.extend(reversed(owed))
