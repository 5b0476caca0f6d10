"""Frozen dataclasses that cross to ``--jobs`` and Dask workers pickle on both builds.

Pickle's default rebuilds an object field by field, which a frozen class refuses once mypyc
has compiled it; ``--jobs 2`` then waited for ever on a result it could not load. These
classes rebuild through their constructor (``mcn.base.values.Value``, or
``mcn.engine.frozen.reduce_by_fields`` for the few that are not values). The suite
runs on the pure and on the compiled build (``make test``), so this holds on both.
"""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from types import ModuleType

import pytest

from mcn.engine import data, decision, new_game, ranking
from mcn.engine.data import load_board, load_ruleset
from mcn.engine.frozen import is_frozen
from mcn.engine.random_play import play_random_game
from mcn.engine.ranking import placings
from mcn.notation.model import Span
from mcn.replay import model

#: The modules the compiled build compiles whose frozen dataclasses may travel.
MODULES: tuple[ModuleType, ...] = (data, decision, ranking, model)


def _frozen_classes() -> list[type]:
    found = []
    for module in MODULES:
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and is_frozen(cls):
                found.append(cls)
    found.remove(decision.Handler)  # handlers hold functions and never leave the process
    return found


@pytest.mark.parametrize("cls", _frozen_classes(), ids=lambda cls: cls.__qualname__)
def test_every_frozen_class_rebuilds_by_its_constructor(cls: type) -> None:
    # its own __reduce__ or mcn.base.values.Value's, both by the constructor
    assert cls.__reduce__ is not object.__reduce__, f"{cls.__qualname__} pickles field by field"
    assert all(f.init and not f.kw_only for f in dataclasses.fields(cls))


def test_boards_rulesets_decisions_placings_and_diagnostics_round_trip() -> None:
    state, _ = play_random_game(3, seed=4)
    objects: list[object] = [
        load_board("standard"),
        load_ruleset("de-2016"),
        new_game(("R", "B")).decision,
        *placings(state),
        model.Diagnostic(
            "error", "illegal", "no", "a.mcn", 2, "1.2", Span(1, 2, 1, 5), "R-ACT-2", "x"
        ),
    ]
    for thing in objects:
        again = pickle.loads(pickle.dumps(thing))
        assert again == thing
        assert type(again) is type(thing)
