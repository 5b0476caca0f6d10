"""The character choice and what follows at once: the Pope's and the Emperor's preliminary
actions and the Petty Sinner's sins and visit (R-CHR-1..5, R-P2-1, R-P3-1, I-P3-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine import building, house, sins
from mcn.engine.actions import Action, Choose, MovePopeStone, PlaceCrew, Skip, Visit
from mcn.engine.constants import (
    CHARACTER_INDEX,
    CHARACTER_NAMES,
    CHARACTERS,
    EMPEROR,
    PETTY,
    POPE,
    SINNER,
    colour_name,
)
from mcn.engine.decision import Handler, Why, auto, decision, first_actor
from mcn.engine.events.shared import character_chosen
from mcn.engine.shared_steps import choose_step, prelim_step, sinner_step, sins_step
from mcn.engine.step_types import (
    CHOOSE_NEXT,
    PHASE_END,
    TURN,
    ChooseNextStep,
    ChooseStep,
    PrelimStep,
    SinnerStep,
    Step,
)

if TYPE_CHECKING:
    from mcn.engine.state import GameState


# --- character choice and preliminaries (R-CHR-1..5, R-P2-1, R-P3-1, I-P3-2) ----------------


@auto("choose_next")
def choose_next(s: GameState, step: ChooseNextStep) -> None:
    """The next chooser, or the action phase once every character is placed."""
    if s.choosers:
        s.stack.append_two(CHOOSE_NEXT, choose_step(s.choosers.pop(0)))  # the choice first
        return
    s.phase = "action"
    s.turn = 0
    s.next_character = POPE
    s.stack.append_two(PHASE_END, TURN)  # the turns first


def _choose_candidates(s: GameState, step: ChooseStep, actor: str) -> list[Action]:
    return [Choose(actor, name) for i, name in enumerate(CHARACTERS) if s.holders[i] is None]


def _choose_forced(s: GameState, step: ChooseStep, actor: str) -> Action | None:
    """The one character left, if only one is (the last chooser's: ``_choose_candidates``
    filtered by ``_choose_why_not``, counted without making the actions)."""
    found = -1
    for index, holder in enumerate(s.holders):
        if holder is None:
            if found >= 0:
                return None
            found = index
    return None if found < 0 else Choose(actor, CHARACTERS[found])


def _choose_why_not(s: GameState, step: ChooseStep, action: Action) -> Why:
    assert isinstance(action, Choose)
    holder = s.holders[CHARACTER_INDEX[action.character]]
    if holder is not None:
        name = CHARACTER_NAMES[CHARACTER_INDEX[action.character]]
        return "R-BID-2", f"The {name} was already chosen by {colour_name(holder)}."
    return None


def _own_preliminary(s: GameState, colour: str, character: int) -> list[Step]:
    if character == POPE:
        return [prelim_step(colour, 1, 0)]
    if character == EMPEROR:
        return [prelim_step(colour, 0, 1)] if s.card_crew else []
    if character == SINNER:
        return [sins_step(colour, PETTY, 2, "R-CHR-4"), sinner_step(colour)]
    return []  # R-CHR-3


def _choose_apply(s: GameState, step: ChooseStep, action: Action) -> None:
    assert isinstance(action, Choose)
    s.stack.pop()
    colour = action.actor
    character = CHARACTER_INDEX[action.character]
    s.holders[character] = colour
    s._events.append(character_chosen("R-BID-2", colour, action.character))
    steps = _own_preliminary(s, colour, character)
    if len(s.players) == 3 and not s.choosers:  # R-P3-1, I-P3-2
        unused = s.holders.index(None)
        extra: PrelimStep | None = None  # the other two characters are held (R-P3-1)
        if unused == POPE:
            extra = prelim_step(str(s.holders[EMPEROR]), 1, 0)
        elif unused == EMPEROR and s.card_crew:
            extra = prelim_step(str(s.holders[POPE]), 0, 1)
        if extra is not None and extra.colour == colour:
            steps = [prelim_step(colour, 1, s.card_crew)]
        elif extra is not None:
            steps.append(extra)
    s._push(*steps)


def _choose_prompt(s: GameState, step: ChooseStep) -> str:
    return f"{colour_name(step.colour)} chooses a character"


decision(
    Handler(
        kind="choose",
        rule="R-BID-2",
        classes=(Choose,),
        actors=first_actor,
        candidates=_choose_candidates,
        why_not=_choose_why_not,
        apply=_choose_apply,
        prompt=_choose_prompt,
        expects="choose CHARACTER",
        forced=_choose_forced,
    ),
    "choose",
)


def _prelim_candidates(s: GameState, step: PrelimStep, actor: str) -> list[Action]:
    out: list[Action] = []
    if step.pope:
        out.extend(sins.pope_stone_options(s, actor))
        out.append(Skip(actor))
    if step.emperor:
        out.extend(building.place_options(s, actor))
    return out


def _prelim_why_not(s: GameState, step: PrelimStep, action: Action) -> Why:
    pope, emperor = step.pope, step.emperor
    if isinstance(action, PlaceCrew):
        if not emperor:
            return "R-CHR-1", "Only the Pope's preliminary is left: move a Pope stone or skip."
        return building.why_not_place(s, action.site)
    if not pope:
        return "R-CHR-2", "The Emperor's crew must be placed on a cathedral site (crew SITE)."
    if isinstance(action, MovePopeStone):
        return sins.why_not_pope_stone(s, action, "R-CHR-1")
    return None


def _prelim_apply(s: GameState, step: PrelimStep, action: Action) -> None:
    s.stack.pop()
    _, colour, pope, emperor = step
    if isinstance(action, PlaceCrew):
        if pope:
            s.stack.append(prelim_step(colour, pope, 0))
        s.card_crew -= 1
        building.add_crew(s, colour, action.site, "the Emperor card", "R-CHR-2")
        return
    if emperor:
        s.stack.append(prelim_step(colour, 0, emperor))
    if isinstance(action, MovePopeStone):
        sins.move_pope_stone(s, colour, action.source, action.target, "R-CHR-1")


def _prelim_prompt(s: GameState, step: PrelimStep) -> str:
    what = []
    if step.pope:
        what.append("may move a Pope stone")
    if step.emperor:
        what.append("must place the Emperor's crew")
    return f"{colour_name(step.colour)} {' and '.join(what)} (preliminary action)"


decision(
    Handler(
        kind="preliminary",
        rule="R-CHR-1",
        classes=(MovePopeStone, Skip, PlaceCrew),
        actors=first_actor,
        candidates=_prelim_candidates,
        why_not=_prelim_why_not,
        apply=_prelim_apply,
        prompt=_prelim_prompt,
        expects="pope-stone DEN>DEN, skip or crew SITE",
        # The Emperor's crew is the one obligation: while it is owed, it is what is missing.
        step_rule=lambda s, step: "R-CHR-2" if step.emperor else "R-CHR-1",
    ),
    "prelim",
)


def _sinner_candidates(s: GameState, step: SinnerStep, actor: str) -> list[Action]:
    return [*house.visit_candidates(actor), Skip(actor)]


def _sinner_why_not(s: GameState, step: SinnerStep, action: Action) -> Why:
    if isinstance(action, Visit):
        return house.why_not_visit(s, action.actor, action.room, "sinner", 0)
    return None


def _sinner_apply(s: GameState, step: SinnerStep, action: Action) -> None:
    s.stack.pop()
    if isinstance(action, Visit):
        house.start_visit(s, action.actor, action.room, "sinner")


def _sinner_prompt(s: GameState, step: SinnerStep) -> str:
    return f"{colour_name(step.colour)} (Petty Sinner) may visit the House of Pleasure at once"


decision(
    Handler(
        kind="sinner-visit",
        rule="R-CHR-4",
        classes=(Visit, Skip),
        actors=first_actor,
        candidates=_sinner_candidates,
        why_not=_sinner_why_not,
        apply=_sinner_apply,
        prompt=_sinner_prompt,
        expects="visit N or skip",
    ),
    "sinner",
)
