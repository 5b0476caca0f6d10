"""Replay: bind a parsed record to the rules engine.

The notation knows no rules and the engine knows no notation; this module folds the engine's
checked ``apply`` over a record's moves — main line and every variation, each variation from a
copy of the state before the move it replaces — and collects diagnostics with file, game,
decision address, source span and rule ID. See docs/design.md, "Replay binding":

1. a move the pending decision accepts is applied;
2. otherwise, if the pending player decision has exactly one legal action, that *forced*
   action is applied and the move is tried again — records may omit forced moves;
3. otherwise, if the pending decision is a turn waiting for its second action and the move
   fits once the turn is ended, ``end`` is applied (a Merchant's free stone written right
   after a single action, the next turn written without the ``end``);
4. otherwise the move is wrong, and that line of play stops there.

An item's end carries no meaning (docs/notation.md, "Items and moves"): a turn still waiting
for its second action is ended (``end`` applied) by rule 3, at a label numbering another turn,
at a section marker or checkpoint, or at the end of the line. Walks use explicit work lists,
never recursion, so deeply nested variations are fine.

Redacted records (``?`` secrets, :mod:`mcn.replay.hidden`) are replayed with a stand-in for each
secret and the reveal checkpoints fill in the truth before the evaluation or scoring that needs it.
Whatever can then not be told for sure is reported as a ``note``, never as an error.

The package, by concept: :mod:`~mcn.replay.model` (what a replay produces),
:mod:`~mcn.replay.walk` (the replayer: lines, holding the collaborators below),
:mod:`~mcn.replay.diagnostics` (the result and its report), :mod:`~mcn.replay.binding` (moves
to actions), :mod:`~mcn.replay.variations` (the variations a move spawns),
:mod:`~mcn.replay.secrets` (stand-ins and reveals), :mod:`~mcn.replay.checks` (labels, sections,
checkpoints, result) and :mod:`~mcn.replay.checkpoints` (what a checkpoint means, the digest).
"""

from __future__ import annotations

from mcn.replay.binding import forced_action
from mcn.replay.checkpoints import (
    CHECKPOINTS,
    checkpoint_for,
    parse_result,
    result_of,
    state_digest,
)
from mcn.replay.model import (
    BeforeStep,
    Diagnostic,
    GameReplay,
    Line,
    Severity,
    Step,
    address_matches,
)
from mcn.replay.start import POSITION_TAG, game_setup, start_state
from mcn.replay.variations import MAX_VARIATION_DEPTH
from mcn.replay.walk import replay_game, replay_games

__all__ = [
    "CHECKPOINTS",
    "MAX_VARIATION_DEPTH",
    "POSITION_TAG",
    "BeforeStep",
    "Diagnostic",
    "GameReplay",
    "Line",
    "Severity",
    "Step",
    "address_matches",
    "checkpoint_for",
    "forced_action",
    "game_setup",
    "parse_result",
    "replay_game",
    "replay_games",
    "result_of",
    "start_state",
    "state_digest",
]
