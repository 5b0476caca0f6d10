"""The walk over a record: the main line and every variation, each variation from a copy of
the state before the move it replaces, with explicit work lists (never recursion)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from typing import Any

from mcn.engine.data import Board
from mcn.engine.probes import deciding_address
from mcn.io.collector import collector_paused
from mcn.io.limits import MAX_DECISIONS
from mcn.notation.model import Checkpoint, Game, Item, Section
from mcn.replay.binding import PLAIN_ACTIONS, Binder
from mcn.replay.checks import Checks
from mcn.replay.diagnostics import Diagnostics, StopReplay
from mcn.replay.model import BeforeStep, GameReplay, Line, Step
from mcn.replay.seal_checks import check_seals
from mcn.replay.sealed import PROTOCOL_CHECKPOINTS, open_seals
from mcn.replay.secrets import SecretBook
from mcn.replay.start import POSITION_TAG, header_span, start_state
from mcn.replay.stepping import Stepper
from mcn.replay.turns import KNOWN_TURNS, TurnOf, turn_in
from mcn.replay.variations import Brancher, Frame


class Replayer:
    """Replays one game: the walk over its lines, with five collaborators it makes and wires
    together — :class:`~mcn.replay.diagnostics.Diagnostics` (the result and its report),
    :class:`~mcn.replay.secrets.SecretBook` (stand-ins and reveals),
    :class:`~mcn.replay.checks.Checks` (labels, sections, checkpoints, the result),
    :class:`~mcn.replay.stepping.Stepper` (actions carried out and their steps recorded; the
    implicit moves at a turn's end, a marker or a line's end) and
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
        self.stepper = Stepper(
            self.diagnostics,
            self.secrets,
            keep_states=keep_states,
            on_step=on_step,
            before_step=before_step,
        )
        self.binder = Binder(
            self.diagnostics,
            self.secrets,
            Brancher(self.diagnostics),
            self.stepper,
            variations=variations,
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
        """Replay one line to its end (or first error); return the variations it spawned.

        An item's moves are played here, not in a method of their own (one call fewer per
        item; the pure build pays for every call): the turn facts of its first move's address
        are read once (the label checked against them here, the turn the item leaves open
        closed by them). So is the **fast lane** of the ordinary written move — the deciding
        player's own action, accepted as it stands, with no variation, nothing for the secret
        book to fill in first and nobody watching before each step: one engine call and the
        step recorded, without the binder's loop that looks for implicit moves (what kind of
        action a move is, is known once per distinct text: :data:`PLAIN_ACTIONS`). Written out
        here, not a binder method: a call per written move was about 340 instructions of the
        pure build's 72,000 (docs/performance-history.md, "Per move, round seven"). Every
        other move, or one the engine does not accept at once, the binder plays
        (:meth:`Binder.play`, :meth:`Binder.settle`)."""
        line, state = frame.line, frame.state
        spawned: list[Frame] = []
        binder, stepper, checks = self.binder, self.stepper, self.checks
        plain, turns, result, prefix = PLAIN_ACTIONS, KNOWN_TURNS, self.result, line.prefix
        fast, eager, variations = stepper.fast, stepper.eager, binder.variations
        self.secrets.collect_reveals(line, frame.elements)
        # The turn the last item played in, still open: an item's end carries no meaning
        # (docs/notation.md, "Items and moves"), so the turn ends at its 'end', at the next move
        # that cannot be its second action (binding rule 3), at a label naming another turn, or
        # at a marker, a checkpoint or the end of the line.
        open_turn: TurnOf | None = None
        try:
            for element in frame.elements:
                if isinstance(element, Item):  # the most common element first
                    label = element.label
                    if open_turn is not None and label is not None:
                        turn = open_turn.open_turn
                        # a label naming another turn, whose section the state is still in
                        # (else end_turn has nothing to close: asked here, one call fewer)
                        if (
                            turn is not None
                            and turn != label
                            and state.section == open_turn.section
                        ):
                            stepper.end_turn(line, state, open_turn)
                    open_turn = None
                    for move in element.moves:
                        # The fast lane (see above): an action known plain, or one the
                        # binder finds may take it; anything else the binder plays.
                        known = plain.get(move.tokens)
                        action = None if known is None else known.get(move.actor)
                        if action is None or state.finished == 2:
                            action = binder.lane_action(line, state, move)
                        if action is None:
                            address = binder.play(line, state, move, spawned)
                        elif (
                            fast
                            and not (move.variations and variations)
                            and result.decisions < MAX_DECISIONS
                            # the actor decides now: current_players and address_of in one
                            and (address := deciding_address(state, move.actor, action)) is not None
                        ):
                            binder.section = state.section
                            done = state.try_apply(action)
                            # refused, or a breach: unchanged (asked as 'not a list': an
                            # isinstance that answers yes is the cheap one, pure)
                            if not isinstance(done, list):
                                address = binder.settle(line, state, move, action, spawned, done)
                            elif eager or state.stack.top is None:
                                stepper.record(line, state, action, move, address, done)
                            elif line.made is None:  # nobody watches, not the last step
                                # Line.take written out (a call was about 550 instructions)
                                taken = line.taken
                                taken.append(prefix + address)
                                taken.append(action)
                                taken.append(move)
                                taken.append(len(done))
                                line.taken_events.extend(done)
                                result.decisions += 1
                            else:  # the line's steps were read: each step made at once
                                line.take(prefix + address, action, move, done)
                                result.decisions += 1
                        else:
                            address = binder.settle(line, state, move, action, spawned, None)
                        if address is None:
                            return spawned  # the line cannot go on (reported)
                        if open_turn is None:
                            section = binder.section
                            open_turn = turns.get(section) or turn_in(section)
                            if label is not None and open_turn.label_turn != label:
                                checks.check_label(line, element, address)
                    if open_turn is None:
                        return spawned  # an item without moves ends the line, as it always did
                    continue
                if isinstance(element, Checkpoint) and element.name in PROTOCOL_CHECKPOINTS:
                    continue  # a commitment or a reveal: checked by mcn.replay.seal_checks
                if open_turn is not None:
                    stepper.end_turn(line, state, open_turn)
                    open_turn = None
                if isinstance(element, Checkpoint):
                    checks.verify(line, state, element)
                elif isinstance(element, Section):
                    stepper.finish_forced(line, state)  # the marker stands after them
                    checks.check_section(line, state, element)
            if open_turn is not None:
                stepper.end_turn(line, state, open_turn)
            stepper.finish_forced(line, state)
            self.secrets.unrevealed(line, state, frame.elements)
        finally:
            line.final = state
        return spawned


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
