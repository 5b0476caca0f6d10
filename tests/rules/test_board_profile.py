"""The standard board profile (B-1..B-5) holds the digest's numbers, and the engine uses them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mcn.engine import load_board
from mcn.engine.constants import LETTER_INDEX
from mcn.engine.data import DataError, board_from_json
from mcn.io.resources import data_path

PRICES = {"bread": (2, 6), "wine": (3, 8), "cloth": (2, 6), "jewel": (4, 10)}
ROWS = {
    1: ("red blue blue blue green", "blue blue red green", "blue red green"),
    2: ("blue red green", "red blue blue blue green", "blue blue red green"),
    3: ("blue blue red green", "blue red green", "red blue blue blue green"),
}


def profile() -> dict[str, Any]:
    with data_path("boards", "standard.json").open(encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


def test_prices_match_the_digest() -> None:
    data = profile()
    # B-1 / B-5: purchase and sale price per good; a letter costs 4.
    for good, (purchase, sale) in PRICES.items():
        assert data["prices"][good]["purchase"]["value"] == purchase
        assert data["prices"][good]["sale"]["value"] == sale
        # I-BRD-1: the shipped profile passes the project's sanity check (sale above purchase;
        # no rulebook text compares the two).
        assert sale > purchase
    assert data["letter_price"]["value"] == 4


def test_cathedral_rows_match_the_digest() -> None:
    data = profile()
    # B-2 / B-5: three rows per cathedral; the rulebook example row is R B B B G.
    for cathedral in data["cathedrals"]:
        rows = ROWS[cathedral["site"]]
        for category, row in zip(("bread_wine", "cloth_jewel", "money"), rows, strict=True):
            assert " ".join(cathedral[category]["value"]) == row


def test_track_lengths() -> None:
    data = profile()
    # B-3 / B-5: spaces 1..40 toward Hell, Heaven 35 spaces beyond space 0.
    assert data["track"]["hell"]["value"] == 40
    assert data["track"]["heaven"]["value"] == 35


def test_values_not_in_the_rulebook_are_provisional() -> None:
    data = profile()
    # B-4 / B-2 / B-3: only bread's prices, the letter price and Hell's distance come from
    # rulebook text; the example row's cathedral and order are unknown, Heaven's distance is in
    # no text: 16 values stay flagged provisional.
    sourced = {
        "prices.bread.purchase",
        "prices.bread.sale",
        "letter_price",
        "track.hell",
    }
    board = load_board("standard")
    assert set(board.provisional) == {
        "prices.wine.purchase",
        "prices.wine.sale",
        "prices.cloth.purchase",
        "prices.cloth.sale",
        "prices.jewel.purchase",
        "prices.jewel.sale",
        "cathedrals.1.bread_wine",
        "cathedrals.1.cloth_jewel",
        "cathedrals.1.money",
        "cathedrals.2.bread_wine",
        "cathedrals.2.cloth_jewel",
        "cathedrals.2.money",
        "cathedrals.3.bread_wine",
        "cathedrals.3.cloth_jewel",
        "cathedrals.3.money",
        "track.heaven",
    }
    assert not sourced & set(board.provisional)
    assert data["id"] == board.id == "standard"


def test_loaded_board_matches_the_file() -> None:
    board = load_board("standard")
    # B-5: the engine reads the same numbers.
    assert board.purchase == (2, 3, 2, 4)
    assert board.sale == (6, 8, 6, 10)
    assert board.letter_price == 4
    assert (board.hell, board.heaven) == (40, 35)


def test_every_built_in_profile_matches_the_board_schema() -> None:
    # B-4: a process loads the built-in profiles without the schema check (importing
    # jsonschema is about 0.05 s of `mcn validate`'s start-up), so the suite makes it here,
    # for every one of them
    import jsonschema

    from mcn.io.resources import load_schema

    schema = load_schema("board")
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    paths = sorted(data_path("boards").iterdir())
    assert paths
    for path in paths:
        document = json.loads(path.read_text(encoding="utf-8"))
        assert list(validator.iter_errors(document)) == [], path.name
        assert load_board(path.stem).id == document["id"]


def test_validating_a_game_does_not_import_jsonschema(tmp_path: Path) -> None:
    # profiles from files are still checked against the schema (--board FILE, B-4)
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from mcn.cli import cli\n"
        "result = CliRunner().invoke(cli, ['validate', sys.argv[1]])\n"
        "assert result.exit_code == 0, result.output\n"
        "print('jsonschema' in sys.modules)\n"
    )
    game = Path(__file__).parents[2] / "examples" / "game-4p.mcn"
    done = subprocess.run(
        [sys.executable, "-c", code, str(game)], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "False"


def test_a_profile_from_a_file_is_still_checked_against_the_schema() -> None:
    data = profile()
    data["prices"]["wine"]["purchase"]["value"] = -1
    with pytest.raises(DataError, match=r"prices\.wine\.purchase\.value: -1"):
        board_from_json(data, source="bad.json")


def test_a_profile_whose_sale_price_is_not_above_its_purchase_price_is_refused() -> None:
    # I-BRD-1: the project's own sanity check, cited as an interpretation (not B-1)
    data = profile()
    data["prices"]["cloth"]["sale"]["value"] = 2
    with pytest.raises(DataError, match=r"prices\.cloth\.sale: 2 is not above .*\(I-BRD-1\)"):
        board_from_json(data, source="cheap.json", check_schema=False)


@pytest.mark.parametrize("check_schema", [True, False])
def test_a_row_with_a_yellow_letter_is_refused(check_schema: bool) -> None:
    # B-2: rows never hold yellow letters, for a file (schema) and a built-in (engine check)
    data = profile()
    data["cathedrals"][1]["money"]["value"] = ["blue", "yellow", "green"]
    with pytest.raises(DataError, match=r"cathedrals\.[0-9]\.money"):
        board_from_json(data, source="yellow.json", check_schema=check_schema)
    data["cathedrals"][1]["money"]["value"] = ["blue", "red", "green"]
    assert board_from_json(data, source="fixed.json").rows[1][2] == (
        LETTER_INDEX["blue"],
        LETTER_INDEX["red"],
        LETTER_INDEX["green"],
    )
