"""The KNOWLEDGE block: what a viewer can infer at a decision, as ``replay --as``, ``legal --as``
and ``html --as`` show it.

For each other player: his chest as the viewer can bound it (:mod:`mcn.knowledge.chests`) and
his letters whose colour the viewer cannot tell (I-HID-5). For the viewer himself (not a
spectator): each category of each compartment not yet evaluated, and whether he is certain to
win it, certain to lose it, or it depends on the others' secret compartments — judged on the
chests as they are now (later donations and moves on the Record of Sins can change it).

Everything here is computed from the viewer's :class:`~mcn.knowledge.memory.Memory` and the
public part of the state, so it holds nothing beyond the viewer's knowledge: the twin-record
test compares it between twins like every other ``--as`` output.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mcn.engine.constants import COLOUR_NAMES, LETTERS
from mcn.knowledge.chests import CATEGORIES, ChestInference, Verdict, infer, verdicts
from mcn.knowledge.memory import Memory

if TYPE_CHECKING:
    from mcn.engine import GameState


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``viewer`` can infer at one decision."""

    viewer: str | None
    chests: tuple[ChestInference, ...]
    letters: dict[str, tuple[list[int], int]]
    verdicts: tuple[Verdict, ...]

    def to_json(self) -> dict[str, Any]:
        """The ``knowledge`` object of ``replay --as`` and ``legal --as`` JSON."""
        return {
            "viewer": self.viewer or "spectator",
            "chests": [chest.to_json() for chest in self.chests],
            "letters": {
                player: {
                    "known": dict(zip(LETTERS, known, strict=True)),
                    "unknown": unknown,
                }
                for player, (known, unknown) in self.letters.items()
            },
            "pending": [verdict.to_json() for verdict in self.verdicts],
        }

    def lines(self) -> list[str]:
        """The KNOWLEDGE block of ``replay --as`` (text)."""
        who = COLOUR_NAMES.get(self.viewer or "", "a spectator")
        out = [f"KNOWLEDGE (what {who} can infer)"]
        for chest in self.chests:
            name = COLOUR_NAMES[chest.player]
            donations = "donation" if chest.donations == 1 else "donations"
            ways = "assignment" if chest.assignments == 1 else "assignments"
            out.append(
                f"  {name}'s chest: {chest.donations} {donations}, "
                f"{chest.assignments} {ways} to the compartments fit what was seen"
            )
            for k, compartment in enumerate(("I", "II")):
                ranges = ", ".join(
                    f"{category} {_range(low, high)}"
                    for category, (low, high) in zip(CATEGORIES, chest.bounds[k], strict=True)
                )
                evaluated = " (evaluated)" if chest.evaluated[k] else ""
                out.append(f"    {compartment + ':':<4}{ranges}{evaluated}")
        for player, (known, unknown) in self.letters.items():
            colours = ", ".join(f"{c} {n}" for c, n in zip(LETTERS, known, strict=True) if n)
            letters = "letter" if unknown == 1 else "letters"
            known_text = f"{colours}, + " if colours else ""
            out.append(
                f"  {COLOUR_NAMES[player]}'s letters: {known_text}{unknown} {letters} "
                "of unknown colour"
            )
        if self.verdicts:
            out.append(f"  {who}'s pending evaluations, on the chests as they are now:")
            for compartment in ("I", "II"):
                mine = [v for v in self.verdicts if v.compartment == compartment]
                if mine:
                    parts = "; ".join(f"{v.category} {v.own}: {v.verdict}" for v in mine)
                    out.append(f"    {compartment + ':':<4}{parts}")
        return out


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def knowledge(state: GameState, memory: Memory) -> Knowledge:
    """What the viewer of ``memory`` can infer at ``state`` (the state at the decision)."""
    viewer = memory.viewer
    others = tuple(p for p in state.players if p != viewer)
    chests = tuple(infer(memory, p) for p in others)
    letters = {}
    for player in others:
        known, unknown = memory.letters_known(player)
        if unknown:
            letters[player] = (known, unknown)
    found: tuple[Verdict, ...] = ()
    if viewer is not None and viewer in state.players:
        box = state.chest[viewer]
        own = (_vec(box[0]), _vec(box[1]))
        evaluated = chests[0].evaluated if chests else (False, False)
        found = tuple(verdicts(own, chests, state.hell_order(), viewer, evaluated))
    return Knowledge(viewer, chests, letters, found)


def _vec(values: list[int]) -> tuple[int, int, int, int, int]:
    return (values[0], values[1], values[2], values[3], values[4])


__all__ = ["Knowledge", "knowledge"]
