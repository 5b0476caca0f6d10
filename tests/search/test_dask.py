"""``mcn search --dask``: the condition is evaluated on the cluster's workers, and the output is
the local one, byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.commands.random_games import random_records, write_records

pytest.importorskip("distributed", reason="the mcn[dask] extra is not installed")


def test_dask_gives_the_local_output(tmp_path: Path) -> None:
    path = tmp_path / "games.mcn"
    with path.open("w", encoding="utf-8", newline="") as out:
        write_records(random_records(3, seed=51, count=10), out)
    runner = CliRunner()
    for extra in (["--addresses", "--format", "json"], []):
        args = ["search", str(path), "--where", "round == 2 and money(R) > 20", *extra]
        local = runner.invoke(cli, args)
        remote = runner.invoke(cli, [*args, "--dask", "local:1"])
        assert local.exit_code == remote.exit_code == 0, remote.output
        assert local.stdout == remote.stdout
        assert local.stdout.count('"game"' if extra else "[Event ") >= 1
