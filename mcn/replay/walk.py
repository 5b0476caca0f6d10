"""The walk over a record: the main line and every variation, each variation from a copy of
the state before the move it replaces, with explicit work lists (never recursion)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from typing import Any

from mcn.engine import GameState
from mcn.engine.data import Board
from mcn.io.collector import collector_paused
from mcn.notation.model import Checkpoint, Comment, Game, Item, Move, Section
from mcn.replay.base import Frame, StopReplay
from mcn.replay.binding import Binding
from mcn.replay.model import BeforeStep, GameReplay, Line, Step
from mcn.replay.seal_checks import check_seals
from mcn.replay.sealed import PROTOCOL_CHECKPOINTS, open_seals
from mcn.replay.start import POSITION_TAG, header_span, start_state

#: Variations nested deeper than this are reported, not replayed (see ``_Replayer.spawn``).
MAX_VARIATION_DEPTH = 100


class Replayer(Binding):
    """Replays one game: the walk; binding, secrets and checks come from the classes above
    it (ReplayBase <- Checks <- Secrets <- Binding <- Replayer).
    Not reentrant; use :func:`replay_game`."""

    #: The board profile that replaces the record's ``[Board]`` (``--board FILE``), or None.
    board: Board | None = None

    def run(self) -> GameReplay:
        game = self.result.game
        board = self.board
        try:
            state = start_state(game, board)
        except ValueError as error:
            tag = POSITION_TAG if game.header(POSITION_TAG) is not None else None
            first = header_span(game, tag)
            with contextlib.suppress(StopReplay):
                self.report("error", "header", f"cannot set up the game: {error}", span=first)
            return self.result
        named = (game.header("Board") or "").strip()
        if board is not None and named and named != board.id:
            with contextlib.suppress(StopReplay):
                self.report(
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
                self.check_result(main, game)
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
        self.collect_reveals(line, frame.elements)
        # The turn the last item played in, still open: an item's end carries no meaning
        # (docs/notation.md, "Items and moves"), so the turn ends at its 'end', at the next move
        # that cannot be its second action (binding rule 3), at a label naming another turn, or
        # at a marker, a checkpoint or the end of the line.
        open_turn: str | None = None
        try:
            for element in frame.elements:
                if isinstance(element, Checkpoint) and element.name in PROTOCOL_CHECKPOINTS:
                    continue  # a commitment or a reveal: checked by mcn.replay.sealed
                if isinstance(element, Item):
                    if open_turn is not None and _names_another_turn(element, open_turn):
                        self.end_turn(line, state, open_turn)
                    open_turn = self.replay_item(line, state, element, spawned)
                    if open_turn is None:
                        break
                    continue
                if open_turn is not None:
                    self.end_turn(line, state, open_turn)
                    open_turn = None
                if isinstance(element, Checkpoint):
                    self.verify(line, state, element)
                elif isinstance(element, Section):
                    self.check_section(line, state, element)
            else:
                if open_turn is not None:
                    self.end_turn(line, state, open_turn)
                self.finish_forced(line, state)
                self.unrevealed(line, state, frame.elements)
        finally:
            line.final = state
        return spawned

    def replay_item(
        self, line: Line, state: GameState, item: Item, spawned: list[Frame]
    ) -> str | None:
        """Apply one item's moves; the address of its first move, None when the line cannot
        go on."""
        first_address: str | None = None
        for move in item.moves:
            address = self.play(line, state, move, spawned)
            if address is None:
                return None
            if first_address is None:
                first_address = address
                if item.label is not None:
                    self.check_label(line, item, address)
        return first_address

    def spawn(
        self, line: Line, state: GameState, move: Move, address: str, spawned: list[Frame]
    ) -> None:
        """Queue the variations of ``move``, each from a copy of the state before it.

        Variations nested more than :data:`MAX_VARIATION_DEPTH` deep are reported, not
        replayed: an address names every branch point above it, so the work of replaying
        (and of everything drawn from a replay) grows with the square of the depth.
        """
        if line.prefix.count("/") >= MAX_VARIATION_DEPTH:
            first = next((e for v in move.variations for e in v if e.span is not None), None)
            self.report(
                "error",
                "depth",
                f"variations nested more than {MAX_VARIATION_DEPTH} deep are not replayed",
                address=line.prefix + address,
                span=first.span if first is not None else move.span,
            )
            return
        # One copy of the state before the move is the start of every variation here: a
        # Line's start is never changed. A variation that holds no move, marker or checkpoint
        # (``()``, or comments only) changes nothing either, so unless a forced move would be
        # taken at its end it shares that copy too: thousands of empty variations must not
        # cost a state each (docs/notation.md, "Limits").
        start = state.clone()
        idle: bool | None = None
        for number, variation in enumerate(move.variations, 1):
            working = start
            if not all(isinstance(element, Comment) for element in variation):
                working = start.clone()
            else:
                if idle is None:
                    idle = self.forced_action(start) is None
                if not idle:
                    working = start.clone()
            child = Line(
                f"{line.prefix}{address}/{number}:",
                start,
                parent=line,
                number=number,
                branch_address=line.prefix + address,
                branch_index=len(line.steps),
                unresolved={kind: set(players) for kind, players in line.unresolved.items()},
                unsure=line.unsure,
                guessed_supply=line.guessed_supply,
            )
            line.children.append(child)
            spawned.append(Frame(child, working, variation))


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
    )
    replayer.board = board
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


def _names_another_turn(item: Item, open_turn: str) -> bool:
    """Whether ``item``'s label numbers a turn other than the one ``open_turn`` (the address of
    the move that opened it, ``3.5.1``) lies in: then that turn is over."""
    if item.label is None:
        return False
    turn = open_turn.rsplit(".", 2)
    return len(turn) == 3 and turn[1].isdigit() and int(turn[1]) != item.label
