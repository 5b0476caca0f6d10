"""Round-trip properties on engine-played records with injected annotations (issue #3).

The notation's own property tests draw synthetic records; these start from what ``mcn random``
writes — real games from the engine through :func:`mcn.records.transcript.transcript` — and let
hypothesis inject comments (with nasty characters), glyphs and nested variations at random
moves. For every such record ``r``:

* ``parse(fmt(r)) == parse(r)`` and ``fmt(fmt(r)) == fmt(r)``;
* ``import(export(r)) == r`` and every export validates against ``schemas/record.schema.json``;
* the annotations never change what replay decides (same decisions, same result).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcn.io.resources import load_schema
from mcn.notation import Comment, File, Game, Item, Move, parse, record_from_json, record_to_json
from mcn.notation import write as fmt
from mcn.records.transcript import transcript
from mcn.replay import replay_game
from tests.replay.games import headers, played

SEEDS = (0, 1, 2)
PLAYERS = (2, 3, 4)


@cache
def base_record(players: int, seed: int) -> Game:
    """The record ``mcn random`` writes for this seed (cached per process)."""
    final, history = played(players, seed)
    game = transcript(
        [(entry.address, entry.action) for entry in history],
        players=final.players,
    )
    return replace(game, headers=headers(players, final))


COMMENT_TEXT = st.text(
    alphabet=st.sampled_from([*'ab {}()\\"<>;:[]\n\t!?$é漢€', "\u202e"]),
    min_size=0,
    max_size=20,
)
GLYPHS = st.lists(st.sampled_from(["!", "?", "!!", "??", "!?", "?!", "$1", "$18"]), max_size=2)


@st.composite
def annotated_with_base(draw: st.DrawFn) -> tuple[Game, Game]:
    """An engine-played record, and a copy with comments, glyphs and variations injected."""
    players = draw(st.sampled_from(PLAYERS))
    seed = draw(st.sampled_from(SEEDS))
    game = base_record(players, seed)
    body = list(game.body)
    items = [index for index, element in enumerate(body) if isinstance(element, Item)]
    for _ in range(draw(st.integers(0, 6))):
        index = draw(st.sampled_from(items))
        item = body[index]
        assert isinstance(item, Item)
        position = draw(st.integers(0, len(item.moves) - 1))
        move = item.moves[position]
        before = tuple(Comment(t) for t in draw(st.lists(COMMENT_TEXT, max_size=2)))
        after = tuple(Comment(t) for t in draw(st.lists(COMMENT_TEXT, max_size=2)))
        variations = move.variations
        if draw(st.booleans()):
            # A variation replacing this move: here, the same item again (legal by
            # construction), possibly with a nested variation on its first move.
            alternative = Item(item.moves[position:], item.label if position == 0 else None)
            if draw(st.booleans()):
                inner = alternative.moves[0]
                nested = replace(inner, variations=((Item(alternative.moves, None),),))
                alternative = replace(alternative, moves=(nested, *alternative.moves[1:]))
            variations = (*variations, (alternative,))
        moves = list(item.moves)
        moves[position] = replace(
            move,
            before=move.before + before,
            after=move.after + after,
            glyphs=move.glyphs + tuple(draw(GLYPHS)),
            variations=variations,
        )
        body[index] = replace(item, moves=tuple(moves))
    if draw(st.booleans()):
        body.insert(0, Comment(draw(COMMENT_TEXT)))
    return game, replace(game, body=tuple(body))


def annotated() -> st.SearchStrategy[Game]:
    """Just the annotated record."""
    return annotated_with_base().map(lambda pair: pair[1])


SETTINGS = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@SETTINGS
@given(annotated())
def test_canonical_text_round_trips(game: Game) -> None:
    text = fmt(File((game,)))
    parsed = parse(text)
    assert parsed.games[0] == game  # the writer loses nothing
    again = fmt(parsed)
    assert again == text  # fmt(fmt(r)) == fmt(r)
    assert parse(again) == parsed  # parse(fmt(r)) == parse(r)


@SETTINGS
@given(annotated())
def test_json_form_round_trips_and_validates(game: Game) -> None:
    record = File((game,))
    exported = record_to_json(record)
    jsonschema.validate(exported, load_schema("record"))
    assert record_from_json(exported) == record


@settings(max_examples=10, deadline=None, derandomize=True)
@given(annotated_with_base())
def test_annotations_never_change_the_game(pair: tuple[Game, Game]) -> None:
    plain, game = pair
    annotated_replay = replay_game(parse(fmt(File((game,)))).games[0])
    plain_replay = replay_game(plain)
    assert annotated_replay.valid, [d.text() for d in annotated_replay.diagnostics]
    assert plain_replay.main is not None and annotated_replay.main is not None
    assert plain_replay.final is not None and annotated_replay.final is not None
    assert annotated_replay.final.winners() == plain_replay.final.winners()
    assert [s.action for s in annotated_replay.main.steps] == [
        s.action for s in plain_replay.main.steps
    ]
    # Every injected variation replays too (each replaces a move by the same moves).
    assert all(line.error is None for line in annotated_replay.lines())


def test_base_records_replay_to_their_result() -> None:
    for players in PLAYERS:
        game = base_record(players, 0)
        result = replay_game(game)
        assert result.valid and result.final is not None and result.final.is_terminal()
        assert game.header("Result") == " ".join(result.final.winners())
        assert all(isinstance(m, Move) for m in game.moves())
