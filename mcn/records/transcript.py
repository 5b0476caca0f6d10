"""Transcript: write an engine-played game as an MCN record.

This is the other half of the replay binding (:mod:`mcn.replay`): it turns the engine's
history (every decision with its address) into record items, leaving out exactly the decisions
replay takes by itself — forced moves (a decision with one legal action) and the ``end`` that
closes a turn — so that replaying ``transcript(history)`` retakes every decision of the history.

Whether replay would take a decision by itself depends on the next move the record *writes*:
replay applies a forced move only when that move does not fit first. So the decisions are
judged from the last to the first, each against the next written move.

Grouping (docs/notation.md): chance outcomes, starting bonuses, bids and character choices
each start an item; every other decision joins the item of its round section or turn, with its
own actor head when another player makes it (the Pope's guesser, the Emperor's gift, donors
picking letters, …). Action-phase turns are labelled with their turn number.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from mcn.engine import Event, GameState, new_game
from mcn.engine.actions import Action, End
from mcn.engine.constants import CHANCE
from mcn.engine.data import Board
from mcn.notation.lexical import COLOUR_TAGS, ROSTER
from mcn.notation.model import Checkpoint, Element, Game, Header, Item, Move, Section
from mcn.records.arguments import expect, expect_texts, kind_of
from mcn.replay import forced_action

_ITEM_STARTERS = frozenset({"souls", "bonus", "market", "rooms", "bid", "choose"})
_FORCED_LIMIT = 1000


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a played game: its address, the action taken, and (if known) whether
    it was forced (the engine's ``HistoryEntry`` carries this; otherwise it is computed)."""

    address: str
    action: Action
    forced: bool | None = None


def _section_of(address: str) -> str:
    """``"3.5"`` for ``"3.5.2"``, ``"3.pick"`` for ``"3.pick.4"``, ``"3.bid"`` for ``"3.bid.R"``."""
    return address.rsplit(".", 1)[0]


def _round_of(address: str) -> int | None:
    head = address.split(".", 1)[0]
    return int(head) if head.isdigit() else None


def _turn_of(address: str) -> int | None:
    parts = address.split(".")
    return int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None


def _fits(state: GameState, action: Action) -> bool:
    """Whether replay reads ``action`` at the pending decision: it is accepted and is no breach
    (replay reads a breach only when nothing implicit can come first, I-POP-9)."""
    return state.judge(action).legal


def _fits_after_end(state: GameState, end: Action, written: Action) -> bool:
    """Whether replay's implicit ``end`` applies: ``written`` fits after the end and the forced
    moves that follow it."""
    probe = state.clone()
    probe.apply(end)
    for _ in range(_FORCED_LIMIT):
        if _fits(probe, written):
            return True
        forced = forced_action(probe)
        if forced is None:
            return False
        probe.apply(forced)
    return False


def _starts_item(action: Action, address: str, previous_section: str | None) -> bool:
    verb = action.text.split(" ", 1)[0]
    return (
        action.actor == CHANCE or verb in _ITEM_STARTERS or _section_of(address) != previous_section
    )


def implicit_decisions(
    decisions: Sequence[Decision], start: GameState, keep: Collection[int] = ()
) -> tuple[list[bool], GameState]:
    """For each decision, whether replay would take it by itself (so a record omits it); and
    the state after the last decision. ``start`` is the state before the first decision; it
    is not changed. The decisions at the indices in ``keep`` are always written (they carry
    a comment, a glyph or a variation: ``mcn record``).
    """
    state = start.clone()
    before: dict[int, GameState] = {}  # the states where a decision might be left implicit
    forced: list[bool] = []
    for index, decision in enumerate(decisions):
        action = decision.action
        if action.actor == CHANCE or state.decision.per_actor:
            forced.append(False)
        else:
            known = decision.forced
            forced.append(forced_action(state) == action if known is None else known)
            if forced[-1] or isinstance(action, End):
                before[index] = state.clone()
        state.apply(action)
    implicit = [False] * len(decisions)
    written: Decision | None = None  # the next written decision after the one judged
    for index in range(len(decisions) - 1, -1, -1):
        decision = decisions[index]
        pending = before.get(index)
        omit = False
        if pending is not None:
            new_round = written is not None and (
                _round_of(written.address) != _round_of(decision.address)
            )
            if written is None or new_round:
                omit = True
            elif forced[index]:
                omit = not _fits(pending, written.action)
            else:  # an end
                omit = _starts_item(
                    written.action, written.address, _section_of(decision.address)
                ) or (
                    not _fits(pending, written.action)
                    and _fits_after_end(pending, decision.action, written.action)
                )
        omit = omit and index not in keep
        implicit[index] = omit
        if not omit:
            written = decision
    return implicit, state


def transcript(
    history: Iterable[Decision] | Iterable[tuple[str, Action]] | Iterable[object],
    *,
    players: Sequence[str],
    headers: Sequence[tuple[str, str]] = (),
    ruleset: str = "de-2016",
    board: str = "standard",
    variant: str = "standard",
    infractions: Sequence[str] = (),
    checkpoint: Callable[[GameState, str], Sequence[Checkpoint]] | None = None,
) -> Game:
    """The MCN record of a game given as its decisions in order.

    ``history`` holds :class:`Decision` objects, ``(address, action)`` pairs or the engine's
    ``HistoryEntry`` values. ``checkpoint(state, address)``, if given, is asked after each
    item for checkpoints to write there (``address`` is the item's last decision); the state
    is the one replay will have reached at that point.
    """
    start = new_game(tuple(players), ruleset, board, variant, tuple(infractions))
    body, final = transcribe(history, start, checkpoint=checkpoint)
    all_headers = _headers(players, headers, ruleset, board, variant, infractions, final)
    return Game(all_headers, body)


def transcribe(
    history: Iterable[Decision] | Iterable[tuple[str, Action]] | Iterable[object],
    start: GameState,
    *,
    sections: bool = True,
    checkpoint: Callable[[GameState, str], Sequence[Checkpoint]] | None = None,
    judged: tuple[list[bool], GameState] | None = None,
    keep: Collection[int] = (),
    annotate: Callable[[int, Move], Move] | None = None,
) -> tuple[tuple[Element, ...], GameState]:
    """The body elements of a line of play that starts at ``start`` (not changed), and the
    state at its end. Without ``sections`` the body starts without a section marker (a
    variation, which continues the section it branches from). ``judged`` is the result of
    :func:`implicit_decisions` for the same line, when the caller has it already. ``keep``
    and ``annotate(index, move)`` let a caller write decisions it annotates and annotate
    their moves (comments, glyphs, variations: ``mcn record``)."""
    decisions = [_decision(entry) for entry in history]
    implicit, final = judged or implicit_decisions(decisions, start, keep)
    state = start.clone()
    body: list[Element] = []
    current: list[Move] = []
    label: int | None = None
    section: str | None = None
    current_round: int | None = None if sections else start.round
    in_setup = not sections
    after_written: GameState | None = None  # the state after the last written decision
    last_index = -1
    last_address = ""

    def flush() -> None:
        nonlocal current, label
        if current:
            body.append(Item(tuple(current), label))
            if checkpoint is not None and after_written is not None:
                body.extend(checkpoint(_closed(after_written), last_address))
        current = []
        label = None

    def _closed(after: GameState) -> GameState:
        """Replay's state after the item: its end takes the forced moves of the item's section
        that lead to the ``end`` of a turn, and that end (mcn.replay ``end_turn``)."""
        run = []
        for index in range(last_index + 1, len(decisions)):
            if not implicit[index] or _section_of(decisions[index].address) != section:
                break
            run.append(decisions[index].action)
            if isinstance(run[-1], End):
                closed = after.clone()
                for action in run:
                    closed.apply(action)
                return closed
        return after

    for index, (decision, omit) in enumerate(zip(decisions, implicit, strict=True)):
        action = decision.action
        if not omit:
            round_number = _round_of(decision.address)
            if decision.address.startswith("setup") and not in_setup:
                flush()
                body.append(Section("setup"))
                in_setup = True
            if round_number is not None and round_number != current_round:
                flush()
                body.append(Section("round", round_number))
                current_round = round_number
            if _starts_item(action, decision.address, section) or not current:
                flush()
                section = _section_of(decision.address)
                label = _turn_of(decision.address)
            move = Move(action.actor, tuple(action.text.split()))
            current.append(move if annotate is None else annotate(index, move))
        if checkpoint is None:
            continue
        state.apply(action)
        if not omit:
            last_address = decision.address
            last_index = index
            after_written = state.clone()
    flush()
    return tuple(body), final


def _decision(entry: object) -> Decision:
    if isinstance(entry, Decision):
        return entry
    if isinstance(entry, tuple) and len(entry) == 2:
        return Decision(str(entry[0]), entry[1])
    address = getattr(entry, "address", None)
    action = getattr(entry, "action", None)
    if not isinstance(address, str) or not isinstance(action, Action):
        raise TypeError(f"not a decision of a history: {entry!r}")
    forced = getattr(entry, "forced", None)
    return Decision(address, action, forced if isinstance(forced, bool) else None)


def _headers(
    players: Sequence[str],
    extra: Sequence[tuple[str, str]],
    ruleset: str,
    board: str,
    variant: str,
    infractions: Sequence[str],
    final: GameState,
) -> tuple[Header, ...]:
    values: dict[str, str] = {"Event": "?", "Site": "?", "Date": "????.??.??"}
    for colour in players:
        values[COLOUR_TAGS[colour]] = f"{COLOUR_TAGS[colour]} player"
    values.update({"Rules": ruleset, "Board": board, "Variant": variant})
    if variant == "meta-culpa":
        values["Infractions"] = " ".join(infractions)
    values["Result"] = " ".join(final.winners()) if final.is_terminal() else "*"
    unknown: list[tuple[str, str]] = []
    for tag, value in extra:
        if tag in ROSTER:
            values[tag] = value
        else:
            unknown.append((tag, value))
    ordered = [Header(tag, values[tag]) for tag in ROSTER if tag in values]
    return tuple(ordered + [Header(tag, value) for tag, value in unknown])


def record_from_actions(
    actions: Iterable[Action | str],
    *,
    players: Sequence[str] | None = None,
    headers: Mapping[str, str] | Sequence[tuple[str, str]] = (),
    ruleset: str = "de-2016",
    board: str = "standard",
    variant: str = "standard",
    infractions: Sequence[str] = (),
) -> Game:
    """The canonical record of a game given as the plain sequence of actions applied to it
    from ``setup.1`` (:class:`Action` objects, or texts such as ``"R: buy bread"``).

    Each action is checked by the engine as it is applied (``IllegalAction``, state and record
    untouched by a refused one); the items are grouped as the notation's writer groups them,
    the forced moves and turn ends left implicit, and ``Result`` is filled in from the game
    (``*`` while unfinished). ``players`` defaults to the colours of the colour ``headers``.
    """
    writer = RecordWriter(
        players=players,
        headers=headers,
        ruleset=ruleset,
        board=board,
        variant=variant,
        infractions=infractions,
    )
    for action in actions:
        writer.apply(action)
    return writer.game()


def _header_pairs(headers: object) -> list[tuple[str, str]]:
    """The ``(tag, value)`` pairs of a mapping or a sequence of pairs; ``TypeError`` naming
    the argument for anything else (a string, pairs that are not two strings)."""
    what = "a mapping of tags to values or a sequence of (tag, value) pairs"
    if isinstance(headers, Mapping):
        pairs = list(headers.items())
    elif isinstance(headers, Iterable) and not isinstance(headers, str | bytes):
        pairs = list(headers)
    else:
        raise TypeError(f"mcn.RecordWriter(): headers must be {what}, not {kind_of(headers)}")
    for pair in pairs:
        if not (
            isinstance(pair, tuple | list)
            and len(pair) == 2
            and all(isinstance(part, str) for part in pair)
        ):
            raise TypeError(f"mcn.RecordWriter(): headers must be {what}; got {pair!r:.60}")
    return [(tag, value) for tag, value in pairs]


class RecordWriter:
    """A live game written as it is played: :meth:`apply` each action (an :class:`Action`
    or its text); :meth:`game` is the record so far, :meth:`text` its canonical MCN. The state
    (``writer.state``) is the game's own: read it, do not change it (apply through the writer).
    """

    def __init__(
        self,
        *,
        players: Sequence[str] | None = None,
        headers: Mapping[str, str] | Sequence[tuple[str, str]] = (),
        ruleset: str = "de-2016",
        board: str = "standard",
        variant: str = "standard",
        infractions: Sequence[str] = (),
    ) -> None:
        call = "RecordWriter"
        if players is not None:
            expect_texts(players, call, "players", "a sequence of colours such as ('R', 'B')")
        pairs = _header_pairs(headers)
        for name, value in (("ruleset", ruleset), ("variant", variant)):
            expect(value, str, call, name, "a str")
        expect(board, str | Board, call, "board", "a board profile's name or a Board")
        expect_texts(infractions, call, "infractions", "a sequence of infraction codes")
        if players is None:
            tags = {tag for tag, _ in pairs}
            players = [colour for colour, tag in COLOUR_TAGS.items() if tag in tags]
        self.players = tuple(players)
        self.headers = [(tag, value) for tag, value in pairs if tag != "Result"]
        self.setup = (ruleset, board, variant, tuple(infractions))
        self.state = new_game(self.players, ruleset, board, variant, tuple(infractions))
        self.history: list[Decision] = []

    def apply(self, action: Action | str) -> list[Event]:
        """Check and apply one action (``IllegalAction``/``ActionSyntaxError``: nothing
        changes); its events."""
        from mcn.engine.history import action_of

        chosen = action_of(self.state, action) if isinstance(action, str) else action
        if not isinstance(chosen, Action):
            raise TypeError(f"an action is an Action or its text, not {type(action).__name__}")
        address = self.state.address_of(chosen)
        events = self.state.apply(chosen)
        self.history.append(Decision(address, chosen))  # transcript judges what was forced
        return events

    def game(self) -> Game:
        """The record of the game so far (``Result`` ``*`` until it is over)."""
        ruleset, board, variant, infractions = self.setup
        return transcript(
            self.history,
            players=self.players,
            headers=self.headers,
            ruleset=ruleset,
            board=board,
            variant=variant,
            infractions=infractions,
        )

    def text(self) -> str:
        """The record so far as canonical MCN."""
        from mcn.notation import write

        return write(self.game())
