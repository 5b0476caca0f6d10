"""Every written-out ``__init__`` of a dataclass sets exactly its fields, on both builds.

Every action and event and the replay's ``Step`` write their ``__init__`` out instead of letting
``dataclasses`` generate it: mypyc compiles a written one to native stores and leaves a
generated one interpreted, and the replay makes several of these objects per decision
(docs/performance-history.md, "Replay speed, fourth pass"). A written ``__init__`` can drift from
the fields; this holds each to them: by position and by keyword, every field in order, the
defaults the fields declare, nothing else accepted. The suite runs on the pure and on the
compiled build (``make test``), so the native ``__init__`` is checked too.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mcn.engine import actions, events
from mcn.engine.actions import Action, End, SideAction
from mcn.engine.events import Event
from mcn.engine.frozen import is_frozen
from mcn.replay import model

#: Where the engine's and the replay's dataclasses live.
MODULES: tuple[ModuleType, ...] = (actions, events, model)


def _written_out(cls: type) -> bool:
    """Whether ``cls``'s ``__init__`` is its own, written in the source (not generated).

    Read from the module's ``.py``, which ships beside a compiled extension too
    (``inspect.getsource`` cannot find a native class)."""
    module = sys.modules[cls.__module__]
    assert module.__file__ is not None
    path = Path(module.__file__).parent / f"{cls.__module__.rpartition('.')[2]}.py"
    found = re.search(
        rf"^class {cls.__name__}\b.*?(?=^\S|\Z)", path.read_text("utf-8"), re.M | re.S
    )
    assert found is not None, cls
    return "\n    def __init__(" in found.group()


def _dataclasses() -> list[type]:
    found = {
        cls
        for module in MODULES
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if dataclasses.is_dataclass(cls) and cls.__module__.startswith(module.__name__)
    }
    return sorted(found, key=lambda cls: cls.__qualname__)


def _sample(declared: Any, number: int) -> Any:
    """A value of the declared type, different for every field (compiled, a native
    ``__init__`` checks the types of its arguments). ``declared`` is the annotation's text in
    the pure build and a type in the compiled one (mypyc turns ``tuple[str, ...]`` into
    ``tuple``, and an optional of a class into ``type``)."""
    name = declared if isinstance(declared, str) else getattr(declared, "__name__", "")
    name = name.split("[", 1)[0]
    kinds: dict[str, Any] = {
        "str": f"value {number}",
        "int": 100 + number,
        "bool": number % 2 == 0,
        "Action": End(f"actor {number}"),
        "list": [number],
        "tuple": (f"item {number}",),
    }
    if name in kinds:
        return kinds[name]
    text = str(declared)
    assert "None" in text or name in {"object", "type"}, f"no sample for {text}"
    return None


def _fields_and_samples(cls: type) -> tuple[list[dataclasses.Field[Any]], list[Any]]:
    fields = [f for f in dataclasses.fields(cls) if f.init]
    return fields, [_sample(f.type, number) for number, f in enumerate(fields)]


#: A line's constructor takes its steps, which the line keeps in another form until they are
#: read: its fields are not its parameters (tests/replay/test_compact_steps.py holds it).
KEPT_OTHERWISE = (model.Line,)
WRITTEN = [cls for cls in _dataclasses() if _written_out(cls) and cls not in KEPT_OTHERWISE]


def test_every_action_event_and_step_writes_its_init_out() -> None:
    concrete = [
        cls
        for cls in _dataclasses()
        if issubclass(cls, (Action, Event)) and cls not in (Action, Event, SideAction)
    ]
    assert len(concrete) > 60
    assert [cls.__name__ for cls in concrete if cls not in WRITTEN] == []
    assert model.Step in WRITTEN


@pytest.mark.parametrize("cls", WRITTEN, ids=lambda cls: cls.__qualname__)
def test_a_written_init_sets_exactly_the_fields(cls: type) -> None:
    fields, values = _fields_and_samples(cls)
    by_position = cls(*values)
    by_keyword = cls(**{f.name: v for f, v in zip(fields, values, strict=True)})
    for made in (by_position, by_keyword):
        assert [getattr(made, f.name) for f in fields] == values
    required = [f for f in fields if f.default is dataclasses.MISSING]
    if len(required) < len(fields):
        defaulted = cls(*values[: len(required)])
        for f in fields[len(required) :]:
            assert getattr(defaulted, f.name) == f.default, f.name
    with pytest.raises(TypeError):
        cls(*values, values[0])
    if required:
        with pytest.raises(TypeError):
            cls(*values[: len(required) - 1])
    with pytest.raises(TypeError):
        cls(*values, unknown=1)


@pytest.mark.parametrize("cls", WRITTEN, ids=lambda cls: cls.__qualname__)
def test_a_written_init_keeps_the_dataclass_behaviour(cls: type) -> None:
    fields, values = _fields_and_samples(cls)
    one, two = cls(*values), cls(*values)
    assert one == two
    assert repr(one) == repr(two) and cls.__name__ in repr(one)
    if is_frozen(cls):
        assert hash(one) == hash(two)
        with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
            setattr(one, fields[0].name, values[0])
        other = _sample(fields[0].type, len(fields))
        assert dataclasses.replace(one, **{fields[0].name: other}) != one
