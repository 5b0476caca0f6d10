"""Where a player lost: the estimated win chance of each move at his decisions, from his own
information set (docs/analysis.md).

At a decision of the analysed player the estimate is a Monte Carlo one over *worlds he cannot
tell apart*: a world is drawn with OpenSpiel's ``resample_from_infostate`` (the knowledge
sampler: the others' compartments, bids, Pope die and hidden letters as he could not know
them), every move compared is played in it and the game finished by the greedy reference
policy (:func:`playout`). A move's *win chance* is its mean return (1 shared by the winners,
R-END-3). All moves share the worlds and the playouts' random streams (common random
numbers), so their differences are sharper than their levels.

Two stages (:func:`analyse_decision`): ``simulations`` worlds rank the moves compared — every
legal move when there are at most :data:`CANDIDATES`, else the move played, the greedy bot's
favourites and a seeded random choice of the rest — then the move played and the best-ranked
alternative are estimated again on fresh worlds, paired (the best of several noisy estimates
is biased upwards; a fresh one is not).

A move is flagged ``?`` when its loss (best alternative minus move played) is *surely* at
least the threshold: the loss less twice its standard error (of the paired differences) is at
least the threshold; ``??`` at twice the threshold. A loss that reaches the threshold in the
second stage is judged again on :data:`CONFIRM` times as many fresh worlds, and on them alone
(the second stage's worlds were picked for their big loss, so they lean towards a flag): a flag
needs a big loss that noise does not explain, and a move whose true loss
is below the threshold is flagged only when the estimate is more than two standard errors
off (docs/analysis.md, "Flags").
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from mcn.bots.players import greedy_score
from mcn.engine import CHANCE, Action, GameState
from mcn.openspiel.encoding import ACTION_ID

#: The most moves compared at one decision.
CANDIDATES: Final = 8
#: The default loss (in win chance) that flags a move ``?``; twice it flags ``??``.
THRESHOLD: Final = 0.10
#: The default number of worlds (simulations) per decision.
SIMULATIONS: Final = 24
#: A loss that reaches the threshold in the second stage is judged again on this many times
#: ``simulations`` fresh worlds, and on them alone.
CONFIRM: Final = 4
#: How many standard errors a flagged loss must clear above the threshold.
MARGIN: Final = 2.0


@dataclass(frozen=True, slots=True)
class Estimate:
    """A move's estimated win chance: the mean of ``n`` playouts and its standard error."""

    move: str
    win: float
    se: float
    n: int

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "win": round(self.win, 4), "se": round(self.se, 4), "n": self.n}


@dataclass(frozen=True, slots=True)
class Verdict:
    """One analysed decision of the player."""

    index: int  # the step's index on the main line
    address: str
    before: float  # the win chance at the decision: the mean over the candidates
    played: Estimate
    best: Estimate | None  # the best alternative among the candidates (None: no alternative)
    candidates: tuple[Estimate, ...]  # the first stage's estimates, the played move first
    glyph: str  # "", "?" or "??"
    paired_se: float = 0.0  # the standard error of the loss, paired (0: no alternative)

    @property
    def loss(self) -> float:
        """How much win chance the move played gave away against the best alternative."""
        return 0.0 if self.best is None else max(0.0, self.best.win - self.played.win)

    @property
    def se(self) -> float:
        """The combined standard error of the loss: of the paired difference between the best
        alternative and the move played over the same worlds."""
        return self.paired_se

    def comment(self) -> str:
        """``analysis: win 31% -> 22% (±3); better visit 4: 35%`` (the part after ``;`` only
        for a flagged move)."""
        text = (
            f"analysis: win {_pct(self.before)} -> {_pct(self.played.win)} "
            f"(±{round(self.played.se * 100)})"
        )
        if self.glyph and self.best is not None:
            text += f"; better {self.best.move}: {_pct(self.best.win)}"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "address": self.address,
            "move": self.played.move,
            "before": round(self.before, 4),
            "played": self.played.to_json(),
            "best": None if self.best is None else self.best.to_json(),
            "loss": round(self.loss, 4),
            "se": round(self.se, 4),
            "glyph": self.glyph,
            "candidates": [c.to_json() for c in self.candidates],
        }


def _pct(value: float) -> str:
    return f"{round(value * 100)}%"


def candidates(legal: Sequence[Action], played: Action, rng: random.Random) -> list[Action]:
    """The moves compared at a decision (see the module docstring), the played one first."""
    others = [a for a in legal if a.text != played.text and a.text in ACTION_ID]
    if len(others) < CANDIDATES:
        return [played, *others]
    ranked = sorted(others, key=lambda a: -greedy_score(a.text))
    chosen = ranked[: CANDIDATES // 2]
    rest = [a for a in others if a not in chosen]
    chosen += rng.sample(rest, CANDIDATES - 1 - len(chosen))
    return [played, *sorted(chosen, key=lambda a: ACTION_ID[a.text])]


def playout(state: GameState, rng: random.Random) -> GameState:
    """``state`` played to the end by the greedy reference policy (every player takes an
    action of the highest :func:`~mcn.bots.players.greedy_score`, ties at random; chance by
    its probabilities); the state is changed in place and returned."""
    while not state.is_terminal():
        actors = state.current_players()
        if actors == (CHANCE,):
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions(actors[0])
        scores = [greedy_score(action.text) for action in legal]
        best = max(scores)
        state.apply(rng.choice([a for a, s in zip(legal, scores, strict=True) if s == best]))
    return state


def share(state: GameState, player: str) -> float:
    """The player's return at the end: 1 shared by the winners (R-END-3)."""
    winners = state.winners()
    return 1.0 / len(winners) if player in winners else 0.0


def _estimate(move: str, values: Sequence[float]) -> Estimate:
    """The mean of ``values`` and its standard error, smoothed like a proportion's (one win
    and one loss added: a handful of equal outcomes never claims an error of 0)."""
    n = len(values)
    mean = sum(values) / n
    smoothed = (sum(values) + 1) / (n + 2)
    return Estimate(move, mean, math.sqrt(smoothed * (1 - smoothed) / (n + 2)), n)


def _paired_se(first: Sequence[float], second: Sequence[float]) -> float:
    """The standard error of the mean difference of paired outcomes (the same worlds and
    playout streams), at least ``0.5 / sqrt(n)`` (a single outcome's at a win chance of one
    half): a few equal differences never claim more certainty than that."""
    n = len(first)
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 1.0
    return max(math.sqrt(variance / n), 0.5 / math.sqrt(n))


def _outcomes(
    state: Any, moves: Sequence[Action], simulations: int, rng: random.Random
) -> list[list[float]]:
    """Each move's returns over ``simulations`` worlds drawn with ``resample_from_infostate``,
    every move in a world finished with the same playout stream."""
    viewer = moves[0].actor
    player = state.colours.index(viewer)
    results: list[list[float]] = [[] for _ in moves]
    for _ in range(simulations):
        world = state.resample_from_infostate(player, rng.random)
        stream = rng.randrange(2**62)
        for position, move in enumerate(moves):
            trial = world.play.engine.clone()
            trial.apply(move)
            results[position].append(share(playout(trial, random.Random(stream)), viewer))
    return results


def analyse_decision(
    state: Any,
    played: Action,
    index: int,
    address: str,
    simulations: int,
    seed: str,
    threshold: float = THRESHOLD,
) -> Verdict:
    """The :class:`Verdict` on ``played`` at ``state`` (a ``MeaCulpaState`` at a decision of
    ``played.actor``); ``seed`` makes it repeatable.

    Two stages: ``simulations`` worlds rank every candidate; then the move played and the
    best-ranked alternative are estimated again on ``simulations`` fresh worlds, paired. The
    second stage gives the numbers shown and judged: the best of several noisy estimates is
    biased upwards (the winner's curse), a fresh estimate of it is not. A loss that reaches
    ``threshold`` there is judged again on ``CONFIRM * simulations`` fresh worlds, and the
    numbers shown and judged are theirs alone (the second stage's worlds, chosen for their big
    loss, would bias the judgement towards a flag)."""
    rng = random.Random(seed)
    moves = candidates(state.play.engine.legal_actions(played.actor), played, rng)
    first = _outcomes(state, moves, simulations, rng)
    ranked = [_estimate(m.text, r) for m, r in zip(moves, first, strict=True)]
    before = sum(e.win for e in ranked) / len(ranked)
    if len(moves) == 1:
        return Verdict(index, address, before, ranked[0], None, tuple(ranked), "")
    best_at = max(range(1, len(moves)), key=lambda i: ranked[i].win)
    second = _outcomes(state, [played, moves[best_at]], simulations, rng)
    if _mean(second[1]) - _mean(second[0]) >= threshold:
        # Judged on the fresh worlds alone: those of the second stage were kept *because* their
        # loss was big, so they are biased the way the first stage's best is.
        second = _outcomes(state, [played, moves[best_at]], CONFIRM * simulations, rng)
    mine = _estimate(played.text, second[0])
    best = _estimate(moves[best_at].text, second[1])
    se = _paired_se(second[1], second[0])
    glyph = flag(max(0.0, best.win - mine.win), se, threshold)
    return Verdict(index, address, before, mine, best, tuple(ranked), glyph, se)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def flag(loss: float, se: float, threshold: float = THRESHOLD) -> str:
    """``??``, ``?`` or nothing for a move that lost ``loss`` win chance with combined standard
    error ``se``: the loss less :data:`MARGIN` times ``se`` (a lower bound of the true loss)
    must reach the threshold (twice it for ``??``). A positive loss is needed in any case."""
    bound = loss - MARGIN * se
    if loss <= 0 or bound < threshold:
        return ""
    return "??" if bound >= 2 * threshold else "?"


__all__ = [
    "CANDIDATES",
    "CONFIRM",
    "MARGIN",
    "SIMULATIONS",
    "THRESHOLD",
    "Estimate",
    "Verdict",
    "analyse_decision",
    "candidates",
    "flag",
    "playout",
    "share",
]
