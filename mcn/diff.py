"""Compare two replayed records: headers, the first diverging decision, annotations, outcome.

Records are compared as *games*, not as text: both are replayed and their decisions (forced
moves and turn ends included, however each record spells or omits them) are walked side by
side. This is why two records that differ only in layout, letter case, implicit moves or the
order in which simultaneous secret bids were written are the same game.

* The **first divergence** is the first decision whose move differs (or where one record
  ends), reported with the difference of the two engine states right after it.
* Simultaneous bids of one round are compared as a set: a bid block counts as one decision, and
  the states are compared once all bids are in.
* **As a player saw it** (``viewer``): the records are the same for that player when every
  move reads the same to him (:func:`mcn.projection.action_tokens`) and, after every
  decision, his masked views (:func:`mcn.engine.view`) are equal. A difference he could not
  see (the compartment of another player's donation, say) is reported as *hidden* and only
  becomes a divergence once it shows.
* **Annotations** (comments, glyphs, variations, checkpoints) are compared separately, on the
  decisions both records share.

Everything here is pure: no I/O, no printing. :func:`compare` returns a :class:`Comparison`,
which renders as text or as JSON data (``schemas/diff.schema.json``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Final

from mcn import projection
from mcn.engine import CHANCE, GameState
from mcn.engine.constants import colour_name
from mcn.notation.model import Checkpoint, Comment, Game, Item, Move
from mcn.replay import GameReplay, Step
from mcn.terminal import visible

FORMAT: Final = "mcn-diff/1"
SPECTATOR: Final = "spectator"
HIDDEN: Final = "(hidden)"
"""How a value masked from the viewer appears in a state difference."""

#: State paths that are engine bookkeeping, not game facts: never reported.
_IGNORED_PATHS: Final = frozenset({"stack", "counter", "format", "viewer", "decision.prompt"})

_BID_ADDRESS: Final = re.compile(r"^(?:.*:)?(\d+)\.bid\.[RBGY]$")

#: What a state path is about, by its first one or two segments (for the one-line summary).
_TOPICS: Final = (
    ("seats.*.space", "souls"),
    ("seats.*.tie", "souls"),
    ("seats.*.post", "posts"),
    ("seats.*.money", "money"),
    ("seats.*.goods", "goods"),
    ("seats.*.letters", "letters"),
    ("seats.*.chest", "donations"),
    ("seats.*.sins", "dens"),
    ("pope_stones", "Pope stones"),
    ("sites", "cathedrals"),
    ("hut", "cathedrals"),
    ("emperor_card_crew", "cathedrals"),
    ("finished", "cathedrals"),
    ("market", "market"),
    ("bag", "bag"),
    ("supply", "letter supply"),
    ("suite6", "House of Pleasure"),
    ("visited", "House of Pleasure"),
    ("rooms", "House of Pleasure"),
    ("pile", "House of Pleasure"),
    ("discard", "House of Pleasure"),
    ("pope_die", "House of Pleasure"),
    ("bids", "characters"),
    ("characters", "characters"),
    ("choosers", "characters"),
    ("bonuses", "setup"),
    ("evaluation", "evaluation"),
    ("winners", "result"),
)


# ---------------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class HeaderDifference:
    """One tag whose value differs; None where a record lacks the tag."""

    tag: str
    a: str | None
    b: str | None


@dataclass(frozen=True, slots=True)
class StateDifference:
    """One leaf of the state JSON (secrets unwrapped) that differs; None where it is absent."""

    path: str
    a: Any
    b: Any


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first decision where the records part.

    ``a``/``b`` are the moves (``"B: buy wine"``), None where that record has ended;
    ``address`` is the decision's address (taken from the record that still has a move).
    ``state`` lists the differences of the two states right after it.
    """

    index: int
    address: str
    a: str | None
    b: str | None
    state: tuple[StateDifference, ...]

    @property
    def topics(self) -> list[str]:
        """What the state differences are about (``souls``, ``money``…), in first-seen order."""
        return list(dict.fromkeys(topic_of(d.path) for d in self.state))


@dataclass(frozen=True, slots=True)
class AnnotationDifference:
    """Annotations of one shared decision (or of the end) that differ.

    ``kind`` is ``comments``, ``glyphs``, ``variations`` or ``checkpoints``; ``a`` and ``b`` are
    short descriptions, one string per annotation.
    """

    address: str
    kind: str
    a: tuple[str, ...]
    b: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where a record's main line ends: the pending decision (or ``end``), souls, winners."""

    address: str
    terminal: bool
    souls: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The ``outcome`` object of the diff schema."""
        return {
            "address": self.address,
            "terminal": self.terminal,
            "souls": [{"colour": c, "space": s} for c, s in self.souls],
            "winners": list(self.winners),
        }


@dataclass(slots=True)
class Comparison:
    """Everything :func:`compare` found. ``same`` is the verdict the exit code follows."""

    viewer: str | None
    headers: list[HeaderDifference] = field(default_factory=list)
    divergence: Divergence | None = None
    hidden: str | None = None
    annotations: list[AnnotationDifference] = field(default_factory=list)
    annotations_ignored: bool = False
    outcome_a: Outcome | None = None
    outcome_b: Outcome | None = None
    files: tuple[str, str] = ("A", "B")
    games: tuple[int, int] = (1, 1)

    @property
    def outcome_differs(self) -> bool:
        """Whether the two records end differently (where, souls or winners)."""
        return self.outcome_a != self.outcome_b

    @property
    def same(self) -> bool:
        """True when nothing that counts differs."""
        return (
            not self.headers
            and self.divergence is None
            and not self.annotations
            and not self.outcome_differs
        )

    def to_json(self) -> dict[str, Any]:
        """The report as JSON data (``schemas/diff.schema.json``)."""
        divergence = None
        if self.divergence is not None:
            d = self.divergence
            divergence = {
                "index": d.index,
                "address": d.address,
                "a": d.a,
                "b": d.b,
                "topics": d.topics,
                "state": [
                    {"path": s.path, "a": _json_safe(s.a), "b": _json_safe(s.b)} for s in d.state
                ],
            }
        return {
            "format": FORMAT,
            "a": {"file": self.files[0], "game": self.games[0]},
            "b": {"file": self.files[1], "game": self.games[1]},
            "as": self.viewer,
            "same": self.same,
            "headers": [{"tag": h.tag, "a": h.a, "b": h.b} for h in self.headers],
            "divergence": divergence,
            "hidden_divergence": self.hidden,
            "annotations": [
                {"address": n.address, "kind": n.kind, "a": list(n.a), "b": list(n.b)}
                for n in self.annotations
            ],
            "annotations_ignored": self.annotations_ignored,
            "outcome": {
                "differs": self.outcome_differs,
                "a": self.outcome_a.to_json() if self.outcome_a else None,
                "b": self.outcome_b.to_json() if self.outcome_b else None,
            },
        }

    def text(self) -> str:
        """The report for people, one finding per paragraph."""
        a, b = self.files
        seen = f" as {_viewer_name(self.viewer)} saw them" if self.viewer else ""
        lines: list[str] = [
            f"--- A: {a} (game {self.games[0]})",
            f"+++ B: {b} (game {self.games[1]})",
        ]
        if self.headers:
            lines.append("headers differ:")
            for h in self.headers:
                lines.append(f"  [{h.tag}]  A: {_quoted(h.a)}  B: {_quoted(h.b)}")
        if self.divergence is not None:
            d = self.divergence
            lines.append(f"first divergence{seen} at {d.address} (decision {d.index + 1}):")
            lines.append(f"  A: {d.a if d.a is not None else '(record ends)'}")
            lines.append(f"  B: {d.b if d.b is not None else '(record ends)'}")
            if d.state:
                lines.append(f"  the state right after it differs in: {', '.join(d.topics)}")
                for s in d.state:
                    lines.append(f"    {s.path}:  A: {_value(s.a)}  B: {_value(s.b)}")
        if self.hidden is not None:
            where = "never shows" if self.divergence is None else "shows only later"
            lines.append(
                f"the moves differ first at {self.hidden}, hidden from "
                f"{_viewer_name(self.viewer)} (the difference {where})"
            )
        if self.annotations:
            lines.append("annotations differ:")
            for n in self.annotations:
                lines.append(f"  {n.address} {n.kind}:  A: {_listed(n.a)}  B: {_listed(n.b)}")
        elif self.annotations_ignored:
            lines.append("annotations ignored")
        if self.outcome_differs and self.outcome_a and self.outcome_b:
            lines.append("outcome differs:")
            lines.append(f"  A: {_outcome_text(self.outcome_a)}")
            lines.append(f"  B: {_outcome_text(self.outcome_b)}")
        if self.same:
            lines.append(f"the records are the same game{seen}")
        return "\n".join(visible(line) for line in lines)  # record text, safe for terminals


# ---------------------------------------------------------------------------------- comparing


def compare(
    a: GameReplay,
    b: GameReplay,
    *,
    viewer: str | None = None,
    annotations: bool = True,
) -> Comparison:
    """Compare two replays (made with ``keep_states=True``) of complete or partial records.

    ``viewer`` is a colour, ``"spectator"``, or None for the full (omniscient) comparison.
    """
    result = Comparison(
        viewer=viewer,
        annotations_ignored=not annotations,
        files=(a.file, b.file),
        games=(a.index, b.index),
    )
    result.headers = header_differences(a.game, b.game)
    steps_a = a.main.steps if a.main else []
    steps_b = b.main.steps if b.main else []
    blocks_a, blocks_b = decision_blocks(steps_a), decision_blocks(steps_b)
    setups_differ = _start_json(a) != _start_json(b)
    revealed = {
        id(step): flag
        for steps in (steps_a, steps_b)
        for step, flag in zip(steps, projection.revealed_flags(steps), strict=True)
    }
    shared = _walk(result, blocks_a, blocks_b, viewer, setups_differ, revealed)
    if annotations:
        result.annotations = annotation_differences(a.game, b.game, shared)
    result.outcome_a = outcome_of(a)
    result.outcome_b = outcome_of(b)
    return result


def _start_json(replay: GameReplay) -> dict[str, Any] | None:
    """The state a record's game starts from (players, ruleset, board, variant)."""
    return replay.main.start.to_json() if replay.main else None


def _walk(
    result: Comparison,
    blocks_a: list[list[Step]],
    blocks_b: list[list[Step]],
    viewer: str | None,
    setups_differ: bool,
    revealed: dict[int, bool],
) -> list[tuple[Step, Step]]:
    """Walk the decision blocks side by side; set the divergence (and the hidden one).

    States are compared only where they can differ: after different moves, or throughout when
    the games were set up differently or a hidden difference has already happened. Returns the
    pairs of steps both records share up to the divergence (for the annotation comparison).
    """
    shared: list[tuple[Step, Step]] = []
    states_differ = setups_differ
    decisions = 0
    for number in range(max(len(blocks_a), len(blocks_b))):
        if number >= len(blocks_a) or number >= len(blocks_b):
            ended_a = number >= len(blocks_a)
            step = (blocks_b if ended_a else blocks_a)[number][0]
            move = _move_text(step, viewer, revealed)
            result.divergence = Divergence(
                decisions, step.address, None if ended_a else move, move if ended_a else None, ()
            )
            break
        block_a, block_b = blocks_a[number], blocks_b[number]
        moves_differ, first = _block_difference(block_a, block_b)
        if not moves_differ:
            shared.extend(_pairs(block_a, block_b))
        if moves_differ or states_differ:
            differences = state_differences(_state_after(block_a), _state_after(block_b), viewer)
            seen = moves_differ and _seen_moves(block_a, viewer, revealed) != _seen_moves(
                block_b, viewer, revealed
            )
            if differences or seen or _addresses(block_a) != _addresses(block_b):
                index = decisions + _index_in_block(block_a, first)
                result.divergence = _divergence(
                    index, first, block_a, block_b, differences, viewer, revealed
                )
                break
            if moves_differ:
                shared.extend(_pairs(block_a, block_b))
                states_differ = True
                if result.hidden is None:
                    result.hidden = first
        decisions += len(block_a)
    return shared


def _divergence(
    index: int,
    address: str,
    block_a: list[Step],
    block_b: list[Step],
    state: list[StateDifference],
    viewer: str | None,
    revealed: dict[int, bool],
) -> Divergence:
    step_a = next((s for s in block_a if s.address == address), None)
    step_b = next((s for s in block_b if s.address == address), None)
    return Divergence(
        index,
        address,
        _move_text(step_a, viewer, revealed) if step_a else None,
        _move_text(step_b, viewer, revealed) if step_b else None,
        tuple(state),
    )


def decision_blocks(steps: list[Step]) -> list[list[Step]]:
    """The steps grouped so that each round's secret bids form one block (compared as a set)."""
    blocks: list[list[Step]] = []
    current_round: str | None = None
    for step in steps:
        match = _BID_ADDRESS.match(step.address)
        if match is not None and current_round == match.group(1) and blocks:
            blocks[-1].append(step)
            continue
        current_round = match.group(1) if match else None
        blocks.append([step])
    return blocks


def _block_difference(block_a: list[Step], block_b: list[Step]) -> tuple[bool, str]:
    """Whether two blocks' moves differ, and the address of the first difference (A's order)."""
    moves_b = {s.address: s.action for s in block_b}
    for step in block_a:
        if moves_b.get(step.address) != step.action:
            return True, step.address
    if len(block_b) != len(block_a):
        moves_a = {s.address for s in block_a}
        extra = next(s.address for s in block_b if s.address not in moves_a)
        return True, extra
    return False, block_a[0].address


def _pairs(block_a: list[Step], block_b: list[Step]) -> list[tuple[Step, Step]]:
    by_address = {s.address: s for s in block_b}
    return [(s, by_address[s.address]) for s in block_a if s.address in by_address]


def _addresses(block: list[Step]) -> set[str]:
    return {s.address for s in block}


def _index_in_block(block: list[Step], address: str) -> int:
    return next((i for i, s in enumerate(block) if s.address == address), 0)


def _state_after(block: list[Step]) -> GameState:
    state = block[-1].state
    if state is None:
        raise ValueError("compare() needs replays made with keep_states=True")
    return state


def _move_text(step: Step, viewer: str | None, revealed: dict[int, bool]) -> str:
    """A step as the record writes it (``B: buy wine``, ``market: …`` for chance), or, with a
    viewer, as the viewer's redacted record writes it (``B: donate jewel>?``)."""
    if viewer is None:
        text = step.action.text
    else:
        seer = None if viewer == SPECTATOR else viewer
        text = " ".join(
            projection.action_tokens(step.action, seer, step.events, revealed.get(id(step), False))
        )
    return text if step.action.actor == CHANCE else f"{step.action.actor}: {text}"


def _seen_moves(block: list[Step], viewer: str | None, revealed: dict[int, bool]) -> dict[str, str]:
    """The moves of a block as ``viewer`` saw them (all of them, without a viewer)."""
    return {step.address: _move_text(step, viewer, revealed) for step in block}


# ---------------------------------------------------------------------------------- states


def state_json(state: GameState, viewer: str | None) -> dict[str, Any]:
    """The state as compared: everything, or what ``viewer`` (a colour or spectator) sees."""
    if viewer is None:
        return projection.state_json(state, projection.EVERYTHING)
    return projection.state_json(state, None if viewer == SPECTATOR else viewer)


def flatten(data: Any) -> dict[str, Any]:
    """The leaves of a state JSON by path (``seats.R.money``), secrets unwrapped.

    A secret the viewer may see contributes its value; a masked one the marker :data:`HIDDEN`.
    Lists of plain values are leaves (``rooms``), lists of objects are indexed (``sites[1]``).
    Iterative, like everything that walks data of unbounded depth here.
    """
    out: dict[str, Any] = {}
    work: list[tuple[str, Any]] = [("", data)]
    while work:
        path, value = work.pop()
        if path in _IGNORED_PATHS:
            continue
        if isinstance(value, dict) and "secret" in value and len(value) == 2:
            work.append((path, value.get("value", HIDDEN)))
            continue
        if isinstance(value, dict) and value:
            for key in reversed(list(value)):
                work.append((f"{path}.{key}" if path else str(key), value[key]))
        elif isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
            for i in reversed(range(len(value))):
                work.append((f"{path}[{i}]", value[i]))
        else:
            out[path] = value
    return out


def state_differences(
    a: GameState, b: GameState, viewer: str | None = None
) -> list[StateDifference]:
    """Every leaf of the two states (or of ``viewer``'s views of them) that differs."""
    json_a, json_b = state_json(a, viewer), state_json(b, viewer)
    if json_a == json_b:  # the common case after a hidden difference: no need to flatten
        return []
    flat_a = flatten(json_a)
    flat_b = flatten(json_b)
    paths = list(flat_a) + [p for p in flat_b if p not in flat_a]
    return [
        StateDifference(p, flat_a.get(p), flat_b.get(p))
        for p in paths
        if flat_a.get(p) != flat_b.get(p)
    ]


def topic_of(path: str) -> str:
    """What a state path is about, for the summary line (``seats.B.money`` → ``money``)."""
    parts = re.split(r"[.\[]", path)
    for pattern, topic in _TOPICS:
        wanted = pattern.split(".")
        if len(parts) >= len(wanted) and all(
            w == "*" or w == p for w, p in zip(wanted, parts, strict=False)
        ):
            return topic
    return "turn"


# ---------------------------------------------------------------------------------- headers


def header_differences(a: Game, b: Game) -> list[HeaderDifference]:
    """Tag by tag, in A's order then B's extra tags: the values that differ."""
    values_a = {h.tag: h.value for h in a.headers}
    values_b = {h.tag: h.value for h in b.headers}
    tags = list(values_a) + [t for t in values_b if t not in values_a]
    return [
        HeaderDifference(t, values_a.get(t), values_b.get(t))
        for t in tags
        if values_a.get(t) != values_b.get(t)
    ]


# ---------------------------------------------------------------------------------- annotations


@dataclass(slots=True)
class _Annotations:
    """What a record says about one decision besides the move itself."""

    comments: list[str] = field(default_factory=list)
    glyphs: list[str] = field(default_factory=list)
    variations: list[str] = field(default_factory=list)
    checkpoints: list[str] = field(default_factory=list)
    variation_data: tuple[object, ...] = ()


def _loose_annotations(game: Game) -> tuple[dict[int, _Annotations], _Annotations]:
    """Game-level comments and checkpoints, attached to the move that follows them.

    Keys are ``id(move)`` (the replay's steps hold the very same Move objects); the second
    value collects what follows the last move.
    """
    attached: dict[int, _Annotations] = {}
    pending = _Annotations()
    for element in game.body:
        if isinstance(element, Comment):
            pending.comments.append(element.text)
        elif isinstance(element, Checkpoint):
            pending.checkpoints.append(element.text)
        elif isinstance(element, Item) and (pending.comments or pending.checkpoints):
            attached[id(element.moves[0])] = pending
            pending = _Annotations()
    return attached, pending


def _move_annotations(move: Move | None, loose: dict[int, _Annotations]) -> _Annotations:
    out = _Annotations()
    if move is None:
        return out
    extra = loose.get(id(move))
    if extra is not None:
        out.comments.extend(extra.comments)
        out.checkpoints.extend(extra.checkpoints)
    out.comments.extend(f"before: {c.text}" for c in move.before)
    out.comments.extend(c.text for c in move.after)
    out.glyphs.extend(move.glyphs)
    out.variations.extend(_variation_summary(v) for v in move.variations)
    out.variation_data = move.variations
    return out


def _variation_summary(variation: tuple[object, ...]) -> str:
    """A variation's moves on its own line of play (nested variations not entered)."""
    moves: list[str] = []
    for element in variation:
        if isinstance(element, Item):
            for move in element.moves:
                moves.append(move.text if move.is_chance else f"{move.actor}: {move.text}")
    text = "; ".join(moves)
    return text if len(text) <= 120 else text[:119] + "…"


def annotation_differences(
    a: Game, b: Game, shared: list[tuple[Step, Step]]
) -> list[AnnotationDifference]:
    """Annotation differences on the decisions both records share, and at their ends."""
    loose_a, tail_a = _loose_annotations(a)
    loose_b, tail_b = _loose_annotations(b)
    out: list[AnnotationDifference] = []
    for step_a, step_b in shared:
        notes_a = _move_annotations(step_a.move, loose_a)
        notes_b = _move_annotations(step_b.move, loose_b)
        out.extend(_annotation_pair(step_a.address, notes_a, notes_b))
    out.extend(_annotation_pair("end", tail_a, tail_b))
    return out


def _annotation_pair(address: str, a: _Annotations, b: _Annotations) -> list[AnnotationDifference]:
    out = []
    for kind in ("comments", "glyphs", "checkpoints"):
        value_a, value_b = getattr(a, kind), getattr(b, kind)
        if value_a != value_b:
            out.append(AnnotationDifference(address, kind, tuple(value_a), tuple(value_b)))
    if a.variation_data != b.variation_data:
        out.append(
            AnnotationDifference(address, "variations", tuple(a.variations), tuple(b.variations))
        )
    return out


# ---------------------------------------------------------------------------------- outcome


def outcome_of(replay: GameReplay) -> Outcome | None:
    """Where the main line of ``replay`` ends, and how."""
    final = replay.final
    if final is None:
        return None
    terminal = final.is_terminal()
    return Outcome(
        "end" if terminal else final.decision.address,
        terminal,
        tuple(final.souls()),
        tuple(final.winners()),
    )


# ---------------------------------------------------------------------------------- text helpers


def _viewer_name(viewer: str | None) -> str:
    if viewer is None or viewer == SPECTATOR:
        return "a spectator"
    return colour_name(viewer)


def _quoted(value: str | None) -> str:
    return "(missing)" if value is None else json.dumps(value, ensure_ascii=False)


def _listed(values: tuple[str, ...]) -> str:
    if not values:
        return "(none)"
    return " | ".join(json.dumps(v, ensure_ascii=False) for v in values)


def _value(value: Any) -> str:
    if value is None:
        return "(absent)"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _outcome_text(outcome: Outcome) -> str:
    souls = ", ".join(f"{c} {s}" for c, s in outcome.souls)
    if outcome.terminal:
        winners = " ".join(outcome.winners) or "nobody"
        return f"game over, winners {winners}; souls {souls}"
    return f"ends unfinished at {outcome.address}; souls {souls}"


def _json_safe(value: Any) -> Any:
    """State leaves are JSON already; tuples (never expected) become lists."""
    return list(value) if isinstance(value, tuple) else value
