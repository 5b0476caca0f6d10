"""The pending steps of the engine, one named tuple per tag.

The state keeps a stack of steps (:mod:`mcn.engine.steps`); each step is one of the classes
below. A step is a tuple whose first item is its tag (``ActionStep("action", "R", 0, 1, "")``),
so it stays plain data: a copy shares it, pickling needs nothing, and its JSON form (a state's
``stack``: ``["action", "R", 0, 1, ""]``) is the list of its items, read back by
:func:`step_from_json`. The tag is written out at construction and typed as a literal, so the
type checker refuses a step built under the wrong tag, and a union of these classes
(:data:`Step`) narrows on ``step.tag``. Named tuples rather than classes: a tuple is the
cheapest object Python builds, and the engine pushes a few steps for every move it applies.

Building a named tuple still runs its interpreted ``__new__`` (in the compiled build too), and a
record's replay pushes two to three steps per written move. Steps are immutable, so the ones
without arguments are shared constants (``TURN``, ``ROUND`` …) and the engine makes those with
arguments once per set of arguments (:mod:`mcn.engine.shared_steps`): looked up, not built
(docs/performance-history.md, "Named steps" and "Steps made once").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal, NamedTuple, TypeAlias


class SoulsStep(NamedTuple):
    """The chance decision: the order of the souls on the Hell track (R-SET-2)."""

    tag: Literal["souls"]


class BonusStep(NamedTuple):
    """A player picks a starting bonus (R-SET-4)."""

    tag: Literal["bonus"]
    colour: str


class SetupDoneStep(NamedTuple):
    """The setup ends: what is left fills the bag (R-SET-6)."""

    tag: Literal["setup_done"]


class RoundStep(NamedTuple):
    """A round begins (or the game ends after the last)."""

    tag: Literal["round"]


class PrepStep(NamedTuple):
    """The preparation phase's automatic part."""

    tag: Literal["prep"]


class MarketStep(NamedTuple):
    """The chance decision: the stones drawn into the market."""

    tag: Literal["market"]


class RoomsStep(NamedTuple):
    """The chance decision: the room cards dealt."""

    tag: Literal["rooms"]


class OpenBidsStep(NamedTuple):
    """The bids open."""

    tag: Literal["open_bids"]


class BidsStep(NamedTuple):
    """The secret bids, taken by every bidder at once (R-BID-1)."""

    tag: Literal["bids"]


class RevealStep(NamedTuple):
    """The bids are revealed and the choosing order set (R-BID-2)."""

    tag: Literal["reveal"]


class ChooseStep(NamedTuple):
    """A player chooses a character (R-BID-2)."""

    tag: Literal["choose"]
    colour: str


class ChooseNextStep(NamedTuple):
    """The next chooser, or the action phase."""

    tag: Literal["choose_next"]


class PrelimStep(NamedTuple):
    """The Pope's (``pope``) and the Emperor's (``emperor``) preliminary actions still owed
    (R-CHR-1, R-CHR-2)."""

    tag: Literal["prelim"]
    colour: str
    pope: int
    emperor: int


class SinnerStep(NamedTuple):
    """The Petty Sinner may visit the House of Pleasure at once (R-CHR-4)."""

    tag: Literal["sinner"]
    colour: str


class TurnStep(NamedTuple):
    """The next turn of the action phase (R-ACT-1)."""

    tag: Literal["turn"]


class ActionStep(NamedTuple):
    """Action ``number`` (1 or 2) of ``colour`` as ``character``; ``first`` is the kind of the
    first action ("" before it)."""

    tag: Literal["action"]
    colour: str
    character: int
    number: int
    first: str


class TurnEndStep(NamedTuple):
    """The turn of ``colour`` as ``character`` ends (the Merchant's free stone, R-ACT-5)."""

    tag: Literal["turn_end"]
    colour: str
    character: int


class FreeStep(NamedTuple):
    """``colour`` takes a free stone, under ``rule`` (R-ACT-5 or I-P3-3)."""

    tag: Literal["free"]
    colour: str
    rule: str


class PhaseEndStep(NamedTuple):
    """The action phase ends."""

    tag: Literal["phase_end"]


class GuessStep(NamedTuple):
    """``colour`` guesses where the Pope (held by ``pope``) is (R-POP-1)."""

    tag: Literal["guess"]
    colour: str
    pope: str


class CaughtStep(NamedTuple):
    """The caught Pope's step toward Hell, after his visit (I-POP-8)."""

    tag: Literal["caught"]
    colour: str


class Suite5Step(NamedTuple):
    """``colour`` chooses the room whose card Suite 5 uses."""

    tag: Literal["suite5"]
    colour: str


class EffectStep(NamedTuple):
    """``colour`` uses the card of ``room`` or declines."""

    tag: Literal["effect"]
    colour: str
    room: int


class GiftStep(NamedTuple):
    """The Emperor ``colour`` gives ``visitor`` a letter of his choice (R-HOP-3)."""

    tag: Literal["gift"]
    colour: str
    visitor: str


class YellowStep(NamedTuple):
    """``colour`` takes the yellow letter of Suite 6 (R-HOP-5)."""

    tag: Literal["yellow"]
    colour: str


class SinsStep(NamedTuple):
    """``amount`` sin stones of ``colour`` go into ``den``, under ``rule``."""

    tag: Literal["sins"]
    colour: str
    den: int
    amount: int
    rule: str


class EmptyStep(NamedTuple):
    """``colour``, out of sin stones, empties a den (R-DEN-4)."""

    tag: Literal["empty"]
    colour: str


class TakeStep(NamedTuple):
    """``colour`` takes ``amount`` stones of ``stone`` from the market (R-BUY-3)."""

    tag: Literal["take"]
    colour: str
    stone: int
    amount: int
    rule: str


class EvaluateStep(NamedTuple):
    """A finished cathedral's evaluation begins (R-CAT-2)."""

    tag: Literal["evaluate"]
    site: int
    compartment: int


class CategoryStep(NamedTuple):
    """One category of the evaluation is compared."""

    tag: Literal["category"]
    category: int


class PickStep(NamedTuple):
    """``colour`` picks a letter of the evaluation's display."""

    tag: Literal["pick"]
    colour: str


class PicksStep(NamedTuple):
    """The next pick of the evaluation, or its end."""

    tag: Literal["picks"]


class EvalEndStep(NamedTuple):
    """The evaluation ends."""

    tag: Literal["eval_end"]


class GameEndStep(NamedTuple):
    """The game ends (R-END-1)."""

    tag: Literal["game_end"]


Step: TypeAlias = (
    SoulsStep
    | BonusStep
    | SetupDoneStep
    | RoundStep
    | PrepStep
    | MarketStep
    | RoomsStep
    | OpenBidsStep
    | BidsStep
    | RevealStep
    | ChooseStep
    | ChooseNextStep
    | PrelimStep
    | SinnerStep
    | TurnStep
    | ActionStep
    | TurnEndStep
    | FreeStep
    | PhaseEndStep
    | GuessStep
    | CaughtStep
    | Suite5Step
    | EffectStep
    | GiftStep
    | YellowStep
    | SinsStep
    | EmptyStep
    | TakeStep
    | EvaluateStep
    | CategoryStep
    | PickStep
    | PicksStep
    | EvalEndStep
    | GameEndStep
)
"""Any pending step (the handler of its ``tag`` reads its fields by name)."""


#: Each tag's step class (a step's JSON form starts with its tag).
STEP_TYPES: dict[str, Any] = {
    "souls": SoulsStep,
    "bonus": BonusStep,
    "setup_done": SetupDoneStep,
    "round": RoundStep,
    "prep": PrepStep,
    "market": MarketStep,
    "rooms": RoomsStep,
    "open_bids": OpenBidsStep,
    "bids": BidsStep,
    "reveal": RevealStep,
    "choose": ChooseStep,
    "choose_next": ChooseNextStep,
    "prelim": PrelimStep,
    "sinner": SinnerStep,
    "turn": TurnStep,
    "action": ActionStep,
    "turn_end": TurnEndStep,
    "free": FreeStep,
    "phase_end": PhaseEndStep,
    "guess": GuessStep,
    "caught": CaughtStep,
    "suite5": Suite5Step,
    "effect": EffectStep,
    "gift": GiftStep,
    "yellow": YellowStep,
    "sins": SinsStep,
    "empty": EmptyStep,
    "take": TakeStep,
    "evaluate": EvaluateStep,
    "category": CategoryStep,
    "pick": PickStep,
    "picks": PicksStep,
    "eval_end": EvalEndStep,
    "game_end": GameEndStep,
}


SOULS: Final = SoulsStep("souls")
SETUP_DONE: Final = SetupDoneStep("setup_done")
ROUND: Final = RoundStep("round")
PREP: Final = PrepStep("prep")
MARKET: Final = MarketStep("market")
ROOMS: Final = RoomsStep("rooms")
OPEN_BIDS: Final = OpenBidsStep("open_bids")
BIDS: Final = BidsStep("bids")
REVEAL: Final = RevealStep("reveal")
CHOOSE_NEXT: Final = ChooseNextStep("choose_next")
TURN: Final = TurnStep("turn")
PHASE_END: Final = PhaseEndStep("phase_end")
PICKS: Final = PicksStep("picks")
EVAL_END: Final = EvalEndStep("eval_end")
GAME_END: Final = GameEndStep("game_end")
#: The three categories of an evaluation, in order (R-EVA-1).
CATEGORY_STEPS: Final = (
    CategoryStep("category", 0),
    CategoryStep("category", 1),
    CategoryStep("category", 2),
)


def step_from_json(items: Sequence[Any]) -> Step:
    """The step whose JSON form is ``items`` (tag first, then the arguments), as a state's
    ``stack`` holds it; ``KeyError`` for an unknown tag, ``TypeError`` for a wrong count of
    arguments (a position is checked before it is read: mcn.position.checks)."""
    step: Step = STEP_TYPES[items[0]](*items)
    return step
