"""Verifiable chance: the commit-reveal chance protocol's contributions and draws
(docs/fair-play.md, docs/notation.md "Sealed moves").

Under ``[Chance "commit-reveal"]`` every player writes ``<chance-commit C DIGEST>`` before a
draw, then ``<chance-reveal C VALUE>``; the draw must be the one :func:`mcn.engine.fair_draw.
derived_draw` gives for the seed of the revealed contributions. :func:`take_contribution` reads
the checkpoints in record order (with :mod:`mcn.replay.sealed`'s pairing of reveals), and
:func:`draw_problems` recomputes each draw of a replayed line from the state before it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from mcn.base.values import Fields
from mcn.engine import CHANCE, GameState
from mcn.engine.constants import COLOUR_NAMES
from mcn.engine.fair_draw import derived_draw
from mcn.notation.commitments import DIGEST, contribution_digest, draw_seed, salt_problem
from mcn.notation.model import Checkpoint, Move, Span
from mcn.replay.model import Line, Step

#: The header that names a record's chance protocol, and the protocols mcn knows.
CHANCE_TAG: Final = "Chance"
COMMIT_REVEAL: Final = "commit-reveal"
CHANCE_PROTOCOLS: Final = ("none", COMMIT_REVEAL)
#: A chance contribution's commitment and its reveal.
CHANCE_COMMIT: Final = "chance-commit"
CHANCE_REVEAL: Final = "chance-reveal"


def name(colour: str) -> str:
    """A colour's name in messages (``R`` → ``Red``)."""
    return COLOUR_NAMES.get(colour, colour)


@dataclass(slots=True, repr=False, eq=False)
class Problem(Fields):
    """A problem found in a protocol's checkpoints, reported once the replay tells the address
    of ``move`` (the sealed move or the draw it concerns)."""

    message: str
    span: Span | None
    rule: str | None
    move: Move | None = None
    code: str = "seal"
    address: str | None = None


@dataclass(slots=True, repr=False, eq=False)
class Draw(Fields):
    """The contributions written before one draw on one line."""

    commits: dict[str, tuple[str, Checkpoint]] = field(default_factory=dict)
    reveals: dict[str, tuple[str, Checkpoint]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)  # told at the draw's address

    def copy(self) -> Draw:
        """The contributions so far, for a variation that branches here."""
        return Draw(dict(self.commits), dict(self.reveals), list(self.problems))


def draw_rule(tokens: tuple[str, ...]) -> str:
    """The rule of a draw: the soul order R-SET-1, the market and the room cards R-RND-2."""
    return "R-SET-1" if tokens and tokens[0] == "souls" else "R-RND-2"


def take_contribution(checkpoint: Checkpoint, draw: Draw, problem: Callable[[str], None]) -> None:
    """Read a ``<chance-commit>`` or ``<chance-reveal>`` into ``draw``; what is wrong with it
    goes to ``problem``. A reveal that does not match its commitment is kept with an empty
    value (the draw is then not recomputed: the mismatch says enough)."""
    args = checkpoint.args
    commit = checkpoint.name == CHANCE_COMMIT
    if len(args) != 2 or args[0] not in COLOUR_NAMES:
        what = "DIGEST (64 hex digits)" if commit else "VALUE (hex)"
        problem(f"malformed <{checkpoint.name}>: expected <{checkpoint.name} C {what}>")
        return
    player, value = args
    if commit:
        if DIGEST.fullmatch(value) is None:
            problem(f"{name(player)}'s chance commitment must be 64 hex digits (a SHA-256)")
        elif draw.reveals:
            first = next(iter(draw.reveals))
            problem(
                f"{name(player)} commits to a chance contribution after {name(first)}'s "
                "contribution to the same draw was revealed"
            )
        elif player in draw.commits:
            problem(f"{name(player)} commits twice to the same draw")
        else:
            draw.commits[player] = (value, checkpoint)
        return
    bad = salt_problem(value, "contribution")
    committed = draw.commits.get(player)
    if bad is not None:
        problem(f"{name(player)}'s chance reveal: {bad}")
    elif committed is None:
        problem(
            f"chance reveal with no commitment: {name(player)} committed to no contribution "
            "to this draw before revealing one"
        )
    elif player in draw.reveals:
        problem(f"{name(player)} reveals twice for the same draw")
    elif contribution_digest(player, value) != committed[0]:
        line = committed[1].span.line if committed[1].span else "?"
        problem(
            f"{name(player)}'s chance contribution does not match the commitment written "
            f"at line {line}"
        )
        draw.reveals[player] = ("", checkpoint)
    else:
        draw.reveals[player] = (value, checkpoint)


def draw_problems(line: Line, draws: dict[int, Draw]) -> list[Problem]:
    """Each draw written on ``line`` (``draws``: the contributions before each chance move, by
    the move's id), recomputed from the state before it: what is wrong."""
    out: list[Problem] = []
    state: GameState = line.start.clone()
    for step in line.steps:
        move = step.move
        if step.action.actor == CHANCE and move is not None:
            found = _draw_problem(state, step, draws.get(id(move)))
            if found is not None:
                out.append(found)
        state.apply(step.action)
    return out


def _draw_problem(state: GameState, step: Step, draw: Draw | None) -> Problem | None:
    span = step.move.span if step.move is not None else None
    rule = draw_rule(tuple(step.action.text.split()))
    contributions = draw.reveals if draw is not None else {}
    missing = [c for c in state.players if c not in contributions]
    if missing:
        names = ", ".join(name(c) for c in missing)
        return Problem(
            f"the draw is not verifiable: no valid revealed contribution from {names} "
            f'before it ([{CHANCE_TAG} "{COMMIT_REVEAL}"])',
            span,
            rule,
            code="chance",
            address=step.address,
        )
    values = {c: contributions[c][0] for c in state.players}
    if any(not v for v in values.values()):
        return None  # a contribution that does not match its commitment is reported already
    expected = derived_draw(state, draw_seed(state.pending_address(), values))
    if expected.text.split() == step.action.text.split():
        return None
    return Problem(
        f"the draw '{step.action.text}' is not the one the contributions give: '{expected.text}'",
        span,
        rule,
        code="chance",
        address=step.address,
    )


__all__ = [
    "CHANCE_COMMIT",
    "CHANCE_PROTOCOLS",
    "CHANCE_REVEAL",
    "CHANCE_TAG",
    "COMMIT_REVEAL",
    "Draw",
    "Problem",
    "draw_problems",
    "draw_rule",
    "name",
    "take_contribution",
]
