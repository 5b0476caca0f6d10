"""Redaction: a record as one player saw it (docs/notation.md, "Redacted records").

What the viewer may read is decided by :mod:`mcn.views.projection` (R-HID-1, I-HID-4); this module
only rewrites a record with it. Another player's secrets become ``?`` (``donate jewel>?``,
``give ?``, and ``bid ?``/``visit ?`` in a record that ends before their reveal); what the viewer
saw stays exactly as written — his own moves keep their order, comments, glyphs and variations
(every move inside a variation redacted the same way).

What the rules reveal later is written where they reveal it, as reveal checkpoints
(:mod:`mcn.replay.hidden`): ``<chest I …>`` after the item in which compartment I is evaluated,
``<chest II …>`` likewise, ``<letters …>`` at the end of the game. Money behind the screens is
public (I-HID-5: every payment is made in view of all), so ``<money …>`` checkpoints stay, and
so do ``<digest …>`` checkpoints (they cover only the public state, and the letter supply is
public, I-HID-4). Comments, and glyphs on
moves the viewer could not read, are annotations by someone who knew everything; they are
dropped unless asked for (and variations are then redacted the same way). A record that
already hides what the viewer saw is refused (:class:`Unresolvable`): redaction never makes a
value up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from mcn.engine import secret_readers
from mcn.engine.actions import Action, BuyLetter, FreeStone, Give, Pick
from mcn.engine.constants import colour_name
from mcn.engine.data import Board
from mcn.engine.events import Evaluation
from mcn.notation.headers import Headers
from mcn.notation.model import Checkpoint, Comment, Element, Game, Header, Item, Move, Section
from mcn.replay import Diagnostic, GameReplay, Line, Step, hidden, replay_game
from mcn.replay.variations import MAX_VARIATION_DEPTH
from mcn.views.projection import (
    EVERYTHING,
    action_tokens,
    event_json,
    event_text,
    path_to,
    revealed_flags,
    sees,
)

#: Checkpoints a redacted record cannot keep (see the module docstring).
_DROPPED_CHECKPOINTS = frozenset(hidden.REVEALS)

#: The commitment a redacted copy writes for a masked secret (``mcn redact --commit``): given
#: the step and the move's full text.
Commit = Callable[[Step, str], str]


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


class Unresolvable(ValueError):
    """The record hides (``?``) something the viewer saw: it was redacted for somebody else,
    and redacting it again would have to make the value up (``diagnostic`` says where)."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.text())
        self.diagnostic = diagnostic


class _Redactor:
    """Rewrites one replayed game for one viewer."""

    def __init__(
        self,
        replay: GameReplay,
        viewer: str | None,
        keep_annotations: bool,
        commit: Commit | None = None,
    ) -> None:
        self.replay = replay
        self.viewer = viewer
        self.keep = keep_annotations
        self.commit = commit
        #: The reveals of sealed moves the viewer reads in full: left out with their seals.
        self.unsealed: set[int] = set()
        self.steps: dict[int, Step] = {}
        self.revealed: dict[int, bool] = {}  # id(step) -> its bid/Pope die is revealed
        self.triggers: dict[int, str] = {}  # step index -> compartment evaluated from there
        self.section: str | None = None  # the section of the last item's first move
        self.depth = 0  # variations entered: past the replay's depth limit none are kept
        for line in replay.lines():
            path = path_to(line, len(line.steps) - 1)
            for step, revealed in zip(path, revealed_flags(path), strict=True):
                self.revealed.setdefault(id(step), revealed)
            for step in line.steps:
                if step.move is not None:
                    self.steps[id(step.move)] = step

    def move(self, move: Move, *, walk: bool = True) -> Move:
        """A move as the viewer may read it. What he sees stays exactly as written (his own
        moves keep their order, comments, glyphs and variations); another player's secret
        becomes ``?`` and loses its glyphs, which were written by someone who saw it; a ``?``
        the viewer should see cannot be filled in (:class:`Unresolvable`). ``walk=False``
        leaves the variations out (a caller that looks at the move alone, e.g. one line of an
        error message, need not redact every variation below it)."""
        step = self.steps.get(id(move))
        if step is not None:
            revealed = self.revealed.get(id(step), False)
            masked = secret_readers.hides(step.action, self.viewer, step.events, revealed)
            if masked:
                tokens = secret_readers.action_tokens(
                    step.action, self.viewer, step.events, revealed
                )
            elif hidden.is_secret(move.tokens) and not move.seal:
                raise Unresolvable(self.unresolvable(move, step.address))
            else:
                tokens = move.tokens
        else:
            tokens = secret_readers.tokens_by_text(move.actor, move.tokens, self.viewer)
            masked = tokens != move.tokens
        own = sees(self.viewer, move.actor) and self.viewer != EVERYTHING
        keep = self.keep or own
        variations: tuple[tuple[Element, ...], ...] = ()
        if walk and keep and self.depth < MAX_VARIATION_DEPTH:  # his own variations are his
            self.depth += 1  # (deeper ones are not replayed, nor redacted: recursion)
            try:
                variations = tuple(self.variation(v) for v in move.variations)
            finally:
                self.depth -= 1
        return Move(
            move.actor,
            tokens,
            move.glyphs if keep or not masked else (),
            move.before if keep else (),
            move.after if keep else (),
            variations,
            seal=self.sealed(move, step, tokens),
        )

    def sealed(self, move: Move, step: Step | None, tokens: tuple[str, ...]) -> str:
        """The commitment a redacted move carries: a sealed move keeps its own while what is
        written of it still hides something (its reveal, if any, stays too; the viewer's own
        sealed move not yet opened stays sealed: the record does not hold its text); read in
        full it loses both. With ``--commit`` every other masked secret gets one."""
        if move.seal:
            if hidden.is_secret(tokens):
                return move.seal
            opening = self.replay.sealed
            reveal = opening.seal_of(move) if opening is not None else None
            if reveal is not None:
                self.unsealed.add(id(reveal))
            return ""
        if self.commit is not None and step is not None and tokens != move.tokens:
            return self.commit(step, move.text)
        return ""

    def unresolvable(self, move: Move, address: str) -> Diagnostic:
        """The error for a ``?`` in ``move`` that the viewer should be able to read."""
        was = self.replay.game.header("Redacted")
        source = f" (the record was redacted for {was})" if was else ""
        who = {None: "a spectator", EVERYTHING: "everybody"}.get(self.viewer)
        who = who or colour_name(str(self.viewer))
        return Diagnostic(
            "error",
            "secret",
            f"'{move.text}' hides what {who} saw{source}; redact the full record instead",
            file=self.replay.file,
            game=self.replay.index,
            address=address,
            span=move.span,
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
            if element.name not in _DROPPED_CHECKPOINTS and id(element) not in self.unsealed:
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
                tokens = secret_readers.action_tokens(
                    step.action, self.viewer, step.events, revealed
                )
                full = tuple(step.action.text.split())
                seal = ""
                if tokens != full and self.commit is not None:
                    seal = self.commit(step, step.action.text)
                move = Move(step.action.actor, tokens, seal=seal)
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
    replay: GameReplay | None = None,
    board: Board | None = None,
    commit: Commit | None = None,
) -> tuple[Game, GameReplay]:
    """The record ``game`` as ``viewer`` (a colour, or None for a spectator) saw it, and the
    replay of the full record (its diagnostics say whether the redaction is trustworthy:
    after the first error of a line, the rest of it is left out). ``replay``, when the caller
    has one of ``game`` already, saves replaying it again. ``board`` replaces the profile
    the record names (``--board FILE``, I-BRD-2); the record's ``[Board]`` header is kept.
    ``commit`` gives each masked secret a commitment (``mcn redact --commit``,
    docs/fair-play.md); a sealed record's own commitments stay on the moves that stay masked.

    Raises :class:`Unresolvable` when ``game`` hides (``?``) something the viewer saw."""
    if replay is None:
        replay = replay_game(game, file=file, index=index, board=board)
    redactor = _Redactor(replay, viewer, keep_annotations, commit)
    main = replay.main
    too_deep = any(d.code == "depth" for d in replay.diagnostics)
    # Variations nested past the replay's depth limit (an error of the replay, so the record is
    # not redacted) are not walked either: the rewrite below recurses along the nesting.
    # The body as replayed: a sealed record's opened moves carry their revealed text there.
    replayed = replay.game.body
    body = redactor.main_line(_replayed(replayed, main), main) if main and not too_deep else ()
    who = "spectator" if viewer is None else viewer
    kept = tuple(h for h in headers_seen(game, main, viewer) if h.tag != "Redacted")
    headers = (*kept, Header("Redacted", who))
    return replace(game, headers=Headers(headers), body=body), replay


def _position_seen(header: Header, main: Line | None, viewer: str | None) -> Header:
    """A ``[Position]`` header as the viewer saw the position: written from the replayed start
    through the one projection, with ``?`` for every secret of another player (the full
    position text would give all of them away)."""
    from mcn.views.positions import position_text

    if main is None:
        return Header("Position", "?")
    return Header("Position", position_text(main.start, viewer))


def headers_seen(game: Game, main: Line | None, viewer: str | None) -> tuple[Header, ...]:
    """The headers of ``game`` as ``viewer`` may read them (``main``: its replayed main line).
    A ``[Position]`` holds every secret of the position it starts from (all money, hands,
    chests, pending bids, the Pope die), so it is the position as the viewer saw it, through
    the one projection; the other tags are public. Everything for :data:`EVERYTHING`. Every
    output that shows a record's headers to one player (``mcn html --as``, ``mcn diff --as``,
    ``mcn redact``) shows these."""
    if viewer == EVERYTHING:
        return game.headers
    return tuple(
        _position_seen(h, main, viewer) if h.tag == "Position" else h for h in game.headers
    )


class AnnotationView:
    """The annotations of a replayed record as one viewer may read them: what his redacted
    record keeps (``mcn redact --as``: comments on his own moves, glyphs of the moves he can
    read, the checkpoints that cover only what is public), and its variations as
    ``--keep-annotations`` writes them — every move rewritten by the projection (another
    player's secret ``?``, also after an error in the variation), without their comments.
    ``mcn diff --as`` compares annotations through it."""

    def __init__(self, replay: GameReplay, viewer: str | None) -> None:
        self._replay = replay
        self._viewer = viewer
        self._plain = _Redactor(replay, viewer, keep_annotations=False)
        self._full: _Redactor | None = None  # made when a variation is first asked for
        # variations nested past the replay's depth limit are not walked (as by redact_game)
        self._deep = any(d.code == "depth" for d in replay.diagnostics)

    def move(self, move: Move, *, walk: bool = True) -> Move:
        """``move`` as the viewer may read it (its variations: :meth:`variations`; none with
        ``walk=False``)."""
        try:
            return self._plain.move(move, walk=walk)
        except Unresolvable:  # the record hides it already: nothing more to hide
            return replace(move, variations=())

    def variations(self, move: Move) -> tuple[tuple[Element, ...], ...]:
        """The variations of ``move``, redacted move by move, comments dropped (none when the
        record nests them past the replay's depth limit)."""
        if self._deep:
            return ()
        if self._full is None:
            self._full = _Redactor(self._replay, self._viewer, keep_annotations=True)
        out = []
        for variation in move.variations:
            try:
                out.append(_without_comments(self._full.variation(variation)))
            except Unresolvable:
                out.append(_without_comments(variation))
        return tuple(out)

    @staticmethod
    def keeps(element: Element) -> bool:
        """Whether a loose comment or checkpoint of the body is the viewer's to read."""
        if isinstance(element, Checkpoint):
            return element.name not in _DROPPED_CHECKPOINTS
        return not isinstance(element, Comment)


def _without_comments(elements: Sequence[Element]) -> tuple[Element, ...]:
    """A variation with every comment dropped (the nested variations too, iteratively)."""

    out: list[Element] = []
    for element in elements:
        if isinstance(element, Comment):
            continue
        if isinstance(element, Item):
            moves = tuple(
                Move(
                    m.actor,
                    m.tokens,
                    m.glyphs,
                    variations=tuple(map(_without_comments, m.variations)),
                )
                for m in element.moves
            )
            element = Item(moves, element.label)
        out.append(element)
    return tuple(out)


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


__all__ = [
    "EVERYTHING",
    "AnnotationView",
    "action_tokens",
    "event_json",
    "event_text",
    "headers_seen",
    "redact_game",
]
