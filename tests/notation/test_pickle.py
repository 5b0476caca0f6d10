"""Records pickle, deep-copy and rebuild equal, spans and spellings included, in the pure and in
the compiled build alike (docs/performance-history.md, "Reading, compiled"): there the model's
classes are mypyc native classes, which pickle by their constructor; games and the chunks of a file
travel to ``--jobs`` and Dask workers pickled."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from pathlib import Path

import pytest

from mcn.notation import parse
from mcn.notation.model import Checkpoint, Comment, Header, Item, Move, Section
from mcn.notation.split import split_games, text_lines

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _everything(value: object) -> object:
    """``value`` with what equality leaves out (spans, raw spellings, names) made visible."""
    if isinstance(value, tuple):
        return tuple(_everything(part) for part in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            tuple(
                (field.name, _everything(getattr(value, field.name)))
                for field in dataclasses.fields(value)
            ),
        )
    return value


@pytest.mark.parametrize("name", ["annotated-4p.mcn", "redacted-4p.mcn", "game-2p.mcn"])
def test_records_pickle_and_copy_to_the_same_record(name: str) -> None:
    record = parse((EXAMPLES / name).read_text(encoding="utf-8"), name=name)
    kinds = {type(element) for game in record.games for element in game.body}
    for twin in (pickle.loads(pickle.dumps(record)), copy.deepcopy(record), copy.copy(record)):
        assert twin == record
        assert _everything(twin) == _everything(record)
    if name == "annotated-4p.mcn":  # comments, variations: the slow path's objects
        assert Comment in kinds and Item in kinds
        moves = [move for game in record.games for move in game.moves()]
        assert any(move.variations for move in moves) and any(move.after for move in moves)


def test_every_model_class_pickles_by_value() -> None:
    move = Move("R", ("visit", "2"), ("!",), (Comment("a"),), (), (), "Visit 2", None)
    objects = [
        Header("Event", "x", '[Event "x"]'),
        Comment("a}b"),
        Section("round", 3),
        Checkpoint("score", ("R", "4")),
        move,
        Item((move,), 4),
        dataclasses.replace(move, where=None, raw="visit 2"),
    ]
    for value in objects:
        twin = pickle.loads(pickle.dumps(value))
        assert twin == value and hash(twin) == hash(value)
        assert _everything(twin) == _everything(value)
    assert dataclasses.replace(Section("round", 3), number=4) == Section("round", 4)


def test_records_are_frozen() -> None:
    move = Move("R", ("pass",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.actor = "B"  # type: ignore[misc]


def test_chunks_of_a_file_pickle() -> None:
    text = (EXAMPLES / "game-2p.mcn").read_text(encoding="utf-8") * 2
    chunks = list(split_games((line, None) for line in text_lines(text)))
    assert len(chunks) == 2
    assert pickle.loads(pickle.dumps(chunks)) == chunks
