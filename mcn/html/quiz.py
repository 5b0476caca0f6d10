"""The questions of a quiz page (``mcn html --quiz``): "what would you do?" at a player's
decisions, as lichess's interactive lessons and Sabaki's guess mode ask it.

A question stands at the position *before* one of the chosen player's written decisions on the
main line; it offers that player's legal actions there (:func:`mcn.views.legal.legal_at`, worded for
the page's viewer and described by what each would cause, without revealing anything early)
and knows which one was played. A decision with one legal action (forced) asks nothing.
Without ``--as`` the quiz asks at every player's decisions, everything shown.

Each question is JSON in the page: ``{"at": frame of the position asked about, "f": frame of
the move played, "who": colour, "o": [[action, what it does], …], "a": index of the played
action}``. The options are the viewer's own (or, on a full page, everybody's) and computed
from the state before the decision, so a quiz page holds no secret of another player before
its reveal either (tests/secrets/test_page_source.py).
"""

from __future__ import annotations

from typing import Any

from mcn.engine.constants import CHANCE
from mcn.html.frames import Frames
from mcn.replay import GameReplay
from mcn.views.legal import legal_at
from mcn.views.projection import EVERYTHING, Viewer


def questions(replay: GameReplay, frames: Frames, viewer: Viewer) -> list[dict[str, Any]]:
    """The quiz of ``replay``'s main line for ``viewer`` (a colour: his decisions; everything:
    every player's)."""
    main = replay.main
    out: list[dict[str, Any]] = []
    if main is None:
        return out
    before = main.start
    for step in main.steps:
        assert step.state is not None, "replay_game(..., keep_states=True) is needed"
        state, before = before, step.state
        actor = step.action.actor
        asked = viewer == EVERYTHING or actor == viewer
        if step.move is None or actor == CHANCE or not asked:
            continue
        options = [o for o in legal_at(state, viewer).options if o.actor == actor]
        played = step.action.text
        answer = next((i for i, o in enumerate(options) if o.text == played), None)
        if len(options) < 2 or answer is None:
            continue
        frame = frames.of_step[id(step)]
        out.append(
            {
                "at": frames.frames[frame]["p"],
                "f": frame,
                "who": actor,
                "o": [[o.text, o.description] for o in options],
                "a": answer,
            }
        )
    return out
