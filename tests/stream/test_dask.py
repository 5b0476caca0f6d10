"""``--dask``: the games checked on a Dask cluster give the local report (validate, standings)
or output (filter, also with ``--jobs``), byte for byte."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.commands.random_games import random_records, write_records

distributed = pytest.importorskip("distributed", reason="the mcn[dask] extra is not installed")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A local cluster of two worker processes, as a remote one would be reached: by address."""
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """24 games in one file, one of them broken (an illegal move), so errors travel too."""
    path = tmp_path_factory.mktemp("dask") / "archive.mcn"
    with path.open("w", encoding="utf-8", newline="") as out:
        write_records(random_records(3, seed=11, count=24), out)
    text = path.read_text(encoding="utf-8")
    broken = text.replace("choose pope", "choose popes", 1)
    assert broken != text
    path.write_text(broken, encoding="utf-8", newline="")
    return path


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, ["validate", *args])
    assert result.exit_code == 1, result.output  # the broken game
    return result.output


def _without_time(output: str) -> str:
    return re.sub(r'"seconds": [0-9.]+', '"seconds": 0', re.sub(r"in [0-9.]+ ?s\b", "", output))


@pytest.mark.parametrize("form", ["text", "json"])
def test_the_cluster_report_is_the_local_report(scheduler: str, archive: Path, form: str) -> None:
    files = [str(archive), str(ROOT / "examples" / "game-4p.mcn")]
    local = _run(*files, "--format", form)
    remote = _run(*files, "--format", form, "--dask", scheduler)
    assert _without_time(remote) == _without_time(local)
    if form == "json":
        report = json.loads(remote)
        assert report["summary"]["games"] == 25 and report["summary"]["invalid"] == 1


def test_standings_on_the_cluster_are_the_local_standings(scheduler: str, archive: Path) -> None:
    args = ["standings", str(archive), "--format", "csv"]
    local = CliRunner().invoke(cli, args)
    remote = CliRunner().invoke(cli, [*args, "--dask", scheduler])
    assert remote.exit_code == local.exit_code
    assert remote.stdout == local.stdout and "Random player" in local.stdout


@pytest.mark.parametrize("criteria", [("--valid",), ("--player", "random player red")])
def test_filter_on_workers_and_the_cluster_writes_the_local_output(
    scheduler: str, archive: Path, tmp_path: Path, criteria: tuple[str, ...]
) -> None:
    # games judged in processes or on the cluster (replayed for --valid, headers only for
    # --player) are written in input order, byte for byte the local output
    files = [str(archive), str(ROOT / "examples" / "game-4p.mcn")]
    outputs = []
    for index, way in enumerate(([], ["--jobs", "2"], ["--dask", scheduler])):
        out = tmp_path / f"out{index}.mcn"
        result = CliRunner().invoke(cli, ["filter", *files, *criteria, *way, "-o", str(out)])
        assert result.exit_code == 0, result.output
        outputs.append(out.read_bytes())
    example = (ROOT / "examples" / "game-4p.mcn").read_bytes()
    assert outputs[0].count(b"[Event ") == 24  # one game of the 25 is left out
    if criteria == ("--valid",):
        assert b"choose popes" not in outputs[0] and outputs[0].endswith(example)
    else:
        assert example not in outputs[0]
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]


def test_an_unreachable_scheduler_is_a_usage_error() -> None:
    result = CliRunner().invoke(
        cli,
        ["validate", str(ROOT / "examples" / "game-2p.mcn"), "--dask", "tcp://127.0.0.1:9"],
        env={"MCN_DASK_TIMEOUT": "1s"},
    )
    assert result.exit_code == 2
    assert "cannot reach the Dask scheduler" in result.output


def test_a_users_board_reaches_the_cluster_workers(
    scheduler: str, archive: Path, tmp_path: Path
) -> None:
    # I-BRD-2: the profile given with --board travels with the tasks (pickled with the
    # options): on the cluster the same games are invalid as here
    data = json.loads(CliRunner().invoke(cli, ["board", "--format", "json"]).output)
    data["id"] = "club"
    data["prices"]["wine"]["purchase"] = {"value": 1, "provisional": False}
    board = tmp_path / "club.json"
    board.write_text(json.dumps(data), encoding="utf-8")
    args = ["filter", str(archive), "--invalid", "--board", str(board)]
    local = CliRunner().invoke(cli, args)
    remote = CliRunner().invoke(cli, [*args, "--dask", scheduler])
    assert local.exit_code == remote.exit_code == 0
    assert remote.stdout == local.stdout
    assert remote.stderr == local.stderr and "board club" in local.stderr
    assert 1 < local.stdout.count("[Event ") < 24  # some games fail only on this board
