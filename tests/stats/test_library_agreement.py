"""``mcn stats`` agrees with a direct computation through the library (tests/stats/direct.py):
every count, mean and standard deviation, for 2, 3 and 4 players (records read back through
the public API) and for 2,000 random games (the engine's account of each game as it was
played; marked slow, tests/conftest.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.engine.constants import CHARACTER_NAMES, CHARACTERS
from mcn.stats.figures import (
    BY_EMPEROR,
    BY_MOVE_CREW,
    BY_NEW_CREW,
    HEAVEN_ONE,
    HEAVEN_SEVERAL,
    NEAREST,
)
from tests.stats.archives import write_played
from tests.stats.direct import direct, direct_of, mean, sd

_FINISHERS = {"emperor": BY_EMPEROR, "new": BY_NEW_CREW, "move": BY_MOVE_CREW}
_WON = {(True, False): HEAVEN_ONE, (True, True): HEAVEN_SEVERAL, (False, False): NEAREST}
_COLOURS = {"R": "Red", "B": "Blue", "G": "Green", "Y": "Yellow"}


def stats_json(paths: list[Path], *options: str) -> dict[str, Any]:
    result = CliRunner().invoke(
        cli, ["stats", *map(str, paths), "--format", "json", *options], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _same_mean(figure: dict[str, Any], values: list[float]) -> None:
    assert figure["n"] == len(values)
    assert figure["mean"] == pytest.approx(mean(values), abs=1e-9)
    if len(values) > 1:
        assert figure["sd"] == pytest.approx(sd(values), abs=1e-9)


def _same_row(
    row: dict[str, Any], values: dict[str, list[float]], figures: tuple[str, ...]
) -> None:
    wins = values["win"]
    assert row["n"] == len(wins)
    assert (row["win"]["k"], row["win"]["n"]) == (int(sum(wins)), len(wins))
    for name in figures:
        _same_mean(row[name], values[name])


def check_agreement(paths: list[Path], expected: dict[int, dict[str, Any]]) -> None:
    data = stats_json(paths, "--by", "seat,colour,character")
    assert [b["players"] for b in data["blocks"]] == sorted(expected)
    assert data["summary"]["counted"] == sum(b["games"] for b in expected.values())
    for block in data["blocks"]:
        mine = expected[block["players"]]
        assert block["games"] == mine["games"]
        every = ("place", "money", "letters", "sets", "space")
        seats = {f"seat {k}": v for k, v in mine["seat"].items()}
        assert len(block["groups"]["seat"]) == len(seats)
        for row in block["groups"]["seat"]:
            _same_row(row, seats[row["label"].split(" (")[0]], every)
        colours = {_COLOURS[k]: v for k, v in mine["colour"].items()}
        assert {r["label"] for r in block["groups"]["colour"]} == set(colours)
        for row in block["groups"]["colour"]:
            _same_row(row, colours[row["label"]], every)
        held = {
            f"round {r}: {CHARACTER_NAMES[CHARACTERS.index(c)]}": v
            for (r, c), v in mine["character"].items()
        }
        assert {r["label"] for r in block["groups"]["character"]} == set(held)
        for row in block["groups"]["character"]:
            _same_row(row, held[row["label"]], ("place",))
        by_round = {r["round"]: r for r in block["bids"]["by_round"]}
        assert set(by_round) == set(mine["bids_round"])
        for round_, values in mine["bids_round"].items():
            for name in ("notches", "taler", "value"):
                _same_mean(by_round[round_][name], values[name])
        by_character = {r["label"]: r for r in block["bids"]["by_character"]}
        for character, values in mine["bids_character"].items():
            row = by_character[CHARACTER_NAMES[CHARACTERS.index(character)]]
            for name in ("notches", "taler", "value"):
                _same_mean(row[name], values[name])
        for who in ("winners", "others", "all"):
            _same_row(block["end"][who], mine["end"][who], every)
        _same_mean(block["length"]["rounds"], mine["rounds"])
        _same_mean(block["length"]["decisions"], mine["decisions"])
        finished = {r["label"]: r["k"] for r in block["endings"]["finished_by"]}
        assert finished == {_FINISHERS[k]: n for k, n in mine["finished_by"].items()}
        won = {r["label"]: r["k"] for r in block["endings"]["won_by"]}
        assert won == {_WON[k]: n for k, n in mine["won_by"].items()}


def test_the_figures_are_the_librarys_for_2_3_and_4_players(mixed: list[Path]) -> None:
    # the records read back through the library (mcn.read_games, mcn.decisions)
    check_agreement(mixed, direct(mixed))


@pytest.mark.slow
def test_the_figures_of_2000_random_games_are_the_librarys(tmp_path: Path) -> None:
    # the engine's own account of each game, taken while it was played: no reader touched it
    # (a second reading and replay of 2,000 games, with every state kept, would double the cost)
    played = write_played(tmp_path / "random.mcn", 4, 2000, 7000)
    assert len(played) == 2000
    check_agreement([tmp_path / "random.mcn"], direct_of(played))
