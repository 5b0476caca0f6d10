"""The course of the game: setup bonuses, rounds, bids, characters, preliminaries, turns,
comparing posts and the game end (R-SET-4..6, R-RND-1..2, R-BID-1..4, R-CHR-1..5, R-ACT-1..5,
R-P2-1, R-P3-1, I-P3-2, I-P3-3, R-NOT-1, R-END-1..3, I-RND-2/3, I-ACT-7/8, I-BID-5).

Each phase is a chain of steps on the state's stack; see :mod:`mcn.engine.decision`. One module
per phase (``setup``, ``preparation``, ``bids``, ``characters``, ``turns``, ``ends``); importing
this package registers all their steps and decisions.
"""

from __future__ import annotations

from mcn.engine.decision import AUTO

# isort: off
# The phases register their steps and decisions in the order the game meets them.
from mcn.engine.phases import setup, preparation, bids, characters, turns, ends  # noqa: F401

# isort: on
from mcn.engine.phases.ends import compare_posts
from mcn.engine.phases.turns import end_action_phase_now

__all__ = ["AUTO", "compare_posts", "end_action_phase_now"]
