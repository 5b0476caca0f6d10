"""The Pope's guess (R-POP-1..3, I-POP-5/8/9): the decision after the Pope sets his die.

Split from :mod:`mcn.engine.house` (the House of Pleasure's rooms and cards), which it uses:
the guess reveals the die, and then either R-POP-3's penalty for a room too dear for the post
(a breach, I-POP-9) or the visit itself, with the caught Pope's step after it (I-POP-8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine import track
from mcn.engine.actions import Action, Guess
from mcn.engine.constants import POST_MAX, ROOMS, colour_name, room_name
from mcn.engine.decision import Handler, Why, auto, decision, first_actor
from mcn.engine.events import Breach
from mcn.engine.events.shared import pope_die, post_changed
from mcn.engine.house import cost, discard, resolve, why_not_open
from mcn.engine.step_types import CaughtStep, GuessStep

if TYPE_CHECKING:
    from mcn.engine.state import GameState


def _guess_candidates(s: GameState, step: GuessStep, actor: str) -> list[Action]:
    return [Guess(actor, room) for room in range(1, 7)]


def _guess_why_not(s: GameState, step: GuessStep, action: Action) -> Why:
    assert isinstance(action, Guess)
    why = why_not_open(s, action.room)
    if why is not None:
        return "I-POP-5", f"The Pope die cannot show {room_name(action.room)}: {why[1]}"
    return None


def _guess_apply(s: GameState, step: GuessStep, action: Action) -> None:
    assert isinstance(action, Guess)
    s.stack.pop()
    pope = step.pope
    room = s.pope_die
    s.pope_die = 0
    caught = action.room == room
    s._events.append(pope_die("R-POP-1", pope, room, action.room, caught))
    if s.post[pope] + cost(s, room) > POST_MAX:  # R-POP-3, I-POP-3, I-POP-6, I-POP-9
        s._events.append(
            Breach("R-POP-3", pope, f"the Pope die showed {room_name(room)}, too dear for the post")
        )
        track.to_hell(s, pope, 1, "the Pope visited a room too dear for his post", "R-POP-3")
        before = s.post[pope]
        s.post[pope] = POST_MAX
        s._events.append(
            post_changed("R-POP-3", pope, before, POST_MAX, "set to 6 by the Pope's penalty")
        )
        s.visited[room] = True
        if room <= ROOMS:
            discard(s, room, "R-POP-3")
        return
    if caught:  # I-POP-8: the step comes after the visit and the room's action
        s._push(CaughtStep("caught", pope))
    resolve(s, pope, room, caught, caught)


@auto("caught")
def caught_step(s: GameState, step: CaughtStep) -> None:
    """The caught Pope's step toward Hell, once his visit (the room's action, a cathedral it
    finished and its evaluation included) is over (R-POP-2, I-POP-8)."""
    track.to_hell(s, step.colour, 1, "the Pope was caught", "R-POP-2")


def _guess_prompt(s: GameState, step: GuessStep) -> str:
    return f"{colour_name(step.colour)} guesses where the Pope ({colour_name(step.pope)}) is"


decision(
    Handler(
        kind="guess",
        rule="R-POP-1",
        classes=(Guess,),
        actors=first_actor,
        candidates=_guess_candidates,
        why_not=_guess_why_not,
        apply=_guess_apply,
        prompt=_guess_prompt,
        expects="guess ROOM",
    ),
    "guess",
)
