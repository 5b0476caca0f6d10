"""One meaning per address (issue 28): ``--at``/``state_before`` is the state in which a decision
is pending, ``--to``/``state_after`` the state it led to; the CLI and the library resolve every
address of the examples to the same states (docs/notation.md, "Decision addresses")."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import mcn
from mcn.cli import cli
from mcn.commands.replay import find
from mcn.commands.replayed import state_at as cli_before
from mcn.replay import replay_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.mcn") if "redacted" not in p.name)


def _addresses(steps: list[str]) -> list[str]:
    """Every address of a main line and every prefix of one (rounds, sections, turns)."""
    out = ["start", "end"]
    for address in steps:
        parts = address.split(".")
        for depth in range(1, len(parts) + 1):
            candidate = ".".join(parts[:depth])
            if candidate not in out:
                out.append(candidate)
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_cli_and_library_agree_at_every_address(path: Path) -> None:
    game = next(mcn.read_games(path))
    replay = replay_game(game, keep_states=True)
    assert replay.main is not None
    steps = [step.address for step in replay.main.steps]
    for address in _addresses(steps):
        before = mcn.state_before(game, address)
        assert before.to_json() == cli_before(replay, address).state.to_json(), address
        after = mcn.state_after(game, address)
        if address in ("start", "end"):
            continue
        found = find(replay, address)  # what `mcn replay --to` shows
        assert found is not None
        line, index = found
        kept = line.steps[index].state
        assert kept is not None and after.to_json() == kept.to_json(), address
    # the pending decision before an address is that address; after it, the next one
    for here, following in itertools.pairwise(steps):
        before = mcn.state_before(game, here)
        if ".bid." not in here:
            assert mcn.position_text(before).split()[6] == here
        assert mcn.state_after(game, here).to_json() == mcn.state_before(game, following).to_json()


def test_a_prefix_is_its_first_decision_before_and_its_last_after() -> None:
    game = next(mcn.read_games(ROOT / "examples" / "game-4p.mcn"))
    assert mcn.state_before(game, "3").pending_address() == "3.prep.1"
    assert mcn.state_after(game, "3").pending_address() == "4.prep.1"
    assert mcn.position_text(mcn.state_before(game, "3.2.1")).split()[6] == "3.2.1"
    assert mcn.position_text(mcn.state_after(game, "3.2.1")).split()[6] == "3.2.2"
    with pytest.raises(mcn.AddressError, match=r"no decision at .99\.1."):
        mcn.state_before(game, "99.1")
    with pytest.warns(DeprecationWarning):
        assert mcn.state_at(game, "3").to_json() == mcn.state_after(game, "3").to_json()


def test_the_commands_say_the_same_as_the_library() -> None:
    path = ROOT / "examples" / "game-4p.mcn"
    game = next(mcn.read_games(path))
    runner = CliRunner()
    for address in ("start", "2", "3.bid.B", "3.2.1", "3.2", "5.pick.2", "end"):
        out = runner.invoke(cli, ["position", str(path), "--at", address]).output
        assert out.strip() == mcn.position_text(mcn.state_before(game, address)), address
        args = ["replay", str(path), "--to", address, "--as", "B", "--format", "json"]
        shown = json.loads(runner.invoke(cli, args).output)
        assert shown["state"] == mcn.view_after(game, address, "B"), address
        args = ["legal", str(path), "--at", address, "--format", "json"]
        listed = json.loads(runner.invoke(cli, args).output)
        legal = {f"{a.actor}: {a.text}" for a in mcn.legal_actions(mcn.state_before(game, address))}
        if listed["actions"]:  # a chance decision's outcomes are counted, not listed
            assert {option["action"] for option in listed["actions"]} == legal, address


def test_view_before_is_what_the_viewer_saw_while_deciding() -> None:
    game = next(mcn.read_games(ROOT / "examples" / "game-4p.mcn"))
    # R-HID-1: before the last bid of round 3, the first bid is placed but secret to the last
    # bidder
    bids = [d.address for d in mcn.decisions(game) if d.address.startswith("3.bid.")]
    first, last = bids[0][-1], bids[-1][-1]
    seen = mcn.view_before(game, bids[-1], last)
    assert seen["bids"][first] == {"secret": first, "masked": True}
    # I-HID-5: the first bidder's money is not: every payment was made in view of all
    money = mcn.state_before(game, bids[-1]).money[first]
    assert seen["seats"][first]["money"]["value"] == money
    assert mcn.view_before(game, "start", None) is not None
