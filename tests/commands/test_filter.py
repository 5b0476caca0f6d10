"""``mcn filter``: the matching games written as they were (line ends made LF), ``--jobs`` with
the input order kept, and the progress bar shown only to a watcher."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import archive_records, run


@pytest.fixture(scope="module")
def records() -> list[str]:
    return archive_records()


def test_filter_writes_matching_games_as_written_with_lf_line_ends(
    records: list[str], tmp_path: Path
) -> None:
    # comments and layout kept; the CRLF game's line ends (and a lone CR) become LF, so the
    # archive has one line-end convention
    crlf = records[0].replace("\n", "\r\n").replace("setup\r\n", "setup\r\n{kept}  \r\n", 1)
    broken = records[1].replace("round 2\n", "round 2\nR: fly\n", 1)
    source = tmp_path / "in.mcn"
    source.write_bytes((crlf + "\r\n" + broken + "\n" + "\n".join(records[2:4])).encode())
    out = tmp_path / "out.mcn"
    result = run("filter", str(source), "--valid", "-o", str(out))
    assert result.exit_code == 0
    lf = crlf.replace("\r\n", "\n") + "\n"
    assert "{kept}  \n" in lf
    assert out.read_bytes() == lf.encode() + "\n".join(records[2:4]).encode()
    assert b"\r" not in out.read_bytes()
    run("filter", str(source), "--invalid", "-o", str(out))
    assert out.read_bytes() == (broken + "\n").encode()
    winner = records[2].split('[Result "')[1].split('"')[0]
    run("filter", str(source), "--result", winner, "--player", "random PLAYER  red", "-o", str(out))
    expected = [r for r in (records[0], records[2], records[3]) if f'[Result "{winner}"]' in r]
    assert out.read_bytes().replace(b"\r\n", b"\n").count(b"[Event") == len(expected)
    none = run("filter", str(source), "--event", "no such event")
    assert none.stdout == "" and "0 of 4 games written" in none.stderr


def test_filter_jobs_keeps_input_order_and_judges_undecodable_games_too(
    records: list[str], tmp_path: Path
) -> None:
    # a game that is not UTF-8 under a forced --encoding is judged in the reading process;
    # the games around it go to the workers; the output is the same with --jobs 1 and 2
    latin = records[1].replace("[Event", '[Annotator "Jos\xe9"]\n[Event', 1).encode("latin-1")
    source = tmp_path / "mixed.mcn"
    tail = "\n".join(records[2:]).encode()
    source.write_bytes(records[0].encode() + b"\n" + latin + b"\n" + tail)
    outputs = []
    for jobs in ("1", "2"):
        for validity in ("--valid", "--invalid"):
            result = run("filter", str(source), "--encoding", "utf-8", validity, "--jobs", jobs)
            assert result.exit_code == 0, result.output
            outputs.append(result.stdout_bytes)
    assert outputs[:2] == outputs[2:]
    assert outputs[0] == records[0].encode() + b"\n" + tail  # every valid game, in order
    assert b"Jos\xef\xbf\xbd" in outputs[1] and outputs[1].count(b"[Event") == 1
    piped = run("filter", "-", "--valid", "--jobs", "2", input=source.read_bytes())
    assert piped.exit_code == 2 and "standard input cannot be read with --jobs" in piped.output


def test_filter_standings_and_validate_show_progress_only_to_a_watcher(
    records: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a bar on standard error for long work, never when piped (mcn.io.progress)
    source = tmp_path / "games.mcn"
    source.write_text("\n".join(records), encoding="utf-8")
    assert "filtering" not in run("filter", str(source), "--valid").stderr
    monkeypatch.setattr("mcn.io.progress.wanted", lambda total: True)
    watched = run("filter", str(source), "--valid")
    assert "filtering" in watched.stderr and watched.stdout == "\n".join(records)
    assert "counting" in run("standings", str(source)).stderr
    assert "validating" in run("validate", str(source)).stderr  # one helper for the three
