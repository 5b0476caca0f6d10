"""A command that allows it ends without the interpreter's teardown (mcn/io/quick_exit.py,
issue 34): the same output, the same exit status, the exit functions run — and the ordinary
exit whenever the quick one could lose something (no permission, another thread, a status
that is a message, a stream that cannot be flushed)."""

from __future__ import annotations

import atexit
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from mcn.io import quick_exit

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "examples" / "game-4p.mcn"

#: Runs the console script's ``main`` with ``argv[3:]`` after registering an exit function
#: (writes ``argv[1]``) and keeping an object whose finaliser speaks only in a teardown;
#: ``argv[2]`` is ``quick`` or ``ordinary`` (the quick exit never allowed). The object is kept
#: in a module of its own, which the teardown clears, not in ``__main__``: in the compiled
#: build a finaliser among the script's own globals was observed never to run at an ordinary
#: exit (something compiled keeps those globals alive to the end), while a module's is run.
_MAIN = """
import atexit, re, sys, types
class Torn:
    def __del__(self):
        sys.stderr.write("torn down\\n")
witness = types.ModuleType("teardown_witness")
witness.kept = Torn()
sys.modules["teardown_witness"] = witness
del witness
marker = sys.argv[1]
def mark():
    with open(marker, "w") as out:
        out.write("exit functions ran")
atexit.register(mark)
if sys.argv[2] == "ordinary":
    import mcn.io.quick_exit
    mcn.io.quick_exit.allow = lambda: None
sys.argv = ["mcn", *sys.argv[3:]]
from mcn.cli import main
main()
"""
_SECONDS = re.compile(r"in \d+\.\d+ s|\"seconds\": [\d.]+")


def run_main(tmp_path: Path, how: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    marker = tmp_path / f"atexit-{how}.txt"
    done = subprocess.run(
        [sys.executable, "-c", _MAIN, str(marker), how, *arguments],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert marker.read_text() == "exit functions ran"
    marker.unlink()
    return done


def both(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Run ``mcn ARGUMENTS`` with the quick exit and with the ordinary one: the same status,
    output and messages (but the finaliser's line, which only a teardown writes)."""
    quick = run_main(tmp_path, "quick", *arguments)
    ordinary = run_main(tmp_path, "ordinary", *arguments)
    assert "torn down" in ordinary.stderr
    assert quick.returncode == ordinary.returncode
    assert _SECONDS.sub("", quick.stdout) == _SECONDS.sub("", ordinary.stdout)
    assert quick.stderr.replace("torn down\n", "") == ordinary.stderr.replace("torn down\n", "")
    return quick


def test_html_ends_quickly_with_its_page_written(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    done = both(tmp_path, "html", str(GAME), "-o", str(page))
    assert done.returncode == 0
    assert "torn down" not in done.stderr  # no teardown: the finaliser never ran
    assert done.stderr.startswith(f"wrote {page} (")
    assert page.read_text(encoding="utf-8").endswith("</html>\n")
    to_stdout = both(tmp_path, "html", str(GAME))
    assert to_stdout.returncode == 0 and to_stdout.stdout.endswith("</html>\n")


def test_validate_ends_quickly_with_every_line_out_and_its_status(tmp_path: Path) -> None:
    record = GAME.read_text(encoding="utf-8")
    many = tmp_path / "many.mcn"
    many.write_text("\n".join([record] * 30), encoding="utf-8")
    for jobs in ("1", "2"):
        done = both(tmp_path, "validate", "--jobs", jobs, str(many))
        assert done.returncode == 0 and "torn down" not in done.stderr
        lines = done.stdout.splitlines()
        assert sum(": game " in line for line in lines) == 30
        assert lines[-1].startswith("30 games read from 1 file: 30 valid, 0 invalid")
    broken = tmp_path / "broken.mcn"
    broken.write_text(record.replace("B: bonus 10>II", "B: bonus 99>II", 1), encoding="utf-8")
    failed = both(tmp_path, "validate", "--format", "json", str(broken))
    assert failed.returncode == 1 and '"valid": false' in failed.stdout


@pytest.mark.parametrize(
    "arguments",
    [
        ["replay", "{game}", "--to", "2"],
        ["replay", "{game}", "--format", "json", "--as", "R"],
        ["replay", "{game}", "--to", "99.9"],  # an address the game never reaches
        ["position", "{game}", "--at", "3.2.1"],
        ["legal", "{game}", "--at", "3.2.1"],
        ["legal", "{game}", "--at", "3.2.1", "--try", "B: letter red"],
    ],
)
def test_the_commands_that_only_print_end_quickly(tmp_path: Path, arguments: list[str]) -> None:
    done = both(tmp_path, *[str(GAME) if a == "{game}" else a for a in arguments])
    assert "torn down" not in done.stderr
    assert done.stdout or done.stderr


def test_a_usage_error_keeps_its_status_and_message(tmp_path: Path) -> None:
    done = both(tmp_path, "html", str(GAME), "--game", "0")  # before the command runs
    assert done.returncode == 2 and "Invalid value for '--game'" in done.stderr
    refused = both(tmp_path, "html", str(GAME), "--quiz", "--as", "spectator")  # inside it
    assert refused.returncode == 2 and "a spectator makes none" in refused.stderr
    assert "torn down" not in refused.stderr


#: Imported at the start of every Python process that has its folder on PYTHONPATH: the same
#: finaliser, for the entry points that cannot be given code to run first.
_SITE = """
import os
class Torn:
    def __del__(self, write=os.write):  # sys may be gone by then: os.write as bound here
        write(2, b"torn down\\n")
torn = Torn()
"""


@pytest.mark.parametrize("entry", ["python -m mcn", "console script"])
def test_both_entry_points_end_quickly(tmp_path: Path, entry: str) -> None:
    """``python -m mcn`` and the installed ``mcn`` both end through :func:`quick_exit.end`."""
    script = Path(sys.executable).with_name("mcn")
    if entry == "console script" and not script.exists():
        pytest.skip("no console script beside this interpreter")
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(_SITE, encoding="utf-8")
    start = [sys.executable, "-m", "mcn"] if entry == "python -m mcn" else [str(script)]
    env = {**os.environ, "PYTHONPATH": str(site)}
    page = tmp_path / "page.html"
    done = subprocess.run(
        [*start, "html", str(GAME), "-o", str(page)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0 and page.exists()
    assert "torn down" not in done.stderr
    version = subprocess.run([*start, "--version"], capture_output=True, text=True, env=env)
    assert "torn down" in version.stderr  # the finaliser does speak in a teardown


def test_a_command_that_did_not_allow_it_is_torn_down(tmp_path: Path) -> None:
    done = run_main(tmp_path, "quick", "--version")
    assert done.returncode == 0 and "torn down" in done.stderr


def test_a_closed_pipe_is_reported_as_before(tmp_path: Path) -> None:
    """Standard output's reader gone: the ordinary exit's status and messages."""
    record = GAME.read_text(encoding="utf-8")
    many = tmp_path / "many.mcn"
    many.write_text("\n".join([record] * 20), encoding="utf-8")
    seen = []
    for how in ("quick", "ordinary"):
        marker = tmp_path / "atexit.txt"
        child = subprocess.Popen(
            [sys.executable, "-c", _MAIN, str(marker), how, "validate", str(many)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None and child.stderr is not None
        child.stdout.close()  # the reader goes away before the first line
        errors = child.stderr.read()
        seen.append((child.wait(), errors.replace("torn down\n", "")))
    assert seen[0] == seen[1]
    assert seen[0][0] != 0


@pytest.fixture
def allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command allowed the quick exit, and this process has no other thread (the test
    process may have some, left by other tests: the thread check is tested on its own)."""
    monkeypatch.setattr(quick_exit, "_allowed", True)
    monkeypatch.setattr(quick_exit, "_alone", lambda: True)


def _no_exit(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    ended: list[int] = []
    monkeypatch.setattr(quick_exit.os, "_exit", ended.append)
    return ended


def test_end_without_permission_returns(monkeypatch: pytest.MonkeyPatch) -> None:
    ended = _no_exit(monkeypatch)
    monkeypatch.setattr(quick_exit, "_allowed", False)
    quick_exit.end(0)
    assert ended == [] and not quick_exit.allowed()


@pytest.mark.usefixtures("allowed")
@pytest.mark.parametrize(("code", "status"), [(None, 0), (0, 0), (1, 1), (2, 2), (255, 255)])
def test_end_ends_with_the_status(
    monkeypatch: pytest.MonkeyPatch, code: int | None, status: int
) -> None:
    ended = _no_exit(monkeypatch)
    ran: list[bool] = []
    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: ran.append(True))  # not pytest's
    quick_exit.end(code)
    assert ran == [True]
    assert ended == [status]


@pytest.mark.usefixtures("allowed")
@pytest.mark.parametrize("code", ["a message", 256, -1, 1.0])
def test_a_status_that_is_not_a_small_number_takes_the_ordinary_exit(
    monkeypatch: pytest.MonkeyPatch, code: object
) -> None:
    ended = _no_exit(monkeypatch)
    quick_exit.end(code)
    assert ended == []


def test_another_thread_alive_takes_the_ordinary_exit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quick_exit, "_allowed", True)
    ended = _no_exit(monkeypatch)
    release = threading.Event()
    worker = threading.Thread(target=release.wait)
    worker.start()
    try:
        assert not quick_exit._alone()
        quick_exit.end(0)
    finally:
        release.set()
        worker.join()
    assert ended == []


@pytest.mark.usefixtures("allowed")
def test_a_stream_that_cannot_be_flushed_takes_the_ordinary_exit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Broken:
        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    ended = _no_exit(monkeypatch)
    monkeypatch.setattr(sys, "stdout", Broken())
    quick_exit.end(0)
    assert ended == []
