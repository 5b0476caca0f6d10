"""``mcn stats`` on the command line: the games standings counts, every format, the same output
with ``--jobs``, escaping, and clear messages for bad input."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner, Result

from mcn.cli import cli
from mcn.io.resources import load_schema
from tests.stats.archives import write_random

FORMATS = ("text", "json", "csv", "md", "html")


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["stats", *args])


@pytest.fixture(scope="module")
def submissions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder as an organiser gets it: good games, a copy of one in another file, an
    invalid game, an unfinished one, a file that is no record (a syntax error), and a note
    that is not a record."""
    folder = tmp_path_factory.mktemp("submissions")
    good = write_random(folder / "a.mcn", 3, 6, 40)
    shutil.copy(good, folder / "b-copy.mcn")
    text = write_random(folder / "c.mcn", 3, 2, 90).read_text(encoding="utf-8")
    games = text.split("\n\n[Event")
    broken = games[0].replace("bid ", "bid 9", 1)  # notches beyond 6 (R-BID-1)
    (folder / "c.mcn").write_text(broken + "\n\n[Event" + games[1], encoding="utf-8")
    cut = write_random(folder / "d.mcn", 3, 1, 95).read_text(encoding="utf-8")
    cut = cut.split("round 3")[0].replace('[Result "', '[Result "*"]\n[X "')
    (folder / "d.mcn").write_text(cut, encoding="utf-8")
    (folder / "e.mcn").write_text("; nothing but a comment\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    return folder


def test_the_games_counted_are_the_games_standings_counts(submissions: Path) -> None:
    result = run(str(submissions), "--format", "json")
    assert result.exit_code == 1  # an invalid game and a file without one
    data = json.loads(result.stdout)
    standings = json.loads(
        CliRunner().invoke(cli, ["standings", str(submissions), "--format", "json"]).stdout
    )
    assert data["summary"]["counted"] == standings["summary"]["counted"] == 6 + 1
    assert data["blocks"][0]["games"] == 7
    mine = [(x["file"], x["game"], x["kind"]) for x in data["excluded"]]
    theirs = [(x["file"], x["game"], x["kind"]) for x in standings["excluded"]]
    assert mine == theirs
    kinds = sorted(kind for _, _, kind in mine)
    assert kinds == ["duplicate"] * 6 + ["invalid", "invalid", "unfinished"]
    assert data["skipped"] == [
        {"file": str(submissions / "notes.txt"), "reason": data["skipped"][0]["reason"]}
    ]
    jsonschema.Draft202012Validator(load_schema("stats")).validate(data)


def test_the_text_report_lists_what_was_not_counted(submissions: Path) -> None:
    result = run(str(submissions))
    assert result.exit_code == 1
    out = result.stdout
    assert out.startswith(
        "7 of 16 games counted (1 unfinished, 2 invalid, 6 duplicate: not counted)"
    )
    assert "Not counted (9):" in out and "b-copy.mcn game 1: duplicate: a copy of game 1 of" in out
    assert "R-BID-1" in out or "notches" in out
    assert "Traceback" not in result.output


@pytest.mark.parametrize("form", FORMATS)
def test_jobs_give_the_same_output(mixed: list[Path], form: str) -> None:
    one = run(*map(str, mixed), "--format", form)
    two = run(*map(str, mixed), "--format", form, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout and one.stdout


def test_every_format_says_the_same_figure(mixed: list[Path]) -> None:
    data = json.loads(run(*map(str, mixed), "--format", "json").stdout)
    four = next(b for b in data["blocks"] if b["players"] == 4)
    seat1 = four["groups"]["seat"][0]
    win = seat1["win"]
    shown = f"{100 * win['rate']:.1f} % ({100 * win['low']:.1f}–{100 * win['high']:.1f})"
    for form in ("text", "md", "html"):
        assert shown in run(*map(str, mixed), "--format", form).stdout, form
    rows = list(csv.DictReader(io.StringIO(run(*map(str, mixed), "--format", "csv").stdout)))
    row = next(
        r
        for r in rows
        if r["players"] == "4"
        and r["section"] == "seat"
        and r["figure"] == "win rate"
        and r["row"].startswith("seat 1")
    )
    assert (int(row["n"]), int(row["k"])) == (seat1["win"]["n"], seat1["win"]["k"])
    assert float(row["low"]) == pytest.approx(seat1["win"]["low"], rel=1e-5)
    assert [b["players"] for b in data["blocks"]] == [2, 3, 4]
    assert data["by"] == ["seat", "colour", "character"]


def test_output_to_a_file(mixed: list[Path], tmp_path: Path) -> None:
    target = tmp_path / "stats.json"
    result = run(str(mixed[0]), "--format", "json", "-o", str(target))
    assert result.exit_code == 0 and result.stdout == ""
    assert json.loads(target.read_text(encoding="utf-8"))["summary"]["counted"] == 40


def _hostile(tmp_path: Path) -> Path:
    path = write_random(tmp_path / "hostile.mcn", 2, 2, 500)
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        "Random player red", '=HYPERLINK(\\"x\\") <script>alert(1)</script> | *b* \x1b[31m'
    )
    path.write_text(text, encoding="utf-8")
    return path


def test_player_names_are_escaped_in_every_format(tmp_path: Path) -> None:
    path = _hostile(tmp_path)
    outputs: dict[str, Any] = {f: run(str(path), "--by", "player", "--format", f) for f in FORMATS}
    for form, result in outputs.items():
        assert result.exit_code == 0, (form, result.output)
        assert "\x1b" not in result.stdout, form  # JSON escapes it as \u001b
        if form in ("md", "html"):
            assert "<script>" not in result.stdout, form
    rows = list(csv.DictReader(io.StringIO(outputs["csv"].stdout)))
    assert any(r["row"].startswith("'=HYPERLINK") for r in rows)
    assert "\\<script\\>" in outputs["md"].stdout and "\\| \\*b\\*" in outputs["md"].stdout
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in outputs["html"].stdout
    names = [
        r["label"] for r in json.loads(outputs["json"].stdout)["blocks"][0]["groups"]["player"]
    ]
    assert any("<script>" in n for n in names)  # JSON keeps the name as written


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("--by", "seats"), 2, "'seats' is not a grouping; choose from seat, colour"),
        (("--format", "pdf"), 2, "'pdf' is not one of"),
        (("--jobs", "0"), 2, "--jobs"),
    ],
)
def test_usage_errors(mixed: list[Path], args: tuple[str, ...], code: int, message: str) -> None:
    result = run(str(mixed[0]), *args)
    assert result.exit_code == code
    assert message in result.output and "Traceback" not in result.output


def test_bad_inputs_give_messages_not_tracebacks(tmp_path: Path) -> None:
    missing = run(str(tmp_path / "nothing.mcn"))
    assert missing.exit_code == 2 and "does not exist" in missing.output
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run(str(empty))
    assert result.exit_code == 1 and "no" in result.output.lower()
    garbage = tmp_path / "garbage.mcn"
    garbage.write_bytes(b"\xff\xfe[Event \x00 \x81")
    result = run(str(garbage))
    assert result.exit_code == 1
    assert "No valid finished game to count." in result.stdout
    assert "garbage.mcn" in result.stdout and "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


def test_by_accepts_commas_repeats_and_color(mixed: list[Path]) -> None:
    data = json.loads(
        run(
            str(mixed[2]),
            "--by",
            "ruleset,color",
            "--by",
            "player",
            "--by",
            "colour",
            "--format",
            "json",
        ).stdout
    )
    assert data["by"] == ["ruleset", "colour", "player"]
    (block,) = data["blocks"]
    assert [r["label"] for r in block["groups"]["ruleset"]] == ["de-2016"]
    assert block["groups"]["ruleset"][0]["n"] == 2 * 25
    assert {r["label"] for r in block["groups"]["player"]} == {
        "Random player red",
        "Random player blue",
    }
