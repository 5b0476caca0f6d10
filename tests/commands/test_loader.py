"""The one record loader (mcn/commands/loader.py): every command reads a record by the rules
of ``validate`` — its encodings, its limits, its messages — and no command reads one itself."""

from __future__ import annotations

import ast
import errno
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from mcn.cli import cli
from mcn.commands import loader
from mcn.commands.loader import Record, record_source
from mcn.io import inputs

ROOT = Path(__file__).resolve().parents[2]
GAME_4P = ROOT / "examples" / "game-4p.mcn"
COMMANDS = ROOT / "mcn" / "commands"
RUNNER = CliRunner()

#: The warning validate gives for a record that is not UTF-8 (mcn.io.inputs).
GUESSED = "warning: not UTF-8 (byte offset 82): read as Windows-1252"


@pytest.fixture
def latin(tmp_path: Path) -> Path:
    """game-4p.mcn with a player's name in Windows-1252 (as an older editor saves it)."""
    text = GAME_4P.read_text(encoding="utf-8").replace("Paula", "Päula", 1)
    path = tmp_path / "latin.mcn"
    path.write_bytes(text.encode("cp1252"))
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["replay"],
        ["html"],
        ["tree", "-o", "{out}"],
        ["position"],
        ["legal"],
        ["redact", "--as", "R"],
        ["export", "--format", "mcn"],
        ["fmt"],
        ["diff", str(GAME_4P)],
        ["validate"],
    ],
)
def test_every_command_reads_a_guessed_encoding_as_validate_does(
    latin: Path, args: list[str], tmp_path: Path
) -> None:
    rest = [arg.format(out=tmp_path / "tree.dot") for arg in args[1:]]
    result = RUNNER.invoke(cli, [args[0], str(latin), *rest])
    assert GUESSED in (result.stdout if args[0] == "validate" else result.stderr), result.output
    assert "invalid UTF-8" not in result.output
    if args[0] in ("replay", "redact", "export", "fmt"):
        assert result.exit_code == 0, result.output
        assert "Päula Brandt" in result.stdout  # the name read right, written as UTF-8


def test_the_guessed_encoding_is_said_once_before_the_output(latin: Path) -> None:
    result = RUNNER.invoke(cli, ["replay", str(latin)])
    assert result.stderr.count("warning: not UTF-8") == 1
    assert result.stderr.startswith(f"{latin}: {GUESSED}")


def test_a_forced_encoding_is_used_as_given(latin: Path) -> None:
    result = RUNNER.invoke(cli, ["fmt", "--encoding", "latin-1", str(latin)])
    assert result.exit_code == 0
    assert "Päula Brandt" in result.stdout
    assert "warning" not in result.stderr


@pytest.mark.parametrize("command", ["fmt", "export", "validate", "standings"])
@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("nope", "unknown encoding 'nope'"),
        ("rot13", "'rot13' is not a text encoding"),
        ("undefined", "'undefined' cannot encode MCN text"),
    ],
)
def test_one_check_of_the_encoding_option(command: str, value: str, message: str) -> None:
    result = RUNNER.invoke(cli, [command, "--encoding", value, str(GAME_4P)])
    assert result.exit_code == 2
    assert f"Invalid value for --encoding: {message}" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["replay"],
        ["html"],
        ["tree", "-o", "{out}"],
        ["position"],
        ["legal"],
        ["diff", str(GAME_4P)],
    ],
)
def test_a_game_the_file_does_not_have_is_named_the_same_everywhere(
    args: list[str], tmp_path: Path
) -> None:
    command, rest = args[0], [arg.format(out=tmp_path / "tree.dot") for arg in args[1:]]
    result = RUNNER.invoke(cli, [command, str(GAME_4P), *rest, "--game", "3"])
    assert result.exit_code == 2
    assert f"{GAME_4P} has only 1 game, not game 3" in result.output


def test_standard_input_is_named_stdin(tmp_path: Path) -> None:
    data = GAME_4P.read_bytes()
    result = RUNNER.invoke(cli, ["replay", "-", "--game", "2"], input=data)
    assert "<stdin> has only 1 game, not game 2" in result.output
    good = RUNNER.invoke(cli, ["replay", "-"], input=data)
    assert good.exit_code == 0
    assert good.stdout == RUNNER.invoke(cli, ["replay", str(GAME_4P)]).stdout


def test_a_file_that_cannot_be_read_is_said_one_way() -> None:
    source = record_source(str(GAME_4P))
    problem = OSError(errno.EACCES, "Permission denied")
    assert source.cannot_read(problem) == f"{GAME_4P}: error: cannot read: Permission denied"
    odd = Record("a\x1b]0;title\x07.mcn", "a\x1b]0;title\x07.mcn", "utf-8")
    assert "\x1b" not in odd.cannot_read(problem)  # the name is escaped for the terminal
    assert "\x07" not in odd.cannot_read("too long")


def test_a_stream_is_read_whole_only_within_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "MAX_STREAM_BYTES", 1000)
    result = RUNNER.invoke(cli, ["fmt", "-"], input=GAME_4P.read_bytes())
    assert result.exit_code == 1
    assert "<stdin>: error: cannot read: more than 0 MiB from a stream (the limit)" in (
        result.stderr
    )


def test_import_says_a_stream_over_the_limit_cannot_be_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(loader, "MAX_STREAM_BYTES", 1000)
    result = RUNNER.invoke(cli, ["import", "-"], input=b'{"games": [' + b" " * 2000)
    assert result.exit_code == 1
    assert "<stdin>: error: cannot read: more than 0 MiB from a stream (the limit)" in (
        result.stderr
    )


#: What reads a record's text: only the loader may call these in mcn/commands.
_READERS = {"iter_results", "iter_games", "read_file", "file_lines", "encoding_for", "detect"}


def test_no_command_reads_a_record_but_through_the_loader() -> None:
    found = []
    for path in sorted(COMMANDS.glob("*.py")):
        if path.name == "loader.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mcn."):
                found += [(path.name, a.name) for a in node.names if a.name in _READERS]
    assert found == []


def _decoded_whole(data: bytes) -> tuple[str, int | None]:
    """The truth for detecting an encoding: the whole file decoded at once (the encoding, and
    the byte offset of the first bad byte)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as problem:
        return "cp1252", problem.start
    return "utf-8", None


@settings(max_examples=300, deadline=None)
@given(
    pieces=st.lists(st.sampled_from([b"a", b"\n", b"\xc3\xa4", b"\xe2\x80\x94", b"\xff", b"\x80"])),
    block=st.integers(1, 6),
    piece=st.integers(1, 4),
)
def test_detecting_skips_ascii_blocks_and_says_the_same(
    tmp_path_factory: pytest.TempPathFactory, pieces: list[bytes], block: int, piece: int
) -> None:
    """ASCII blocks are skipped unless a character began in the block before (a two- or
    three-byte character cut by a block's end, then ASCII): the same encoding, and the byte
    offset of the first bad byte in the warning whatever the blocks (it once counted from the
    bytes of a cut character the decoder kept: one or two too many)."""
    data = b"x" + b"".join(pieces)  # never a byte-order mark
    path = tmp_path_factory.mktemp("detect") / "game.mcn"
    path.write_bytes(data)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(inputs, "_SCAN_BLOCK", block)
        patch.setattr(inputs, "_SCAN_PIECE", piece)  # read in pieces, decoded in blocks
        found = inputs.detect(str(path))
    encoding, offset = _decoded_whole(data)
    assert found.encoding == encoding or (encoding == "cp1252" and found.encoding == "latin-1")
    if offset is None:
        assert found.warning is None
    else:
        assert found.warning is not None and f"(byte offset {offset})" in found.warning


def test_an_ascii_block_after_a_cut_character_is_still_decoded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = b"ab\xc3" + b"cd"  # the first block ends inside a character, the second is ASCII
    path = tmp_path / "cut.mcn"
    path.write_bytes(data)
    monkeypatch.setattr(inputs, "_SCAN_BLOCK", 3)
    monkeypatch.setattr(inputs, "_SCAN_PIECE", 2)
    found = inputs.detect(str(path))
    assert found.encoding == "cp1252"
    assert found.warning is not None
    assert "(byte offset 2)" in found.warning  # the cut character's first byte, not the block's end
    assert _decoded_whole(data) == ("cp1252", 2)
