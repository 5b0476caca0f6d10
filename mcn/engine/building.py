"""Building crews and cathedrals (R-CAT-1..2, I-CAT-3).

A site holds at most one crew at rest: the second crew builds the nave, two more the spire
(and both crews go back to the hut). A finished cathedral pushes its evaluation on top of the
step stack, so it interrupts whatever is happening and play resumes afterwards (R-CAT-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine.actions import Action, MoveCrew, PlaceCrew
from mcn.engine.constants import SITES, colour_name
from mcn.engine.decision import Why
from mcn.engine.events import Built
from mcn.engine.events.shared import crew_moved
from mcn.engine.step_types import EvaluateStep

if TYPE_CHECKING:
    from mcn.engine.state import GameState


def place_options(s: GameState, actor: str) -> list[Action]:
    """A crew on every unfinished site (I-CAT-3)."""
    return [PlaceCrew(actor, site) for site in range(1, SITES + 1) if s.levels[site - 1] < 2]


def move_options(s: GameState, actor: str) -> list[Action]:
    """The move-crew card: from a site with a crew to another unfinished site."""
    return [
        MoveCrew(actor, a, b)
        for a in range(1, SITES + 1)
        if s.crews[a - 1]
        for b in range(1, SITES + 1)
        if b != a and s.levels[b - 1] < 2
    ]


def why_not_place(s: GameState, site: int) -> Why:
    """Only unfinished sites take crews (I-CAT-3)."""
    if s.levels[site - 1] >= 2:
        return "I-CAT-3", f"Cathedral {site} is finished; crews go only to unfinished sites."
    return None


def why_not_move(s: GameState, action: MoveCrew) -> Why:
    """The move-crew card moves a crew (never a nave or spire) to another unfinished site."""
    if action.source == action.target:
        return "I-HOP-7", f"{colour_name(action.actor)} must move the crew to another site."
    if not s.crews[action.source - 1]:
        return "I-HOP-7", f"No crew stands on site {action.source}."
    return why_not_place(s, action.target)


def finishes_cathedral(s: GameState, action: Action) -> bool:
    """Whether ``action`` would complete a cathedral: a crew coming to a site with a nave and a
    crew at rest (R-CAT-1). Every action adds at most one crew, so this is exact; replay asks
    it to fill in the compartment about to be evaluated, without applying the action."""
    if type(action) is PlaceCrew:  # not isinstance: see mcn.engine.phases.turns._action_why_not
        site = action.site
    elif type(action) is MoveCrew:
        site = action.target
    else:
        return False
    return 1 <= site <= SITES and s.levels[site - 1] == 1 and s.crews[site - 1] == 1


def add_crew(s: GameState, player: str, site: int, source: str, rule: str) -> None:
    """Put a crew on ``site``; two crews build the nave, then the spire (R-CAT-1)."""
    i = site - 1
    s.crews[i] += 1
    s._events.append(crew_moved(rule, player, source, site))
    if s.crews[i] < 2:
        return
    s.crews[i] = 0
    s.hut += 2
    s.levels[i] += 1
    s._events.append(Built("R-CAT-1", site, "nave" if s.levels[i] == 1 else "spire"))
    if s.levels[i] == 2:
        s.finished += 1
        s._push(EvaluateStep("evaluate", site, s.finished - 1))  # R-CAT-2: at once
