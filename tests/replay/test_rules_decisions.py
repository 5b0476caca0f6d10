"""Issue 12 through the reader: a breach is a warning or, with --strict, an error (I-POP-9); the
META CULPA example's omissions (I-MET-6); a board the user can correct (B-4, B-5)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
from click.testing import CliRunner

from mcn.api import state_after
from mcn.boards.profile import read_board_file
from mcn.cli import cli
from mcn.engine.events import MoneyMoved
from mcn.io.resources import load_schema
from mcn.notation import parse
from mcn.replay import replay_game
from tests.replay.games import EXAMPLES

META = (EXAMPLES / "meta-culpa.mcn").read_text(encoding="utf-8")
GAME_4P = EXAMPLES / "game-4p.mcn"
#: game-3p's round 1 with Red's Pope die set to room 1 (take-5, 1 notch) at post 6.
BREACH = """[Event "breach"] [Site "?"] [Date "????.??.??"]
[Red "A"] [Blue "B"] [Green "C"] [Rules "de-2016"] [Board "standard"] [Variant "standard"]
[Result "*"]
setup
souls: G B R
G: bonus jewel>I  B: bonus bread>I wine>I  R: bonus 10>II
round 1
market: bread bread wine cloth jewel jewel indulgence
rooms: take-5 emperor-letter pope-stone new-crew
R: bid 6+0  B: bid 2+0  G: bid 1+0
R: choose pope; skip
B: choose emperor; crew 1
G: choose sinner; skip
1. R: visit 1; B: guess 2
"""


def run(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def test_breach_is_a_warning_and_an_error_when_strict(tmp_path: Path) -> None:
    # I-POP-9 / R-POP-3: the record replays with the penalty and the reader reports the breach.
    path = tmp_path / "breach.mcn"
    path.write_text(BREACH, encoding="utf-8")
    lenient = run("validate", str(path))
    assert lenient.exit_code == 0, lenient.output
    assert ": warning: 1.1.1: rules breach: Red sets the Pope die to room 1" in lenient.output
    assert "[R-POP-3]" in lenient.output
    strict = run("validate", "--strict", str(path))
    assert strict.exit_code == 1
    assert ": error: 1.1.1: rules breach:" in strict.output and "[R-POP-3]" in strict.output
    for flags, severity in (((), "warning"), (("--strict",), "error")):
        result = run("validate", "--format", "json", *flags, str(path))
        report = json.loads(result.output)
        jsonschema.validate(report, load_schema("report"))
        (found,) = [d for d in report["games"][0]["diagnostics"] if d["code"] == "breach"]
        assert (found["severity"], found["rule"], found["address"]) == (
            severity,
            "R-POP-3",
            "1.1.1",
        )


def test_breach_penalty_is_applied() -> None:
    # R-POP-3: one step toward Hell, the post stays 6, the card is not carried out.
    replay = replay_game(parse(BREACH).games[0])
    final = replay.final
    assert final is not None
    assert (final.pos["R"], final.post["R"], final.money["R"]) == (1, 6, 25)


def test_meta_culpa_example_has_an_uncaught_and_a_caught_omission() -> None:
    # I-MET-6: Yellow leaves his greedy purchase unpaid (never caught) and his second action's
    # rotation undone (Blue catches it at once).
    replay = replay_game(parse(META).games[0])
    assert replay.valid, [d.text() for d in replay.diagnostics if d.severity == "error"]
    assert replay.main is not None
    kinds = [(s.address, s.action.text) for s in replay.main.steps if s.action.kind != "bid"]
    # (the turn is over after his second action: they take the next turn's first addresses)
    assert ("1.5.1", "undone money") in kinds and ("1.5.2", "undone post") in kinds
    assert ("1.5.3", "catch post") in kinds
    # Uncaught, the 3 taler stay with Yellow: at the end of round 2 he still has them (paid,
    # they leave him short of a letter's 4 taler in round 3, so the paying copy is cut there).
    game = parse(META).games[0]
    paid = parse(META.replace(" undone money;", "")).games[0]
    assert state_after(game, "2").money["Y"] == state_after(paid, "2").money["Y"] + 3


def _round_one(text: str) -> str:
    return text[: text.index("round 2\n")].replace('[Result "Y"]', '[Result "*"]')


def test_moving_the_catch_changes_the_state_as_the_rules_say() -> None:
    # I-MET-6: caught before the posts are compared, Yellow's post counts as 6 there; left
    # uncaught it stays 5 and Red moves instead (R-NOT-1); caught a round later: refused.
    def souls(text: str) -> dict[str, int]:
        replay = replay_game(parse(_round_one(text)).games[0])
        assert replay.valid and replay.final is not None
        return dict(replay.final.pos)

    caught = souls(META)
    later = souls(
        META.replace("B: catch post; R: donate 5>II", "R: donate 5>II").replace(
            "9. R: donate 2>II", "9. B: catch post; R: donate 2>II"
        )
    )
    uncaught = souls(META.replace("B: catch post; R: donate 5>II", "R: donate 5>II"))
    assert caught == later and caught["Y"] == 2 and caught["R"] == 0
    assert uncaught["Y"] == 0 and uncaught["R"] == 2
    too_late = META.replace("B: catch post; R: donate 5>II", "R: donate 5>II").replace(
        "round 2\n", "round 2\nB: catch post\n", 1
    )
    errors = [d for d in replay_game(parse(too_late).games[0]).diagnostics if d.severity == "error"]
    assert (errors[0].address, errors[0].rule) == ("2.prep.1", "I-MET-6")


def _board_file(tmp_path: Path, change: Any, name: str = "myboard.json") -> Path:
    data = json.loads(run("board", "--format", "json").output)
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _wine_price(data: dict[str, Any]) -> None:
    data["id"] = "club"
    data["prices"]["wine"]["purchase"] = {"value": 1, "provisional": False, "source": "our board"}


def test_validate_with_a_corrected_board_uses_its_prices(tmp_path: Path) -> None:
    # B-4: a user's board profile replaces the provisional wine price (B-5: 3 taler).
    # I-BRD-2: --board FILE replaces the profile the record names, with a warning.
    path = _board_file(tmp_path, _wine_price)
    result = run("validate", "--board", str(path), str(GAME_4P))
    assert result.exit_code == 0, result.output
    assert f"board club ({path}; 15 provisional values)" in result.output
    assert "names board 'standard'; replayed with board 'club'" in result.output
    game = parse(GAME_4P.read_text(encoding="utf-8")).games[0]
    standard = replay_game(game)
    club = replay_game(game, board=read_board_file(str(path)))
    assert standard.main is not None and club.main is not None

    def wine_payments(replay: Any) -> list[int]:
        return [
            e.amount
            for s in replay.main.steps
            for e in s.events
            if isinstance(e, MoneyMoved) and "wine" in e.reason and e.amount < 0
        ]

    assert wine_payments(standard) and {-3} == set(wine_payments(standard))
    assert {-1} == set(wine_payments(club))  # a different, still valid money trail
    report = json.loads(
        run("validate", "--format", "json", "--board", str(path), str(GAME_4P)).output
    )
    jsonschema.validate(report, load_schema("report"))
    board = report["games"][0]["board"]
    assert (board["name"], board["source"], board["named"]) == ("club", str(path), "standard")
    assert board["provisional"] and "prices.wine.purchase" not in board["provisional_values"]


def test_malformed_board_file_is_a_usage_error_naming_the_field(tmp_path: Path) -> None:
    # B-4: the profile is schema-checked; the error names the file and the bad field.
    def bad(data: dict[str, Any]) -> None:
        data["prices"]["wine"]["purchase"]["value"] = "two"

    path = _board_file(tmp_path, bad, "bad.json")
    result = run("validate", "--board", str(path), str(GAME_4P))
    assert result.exit_code == 2
    assert "prices.wine.purchase.value" in result.output and str(path) in result.output
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    result = run("replay", "--board", str(broken), str(GAME_4P))
    assert result.exit_code == 2 and "not valid JSON" in result.output

    def cheap(data: dict[str, Any]) -> None:
        data["prices"]["jewel"]["sale"]["value"] = 1

    result = run("validate", "--board", str(_board_file(tmp_path, cheap)), str(GAME_4P))
    assert result.exit_code == 2 and "prices.jewel.sale" in result.output


def test_mcn_board_marks_the_provisional_values(tmp_path: Path) -> None:
    # B-5 / B-2: wine, cloth and jewel prices, all 9 letter rows and Heaven are provisional.
    text = run("board").output
    assert "wine           3 *        8 *" in text
    assert "bread          2          6\n" in text
    assert "provisional (16)" in text
    path = _board_file(tmp_path, _wine_price)
    mine = run("board", str(path))
    assert mine.exit_code == 0 and "board profile club" in mine.output
    assert "wine           1          8 *" in mine.output
    assert run("board", "no-such-board").exit_code == 2


def test_replay_states_the_board_used(tmp_path: Path) -> None:
    # B-4: every report says which board was used and whether it has provisional values.
    text = run("replay", str(GAME_4P), "--to", "1").output
    assert "BOARD            standard (built-in; 16 provisional values)" in text
    path = _board_file(tmp_path, _wine_price)
    data = json.loads(run("replay", "--format", "json", "--board", str(path), str(GAME_4P)).output)
    assert data["board"]["name"] == "club" and data["board"]["source"] == str(path)


def test_every_command_that_replays_takes_the_board(tmp_path: Path) -> None:
    # B-4 / I-BRD-2: --board FILE on position, legal, diff and tree too; a bad file exits 2.
    good = _board_file(tmp_path, _wine_price)

    def bad(data: dict[str, Any]) -> None:
        del data["track"]["heaven"]

    broken = _board_file(tmp_path, bad, "bad.json")
    record = str(GAME_4P)
    commands = {
        "position": ["position", record, "--at", "1.1"],
        "legal": ["legal", record, "--at", "1.1"],
        "diff": ["diff", record, record],
        "tree": ["tree", record, "-o", str(tmp_path / "t.dot"), "--to", "1.1"],
    }
    for name, args in commands.items():
        failed = run(*args, "--board", str(broken))
        assert failed.exit_code == 2, (name, failed.output)
        assert "track" in failed.output and "heaven" in failed.output, name
        assert run(*args, "--board", str(good)).exit_code == 0, name
    assert " club " in run(*commands["position"], "--board", str(good)).output
