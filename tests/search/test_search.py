"""``mcn search``: the games it finds are exactly those a loop over the library finds, in every
output form, with ``--jobs`` as without; errors in the condition at their column (exit 2);
inputs read like ``validate`` reads them; the output never over an input."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from mcn import api
from mcn.cli import cli
from mcn.commands.random_games import random_records
from mcn.engine import GameState
from mcn.io.resources import load_schema
from mcn.notation.writer import write

#: (game number in the archive, text to find, text to put in its place): comments and
#: glyphs the random games do not have.
ANNOTATIONS = [
    (2, "choose pope", "choose pope {Towards the Cathedral!}"),
    (5, "choose merchant", "choose merchant !? {a quiet cathedral move}"),
    (9, "choose sinner", "choose sinner {nothing to see}"),
]


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """24 games of 3 and 4 players, some annotated, and one with an illegal move."""
    games = [*random_records(3, seed=21, count=12), *random_records(4, seed=22, count=12)]
    texts = [write(game) for game in games]
    for number, old, new in ANNOTATIONS:
        assert old in texts[number - 1]
        texts[number - 1] = texts[number - 1].replace(old, new, 1)
    assert "choose emperor" in texts[13]
    texts[13] = texts[13].replace("choose emperor", "choose emperors", 1)  # refused there
    path = tmp_path_factory.mktemp("search") / "archive.mcn"
    path.write_text("\n".join(texts), encoding="utf-8")
    return path


# ---- the library loop ---------------------------------------------------------------------

#: (state before, mover, canonical move, comments, implicit, address) -> bool
Check = Callable[[GameState, str, str, str, bool, str], bool]


def _holds(state: GameState, colour: str, character: int) -> bool:
    return colour in state.players and state.holders[character] == colour


PREDICATES: list[tuple[str, Check]] = [
    ("round == 3 and post(R) >= 5", lambda s, m, v, c, i, a: s.round == 3 and s.post["R"] >= 5),
    ('move ~ "visit 6"', lambda s, m, v, c, i, a: "visit 6" in v),
    ('comment ~ "cathedral"', lambda s, m, v, c, i, a: "cathedral" in c.lower()),
    ("souls(Y) < 0", lambda s, m, v, c, i, a: "Y" in s.players and s.pos["Y"] < 0),
    ("money(B) - money(R) > 15", lambda s, m, v, c, i, a: s.money["B"] - s.money["R"] > 15),
    (
        'holds(mover, "pope") and move ~ "^visit [1-4]"',
        lambda s, m, v, c, i, a: _holds(s, m, 0) and re.match("visit [1-4]", v) is not None,
    ),
    (
        'phase == "bid" and mover == R and move ~ "^bid [5-9]\\+"',
        lambda s, m, v, c, i, a: (
            s.phase == "bid" and m == "R" and re.match(r"bid [5-9]\+", v) is not None
        ),
    ),
    (
        'letters(R, "yellow") >= 3 and goods(R) <= 1',
        lambda s, m, v, c, i, a: s.letters["R"][0] >= 3 and sum(s.goods["R"]) <= 1,
    ),
    (
        'address == "end" and souls(G) > 3',
        lambda s, m, v, c, i, a: a == "end" and s.pos["G"] > 3,
    ),
    (
        'cathedrals >= 1 and not implicit and sins(B, "greed") >= 2',
        lambda s, m, v, c, i, a: s.finished >= 1 and not i and s.sins["B"][2] >= 2,
    ),
    (
        'character(G) ~ "merchant" and turn == 2 and decision == "action"',
        lambda s, m, v, c, i, a: _holds(s, "G", 2) and s.turn == 2 and s.decision.kind == "action",
    ),
    (
        'players == 4 and move ~ "buy jewel"',
        lambda s, m, v, c, i, a: len(s.players) == 4 and "buy jewel" in v,
    ),
]


def _library_matches(path: Path, check: Check) -> dict[int, list[str]]:
    """Game number -> matching addresses, by a loop over the library's public API: every
    decision of the main line (mcn.api.decisions) and the end of a game replayed whole."""
    found: dict[int, list[str]] = {}
    for number, game in enumerate(api.read_games(path), 1):
        main = api.replay_game(game).main
        assert main is not None
        comments = {
            step.address: "\n".join(c.text for c in (*step.move.before, *step.move.after))
            for step in main.steps
            if step.move is not None
        }
        addresses: list[str] = []
        after = None
        try:
            for step in api.decisions(game):
                mover = "chance" if step.actor == "*" else step.actor
                note = comments.get(step.address, "")
                if check(
                    step.before, mover, step.action.text, note, not step.written, step.address
                ):
                    addresses.append(step.address)
                after = step.after
        except api.ReplayError:
            after = None  # a refused record has no end
        if after is not None and check(after, "", "", "", True, "end"):
            addresses.append("end")
        if addresses:
            found[number] = addresses
    return found


def _search(*args: str) -> Any:
    result = CliRunner().invoke(cli, ["search", *args])
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.parametrize(("where", "check"), PREDICATES, ids=[p[0] for p in PREDICATES])
def test_search_finds_what_the_library_finds(archive: Path, where: str, check: Check) -> None:
    expected = _library_matches(archive, check)
    result = _search(str(archive), "--where", where, "--addresses", "--format", "json")
    document = json.loads(result.stdout)
    found = {g["game"]: [m["address"] for m in g["matches"]] for g in document["games"]}
    assert found == expected
    assert document["searched"] == 24 and document["matched"] == len(expected)


def test_the_predicates_tell_games_apart(archive: Path) -> None:
    """Most predicates match some games and not others (the comparison above means something)."""
    counts = [len(_library_matches(archive, check)) for _, check in PREDICATES]
    assert sum(0 < c < 24 for c in counts) >= 8, counts


def test_the_games_are_written_as_written(archive: Path) -> None:
    where = 'comment ~ "cathedral"'
    result = _search(str(archive), "--where", where)
    games = re.split(r"\n(?=\[Event )", archive.read_text(encoding="utf-8"))
    assert len(games) == 24
    # byte for byte, as filter writes them: each game with the blank line after it
    assert result.stdout == games[1] + "\n" + games[4] + "\n"
    assert "{Towards the Cathedral!}" in result.stdout
    assert "choose merchant !? {a quiet cathedral move}" in result.stdout
    assert "2 of 24 games match; written to standard output" in result.stderr


def test_every_format_agrees_and_jobs_give_the_same_output(archive: Path, tmp_path: Path) -> None:
    where = 'move ~ "visit 6" and round <= 2'
    for form in ("mcn", "text", "csv", "json"):
        extra = ["--format", form]
        one = _search(str(archive), "--where", where, *extra).stdout
        two = _search(str(archive), "--where", where, *extra, "--jobs", "2").stdout
        assert one == two, form
    rows = list(
        csv.DictReader(
            io.StringIO(
                _search(str(archive), "--where", where, "--addresses", "--format", "csv").stdout
            )
        )
    )
    lines = _search(str(archive), "--where", where, "--addresses").stdout.splitlines()
    assert len(rows) == len(lines) > 0
    for row, line in zip(rows, lines, strict=True):
        where_ = f"{row['file']}:{row['line']}: game {row['game']}"
        assert line == f"{where_}: {row['address']} {row['mover']}: {row['move']}"
    games = _search(str(archive), "--where", where, "--format", "text").stdout.splitlines()
    assert len(games) == len({(r["file"], r["game"]) for r in rows})


@pytest.mark.parametrize(
    ("where", "column"),
    [("round == 3 and", 15), ("money(R) > 3 && round == 1", 14), ('goods(R, "bred") > 0', 10)],
)
def test_a_malformed_condition_exits_2_at_its_column(
    archive: Path, where: str, column: int
) -> None:
    result = CliRunner().invoke(cli, ["search", str(archive), "--where", where])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"expr:{column}: ")
    assert result.stdout == ""


def test_usage_errors(archive: Path) -> None:
    runner = CliRunner()
    secret = runner.invoke(
        cli, ["search", str(archive), "--where", 'letters(B, "red") > 0', "--as", "R"]
    )
    assert secret.exit_code == 2 and secret.stderr.startswith("expr:1: ")
    name = runner.invoke(cli, ["search", str(archive), "--where", "true", "--as", "Paula"])
    assert name.exit_code == 2 and "name a colour" in name.output
    table = runner.invoke(
        cli, ["search", str(archive), "--where", "true", "--addresses", "--format", "mcn"]
    )
    assert table.exit_code == 2


def test_never_over_an_input(archive: Path, tmp_path: Path) -> None:
    before = archive.read_bytes()
    result = CliRunner().invoke(
        cli, ["search", str(archive), "--where", "true", "-o", str(archive)]
    )
    assert result.exit_code == 1
    assert "input" in result.stderr
    assert archive.read_bytes() == before
    out = tmp_path / "all.mcn"
    _search(str(archive), "--where", "round >= 0", "-o", str(out))
    assert out.read_text(encoding="utf-8").count("[Event ") == 24


def test_directories_and_encodings(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    games = list(random_records(3, seed=31, count=3))
    (folder / "a.mcn").write_text(write(games[0]), encoding="utf-8")
    latin = write(games[1]).replace("Random player red", "Jürgen Groß")
    (folder / "b.mcn").write_bytes(latin.encode("cp1252"))
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    result = _search(str(folder), "--where", 'player(R) ~ "Groß"')
    assert "Jürgen Groß" in result.stdout and result.stdout.count("[Event ") == 1
    assert "notes.txt: note: skipped" in result.stderr
    assert "b.mcn: warning: encoding guessed: not UTF-8" in result.stderr
    assert "1 of 2 games match" in result.stderr


def test_a_game_that_cannot_be_read_is_counted_apart(tmp_path: Path) -> None:
    path = tmp_path / "two.mcn"
    good = write(next(iter(random_records(3, seed=41, count=1))))
    path.write_text(good + '\n[Event "broken"]\n[Red "x"]\n\nsetup\n%%%\n', encoding="utf-8")
    result = _search(str(path), "--where", "true", "--format", "text")
    assert result.stdout.count("game 1:") == 1
    assert "1 of 2 games match; 1 could not be replayed" in result.stderr


def test_as_reads_the_viewers_record(archive: Path) -> None:
    # R-HID-1: under --as, others' unrevealed secrets are ?, comments only on one's own moves
    everything = json.loads(
        _search(
            str(archive), "--where", 'move ~ "^donate"', "--addresses", "--format", "json"
        ).stdout
    )
    red = json.loads(
        _search(
            str(archive),
            "--where",
            'move ~ "^donate"',
            "--addresses",
            "--format",
            "json",
            "--as",
            "R",
        ).stdout
    )
    moves = [(m["mover"], m["move"]) for g in red["games"] for m in g["matches"]]
    assert any(mover != "R" and ">?" in move for mover, move in moves)
    assert all(">?" not in move for mover, move in moves if mover == "R")
    assert sum(len(g["matches"]) for g in everything["games"]) == len(moves)
    assert red["viewer"] == "R"
    for viewer in ("R", "B", "G", "Y", "spectator"):
        found = json.loads(
            _search(
                str(archive), "--where", 'comment ~ "."', "--format", "json", "--as", viewer
            ).stdout
        )
        movers = {m["mover"] for g in found["games"] for m in g["matches"]}
        assert movers <= {viewer}, (viewer, movers)


def test_the_json_output_follows_its_schema(archive: Path) -> None:
    schema = load_schema("search")
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for extra in (["--addresses"], [], ["--as", "spectator"]):
        where = 'move ~ "visit 6" or address == "end"'
        result = _search(str(archive), "--where", where, "--format", "json", *extra)
        document = json.loads(result.stdout)
        validator.validate(document)
        assert document["games"] and any(
            m["address"] == "end" and m["mover"] == ""
            for g in document["games"]
            for m in g["matches"]
        )
