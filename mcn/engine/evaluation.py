"""Donation evaluation (R-EVA-1..4, R-P2-2, I-EVA-5).

``state.evaluation`` is ``[site, compartment, category, display, queue, rest]``: the letters
laid out (counts per colour), the donors still to pick in order, and who takes what is left
when the queue is done (2 players, R-EVA-3). Steps: ``evaluate`` -> three ``category`` steps ->
``eval_end``; each ``category`` pushes ``picks``, which asks the next donor to ``pick``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine.actions import Action, Pick
from mcn.engine.constants import COMPARTMENTS, GOODS, LETTER_INDEX, LETTERS, colour_name
from mcn.engine.decision import Handler, Why, auto, decision, first_actor
from mcn.engine.events.shared import evaluation, letter_moved, stones_moved
from mcn.engine.shared_steps import pick_step
from mcn.engine.step_types import (
    CATEGORY_STEPS,
    EVAL_END,
    GAME_END,
    PICKS,
    CategoryStep,
    EvalEndStep,
    EvaluateStep,
    PicksStep,
    PickStep,
)

if TYPE_CHECKING:
    from mcn.engine.state import GameState

CATEGORIES = ("bread & wine", "cloth & jewel", "money")


def score(s: GameState, colour: str, compartment: int, category: int) -> int:
    """A donor's value in a category: bread 1, wine 2; cloth 1, jewel 2; money (R-EVA-1)."""
    box = s.chest[colour][compartment]
    if category == 0:
        return box[0] + 2 * box[1]
    if category == 1:
        return box[2] + 2 * box[3]
    return box[4]


def _letters(counts: list[int]) -> tuple[str, ...]:
    return tuple(LETTERS[i] for i in range(4) for _ in range(counts[i]))


@auto("evaluate")
def start(s: GameState, step: EvaluateStep) -> None:
    """A cathedral is finished: evaluate compartment I (first) or II (second) (R-CAT-2)."""
    _, site, compartment = step
    s.evaluation = [site, compartment, -1, [0, 0, 0, 0], [], ""]
    s._events.append(evaluation("R-CAT-2", site, COMPARTMENTS[compartment], "starts"))
    s._push(*CATEGORY_STEPS, EVAL_END)


@auto("category")
def category(s: GameState, step: CategoryStep) -> None:
    """Lay out one row's letters (I-EVA-5) and line up the donors who pick them."""
    ev = s.evaluation
    assert ev is not None
    site, compartment, _, display, _, _ = ev
    cat = step.category
    ev[2] = cat
    supply = s.supply
    for colour in s.board.rows[site - 1][cat]:
        if supply[colour]:
            supply[colour] -= 1
            display[colour] += 1
    name = CATEGORIES[cat]
    s._events.append(
        evaluation("R-EVA-1", site, COMPARTMENTS[compartment], f"{name} display", _letters(display))
    )
    scores = {c: score(s, c, compartment, cat) for c in s.players}
    donors = sorted(
        (c for c in s.players if scores[c] > 0), key=lambda c: (-scores[c], -s.hell_key(c))
    )
    total = sum(display)
    if not donors or total == 0:
        for i in range(4):
            supply[i] += display[i]
        if total:
            s._events.append(
                evaluation(
                    "R-EVA-2",
                    site,
                    COMPARTMENTS[compartment],
                    f"no {name} donor, the letters stay in the supply",
                    _letters(display),
                )
            )
        ev[3] = [0, 0, 0, 0]
        return
    if len(donors) == 1:
        _give_rest(s, donors[0], "R-EVA-2")
        return
    bigger, smaller = donors[0], donors[1]
    if len(s.players) == 2:
        picks = [bigger if big else smaller for big in s.ruleset.two_player_picks][:total]
        ev[5] = bigger if s.ruleset.two_player_rest_to_bigger else smaller
    else:
        picks = [bigger if i % 2 == 0 else smaller for i in range(total)]
        ev[5] = ""
    ev[4] = picks
    s.stack.append(PICKS)


def _give_rest(s: GameState, colour: str, rule: str) -> None:
    ev = s.evaluation
    assert ev is not None
    display = ev[3]
    for i in range(4):
        if display[i]:
            s.letters[colour][i] += display[i]
            s._events.append(
                letter_moved(rule, colour, LETTERS[i], display[i], "the evaluation display")
            )
    ev[3] = [0, 0, 0, 0]


@auto("picks")
def next_pick(s: GameState, step: PicksStep) -> None:
    """Ask the next donor to pick, or hand the rest to the bigger donor (R-EVA-3)."""
    ev = s.evaluation
    assert ev is not None
    if not any(ev[3]):
        ev[4] = []
        return
    if ev[4]:
        s.stack.append_two(PICKS, pick_step(ev[4][0]))  # the pick first
    elif ev[5]:
        _give_rest(s, ev[5], "R-EVA-3")


def _pick_candidates(s: GameState, step: PickStep, actor: str) -> list[Action]:
    return [Pick(actor, colour) for colour in LETTERS]


def _pick_forced(s: GameState, step: PickStep, actor: str) -> Action | None:
    """The one legal pick, if the display shows letters of one colour only (``_pick_candidates``
    filtered by ``_pick_why_not``, counted without making the actions)."""
    ev = s.evaluation
    assert ev is not None
    found = -1
    for index, count in enumerate(ev[3]):
        if count:
            if found >= 0:
                return None
            found = index
    return None if found < 0 else Pick(actor, LETTERS[found])


def _pick_rule(s: GameState) -> str:
    return "R-EVA-3" if len(s.players) == 2 else "R-EVA-2"


def _pick_why_not(s: GameState, step: PickStep, action: Action) -> Why:
    assert isinstance(action, Pick) and s.evaluation is not None
    if not s.evaluation[3][LETTER_INDEX[action.colour]]:
        return _pick_rule(s), f"The evaluation display holds no {action.colour} letter."
    return None


def _pick_apply(s: GameState, step: PickStep, action: Action) -> None:
    assert isinstance(action, Pick) and s.evaluation is not None
    s.stack.pop()
    ev = s.evaluation
    ev[4].pop(0)
    colour = LETTER_INDEX[action.colour]
    ev[3][colour] -= 1
    s.letters[action.actor][colour] += 1
    s._events.append(
        letter_moved(_pick_rule(s), action.actor, action.colour, 1, "the evaluation display")
    )


def _pick_prompt(s: GameState, step: PickStep) -> str:
    ev = s.evaluation
    assert ev is not None
    shown = ", ".join(_letters(ev[3]))
    return f"{colour_name(step.colour)} picks a letter ({CATEGORIES[ev[2]]}: {shown})"


decision(
    Handler(
        kind="pick",
        rule="R-EVA-2",
        classes=(Pick,),
        actors=first_actor,
        candidates=_pick_candidates,
        why_not=_pick_why_not,
        apply=_pick_apply,
        prompt=_pick_prompt,
        expects="pick COLOUR",
        step_rule=lambda s, step: _pick_rule(s),
        forced=_pick_forced,
    ),
    "pick",
)


@auto("eval_end")
def finish(s: GameState, step: EvalEndStep) -> None:
    """Donations of the compartment go back to bag and bank (R-EVA-4); after the second
    evaluation the game ends at once (R-END-1)."""
    ev = s.evaluation
    assert ev is not None
    site, compartment = ev[0], ev[1]
    for colour in s.players:
        box = s.chest[colour][compartment]
        for g in range(4):
            if box[g]:
                s.bag[g] += box[g]
                s._events.append(
                    stones_moved(
                        "R-EVA-4",
                        colour,
                        GOODS[g],
                        box[g],
                        f"chest {COMPARTMENTS[compartment]}",
                        "the bag",
                    )
                )
        if box[4]:
            s._events.append(
                stones_moved(
                    "R-EVA-4",
                    colour,
                    "taler",
                    box[4],
                    f"chest {COMPARTMENTS[compartment]}",
                    "the bank",
                )
            )
        s.chest[colour][compartment] = [0, 0, 0, 0, 0]
    s._events.append(evaluation("R-EVA-4", site, COMPARTMENTS[compartment], "donations returned"))
    s.evaluation = None
    if compartment == 1:
        # The game ends at once (R-END-1); a caught Pope's step still owed for the visit that
        # finished this cathedral is taken first (I-POP-8, I-POP-10).
        owed = [step for step in s.stack if step.tag == "caught"]
        s.stack.clear()
        s._push(*owed, GAME_END)
