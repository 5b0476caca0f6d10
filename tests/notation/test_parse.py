"""What the parser reads: items, moves, annotations, sections, checkpoints, headers, spans."""

from __future__ import annotations

from mcn.notation import Checkpoint, Comment, Item, Move, Section, Span, parse, parse_lenient
from tests.notation.helpers import HEADERS, game_of, items_of, moves_of


def test_items_moves_and_actors() -> None:
    moves = moves_of("R: choose sinner; visit 1; B: pick red; do\n")
    assert [(m.actor, m.text) for m in moves] == [
        ("R", "choose sinner"),
        ("R", "visit 1"),
        ("B", "pick red"),
        ("R", "do"),  # a move without its own head belongs to the item's actor
    ]
    (item,) = items_of("R: choose sinner; visit 1; B: pick red; do\n")
    assert item.actor == "R" and item.label is None


def test_items_are_delimited_by_their_heads_whatever_the_whitespace() -> None:
    one_line = items_of("R: bid 3+5  B: bid 4+7 G:bid 1+8\n")
    spread = items_of("R:\nbid\n3+5\nB:   bid 4+7\n\n\tG: bid\t1+8")
    assert one_line == spread
    assert [item.actor for item in one_line] == ["R", "B", "G"]


def test_labels_are_numbers() -> None:
    (first, second) = items_of("1. B: buy wine\n007. Y: pass\n")
    assert (first.label, second.label) == (1, 7)


def test_tokens_are_case_insensitive_and_canonically_spelt() -> None:
    (move,) = moves_of("r: DONATE Jewel>i 5>Ii; steal g\n")[:1]
    assert move.actor == "R"
    assert move.tokens == ("donate", "jewel>I", "5>II")
    assert moves_of("b: Steal g\n")[0].tokens == ("steal", "G")
    assert game_of("R: BID 3+5\n") == game_of("R: bid 3+5\n")


def test_chance_items() -> None:
    (market, souls, star) = moves_of("market: Bread wine\nsouls: y g b r\n*: rooms take-5\n")
    assert (market.actor, market.tokens) == ("*", ("market", "bread", "wine"))
    assert market.is_chance
    assert souls.tokens == ("souls", "Y", "G", "B", "R")
    assert (star.actor, star.text) == ("*", "rooms take-5")


def test_secret_and_glyph_are_told_apart_by_adjacency() -> None:
    secret, glyph, both = moves_of("R: bid ?\nB: bid?\nG: bid ??\n")
    assert (secret.tokens, secret.glyphs) == (("bid", "?"), ())
    assert (glyph.tokens, glyph.glyphs) == (("bid",), ("?",))
    assert (both.tokens, both.glyphs) == (("bid", "?"), ("?",))
    target = moves_of("Y: donate jewel>? 5>?!\n")[0]
    assert target.tokens == ("donate", "jewel>?", "5>?") and target.glyphs == ("!",)


def test_glyphs_in_order() -> None:
    (move,) = moves_of("R: pass!? $14 ?? {c} $2\n")
    assert move.glyphs == ("!?", "$14", "??", "$2")


def test_comments_before_and_after_are_kept_apart() -> None:
    (first, second) = moves_of(
        "R: {thinking} {still} bid 3+5 {done} {really}; B: {then} {b} pass\n"
    )
    assert [c.text for c in first.before] == ["thinking", "still"]
    assert [c.text for c in first.after] == ["done", "really"]
    assert [c.text for c in second.before] == ["then", "b"]
    assert second.actor == "B"


def test_comment_escapes() -> None:
    (move,) = moves_of(r"R: pass {a \} b \\ c \x {d}" + "\n")
    assert move.after[0].text == "a } b \\ c \\x {d"


def test_multi_line_comment_is_exact() -> None:
    (move,) = moves_of("R: pass {line one\n  line two\t}\n")
    assert move.after[0].text == "line one\n  line two\t"


def test_game_level_comments_and_sections() -> None:
    body = "{opening}\nsetup\n{after setup}\nsouls: B R\nround 2\n<souls R 1 B 0>\n{note}\n"
    elements = game_of(body).body
    kinds = [type(e).__name__ for e in elements]
    assert kinds == ["Comment", "Section", "Comment", "Item", "Section", "Checkpoint", "Comment"]
    assert elements[1] == Section("setup")
    assert elements[4] == Section("round", 2)
    assert elements[5] == Checkpoint("souls", ("R", "1", "B", "0"))
    assert str(elements[4]) == "round 2"


def test_a_comment_after_an_item_belongs_to_its_last_move() -> None:
    elements = game_of("R: pass\n{about the pass}\nB: pass\n").body
    assert [type(e) for e in elements] == [Item, Item]
    first = elements[0]
    assert isinstance(first, Item)
    assert first.moves[0].after == (Comment("about the pass"),)


def test_reserved_words_end_an_action() -> None:
    elements = game_of("R: pass round 2 B: pass setup\n").body
    assert [type(e) for e in elements] == [Item, Section, Item, Section]


def test_variations_nest_and_replace_the_move_they_follow() -> None:
    (move, after) = moves_of("1. B: buy wine (1. B: pass (B: sell cloth)) (B: buy bread); end\n")
    assert len(move.variations) == 2
    first, second = move.variations
    (inner_item,) = first
    assert isinstance(inner_item, Item) and inner_item.label == 1
    (inner,) = inner_item.moves
    assert inner.text == "pass" and len(inner.variations) == 1
    assert after.text == "end" and not after.variations
    assert isinstance(second[0], Item) and second[0].moves[0].text == "buy bread"


def test_variation_bodies_hold_any_element() -> None:
    (move,) = moves_of("R: pass ({why not} R: end round 3 <souls R 0> {x} market: bread)\n")
    kinds = [type(e).__name__ for e in move.variations[0]]
    assert kinds == ["Comment", "Item", "Section", "Checkpoint", "Comment", "Item"]
    assert moves_of("R: pass ()\n")[0].variations == ((),)


def test_headers_canonical_order_raw_and_escapes() -> None:
    text = (
        '[Zeta "z"] [Result "B"] [Event "E"] [Site "S"] [Date "D"] [Blue "b"] [Red "r"]\n'
        '[Alpha "a \\"q\\" \\\\ \\n"] [Rules "de-2016"] [Board "standard"] [Variant "standard"]\n'
        "R: pass\n"
    )
    (game,) = parse(text).games
    assert [h.tag for h in game.headers] == [
        "Event", "Site", "Date", "Red", "Blue", "Rules", "Board", "Variant", "Result",
        "Zeta", "Alpha",
    ]  # fmt: skip
    assert game.header("Alpha") == 'a "q" \\ \\n'
    assert game.header("Missing") is None
    assert game.players == ("R", "B")
    zeta = game.headers[-2]
    assert zeta.raw == '[Zeta "z"]' and zeta.span == Span(1, 1, 1, 11)


def test_spans_point_at_heads_and_actions() -> None:
    game = game_of("setup\n  1. B: buy wine; sell bread\nR: {c}\n  pass\n")
    setup, first, second = game.body
    assert setup.span == Span(11, 1, 11, 6)
    assert isinstance(first, Item) and isinstance(second, Item)
    assert first.span == Span(12, 3, 12, 29)
    buy, sell = first.moves
    assert buy.span == Span(12, 6, 12, 17)
    assert sell.span == Span(12, 19, 12, 29)
    assert second.moves[0].span == Span(13, 1, 14, 7)
    assert buy.raw == "buy wine"


def test_equality_ignores_layout_but_not_content() -> None:
    a = game_of("R: bid 3+5 {x}\n")
    b = game_of("\n\n   r:   BID   3+5   {x}")
    c = game_of("R: bid 3+5 {y}\n")
    assert a == b and hash(a.body[0]) == hash(b.body[0])
    assert a != c


def test_several_games_per_file() -> None:
    text = HEADERS + "R: pass\n\n" + HEADERS.replace("Club night", "Second") + "B: pass\n"
    first, second = parse(text).games
    assert first.header("Event") == "Club night" and second.header("Event") == "Second"
    assert [m.text for m in second.moves()] == ["pass"]
    assert second.span is not None and second.span.line == 12


def test_the_last_game_may_have_no_body_and_an_empty_file_no_games() -> None:
    (game,) = parse(HEADERS).games
    assert game.body == ()
    assert parse("").games == ()
    assert parse("  \n\t\n").games == ()


def test_bom_and_crlf() -> None:
    text = "\ufeff" + (HEADERS + "R: pass {a}\n").replace("\n", "\r\n")
    from io import BytesIO

    from mcn.notation import read_file

    record, errors = read_file(BytesIO(text.encode("utf-8")))
    assert errors == ()
    assert parse(text) == record and parse_lenient(text) == (record, ())
    (game,) = record.games
    assert game.header("Event") == "Club night"
    assert [m.text for m in game.moves()] == ["pass"]


def test_move_repr_is_short_and_safe() -> None:
    move = Move("R", ("bid", "3+5"), ("!",), (Comment("a"),), (), ((),))
    assert repr(move) == "Move(R: bid 3+5, glyphs=('!',), comments=1+0, variations=1)"
