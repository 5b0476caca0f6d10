"""``mcn validate``: exit codes, the text and JSON reports (against their schema), directories
and standard input, ``--strict`` and ``--jobs``, and no traceback on garbage or mangled records."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from mcn.io.inputs import effective_jobs
from tests.commands.helpers import (
    EXAMPLES,
    GAME_4P,
    INVALID,
    archive_records,
    report_json,
    run,
    validator,
)


@pytest.fixture(scope="module")
def records() -> list[str]:
    return archive_records()


def test_validate_exit_codes(tmp_path: Path) -> None:
    assert run("validate", str(GAME_4P)).exit_code == 0
    assert run("validate", str(INVALID / "wrong-result.mcn")).exit_code == 1
    assert run("validate", str(tmp_path / "missing.mcn")).exit_code == 2
    assert run("validate").exit_code == 2
    assert run("validate", "--format", "xml", str(GAME_4P)).exit_code == 2
    assert run("validate", "--jobs", "0", str(GAME_4P)).exit_code == 2


def test_validate_summary_and_diagnostics(tmp_path: Path) -> None:
    both = tmp_path / "both.mcn"
    both.write_text(
        GAME_4P.read_text(encoding="utf-8")
        + "\n"
        + (INVALID / "room-visited-twice.mcn").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    result = run("validate", str(both))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    first = next(line for line in lines if ": error: " in line)
    assert first.startswith(f"{both}:")
    assert ": error: 1.3.1: Room 4 was already visited this round. [R-HOP-1] (game 2)" in first
    verdicts = [line for line in lines if ": game " in line]
    assert ": game 1: valid — " in verdicts[0] and ": game 2: INVALID (1 problem)" in verdicts[1]
    assert lines[-1].startswith("2 games read from 1 file: 1 valid, 1 invalid; ")
    assert "decisions replayed in" in lines[-1]


def test_validate_lenient_reports_every_game_strict_stops(tmp_path: Path) -> None:
    bad = (INVALID / "wrong-turn-order.mcn").read_text(encoding="utf-8")
    path = tmp_path / "twice.mcn"
    path.write_text(bad + "\n" + bad, encoding="utf-8")
    lenient = run("validate", str(path))
    assert lenient.output.count(": error: ") == 2
    strict = run("validate", "--strict", str(path))
    assert strict.exit_code == 1
    assert strict.output.count(": error: ") == 1
    assert "stopped at the first error" in strict.output


def test_validate_directories_and_stdin(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.mcn").write_text(GAME_4P.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "sub" / "b.mcn").write_text(
        (EXAMPLES / "game-2p.mcn").read_text(encoding="utf-8"), encoding="utf-8"
    )
    (tmp_path / "notes.txt").write_text("not a record", encoding="utf-8")
    result = run("validate", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "2 games read from 2 files: 2 valid" in result.output
    piped = run("validate", "-", input=GAME_4P.read_bytes())
    assert piped.exit_code == 0
    assert "1 game read from 1 file" in piped.output


def test_validate_json_report_matches_its_schema(tmp_path: Path) -> None:
    unreadable = tmp_path / "unreadable.mcn"
    unreadable.write_bytes(b"\xff\xfe\x00garbage")
    result = run(
        "validate",
        "--format",
        "json",
        str(GAME_4P),
        str(INVALID / "post-above-six.mcn"),
        str(INVALID / "missing-headers.mcn"),
        str(unreadable),
    )
    assert result.exit_code == 1
    report = json.loads(result.output)
    validator("report").validate(report)
    assert report["summary"]["games"] == 4
    assert report["summary"]["valid"] == 1
    games = report["games"]
    assert games[0]["valid"] and games[0]["result"] == "Y" and games[0]["decisions"] > 200
    post = next(d for d in games[1]["diagnostics"] if d["severity"] == "error")
    assert (post["address"], post["rule"], post["code"]) == ("3.1.2", "R-ACT-3", "illegal")
    assert (post["line"], post["column"]) == (55, 18)
    assert games[2]["diagnostics"][0]["code"] == "header"


def test_validate_jobs_keeps_the_order_of_files() -> None:
    files = [str(p) for p in sorted(EXAMPLES.glob("game-*.mcn"))] + [
        str(INVALID / "third-jewel.mcn"),
        str(INVALID / "failed-checkpoint.mcn"),
    ]
    sequential = run("validate", *files)
    parallel = run("validate", "--jobs", "2", *files)
    assert parallel.exit_code == sequential.exit_code == 1
    assert parallel.output.splitlines()[:-1] == sequential.output.splitlines()[:-1]


GARBAGE = [
    b"",
    b"\x00\x01\x02\x1b[31m",
    b'[Event "x"]\n' * 3,
    b"(" * 5000,
    b'[Event "?"][Site "?"][Date "?"][Red "a"][Blue "b"][Rules "de-2016"]'
    b'[Board "standard"][Variant "standard"][Result "*"]\n' + b"R: pass " * 50,
    b'[Event "?"][Site "?"][Date "?"][Red "a"][Blue "b"][Rules "nope"]'
    b'[Board "moon"][Variant "other"][Result "R"]\nsetup souls: R B',
    b'[Event "?"][Site "?"][Date "?"][Red "a"][Blue "b"][Rules "de-2016"]'
    b'[Board "standard"][Variant "standard"][Result "*"]\nsetup souls: R B R: bonus ? '
    b"B: donate ?>? <chest III> <letters R pink 2> <souls> <digest 1 2>",
]


@pytest.mark.parametrize("data", GARBAGE)
def test_validate_never_crashes_on_garbage(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "garbage.mcn"
    path.write_bytes(data)
    result = run("validate", str(path))
    assert result.exit_code in (0, 1)
    assert result.output.rstrip().splitlines()[-1].endswith(" s") or "stopped" in result.output


def test_validate_never_crashes_on_mangled_records(tmp_path: Path) -> None:
    rng = random.Random(7)
    source = bytearray((EXAMPLES / "annotated-4p.mcn").read_bytes())
    for round_number in range(12):
        data = bytearray(source)
        for _ in range(rng.randint(1, 20)):
            position = rng.randrange(len(data))
            choice = rng.random()
            if choice < 0.4:
                data[position] = rng.randrange(256)
            elif choice < 0.7:
                del data[position : position + rng.randint(1, 40)]
            else:
                data[position:position] = rng.choice([b"(", b")", b"{", b"?", b";", b"<", b"R:"])
        path = tmp_path / f"mangled-{round_number}.mcn"
        path.write_bytes(bytes(data))
        assert run("validate", str(path)).exit_code in (0, 1)
        assert run("validate", "--format", "json", str(path)).exit_code in (0, 1)


def test_no_progress_bar_when_piped() -> None:
    result = run("validate", str(GAME_4P))
    assert "validating" not in result.output


def test_jobs_split_one_file_and_keep_the_order(records: list[str], tmp_path: Path) -> None:
    # Two games on one line make one chunk of two games: the numbers after it shift.
    squeezed = records[1].rstrip("\n") + " " + records[2].replace("\n", " ", 1)
    broken = records[3].replace("round 2\n", "round 2\nR: fly\n", 1)
    text = "\n".join([records[0], squeezed, broken, *records[4:]] * 3)
    path = tmp_path / "archive.mcn"
    path.write_text(text)
    one = report_json(str(path))
    two = report_json("--jobs", "2", str(path))
    for data in (one, two):
        for game in data["games"]:
            game["diagnostics"] = [{**d, "message": d["message"]} for d in game["diagnostics"]]
    assert [g["game"] for g in one["games"]] == list(range(1, 3 * 8 + 1))
    assert one["games"] == two["games"]
    assert effective_jobs(1000) >= 1 and effective_jobs(1000) <= (__import__("os").cpu_count() or 1)


def test_quiet_text_report_keeps_problems_and_summary(records: list[str], tmp_path: Path) -> None:
    path = tmp_path / "two.mcn"
    path.write_text(records[0] + "\n" + records[1].replace("round 2\n", "round 2\nR: fly\n", 1))
    full = run("validate", str(path)).output.splitlines()
    quiet = run("validate", "-q", str(path)).output.splitlines()
    assert [line for line in full if ": game " not in line] == quiet[:-1] + full[-1:]
    assert sum(": game " in line for line in full) == 2 and not any(": game " in q for q in quiet)


def test_a_file_cut_inside_a_move_is_truncated_not_mistyped(
    records: list[str], tmp_path: Path
) -> None:
    text = records[0]
    market = text.index("\n", text.index("round 3\n") + len("round 3\n"))  # after the draw
    at = text.index(" bread", market) + len(" bre")
    path = tmp_path / "cut.mcn"
    path.write_text(text[:at])
    (diagnostic,) = [
        d for d in report_json(str(path))["games"][0]["diagnostics"] if d["code"] == "truncated"
    ]
    message = diagnostic["message"]
    assert re.match(
        r"the record ends in the middle of round [34]; the last complete decision is 3\.", message
    )
    assert "it looks cut off" in message
    # an error early in a last line without a line break is an ordinary error
    last = text.rstrip("\n").rsplit("\n", 1)
    path.write_text(last[0] + "\nR: fly " + last[1])
    codes = {d["code"] for d in report_json(str(path))["games"][0]["diagnostics"]}
    assert "truncated" not in codes and codes & {"syntax", "action", "illegal"}
