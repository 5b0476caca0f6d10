"""A schedule (``--schedule``, mcn.archive.schedule): games attributed to their tables, missing
tables listed, mismatches flagged, copies decided per table; a schedule that cannot be used is
a usage error naming its file and line, and nothing is written."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from mcn.archive.schedule import ScheduleError, load_schedule
from mcn.cli import cli
from mcn.commands.random_games import random_records
from mcn.notation import write

ROOT = Path(__file__).resolve().parents[2]
EARLY = 1_700_000_000 * 10**9
TAGS = ("Red", "Blue", "Green", "Yellow")


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


def record(seed: int, round_: str | None, names: list[str], event: str = "Club night") -> str:
    (game,) = random_records(len(names), seed, 1)
    text = write(game)
    for tag, name in zip(TAGS, names, strict=False):
        text = text.replace(f'[{tag} "Random player {tag.lower()}"]', f'[{tag} "{name}"]')
    head = f'[Event "{event}"]' + (f'\n[Round "{round_}"]' if round_ else "")
    return text.replace(f'[Event "Random game {seed}"]', head)


TABLE_1_1 = ["Paula Brandt", "Dominik Seifert", "Gregor Lindner", "Johanna Kraus"]
TABLE_1_2 = ["Anke Petersen", "Jonas Albers", "Fatma Yilmaz"]
TABLE_2_1 = ["Paula Brandt", "Jonas Albers", "Fatma Yilmaz", "Johanna Kraus"]


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("scheduled")
    files = {
        # round 1, table 1 in other colours, case and spacing
        "t11.mcn": record(
            3601, "1", ["johanna KRAUS", "Paula  Brandt", "Gregor Lindner", "Dominik Seifert"]
        ),
        # round 1, table 2: two different games handed in (a later, corrected one)
        "t12.mcn": record(3602, "1", TABLE_1_2),
        "t12-fixed.mcn": record(3603, "1", TABLE_1_2),
        # round 2, table 1: the right game, and a copy of its moves under a wrong roster
        "t21.mcn": record(3604, "2", TABLE_2_1),
        "t21-typo.mcn": record(3604, "2", [*TABLE_2_1[:3], "Johana Kraus"]),
        # players of round 2, table 1 claiming round 1: flagged
        "wrong-round.mcn": record(3605, "1", TABLE_2_1),
    }
    for index, (name, text) in enumerate(files.items()):
        path = root / name
        path.write_text(text, encoding="utf-8")
        os.utime(path, ns=(EARLY + index, EARLY + index))
    return root


def judged(day: Path, *args: str) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    schedule = str(ROOT / "examples" / "schedule.toml")
    result = run("validate", "--format", "json", "--schedule", schedule, *args, str(day))
    data = json.loads(result.stdout)["judgement"]
    return {Path(g["file"]).name: g for g in data["games"]}, data


def test_games_are_attributed_to_their_tables_and_missing_tables_listed(day: Path) -> None:
    games, data = judged(day)
    assert games["t11.mcn"]["table"] == "round 1, table 1"
    assert games["t11.mcn"]["status"] == "counted" and games["t11.mcn"]["mismatch"] is None
    # the copy whose roster matches its table counts: the schedule decided
    assert games["t21.mcn"]["status"] == "counted"
    assert games["t21-typo.mcn"]["status"] == "duplicate"
    assert games["t21-typo.mcn"]["rule"] == "the schedule"
    assert "Johana Kraus not seated there" in games["t21-typo.mcn"]["mismatch"]
    # two different games of one table: a conflict until the organiser decides
    assert games["t12.mcn"]["status"] == games["t12-fixed.mcn"]["status"] == "conflict"
    # another round than the schedule's for these players: flagged
    assert "these players sit together in round 2" in games["wrong-round.mcn"]["mismatch"]
    missing = [(t["round"], t["table"]) for t in data["missing_tables"]]
    assert missing == [("2", "B")]


def test_supersedes_settles_the_tables_conflict(day: Path) -> None:
    old, new = str(day / "t12.mcn"), str(day / "t12-fixed.mcn")
    games, _ = judged(day, "--supersedes", f"{old}={new}")
    assert games["t12.mcn"]["status"] == "superseded"
    assert games["t12-fixed.mcn"]["status"] == "counted"
    assert games["t12-fixed.mcn"]["table"] == "round 1, table 2"


def test_a_csv_schedule_is_the_same_schedule(day: Path) -> None:
    toml = load_schedule(str(ROOT / "examples" / "schedule.toml"))
    csv = load_schedule(str(ROOT / "examples" / "schedule.csv"))
    assert [t.to_json() for t in toml.tables] == [t.to_json() for t in csv.tables]
    result = run("standings", "--schedule", str(ROOT / "examples" / "schedule.csv"), str(day))
    assert "Tables that handed in nothing (1):" in result.stdout
    assert (
        "round 2, table B (Anke Petersen, Dominik Seifert, Gregor Lindner): handed in nothing"
        in (result.stdout)
    )
    assert "does not match the schedule" in result.stdout


BAD = {
    "broken.toml": (
        'event = "x"\n[[table]]\nround = 1\ntable = 1\nplayers = ["a", "b"\n',
        5,
        "not valid TOML",
    ),
    "five.toml": (
        '[[table]]\nround = 1\ntable = 1\nplayers = ["a", "b"]\n\n[[table]]\nround = 1\ntable = 2\n'
        'players = ["c", "d", "e", "f", "g"]\n',
        6,
        "round 1, table 2 has 5 players; a table seats 2 to 4",
    ),
    "twice.toml": (
        '[[table]]\nround = 1\ntable = 1\nplayers = ["a", "b"]\n[[table]]\nround = 1\ntable = 2\n'
        'players = ["c", "A"]\n',
        5,
        '"A" sits at two tables of round 1',
    ),
    "nokey.toml": (
        '[[table]]\nround = 1\nplayers = ["a", "b"]\n',
        1,
        "this [[table]] has no 'table'",
    ),
    "five.csv": (
        "round,table,p1,p2,p3,p4,p5\n1,1,a,b,c,d\n1,2,e,f,g,h,i\n",
        3,
        "round 1, table 2 has 5 players",
    ),
    "header.csv": ("table,round,p1\n1,1,a\n", 1, "expected a header 'round,table,player1"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_schedule_is_a_usage_error_with_file_and_line(
    name: str, day: Path, tmp_path: Path
) -> None:
    text, line, words = BAD[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScheduleError) as problem:
        load_schedule(str(path))
    assert problem.value.line == line and words in problem.value.message
    out = tmp_path / "out"
    for command in ("standings", "filter", "validate"):
        tail = ["-o", str(out)] if command == "filter" else []
        result = run(command, "--schedule", str(path), str(day), *tail)
        assert result.exit_code == 2, (command, result.output)
        assert f"{path}:{line}: error: " in result.output and words in result.output
    assert not out.exists()


def test_the_examples_are_schedules() -> None:
    for name in ("schedule.toml", "schedule.csv"):
        schedule = load_schedule(str(ROOT / "examples" / name))
        assert len(schedule.tables) == 4
