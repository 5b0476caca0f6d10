"""Replay: bind a parsed record to the rules engine.

The notation knows no rules and the engine knows no notation; this module folds the engine's
checked ``apply`` over a record's moves — main line and every variation, each variation from a
copy of the state before the move it replaces — and collects diagnostics with file, game,
decision address, source span and rule ID. See docs/design.md, "Replay binding":

1. a move the pending decision accepts is applied;
2. otherwise, if the pending player decision has exactly one legal action, that *forced*
   action is applied and the move is tried again — records may omit forced moves;
3. otherwise, if the pending decision is a turn waiting for its second action and the move
   fits once the turn is ended, ``end`` is applied (a Merchant's free stone written right
   after a single action, the next turn written without the ``end``);
4. otherwise the move is wrong, and that line of play stops there.

After an item's last move, ``end`` is applied if the item's turn still waits for a second
action (an item is a whole turn). Walks use explicit work lists, never recursion, so deeply
nested variations are fine.

Redacted records (``?`` secrets, :mod:`mcn.hidden`) are replayed with a stand-in for each secret
and the reveal checkpoints fill in the truth before the evaluation or scoring that needs it.
Whatever can then not be told for sure is reported as a ``note``, never as an error.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from mcn import hidden
from mcn.engine import GameState, IllegalAction, new_game, parse_action
from mcn.engine.actions import Action, ActionSyntaxError, End, Infraction, MoveCrew, PlaceCrew
from mcn.engine.building import finishes_cathedral
from mcn.engine.constants import CHANCE, COLOURS, LETTERS, LETTERS_TOTAL, colour_name
from mcn.engine.events import Event, LetterMoved
from mcn.notation.lexical import COLOUR_TAGS, META_CULPA
from mcn.notation.model import Checkpoint, Element, Game, Item, Move, Section, Span

Severity = Literal["error", "warning", "note"]

#: How many forced moves replay takes in a row before it gives up (a safety net: forced
#: chains in a real game are a handful of decisions long).
_FORCED_LIMIT = 1000
#: Variations nested deeper than this are reported, not replayed (see ``_Replayer.spawn``).
MAX_VARIATION_DEPTH = 100
#: One ``end`` per colour: actions are immutable, and replay probes for ``end`` after every item.
_END = {colour: End(colour) for colour in COLOURS}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a record, located as precisely as the record allows.

    ``code`` classifies it for tools: ``syntax`` (from the notation), ``header`` (a missing
    header, or values the engine cannot start a game with), ``action`` (not an action the
    engine knows), ``illegal`` (a rule forbids it; ``rule`` names which), ``chance`` (an
    impossible draw), ``label``/``section`` (a marker disagrees with the game),
    ``checkpoint``, ``result``, ``incomplete``, ``secret`` (something a redacted record could
    not let replay check), ``depth`` (variations nested too deep to replay, see
    :data:`MAX_VARIATION_DEPTH`), ``internal`` (a bug in mcn, reported instead of crashing).
    ``source`` is the text of the source line, for a caret display.
    """

    severity: Severity
    code: str
    message: str
    file: str = "<string>"
    game: int = 1
    address: str | None = None
    span: Span | None = None
    rule: str | None = None
    source: str | None = None

    def location(self) -> str:
        """``file:line:col`` (or just the file when the record gives no position)."""
        if self.span is None:
            return self.file
        return f"{self.file}:{self.span.line}:{self.span.column}"

    def text(self) -> str:
        """The one-line human form, in the notation's error style
        (``file:line:col: error: 3.5.2: reason [R-HOP-2] (game 2)``)."""
        address = f"{self.address}: " if self.address else ""
        rule = f" [{self.rule}]" if self.rule else ""
        return (
            f"{self.location()}: {self.severity}: {address}{self.message}{rule} (game {self.game})"
        )

    def display(self) -> str:
        """:meth:`text`, then the source line with a caret under the column (when known)."""
        if self.source is None or self.span is None:
            return self.text()
        line = self.source.rstrip("\r\n")
        caret = "".join("\t" if c == "\t" else " " for c in line[: self.span.column - 1])
        return f"{self.text()}\n    {line}\n    {caret}^"

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
    ``"<branch_address>/<number>:"``. ``unresolved`` maps ``chest``/``letters``/``other`` to
    the players whose secrets on this line are still stand-ins; ``unsure`` says why replay can
    no longer tell right from wrong on this line (a secret was needed before it was revealed).
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
    unresolved: dict[str, set[str]] = field(default_factory=dict)
    unsure: str | None = None
    guessed_supply: bool = False
    reveals: dict[str, Checkpoint] = field(default_factory=dict)
    revealed: dict[str, dict[str, list[int]]] = field(default_factory=dict)


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
    """The winners named by a ``Result`` tag (``"B"``, ``"R G"``, ``"R,G"``); None for ``*``.

    Colour initials and full colour names are both understood, in any order and case.
    """
    value = value.strip()
    if value in ("", "*", "?"):
        return None
    names = {name.lower(): colour for colour, name in COLOUR_TAGS.items()}
    out = []
    for word in value.replace(",", " ").replace("+", " ").split():
        out.append(names.get(word.lower(), word.upper()))
    if all(c in COLOURS for c in out) and len(set(out)) == len(out):
        return tuple(sorted(out, key=COLOURS.index))
    return (value,)


def state_digest(state: GameState) -> str:
    """A short digest of the public state, for ``<digest …>`` checkpoints.

    It covers what every player sees (R-HID-1): the pending decision, the souls, posts and sin
    stones, what each player donated in all, Pope stones, crews and cathedrals, market, bag,
    letter supply, the House of Pleasure, the characters and the winners — not money, goods,
    letters, compartments, pending bids or the Pope die. Built from the state's fields directly
    (not from its JSON view) because replay checks it often.
    """
    numbers: list[int] = []
    for colour in state.players:
        chest = state.chest[colour]
        numbers += (state.pos[colour], state.tie[colour], state.post[colour], *state.sins[colour])
        numbers += [a + b for a, b in zip(chest[0], chest[1], strict=True)]
    numbers += state.pope_stones
    numbers += state.crews
    numbers += state.levels
    numbers += (state.hut, state.card_crew, state.finished, state.suite6)
    numbers += state.market
    numbers += state.bag
    numbers += state.supply
    numbers += state.visited
    words = [
        state.decision.address,
        state.decision.kind,
        *state.players,
        *(card or "-" for card in state.rooms),
        *(f"{card}={n}" for card, n in sorted(state.pile.items()) if n),
        "/",
        *(f"{card}={n}" for card, n in sorted(state.discard.items()) if n),
        *(holder or "-" for holder in state.holders),
        *state.winners(),
    ]
    data = (",".join(map(str, numbers)) + " " + " ".join(words)).encode()
    return hashlib.sha256(data).hexdigest()[:12]


def game_setup(game: Game) -> dict[str, Any]:
    """The engine's ``new_game`` arguments from the headers.

    Missing or malformed headers are the notation's to report (they are syntax of a record);
    here they fall back to defaults, and whatever the engine cannot start is its error.
    """
    variant = (game.header("Variant") or "standard").strip().lower()
    raw = game.header("Infractions") if variant == META_CULPA else None
    infractions = tuple(w for w in (raw or "").replace(",", " ").split() if w)
    return {
        "players": game.players,
        "ruleset": (game.header("Rules") or "de-2016").strip(),
        "board": (game.header("Board") or "standard").strip(),
        "variant": variant,
        "infractions": infractions,
    }


def address_matches(address: str, target: str) -> bool:
    """Whether ``address`` is ``target`` or lies under it (docs/design.md, ``--to``).

    ``3`` covers ``3.5.1`` but not ``30.1``; ``3.5.2/1:`` covers the whole first variation
    at 3.5.2.
    """
    if not target or not address.startswith(target):
        return False
    if len(address) == len(target) or target[-1] in ".:/":
        return True
    return address[len(target)] in ".:/"


@dataclass(slots=True)
class _Frame:
    """Work for one line of play: its elements still to replay and its current state."""

    line: Line
    state: GameState
    elements: tuple[Element, ...]


class _Stop(Exception):
    """Raised inside a line when replay must stop everything (strict mode, ``on_step``)."""


def forced_action(state: GameState) -> Action | None:
    """The only legal action of a pending *player* decision, if there is exactly one.

    Records may leave such moves out (docs/design.md, "Replay binding"); chance outcomes and the
    secret bids are never forced, whatever the count.
    """
    if state.is_terminal() or state.simultaneous() or state.current_players() == (CHANCE,):
        return None
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else None


#: The actions that may finish a cathedral (and so start an evaluation: ``before_apply``).
_CREW_ACTIONS = (PlaceCrew, MoveCrew)
#: Placeholder for the engine's refusal of a move by a player who is not deciding.
_NOT_YOURS = IllegalAction("R-ACT-2", "not this player's decision")

_ACTIONS: dict[tuple[str, tuple[str, ...]], Action | ActionSyntaxError | None] = {}
_ACTIONS_LIMIT = 1 << 16


def _action_of(move: Move) -> Action | ActionSyntaxError | None:
    """The engine action ``move`` stands for: None for a ``?`` secret, the syntax error for
    words the engine does not read. Memoised (bounded): records repeat their moves, and actions
    and errors are immutable."""
    key = (move.actor, move.tokens)
    known = _ACTIONS.get(key, _ACTIONS)
    if known is not _ACTIONS:
        return known  # type: ignore[return-value]
    found: Action | ActionSyntaxError | None = None
    if not hidden.is_secret(move.tokens):
        try:
            found = parse_action(move.actor, move.text)
        except ActionSyntaxError as error:
            found = error
    if len(_ACTIONS) >= _ACTIONS_LIMIT:
        _ACTIONS.clear()
    _ACTIONS[key] = found
    return found


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
            raise _Stop
        return diagnostic

    def fail(
        self,
        line: Line,
        code: str,
        message: str,
        *,
        address: str,
        span: Span | None,
        rule: str | None = None,
    ) -> None:
        """A move that cannot be played: an error, or a note on a line whose secrets are
        unknown (the move may well be right); either way the line stops here."""
        unsure = line.unsure
        if unsure is None and line.guessed_supply:
            unsure = "the colours of hidden letters decide the letter supply"
        if unsure is not None:
            line.error = self.report(
                "note",
                "secret",
                f"not checked: {message} — but {unsure}, so this may be right",
                address=address,
                span=span,
            )
        else:
            line.error = self.report("error", code, message, address=address, span=span, rule=rule)

    # ------------------------------------------------------------------------ driving

    def run(self) -> GameReplay:
        game = self.result.game
        try:
            state = new_game(**game_setup(game))
        except ValueError as error:
            first = game.headers[0].span if game.headers else game.span
            with contextlib.suppress(_Stop):
                self.report("error", "header", f"cannot set up the game: {error}", span=first)
            return self.result
        main = Line("", state.clone())
        self.result.main = main
        work = [_Frame(main, state, game.body)]
        try:
            while work:
                frame = work.pop()
                spawned = self.replay_line(frame)
                work.extend(reversed(spawned))
            if main.final is not None and main.error is None:
                self.check_result(main, game)
        except _Stop:
            pass
        self.result.diagnostics.sort(
            key=lambda d: (d.span.line, d.span.column) if d.span else (0, 0)
        )
        return self.result

    def replay_line(self, frame: _Frame) -> list[_Frame]:
        """Replay one line to its end (or first error); return the variations it spawned."""
        line, state = frame.line, frame.state
        spawned: list[_Frame] = []
        self.collect_reveals(line, frame.elements)
        try:
            for element in frame.elements:
                if isinstance(element, Item):
                    if not self.replay_item(line, state, element, spawned):
                        break
                elif isinstance(element, Checkpoint):
                    self.verify(line, state, element)
                elif isinstance(element, Section):
                    self.check_section(line, state, element)
            else:
                self.finish_forced(line, state)
                self.unrevealed(line, state, frame.elements)
        finally:
            line.final = state
        return spawned

    def replay_item(self, line: Line, state: GameState, item: Item, spawned: list[_Frame]) -> bool:
        """Apply one item's moves; False when the line cannot go on."""
        first_address: str | None = None
        for move in item.moves:
            address = self.play(line, state, move, spawned)
            if address is None:
                return False
            if first_address is None:
                first_address = address
                if item.label is not None:
                    self.check_label(line, item, address)
        if first_address is not None:
            self.end_turn(line, state, first_address)
        return True

    def spawn(
        self, line: Line, state: GameState, move: Move, address: str, spawned: list[_Frame]
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
        for number, variation in enumerate(move.variations, 1):
            child = Line(
                f"{line.prefix}{address}/{number}:",
                state.clone(),
                parent=line,
                number=number,
                branch_address=line.prefix + address,
                branch_index=len(line.steps),
                unresolved={kind: set(players) for kind, players in line.unresolved.items()},
                unsure=line.unsure,
                guessed_supply=line.guessed_supply,
            )
            line.children.append(child)
            spawned.append(_Frame(child, state.clone(), variation))

    # ------------------------------------------------------------------------ moves

    def play(self, line: Line, state: GameState, move: Move, spawned: list[_Frame]) -> str | None:
        """Apply ``move``, after the forced moves and the ``end`` that lead to it; its address,
        or None when it cannot be played (reported)."""
        action = _action_of(move)
        if isinstance(action, ActionSyntaxError):
            self.finish_forced(line, state)  # so the address is where the move stands
            self.fail(
                line,
                "action",
                str(action),
                address=line.prefix + self.pending_address(state),
                span=move.span,
            )
            return None
        if action is None and move.actor == CHANCE:
            # R-HID-1: draws are public, so no record hides one. Matching a '?' against every
            # outcome would also list tens of thousands of room-card sequences.
            self.finish_forced(line, state)
            self.fail(
                line,
                "chance",
                f"'{move.text}': chance outcomes are public, so '?' cannot stand for one",
                address=line.prefix + self.pending_address(state),
                span=move.span,
                rule="R-HID-1",
            )
            return None
        branch = bool(move.variations) and self.variations
        own: IllegalAction | None = None
        for _ in range(_FORCED_LIMIT):
            problem: IllegalAction | None = None
            if branch or action is None:
                problem = self.fits(state, move, action)
            elif move.actor not in state.current_players() and not isinstance(action, Infraction):
                # Another player's decision is pending (typically an omitted forced move):
                # the engine would refuse; ask it why only if nothing implicit comes first.
                problem = _NOT_YOURS
            if problem is None:
                address = state.address_of(action) if action else self.secret_address(state, move)
                if branch:
                    self.spawn(line, state, move, address, spawned)
                try:
                    if action is None:
                        self.take_secret(line, state, move, address)
                    else:
                        self.apply(line, state, action, move, address)
                    return address
                except IllegalAction as error:
                    problem = error
            if move.actor in state.current_players():
                own = problem  # the actor's own decision said no: the telling reason
            implicit = self.forced_action(state) or self.end_before(state, move, action)
            if implicit is None:
                problem = own or problem
                if problem is _NOT_YOURS:
                    problem = self.fits(state, move, action) or problem
                self.fail(
                    line,
                    "chance" if move.actor == CHANCE else "illegal",
                    problem.reason,
                    address=line.prefix + (problem.address or self.pending_address(state)),
                    span=move.span,
                    rule=problem.rule,
                )
                return None
            self.apply(line, state, implicit, None)
        self.fail(line, "illegal", "too many forced moves", address=line.prefix, span=move.span)
        return None

    @staticmethod
    def pending_address(state: GameState) -> str:
        """The address of the pending decision (``end`` once the game is over)."""
        return state.pending_address()

    def fits(self, state: GameState, move: Move, action: Action | None) -> IllegalAction | None:
        """None when the pending decision accepts the move, else why not."""
        if action is not None:
            try:
                state.check(action)
            except IllegalAction as error:
                return error
            return None
        if self.secret_candidates(state, move):
            return None
        if state.is_terminal():
            return IllegalAction(
                "R-END-1", "The game is over; no more actions are possible.", "end"
            )
        decision = state.decision
        if move.actor not in decision.actors:
            who = " or ".join(colour_name(c) for c in decision.actors)
            reason = f"It is {who}'s decision ({decision.prompt}), not {colour_name(move.actor)}'s."
        else:
            reason = f"No legal action matches '{move.text}' here ({decision.prompt})."
        return IllegalAction("R-ACT-2", reason, decision.address)

    @staticmethod
    def secret_candidates(state: GameState, move: Move) -> list[Action]:
        """The legal actions of the pending decision that a ``?`` move may stand for."""
        if move.actor not in state.current_players():
            return []
        return [a for a in state.legal_actions(move.actor) if hidden.matches(move.tokens, a)]

    @staticmethod
    def secret_address(state: GameState, move: Move) -> str:
        """The address a ``?`` move gets at the pending decision (a bid's has its colour)."""
        return state.decision.address_for(move.actor)

    def take_secret(self, line: Line, state: GameState, move: Move, address: str) -> None:
        """Apply a ``?`` move as a *stand-in*: one legal action it matches, the likeliest one
        for letters (:meth:`stand_in`); note the players whose hidden state the stand-in may
        have got wrong."""
        candidates = self.secret_candidates(state, move)
        kind = hidden.secret_kind(candidates[0])
        action = self.stand_in(line, state, candidates) if kind == "letters" else candidates[0]
        self.apply(line, state, action, move, address)
        players = {move.actor}
        if kind == "letters":
            players.update(
                event.player for event in line.steps[-1].events if isinstance(event, LetterMoved)
            )
        line.unresolved.setdefault(kind, set()).update(players)
        line.guessed_supply = line.guessed_supply or kind == "letters"
        if kind == "other" and line.unsure is None:
            line.unsure = f"'{move.text}' at {line.prefix}{address} hides a secret"

    @staticmethod
    def stand_in(line: Line, state: GameState, candidates: list[Action]) -> Action:
        """The hidden letter most likely taken: the colour its taker holds most of at the end
        of the game (the ``<letters>`` reveal) beyond what he holds now; without a reveal,
        the colour the supply has most of. A good guess keeps the public consequences of
        the supply (evaluation displays, what is left to buy) right."""
        revealed = line.reveals.get("letters")
        final = hidden.parse_letters(revealed.args) if revealed is not None else None
        best: tuple[int, int] | None = None
        chosen = candidates[0]
        for candidate in candidates:
            probe = state.clone()
            events = probe.apply(candidate)
            moved = next((e for e in events if isinstance(e, LetterMoved)), None)
            if moved is None:
                continue
            colour = LETTERS.index(moved.colour)
            supply = state.supply[colour]
            wanted = supply
            if isinstance(final, dict) and moved.player in final:
                wanted = final[moved.player][colour] - state.letters[moved.player][colour]
            if best is None or (wanted, supply) > best:
                best, chosen = (wanted, supply), candidate
        return chosen

    def apply(
        self,
        line: Line,
        state: GameState,
        action: Action,
        move: Move | None,
        address: str | None = None,
    ) -> None:
        address = address or state.address_of(action)
        if state.finished == 2 or isinstance(action, _CREW_ACTIONS):  # what before_apply is for
            self.before_apply(line, state, action, move)
        events = state.apply(action)
        step = Step(line.prefix + address, action, move, events)
        if self.keep_states:
            step.state = state.clone()
        line.steps.append(step)
        self.result.decisions += 1
        if state.is_terminal():
            self.after_end(line, state, move)
        if self.on_step is not None and self.on_step(line, step):
            raise _Stop

    def forced_action(self, state: GameState) -> Action | None:
        """The only legal action of a pending player decision, if there is exactly one."""
        return forced_action(state)

    @staticmethod
    def end_action(state: GameState) -> Action | None:
        """``end`` for the pending turn, if the turn waits for a second action."""
        actors = state.current_players()
        if len(actors) != 1 or actors[0] == CHANCE:
            return None
        end = _END.get(actors[0]) or End(actors[0])
        return end if state.is_legal(end) else None

    def end_before(self, state: GameState, move: Move, action: Action | None) -> Action | None:
        """``end`` when the turn waits for its second action and ``move`` fits only after it
        (and the forced moves that follow it)."""
        end = self.end_action(state)
        if end is None:
            return None
        probe = state.clone()
        probe.apply(end)
        for _ in range(_FORCED_LIMIT):
            if self.fits(probe, move, action) is None:
                return end
            forced = self.forced_action(probe)
            if forced is None:
                return None
            probe.apply(forced)
        return None

    def end_turn(self, line: Line, state: GameState, first_address: str) -> None:
        """An item is a whole turn: if its turn (or section) still waits for a second action,
        possibly after some forced moves, take those and ``end`` it."""
        section = first_address.rsplit(".", 1)[0]
        if not section.rpartition(".")[2].isdigit():
            return  # not a turn (``R.T``): only a turn's second action takes ``end`` (R-ACT-3)
        probe = state
        forced: list[Action] = []
        for _ in range(_FORCED_LIMIT):
            if probe.is_terminal() or probe.pending_address().rsplit(".", 1)[0] != section:
                return
            end = self.end_action(probe)
            if end is not None:
                for action in [*forced, end]:
                    self.apply(line, state, action, None)
                return
            step = self.forced_action(probe)
            if step is None:
                return
            if probe is state:
                probe = state.clone()
            probe.apply(step)
            forced.append(step)

    def finish_forced(self, line: Line, state: GameState) -> None:
        """At a line's end (or a section marker), take the forced moves left implicit."""
        for _ in range(_FORCED_LIMIT):
            forced = self.forced_action(state)
            if forced is None:
                return
            self.apply(line, state, forced, None)

    # ------------------------------------------------------------------------ secrets

    def collect_reveals(self, line: Line, elements: Sequence[Element]) -> None:
        """Note the line's reveal checkpoints: they hold for the moment of their reveal."""
        for element in elements:
            if isinstance(element, Checkpoint) and element.name in hidden.REVEALS:
                key = element.name
                if key == "chest" and element.args:
                    key = f"chest {element.args[0]}"
                line.reveals.setdefault(key, element)

    def before_apply(self, line: Line, state: GameState, action: Action, move: Move | None) -> None:
        """Fill in secrets just before the evaluation or the scoring that needs them."""
        if state.finished < 2 and finishes_cathedral(state, action) and state.is_legal(action):
            self.evaluation(line, state, state.finished, move)
        if state.finished == 2 and line.unresolved.get("letters"):
            probe = state.clone()
            probe.apply(action)
            if probe.is_terminal():
                self.fill_letters(line, state, probe, move)

    def evaluation(self, line: Line, state: GameState, compartment: int, move: Move | None) -> None:
        """Compartment ``compartment`` is about to be evaluated: record, reveal, fill in."""
        contents = {c: state.chest[c][compartment][:] for c in state.players}
        line.revealed[f"chest {('I', 'II')[compartment]}"] = contents
        unresolved = line.unresolved.get("chest", set())
        checkpoint = line.reveals.get(f"chest {('I', 'II')[compartment]}")
        if checkpoint is None:
            if unresolved and line.unsure is None:
                names = ", ".join(colour_name(c) for c in sorted(unresolved, key=COLOURS.index))
                line.unsure = (
                    f"compartment {('I', 'II')[compartment]} was evaluated before the record "
                    f"revealed it (hidden donations of {names})"
                )
            return
        parsed = hidden.parse_chest(checkpoint.args)
        if isinstance(parsed, str):
            return  # reported where the checkpoint is verified
        _, revealed = parsed
        for colour, values in revealed.items():
            if colour not in unresolved or colour not in state.players:
                continue
            box = state.chest[colour]
            shown = [box[0][i] + box[1][i] for i in range(5)]
            if any(v > s for v, s in zip(values, shown, strict=True)):
                self.report(
                    "error",
                    "checkpoint",
                    f"checkpoint <{checkpoint.text}> fails: {colour_name(colour)} donated only "
                    f"{hidden.describe(shown, hidden.CHEST_ITEMS)} in all",
                    address=line.prefix + state.decision.address,
                    span=checkpoint.span,
                )
                continue
            box[compartment] = list(values)
            box[1 - compartment] = [s - v for s, v in zip(shown, values, strict=True)]
            contents[colour] = list(values)
            unresolved.discard(colour)

    def fill_letters(
        self, line: Line, state: GameState, probe: GameState, move: Move | None
    ) -> None:
        """The game ends with the next action: put the revealed letters behind the screens."""
        unresolved = line.unresolved.get("letters", set())
        checkpoint = line.reveals.get("letters")
        if checkpoint is None:
            if line.unsure is None:
                names = ", ".join(colour_name(c) for c in sorted(unresolved, key=COLOURS.index))
                line.unsure = f"the letters of {names} were scored but never revealed"
            return
        revealed = hidden.parse_letters(checkpoint.args)
        if isinstance(revealed, str):
            return
        # with guessed colours the whole letter supply may have drifted (evaluation displays
        # are laid out from it), so then every player takes the revealed letters
        patch = set(revealed) if line.guessed_supply else unresolved
        patched: dict[str, list[int]] = {}
        wrong: list[str] = []
        for colour, final in revealed.items():
            if colour not in patch or colour not in state.players:
                continue
            gained = [probe.letters[colour][i] - state.letters[colour][i] for i in range(4)]
            before = [f - g for f, g in zip(final, gained, strict=True)]
            if min(before) < 0:
                held = hidden.describe(final, LETTERS)
                wrong.append(f"{colour_name(colour)} cannot have held {held}")
            else:
                patched[colour] = before
        holdings = [patched.get(c, state.letters[c]) for c in state.players]
        display = state.evaluation[3] if state.evaluation is not None else [0, 0, 0, 0]
        supply = [
            LETTERS_TOTAL[i]
            - sum(h[i] for h in holdings)
            - display[i]
            - (state.suite6 if i == 0 else 0)
            for i in range(4)
        ]
        if min(supply) < 0:
            wrong.append("these letters are more than the game has")
        if wrong:
            self.report(
                "note" if line.guessed_supply else "error",
                "secret" if line.guessed_supply else "checkpoint",
                f"checkpoint <{checkpoint.text}> fails: {'; '.join(wrong)}",
                address=line.prefix + state.decision.address,
                span=checkpoint.span,
            )
            return
        for colour, before in patched.items():
            state.letters[colour] = before
            unresolved.discard(colour)
        state.supply = supply

    def after_end(self, line: Line, state: GameState, move: Move | None) -> None:
        """The game is over: the letters are revealed."""
        line.revealed["letters"] = {c: state.letters[c][:] for c in state.players}
        if line.unresolved.get("letters") and line.unsure is None:
            names = ", ".join(
                colour_name(c) for c in sorted(line.unresolved["letters"], key=COLOURS.index)
            )
            line.unsure = f"the letters of {names} were scored but never revealed"

    def unrevealed(self, line: Line, state: GameState, elements: Sequence[Element]) -> None:
        """At the end of a line: say which secrets stayed unchecked."""
        left = {kind: players for kind, players in line.unresolved.items() if players}
        if line.unsure is None and not left:
            return
        span = elements[-1].span if elements else None
        address = line.prefix + self.pending_address(state)
        if line.unsure is not None:
            message = f"not fully checked: {line.unsure}"
        else:
            parts = []
            for kind, players in sorted(left.items()):
                names = ", ".join(colour_name(c) for c in sorted(players, key=COLOURS.index))
                what = {"chest": "compartments of donations", "letters": "letter colours"}.get(
                    kind, "secrets"
                )
                parts.append(f"the {what} of {names}")
            message = "never revealed in this record: " + "; ".join(parts)
        self.report("note", "secret", message, address=address, span=span)

    # ------------------------------------------------------------------------ checks

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
        self.finish_forced(line, state)
        if state.is_terminal():
            self.report(
                "error", "section", f"'{section}' after the end of the game", span=section.span
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
        address = line.prefix + self.pending_address(state)
        if checkpoint.name in hidden.REVEALS:
            problem = self.verify_reveal(line, state, checkpoint)
        else:
            checker = CHECKPOINTS.get(checkpoint.name)
            if checker is None:
                known = ", ".join(sorted((*CHECKPOINTS, *hidden.REVEALS)))
                self.report(
                    "warning",
                    "checkpoint",
                    f"unknown checkpoint '<{checkpoint.name}>' (known: {known})",
                    address=address,
                    span=checkpoint.span,
                )
                return
            problem = checker(state, checkpoint.args)
        if not problem:
            return
        if line.unsure is not None or (
            line.guessed_supply and checkpoint.name in ("digest", "letters")
        ):
            reason = line.unsure or "the colours of hidden letters decide the letter supply"
            self.report(
                "note",
                "secret",
                f"checkpoint <{checkpoint.text}> not checked: {problem} — but {reason}",
                address=address,
                span=checkpoint.span,
            )
            return
        self.report(
            "error",
            "checkpoint",
            f"checkpoint <{checkpoint.text}> fails: {problem}",
            address=address,
            span=checkpoint.span,
        )

    def verify_reveal(self, line: Line, state: GameState, checkpoint: Checkpoint) -> str | None:
        """A reveal checkpoint, checked against what was revealed (once it has been)."""
        if checkpoint.name == "chest":
            parsed = hidden.parse_chest(checkpoint.args)
            if isinstance(parsed, str):
                return parsed
            compartment, claimed = parsed
            key = f"chest {('I', 'II')[compartment]}"
            actual = line.revealed.get(key)
            if actual is None:
                actual = {c: state.chest[c][compartment] for c in state.players}
            names: Sequence[str] = hidden.CHEST_ITEMS
            what = f"compartment {('I', 'II')[compartment]}"
        else:
            letters = hidden.parse_letters(checkpoint.args)
            if isinstance(letters, str):
                return letters
            claimed = letters
            actual = line.revealed.get("letters") or {c: state.letters[c] for c in state.players}
            names = LETTERS
            what = "letters"
        wrong = []
        for colour, values in claimed.items():
            if colour not in actual:
                wrong.append(f"{colour} does not play")
            elif list(actual[colour]) != list(values):
                wrong.append(
                    f"{colour_name(colour)}'s {what} held {hidden.describe(actual[colour], names)}"
                )
        return "; ".join(wrong) or None

    def check_result(self, main: Line, game: Game) -> None:
        final = main.final
        assert final is not None
        tag = game.header("Result")
        span = next((h.span for h in game.headers if h.tag == "Result"), game.span)
        claimed = parse_result(tag) if tag is not None else None
        if not final.is_terminal():
            if claimed is not None:
                self.report(
                    "error",
                    "incomplete",
                    f"the record ends at {final.decision.address} before the game is over, "
                    f'but [Result "{tag}"] claims a result',
                    address=final.decision.address,
                    span=span,
                )
            return
        winners = tuple(final.winners())
        if tag is None:
            return
        names = " and ".join(colour_name(c) for c in winners)
        right = " ".join(winners)
        if claimed is None:
            self.report(
                "warning",
                "result",
                f'the game is over but [Result "{tag}"] gives no result: it is "{right}" '
                f"({names} won)",
                address="end",
                span=span,
                rule="R-END-3",
            )
        elif claimed != winners:
            severity: Severity = "note" if main.unsure is not None else "error"
            extra = f" (not certain: {main.unsure})" if main.unsure is not None else ""
            self.report(
                severity,
                "result" if severity == "error" else "secret",
                f'[Result "{tag}"] is wrong: the game\'s result is "{right}" ({names} won)' + extra,
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
    if len(args) != 1:
        return "expected one digest"
    digest = state_digest(state)
    return None if args[0].lower() == digest else f"the state's digest is {digest}"


CHECKPOINTS: dict[str, Callable[[GameState, tuple[str, ...]], str | None]] = {
    "souls": _check_souls,
    "money": _check_money,
    "posts": _check_posts,
    "digest": _check_digest,
}
"""Checkpoint names and their checkers (docs/notation.md, "Checkpoints"); the reveal
checkpoints ``chest`` and ``letters`` are handled with the secrets (:mod:`mcn.hidden`)."""


def checkpoint_for(name: str, state: GameState) -> Checkpoint:
    """The checkpoint ``name`` (souls, money, posts, digest) that ``state`` satisfies."""
    if name == "digest":
        return Checkpoint("digest", (state_digest(state),))
    heaven = -state.board.heaven
    values: dict[str, int] = {
        "souls": dict(state.souls()),
        "money": state.money,
        "posts": state.post,
    }[name]
    args: list[str] = []
    for colour in state.players:
        value = values[colour]
        args += [colour, "heaven" if name == "souls" and value == heaven else str(value)]
    return Checkpoint(name, tuple(args))


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

    ``on_step`` is called after every decision; returning True stops the replay there.
    ``keep_states`` stores a copy of the state after each step (for ``replay``, ``diff`` and
    ``tree``). ``strict`` stops at the first error.
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
