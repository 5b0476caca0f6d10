"""The House of Pleasure: visits, the Pope's incognito visit, Suite 5, room cards
(R-HOP-1..6, R-POP-1..4, I-POP-3/5/6, I-HOP-7, I-CRD-1, I-ACT-6).

A visit is started by :func:`start_visit` in one of three modes: ``"normal"`` (rotate the post,
place Lust sins), ``"sinner"`` (R-HOP-6: no rotation) and ``"pope"`` (R-POP-1: set the die and
let the nearest-Hell opponent guess). Resolving a room pushes an ``effect`` decision; the card
is discarded once its effect is chosen (R-HOP-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mcn.engine import building, meta, sins, track, trade
from mcn.engine.actions import (
    Action,
    ChooseRoom,
    Decline,
    Do,
    Give,
    MoveCrew,
    MovePopeStone,
    PlaceCrew,
    Steal,
    TakeGood,
    Visit,
)
from mcn.engine.constants import (
    CARDS,
    EMPEROR,
    GOODS,
    GREED,
    LETTER_INDEX,
    LETTERS,
    LUST,
    POPE,
    POST_MAX,
    ROOMS,
    STONE_INDEX,
    SUITE6_COST,
    YELLOW,
    colour_name,
    room_name,
)
from mcn.engine.decision import Handler, Why, auto, decision, first_actor
from mcn.engine.events.shared import (
    card_effect,
    cards_moved,
    letter_moved,
    money_moved,
    pope_die,
    post_changed,
    prepared,
    visited,
)
from mcn.engine.meta import META_CULPA
from mcn.engine.shared_steps import effect_step, guess_step, sins_step, suite5_step, yellow_step
from mcn.engine.step_types import (
    EffectStep,
    GiftStep,
    Step,
    Suite5Step,
    YellowStep,
)

if TYPE_CHECKING:
    from mcn.engine.state import GameState

_SIMPLE_CARDS = frozenset(
    (
        "emperor-letter",
        "pope-yellow",
        "hell-3",
        "hell-5",
        "lust-2",
        "greed-2",
        "take-3",
        "take-5",
        "take-7",
    )
)
_CARD_FORMS = {
    "move-crew": "crew A>B",
    "new-crew": "crew SITE",
    "pope-stone": "pope-stone DEN>DEN",
    "free-good": "take GOOD",
    "steal-3": "steal COLOUR",
}


def cost(s: GameState, room: int) -> int:
    """Notches a visit rotates: the card's cost, 0 for Suite 5, 2 for Suite 6."""
    if room <= ROOMS:
        card = s.rooms[room - 1]
        return CARDS[card][1] if card is not None else 0
    return 0 if room == 5 else SUITE6_COST


#: The refusal of a room or suite visited this round, made once per room: the forced-move
#: probe asks :func:`why_not_open` of every room after most moves, and only whether it is None.
_VISITED: Final = {
    room: (
        "R-HOP-1",
        f"{'Room' if room <= ROOMS else 'Suite'} {room} was already visited this round.",
    )
    for room in range(1, 7)
}


def why_not_open(s: GameState, room: int) -> Why:
    """R-HOP-1/4/5: the room or suite can be visited now (the post aside)."""
    if room <= ROOMS:
        if s.rooms[room - 1] is None or s.visited[room]:
            return _VISITED.get(room) or ("R-HOP-1", f"Room {room} was already visited this round.")
        return None
    if s.visited[room]:
        return _VISITED.get(room) or ("R-HOP-1", f"Suite {room} was already visited this round.")
    if room == 5 and not any(card is not None for card in s.rooms):
        return "R-HOP-4", "Suite 5 needs a room card to use; no room card is left."
    if room == 6 and not s.suite6:
        return "R-HOP-5", "Suite 6 holds no yellow letter."
    return None


def why_not_visit(s: GameState, colour: str, room: int, mode: str, extra: int) -> Why:
    """Whether ``colour`` may visit ``room`` now; ``extra`` is 1 for a second action."""
    if mode == "pope":  # the die may show a room too dear for the post (R-POP-3)
        why = why_not_open(s, room)
        return (
            None
            if why is None
            else ("R-POP-4", f"The Pope die only shows a room open now: {why[1]}")
        )
    why = why_not_open(s, room)
    if why is not None or mode == "sinner":
        return why
    after = s.post[colour] + extra + cost(s, room)
    if after > POST_MAX:
        rule = "I-ACT-6" if extra else "R-HOP-2"
        return rule, (
            f"{colour_name(colour)}'s post would go to {after}; "
            f"a visit may not rotate a post above {POST_MAX}."
        )
    return None


def pope_breach(s: GameState, colour: str, room: int, extra: int) -> Why:
    """I-POP-9: setting the Pope die to a room too dear for the post (R-POP-3) is a breach: a
    record may contain it and R-POP-3's penalty follows, but it is never a legal option."""
    after = s.post[colour] + extra + cost(s, room)
    if after <= POST_MAX:
        return None
    return "R-POP-3", (
        f"{colour_name(colour)} sets the Pope die to {room_name(room)}, which would rotate his "
        f"post to {after} (I-POP-9: a breach, never a choice; R-POP-3's penalty follows)"
    )


def legal_visits(s: GameState, colour: str, mode: str, extra: int) -> list[Action]:
    """Exactly the legal ``visit N`` actions (agrees with :func:`why_not_visit`; the Pope's
    breaches, :func:`pope_breach`, are left out)."""
    return [
        Visit(colour, room)
        for room in range(1, 7)
        if why_not_visit(s, colour, room, mode, extra) is None
        and (mode != "pope" or pope_breach(s, colour, room, extra) is None)
    ]


def can_visit(s: GameState, colour: str, mode: str, extra: int) -> bool:
    """Whether :func:`legal_visits` would list a room, answered without the refusals' prose
    (the forced-move probe)."""
    post = s.post[colour] + extra
    rooms, visited = s.rooms, s.visited
    for room in range(1, 7):
        if room <= ROOMS:  # why_not_open's room test written out: no call for most rooms
            if rooms[room - 1] is None or visited[room]:
                continue
        elif why_not_open(s, room) is not None:
            continue
        if mode == "sinner" or post + cost(s, room) <= POST_MAX:
            return True
    return False


def rotate(s: GameState, colour: str, notches: int, reason: str, rule: str) -> None:
    """Rotate a post higher."""
    if notches:
        before = s.post[colour]
        s.post[colour] = before + notches
        s._events.append(post_changed(rule, colour, before, before + notches, reason))
        if s.variant == META_CULPA:  # the Petty Sinner may not rotate (no call otherwise)
            meta.owe(s, colour, "post", notches)


def start_visit(s: GameState, colour: str, room: int, mode: str) -> None:
    """Begin a visit in ``mode`` (normal, sinner, pope)."""
    if mode == "pope":
        s.pope_die = room
        s._events.append(pope_die("R-POP-1", colour, room, 0, False))
        guesser = s.nearest_hell([c for c in s.players if c != colour])
        s.stack.append(guess_step(guesser, colour))
    elif mode == "sinner":
        resolve(s, colour, room, False, True)
    else:
        resolve(s, colour, room, True, True)


def resolve(s: GameState, colour: str, room: int, pay_notches: bool, lust: bool) -> None:
    """Visit ``room``: rotate (unless exempt), Lust sin for suites, then the room's benefit."""
    card = s.rooms[room - 1] if room <= ROOMS else None
    s._events.append(visited("R-HOP-1", colour, room, card or ""))
    s.visited[room] = True
    if room <= ROOMS:
        if pay_notches:
            rotate(s, colour, cost(s, room), f"visits room {room}", "R-HOP-3")
        s.stack.append(effect_step(colour, room))
    elif room == 5:
        s._events.append(prepared("R-HOP-4", "The Suite 5 card is turned to its occupied side"))
        then: list[Step] = [sins_step(colour, LUST, 1, "R-HOP-4")] if lust else []
        s._push(*then, suite5_step(colour))
    else:
        if pay_notches:
            rotate(s, colour, SUITE6_COST, "visits Suite 6", "R-HOP-5")
        then = [sins_step(colour, LUST, 1, "R-HOP-5")] if lust else []
        s._push(*then, yellow_step(colour))


@auto("yellow")
def take_yellow(s: GameState, step: YellowStep) -> None:
    """Suite 6: the yellow letter goes behind the visitor's screen (R-HOP-5)."""
    if s.suite6:
        s.suite6 = 0
        s.letters[step.colour][YELLOW] += 1
        s._events.append(letter_moved("R-HOP-5", step.colour, "yellow", 1, "Suite 6"))


# --- Suite 5 ----------------------------------------------------------------------------------


def _suite5_candidates(s: GameState, step: Suite5Step, actor: str) -> list[Action]:
    return [ChooseRoom(actor, room) for room in range(1, ROOMS + 1)]


def _suite5_why_not(s: GameState, step: Suite5Step, action: Action) -> Why:
    assert isinstance(action, ChooseRoom)
    if s.rooms[action.room - 1] is None or s.visited[action.room]:
        return "R-HOP-4", f"Room {action.room} has no card left to use."
    return None


def _suite5_apply(s: GameState, step: Suite5Step, action: Action) -> None:
    assert isinstance(action, ChooseRoom)
    s.stack.pop()
    s.visited[action.room] = True
    s.stack.append(effect_step(action.actor, action.room))


def _suite5_prompt(s: GameState, step: Suite5Step) -> str:
    return f"{colour_name(step.colour)} chooses the room whose card Suite 5 uses"


decision(
    Handler(
        kind="suite5-room",
        rule="R-HOP-4",
        classes=(ChooseRoom,),
        actors=first_actor,
        candidates=_suite5_candidates,
        why_not=_suite5_why_not,
        apply=_suite5_apply,
        prompt=_suite5_prompt,
        expects="room N",
    ),
    "suite5",
)


# --- room cards -------------------------------------------------------------------------------


def _opponent_holding(s: GameState, visitor: str, character: int) -> str | None:
    holder = s.holders[character]
    return holder if holder is not None and holder != visitor else None


def _effect_candidates(s: GameState, step: EffectStep, actor: str) -> list[Action]:
    card = s.rooms[step.room - 1]
    out: list[Action]
    if card in _SIMPLE_CARDS:
        out = [Do(actor)]
    elif card == "move-crew":
        out = building.move_options(s, actor)
    elif card == "new-crew":
        out = building.place_options(s, actor)
    elif card == "pope-stone":
        out = sins.pope_stone_options(s, actor)
    elif card == "free-good":
        out = [TakeGood(actor, g) for g in GOODS]
    else:
        out = [Steal(actor, c) for c in s.players if c != actor]
    out.append(Decline(actor))
    return out


def _effect_why_not(s: GameState, step: EffectStep, action: Action) -> Why:
    if isinstance(action, Decline):
        return None
    card = s.rooms[step.room - 1]
    assert card is not None
    visitor = action.actor
    forms = _CARD_FORMS.get(card, "do")
    if isinstance(action, Do) != (card in _SIMPLE_CARDS):
        return "I-HOP-7", f"The {card} card is used with '{forms}' (or 'decline')."
    if isinstance(action, Do):
        if card == "emperor-letter":
            holder = _opponent_holding(s, visitor, EMPEROR)
            if holder is None or not any(s.letters[holder]):
                return (
                    "I-CRD-1",
                    "No opponent holds the Emperor card and a letter; only 'decline' is possible.",
                )
        elif card == "pope-yellow":
            holder = _opponent_holding(s, visitor, POPE)
            if holder is None or not s.letters[holder][YELLOW]:
                return (
                    "I-CRD-1",
                    "No opponent holds the Pope card and a yellow letter; "
                    "only 'decline' is possible.",
                )
        return None
    if isinstance(action, PlaceCrew) and card == "new-crew":
        if not s.hut:
            return "I-CRD-1", "The builders' hut has no crew; only 'decline' is possible."
        return building.why_not_place(s, action.site)
    if isinstance(action, MoveCrew) and card == "move-crew":
        return building.why_not_move(s, action)
    if isinstance(action, MovePopeStone) and card == "pope-stone":
        return sins.why_not_pope_stone(s, action, "I-HOP-7")
    if isinstance(action, TakeGood) and card == "free-good":
        if action.good == "indulgence":
            return "I-HOP-7", "The free-good card takes a good, not an indulgence stone."
        if not s.market[STONE_INDEX[action.good]]:
            return "I-HOP-7", f"The market has no {action.good}."
        return None
    if isinstance(action, Steal) and card == "steal-3":
        if action.victim == visitor or action.victim not in s.players:
            return "I-HOP-7", f"{colour_name(visitor)} must name an opponent in this game."
        return None
    return "I-HOP-7", f"The {card} card is used with '{forms}' (or 'decline')."


def discard(s: GameState, room: int, rule: str) -> None:
    card = s.rooms[room - 1]
    assert card is not None
    s.rooms[room - 1] = None
    s.discard[card] = s.discard.get(card, 0) + 1
    s._events.append(cards_moved(rule, "discarded", (card,)))


def _effect_apply(s: GameState, step: EffectStep, action: Action) -> None:
    s.stack.pop()
    room = step.room
    card = s.rooms[room - 1]
    assert card is not None
    visitor = action.actor
    rule = "R-HOP-3"
    if isinstance(action, Decline):
        s._events.append(card_effect(rule, visitor, card, "declined"))
    elif card == "emperor-letter":
        holder = s.holders[EMPEROR]
        s._events.append(
            card_effect(rule, visitor, card, f"{colour_name(str(holder))} must give a letter")
        )
        assert holder is not None  # why_not refuses the card without an Emperor (I-CRD-1)
        s._push(GiftStep("gift", holder, visitor))
    elif card == "pope-yellow":
        holder = s.holders[POPE]
        assert holder is not None
        s.letters[holder][YELLOW] -= 1
        s.letters[visitor][YELLOW] += 1
        s._events.append(letter_moved(rule, visitor, "yellow", 1, colour_name(holder)))
    elif card in ("hell-3", "hell-5"):
        steps = int(card[-1])
        s._events.append(
            card_effect(rule, visitor, card, f"every opponent moves {steps} toward Hell")
        )
        moves = {c: steps for c in s.players if c != visitor}
        track.several_to_hell(s, moves, card, "I-CRD-1")
    elif card in ("lust-2", "greed-2"):
        den = LUST if card == "lust-2" else GREED
        s._events.append(
            card_effect(
                rule,
                visitor,
                card,
                f"every opponent places 2 sins in {'lust' if den == LUST else 'greed'}",
            )
        )
        s._push(*(sins_step(c, den, 2, "I-CRD-1") for c in s.hell_order() if c != visitor))
    elif card.startswith("take-"):
        amount = int(card[-1])
        s.money[visitor] += amount
        s._events.append(money_moved(rule, visitor, amount, card))
    elif isinstance(action, PlaceCrew):
        s.hut -= 1
        building.add_crew(s, visitor, action.site, "the hut", rule)
    elif isinstance(action, MoveCrew):
        s.crews[action.source - 1] -= 1
        building.add_crew(s, visitor, action.target, f"site {action.source}", rule)
    elif isinstance(action, MovePopeStone):
        sins.move_pope_stone(s, visitor, action.source, action.target, rule)
    elif isinstance(action, TakeGood):
        trade.take_from_market(s, visitor, STONE_INDEX[action.good], 1, rule)
    else:
        assert isinstance(action, Steal)
        victim = action.victim
        if s.money[victim] >= 3:
            s.money[victim] -= 3
            s.money[visitor] += 3
            s._events.append(money_moved(rule, visitor, 3, "steal-3", victim))
            s._events.append(money_moved(rule, victim, -3, "steal-3", visitor))
        else:
            s._events.append(
                card_effect(rule, visitor, card, f"{colour_name(victim)} has less than 3 taler")
            )
    discard(s, room, rule)


def _effect_prompt(s: GameState, step: EffectStep) -> str:
    card = s.rooms[step.room - 1]
    return f"{colour_name(step.colour)} uses the {card} card of room {step.room} or declines"


decision(
    Handler(
        kind="effect",
        rule="R-HOP-3",
        classes=(Do, Decline, PlaceCrew, MoveCrew, MovePopeStone, TakeGood, Steal),
        actors=first_actor,
        candidates=_effect_candidates,
        why_not=_effect_why_not,
        apply=_effect_apply,
        prompt=_effect_prompt,
        expects="do, decline, crew, pope-stone, take or steal",
    ),
    "effect",
)


# --- the Emperor's gift (emperor-letter card) -------------------------------------------------


def _gift_candidates(s: GameState, step: GiftStep, actor: str) -> list[Action]:
    return [Give(actor, colour) for colour in LETTERS]


def _gift_why_not(s: GameState, step: GiftStep, action: Action) -> Why:
    assert isinstance(action, Give)
    if not s.letters[action.actor][LETTER_INDEX[action.colour]]:
        return "R-HOP-3", f"{colour_name(action.actor)} has no {action.colour} letter to give."
    return None


def _gift_apply(s: GameState, step: GiftStep, action: Action) -> None:
    assert isinstance(action, Give)
    s.stack.pop()
    colour = LETTER_INDEX[action.colour]
    s.letters[action.actor][colour] -= 1
    s.letters[step.visitor][colour] += 1
    s._events.append(
        letter_moved("R-HOP-3", step.visitor, action.colour, 1, colour_name(action.actor))
    )


def _gift_prompt(s: GameState, step: GiftStep) -> str:
    giver, visitor = colour_name(step.colour), colour_name(step.visitor)
    return f"{giver} (Emperor) gives {visitor} a letter of his choice"


decision(
    Handler(
        kind="gift",
        rule="R-HOP-3",
        classes=(Give,),
        actors=first_actor,
        candidates=_gift_candidates,
        why_not=_gift_why_not,
        apply=_gift_apply,
        prompt=_gift_prompt,
        expects="give COLOUR",
    ),
    "gift",
)


def visit_candidates(colour: str) -> list[Action]:
    """``visit 1`` .. ``visit 6`` (filtered by :func:`why_not_visit`)."""
    return [Visit(colour, room) for room in range(1, 7)]
