"""The cheaper constructor of actions and events keeps every dataclass guarantee."""

from __future__ import annotations

import dataclasses
import pickle
import types

import pytest

from mcn.engine import actions
from mcn.engine.actions import Action, Bid, End, FreeStone
from mcn.engine.events import Event, MoneyMoved, event_classes
from mcn.engine.frozen import is_frozen, quick_init
from mcn.io.compiled import compiled_modules


def _action_classes() -> list[type[Action]]:
    return [
        c
        for c in vars(actions).values()
        if isinstance(c, type) and issubclass(c, Action) and "__dataclass_fields__" in c.__dict__
    ]


@pytest.mark.parametrize("cls", [*_action_classes(), *event_classes()], ids=lambda c: c.__name__)
def test_every_class_has_the_quick_constructor(cls: type) -> None:
    init = cls.__init__  # type: ignore[misc]
    if not isinstance(init, types.FunctionType):
        # compiled: a written-out __init__ is native and kept (tests/engine/test_frozen_init.py)
        assert cls.__module__ in compiled_modules(), cls.__module__
        return
    code = init.__code__
    assert "dataclasses" not in code.co_filename
    # same parameters, in field order, as the generated one would take
    names = [f.name for f in dataclasses.fields(cls)]
    assert list(code.co_varnames[1 : 1 + len(names)]) == names


def test_values_equality_hash_and_immutability_are_kept() -> None:
    bid = Bid("R", 3, 2)
    assert (bid.actor, bid.notches, bid.taler) == ("R", 3, 2)
    assert bid == Bid(actor="R", notches=3, taler=2)
    assert hash(bid) == hash(Bid("R", 3, 2))
    assert bid != Bid("R", 3, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        bid.taler = 5  # type: ignore[misc]
    assert dataclasses.replace(bid, taler=1) == Bid("R", 3, 1)
    assert pickle.loads(pickle.dumps(bid)) == bid
    event = MoneyMoved("R-X", "R", 2, "sale", counterpart="B")
    assert pickle.loads(pickle.dumps(event)) == event
    assert repr(End("G")) == "End(actor='G')"
    with pytest.raises(TypeError):
        Bid("R", 3)  # type: ignore[call-arg]


def test_defaults_are_kept() -> None:
    assert FreeStone("R", "bread").colour is None
    assert FreeStone("R", "bread", "red").colour == "red"
    assert MoneyMoved("R-X", "R", 2, "sale").counterpart == "bank"
    assert MoneyMoved("R-X", "R", 2, "sale", counterpart="B").counterpart == "B"


def test_refuses_what_it_would_get_wrong() -> None:
    @dataclasses.dataclass(slots=True)
    class Mutable:
        x: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        x: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            pass

    for cls in (Mutable, Factory, Checked):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_events_are_frozen() -> None:
    # frozen by mcn.base.values.Value (declared without frozen=True: a written __init__)
    assert all(issubclass(event, Event) and is_frozen(event) for event in event_classes())
    made = MoneyMoved("R-X", "R", 2, "sale")
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'amount'"):
        made.amount = 3
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'player'"):
        del made.player
    assert made == MoneyMoved("R-X", "R", 2, "sale")


@pytest.mark.parametrize("cls", [*_action_classes(), *event_classes()], ids=lambda c: c.__name__)
def test_kind_and_secret_are_class_attributes_not_fields(cls: type) -> None:
    # they are set after each class body, where neither dataclasses nor mypyc makes them fields
    names = {f.name for f in dataclasses.fields(cls)}
    assert "kind" not in names and "secret" not in names
    assert isinstance(cls.kind, str) and (cls.kind or cls is Action)  # type: ignore[attr-defined]
