"""The cyclic garbage collector during a command's start (issue 34, item 2).

``mcn`` (the console script and ``python -m mcn``: :func:`mcn.__main__.main`) pauses the
collector while Click and the command's modules are imported, then freezes what the start made
and lets the collector run again for the command's own work (:func:`mcn.cli.main`). Held here
as facts about the collector in a fresh process, never as timings (bench/cold_start.py):
running again and with the start frozen once the command runs; untouched for a program that
imports the command line or calls it from Python.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = str(ROOT / "examples" / "game-4p.mcn")

#: Runs mcn's entry point and reports the collector as the command found it when it ran (the
#: command's own callback is wrapped) and what is still frozen at exit.
_ENTRY = """
import atexit, gc, json, sys
import click

seen = {}
invoke = click.Command.invoke


def watched(self, ctx):
    seen["enabled"] = gc.isenabled()
    seen["frozen"] = gc.get_freeze_count()
    return invoke(self, ctx)


click.Command.invoke = watched


def report():
    print(json.dumps({**seen, "at exit": gc.get_freeze_count()}), file=sys.stderr)


atexit.register(report)
sys.argv = ["mcn", *sys.argv[1:]]
from mcn.__main__ import main

main()
"""


def _as_the_command_found_it(*arguments: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", _ENTRY, *arguments], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stderr.strip().splitlines()[-1])
    return found


def test_the_command_runs_with_the_collector_and_the_start_frozen() -> None:
    found = _as_the_command_found_it("validate", GAME)
    assert found["enabled"] is True
    frozen = found["frozen"]
    assert isinstance(frozen, int) and frozen > 10_000  # the imports: modules, classes, tables
    assert found["at exit"] == 0  # thawed, so the teardown collects and finalises them


def test_a_collector_the_caller_turned_off_stays_off() -> None:
    script = _ENTRY.replace("import click\n", "import click\n\ngc.disable()\n", 1)
    done = subprocess.run(
        [sys.executable, "-c", script, "replay", GAME, "--to", "2"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stderr.strip().splitlines()[-1])["enabled"] is False


def test_calling_the_command_line_from_python_leaves_the_collector_alone() -> None:
    script = """
import gc, sys
from mcn.cli import cli
try:
    cli.main(["validate", sys.argv[1]], standalone_mode=False)
except SystemExit:
    pass
print(gc.isenabled(), gc.get_freeze_count(), file=sys.stderr)
"""
    done = subprocess.run(
        [sys.executable, "-c", script, GAME], capture_output=True, text=True, cwd=ROOT
    )
    assert done.stderr.strip().splitlines()[-1] == "True 0"


def test_the_console_script_starts_at_the_entry_point() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"]["mcn"] == "mcn.__main__:main"
