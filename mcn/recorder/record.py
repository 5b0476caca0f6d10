"""A session as an MCN record, and an MCN record back as a session (to resume it).

Writing uses the transcript writer (:mod:`mcn.records.transcript`), the same grouping and the same
omission of forced moves as every record mcn writes, with the session's comments, glyphs and
variations attached to their moves; the text is the canonical writer's (:mod:`mcn.notation`),
so ``mcn fmt --check`` accepts it. Reading replays the record (:func:`mcn.replay.replay_game`)
and turns its lines of play back into a session; what the record left implicit at the end of
a line (forced moves, the ``end`` of a turn) is dropped and retaken, so a turn cut off after
its first action can still get its second one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mcn.engine import GameState, new_game
from mcn.engine.data import Board
from mcn.notation.lexical import COLOUR_TAGS, META_CULPA, ROSTER
from mcn.notation.model import Checkpoint, Comment, Element, Game, Header, Item, Move
from mcn.recorder.session import Entry, Line, Session
from mcn.records.transcript import Decision, transcribe
from mcn.replay import Diagnostic, replay_game
from mcn.replay import Line as ReplayLine


class ResumeError(Exception):
    """A file that cannot be continued; ``diagnostics`` are the replay's, if any."""

    def __init__(self, message: str, diagnostics: Sequence[Diagnostic] = ()) -> None:
        super().__init__(message)
        self.diagnostics = tuple(diagnostics)


def players_of(headers: dict[str, str]) -> tuple[str, ...]:
    """The colours that play, in seat order (those with a player header)."""
    return tuple(colour for colour, tag in COLOUR_TAGS.items() if tag in headers)


def start_state(headers: dict[str, str], board: Board | None = None) -> GameState:
    """The engine's start state for these headers (``ValueError`` when it cannot be made);
    ``board`` (``--board NAME|FILE``) replaces the profile the ``Board`` header names."""
    infractions = tuple(headers.get("Infractions", "").split())
    return new_game(
        players_of(headers),
        headers.get("Rules", "de-2016"),
        board if board is not None else headers.get("Board", "standard"),
        headers.get("Variant", "standard"),
        infractions if headers.get("Variant") == META_CULPA else (),
    )


# ---- writing -----------------------------------------------------------------------------


def to_game(session: Session) -> Game:
    """The session as a record (the main line with every variation)."""
    values = dict(session.headers)
    final = session.main.state
    values["Result"] = " ".join(final.winners()) if final.is_terminal() else "*"
    known = [Header(tag, values[tag]) for tag in ROSTER if tag in values]
    unknown = [Header(tag, value) for tag, value in values.items() if tag not in ROSTER]
    return Game(tuple(known + unknown), _body(session.main, sections=True))


def _body(line: Line, *, sections: bool) -> tuple[Element, ...]:
    entries = line.entries
    decisions = [Decision(e.address, e.action, True if e.auto else None) for e in entries]
    keep = [index for index, entry in enumerate(entries) if entry.annotated]

    def annotate(index: int, move: Move) -> Move:
        entry = entries[index]
        if not entry.annotated:
            return move
        return replace(
            move,
            glyphs=tuple(entry.glyphs),
            before=tuple(Comment(text) for text in entry.before_comments),
            after=tuple(Comment(text) for text in entry.comments),
            variations=tuple(
                _body(variation, sections=False)
                for variation in entry.variations
                if variation.entries or variation.lead
            ),
        )

    body, _ = transcribe(decisions, line.start, sections=sections, keep=keep, annotate=annotate)
    lead = tuple(Comment(text) for text in line.lead)
    return lead + body


# ---- reading (resume) --------------------------------------------------------------------


def from_game(game: Game, name: str, board: Board | None = None) -> Session:
    """The session a record stands for, ready to continue at the end of its main line.

    Raises :class:`ResumeError` when the record has errors or holds what a session cannot
    keep (checkpoints).
    """
    headers = {header.tag: header.value for header in game.headers}
    headers.pop("Result", None)
    if _has_checkpoints(game.body):
        raise ResumeError(
            f"{name} holds checkpoints, which mcn record does not keep: record into a new file"
        )
    replay = replay_game(game, file=name, keep_states=True, board=board)
    errors = [d for d in replay.diagnostics if d.severity == "error" and d.code != "result"]
    if errors or replay.main is None:
        raise ResumeError(f"{name} has errors: fix them before recording on", errors)
    session = Session(replay.main.start, headers)
    loose = _loose_comments(game.body)
    session.main = _line(replay.main, None, 0, loose)
    session.line = session.main
    session.settle()
    return session


def _line(
    source: ReplayLine, parent: Line | None, branch: int, loose: dict[int, list[str]]
) -> Line:
    """A session line from a replayed one (variations included), without its trailing
    implicit steps (they are retaken by :meth:`Session.settle`)."""
    steps = list(source.steps)
    while steps and steps[-1].implicit:
        steps.pop()
    line = Line(source.start.clone(), parent=parent, branch=branch)
    line.lead = loose.get(0, [])
    children: dict[int, list[ReplayLine]] = {}
    for child in source.children:
        children.setdefault(child.branch_index, []).append(child)
    for index, step in enumerate(steps):
        assert step.state is not None
        address = step.address.removeprefix(source.prefix)
        entry = Entry(step.action, address, step.state, auto=step.implicit)
        move = step.move
        if move is not None:
            entry.glyphs = list(move.glyphs)
            entry.before_comments = [comment.text for comment in move.before]
            entry.comments = [comment.text for comment in move.after]
            entry.comments += loose.get(id(move), [])
        line.entries.append(entry)
        for child in children.get(index, []):
            elements = move.variations[child.number - 1] if move is not None else ()
            entry.variations.append(_line(child, line, index, _loose_comments(elements)))
    return line


def _loose_comments(body: Sequence[Element]) -> dict[int, list[str]]:
    """Game-level comments of the main line: those before the first move (key 0) and those
    after a move (keyed by the move's id): they become that move's after-comments."""
    loose: dict[int, list[str]] = {}
    last: Move | None = None
    for element in body:
        if isinstance(element, Item):
            last = element.moves[-1]
        elif isinstance(element, Comment):
            loose.setdefault(0 if last is None else id(last), []).append(element.text)
    return loose


def _has_checkpoints(body: Sequence[Element]) -> bool:
    work: list[Element] = list(body)
    while work:
        element = work.pop()
        if isinstance(element, Checkpoint):
            return True
        if isinstance(element, Item):
            for move in element.moves:
                for variation in move.variations:
                    work.extend(variation)
    return False
