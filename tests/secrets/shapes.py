"""Record shapes for the twin test: the same secret in records made in other ways.

:mod:`tests.secrets.twins` cuts an engine-played record in two; a twin pair found there is
turned here into pairs of other shapes, so that every way a record can hold a secret is in the
matrix (issue 24, item 3):

``position``
    both records start from a ``[Position]`` taken after the secret: the secret is in the
    header (a pending bid, the Pope die, a chest compartment, a hand), which ``html --as``,
    ``diff --as`` and ``redact`` must show as the viewer saw it;
``variation``
    both records have the same main line, and a variation that differs in the secret; half of
    them break inside the variation, with the secret written again after the error (a move
    replay never reached, masked by its text alone);
``broken``
    both records end with a broken move in the item of the secret (on its line: a round's bids
    share one), so error lines quote it;
``third``
    a third record with a third value of the secret, cut elsewhere, which ``diff --as``
    compares with each twin.

Each function returns None when the shape cannot be made from the pair (no third value, a
record the shape would break otherwise).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from mcn.engine.actions import Action
from mcn.notation import parse
from mcn.notation.model import Element, Game, Header, Item, Move
from mcn.notation.writer import write
from mcn.records.transcript import transcribe
from mcn.replay import replay_game
from mcn.views.positions import position_text
from tests.secrets.twins import (
    NAME,
    Base,
    Side,
    Twins,
    _agree,
    _cut,
    alternatives,
    public_divergence,
)

SHAPES = ("position", "variation", "broken", "third")


def _read(game: Game) -> Side:
    """``game`` written and read back (so that errors have lines to quote), and replayed."""
    text = write(game)
    parsed = parse(text, name=NAME).games[0]
    return Side(parsed, replay_game(parsed, file=NAME, keep_states=True), text=text)


def _move(twins: Twins, side: Side) -> Move:
    move = side.steps[twins.spot.index].move
    assert move is not None
    return move


def _replace_move(body: Sequence[Element], old: Move, new: Move) -> tuple[Element, ...]:
    """``body`` with the main-line move ``old`` (by identity) replaced by ``new``."""
    out: list[Element] = []
    for element in body:
        if isinstance(element, Item) and any(m is old for m in element.moves):
            moves = tuple(new if m is old else m for m in element.moves)
            element = Item(moves, element.label)
        out.append(element)
    return tuple(out)


def from_position(twins: Twins, rng: random.Random) -> Twins | None:
    """Both records from a ``[Position]`` after the secret (see the module docstring)."""
    if twins.records is None:
        return None
    a, b = twins.records
    end = len(a.steps) - 1
    if end <= twins.spot.index:
        return None
    start = rng.randint(twins.spot.index + 1, end)
    sides = []
    for side in (a, b):
        state = side.state(start - 1)
        body, _ = transcribe([(s.address, s.action) for s in side.steps[start:]], state)
        headers = (*side.game.headers, Header("Position", position_text(state)))
        sides.append(_read(Game(headers, body)))
    new_a, new_b = sides
    if not (new_a.replay.valid and new_b.replay.valid) or not new_a.steps:
        return None
    if len(new_a.steps) != len(new_b.steps):
        return None
    if public_divergence(new_a.steps, new_b.steps, 0) is not None:
        return None
    last = len(new_a.steps) - 1
    return replace(
        twins, a=new_a, b=new_b, first=0, last=last, records=(new_a, new_b), shape="position"
    )


def with_variation(twins: Twins, rng: random.Random) -> Twins | None:
    """The main line of ``a`` in both, and a variation of the secret move that differs in the
    secret — broken half of the time, with the secret written again after the error."""
    if twins.records is None:
        return None
    a, b = twins.records
    main_move = _move(twins, a)
    broken = rng.random() < 0.5
    sides = []
    for side in (a, b):
        secret = _move(twins, side)
        seen = Move(secret.actor, secret.tokens)
        moves = (seen, Move(secret.actor, ("frobnicate", "3")), seen) if broken else (seen,)
        variation: tuple[Element, ...] = (Item(moves),)
        body = _replace_move(a.game.body, main_move, replace(main_move, variations=(variation,)))
        sides.append(_read(replace(a.game, body=body)))
    new_a, new_b = sides
    for side in sides:
        main = side.replay.main
        if main is None or main.error is not None or len(side.steps) != len(a.steps):
            return None
        errors = [d for d in side.replay.diagnostics if d.severity == "error"]
        if bool(errors) != broken:
            return None
    return replace(twins, a=new_a, b=new_b, records=(new_a, new_b), shape="variation")


def broken_at_the_secret(twins: Twins, game: Base, rng: random.Random) -> Twins | None:
    """The records cut at the end of the secret's item, then a broken move in that item."""
    steps = game.steps
    index = twins.spot.index
    item = next(
        (
            e
            for e in game.game.body
            if isinstance(e, Item) and any(m is steps[index].move for m in e.moves)
        ),
        None,
    )
    if item is None or twins.records is None:
        return None
    written = {id(s.move): i for i, s in enumerate(steps) if s.move is not None}
    last = max(written[id(m)] for m in item.moves)
    if last >= twins.spot.reveal or (twins.public is not None and last >= twins.public):
        return None
    change = (index, _move(twins, twins.records[1]))
    bad = rng.choice([("frobnicate", "3"), ("visit", "99")])
    sides = []
    for change_or_none in (None, change):
        cut = _cut(game.game, steps, last, change_or_none)
        final = cut.body[-1]
        assert isinstance(final, Item)
        actor = final.moves[-1].actor
        body = (*cut.body[:-1], Item((*final.moves, Move(actor, bad)), final.label))
        sides.append(_read(replace(cut, body=body)))
    new_a, new_b = sides
    main_a, main_b = new_a.replay.main, new_b.replay.main
    if main_a is None or main_b is None or main_a.error is None or main_b.error is None:
        return None
    if not (len(new_a.steps) == len(new_b.steps) > index):
        return None
    if public_divergence(new_a.steps, new_b.steps, index + 1) is not None:
        return None
    end = len(new_a.steps) - 1
    return replace(
        twins, a=new_a, b=new_b, last=end, records=(new_a, new_b), public=None, shape="broken"
    )


def with_third(twins: Twins, game: Base, rng: random.Random) -> Twins | None:
    """The pair and a third record: the secret's third value, cut at a written move of the
    window (so it may end before the twins do)."""
    if twins.records is None:
        return None
    original = game.steps[twins.spot.index].action
    others: list[Action] = [
        a for a in alternatives(game, twins.spot) if a not in (original, twins.alternative)
    ]
    if not others:
        return None
    end = len(twins.records[0].steps) - 1
    written = [i for i in range(twins.spot.index, end + 1) if game.steps[i].move is not None]
    move = game.steps[twins.spot.index].move
    assert move is not None
    third_move = Move(move.actor, tuple(rng.choice(others).text.split()))
    record = _cut(game.game, game.steps, rng.choice(written), (twins.spot.index, third_move))
    third = Side(record, replay_game(record, file=NAME, keep_states=True))
    if not third.replay.valid or third.replay.main is None or not third.steps:
        return None
    if len(third.steps) <= twins.spot.index:
        return None
    a = twins.records[0]
    cut = min(len(third.steps), len(a.steps))
    if public_divergence(a.steps[:cut], third.steps[:cut], twins.spot.index + 1) is not None:
        return None
    return replace(twins, third=third, shape="third")


def shaped(
    twins: Twins, game: Base, rng: random.Random, turn: int, shape: str | None = None
) -> Twins | None:
    """One shape of ``twins``: ``shape``, or the ``turn``-th (modulo their number, so that a
    run makes each in turn)."""
    shape = shape or SHAPES[turn % len(SHAPES)]
    if shape == "position":
        return from_position(twins, rng)
    if shape == "variation":
        return with_variation(twins, rng)
    if shape == "broken":
        return broken_at_the_secret(twins, game, rng)
    return with_third(twins, game, rng)


__all__ = ["SHAPES", "_agree", "shaped"]
