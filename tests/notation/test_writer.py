"""The canonical writer's layout and the ``mcn fmt`` command."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from mcn.cli import cli
from mcn.notation import Game, Item, Move, parse, write
from tests.notation.helpers import HEADERS, game_of

UNTIDY = (
    '[Result "B"] [Zeta "last"] [Event "Club night"] [Site "Vienna"] [Date "2024.03.01"]\n'
    '[Blue "Dominik"] [Red "Paula"] [Rules "de-2016"] [Board "standard"] [Variant "standard"]\n'
    "{A club game.} SETUP souls: y g b r R: bonus bread>i wine>ii round 1\n"
    "market: bread bread wine rooms: take-5 pope-stone\n"
    "R: BID 3+5\nB: bid 4+7 1. B: buy wine !? (1. b: {x} pass {y \\} z} $3); sell bread $1\n"
    "<souls R 3 B 0> {after the check}\n"
)
CANONICAL = """[Event "Club night"]
[Site "Vienna"]
[Date "2024.03.01"]
[Red "Paula"]
[Blue "Dominik"]
[Rules "de-2016"]
[Board "standard"]
[Variant "standard"]
[Result "B"]
[Zeta "last"]

{A club game.}
setup
souls: Y G B R
R: bonus bread>I wine>II
round 1
market: bread bread wine
rooms: take-5 pope-stone
R: bid 3+5  B: bid 4+7
1. B: buy wine!? (1. B: {x} pass $3 {y \\} z}); sell bread $1
<souls R 3 B 0>
{after the check}
"""


def test_canonical_layout() -> None:
    assert write(parse(UNTIDY)) == CANONICAL
    assert write(parse(CANONICAL)) == CANONICAL


def test_bids_share_a_line_other_items_do_not() -> None:
    text = write(game_of("R: bid 1+0 B: bid 2+0 R: choose pope B: bid 3+0 1. R: bid 4+0\n"))
    body = text.split("\n\n", 1)[1]
    assert body == "R: bid 1+0  B: bid 2+0\nR: choose pope\nB: bid 3+0\n1. R: bid 4+0\n"


def test_heads_only_where_the_actor_changes() -> None:
    text = write(game_of("R: choose sinner; R: visit 1; B: pick red; do\n"))
    assert text.endswith("\nR: choose sinner; visit 1; B: pick red; do\n")


def test_chance_heads() -> None:
    game = game_of("setup\n")
    moves = [
        Move("*", ("market", "bread")),
        Move("*", ("market",)),
        Move("*", ("rooms", "?")),
        Move("*", ("R", "bread")),
    ]
    body = tuple(Item((move,)) for move in moves)
    text = write(Game(game.headers, body))
    assert text.endswith("\nmarket: bread\n*: market\n*: rooms ?\n*: R bread\n")
    assert parse(text).games[0].body == body


def test_glyph_placement() -> None:
    game = game_of("R: bid ?? $4 !\nB: bid!\nG: bid ? ?\n")
    assert write(game).endswith("\nR: bid ?? $4 !  B: bid!  G: bid ? ?\n")
    assert [move.glyphs for move in game.moves()] == [("?", "$4", "!"), ("!",), ()]


def test_games_are_separated_by_a_blank_line() -> None:
    text = write(parse(HEADERS + "R: pass\n" + HEADERS + "B: pass\n"))
    assert "\nR: pass\n\n[Event" in text


# ---- mcn fmt ----------------------------------------------------------------------------------


def _run(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, args, input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_fmt_writes_canonical_text_to_stdout(tmp_path: Path) -> None:
    path = tmp_path / "game.mcn"
    path.write_text(UNTIDY, encoding="utf-8")
    assert _run(["fmt", str(path)]) == (0, CANONICAL, "")
    assert path.read_text(encoding="utf-8") == UNTIDY


def test_fmt_reads_stdin() -> None:
    assert _run(["fmt", "-"], stdin=UNTIDY) == (0, CANONICAL, "")


def test_fmt_check_lists_what_would_change(tmp_path: Path) -> None:
    untidy, tidy = tmp_path / "untidy.mcn", tmp_path / "tidy.mcn"
    untidy.write_text(UNTIDY, encoding="utf-8")
    tidy.write_text(CANONICAL, encoding="utf-8")
    assert _run(["fmt", "--check", str(tidy)]) == (0, "", "")
    assert _run(["fmt", "--check", str(untidy), str(tidy)]) == (1, f"{untidy}\n", "")


def test_fmt_in_place_is_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "game.mcn"
    path.write_text(UNTIDY, encoding="utf-8")
    assert _run(["fmt", "--in-place", str(path)]) == (0, "", f"reformatted {path}\n")
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert _run(["fmt", "-i", str(path)]) == (0, "", "")


def test_fmt_leaves_invalid_files_alone(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mcn"
    bad.write_text(HEADERS + "R: pass (\n", encoding="utf-8")
    code, out, err = _run(["fmt", "-i", str(bad)])
    assert code == 1 and out == ""
    assert err.startswith(f"{bad}:10:9: error: unclosed variation")
    assert "Traceback" not in err
    assert bad.read_text(encoding="utf-8") == HEADERS + "R: pass (\n"


def test_fmt_usage_errors_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "game.mcn"
    path.write_text(CANONICAL, encoding="utf-8")
    assert _run(["fmt", "--check", "--in-place", str(path)])[0] == 2
    assert _run(["fmt", str(tmp_path / "missing.mcn")])[0] == 2
    assert _run(["fmt", "--encoding", "no-such-codec", str(path)])[0] == 2
    assert _run(["fmt", "-i", "-"])[0] == 2
    assert _run(["fmt"])[0] == 2


def test_fmt_with_an_encoding(tmp_path: Path) -> None:
    path = tmp_path / "latin.mcn"
    path.write_bytes((HEADERS + "R: pass {café}\n").encode("latin-1"))
    code, out, _ = _run(["fmt", "--encoding", "latin-1", str(path)])
    assert code == 0 and "{café}" in out
    code, _, err = _run(["fmt", str(path)])
    assert code == 1 and "invalid UTF-8: byte 0xe9" in err
