"""``--board FILE`` on html, redact, export --as, standings and filter (B-4, I-BRD-2).

A record names only a built-in profile; a user's profile comes only through ``--board``. Each
command replays with it, so where the board decides, the outcome changes: with wine at 7 taler
instead of 3 the bundled games run out of money for their purchases (invalid), with wine at 1 they
stay valid on a different money trail. Each command says which board it used and whether it
has provisional values.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner, Result

from mcn.cli import cli
from mcn.io.resources import load_schema
from tests.replay.games import EXAMPLES

GAME_4P = str(EXAMPLES / "game-4p.mcn")
GAME_3P = str(EXAMPLES / "game-3p.mcn")


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


def _board(tmp_path: Path, name: str, wine: int) -> str:
    data = json.loads(run("board", "--format", "json").output)
    data["id"] = name
    data["prices"]["wine"]["purchase"] = {"value": wine, "provisional": False, "source": "ours"}
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    where = tmp_path_factory.mktemp("boards")
    return {"pricey": _board(where, "pricey", 7), "club": _board(where, "club", 1)}


def _note(path: str) -> str:
    return f"board pricey ({path}; 15 provisional values)"


def test_filter_judges_validity_with_the_board(boards: dict[str, str], tmp_path: Path) -> None:
    # I-BRD-2: the user's profile decides which games are valid; the note names it (B-4)
    out = tmp_path / "out.mcn"
    plain = run("filter", GAME_4P, GAME_3P, "--valid", "-o", str(out))
    assert "2 of 2 games written" in plain.stderr
    pricey = run("filter", GAME_4P, GAME_3P, "--valid", "--board", boards["pricey"], "-o", str(out))
    assert pricey.exit_code == 0 and "0 of 2 games written" in pricey.stderr
    assert f"note: games replayed with {_note(boards['pricey'])}" in pricey.stderr
    invalid = run("filter", GAME_4P, "--invalid", "--board", boards["pricey"])
    assert invalid.stdout == Path(GAME_4P).read_text(encoding="utf-8")
    # every game is judged (replayed) also for --player: the copies that count are written
    headers = run("filter", GAME_4P, "--player", "Lena", "--board", boards["pricey"])
    assert f"note: games replayed with {_note(boards['pricey'])}" in headers.stderr


def test_standings_count_only_the_games_valid_on_the_board(boards: dict[str, str]) -> None:
    # I-BRD-2: games the user's board makes invalid are listed apart, never counted
    plain = run("standings", GAME_4P, GAME_3P, "--format", "json")
    assert plain.exit_code == 0
    data = json.loads(plain.stdout)
    assert data["summary"]["counted"] == 2 and data["board"] is None
    result = run("standings", GAME_4P, GAME_3P, "--format", "json", "--board", boards["pricey"])
    assert result.exit_code == 1 and f"note: games replayed with {_note(boards['pricey'])}" in (
        result.stderr
    )
    data = json.loads(result.stdout)
    jsonschema.validate(data, load_schema("standings"))
    assert data["summary"]["counted"] == 0 and not data["tables"]
    assert {x["kind"] for x in data["excluded"]} == {"invalid"}
    assert any("wine costs 7" in x["reason"] for x in data["excluded"])
    assert (data["board"]["name"], data["board"]["source"]) == ("pricey", boards["pricey"])


@pytest.mark.parametrize("command", [["redact"], ["export", "--format", "mcn"]])
def test_redact_and_export_as_replay_with_the_board(
    boards: dict[str, str], command: list[str]
) -> None:
    # I-BRD-2: a record that breaks a rule on the user's board is not redacted (file:line:col)
    args = [*command, GAME_4P, "--as", "R"]
    refused = run(*args, "--board", boards["pricey"])
    assert refused.exit_code == 1 and refused.stdout == ""
    assert re.search(r"game-4p\.mcn:\d+:\d+: error: .*cannot be played", refused.stderr)
    assert _note(boards["pricey"]) in refused.stderr
    club = run(*args, "--board", boards["club"])
    assert club.exit_code == 0 and club.stdout == run(*args).stdout  # prices are not secrets
    assert "board club" in club.stderr


def test_export_board_needs_as(boards: dict[str, str]) -> None:
    result = run("export", GAME_4P, "--board", boards["club"])
    assert result.exit_code == 2 and "--board needs --as" in result.output


def _page_data(page: str) -> Any:
    found = re.search(r'<script type="application/json" id="mcn-data">(.*?)</script>', page, re.S)
    assert found is not None
    return json.loads(found.group(1))


def test_html_is_drawn_with_the_board(boards: dict[str, str], tmp_path: Path) -> None:
    # B-4: the page says which board drew it; I-BRD-2: the user's prices change the money
    plain = _page_data(run("html", GAME_4P).stdout)
    assert plain["board"] == "board standard (built-in; 16 provisional values)"
    club = run("html", GAME_4P, "--board", boards["club"])
    assert club.exit_code == 0 and "note: drawn with board club" in club.stderr
    data = _page_data(club.stdout)
    assert data["board"] == "board club (from --board; 15 provisional values)"
    assert boards["club"] not in club.stdout  # the page holds no paths
    assert data["frames"] != plain["frames"] and not data["problems"]
    pricey = run("html", GAME_4P, "--board", boards["pricey"], "-o", str(tmp_path / "p.html"))
    assert pricey.exit_code == 1 and re.search(r"error: .*taler.*\[R-BUY-\d\]", pricey.stderr)
    assert _page_data((tmp_path / "p.html").read_text(encoding="utf-8"))["problems"]
