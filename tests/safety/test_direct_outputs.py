"""The outputs mcn.io.safe_write writes without replacing anything, and the inputs it refuses
to replace, held at the library (each test kills mutants that survived the command-line tests
of tests/safety/test_output_rule.py; docs/testing.md, "Mutation testing").

A name of one of the process's descriptors (``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N``,
``/proc/self/fd/N``) is written through a copy of exactly that descriptor, after the Python
stream on it has been flushed; a file the running command reads is never replaced by its output.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from mcn.io.safe_write import WriteError, atomic_open, write_bytes_atomic, write_text_atomic

linux_only = pytest.mark.skipif(
    not os.path.isdir("/proc/self/fd"), reason="needs /dev/fd and /proc/self/fd (Linux)"
)


def _open_descriptors() -> set[int]:
    return {int(name) for name in os.listdir("/proc/self/fd")}


@linux_only
def test_dev_stdout_and_dev_stderr_are_descriptors_1_and_2(
    capfd: pytest.CaptureFixture[str],
) -> None:
    write_text_atomic("/dev/stdout", "to the standard output\n")
    write_text_atomic("/dev/stderr", "to the standard error\n")
    captured = capfd.readouterr()
    assert captured.out == "to the standard output\n"
    assert captured.err == "to the standard error\n"


@linux_only
@pytest.mark.parametrize("form", ["/dev/fd/{}", "/proc/self/fd/{}"])
def test_a_descriptor_named_by_number_gets_the_bytes_at_its_own_position(
    tmp_path: Path, form: str
) -> None:
    """The descriptor is open for appending (``>> log.txt``): the file keeps its earlier bytes
    and the write goes after them, in text and in bytes; nothing is replaced."""
    log = tmp_path / "log.txt"
    log.write_bytes(b"earlier\n")
    inode = log.stat().st_ino
    number = os.open(log, os.O_WRONLY | os.O_APPEND)
    try:
        with atomic_open(form.format(number), encoding="latin-1") as out:  # text mode
            out.write("text é\r\n")  # encoded as asked, newlines as given
        mode: Any = "".join(["w", "b"])  # a mode built at run time is compared by value
        with atomic_open(form.format(number), mode) as out:
            out.write(b"bytes\n")
    finally:
        os.close(number)
    assert log.read_bytes() == b"earlier\ntext \xe9\r\nbytes\n"
    assert log.stat().st_ino == inode


@linux_only
def test_a_descriptor_on_a_pipe_is_written_into_the_pipe() -> None:
    reader, writer = os.pipe()
    try:
        write_bytes_atomic(f"/dev/fd/{writer}", b"through the pipe")
        os.close(writer)
        assert os.read(reader, 100) == b"through the pipe"
    finally:
        os.close(reader)


@linux_only
def test_a_closed_descriptor_is_refused_in_one_line() -> None:
    unused = max(_open_descriptors()) + 50
    with pytest.raises(WriteError, match=rf"^/dev/fd/{unused}: error: cannot write: .*Bad file"):
        write_bytes_atomic(f"/dev/fd/{unused}", b"x")


@linux_only
def test_a_descriptor_open_on_a_folder_is_refused_and_its_copy_closed(tmp_path: Path) -> None:
    folder = os.open(tmp_path, os.O_RDONLY)
    try:
        before = _open_descriptors()
        for mode in ("w", "wb"):
            refused = pytest.raises(WriteError, match=rf"^/dev/fd/{folder}: error: cannot write")
            with refused, atomic_open(f"/dev/fd/{folder}", mode):  # type: ignore[call-overload]
                pass
        assert _open_descriptors() == before  # the copy made by os.dup was closed
    finally:
        os.close(folder)


class _SharedLog:
    """Two buffered text streams on two descriptors of one log opened for appending (as with
    ``> log.txt 2>&1``), standing for sys.stdout and sys.stderr. Their numbers are past 256
    (a process with many files open): CPython keeps one object per small int only, so the
    descriptor is compared by value."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.touch()
        streams = []
        for number in (300, 301):
            opened = os.open(path, os.O_WRONLY | os.O_APPEND)
            os.dup2(opened, number)
            os.close(opened)
            streams.append(io.TextIOWrapper(io.FileIO(number, "wb")))
        self.out, self.err = streams

    def close(self) -> None:
        self.out.close()
        self.err.close()


@linux_only
@pytest.mark.parametrize(
    ("written_to", "expected"),
    [
        # the stream on the descriptor written is flushed first, the other one left alone
        (lambda log: log.out, "out before\nDIRECT\nerr before\n"),
        (lambda log: log.err, "err before\nDIRECT\nout before\n"),
    ],
    ids=["stdout", "stderr"],
)
def test_only_the_python_stream_on_the_descriptor_is_flushed_before_the_write(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    written_to: Callable[[_SharedLog], io.TextIOWrapper],
    expected: str,
) -> None:
    """What the program printed to a stream comes before what it writes to the same
    descriptor by name; the other stream's buffer keeps its place (it comes out when it
    is flushed, as it would have without the direct write)."""
    log = _SharedLog(tmp_path / "log.txt")
    monkeypatch.setattr(sys, "stdout", log.out)
    monkeypatch.setattr(sys, "stderr", log.err)
    try:
        log.out.write("out before\n")
        log.err.write("err before\n")
        write_text_atomic(f"/dev/fd/{written_to(log).fileno()}", "DIRECT\n")
        log.out.flush()
        log.err.flush()
        monkeypatch.undo()
    finally:
        log.close()
    assert (tmp_path / "log.txt").read_text() == expected


def _command(inputs_first: bool) -> click.Command:
    """A command that writes its output with the safe writer; its inputs are an argument
    (several names) and an option, declared before or after the output."""

    def write(output: str, **_: object) -> None:
        try:
            write_bytes_atomic(output, b"output")
        except WriteError as problem:
            raise click.ClickException(str(problem)) from None

    params: list[click.Parameter] = [
        click.Argument(["records"], nargs=-1),
        click.Option(["--board"], default=""),
    ]
    output = click.Option(["-o", "--output"], required=True)
    return click.Command(
        "write", params=[*params, output] if inputs_first else [output, *params], callback=write
    )


@pytest.mark.parametrize("inputs_first", [True, False], ids=["inputs-first", "output-first"])
def test_an_input_of_the_command_is_never_its_output(tmp_path: Path, inputs_first: bool) -> None:
    game = tmp_path / "game.mcn"
    game.write_bytes(b"the record")
    link = tmp_path / "link.mcn"
    link.symlink_to(game)
    command = _command(inputs_first)
    for output, arguments in (
        (game, ["missing.mcn", "-", str(game)]),  # a missing input is passed over, not the end
        (link, [str(game)]),  # a link to the input is the input
        (game, ["--board", str(game)]),  # an option's file is an input too
    ):
        result = CliRunner().invoke(command, [*arguments, "-o", str(output)])
        assert result.exit_code == 1, result.output
        assert f"it is an input of this command ({game})" in result.output
        assert game.read_bytes() == b"the record"


def test_other_files_are_written_whatever_their_inode(tmp_path: Path) -> None:
    """An output is refused only for the very input (same device and inode), not for one
    that merely sorts before or after it."""
    first, second = tmp_path / "first.mcn", tmp_path / "second.mcn"
    first.write_bytes(b"one")
    second.write_bytes(b"two")
    command = _command(True)
    for source, output in ((first, second), (second, first)):
        result = CliRunner().invoke(command, [str(source), "-o", str(output)])
        assert result.exit_code == 0, result.output
        assert output.read_bytes() == b"output"
        source.write_bytes(b"source")
