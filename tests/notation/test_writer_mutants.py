"""The canonical writer, character for character, on the records that use every part of the
layout: variations holding several elements, items whose moves change actor, glyphs, comments
before and after moves, bids sharing a line, chance heads, redacted moves, checkpoints. Each
bundled example is canonical: writing what was read gives back exactly the file. These tests
kill mutants of mcn/notation/writer.py that the layout tests let through (docs/testing.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcn.notation import parse, write
from tests.notation.helpers import HEADERS

FOLDER = Path(__file__).resolve().parents[2] / "examples"
#: Every bundled example that is a valid record: the top level, the rules breach and the
#: fair-play game with its sealed moves (examples/invalid/ holds broken records on purpose).
EXAMPLES = sorted(
    [*FOLDER.glob("*.mcn"), *FOLDER.glob("breach/*.mcn"), *FOLDER.glob("fair-play/*.mcn")]
)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_example_is_written_back_exactly(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = parse(text)
    assert write(record) == text
    assert parse(write(record)) == record


def test_the_examples_use_what_the_writer_must_get_right() -> None:
    """The fixed points above prove something only while the examples hold these forms."""
    annotated = (FOLDER / "annotated-4p.mcn").read_text(encoding="utf-8")
    assert "; R: pick red; Y: pick blue" in annotated  # an item whose moves change actor
    assert " (1. B: {Room 1 and its hell-3 card instead:} visit 1; G: guess 4" in annotated
    assert "visit 4!? {" in annotated and "crew 3!! $1 {" in annotated  # glyphs, then NAG
    game = (FOLDER / "game-4p.mcn").read_text(encoding="utf-8")
    assert "\nsouls: " in game or "\n*: " in game  # a chance head
    sealed = (FOLDER / "fair-play" / "correspondence-4p.mcn").read_text(encoding="utf-8")
    assert "\nR: bonus jewel>? #78a810336a3f" in sealed  # a sealed move and its commitment


def test_only_bids_share_a_line() -> None:
    """The notation reads any word as a verb (the rules are the engine's): a move after the bids
    whose verb sorts before ``bid`` still gets a line of its own."""
    text = (EXAMPLES[0].parent / "game-2p.mcn").read_text(encoding="utf-8")
    bids = "B: bid 1+1  R: bid 1+4\n"
    assert bids in text
    unknown = text.replace(bids, bids + "R: aardvark 3\n", 1)
    assert write(parse(unknown)) == unknown


def test_an_item_of_several_moves_is_no_bid_even_if_it_starts_with_one() -> None:
    text = (EXAMPLES[0].parent / "game-2p.mcn").read_text(encoding="utf-8")
    bids = "B: bid 1+1  R: bid 1+4\n"
    several = text.replace(bids, "B: bid 1+1\nR: bid 1+4; aardvark\n", 1)
    assert write(parse(several)) == several


def test_a_sealed_moves_commitment_is_written_after_it_and_before_its_glyphs() -> None:
    # a sealed move keeps its commitment (#<sha-256>); a glyph after it stands apart
    seal = "3f" * 32
    body = f"setup\nsouls: R B\nR: bonus jewel>? #{seal} !?\nB: bonus 10>? #{seal}\n"
    record = parse(HEADERS + "\n" + body)
    assert write(record) == HEADERS + "\n" + body
    glued = parse(HEADERS + f"\nsetup\nsouls: R B\nR: bonus jewel>? #{seal}!?\n")
    assert write(glued).endswith(f"\nR: bonus jewel>? #{seal} !?\n")
