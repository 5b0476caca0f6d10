"""Comparing posts after the action phase (R-NOT-1, R-TIE-1): the rulebook's two examples."""

from __future__ import annotations

from tests.rules.scenario import Game, rules_of
from tests.rules.state_json import set_souls

# The rulebook's players: Paula red, Dominik blue, Gregor green, Johanna yellow.


def round_with_posts(souls: str, posts: dict[str, int]) -> Game:
    """A round where the bids set the posts and nobody acts (the Merchant drains the market)."""
    g = Game("RBGY", souls=souls).setup()
    return g.start_round(
        pope="R",
        emperor="B",
        merchant="G",
        sinner="Y",
        bids={c: f"{n}+0" for c, n in posts.items()},
    )


def test_rulebook_example_one_most_notches_moves_the_difference() -> None:
    g = round_with_posts("Y G B R", {"B": 2, "G": 2, "R": 4, "Y": 5})
    g.edit(lambda d: set_souls(d, {"Y": 2, "R": 4}))
    events = g.drain()
    # R-NOT-1: Johanna (5) moves 5 - 2 = 3 steps, passing Paula's soul on space 4.
    assert "R-NOT-1" in rules_of(events)
    assert {c: g.soul(c) for c in "RBGY"} == {"R": 4, "B": 0, "G": 0, "Y": 5}


def test_rulebook_example_two_tied_most_notches_farthest_from_hell_moves() -> None:
    # Dominik and Gregor are nearer Hell than Paula: souls listed nearest Heaven first.
    g = round_with_posts("Y R G B", {"Y": 1, "G": 5, "R": 5, "B": 5})
    g.drain()
    # R-NOT-1 / R-TIE-1: only Paula, the tied player farthest from Hell, moves 5 - 1 = 4.
    assert {c: g.soul(c) for c in "RBGY"} == {"R": 4, "B": 0, "G": 0, "Y": 0}


def test_equal_posts_move_nobody() -> None:
    g = round_with_posts("Y G B R", {"B": 3, "G": 3, "R": 3, "Y": 3})
    g.drain()
    # R-NOT-1: the difference is 0.
    assert {c: g.soul(c) for c in "RBGY"} == dict.fromkeys("RBGY", 0)
