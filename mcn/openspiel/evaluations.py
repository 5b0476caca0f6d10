"""What an evaluation shows of the compartments, and compartments drawn to agree with it: the
part of a bot's rebuilt game (:mod:`mcn.openspiel.belief`) that a search through the engine
alone finds too slowly.

A donation's compartment is secret (I-HID-2), but an evaluation shows what each evaluated
compartment held when its donations go back to the bag and the bank (R-EVA-4), and while it
runs it shows who the donors of each
category are, in order: the biggest donor picks first, the second biggest next (R-EVA-2, in a
2-player game R-EVA-3); a single donor takes all; with no donor the letters stay. So the
moves a seat was shown fix, for every evaluation and category, the first taker and the second
(ties go to the soul nearer Hell). :func:`observe` reads both from the shown moves;
:meth:`Shown.held` gives the contents and :func:`agrees` checks drawn contents against the
takers — cheap arithmetic, so a rebuild
can draw thousands of assignments before it replays one through the engine, which has the
last word.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mcn.engine.constants import COMPARTMENTS, GOODS
from mcn.knowledge.chests import measure
from mcn.knowledge.memory import item_vector
from mcn.knowledge.sample import subset_counts, uniform_subset_sum

DISPLAY_SOURCE = "the evaluation display"


@dataclass
class Shown:
    """One evaluation as the seat saw it: where it started (the move's index), the compartment
    (0 or 1), and per category the letters laid out and who took them, in order."""

    index: int
    compartment: int
    laid: list[int] = field(default_factory=list)
    takers: list[list[str]] = field(default_factory=list)
    #: per category: whether it is over (a later category or the end of the evaluation was
    #: shown), and whether its letters stayed in the supply for want of a donor
    over: list[bool] = field(default_factory=list)
    nobody: list[bool] = field(default_factory=list)
    #: once the evaluation is over: what each player's compartment held, as it went back to
    #: the bag and the bank (R-EVA-4: every donation of it returns, in view of all)
    returned: dict[str, list[int]] | None = None

    def held(self, player: str) -> list[int] | None:
        """What ``player``'s evaluated compartment held, once the evaluation is over."""
        if self.returned is None:
            return None
        return self.returned.get(player, [0, 0, 0, 0, 0])


def observe(moves: Sequence[Mapping[str, Any]], picking: str | None = None) -> list[Shown]:
    """Every evaluation of the shown ``moves``, with its categories' displays and takers;
    ``picking``: the seat, when the decision it is asked now is a pick (it takes next)."""
    out: list[Shown] = []
    current: Shown | None = None
    for index, move in enumerate(moves):
        for event in move.get("events", ()):
            kind = event.get("kind")
            if kind == "evaluation":
                what = str(event.get("what", ""))
                if what == "starts":
                    current = Shown(index, COMPARTMENTS.index(event["compartment"]))
                    out.append(current)
                elif what.endswith(" display") and current is not None:
                    current.over = [True] * len(current.over)
                    current.laid.append(len(event.get("letters", ())))
                    current.takers.append([])
                    current.over.append(False)
                    current.nobody.append(False)
                elif what.startswith("no ") and current is not None and current.nobody:
                    current.nobody[-1] = True
                elif what == "donations returned" and current is not None:
                    current.over = [True] * len(current.over)
                    current.returned = current.returned or {}
                    current = None
            elif kind == "stones" and event.get("rule") == "R-EVA-4" and current is not None:
                returned = current.returned = current.returned or {}
                box = returned.setdefault(str(event["player"]), [0, 0, 0, 0, 0])
                stone = str(event["stone"])
                count = int(event["count"])
                if stone == "taler":
                    box[4] += count
                elif stone in GOODS:
                    box[GOODS.index(stone)] += count
            elif (
                kind == "letter"
                and event.get("source") == DISPLAY_SOURCE
                and current is not None
                and current.takers
            ):
                current.takers[-1].append(str(event["player"]))
    if picking is not None and current is not None and current.takers:
        current.takers[-1].append(picking)
    return out


def window_of(index: int, shown: Sequence[Shown]) -> int:
    """How many evaluations had started before the move at ``index``."""
    return sum(1 for evaluation in shown if evaluation.index < index)


def contents(
    donations: Sequence[tuple[str, str, int, int]], evaluation: Shown, window: int
) -> dict[str, list[int]]:
    """Per player, the evaluated compartment's contents (bread, wine, cloth, jewel, taler) at
    the start of ``evaluation`` (the ``window``-th), from ``donations`` (player, item,
    compartment, window)."""
    out: dict[str, list[int]] = {}
    for player, item, compartment, at in donations:
        if compartment != evaluation.compartment or at > window:
            continue
        box = out.setdefault(player, [0, 0, 0, 0, 0])
        for i, n in enumerate(item_vector(item)):
            box[i] += n
    return out


def agrees(
    boxes: Mapping[str, Sequence[int]],
    evaluation: Shown,
    nearer_hell: Mapping[str, int],
    players: Sequence[str],
) -> bool:
    """Whether compartments holding ``boxes`` give ``evaluation``'s takers: per category, the
    biggest donor took first and the second biggest is the other taker; a lone taker of
    several letters at a table of 3 or 4 was the only donor; nobody took letters laid out
    only when nobody donated (R-EVA-2, R-EVA-3). ``nearer_hell``: the engine's ``hell_key``
    of each player at the evaluation (larger is nearer Hell, which wins a tie)."""
    for category, (laid, takers) in enumerate(zip(evaluation.laid, evaluation.takers, strict=True)):
        scores = {p: measure(boxes.get(p, (0, 0, 0, 0, 0)))[category] for p in players}
        donors = sorted(
            (p for p in players if scores[p] > 0), key=lambda p: (-scores[p], -nearer_hell[p])
        )
        if not laid:
            continue
        if not takers:
            if donors:
                return False
            continue
        if not donors or donors[0] != takers[0]:
            return False
        others = [t for t in takers if t != takers[0]]
        if others:
            if len(donors) < 2 or donors[1] != others[0]:
                return False
        elif evaluation.over[category] and laid >= 2 and len(players) > 2 and len(donors) != 1:
            return False
    return True


def draw_compartments(
    player: str,
    free: Sequence[tuple[int, str]],
    fixed: Sequence[tuple[str, str, int, int]],
    shown: Sequence[Shown],
    rng: random.Random,
) -> list[int] | None:
    """Compartments (0 or 1) for ``player``'s donations ``free`` (window, item) such that at
    every evaluation of ``shown`` whose contents are known (:meth:`Shown.held`) the evaluated
    compartment held exactly that, drawn uniformly among such assignments window by window
    (as :mod:`mcn.knowledge.sample` draws them: a subset of each kind of good, a coin subset
    with the right sum); ``fixed``: his donations whose compartment is known. None when no
    assignment fits."""
    out = [0] * len(free)
    placed: list[tuple[int, str, int]] = [(w, item, c) for p, item, c, w in fixed if p == player]
    for window in range(len(shown) + 1):
        here = [i for i, (w, _) in enumerate(free) if w == window]
        evaluation = shown[window] if window < len(shown) else None
        held = evaluation.held(player) if evaluation is not None else None
        if evaluation is None or held is None:
            for i in here:
                out[i] = rng.randrange(2)
                placed.append((window, free[i][1], out[i]))
            continue
        k = evaluation.compartment
        target = list(held)
        for w, item, c in placed:
            if c == k and w <= window:
                target = [t - n for t, n in zip(target, item_vector(item), strict=True)]
        vectors = [item_vector(free[i][1]) for i in here]
        chosen = [False] * len(here)
        for kind in range(4):
            of_kind = [j for j, v in enumerate(vectors) if v[kind]]
            if not 0 <= target[kind] <= len(of_kind):
                return None
            for j in rng.sample(of_kind, target[kind]):
                chosen[j] = True
        coins = [j for j, v in enumerate(vectors) if v[4]]
        values = [vectors[j][4] for j in coins]
        if target[4] < 0 or subset_counts(values, target[4])[0][target[4]] == 0:
            return None
        for j, take in zip(coins, uniform_subset_sum(values, target[4], rng), strict=True):
            chosen[j] = take
        for j, i in enumerate(here):
            out[i] = k if chosen[j] else 1 - k
            placed.append((window, free[i][1], out[i]))
    return out


__all__ = ["Shown", "agrees", "contents", "draw_compartments", "observe", "window_of"]
