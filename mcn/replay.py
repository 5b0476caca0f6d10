"""Replay: bind a parsed record to the rules engine.

The notation knows no rules and the engine knows no notation; this module folds the engine's
checked ``apply`` over a record's moves — main line and every variation, each variation from a
copy of the state before the move it replaces — and collects diagnostics with file, game,
decision address, source span and rule ID. See docs/design.md, "Replay binding":

1. a move the pending decision accepts is applied;
2. otherwise, if the pending (player) decision has exactly one legal action, that *forced*
   action is applied and the move is tried again — records may omit forced moves;
3. otherwise the move is wrong, and that line of play stops there.

After an item's last move, ``end`` is applied if the same turn still waits for its actor
(an item is a whole turn). Walks use explicit work lists, never recursion, so deeply nested
variations are fine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from mcn.engine import GameState, IllegalAction, new_game, parse_action, view
from mcn.engine.actions import Action, ActionSyntaxError
from mcn.engine.constants import CHANCE, colour_name
from mcn.engine.events import Event
from mcn.notation.lexical import COLOUR_TAGS, META_CULPA, REQUIRED_TAGS
from mcn.notation.model import Checkpoint, Comment, Element, Game, Item, Move, Section, Span

Severity = Literal["error", "warning", "note"]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a record, located as precisely as the record allows.

    ``code`` classifies it for tools: ``header``, ``action`` (not an action the engine knows),
    ``illegal`` (a rule forbids it; ``rule`` names which), ``chance`` (an impossible draw),
    ``label``/``section`` (a marker disagrees with the game), ``checkpoint``, ``result``,
    ``incomplete``, ``secret`` (a redacted value the replay could not check past).
    """

    severity: Severity
    code: str
    message: str
    file: str = "<string>"
    game: int = 1
    address: str | None = None
    span: Span | None = None
    rule: str | None = None

    def location(self) -> str:
        """``file:line:col`` (or just the file when the record gives no position)."""
        if self.span is None:
            return self.file
        return f"{self.file}:{self.span.line}:{self.span.column}"

    def text(self) -> str:
        """The one-line human form: ``file:line:col: error: game 2, 3.5.2: R-HOP-2: …``."""
        where = f"game {self.game}" + (f", {self.address}" if self.address else "")
        rule = f"{self.rule}: " if self.rule else ""
        return f"{self.location()}: {self.severity}: {where}: {rule}{self.message}"

    def to_json(self) -> dict[str, Any]:
        """The report form (schemas/report.schema.json, ``diagnostic``)."""
        return {
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "file": self.file,
            "game": self.game,
            "address": self.address,
            "line": self.span.line if self.span else None,
            "column": self.span.column if self.span else None,
            "rule": self.rule,
        }


@dataclass(slots=True)
class Step:
    """One decision taken: where, what, by which move of the record, and what it caused.

    ``move`` is None for a move the record left implicit (a forced move, or the ``end`` of a
    turn). ``state`` is the state after the step, kept only when asked for.
    """

    address: str
    action: Action
    move: Move | None
    events: list[Event]
    state: GameState | None = None

    @property
    def implicit(self) -> bool:
        """Whether the record left this decision implicit."""
        return self.move is None


@dataclass(slots=True)
class Line:
    """A line of play: the main line (``prefix == ""``) or one variation.

    A variation replaces the move ``branch_move`` of its ``parent`` line; it starts at the
    decision ``branch_address`` of the parent, and its addresses are prefixed
    ``"<branch_address>/<number>:"``.
    """

    prefix: str
    start: GameState
    steps: list[Step] = field(default_factory=list)
    parent: Line | None = None
    number: int = 0
    branch_address: str | None = None
    branch_index: int = 0
    children: list[Line] = field(default_factory=list)
    error: Diagnostic | None = None
    final: GameState | None = None


@dataclass(slots=True)
class GameReplay:
    """Everything replay learnt about one game."""

    game: Game
    file: str
    index: int
    main: Line | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    decisions: int = 0

    @property
    def valid(self) -> bool:
        """True when no error was found."""
        return not any(d.severity == "error" for d in self.diagnostics)

    @property
    def final(self) -> GameState | None:
        """The state at the end of the main line."""
        return self.main.final if self.main else None

    def lines(self) -> list[Line]:
        """Every line of play, main line first, variations in source order (iteratively)."""
        out: list[Line] = []
        work = [self.main] if self.main else []
        while work:
            line = work.pop()
            out.append(line)
            work.extend(reversed(line.children))
        return out


def result_of(state: GameState) -> str:
    """The canonical ``Result`` tag value of a finished game: the winners' initials."""
    return " ".join(state.winners())


def parse_result(value: str) -> tuple[str, ...] | None:
    """The winners named by a ``Result`` tag (``"B"``, ``"R G"``, ``"R,G"``); None for ``*``."""
    value = value.strip()
    if value in ("", "*", "?"):
        return None
    names = {name.lower(): colour for colour, name in COLOUR_TAGS.items()}
    out = []
    for word in value.replace(",", " ").replace("+", " ").split():
        colour = names.get(word.lower(), word.upper())
        out.append(colour)
    return tuple(sorted(out, key="RBGY".index)) if all(c in "RBGY" for c in out) else (value,)


def state_digest(state: GameState) -> str:
    """A short digest of the public state (the spectator's view), for ``<digest …>``."""
    data = json.dumps(view(state, None), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode()).hexdigest()[:12]


def game_setup(game: Game) -> tuple[dict[str, Any], list[tuple[str, str, Span | None]]]:
    """The engine's ``new_game`` arguments from the headers, and the header problems found."""
    problems: list[tuple[str, str, Span | None]] = []
    spans = {h.tag: h.span for h in game.headers}
    first = game.headers[0].span if game.headers else game.span
    for tag in REQUIRED_TAGS:
        if game.header(tag) is None:
            problems.append(("error", f"the required header [{tag} \"…\"] is missing", first))
    players = game.players
    if len(players) < 2:
        problems.append(
            ("error", "a game needs at least two players ([Red \"…\"], [Blue \"…\"], …)", first)
        )
    variant = (game.header("Variant") or "standard").strip().lower()
    infractions: tuple[str, ...] = ()
    if variant == META_CULPA:
        raw = game.header("Infractions")
        if raw is None:
            problems.append(
                ("error", "a META CULPA game must list its [Infractions \"…\"] (R-MET-3)",
                 spans.get("Variant", first))
            )
        else:
            infractions = tuple(w for w in raw.replace(",", " ").split() if w)
    arguments = {
        "players": players if len(players) >= 2 else ("R", "B"),
        "ruleset": (game.header("Rules") or "de-2016").strip(),
        "board": (game.header("Board") or "standard").strip(),
        "variant": variant,
        "infractions": infractions,
    }
    return arguments, problems


@dataclass(slots=True)
class _Frame:
    """Work for one line of play: its elements still to replay and its current state."""

    line: Line
    state: GameState
    elements: tuple[Element, ...]


class _Replayer:
    """Replays one game. Not reentrant; use :func:`replay_game`."""

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
    ) -> None:
        self.result = GameReplay(game, file, index, None)
        self.keep_states = keep_states
        self.variations = variations
        self.strict = strict
        self.on_step = on_step
        self.stopped = False

    # ------------------------------------------------------------------------ reporting

    def report(
        self,
        severity: Severity,
        code: str,
        message: str,
        *,
        address: str | None = None,
        span: Span | None = None,
        rule: str | None = None,
    ) -> Diagnostic:
        diagnostic = Diagnostic(
            severity, code, message, self.result.file, self.result.index, address, span, rule
        )
        self.result.diagnostics.append(diagnostic)
        if severity == "error" and self.strict:
            self.stopped = True
        return diagnostic

    # ------------------------------------------------------------------------ driving

    def run(self) -> GameReplay:
        game = self.result.game
        arguments, problems = game_setup(game)
        for severity, message, span in problems:
            self.report(severity, "header", message, span=span)  # type: ignore[arg-type]
        if self.stopped:
            return self.result
        try:
            state = new_game(**arguments)
        except (ValueError, KeyError, OSError) as error:
            span = game.headers[0].span if game.headers else None
            self.report("error", "header", f"cannot set up the game: {error}", span=span)
            return self.result
        main = Line("", state.clone() if self.keep_states else state.clone())
        self.result.main = main
        work = [_Frame(main, state, game.body)]
        while work and not self.stopped:
            frame = work.pop()
            spawned = self.replay_line(frame)
            work.extend(reversed(spawned))
        if main.final is not None and main.error is None and not self.stopped:
            self.check_result(main.final, game)
        self.result.diagnostics.sort(
            key=lambda d: (d.span.line, d.span.column) if d.span else (0, 0)
        )
        return self.result

    def replay_line(self, frame: _Frame) -> list[_Frame]:
        """Replay one line to its end (or first error); return the variations it spawned."""
        line, state = frame.line, frame.state
        spawned: list[_Frame] = []
        for element in frame.elements:
            if self.stopped:
                break
            if isinstance(element, Item):
                if not self.replay_item(line, state, element, spawned):
                    break
            elif isinstance(element, Checkpoint):
                self.verify(line, state, element)
            elif isinstance(element, Section):
                self.check_section(line, state, element)
            elif isinstance(element, Comment):
                continue
        else:
            if line.error is None and not self.stopped:
                self.finish_forced(line, state)
        line.final = state
        return spawned

    def replay_item(
        self, line: Line, state: GameState, item: Item, spawned: list[_Frame]
    ) -> bool:
        """Apply one item's moves; False when the line cannot go on."""
        first_address: str | None = None
        for move in item.moves:
            address = self.bring_to(line, state, move)
            if address is None:
                return False
            if first_address is None:
                first_address = address
                if item.label is not None:
                    self.check_label(line, item, address)
            if move.variations and self.variations:
                for number, variation in enumerate(move.variations, 1):
                    child = Line(
                        f"{line.prefix}{address}/{number}:",
                        state.clone(),
                        parent=line,
                        number=number,
                        branch_address=line.prefix + address,
                        branch_index=len(line.steps),
                    )
                    line.children.append(child)
                    spawned.append(_Frame(child, child.start.clone(), variation))
            if not self.take(line, state, move, address):
                return False
        if first_address is not None:
            self.end_turn(line, state, item, first_address)
        return True

    def bring_to(self, line: Line, state: GameState, move: Move) -> str | None:
        """Apply forced moves until ``move`` fits the pending decision; its address, or None."""
        if "?" in move.text:
            return self.secret(line, state, move)
        try:
            action = parse_action(move.actor, move.text)
        except ActionSyntaxError as error:
            line.error = self.report(
                "error",
                "action",
                str(error),
                address=line.prefix + state.decision.address,
                span=move.span,
            )
            return None
        while True:
            try:
                state.check(action)
            except IllegalAction as error:
                forced = self.forced_action(state) or self.implicit_end(state, action)
                if forced is None:
                    line.error = self.report(
                        "error",
                        "chance" if move.actor == CHANCE else "illegal",
                        error.reason,
                        address=line.prefix + (error.address or state.decision.address),
                        span=move.span,
                        rule=error.rule,
                    )
                    return None
                self.apply(line, state, forced, None)
                if self.stopped:
                    return None
                continue
            return state.address_of(action)

    def take(self, line: Line, state: GameState, move: Move, address: str) -> bool:
        """Apply ``move`` (already known to be legal)."""
        action = parse_action(move.actor, move.text)
        self.apply(line, state, action, move, address)
        return not self.stopped

    def apply(
        self,
        line: Line,
        state: GameState,
        action: Action,
        move: Move | None,
        address: str | None = None,
    ) -> None:
        address = address or state.address_of(action)
        events = state.apply(action)
        step = Step(line.prefix + address, action, move, events)
        if self.keep_states:
            step.state = state.clone()
        line.steps.append(step)
        self.result.decisions += 1
        if self.on_step is not None and self.on_step(line, step):
            self.stopped = True

    @staticmethod
    def forced_action(state: GameState) -> Action | None:
        """The only legal action of a pending player decision, if there is exactly one."""
        if state.is_terminal():
            return None
        decision = state.decision
        if decision.actors == (CHANCE,) or decision.per_actor:
            return None
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    @staticmethod
    def implicit_end(state: GameState, action: Action) -> Action | None:
        """``end`` when the turn waits for ``action``'s actor and ``action`` fits only after it
        (the Merchant's free stone written right after a single action)."""
        if state.is_terminal() or state.decision.actors != (action.actor,):
            return None
        end = parse_action(action.actor, "end")
        try:
            state.check(end)
        except IllegalAction:
            return None
        probe = state.clone()
        probe.apply(end)
        try:
            probe.check(action)
        except IllegalAction:
            return None
        return end

    def end_turn(self, line: Line, state: GameState, item: Item, first_address: str) -> None:
        """An item is a whole turn: close the turn if it still waits for its actor."""
        if state.is_terminal():
            return
        turn = first_address.rsplit(".", 1)[0]
        decision = state.decision
        if decision.address.rsplit(".", 1)[0] != turn or decision.actors != (item.actor,):
            return
        end = parse_action(item.actor, "end")
        try:
            state.check(end)
        except IllegalAction:
            return
        self.apply(line, state, end, None)

    def finish_forced(self, line: Line, state: GameState) -> None:
        """At a line's end, take the forced moves the record left implicit."""
        while not self.stopped:
            forced = self.forced_action(state)
            if forced is None:
                return
            self.apply(line, state, forced, None)

    # ------------------------------------------------------------------------ checks

    def secret(self, line: Line, state: GameState, move: Move) -> None:
        """A redacted value (``?``): replay cannot check past it on this line."""
        line.error = self.report(
            "note",
            "secret",
            f"'{move.text}' hides a secret; this line is not checked beyond it",
            address=line.prefix + state.decision.address,
            span=move.span,
        )
        return None

    def check_label(self, line: Line, item: Item, address: str) -> None:
        parts = address.split(".")
        turn = parts[1] if len(parts) == 3 and parts[1].isdigit() else None
        if turn is None or int(turn) != item.label:
            where = f"turn {turn}" if turn else f"decision {address}"
            self.report(
                "error",
                "label",
                f"the label '{item.label}.' does not match: this is {where}",
                address=line.prefix + address,
                span=item.span,
            )

    def check_section(self, line: Line, state: GameState, section: Section) -> None:
        if state.is_terminal():
            self.report(
                "error",
                "section",
                f"'{section}' after the end of the game",
                span=section.span,
            )
            return
        address = state.decision.address
        expected = "setup" if section.kind == "setup" else str(section.number)
        if address.split(".", 1)[0] != expected:
            self.report(
                "error",
                "section",
                f"'{section}' does not match: the next decision is {address}",
                address=line.prefix + address,
                span=section.span,
            )

    def verify(self, line: Line, state: GameState, checkpoint: Checkpoint) -> None:
        """Compare a checkpoint written in the record with the engine's state."""
        address = line.prefix + (state.decision.address if not state.is_terminal() else "end")
        checker = CHECKPOINTS.get(checkpoint.name)
        if checker is None:
            self.report(
                "warning",
                "checkpoint",
                f"unknown checkpoint '<{checkpoint.name}>' (known: {', '.join(sorted(CHECKPOINTS))})",
                address=address,
                span=checkpoint.span,
            )
            return
        problem = checker(state, checkpoint.args)
        if problem:
            self.report(
                "error",
                "checkpoint",
                f"checkpoint <{checkpoint.text}> fails: {problem}",
                address=address,
                span=checkpoint.span,
            )

    def check_result(self, final: GameState, game: Game) -> None:
        tag = game.header("Result")
        span = next((h.span for h in game.headers if h.tag == "Result"), game.span)
        claimed = parse_result(tag) if tag is not None else None
        if not final.is_terminal():
            if claimed is not None:
                self.report(
                    "error",
                    "incomplete",
                    f"the record ends at {final.decision.address} before the game is over, "
                    f"but [Result \"{tag}\"] claims a result",
                    address=final.decision.address,
                    span=span,
                )
            return
        winners = tuple(final.winners())
        if tag is None:
            return
        if claimed != winners:
            names = ", ".join(colour_name(c) for c in winners)
            self.report(
                "error",
                "result",
                f"[Result \"{tag}\"] is wrong: the game's result is \"{' '.join(winners)}\" "
                f"({names} won)",
                address="end",
                span=span,
                rule="R-END-3",
            )


def _pairs(args: tuple[str, ...]) -> dict[str, str] | str:
    if len(args) % 2:
        return "expected colour/value pairs"
    return {args[i].upper(): args[i + 1] for i in range(0, len(args), 2)}


def _compare(
    args: tuple[str, ...], actual: dict[str, int], what: str, word: dict[int, str] | None = None
) -> str | None:
    pairs = _pairs(args)
    if isinstance(pairs, str):
        return pairs
    wrong = []
    for colour, written in pairs.items():
        if colour not in actual:
            wrong.append(f"{colour} does not play")
            continue
        value = actual[colour]
        shown = word.get(value, str(value)) if word else str(value)
        if written.lower() != shown.lower():
            wrong.append(f"{colour_name(colour)}'s {what} is {shown}, not {written}")
    return "; ".join(wrong) or None


def _check_souls(state: GameState, args: tuple[str, ...]) -> str | None:
    heaven = -state.board.heaven
    return _compare(args, dict(state.souls()), "soul", {heaven: "heaven"})


def _check_money(state: GameState, args: tuple[str, ...]) -> str | None:
    return _compare(args, dict(state.money), "money")


def _check_posts(state: GameState, args: tuple[str, ...]) -> str | None:
    return _compare(args, dict(state.post), "post")


def _check_digest(state: GameState, args: tuple[str, ...]) -> str | None:
    digest = state_digest(state)
    if len(args) != 1:
        return "expected one digest"
    return None if args[0].lower() == digest else f"the state's digest is {digest}"


CHECKPOINTS: dict[str, Callable[[GameState, tuple[str, ...]], str | None]] = {
    "souls": _check_souls,
    "money": _check_money,
    "posts": _check_posts,
    "digest": _check_digest,
}
"""Checkpoint names and their checkers (docs/notation.md, "Checkpoints")."""


def replay_game(
    game: Game,
    *,
    file: str = "<string>",
    index: int = 1,
    keep_states: bool = False,
    variations: bool = True,
    strict: bool = False,
    on_step: Callable[[Line, Step], bool] | None = None,
) -> GameReplay:
    """Replay ``game`` through the engine and collect what is wrong with it.

    ``on_step`` is called after every decision; returning True stops the replay there (used by
    ``mcn replay --to``). ``keep_states`` stores a copy of the state after each step (for
    ``diff`` and ``tree``).
    """
    return _Replayer(
        game,
        file,
        index,
        keep_states=keep_states,
        variations=variations,
        strict=strict,
        on_step=on_step,
    ).run()


def replay_games(games: Iterable[Game], file: str, **options: Any) -> Iterable[GameReplay]:
    """Replay several games of one file, lazily."""
    for index, game in enumerate(games, 1):
        yield replay_game(game, file=file, index=index, **options)
