"""The end-of-game panel of the HTML viewer: placings, souls and the final scoring.

The game ends inside one decision (R-END-1): the last evaluation, the posts compared a last
time (R-NOT-1), the letters scored nearest Hell first (R-END-2) and the winners (R-END-3). The
panel reads all of it from replay — the placings from the engine's ranking
(:func:`mcn.engine.ranking.placings`, R-END-3 and I-END-5) and the scoring from the events of
that decision as the viewer may read them (:func:`mcn.views.projection.event_json`) — and is stored
in the game's last frame only, so the page holds the scoring from the moment it happens on.
"""

from __future__ import annotations

from typing import Any

from mcn.engine.ranking import placings
from mcn.replay import Step
from mcn.views.projection import Viewer, event_json


def ending(step: Step, viewer: Viewer) -> dict[str, Any]:
    """The panel of the decision ``step`` that ended the game.

    ``rows``, best place first: ``[colour, place, final space, in Heaven (0/1), space before
    the game's end, steps toward Hell from the posts, sets scored, other letters scored,
    steps toward Heaven from the letters, the rules that decided the place]``.
    """
    assert step.state is not None
    events = [event_json(event, viewer, step.action) for event in step.events]
    end = next((i for i, e in enumerate(events) if e.get("rule") == "R-END-1"), 0)
    before: dict[str, int] = {}
    posts: dict[str, int] = {}
    letters: dict[str, tuple[int, int, int]] = {}
    for event in events[end:]:
        kind, player = event["kind"], event.get("player", "")
        if kind == "soul-moved":
            before.setdefault(player, event["source"])
            if event.get("why") == "letters scored":
                sets, others, _ = letters.get(player, (0, 0, 0))
                letters[player] = (sets, others, -event["steps"])
        elif kind == "posts-compared" and player:
            posts[player] = posts.get(player, 0) + event["steps"]
        elif kind == "letters-scored":
            _, _, steps = letters.get(player, (0, 0, 0))
            letters[player] = (event["sets"], event["others"], steps)
    rows = []
    for placing in placings(step.state):
        colour = placing.colour
        sets, others, steps = letters.get(colour, (0, 0, 0))
        rows.append(
            [
                colour,
                placing.place,
                placing.space,
                1 if placing.heaven else 0,
                before.get(colour, placing.space),
                posts.get(colour, 0),
                sets,
                others,
                steps,
                list(placing.rules),
            ]
        )
    return {"rows": rows}
