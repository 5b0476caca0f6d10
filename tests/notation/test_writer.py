"""The canonical writer's layout (the ``mcn fmt`` command: tests/commands/test_fmt.py)."""

from __future__ import annotations

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
