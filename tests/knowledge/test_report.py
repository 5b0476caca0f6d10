"""The KNOWLEDGE block of ``replay --as`` and ``legal --as`` (text and JSON): what the viewer
can infer about the others' chests (I-HID-2) and his own pending evaluations (R-EVA-1)."""

from __future__ import annotations

import json

import jsonschema
from click.testing import CliRunner

from mcn.cli import cli
from mcn.resources import load_schema
from tests.knowledge.games import EXAMPLES

GAME = str(EXAMPLES / "game-4p.mcn")


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_replay_as_a_player_has_a_knowledge_block() -> None:
    # I-HID-2, R-DON-1: Red can bound each other chest by the donations he saw
    text = _run("replay", GAME, "--to", "3.3.2", "--as", "R")
    block = text[text.index("KNOWLEDGE (what Red can infer)") :]
    assert "Blue's chest: 3 donations, 8 assignments" in block
    assert "Red's pending evaluations" in block and "money 4: depends" in block
    assert "KNOWLEDGE" not in _run("replay", GAME, "--to", "3.3.2")  # everything: no need
    spectator = _run("replay", GAME, "--to", "3.3.2", "--as", "spectator")
    assert "KNOWLEDGE (what a spectator can infer)" in spectator
    assert "pending evaluations" not in spectator and "Red's chest" in spectator


def test_replay_and_legal_json_carry_the_knowledge() -> None:
    # I-HID-2: the same inference in the JSON of replay --as and legal --as
    replay = json.loads(_run("replay", GAME, "--to", "3.3.2", "--as", "R", "--format", "json"))
    legal = json.loads(_run("legal", GAME, "--at", "3.3.3", "--as", "R", "--format", "json"))
    assert replay["knowledge"] == legal["knowledge"]
    jsonschema.validate(legal, load_schema("legal"))
    blue = next(c for c in legal["knowledge"]["chests"] if c["player"] == "B")
    assert blue["assignments"] == 2 ** blue["donations"]  # nothing evaluated yet
    assert blue["compartments"]["I"]["money"] == {"min": 0, "max": 20}
    assert {p["verdict"] for p in legal["knowledge"]["pending"]} <= {
        "certain to win",
        "certain to lose",
        "depends",
    }
    assert "knowledge" not in json.loads(_run("legal", GAME, "--at", "3.3.3", "--format", "json"))


def test_after_the_first_evaluation_compartment_two_is_bounded_by_it() -> None:
    # I-HID-2: the first evaluation opens compartment I, so the part of the earlier donations
    # that went into II is known: the count collapses to the assignments fitting the reveal
    data = json.loads(
        _run(
            "replay",
            str(EXAMPLES / "game-2p.mcn"),
            "--as",
            "R",
            "--to",
            "4.4.3",
            "--format",
            "json",
        )
    )
    blue = data["knowledge"]["chests"][0]
    assert blue["player"] == "B" and blue["compartments"]["I"]["evaluated"]
    assert blue["assignments"] < 2 ** blue["donations"]
