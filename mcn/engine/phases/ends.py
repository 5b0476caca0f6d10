"""The ends: the action phase over and the posts compared (R-NOT-1, R-TIE-1), and the game's end
with its last comparison, the letters scored and the winners (R-END-1..3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcn.engine import meta, track
from mcn.engine.constants import SET_SIZE, SET_STEPS
from mcn.engine.decision import auto
from mcn.engine.events import GameEnded, LettersScored
from mcn.engine.events.shared import phase_ended, posts_compared
from mcn.engine.step_types import ROUND, GameEndStep, PhaseEndStep

if TYPE_CHECKING:
    from mcn.engine.state import GameState


@auto("phase_end")
def phase_end(s: GameState, step: PhaseEndStep) -> None:
    """The action phase is over: compare posts, then the next round (R-RND-1, R-NOT-1)."""
    if any(s.market):
        why = "no stone can leave the market (I-ACT-8)"
    else:
        why = "the market is empty (R-ACT-4)"
    s._events.append(phase_ended("R-ACT-4", "action phase", why))
    meta.round_over(s)  # I-MET-6: what was left undone and not caught stands
    s.phase = "post"
    s.section = f"{s.round}.post"
    s.counter = 0
    compare_posts(s, "R-NOT-1")
    s.stack.append(ROUND)


def compare_posts(s: GameState, rule: str) -> None:
    """The highest post moves (highest - lowest) toward Hell; among tied highest posts the
    soul farthest from Hell moves (R-NOT-1, R-TIE-1)."""
    posts = s.post
    high = max(posts.values())
    low = min(posts.values())
    if high == low:
        s._events.append(posts_compared(rule, "", 0))
        return
    mover = s.nearest_heaven([c for c in s.players if posts[c] == high])
    s._events.append(posts_compared(rule, mover, high - low))
    track.to_hell(s, mover, high - low, "posts compared", rule)


@auto("game_end")
def game_end(s: GameState, step: GameEndStep) -> None:
    """R-END-1..3: compare posts a last time, score letters nearest Hell first, winners."""
    s.phase = "end"
    s.section = "end"
    s.counter = 0
    s.pope_die = 0
    s._events.append(phase_ended("R-END-1", "game", "the second cathedral was evaluated"))
    meta.round_over(s)
    compare_posts(s, "R-NOT-1")
    for colour in s.hell_order():
        letters = s.letters[colour]
        sets = min(letters)
        others = sum(letters) - SET_SIZE * sets
        s._events.append(LettersScored("R-END-2", colour, sets, others))
        track.to_heaven(s, colour, SET_STEPS * sets + others, "letters scored", "R-END-2")
    heaven = -s.board.heaven
    saved = tuple(c for c in s.heaven_order() if s.pos[c] == heaven)
    s.winners_ = saved or (s.nearest_heaven(),)
    s._events.append(GameEnded("R-END-3", s.winners_, bool(saved)))
