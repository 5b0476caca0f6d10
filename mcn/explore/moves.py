"""A game as the explorer merges it: its main line as one viewer reads it, move by move.

Games are merged by their sequence of *public* moves: each step of the main line is written as
:mod:`mcn.views.projection` lets the viewer read it from the end of the record (the one projection;
nothing here decides what is secret). So a bid revealed later in the game shows its value, a
donation's compartments stay ``?`` for every viewer but the donor, and a secret the record
never reveals (a record that stops before the bids are revealed) stays ``?``: two games that
differ only in what the viewer could not see become the same sequence.

Two more things make the sequence a property of the game rather than of how it was written:

* every step counts, forced moves and the ``end`` of a turn included, whether the record wrote
  them or left them out (the engine's history, not the layout);
* a round's secret bids are simultaneous, so their block is put in colour order (R B G Y)
  whatever order the record wrote them in.

Chance outcomes are *grouped* by default: a chance step is keyed by its kind (``market``), so
games with different draws stay on one node and the tree follows the players' choices
(``--split-chance`` keys them by the outcome).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, overload

from mcn.engine import GameState
from mcn.engine.actions import ActionSyntaxError, Bid, parse_action
from mcn.engine.constants import CHANCE, COLOURS
from mcn.replay import GameReplay, Step, forced_action
from mcn.views.projection import (
    EVERYTHING,
    SPECTATOR,
    Projection,
    Viewer,
    action_tokens,
    tokens_by_text,
)
from mcn.views.viewer import redacted_for

#: The words a chance item starts with (``market: …``), as records write them.
CHANCE_HEADS: Final = ("souls", "market", "rooms")


@dataclass(frozen=True, slots=True)
class Seen:
    """One step of a game as the viewer reads it: where, who, the move as a record writes it
    (``R: bid 3+5``, ``market: bread wine …``) and, for chance, the kind (``market``)."""

    address: str
    actor: str
    label: str
    chance: str | None = None

    def key(self, split_chance: bool) -> str:
        """What the tree merges on: the move, or a grouped chance step's kind."""
        if self.chance is not None and not split_chance:
            return f"{self.chance}: (chance)"
        return self.label


def label(actor: str, tokens: Sequence[str]) -> str:
    """``R: bid 3+5``; a chance outcome as its item (``market: bread wine …``)."""
    if actor == CHANCE:
        return f"{tokens[0]}: {' '.join(tokens[1:])}".rstrip()
    return f"{actor}: {' '.join(tokens)}"


def viewer_in(replay: GameReplay, viewer: Viewer) -> Viewer:
    """``viewer`` limited to what the record holds: a record redacted for another player holds
    stand-ins for the viewer's own secrets, so it is read as a spectator reads it (never a
    stand-in shown as a fact)."""
    owner = redacted_for(replay.game)
    if owner == EVERYTHING or viewer in (owner, SPECTATOR):
        return viewer
    return SPECTATOR


class SeenLine(Sequence[Seen]):
    """The main line of ``replay`` as ``viewer`` reads it from its end, bids in colour order,
    read lazily: a query that stops early projects only the steps it looks at (the projection
    of the path still spans the whole line, so a later reveal counts)."""

    def __init__(self, replay: GameReplay, viewer: Viewer) -> None:
        main = replay.main
        self.steps: list[Step] = main.steps if main is not None else []
        self.viewer = viewer_in(replay, viewer)
        self._projection = Projection(self.steps, self.viewer)
        self._order = _canonical_order(self.steps, len(self.steps))
        self._seen: dict[int, Seen] = {}

    def __len__(self) -> int:
        return len(self.steps)

    @overload
    def __getitem__(self, index: int) -> Seen: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Seen]: ...

    def __getitem__(self, index: int | slice) -> Seen | Sequence[Seen]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        found = self._seen.get(index)
        if found is None:
            found = self._seen[index] = self.at_step(self._order[index])
        return found

    def at_step(self, step: int) -> Seen:
        """Step ``step`` of the line in its written order, as the viewer reads it."""
        original = self.steps[step]
        action = original.action
        tokens = action_tokens(
            action, self.viewer, original.events, self._projection.revealed(step)
        )
        chance = tokens[0] if action.actor == CHANCE and tokens else None
        return Seen(original.address, action.actor, label(action.actor, tokens), chance)


def _canonical_order(steps: Sequence[Step], count: int) -> list[int]:
    """Step indexes ``0..count-1`` with each block of consecutive bids in colour order (the
    block is taken whole, even past ``count``, so a cut never depends on the written order)."""
    order: list[int] = []
    index = 0
    while index < count:
        if not isinstance(steps[index].action, Bid):
            order.append(index)
            index += 1
            continue
        end = index
        while end < len(steps) and isinstance(steps[end].action, Bid):
            end += 1
        block = sorted(range(index, end), key=lambda i: colour_rank(steps[i].action.actor))
        order.extend(block)
        index = end
    return order[:count]


def colour_rank(colour: str) -> int:
    return COLOURS.index(colour) if colour in COLOURS else len(COLOURS)


# ---- what the user writes: --after "MOVES…" -----------------------------------------------


class MovesError(ValueError):
    """``--after`` text that is not a list of moves; ``column`` is 1-based."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


_HEAD: Final = re.compile(r"(?<![\w>?+-])([RBGY]|souls|market|rooms|\*)\s*:", re.IGNORECASE)
_NUMBER: Final = re.compile(r"^\s*\d+\.\s*")
_SECTION: Final = re.compile(r"(?<![\w>?+-])(setup|round\s+\d+)(?![\w:])", re.IGNORECASE)


def parse_moves(text: str) -> tuple[str, ...]:
    """``--after`` text as move labels: items as a record writes them (``R: choose sinner;
    visit 1  B: bid ?`` or one per line), turn numbers (``3.``) ignored, a move without a head
    belonging to the item's actor; each move read by the engine's parser (canonical case and
    order), ``?`` allowed where a secret stands. Bids of one block are put in colour order."""
    text = _SECTION.sub(lambda m: " " * len(m.group()), text)  # markers are checks only
    heads = list(_HEAD.finditer(text))
    if text.strip() and (not heads or text[: heads[0].start()].strip(" \t\n;0123456789.")):
        column = len(text) - len(text.lstrip()) + 1
        raise MovesError(
            "expected a move with its player, like 'R: bid 3+5' or 'market: …'", column
        )
    labels: list[str] = []
    for number, head in enumerate(heads):
        end = heads[number + 1].start() if number + 1 < len(heads) else len(text)
        actor = head.group(1)
        actor = CHANCE if actor.lower() in CHANCE_HEADS or actor == "*" else actor.upper()
        position = head.end()
        body = text[position:end]
        parts = body.split(";")
        if len(parts) > 1 and not parts[-1].strip():
            parts.pop()  # a ';' before the next item's head
        for part in parts:
            words = _NUMBER.sub("", part.rstrip()).strip() if part.strip() else ""
            words = re.sub(r"\s+\d+\.\s*$", "", words)  # the next item's turn number
            column = position + len(part) - len(part.lstrip()) + 1
            position += len(part) + 1
            if not words:
                raise MovesError("a move is missing here", column)
            if actor == CHANCE:
                verb = head.group(1).lower()
                if verb == "*":
                    raise MovesError(
                        "write a chance item with its kind: souls, market, rooms", column
                    )
                labels.append(_canonical(CHANCE, f"{verb} {words}", column))
            else:
                labels.append(_canonical(actor, words, column))
    return tuple(_bids_in_order(labels))


def _canonical(actor: str, words: str, column: int) -> str:
    tokens = words.split()
    if "?" in words:  # a secret as the viewer reads it: not an action the engine plays
        return label(actor, [tokens[0].lower(), *(_case(t) for t in tokens[1:])])
    try:
        action = parse_action(actor, words)
    except ActionSyntaxError as error:
        raise MovesError(str(error), column) from None
    return label(action.actor, action.text.split())


def _case(token: str) -> str:
    """A token of a move with a secret in its canonical case (``jewel>II``, ``bread>?``)."""
    if ">" in token:
        left, _, right = token.partition(">")
        return f"{_case(left)}>{_case(right)}"
    return token.upper() if token.upper() in ("I", "II", *COLOURS) else token.lower()


def _bids_in_order(labels: list[str]) -> list[str]:
    out: list[str] = []
    index = 0
    while index < len(labels):
        end = index
        while end < len(labels) and _is_bid(labels[end]):
            end += 1
        if end == index:
            out.append(labels[index])
            index += 1
            continue
        out.extend(sorted(labels[index:end], key=lambda text: colour_rank(text[0])))
        index = end
    return out


def _is_bid(text: str) -> bool:
    return len(text) > 3 and text[1:3] == ": " and text[3:].startswith("bid ")


# ---- where a query stands in one game -------------------------------------------------------


def as_seen(move: str, viewer: Viewer) -> tuple[str, ...]:
    """The labels a written move matches for ``viewer``: itself and, for a move whose secret
    no later event reveals move by move (a donation's or a bonus's compartments, a gift's
    colour), the move as the viewer reads it (``B: donate jewel>?``, by
    :func:`mcn.views.projection.tokens_by_text`). A bid or the Pope die must be written as seen."""
    actor, _, text = move.partition(": ")
    tokens = tuple(text.split())
    if actor == CHANCE or not tokens or tokens[0] not in ("donate", "bonus", "give"):
        return (move,)
    masked = label(actor, tokens_by_text(actor, tokens, viewer))
    return (move,) if masked == move else (move, masked)


def follow(replay: GameReplay, seen: SeenLine, moves: Sequence[str]) -> int | None:
    """The index in ``seen`` of the decision reached after ``moves`` (None: the game does not
    follow them); each move matches as :func:`as_seen` says. A step the moves leave out is
    passed over when it is a chance step, the
    ``end`` of a turn, or a forced move (its decision had one legal action), as records leave
    them out; after the last move, forced moves are passed over too, so the answer is the next
    decision with a choice in it (or ``len(seen)``: the game ends there)."""
    forced = _Forced(replay)
    at = 0
    for move in moves:
        wanted = as_seen(move, seen.viewer)
        while True:
            if at >= len(seen):
                return None
            step = seen[at]
            if step.label in wanted:
                at += 1
                break
            if step.chance is None and not step.label.endswith(": end") and not forced(at):
                return None
            at += 1
    while at < len(seen) and seen[at].chance is None and forced(at):
        at += 1
    return at


class _Forced:
    """Whether step ``index`` of the main line was forced, found by walking the engine forward
    from the start only as far as asked (only the games that follow a query pay for it)."""

    def __init__(self, replay: GameReplay) -> None:
        main = replay.main
        self._steps = main.steps if main is not None else []
        self._state: GameState | None = main.start.clone() if main is not None else None
        self._done = 0
        self._known: dict[int, bool] = {}

    def __call__(self, index: int) -> bool:
        if index in self._known:
            return self._known[index]
        state = self._state
        if state is None:
            return False
        while self._done < index:
            state.apply(self._steps[self._done].action)
            self._done += 1
        action = forced_action(state)
        found = action is not None and action == self._steps[index].action
        self._known[index] = found
        return found


__all__ = [
    "CHANCE_HEADS",
    "MovesError",
    "Seen",
    "SeenLine",
    "as_seen",
    "colour_rank",
    "follow",
    "label",
    "parse_moves",
    "viewer_in",
]
