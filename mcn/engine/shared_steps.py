"""The steps the engine pushes with arguments, each made once per set of arguments.

A step is immutable (:mod:`mcn.engine.step_types`), so every push of ``FreeStep("free", "R",
"R-ACT-5")`` may share one object. Building a named tuple runs its interpreted ``__new__``,
in the compiled build too, about three times the cost of looking it up; a record's replay
pushes about 0.7 steps with arguments per written move besides the two of each turn
(``action_step``, ``turn_end_step``) — the steps without arguments are shared constants of
:mod:`mcn.engine.step_types` (docs/performance-history.md, "Named steps" and "Steps made
once").

A game has a few dozen distinct steps of each kind (colours, dens, rules, rooms), so the memo
stays small; it is bounded all the same, since the engine plays as many games as a process
asks. Steps read from JSON (:func:`~mcn.engine.step_types.step_from_json`) are built as
given, not looked up.
"""

from __future__ import annotations

from typing import Any, Final

from mcn.engine.step_types import (
    STEP_TYPES,
    ActionStep,
    ChooseStep,
    EffectStep,
    EmptyStep,
    FreeStep,
    GuessStep,
    PickStep,
    PrelimStep,
    SinnerStep,
    SinsStep,
    Suite5Step,
    TakeStep,
    TurnEndStep,
    YellowStep,
)

_MADE: Final[dict[tuple[Any, ...], Any]] = {}
#: More distinct steps than any game pushes: past it, the memo starts again.
_MADE_LIMIT: Final = 1 << 12


def _made(items: tuple[Any, ...]) -> Any:
    """The step of the tag ``items[0]`` with the arguments ``items[1:]``, made once. The
    makers below look ``_MADE`` up themselves and call this only for a step not made yet (a
    step is a non-empty tuple, so true): in the pure build a call costs about 400 instructions."""
    step = _MADE.get(items)
    if step is None:
        if len(_MADE) >= _MADE_LIMIT:
            _MADE.clear()
        step = _MADE[items] = STEP_TYPES[items[0]](*items)
    return step


#: The steps every turn pushes (``action_step``, ``turn_end_step``), by colour: a list of
#: slots indexed by small numbers (:func:`_turn_slot`). Two string lookups and a list index,
#: where the memo's key is a tuple built, hashed and compared for every push (about 100 ns
#: more in the compiled build, three pushes a turn).
_TURN_STEPS: Final[dict[str, list[Any]]] = {}
#: The kind of a turn's first action, as the action step records it (``first``).
_FIRST_KINDS: Final = {"": 0, "buy": 1, "sell": 2, "donate": 3, "visit": 4}
#: The slots of one colour: the action steps (kinds × characters × numbers 1 and 2), then
#: the turn ends (one per character), then the pairs a turn starts with (one per character).
_ACTION_SLOTS: Final = len(_FIRST_KINDS) * 4 * 2
_PAIR_SLOTS: Final = _ACTION_SLOTS + 4
_TURN_SLOTS: Final = _PAIR_SLOTS + 4


def _turn_slots(colour: str) -> list[Any]:
    """The slots of ``colour``'s turn steps (made empty on first use)."""
    slots = _TURN_STEPS.get(colour)
    if slots is None:
        if len(_TURN_STEPS) >= 64:  # more colours than any game has: start again
            _TURN_STEPS.clear()
        slots = _TURN_STEPS[colour] = [None] * _TURN_SLOTS
    return slots


def action_step(colour: str, character: int, number: int, first: str) -> ActionStep:
    """``ActionStep("action", colour, character, number, first)`` (one or two a turn)."""
    kind = _FIRST_KINDS.get(first)
    if kind is None or not (0 <= character < 4 and 1 <= number <= 2):
        step: ActionStep = _made(("action", colour, character, number, first))
        return step
    slots = _TURN_STEPS.get(colour) or _turn_slots(colour)  # the call only for a new colour
    slot = (kind * 4 + character) * 2 + number - 1
    found: ActionStep | None = slots[slot]
    if found is None:
        found = slots[slot] = ActionStep("action", colour, character, number, first)
    return found


def turn_end_step(colour: str, character: int) -> TurnEndStep:
    """``TurnEndStep("turn_end", colour, character)`` (one every turn)."""
    if not 0 <= character < 4:
        step: TurnEndStep = _made(("turn_end", colour, character))
        return step
    slots = _turn_slots(colour)
    found: TurnEndStep | None = slots[_ACTION_SLOTS + character]
    if found is None:
        found = slots[_ACTION_SLOTS + character] = TurnEndStep("turn_end", colour, character)
    return found


def turn_steps(colour: str, character: int) -> tuple[TurnEndStep, ActionStep]:
    """The two steps a turn of ``colour`` as ``character`` starts with, in the order they are
    pushed: ``turn_end_step(colour, character)`` below ``action_step(colour, character, 1,
    "")``. One lookup for both (every turn pushes them)."""
    if not 0 <= character < 4:
        return (turn_end_step(colour, character), action_step(colour, character, 1, ""))
    slots = _TURN_STEPS.get(colour) or _turn_slots(colour)  # the call only for a new colour
    found: tuple[TurnEndStep, ActionStep] | None = slots[_PAIR_SLOTS + character]
    if found is None:
        found = slots[_PAIR_SLOTS + character] = (
            turn_end_step(colour, character),
            action_step(colour, character, 1, ""),
        )
    return found


def free_step(colour: str, rule: str) -> FreeStep:
    """``FreeStep("free", colour, rule)``."""
    key = ("free", colour, rule)
    step: FreeStep = _MADE.get(key) or _made(key)
    return step


def choose_step(colour: str) -> ChooseStep:
    """``ChooseStep("choose", colour)``."""
    key = ("choose", colour)
    step: ChooseStep = _MADE.get(key) or _made(key)
    return step


def prelim_step(colour: str, pope: int, emperor: int) -> PrelimStep:
    """``PrelimStep("prelim", colour, pope, emperor)``."""
    key = ("prelim", colour, pope, emperor)
    step: PrelimStep = _MADE.get(key) or _made(key)
    return step


def sinner_step(colour: str) -> SinnerStep:
    """``SinnerStep("sinner", colour)``."""
    key = ("sinner", colour)
    step: SinnerStep = _MADE.get(key) or _made(key)
    return step


def sins_step(colour: str, den: int, amount: int, rule: str) -> SinsStep:
    """``SinsStep("sins", colour, den, amount, rule)``."""
    key = ("sins", colour, den, amount, rule)
    step: SinsStep = _MADE.get(key) or _made(key)
    return step


def empty_step(colour: str) -> EmptyStep:
    """``EmptyStep("empty", colour)``."""
    key = ("empty", colour)
    step: EmptyStep = _MADE.get(key) or _made(key)
    return step


def take_step(colour: str, stone: int, amount: int, rule: str) -> TakeStep:
    """``TakeStep("take", colour, stone, amount, rule)``."""
    key = ("take", colour, stone, amount, rule)
    step: TakeStep = _MADE.get(key) or _made(key)
    return step


def effect_step(colour: str, room: int) -> EffectStep:
    """``EffectStep("effect", colour, room)``."""
    key = ("effect", colour, room)
    step: EffectStep = _MADE.get(key) or _made(key)
    return step


def guess_step(colour: str, pope: str) -> GuessStep:
    """``GuessStep("guess", colour, pope)``."""
    key = ("guess", colour, pope)
    step: GuessStep = _MADE.get(key) or _made(key)
    return step


def suite5_step(colour: str) -> Suite5Step:
    """``Suite5Step("suite5", colour)``."""
    key = ("suite5", colour)
    step: Suite5Step = _MADE.get(key) or _made(key)
    return step


def yellow_step(colour: str) -> YellowStep:
    """``YellowStep("yellow", colour)``."""
    key = ("yellow", colour)
    step: YellowStep = _MADE.get(key) or _made(key)
    return step


def pick_step(colour: str) -> PickStep:
    """``PickStep("pick", colour)``."""
    key = ("pick", colour)
    step: PickStep = _MADE.get(key) or _made(key)
    return step


def forget_shared_steps() -> None:
    """Forget the steps made so far (for cold-cache measurements and tests)."""
    _MADE.clear()
    _TURN_STEPS.clear()
