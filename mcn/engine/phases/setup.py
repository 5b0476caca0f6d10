"""The setup phase: the starting bonuses picked in turn, then the bag filled (R-SET-4..6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine.actions import Action, Bonus
from mcn.engine.constants import BLUE, BONUS_MONEY_AMOUNT, COMPARTMENTS, STONE_INDEX, colour_name
from mcn.engine.decision import Handler, Why, auto, decision, first_actor
from mcn.engine.events import BonusTaken
from mcn.engine.events.shared import donated, letter_moved, prepared
from mcn.engine.step_types import ROUND, BonusStep, SetupDoneStep

if TYPE_CHECKING:
    from mcn.engine.state import GameState


# --- setup: starting bonuses (R-SET-4..6) ------------------------------------------------------


_BONUS_ITEMS = {("bread", "wine"): 1, ("jewel",): 2, ("10",): 3, ("blue",): 4}


def _bonus_candidates(s: GameState, step: BonusStep, actor: str) -> list[Action]:
    out: list[Action] = []
    for bonus in s.bonuses:
        if bonus == 1:
            out.extend(
                Bonus(actor, (("bread", a), ("wine", b)))
                for a in COMPARTMENTS
                for b in COMPARTMENTS
            )
        elif bonus in (2, 3):
            item = "jewel" if bonus == 2 else str(BONUS_MONEY_AMOUNT)
            out.extend(Bonus(actor, ((item, a),)) for a in COMPARTMENTS)
        else:
            out.append(Bonus(actor, (("blue", ""),)))
    return out


def _bonus_why_not(s: GameState, step: BonusStep, action: Action) -> Why:
    assert isinstance(action, Bonus)
    bonus = _BONUS_ITEMS.get(tuple(item for item, _comp in action.items))
    if bonus is None:
        return "R-SET-4", "A starting bonus is 'bread>C wine>C', 'jewel>C', '10>C' or 'blue'."
    if bonus not in s.bonuses:
        return "R-SET-4", f"Starting bonus {bonus} was already taken."
    comps = [comp for _item, comp in action.items]
    if bonus == 4 and comps != [""]:
        return "R-SET-5", "The blue letter goes behind the screen, not into the chest."
    if bonus != 4 and "" in comps:
        return "R-SET-5", "Bonuses 1-3 are donated at once: name compartment I or II."
    return None


def _bonus_apply(s: GameState, step: BonusStep, action: Action) -> None:
    assert isinstance(action, Bonus)
    s.stack.pop()
    colour = action.actor
    bonus = _BONUS_ITEMS[tuple(item for item, _comp in action.items)]
    s.bonuses.remove(bonus)
    s._events.append(BonusTaken("R-SET-4", colour, action.text.removeprefix("bonus ")))
    if bonus == 4:
        s.supply[BLUE] -= 1
        s.letters[colour][BLUE] += 1
        s._events.append(letter_moved("R-SET-5", colour, "blue", 1, "the supply"))
        return
    chest = s.chest[colour]
    for item, comp in action.items:
        box = chest[COMPARTMENTS.index(comp)]
        if item.isdigit():
            box[4] += int(item)
            s._events.append(donated("R-SET-5", colour, item, comp))
        else:
            good = STONE_INDEX[item]
            s.bag[good] -= 1
            box[good] += 1
            s._events.append(donated("R-SET-5", colour, item, comp))


def _bonus_prompt(s: GameState, step: BonusStep) -> str:
    return f"{colour_name(step.colour)} picks a starting bonus"


decision(
    Handler(
        kind="bonus",
        rule="R-SET-4",
        classes=(Bonus,),
        actors=first_actor,
        candidates=_bonus_candidates,
        why_not=_bonus_why_not,
        apply=_bonus_apply,
        prompt=_bonus_prompt,
        expects="bonus ...",
    ),
    "bonus",
)


@auto("setup_done")
def setup_done(s: GameState, step: SetupDoneStep) -> None:
    """Unpicked bonuses stay in the supply; the bag holds the rest (R-SET-3, R-SET-6)."""
    s._events.append(
        prepared("R-SET-6", "The remaining goods and the 6 indulgence stones fill the bag")
    )
    s._push(ROUND)
