"""The KNOWLEDGE block of ``replay --as`` and ``legal --as`` (text and JSON): what the viewer
can infer about the others' chests (I-HID-2) and his own pending evaluations (R-EVA-1)."""

from __future__ import annotations

import json

import jsonschema
from click.testing import CliRunner

from mcn.cli import cli
from mcn.engine.events import Donated, Evaluation
from mcn.io.resources import load_schema
from tests.knowledge.games import EXAMPLES, example_game

GAME = str(EXAMPLES / "game-4p.mcn")


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _donated(name: str, player: str, address: str) -> list[str]:
    """The items ``player`` donated up to and including decision ``address``."""
    _, steps = example_game(name)
    out: list[str] = []
    for step in steps:
        out += [e.item for e in step.events if isinstance(e, Donated) and e.player == player]
        if step.address == address:
            return out
    raise AssertionError(address)


def test_replay_as_a_player_has_a_knowledge_block() -> None:
    # I-HID-2, R-DON-1: Red can bound each other chest by the donations he saw
    text = _run("replay", GAME, "--to", "3.3.2", "--as", "R")
    block = text[text.index("KNOWLEDGE (what Red can infer)") :]
    n = len(_donated("game-4p.mcn", "B", "3.3.2"))  # before any evaluation: all 2^n fit
    assert f"Blue's chest: {n} donations, {2**n} assignments" in block
    assert "Red's pending evaluations" in block
    assert "KNOWLEDGE" not in _run("replay", GAME, "--to", "3.3.2")  # everything: no need
    spectator = _run("replay", GAME, "--to", "3.3.2", "--as", "spectator")
    assert "KNOWLEDGE (what a spectator can infer)" in spectator
    assert "pending evaluations" not in spectator and "Red's chest" in spectator


def test_replay_and_legal_json_carry_the_knowledge() -> None:
    # I-HID-2: the same inference in the JSON of replay --as and legal --as
    _, steps = example_game("game-4p.mcn")
    after = next(i for i, s in enumerate(steps) if s.address == "3.3.2") + 1
    replay = json.loads(_run("replay", GAME, "--to", "3.3.2", "--as", "R", "--format", "json"))
    at = steps[after].address
    legal = json.loads(_run("legal", GAME, "--at", at, "--as", "R", "--format", "json"))
    assert replay["knowledge"] == legal["knowledge"]
    jsonschema.validate(legal, load_schema("legal"))
    blue = next(c for c in legal["knowledge"]["chests"] if c["player"] == "B")
    assert blue["assignments"] == 2 ** blue["donations"]  # nothing evaluated yet
    money = sum(int(item) for item in _donated("game-4p.mcn", "B", "3.3.2") if item.isdigit())
    assert blue["compartments"]["I"]["money"] == {"min": 0, "max": money}
    assert {p["verdict"] for p in legal["knowledge"]["pending"]} <= {
        "certain to win",
        "certain to lose",
        "depends",
    }
    assert "knowledge" not in json.loads(_run("legal", GAME, "--at", at, "--format", "json"))


def test_after_the_first_evaluation_compartment_two_is_bounded_by_it() -> None:
    # I-HID-2: the first evaluation opens compartment I, so the part of the earlier donations
    # that went into II is known: the count collapses to the assignments fitting the reveal
    _, steps = example_game("game-2p.mcn")
    opened = next(
        s.address
        for s in steps
        if any(isinstance(e, Evaluation) and e.what == "donations returned" for e in s.events)
    )
    path = str(EXAMPLES / "game-2p.mcn")
    data = json.loads(_run("replay", path, "--as", "R", "--to", opened, "--format", "json"))
    blue = data["knowledge"]["chests"][0]
    assert blue["player"] == "B" and blue["compartments"]["I"]["evaluated"]
    assert blue["assignments"] < 2 ** blue["donations"]
