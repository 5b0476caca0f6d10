"""A planted effect is found, with the documented interval (docs/stats.md, "Intervals").

In every game of the archive Red plays the greedy strategy and the others play at random
(tests/stats/archives.py); greedy beats random by far (docs/performance-history.md, "Bots"), so
Red's win rate must stand clear of the 1 in 4 of an equal chance, and every other colour's below
it. The interval must be exactly Wilson's score interval as docs/stats.md writes it.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.stats.test_library_agreement import stats_json

Z = 1.959963984540054


def wilson(k: int, n: int) -> tuple[float, float]:
    """docs/stats.md: (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)."""
    p = k / n
    centre = p + Z * Z / (2 * n)
    spread = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return (centre - spread) / (1 + Z * Z / n), (centre + spread) / (1 + Z * Z / n)


def test_the_greedy_seat_is_found_with_its_wilson_interval(planted: Path) -> None:
    data = stats_json([planted], "--by", "colour,player")
    assert data["intervals"] == {"level": 0.95, "rate": "wilson", "mean": "student-t"}
    (block,) = data["blocks"]
    assert block["games"] == 60
    rows = {row["label"]: row["win"] for row in block["groups"]["colour"]}
    red = rows.pop("Red")
    assert red["low"] > 0.25 + 0.15, red  # far above an equal chance
    for colour, win in rows.items():
        assert win["high"] < 0.25 + 0.1, (colour, win)
        assert win["rate"] < red["low"]
    for win in (red, *rows.values()):
        low, high = wilson(win["k"], win["n"])
        assert win["low"] == pytest.approx(max(0.0, low), abs=1e-12)
        assert win["high"] == pytest.approx(min(1.0, high), abs=1e-12)
    # the greedy player's name carries the same effect (--by player)
    players = {row["label"]: row for row in block["groups"]["player"]}
    assert players["Greta Greedy"]["win"] == red


def test_the_greedy_bid_is_seen_in_the_bids(planted: Path) -> None:
    """Greedy always bids 1+0 (its lowest score, mcn.bots.players.greedy_score), the others
    1-6 notches and 0-4 taler: the mean of every round's bids sits at a known value, within
    the interval."""
    data = stats_json([planted], "--by", "colour")
    for row in data["blocks"][0]["bids"]["by_round"][:3]:
        notches = row["notches"]
        # 3 random bids of mean 3.5 and one of 1: an expected mean of 2.875
        assert notches["low"] < 2.875 < notches["high"], row
        # Student's t: half the width is t(0.975, n - 1) · sd / √n; t(0.975, 239) = 1.96994
        assert notches["n"] == 240
        half = (notches["high"] - notches["low"]) / 2
        assert half == pytest.approx(1.96994 * notches["sd"] / math.sqrt(240), rel=1e-5)
