"""Every report says what an organiser must check by hand: the files whose encoding was
guessed, and where an abandoned game stops (``[Result "*"]`` or no Result header)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mcn.cli import cli
from mcn.commands.random_games import random_records
from mcn.notation import parse, write
from mcn.replay import replay_game


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


def abandoned(text: str, result: str | None) -> tuple[str, str]:
    """``text`` stopped after the first line of round 3 (a complete line), with ``result`` as
    its Result tag (None: no tag), and the place it stops as the test computes it."""
    start = text.index("round 3\n")
    cut = text.index("\n", text.index("\n", start) + 1) + 1
    head = text[:cut]
    (game,) = parse(head).games
    replay = replay_game(game)
    last = replay.main.steps[-1].address  # type: ignore[union-attr]
    round_ = replay.final.pending_address().split(".")[0]  # type: ignore[union-attr]
    tag = text.split('[Result "')[1].split('"')[0]
    if result is None:
        head = head.replace(f'[Result "{tag}"]\n', "")
    else:
        head = head.replace(f'[Result "{tag}"]', f'[Result "{result}"]')
    return (
        head,
        f"the record ends in the middle of round {round_}; the last complete decision is {last}",
    )


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    root = tmp_path_factory.mktemp("reports")
    games = [write(g) for g in random_records(4, 3500, 3)]
    star, star_stop = abandoned(games[0], "*")
    bare, bare_stop = abandoned(games[1], None)
    (root / "star.mcn").write_text(star, encoding="utf-8")
    (root / "bare.mcn").write_text(bare, encoding="utf-8")
    named = games[2].replace("Random player red", "Jürgen Maier")
    (root / "latin.mcn").write_bytes(named.encode("latin-1"))
    return root, {"star.mcn": star_stop, "bare.mcn": bare_stop}


def test_validate_says_where_abandoned_games_stop(folder: tuple[Path, dict[str, str]]) -> None:
    root, stops = folder
    data = json.loads(run("validate", "--format", "json", str(root)).stdout)
    games = {Path(g["file"]).name: g for g in data["games"] if g["game"]}
    for name, where in stops.items():
        assert games[name]["stops"] == where
        assert games[name]["agreement"] == "unfinished"
    # "*" is a valid record of a game not over; a missing Result tag is a missing header
    assert games["star.mcn"]["valid"] and not games["bare.mcn"]["valid"]
    assert games["latin.mcn"]["stops"] is None
    text = run("validate", str(root)).stdout
    for where in stops.values():
        assert f"not over: {where}" in text
    judged = {Path(g["file"]).name: g for g in data["judgement"]["games"]}
    assert judged["star.mcn"]["status"] == "unfinished"
    assert judged["star.mcn"]["stops"] == stops["star.mcn"]
    assert [Path(n["file"]).name for n in data["judgement"]["encodings"]] == ["latin.mcn"]
    assert "latin.mcn: encoding guessed: not UTF-8" in text


@pytest.mark.parametrize("form", ["text", "json", "md", "html", "csv"])
def test_standings_list_guessed_encodings_and_stop_points(
    folder: tuple[Path, dict[str, str]], form: str
) -> None:
    root, stops = folder
    result = run("standings", "--format", form, str(root))
    assert result.exit_code == 1  # the game without a Result header is invalid
    out = result.stdout if form != "csv" else result.stderr
    assert "latin.mcn" in out and "not UTF-8" in out and "Windows-1252" in out
    assert f"the game is not over: {stops['star.mcn']}" in out
    assert f"Result\\]; {stops['bare.mcn']}" in out or f"[Result]; {stops['bare.mcn']}" in out
    if form == "json":
        data = json.loads(out)
        assert [Path(n["file"]).name for n in data["encodings"]] == ["latin.mcn"]


def test_filter_says_which_encodings_it_guessed(folder: tuple[Path, dict[str, str]]) -> None:
    root, _ = folder
    result = run("filter", "--valid", str(root))
    assert "latin.mcn: warning: encoding guessed: not UTF-8" in result.stderr
    assert "Jürgen Maier" in result.stdout  # written in UTF-8 with the same characters
