"""mcn.base.values.Value: the methods every value class shares behave as the ones dataclass
would generate for it (equality by compared fields, the same hash and repr), pickle by the
constructor, and no value class generates its own at import (issue 34)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import types
from typing import Any

import pytest

from mcn.base.plain import PlainFields, PlainValue
from mcn.base.values import Fields, Value
from mcn.engine.actions import Action
from mcn.engine.events import Event
from mcn.engine.ranking import Placing
from mcn.notation.model import Header, Item, Move
from mcn.replay import Diagnostic
from tests.positions.game import game, replayed


def _subclasses(base: type) -> list[type]:
    out, work = [], [base]
    while work:
        cls = work.pop()
        for sub in cls.__subclasses__():
            if "__slots__" in vars(sub) or "__mypyc_attrs__" in vars(sub):
                out.append(sub)
            work.append(sub)
    return out


def _values() -> list[Any]:
    """Objects of many value classes: a replayed game's actions, events, moves and items."""
    main = replayed().main
    assert main is not None
    out: list[Any] = list(game().headers)
    for step in main.steps:
        out.append(step.action)
        out.extend(step.events)
        if step.move is not None:
            out.append(step.move)
    out.extend(element for element in game().body if isinstance(element, Item))
    return out


def _generated_repr(obj: Any) -> str:
    from mcn.replay import model

    # A line keeps its steps in another form until they are read: it shows its constructor's
    # parameters, as the dataclass did when its steps were a field
    names = (
        model._LINE_SHOWN
        if isinstance(obj, model.Line)
        else [f.name for f in dataclasses.fields(obj) if f.repr]
    )
    shown = (f"{name}={getattr(obj, name)!r}" for name in names)
    return f"{type(obj).__qualname__}({', '.join(shown)})"


def _compared(obj: Any) -> tuple[Any, ...]:
    return tuple(getattr(obj, f.name) for f in dataclasses.fields(obj) if f.compare)


def test_values_compare_hash_and_show_as_dataclass_would() -> None:
    objects = _values()
    kinds = {type(obj) for obj in objects}
    assert len(objects) > 500 and len(kinds) > 25
    for obj in objects:
        if isinstance(obj, Move):
            continue  # a Move walks its variations itself (tests/notation)
        assert isinstance(obj, Value)
        assert repr(obj) == _generated_repr(obj)
        assert hash(obj) == hash(_compared(obj))
        twin = copy.copy(obj)
        assert twin == obj and twin is not obj
        assert obj.__ne__(twin) is False
        assert pickle.loads(pickle.dumps(obj)) == obj


def test_equality_leaves_out_spans_and_spellings_and_other_classes() -> None:
    header = Header("Event", "x", raw='[Event "x"]', span=None)
    moved = dataclasses.replace(header, raw='[ Event  "x" ]')
    assert header == moved and hash(header) == hash(moved)
    assert header != dataclasses.replace(header, value="y")
    assert header.__eq__(("Event", "x")) is NotImplemented
    assert header != ("Event", "x")


def test_a_value_is_frozen() -> None:
    # Header writes its __init__ out and is declared without frozen=True: Value refuses, with
    # the error and message of a frozen dataclass
    header = Header("Event", "x")
    assert not header.__dataclass_params__.frozen  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'value'"):
        header.value = "y"
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'value'"):
        del header.value
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'unknown'"):
        header.unknown = 1  # type: ignore[attr-defined]
    assert header == Header("Event", "x")


def test_a_frozen_dataclass_value_keeps_its_generated_constructor() -> None:
    # a value class declared frozen=True with the generated __init__: that __init__ sets its
    # fields with object.__setattr__, which Value's refusal (a Python-level __setattr__, also
    # in the compiled build) leaves working
    placing = Placing("R", 1, -9, True, False, ("R-END-3",))
    assert placing.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert (placing.colour, placing.place, placing.rules) == ("R", 1, ("R-END-3",))
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'place'"):
        placing.place = 2  # type: ignore[misc]
    assert dataclasses.replace(placing, place=2) == Placing("R", 2, -9, True, False, ("R-END-3",))


def test_frozen_by_value_in_both_declarations() -> None:
    # what refuses is a Python function in both builds (mcn.base.immutable is interpreted)
    assert isinstance(vars(Value)["__setattr__"], types.FunctionType)
    assert isinstance(vars(Value)["__delattr__"], types.FunctionType)
    assert "__setattr__" not in vars(Header) and "__delattr__" not in vars(Header)


def _plain_values() -> list[Any]:
    """Objects of the interpreted modules' value classes (mcn.base.plain)."""
    from mcn.archive.checking import Options
    from mcn.archive.judgement import Choices
    from mcn.engine.secrets import ACTION_SECRETS, EVENT_SECRETS, REVEALS
    from mcn.notation.errors import ErrorLocation
    from mcn.notation.vocabulary import MOVES

    out: list[Any] = [Options(True, 4, None), Choices(prefer=("a.mcn",)), ErrorLocation(3, 7)]
    out.extend([*ACTION_SECRETS, *EVENT_SECRETS, *REVEALS, *MOVES])
    return out


def test_plain_values_compare_hash_and_show_as_dataclass_would() -> None:
    objects = _plain_values()
    assert len({type(obj) for obj in objects}) >= 6
    for obj in objects:
        assert isinstance(obj, PlainValue) and not isinstance(obj, Value)
        assert obj.__dataclass_params__.frozen
        assert repr(obj) == _generated_repr(obj)
        twin = copy.copy(obj)
        assert twin == obj and twin is not obj
        assert obj.__ne__(twin) is False and obj.__eq__(_compared(obj)) is NotImplemented
        try:
            expected = hash(_compared(obj))
        except TypeError:  # a field that cannot be hashed: the generated hash fails alike
            with pytest.raises(TypeError):
                hash(obj)
        else:
            assert hash(obj) == expected
    options = objects[0]
    assert pickle.loads(pickle.dumps(options)) == options
    assert options != dataclasses.replace(options, strict=False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.strict = False  # type: ignore[misc]


def test_plain_values_are_the_interpreted_modules() -> None:
    # the other way round from Value: a compiled class cannot derive from an interpreted one
    import mcn.archive.cluster
    import mcn.archive.schedule
    import mcn.commands.loader
    import mcn.notation.hints
    import mcn.notation.parser
    import mcn.notation.slips
    import mcn.notation.syntax
    import mcn.views.projection  # noqa: F401

    found = [cls for cls in _subclasses(PlainValue) if cls.__module__.startswith("mcn.")]
    assert len(found) >= 18
    assert [cls.__qualname__ for cls in found if _compiled(cls.__module__)] == []
    own = {
        cls.__qualname__: [n for n in ("__eq__", "__repr__", "__hash__") if n in vars(cls)]
        for cls in found
    }
    assert {name: methods for name, methods in own.items() if methods} == {}


def _mutable_records() -> list[Any]:
    """Objects of the mutable dataclasses that compare by value (mcn.base.values.Fields and
    mcn.base.plain.PlainFields): a replay's line and steps, a report, the reader's pieces."""
    from mcn.archive.judgement import Entry
    from mcn.archive.verdict import GameReport
    from mcn.notation.outline import Outline
    from mcn.notation.split import Chunk

    main = replayed().main
    assert main is not None
    chunk = Chunk("1. R: bid 1+2\n", 1)
    chunk.source_line(1)  # fills fields left out of comparison and repr
    report = GameReport("a.mcn", 1, decisions=3)
    entry = Entry("a.mcn", 1, 2, True, True, None, None, None, (), (), None, None, None, None, 0)
    return [main, *main.steps[:20], chunk, report, entry, Outline(headers=[], moves=3)]


def test_mutable_records_compare_and_show_as_dataclass_would() -> None:
    import collections.abc

    objects = _mutable_records()
    assert len({type(obj) for obj in objects}) >= 6
    for obj in objects:
        assert isinstance(obj, (Fields, PlainFields))
        assert not obj.__dataclass_params__.frozen
        assert repr(obj) == _generated_repr(obj)
        twin = copy.copy(obj)
        assert twin == obj and twin is not obj and obj.__ne__(twin) is False
        assert obj.__eq__(_compared(obj)) is NotImplemented
        with pytest.raises(TypeError, match="unhashable type"):
            hash(obj)
        assert not isinstance(obj, collections.abc.Hashable)
        # nothing generated per class (functions only: compiled, a native class's dict holds
        # C slot wrappers for the methods it inherits; dataclass compiles what it generates
        # from a string, a method written in the source is not generated: a line's own)
        generated = (vars(type(obj)).get(n) for n in ("__eq__", "__repr__", "__hash__"))
        assert not any(
            isinstance(method, types.FunctionType) and method.__code__.co_filename == "<string>"
            for method in generated
        )
    report = objects[-3]
    before = copy.copy(report)
    report.decisions = 4  # mutable, and equal by value
    assert report != before and report == dataclasses.replace(before, decisions=4)


def test_the_mutable_bases_match_the_build() -> None:
    # the compiled modules' classes derive from the native Fields, the interpreted ones' from
    # PlainFields (a native class cannot derive from an interpreted one, nor the other way)
    for obj in _mutable_records():
        base = Fields if isinstance(obj, Fields) else PlainFields
        assert _compiled(type(obj).__module__) == (base is Fields), type(obj)


@pytest.mark.parametrize("base", [Action, Event, Value])
def test_no_value_class_generates_its_own_methods(base: type) -> None:
    # `@dataclass(frozen=True, slots=True, repr=False, eq=False)` (and `init=False` with a
    # written __init__): a plain `@dataclass(frozen=True, slots=True)` would compile __eq__,
    # __repr__ and __hash__ anew at every start
    found = _subclasses(base)
    assert found
    own = {
        # functions only: compiled, a native class's dict holds C slot wrappers for them
        cls.__qualname__: sorted(
            name
            for name in ("__eq__", "__repr__", "__hash__")
            if isinstance(vars(cls).get(name), types.FunctionType)
        )
        for cls in found
        if cls is not Move and cls.__module__.startswith("mcn.")
    }
    assert {name: methods for name, methods in own.items() if methods} == {}


def test_diagnostics_travel_to_workers_and_back() -> None:
    diagnostic = Diagnostic("error", "illegal", "no", "a.mcn", 2, "1.2")
    assert pickle.loads(pickle.dumps(diagnostic)) == diagnostic
    assert repr(diagnostic).startswith("Diagnostic(severity='error'")


def _compiled(module: str) -> bool:
    """Whether the compiled build compiles ``module`` (pyproject.toml's include and exclude)."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    hook = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]
    custom = hook["build"]["targets"]["wheel"]["hooks"]["custom"]
    path = "/" + module.replace(".", "/") + ".py"
    inside = any(
        path == each or path.startswith(each.rstrip("/") + "/") for each in custom["include"]
    )
    return inside and path not in custom["exclude"]


def test_every_value_class_is_compiled_with_its_base() -> None:
    # compiled, Value is a native class, and an interpreted class cannot derive from one: a
    # value class in a module the compiled build leaves interpreted would fail at import there
    # (those derive from mcn.base.plain.PlainValue)
    import mcn.notation.fastpath  # noqa: F401  (its drafts derive from Value too)

    found = [cls for cls in _subclasses(Value) if cls.__module__.startswith("mcn.")]
    assert len(found) > 70
    assert [cls.__qualname__ for cls in found if not _compiled(cls.__module__)] == []
