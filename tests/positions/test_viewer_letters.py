"""A viewer's position counts the letters he cannot see the colour of (I-HID-5, I-HID-4): the
letters field lists the colours he knows and how many more letters there are (``1.0.2.0+1?``),
in the text, in the JSON twin and through a read back — never a bare ``?``."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mcn.cli import cli
from mcn.position import PositionError, parse_position, state_from_position
from mcn.position.checks import problems, schema_problems
from mcn.position.text import format_position
from tests.replay.games import EXAMPLES

RECORD = str(EXAMPLES / "annotated-4p.mcn")
#: Just after Green, the Emperor, gave Red a letter (5.1.5: "G: give blue").
AFTER_GIFT = "5.1.6"


def _position(viewer: str, form: str = "text") -> str:
    printed = CliRunner().invoke(
        cli, ["position", RECORD, "--at", AFTER_GIFT, "--as", viewer, "--format", form]
    )
    assert printed.exit_code == 0, printed.output
    return printed.output.strip()


def _letters(text: str, colour: str) -> str:
    seats = text.split()[11].split("/")
    seat = next(s for s in seats if s.startswith(f"{colour}="))
    return seat.split(",")[5]


def test_a_gift_unseen_is_counted_with_its_colour_unknown() -> None:
    # I-HID-5: Blue saw Red take one letter from Green's hand, not its colour
    text = _position("B")
    assert _letters(text, "R") == "0.1.1.3+1?"
    assert _letters(text, "B").count("?") == 0  # his own letters, by colour
    full = CliRunner().invoke(cli, ["position", RECORD, "--at", AFTER_GIFT]).output
    known, unknown = _letters(text, "R").rstrip("?").split("+")
    true = [int(n) for n in _letters(full, "R").split(".")]
    assert sum(true) == sum(int(n) for n in known.split(".")) + int(unknown)
    assert all(int(k) <= t for k, t in zip(known.split("."), true, strict=True))


def test_the_giver_and_the_taker_know_the_colour() -> None:
    # I-HID-4: Green gave it and Red took it: both read Red's letters by colour
    for viewer in ("G", "R"):
        assert "+" not in _letters(_position(viewer), "R")


def test_the_json_twin_and_the_text_agree_and_read_back() -> None:
    # the JSON twin writes {"known": [...], "unknown": n}; the text reads back to it
    twin = json.loads(_position("B", "json"))
    assert twin["seats"]["R"]["letters"] == {"known": [0, 1, 1, 3], "unknown": 1}
    assert schema_problems(twin) == []
    text = _position("B")
    assert parse_position(text) == twin
    assert format_position(parse_position(text)) == text
    assert CliRunner().invoke(cli, ["position", text]).output.strip() == text


def test_a_viewers_position_is_not_played_on() -> None:
    # only a full position can be played on: letters of unknown colour are a secret
    position = parse_position(_position("B"))
    with pytest.raises(PositionError) as raised:
        state_from_position(position)
    assert raised.value.field.startswith("seats.") and raised.value.field.endswith(
        (".letters", ".chest")
    )


@pytest.mark.parametrize("bad", ["0.1.1.3+?", "0.1.1.3+1", "+1?", "0.1.1.3+-1?"])
def test_a_broken_letters_field_is_an_error_naming_it(bad: str) -> None:
    text = _position("B").replace("0.1.1.3+1?", bad, 1)
    with pytest.raises(PositionError):
        _read_and_check(text)


def _read_and_check(text: str) -> None:
    found = problems(parse_position(text))
    if found:
        raise found[0]
