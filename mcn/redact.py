"""Redaction: a record as one player saw it (docs/notation.md, "Redacted records").

What another player keeps secret (R-HID-1) becomes ``?``:

* the compartments of his donations and of his starting bonus (``donate jewel>?``),
* the colour of a letter he bought or took as the Merchant (``letter ?``,
  ``free indulgence>?``),
* the colour of a letter the Emperor gave, unless the viewer gave or received it (``give ?``).

What the rules reveal later is written where they reveal it, as reveal checkpoints
(:mod:`mcn.hidden`): ``<chest I …>`` after the item in which compartment I is evaluated,
``<chest II …>`` likewise, ``<letters …>`` at the end of the game. Bids and the Pope die are
revealed within their round and turn, before anything else depends on them, so they stay.
Money behind the screens is secret too, so ``<money …>`` checkpoints are dropped, and so are
``<digest …>`` checkpoints (the public state they summarise includes the letter supply, whose
counts would give the hidden colours away). Comments and variations are annotations by someone
who knew everything; they are dropped unless asked for (and then redacted the same way).

The same rules mask what :command:`mcn replay --as` shows: :func:`action_text` and
:func:`event_json` are used there too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mcn import hidden
from mcn.engine.actions import Action, BuyLetter, FreeStone, Give, Pick
from mcn.engine.events import Evaluation
from mcn.notation.model import Checkpoint, Comment, Element, Game, Header, Item, Move, Section
from mcn.projection import (
    EVERYTHING,
    action_tokens,
    event_json,
    event_text,
    path_to,
    revealed_flags,
    sees,
)
from mcn.replay import GameReplay, Line, Step, replay_game

#: Checkpoints a redacted record cannot keep (see the module docstring).
_DROPPED_CHECKPOINTS = frozenset({"money", "digest", *hidden.REVEALS})


# ---- redacting a record ---------------------------------------------------------------------


def _step_index(line: Line) -> dict[int, int]:
    """``id(move)`` → index of its step in ``line``."""
    return {id(step.move): index for index, step in enumerate(line.steps) if step.move}


def _reveal_points(line: Line) -> list[tuple[int, str]]:
    """``(step index, compartment)`` of each evaluation start on ``line``."""
    points = []
    for index, step in enumerate(line.steps):
        for event in step.events:
            if isinstance(event, Evaluation) and event.what == "starts":
                points.append((index, event.compartment))
    return points


def _by_text(actor: str, tokens: tuple[str, ...], viewer: str | None) -> tuple[str, ...]:
    """A move replay never reached (after an error in a variation), redacted by its text
    alone: every place a secret can stand becomes ``?`` unless it is the viewer's."""
    if sees(viewer, actor) or not tokens:
        return tokens
    verb = tokens[0]
    if verb in ("donate", "bonus"):
        return (verb, *(t.split(">")[0] + ">?" if ">" in t else t for t in tokens[1:]))
    if verb in ("letter", "give") and len(tokens) == 2:
        return (verb, hidden.SECRET)
    if verb == "free" and len(tokens) == 2 and tokens[1].startswith("indulgence>"):
        return (verb, "indulgence>?")
    return tokens


class _Redactor:
    """Rewrites one replayed game for one viewer."""

    def __init__(self, replay: GameReplay, viewer: str | None, keep_annotations: bool) -> None:
        self.replay = replay
        self.viewer = viewer
        self.keep = keep_annotations
        self.steps: dict[int, Step] = {}
        self.revealed: dict[int, bool] = {}  # id(step) -> its bid/Pope die is revealed
        self.triggers: dict[int, str] = {}  # step index -> compartment evaluated from there
        self.section: str | None = None  # the section of the last item's first move
        for line in replay.lines():
            path = path_to(line, len(line.steps) - 1)
            for step, revealed in zip(path, revealed_flags(path), strict=True):
                self.revealed.setdefault(id(step), revealed)
            for step in line.steps:
                if step.move is not None:
                    self.steps[id(step.move)] = step

    def move(self, move: Move) -> Move:
        step = self.steps.get(id(move))
        if step is not None:
            revealed = self.revealed.get(id(step), False)
            tokens = action_tokens(step.action, self.viewer, step.events, revealed)
        else:
            tokens = _by_text(move.actor, move.tokens, self.viewer)
        variations: tuple[tuple[Element, ...], ...] = ()
        if self.keep:
            variations = tuple(self.variation(v) for v in move.variations)
        return Move(
            move.actor,
            tokens,
            move.glyphs,
            move.before if self.keep else (),
            move.after if self.keep else (),
            variations,
        )

    def variation(self, elements: Sequence[Element]) -> tuple[Element, ...]:
        """A variation, redacted move by move (it gets no reveals)."""
        out: list[Element] = []
        for element in elements:
            if isinstance(element, Item):
                out.append(Item(tuple(self.move(m) for m in element.moves), element.label))
            else:
                self.other(out, element)
        return tuple(out)

    def other(self, out: list[Element], element: Element) -> None:
        """A checkpoint, section marker or comment of a redacted line."""
        if isinstance(element, Checkpoint):
            if element.name not in _DROPPED_CHECKPOINTS:
                out.append(Checkpoint(element.name, element.args))
        elif isinstance(element, Section):
            out.append(Section(element.kind, element.number))
            self.section = None
        elif isinstance(element, Comment) and self.keep:
            out.append(Comment(element.text))

    def main_line(self, elements: Sequence[Element], line: Line) -> tuple[Element, ...]:
        """The redacted main line, with the reveal checkpoints and the implicit moves that
        must be written out (:meth:`implicit`)."""
        out: list[Element] = []
        index = _step_index(line)
        self.triggers = dict(_reveal_points(line))
        self.section = None
        cursor = 0
        firsts = [_first_step(element, index) for element in elements]
        for position, element in enumerate(elements):
            if isinstance(element, Section):
                # the implicit steps up to the next item come before the section marker
                following = next((f for f in firsts[position:] if f is not None), None)
                stop = len(line.steps) if following is None else following
                self.implicit(out, line, cursor, stop)
                cursor = max(cursor, stop)
            if isinstance(element, Item):
                steps = [index[id(m)] for m in element.moves if id(m) in index]
                if steps:
                    self.implicit(out, line, cursor, min(steps))
                out.append(Item(tuple(self.move(m) for m in element.moves), element.label))
                if steps:
                    self.section = _section(line.steps[min(steps)].address)
                    for step in range(min(steps), max(steps) + 1):
                        self.reveal(out, line, step, len(out))
                    cursor = max(steps) + 1
            else:
                self.other(out, element)
        self.implicit(out, line, cursor, len(line.steps))
        letters = line.revealed.get("letters")
        if line.final is not None and line.final.is_terminal() and letters:
            out.append(Checkpoint("letters", hidden.letters_args(letters)))
        return tuple(out)

    def implicit(self, out: list[Element], line: Line, start: int, stop: int) -> None:
        """Handle the implicit steps ``start``..``stop`` of the main line.

        A forced move whose options depend on letters (a pick, a gift, a Merchant's letter) may
        not be forced for a reader who does not know the hidden colours, so it is written out
        — into the last item when replay would take it at that item's end (same section),
        else as an item of its own before the next section marker. Reveals triggered by
        implicit steps are written there too.
        """
        position = len(out)
        while position and isinstance(out[position - 1], Section):
            position -= 1
        group: list[Move] = []
        for index in range(start, stop):
            step = line.steps[index]
            if step.move is None and _letter_dependent(step.action):
                revealed = self.revealed.get(id(step), False)
                tokens = action_tokens(step.action, self.viewer, step.events, revealed)
                move = Move(step.action.actor, tokens)
                last = position - 1
                while last >= 0 and isinstance(out[last], Checkpoint):
                    last -= 1
                item = out[last] if last >= 0 else None
                same = self.section is not None and _section(step.address) == self.section
                if isinstance(item, Item) and same and not group:
                    out[last] = Item((*item.moves, move), item.label)
                else:
                    group.append(move)
            if index in self.triggers:
                if group:
                    out.insert(position, Item(tuple(group)))
                    position += 1
                    group = []
                position = self.reveal(out, line, index, position)
        if group:
            out.insert(position, Item(tuple(group)))

    def reveal(self, out: list[Element], line: Line, step: int, position: int) -> int:
        """Insert the reveal of the evaluation that starts at ``step`` (if any) at
        ``position``; the position after it."""
        compartment = self.triggers.get(step)
        contents = line.revealed.get(f"chest {compartment}") if compartment else None
        if compartment is None or contents is None:
            return position
        args = hidden.chest_args(("I", "II").index(compartment), contents)
        out.insert(position, Checkpoint("chest", args))
        return position + 1


def _first_step(element: Element, index: dict[int, int]) -> int | None:
    if not isinstance(element, Item):
        return None
    steps = [index[id(m)] for m in element.moves if id(m) in index]
    return min(steps) if steps else None


def _letter_dependent(action: Action) -> bool:
    """Whether the options of a decision like this one depend on letters (so a forced move
    of the full record need not look forced to a reader who does not know their colours)."""
    if isinstance(action, FreeStone):
        return action.colour is not None
    return isinstance(action, Pick | Give | BuyLetter)


def _section(address: str) -> str:
    return address.rsplit(".", 1)[0]


def redact_game(
    game: Game,
    viewer: str | None,
    *,
    keep_annotations: bool = False,
    file: str = "<string>",
    index: int = 1,
) -> tuple[Game, GameReplay]:
    """The record ``game`` as ``viewer`` (a colour, or None for a spectator) saw it, and the
    replay of the full record (its diagnostics say whether the redaction is trustworthy:
    after the first error of a line, the rest of it is left out)."""
    replay = replay_game(game, file=file, index=index)
    redactor = _Redactor(replay, viewer, keep_annotations)
    main = replay.main
    body = redactor.main_line(_replayed(game.body, main), main) if main else ()
    who = "spectator" if viewer is None else viewer
    kept = tuple(h for h in game.headers if h.tag != "Redacted")
    headers = (*kept, Header("Redacted", who))
    return replace(game, headers=headers, body=body), replay


def _replayed(body: Sequence[Element], line: Line) -> Sequence[Element]:
    """The elements of the main line up to its first error (nothing after it is trusted)."""
    if line.error is None or line.error.span is None:
        return body
    stop = line.error.span.line, line.error.span.column
    out = []
    for element in body:
        span = element.span
        if (
            isinstance(element, Item)
            and span is not None
            and (span.end_line, span.end_column) >= stop
        ):
            break
        out.append(element)
    return out


__all__ = ["EVERYTHING", "action_tokens", "event_json", "event_text", "redact_game"]
