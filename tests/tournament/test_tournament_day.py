"""Tournament day (issue 14): a folder of 30 submissions, nine of them broken in the ways people
break things, is decided game by game by ``mcn validate`` and turned into standings by
``mcn standings`` — checked here against a table computed independently from
``mcn replay --format json`` of the games this test knows to be valid.

The games come from the random player (seeded, in-process, once per module).
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from mcn.commands.random_games import random_records
from mcn.notation import parse, write
from mcn.replay import replay_game
from tests.commands.helpers import run, validator

NAMES = ("Paula Brandt", "Dominik Seifert", "Emil Berg", "Jürgen Maier", "=Zoë <b>&amp; Co", "Ida")
TAGS = ("Red", "Blue", "Green", "Yellow")


@dataclass
class Submission:
    """One file of the folder and what this test knows about it."""

    path: str
    text: str  # the record as the player meant it (UTF-8), for the independent replay
    roster: dict[str, str]
    valid: bool = True
    counted: bool = True
    cause: str | None = None  # the diagnostic code expected to decide it
    words: tuple[str, ...] = ()  # what the message must say
    data: bytes = b""
    extra: dict[str, str] = field(default_factory=dict)


def _record(players: int, seed: int, number: int, rng: random.Random) -> tuple[str, dict[str, str]]:
    (game,) = random_records(players, seed, 1)
    text = write(game)
    names = rng.sample(NAMES, players)
    roster = {}
    for tag, name in zip(TAGS, names, strict=False):
        text = text.replace(f'[{tag} "Random player {tag.lower()}"]', f'[{tag} "{name}"]')
        roster[tag[0]] = name
    event = f'[Event "Club night"]\n[Round "{number}"]'
    text = text.replace(f'[Event "Random game {seed}"]', event)
    return text, roster


def _winner(text: str) -> str:
    match = re.search(r'\[Result "([^"]*)"\]', text)
    assert match
    return match.group(1)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Submission]]:
    root = tmp_path_factory.mktemp("submissions")
    (root / "late").mkdir()
    rng = random.Random(14)
    subs: list[Submission] = []
    for number in range(1, 31):
        players = 3 if number == 5 else 4
        text, roster = _record(players, 1400 + number, number, rng)
        name = {1: "a.MCN", 2: "late/c2.mcn"}.get(number, f"g{number:02}.mcn")
        subs.append(Submission(name, text, roster, data=text.encode()))
    # 1. a wrong result tag
    s = subs[2]
    wrong = next(c for c in "RBGY" if c != _winner(s.text))
    s.data = s.text.replace(f'[Result "{_winner(s.text)}"]', f'[Result "{wrong}"]').encode()
    s.valid, s.counted, s.cause, s.words = False, False, "result", (f'[Result "{wrong}"] is wrong',)
    # 2. a typo in a move
    s = subs[3]
    start = s.text.index("round 2\n")
    at = s.text.index(" donate ", start)
    s.data = (s.text[:at] + " donat " + s.text[at + len(" donate ") :]).encode()
    s.valid, s.counted, s.cause, s.words = False, False, "action", ("donat",)
    # 3. a missing header
    s = subs[5]
    s.data = re.sub(r'\[Yellow "[^"]*"\]\n', "", s.text).encode()
    s.valid, s.counted, s.cause = False, False, "header"
    s.words = ("the [Yellow] header is missing",)
    # 4. a truncated file: cut in the middle of a line, about 60 % through
    s = subs[6]
    line = s.text.index("\n", len(s.text) * 6 // 10) + 1
    cut = s.text.index(": ", line) + 4  # inside the first move's word, whatever the game
    s.data = s.text[:cut].encode()
    head = s.text[: s.text.rindex("\n", 0, cut) + 1]
    (game,) = parse(head).games
    steps = replay_game(game).main.steps  # type: ignore[union-attr]
    last = steps[-1].address
    pending = replay_game(game).final.pending_address()  # type: ignore[union-attr]
    s.valid, s.counted, s.cause = False, False, "truncated"
    s.words = (
        f"the record ends in the middle of round {pending.split('.')[0]}; "
        f"the last complete decision is {last}",
    )
    # 5. a wrong player count (a 3-player game in a 4-player event)
    s = subs[4]
    s.valid, s.counted, s.cause, s.words = False, False, "players", ("3 players", "expects 4")
    # 6. Windows line endings: still a good record
    s = subs[7]
    s.data = s.text.replace("\n", "\r\n").encode()
    # 7. Latin-1: still a good record, read with a warning
    s = subs[8]
    if "Jürgen Maier" not in s.roster.values():
        s.text = s.text.replace(f'"{s.roster["R"]}"]', '"Jürgen Maier"]', 1)
        s.roster["R"] = "Jürgen Maier"
    s.data = s.text.encode("latin-1")
    s.extra["encoding"] = "cp1252"
    # 8. the result written as the winner's name: accepted, with a warning
    s = subs[9]
    winner = _winner(s.text)
    s.data = s.text.replace(f'[Result "{winner}"]', f'[Result "{s.roster[winner]}"]').encode()
    s.cause, s.words = "result", (f'canonical form is [Result "{winner}"]',)
    # 9. the same game submitted twice (a copy in another file)
    s = subs[11]
    first = subs[10]
    s.path, s.text, s.roster, s.data = "late/again.mcn", first.text, first.roster, first.data
    s.counted, s.cause, s.words = False, "duplicate", ("a copy of game 1 of", "g11.mcn")
    for sub in subs:
        (root / sub.path).write_bytes(sub.data)
    (root / "notes.txt").write_text("the scores are in the files", encoding="utf-8")
    (root / "empty.mcn").write_bytes(b"")
    return root, subs


@pytest.fixture(scope="module")
def report(folder: tuple[Path, list[Submission]]) -> Any:
    root, _ = folder
    result = run("validate", "--format", "json", "--expect-players", "4", str(root))
    assert result.exit_code == 1
    data = json.loads(result.output)
    validator("report").validate(data)
    return data


def test_validate_decides_every_game_and_names_the_cause(
    folder: tuple[Path, list[Submission]], report: Any
) -> None:
    root, subs = folder
    games = {Path(g["file"]).relative_to(root).as_posix(): g for g in report["games"] if g["game"]}
    assert set(games) == {s.path for s in subs}
    judged = {Path(g["file"]).relative_to(root).as_posix(): g for g in report["judgement"]["games"]}
    for sub in subs:
        game = games[sub.path]
        assert game["valid"] == sub.valid, (sub.path, game["diagnostics"])
        if sub.cause == "duplicate":  # a decision of the folder's judgement, not of the game
            assert judged[sub.path]["status"] == "duplicate"
            assert all(word in judged[sub.path]["note"] for word in sub.words)
        elif sub.cause is not None:
            found = [d for d in game["diagnostics"] if d["code"] == sub.cause]
            assert found, (sub.path, sub.cause, game["diagnostics"])
            for word in sub.words:
                assert any(word in d["message"] for d in found), (word, found)
        elif sub.valid:
            assert not [d for d in game["diagnostics"] if d["severity"] != "note"], sub.path
        if game["valid"] and sub.cause != "players":
            assert game["agreement"] == "agree"
            assert game["roster"] == sub.roster
            assert game["players"] == len(sub.roster)
            assert game["result"] == _winner(sub.text)
            assert game["placings"][0]["place"] == 1
            assert game["event"] == "Club night" and game["round"] is not None
    # the missing [Yellow] header is named, never blamed on the soul order (R-SET-1)
    missing = games[subs[5].path]["diagnostics"]
    assert [d["code"] for d in missing] == ["header"], missing


def test_validate_lists_skipped_and_broken_files(
    folder: tuple[Path, list[Submission]], report: Any
) -> None:
    skipped = {Path(s["file"]).name: s["reason"] for s in report["skipped"]}
    assert skipped == {"notes.txt": "name does not match *.mcn"}
    files = {Path(f["file"]).name: f for f in report["files"]}
    assert files["a.MCN"]["games"] == 1 and files["c2.mcn"]["games"] == 1
    assert files["g09.mcn"]["encoding"] == "cp1252"
    problems = {
        Path(g["file"]).name: g["diagnostics"][0] for g in report["games"] if g["game"] == 0
    }
    assert problems["empty.mcn"]["code"] == "file" and "empty" in problems["empty.mcn"]["message"]
    latin = problems["g09.mcn"]
    assert latin["severity"] == "warning" and "Windows-1252" in latin["message"]
    summary = report["summary"]
    assert summary["games"] == 30 and summary["skipped"] == 1
    assert summary["invalid"] == 5


def _independent_table(folder: tuple[Path, list[Submission]], scratch: Path) -> dict[str, tuple]:
    """Per player (games, wins, places, points) from ``replay --format json`` of the games this
    test knows are valid and counted; placings from the final state's spaces and winners."""
    _, subs = folder
    table: dict[str, list] = {}
    for index, sub in enumerate(s for s in subs if s.counted):
        path = scratch / f"{index}.mcn"
        path.write_text(sub.text, encoding="utf-8")
        result = run("replay", "--format", "json", str(path))
        assert result.exit_code == 0
        state = json.loads(result.output)["state"]
        winners = state["winners"]
        seats = state["seats"]
        others = sorted(
            (c for c in seats if c not in winners),
            key=lambda c: (seats[c]["space"], seats[c]["tie"]),
        )
        place = {c: 1 for c in winners} | {c: len(winners) + 1 + i for i, c in enumerate(others)}
        for colour, name in sub.roster.items():
            key = " ".join(name.split()).casefold()
            row = table.setdefault(key, [name, 0, 0, [0, 0, 0, 0], Fraction(0)])
            row[1] += 1
            row[2] += place[colour] == 1
            row[3][place[colour] - 1] += 1
            below = sum(1 for c in place if place[c] > place[colour])
            shared = sum(1 for c in place if place[c] == place[colour]) - 1
            row[4] += below + Fraction(shared, 2)
    return {row[0]: (row[1], row[2], tuple(row[3]), row[4]) for row in table.values()}


def test_standings_csv_equals_an_independent_table(
    folder: tuple[Path, list[Submission]], tmp_path: Path
) -> None:
    root, _ = folder
    expected = _independent_table(folder, tmp_path)
    result = run("standings", "--format", "csv", "--expect-players", "4", str(root))
    assert result.exit_code == 1  # invalid games exist; they are listed apart (stderr)
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    got = {}
    for row in rows:
        name = row["player"][1:] if row["player"].startswith("'=") else row["player"]
        points = Fraction(row["points"])
        places = (int(row["first"]), int(row["second"]), int(row["third"]), int(row["fourth"]))
        got[name] = (int(row["games"]), int(row["wins"]), places, points)
    assert got == expected
    lines = [got[r["player"].lstrip("'")] for r in rows]
    # the default ranking: points, wins, the countback of 1st-3rd places, the average place
    order = [
        (
            -v[3],
            -v[1],
            tuple(-n for n in v[2][:3]),
            Fraction(sum(k * n for k, n in enumerate(v[2], 1)), v[0]),
        )
        for v in lines
    ]
    assert order == sorted(order)
    assert rows[0]["rank"] == "1"
    assert "=Zoë <b>&amp; Co" in expected and any(r["player"].startswith("'=") for r in rows)


def test_standings_json_and_the_games_left_apart(folder: tuple[Path, list[Submission]]) -> None:
    root, subs = folder
    result = run("standings", "--format", "json", "--expect-players", "4", str(root))
    data = json.loads(result.stdout)
    validator("standings").validate(data)
    kinds = {(Path(x["file"]).name, x["kind"]) for x in data["excluded"]}
    assert ("again.mcn", "duplicate") in kinds
    assert ("empty.mcn", "invalid") in kinds
    invalid = {Path(s.path).name for s in subs if not s.valid}
    assert invalid <= {name for name, kind in kinds if kind == "invalid"}
    assert data["summary"]["counted"] == sum(s.counted for s in subs)
    notes = {"file": str(root / "notes.txt"), "reason": "name does not match *.mcn"}
    assert data["skipped"] == [notes]
