"""The quick schema walk (mcn/position/shape.py) never accepts what jsonschema refuses, and
accepts every real position, so a valid position never needs jsonschema."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from typing import Any

import jsonschema
import pytest

from mcn.io import resources
from mcn.position.checks import schema_problems
from mcn.position.shape import surely_valid
from mcn.views.positions import ALL, position_of, position_text
from tests.positions.game import GAME_4P, decisions

SCHEMA = resources.load_schema("position")
JUDGE = jsonschema.Draft202012Validator(SCHEMA)


def positions() -> list[Any]:
    """Every tenth decision's position, for everybody, for Blue and for a spectator (masks)."""
    out: list[Any] = []
    for index, (_, state) in enumerate(decisions()):
        if index % 10 == 0:
            out.extend(position_of(state, viewer) for viewer in (ALL, "B", None))
    return out


def test_every_real_position_is_accepted_without_jsonschema() -> None:
    found = positions()
    assert len(found) > 30
    for position in found:
        assert JUDGE.is_valid(position)
        assert surely_valid(SCHEMA, position)


#: Replacement values that break shapes in the ways JSON Schema is subtle about.
ODD_VALUES: list[Any] = [
    True, False, None, 0, -1, 1.0, 1.5, 99, 10**12, "", "?", "R", "x" * 300, [], [1], ["R", "R"],
    [True], {}, {"R": 1}, [[]], "3.bid.1", "1.2.0",
]  # fmt: skip


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, (*path, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out.extend(_paths(value, (*path, index)))
    return out


def _mutated(position: Any, rng: random.Random) -> Any:
    changed = copy.deepcopy(position)
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(_paths(changed)[1:])
        parent = changed
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        roll = rng.random()
        if roll < 0.15 and isinstance(parent, dict):
            del parent[last]
        elif roll < 0.25 and isinstance(parent, dict):
            parent[rng.choice(["extra", "Q", "r", "RB"])] = 1
        elif roll < 0.35 and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
        else:
            parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
    return changed


def test_whatever_the_walk_accepts_jsonschema_accepts() -> None:
    rng = random.Random(34)
    found = positions()
    accepted = refused = 0
    for number in range(3000):
        mutant = _mutated(found[number % len(found)], rng)
        if surely_valid(SCHEMA, mutant):
            accepted += 1
            assert JUDGE.is_valid(mutant), json.dumps(mutant)
        else:
            refused += 1
    # both answers occur, so the test exercises both ways
    assert accepted > 50 and refused > 1000


@pytest.mark.parametrize(
    ("schema", "document"),
    [
        ({"type": "integer"}, True),  # a bool is not taken for a number
        ({"type": "integer"}, 1.0),  # an integral float: jsonschema's to judge
        ({"enum": [1, 2]}, True),
        ({"const": 0}, False),
        ({"type": "array", "uniqueItems": True}, [1, True]),
        ({"unknownKeyword": 1}, 0),
        ({"$ref": "#/$defs/missing"}, 0),
        ({"$ref": "http://elsewhere/schema"}, 0),
    ],
)
def test_the_walk_is_not_sure_where_json_schema_is_subtle(schema: Any, document: Any) -> None:
    assert not surely_valid(schema, document)


def test_messages_still_come_from_jsonschema() -> None:
    position = positions()[0]
    broken = {**position, "round": -1}
    assert [str(problem) for problem in schema_problems(broken)] == [
        "field 'round': -1 is less than the minimum of 0"
    ]


def test_position_text_does_not_import_jsonschema() -> None:
    _, state = decisions()[40]
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from mcn.cli import cli\n"
        "result = CliRunner().invoke(cli, ['position', sys.argv[1]])\n"
        "assert result.exit_code == 0, result.output\n"
        "print('jsonschema' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, position_text(state)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "False"
    assert GAME_4P.is_file()
