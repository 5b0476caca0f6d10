"""The walk over a record: the main line and every variation, each variation from a copy of
the state before the move it replaces, with explicit work lists (never recursion)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from typing import Any

from mcn.engine import GameState
from mcn.engine.data import Board
from mcn.io.collector import collector_paused
from mcn.notation.model import Checkpoint, Game, Item, Section
from mcn.replay.binding import Binder
from mcn.replay.checks import Checks
from mcn.replay.diagnostics import Diagnostics, StopReplay
from mcn.replay.model import BeforeStep, GameReplay, Line, Step
from mcn.replay.seal_checks import check_seals
from mcn.replay.sealed import PROTOCOL_CHECKPOINTS, open_seals
from mcn.replay.secrets import SecretBook
from mcn.replay.start import POSITION_TAG, header_span, start_state
from mcn.replay.turns import TurnOf, turn_in
from mcn.replay.variations import Brancher, Frame


class Replayer:
    """Replays one game: the walk over its lines, with four collaborators it makes and wires
    together — :class:`~mcn.replay.diagnostics.Diagnostics` (the result and its report),
    :class:`~mcn.replay.secrets.SecretBook` (stand-ins and reveals),
    :class:`~mcn.replay.checks.Checks` (labels, sections, checkpoints, the result) and
    :class:`~mcn.replay.binding.Binder` (moves to actions; it asks the
    :class:`~mcn.replay.variations.Brancher` for a move's variations).
    Not reentrant; use :func:`replay_game`."""

    def __init__(
        self,
        game: Game,
        file: str,
        index: int,
        *,
        keep_states: bool,
        variations: bool,
        strict: bool,
        on_step: Callable[[Line, Step], bool] | None,
        before_step: BeforeStep | None = None,
        board: Board | None = None,
    ) -> None:
        self.result = GameReplay(game, file, index, None)
        #: The board profile that replaces the record's ``[Board]`` (``--board FILE``), or None.
        self.board = board
        self.diagnostics = Diagnostics(self.result, strict)
        self.secrets = SecretBook(self.diagnostics)
        self.checks = Checks(self.diagnostics, self.secrets)
        self.binder = Binder(
            self.diagnostics,
            self.secrets,
            Brancher(self.diagnostics),
            keep_states=keep_states,
            variations=variations,
            on_step=on_step,
            before_step=before_step,
        )

    def run(self) -> GameReplay:
        """Replay the main line, then every variation (a work list, never recursion)."""
        game = self.result.game
        board = self.board
        report = self.diagnostics.report
        try:
            state = start_state(game, board)
        except ValueError as error:
            tag = POSITION_TAG if game.header(POSITION_TAG) is not None else None
            first = header_span(game, tag)
            with contextlib.suppress(StopReplay):
                report("error", "header", f"cannot set up the game: {error}", span=first)
            return self.result
        named = (game.header("Board") or "").strip()
        if board is not None and named and named != board.id:
            with contextlib.suppress(StopReplay):
                report(
                    "warning",
                    "header",
                    f"the record names board {named!r}; replayed with board {board.id!r} "
                    f"from {board.source or 'the built-in profiles'} (--board)",
                    span=header_span(game, "Board"),
                )
        main = Line("", state.clone())
        self.result.main = main
        work = [Frame(main, state, game.body)]
        try:
            while work:
                frame = work.pop()
                spawned = self.replay_line(frame)
                work.extend(reversed(spawned))
            if main.final is not None and main.error is None:
                self.checks.check_result(main, game)
        except StopReplay:
            pass
        self.result.diagnostics.sort(
            key=lambda d: (d.span.line, d.span.column) if d.span else (0, 0)
        )
        return self.result

    def replay_line(self, frame: Frame) -> list[Frame]:
        """Replay one line to its end (or first error); return the variations it spawned."""
        line, state = frame.line, frame.state
        spawned: list[Frame] = []
        binder, checks = self.binder, self.checks
        self.secrets.collect_reveals(line, frame.elements)
        # The turn the last item played in, still open: an item's end carries no meaning
        # (docs/notation.md, "Items and moves"), so the turn ends at its 'end', at the next move
        # that cannot be its second action (binding rule 3), at a label naming another turn, or
        # at a marker, a checkpoint or the end of the line.
        open_turn: TurnOf | None = None
        try:
            for element in frame.elements:
                if isinstance(element, Checkpoint) and element.name in PROTOCOL_CHECKPOINTS:
                    continue  # a commitment or a reveal: checked by mcn.replay.seal_checks
                if isinstance(element, Item):
                    if open_turn is not None and _names_another_turn(element, open_turn):
                        binder.end_turn(line, state, open_turn)
                    open_turn = self.replay_item(line, state, element, spawned)
                    if open_turn is None:
                        break
                    continue
                if open_turn is not None:
                    binder.end_turn(line, state, open_turn)
                    open_turn = None
                if isinstance(element, Checkpoint):
                    checks.verify(line, state, element)
                elif isinstance(element, Section):
                    binder.finish_forced(line, state)  # the marker stands after them
                    checks.check_section(line, state, element)
            else:
                if open_turn is not None:
                    binder.end_turn(line, state, open_turn)
                binder.finish_forced(line, state)
                self.secrets.unrevealed(line, state, frame.elements)
        finally:
            line.final = state
        return spawned

    def replay_item(
        self, line: Line, state: GameState, item: Item, spawned: list[Frame]
    ) -> TurnOf | None:
        """Apply one item's moves; the turn facts of its first move's address (read once: the
        label checked against them here, the turn the item leaves open closed by them), None
        when the line cannot go on."""
        binder = self.binder
        opened: TurnOf | None = None
        for move in item.moves:
            address = binder.play(line, state, move, spawned)
            if address is None:
                return None
            if opened is None:
                opened = turn_in(binder.section)
                label = item.label
                if label is not None and opened.label_turn != label:
                    self.checks.check_label(line, item, address)
        return opened


def replay_game(
    game: Game,
    *,
    file: str = "<string>",
    index: int = 1,
    keep_states: bool = False,
    variations: bool = True,
    strict: bool = False,
    on_step: Callable[[Line, Step], bool] | None = None,
    board: Board | None = None,
    before_step: BeforeStep | None = None,
) -> GameReplay:
    """Replay ``game`` through the engine and collect what is wrong with it.

    ``on_step`` is called after every decision; returning True stops the replay there.
    ``before_step`` is called before every decision, with the state before it: what a caller
    asks of each state (``mcn search``) is answered in this one pass, nothing kept or replayed
    again. Both see every line, the main line first and whole, then the variations.
    ``keep_states`` stores a copy of the state after each step (for ``replay``, ``diff`` and
    ``tree``). ``strict`` stops at the first error (a breach, I-POP-9, is then an error too).
    ``board`` replaces the profile the ``[Board]`` header names (``--board FILE``, B-4).
    """
    opening = open_seals(game)
    replayer = Replayer(
        opening.game,
        file,
        index,
        keep_states=keep_states,
        variations=variations,
        strict=strict,
        on_step=on_step,
        before_step=before_step,
        board=board,
    )
    with collector_paused():
        replay = replayer.run()
        if opening.active:
            replay.sealed = opening
        check_seals(opening, replay)  # sealed moves and verifiable chance (mcn.replay.seal_checks)
        return replay


def replay_games(games: Iterable[Game], file: str, **options: Any) -> Iterable[GameReplay]:
    """Replay several games of one file, lazily."""
    for index, game in enumerate(games, 1):
        yield replay_game(game, file=file, index=index, **options)


def _names_another_turn(item: Item, open_turn: TurnOf) -> bool:
    """Whether ``item``'s label numbers a turn other than the one ``open_turn`` (the turn facts
    of the move that opened it, ``3.5.1``) lies in: then that turn is over."""
    label = item.label
    if label is None:
        return False
    turn = open_turn.open_turn
    return turn is not None and turn != label
