"""What a checkpoint written in a record means (``<souls …>``, ``<money …>``, ``<posts …>``,
``<digest …>``), the public state digest, and the ``Result`` tag's reading. Pure functions of
a state; the replay's checks (:mod:`mcn.replay.checks`) compare them with the record."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from mcn.engine import GameState
from mcn.engine.constants import COLOURS, colour_name
from mcn.notation.lexical import COLOUR_TAGS
from mcn.notation.model import Checkpoint


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
checkpoints ``chest`` and ``letters`` are handled with the secrets (:mod:`mcn.replay.hidden`)."""


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
