"""The fast path's own promises beyond agreeing with the grammar (mcn.notation.fastpath): a later
move's own head is kept, a labelled piece is made from the template of its rest, a piece that
is one first move is made without the token scanner, and the caches are bounded — a piece or a
token longer than a line worth keeping is not kept, and a full cache starts again.

The cache tests look at the templates from outside; the ones that refuse the slower ways of
making a template patch the module's functions, which a compiled (mypyc) build does not allow:
they are skipped there, and run in every pure run, mutation testing included.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mcn.notation.fastpath as fastpath
import mcn.notation.lexical as lexical
import mcn.notation.patterns as patterns
from mcn.notation.fastpath import parse_plain
from mcn.notation.model import Item, Move
from tests.fuzz.test_fastpath import check_agrees
from tests.notation.helpers import HEADERS

COMPILED = not fastpath.__file__.endswith(".py")
pure_only = pytest.mark.skipif(COMPILED, reason="a compiled module's functions cannot be patched")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def templates() -> Iterator[fastpath.PieceTemplates]:
    """The fast path's templates, empty at the start of the test and emptied after it."""
    known = fastpath.TEMPLATES
    known.clear()
    yield known
    known.clear()


def refuse(*args: object) -> None:
    raise AssertionError("made the slow way")


def test_a_later_moves_own_head_is_kept_even_for_chance() -> None:
    # "market:" names chance ("*"), which sorts before every player's initial
    assert check_agrees(HEADERS + "round 1\n1. R: pass; market: wine cloth\n", line_base=3)
    elements = parse_plain(HEADERS + "round 1\n1. R: pass; market: wine cloth; bread\n")
    assert elements is not None
    assert [move.actor for move in elements[-1].moves] == ["R", "*", "R"]  # type: ignore[union-attr]


def test_a_labelled_piece_is_made_from_the_template_of_its_rest(
    templates: fastpath.PieceTemplates,
) -> None:
    assert check_agrees(HEADERS + "round 1\n7. R: pass\n", line_base=3)
    # the rest of the piece (after "7.") was made and kept: the next label finds it
    assert " R: pass" in templates.first and "7. R: pass" in templates.first
    assert check_agrees(HEADERS + "round 1\n12. B: pass\n")
    assert " B: pass" in templates.first


@pure_only
def test_a_new_label_on_a_known_rest_is_made_without_cutting(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert check_agrees(HEADERS + "round 1\n1. R: visit 2\n")
    monkeypatch.setattr(templates, "headed", refuse)
    monkeypatch.setattr(templates, "make", refuse)
    # a new label, a label of two digits: only the rest's template is moved
    for label in ("2", "17", "3", "123456789"):  # up to nine digits, as LABEL
        elements = parse_plain(f"{label}. R: visit 2")
        assert elements is not None and elements[0].label == int(label)  # type: ignore[union-attr]


@pure_only
def test_a_labelled_piece_whose_rest_ends_in_a_marker_is_made_from_its_rest(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the rest's first entry decides (an unlabelled first move), not its last (a marker)
    assert check_agrees(HEADERS + "round 1\n7. R: pass round 2\n")
    monkeypatch.setattr(templates, "headed", refuse)
    monkeypatch.setattr(templates, "make", refuse)
    elements = parse_plain("8. R: pass round 2")
    assert elements is not None
    assert [type(e).__name__ for e in elements] == ["Item", "Section"]
    assert elements[0].label == 8  # type: ignore[union-attr]
    monkeypatch.undo()
    assert check_agrees(HEADERS + "round 1\n8. R: pass round 2\n")


@pure_only
def test_a_piece_that_is_one_first_move_is_made_without_the_scanner(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(templates, "make", refuse)
    for piece in ("R: pass", "  B: visit 3  ", "market: wine cloth", "4. Y: bid 1+2"):
        elements = parse_plain(piece)
        assert elements is not None and len(elements) == 1, piece


def test_pieces_and_tokens_longer_than_a_kept_line_are_not_kept(
    templates: fastpath.PieceTemplates,
) -> None:
    limit = fastpath._CACHED_LINE_LIMIT
    at, over = "R: pass".ljust(limit), "B: pass".ljust(limit + 1)
    assert parse_plain(at) is not None and parse_plain(over) is not None
    assert at in templates.first and over not in templates.first
    # a later piece of exactly the limit is kept, one longer is not
    later_at, later_over = " G: pass".ljust(limit), " Y: pass".ljust(limit + 1)
    assert parse_plain("R: pass;" + later_at) is not None
    assert parse_plain("R: pass;" + later_over) is not None
    assert later_at in templates.next and later_over not in templates.next
    # a token (a header) of exactly the limit is kept, one longer is not
    short = '[Event "' + "x" * (limit - len('[Event ""]')) + '"]'
    long = '[Event "' + "y" * (limit + 1 - len('[Event ""]')) + '"]'
    assert len(short) == limit and len(long) == limit + 1
    assert parse_plain(short + " ") is not None and parse_plain(long + " ") is not None
    assert short in templates.tokens and long not in templates.tokens


@pure_only
def test_a_full_cache_starts_again(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fastpath, "_TEMPLATES_LIMIT", 3)
    pieces = [f"R: visit {n}" for n in range(1, 6)]
    sizes = []
    for piece in pieces:
        assert parse_plain(piece) is not None
        sizes.append(len(templates.first))
    # three kept, then the fourth starts a new cache
    assert sizes == [1, 2, 3, 1, 2]
    tokens = [f'[Site "{n}"]' for n in range(5)]
    sizes = []
    for token in tokens:
        assert parse_plain(token) is not None
        sizes.append(len(templates.tokens))
    assert sizes == [1, 2, 3, 1, 2]


def test_a_label_before_anything_but_a_move_is_not_plain() -> None:
    # the rest after the label is plain alone (a header, a marker) but starts no item: the
    # whole line is not plain, and the grammar rejects it
    for line in ('7. [Site "x"]', "7. round 2", '12. [Event "a;b"] R: pass'):
        assert check_agrees(HEADERS + f"round 1\n{line}\n", line_base=3) is False, line


def test_an_indented_label_of_several_digits_is_read_whole() -> None:
    # an indented label is not taken apart from its rest: the first move is read with it
    for line, label in (("  12. R: pass", 12), ("\t305. B: visit 2", 305), (" 7. G: pass", 7)):
        assert check_agrees(HEADERS + f"round 1\n{line}\n", line_base=3), line
        elements = parse_plain(line)
        assert elements is not None and elements[0].label == label  # type: ignore[union-attr]


def test_wide_spacing_before_a_short_move_keeps_its_columns() -> None:
    # more spaces before a token than the token is long: the token still starts after them
    for body in ("R: pass" + " " * 12 + "B: pass", "R: pass;" + " " * 12 + "B: pass"):
        assert check_agrees(HEADERS + f"round 1\n{body}\n", line_base=3), body


def test_clear_forgets_every_template(templates: fastpath.PieceTemplates) -> None:
    assert parse_plain(HEADERS + "round 1\n1. R: pass; B: pass\n") is not None
    assert templates.first and templates.next and templates.tokens
    assert templates.items("R: visit 2") is not None
    assert templates.words.heads and templates.words.firsts and templates.words.arguments
    templates.clear()
    assert (templates.first, templates.next, templates.tokens) == ({}, {}, {})
    judged = templates.words
    assert (judged.kinds, judged.heads, judged.firsts, judged.arguments) == ({}, {}, set(), set())


@pure_only
def test_clear_also_forgets_the_memo_of_canonical_tokens(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cold-cache measurement starts from nothing: after clear() the action's canonical
    tokens are made again, not found in the memo of actions' tokens."""
    text = HEADERS + "round 1\n1. R: visit 2; B: guess 3\n"
    assert parse_plain(text) is not None
    made: list[str] = []
    real = lexical.canonical_token

    def counted(token: str) -> str:
        made.append(token)
        return real(token)

    monkeypatch.setattr(lexical, "canonical_token", counted)
    assert parse_plain(text) is not None and made == []  # all known: nothing made
    templates.clear()
    assert parse_plain(text) is not None
    assert {"visit", "2", "guess", "3"} <= set(made)


def test_a_plain_line_longer_than_256_characters_is_read_by_the_fast_path() -> None:
    # positions past 256 are distinct int objects: the scanner's loop compares them by value
    header = '[Event "' + "a long event name " * 20 + '"]'
    spaced = "1. R: pass" + " " * 300 + "2. B: pass"
    assert len(header) > 256 and len(spaced) > 256
    for line in (header, spaced):
        assert parse_plain(line) is not None, line[:20]
        assert check_agrees(HEADERS + "round 1\n" + line + "\n")


@pure_only
def test_the_native_constructors_build_the_same_records(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the compiled model's branch (Item and Move made by their constructors) run in the pure
    # build: the same elements as the drafts, on records with labels, later moves, headers
    # and markers
    texts = [HEADERS + "round 1\n1. R: pass; B: visit 3\n2. G: bid 1+2; market: wine\n"]
    texts += [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.mcn"))]
    drafted = [parse_plain(text) for text in texts]
    assert any(elements for elements in drafted)
    monkeypatch.setattr(fastpath, "NATIVE_MODEL", True)
    for text, expected in zip(texts, drafted, strict=True):
        if expected is not None:
            assert check_agrees(text), text[:40]
        assert parse_plain(text) == expected, text[:40]


def test_a_later_piece_of_several_tokens_keeps_its_columns(
    templates: fastpath.PieceTemplates,
) -> None:
    # after a ';' the piece's columns count from the ';' (offset -1): a second token in it,
    # a new item, a marker or another move, starts where it stands in the line
    for body in ("1. R: pass; B: pass 2. G: pass", "1. R: pass; B: pass round 2"):
        assert check_agrees(HEADERS + f"round 1\n{body}\n", line_base=3), body
    assert check_agrees(HEADERS + "round 1\nR: pass;  B: pass  G: pass\n"), "spaced"


@pure_only
def test_a_full_cache_of_hundreds_starts_again(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    # sizes past 256 are distinct int objects: the bound is compared by value
    monkeypatch.setattr(fastpath, "_TEMPLATES_LIMIT", 300)
    for n in range(301):
        assert parse_plain(f"R: visit {n}") is not None
    assert len(templates.first) == 1
    for n in range(301):
        assert parse_plain(f'[Site "{n}"]') is not None
    assert len(templates.tokens) == 1


def test_moves_and_items_are_made_frozen_of_their_own_class(
    templates: fastpath.PieceTemplates,
) -> None:
    # the fast path builds moves and items through their slots (or their native constructors),
    # never as objects of another class turned into a Move later: what it returns is a Move and
    # an Item from the start, every field set, and as frozen as one the constructor made
    elements = parse_plain(HEADERS + "round 1\n1. R: pass; B: visit 3\n2. G: bid 1+2\n")
    assert elements is not None
    items = [element for element in elements if isinstance(element, Item)]
    assert [item.label for item in items] == [1, 2]
    for item in items:
        assert type(item) is Item
        for move in item.moves:
            assert type(move) is Move
            expected = Move(move.actor, move.tokens, raw=move.raw, where=move.where)
            assert repr(move) == repr(expected) and move == expected
            assert (move.glyphs, move.before, move.after, move.variations, move.seal) == (
                (),
                (),
                (),
                (),
                "",
            )
            with pytest.raises(dataclasses.FrozenInstanceError):
                move.actor = "Y"  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError):
            item.label = 9  # type: ignore[misc]


# ---- pieces made word by word (PieceTemplates.items) ----------------------------------------

#: Pieces the word-by-word maker must decline (the grammar's patterns decide them), each for a
#: reason of its own: no space after a head, a marker or keyword among the words, a head with
#: no action, a number or a head where an action's first word must be, a word that is no token,
#: a label, a separator str.split cuts at but WS does not hold, a non-ASCII space, a blank piece.
DECLINED = (
    "R:visit 2",
    "R: pass round 2",
    "R: setup",
    "R:",
    "R: pass B:",
    "R: 5",
    "R: B: pass",
    "R: bid 5+2>x",
    "R: visit 2 3.",
    "R: pass 4. B: pass",
    "setup: wine",
    "R: visit\x1c2",
    "R: visit\u00a02",
    "R: visit 2\u00e9",
    "  ",
    "",
    "R",
    "visit 2",
    "R: pass B : visit 2",
    "R: pass :x",
    "R: a:b",
    "R:: pass",
    ": pass",
    "7. R: pass",
    "R: pass  :",
)

#: Pieces it makes, with what it must make of them (the same as the grammar's patterns).
MADE = (
    "R: pass",
    "  B: visit 3  ",
    "market: wine cloth",
    "rooms: take-3 pope-yellow lust-2 take-5",
    "R: bid 5+2  B: bid 5+4",
    "G: bid 4+0  R: bid 2+0  Y: bid 5+0  B: bid 3+1",
    "r: BONUS blue\r",
    "\tsouls:   Y  B ",
    "*: souls Y B",
    "R: bid ?+?  B: bid 1+2",
    "R: visit 5 ?",
    "R: donate 1>II 5>I\x0b",
    "market: wine B: pass",
    "R: visit 2\x0cB: do",
)


@pytest.mark.parametrize("piece", DECLINED)
def test_the_word_by_word_maker_declines_what_it_cannot_tell(
    templates: fastpath.PieceTemplates, piece: str
) -> None:
    assert templates.items(piece) is None
    check_agrees(HEADERS + "round 1\n" + piece + "\n")
    # again with every word of it judged and kept: the memo does not let it through
    assert templates.items(piece) is None
    assert templates.items("R: visit 5 2  B: bid 5+2") is not None
    assert templates.items(piece) is None


@pytest.mark.parametrize("piece", MADE)
def test_the_word_by_word_maker_makes_what_the_grammars_patterns_make(
    templates: fastpath.PieceTemplates, piece: str
) -> None:
    made = templates.items(piece)
    assert made is not None
    assert made == (templates.headed(piece) or templates.make(piece))
    assert check_agrees(HEADERS + "round 1\n" + piece + "\n", line_base=2)
    # made again from the memo of words: the same
    assert templates.words.kinds and templates.items(piece) == made


@pure_only
def test_pieces_of_first_moves_are_made_without_the_patterns(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(templates, "headed", refuse)
    monkeypatch.setattr(templates, "make", refuse)
    elements = parse_plain("R: bid 5+2  B: bid 5+4\n3. rooms: take-3 lust-2")
    assert elements is not None
    first, second, third = elements
    assert isinstance(first, Item) and isinstance(second, Item) and isinstance(third, Item)
    assert [(m.actor, m.tokens, m.raw, m.where) for m in first.moves + second.moves] == [
        ("R", ("bid", "5+2"), "bid 5+2", (1, 1, 1, 11)),
        ("B", ("bid", "5+4"), "bid 5+4", (1, 13, 1, 23)),
    ]
    assert (first.where, second.where) == ((1, 1, 1, 11), (1, 13, 1, 23))
    assert third.label == 3 and third.where == (2, 1, 2, 24)
    assert third.moves[0].tokens == ("rooms", "take-3", "lust-2")


def test_the_kind_of_each_word_is_found_once_and_bounded(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert templates.items("R: visit 2") is not None
    assert templates.words.kinds == {
        "R:": patterns.HEAD_WORD,
        "visit": patterns.FIRST_WORD | patterns.ARGUMENT_WORD,
        "2": patterns.ARGUMENT_WORD,
    }
    limit = patterns.LONGEST_WORD
    at, over = "a" * limit, "b" * (limit + 1)
    assert templates.words.kind(at) == templates.words.kind(over) != 0
    assert at in templates.words.kinds and over not in templates.words.kinds


@pure_only
def test_a_full_memo_of_words_starts_again(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(patterns, "WORDS_LIMIT", 3)
    judged = templates.words
    sizes = []
    for word in ("a", "b", "c", "d", "e"):
        judged.kind(word)
        sizes.append((len(judged.kinds), len(judged.firsts), len(judged.arguments)))
    assert sizes == [(1, 1, 1), (2, 2, 2), (3, 3, 3), (1, 1, 1), (2, 2, 2)]
    assert templates.words.firsts == templates.words.arguments == {"d", "e"}


def test_the_kinds_of_an_actions_words_are_kept_in_sets(
    templates: fastpath.PieceTemplates,
) -> None:
    assert templates.items("R: visit 2  market: wine cloth>I") is not None
    assert templates.words.firsts == {"visit", "wine"}  # cloth>I is never an action's first word
    assert templates.words.arguments == {"visit", "2", "wine", "cloth>I"}
    assert templates.words.kind("5+2") == patterns.ARGUMENT_WORD
    assert "5+2" in templates.words.arguments and "5+2" not in templates.words.firsts
    assert templates.words.kind("x:") == patterns.HEAD_WORD
    assert "x:" not in templates.words.arguments | templates.words.firsts
    long = "a" * (patterns.LONGEST_WORD + 1)
    assert templates.words.kind(long) != 0 and long not in templates.words.arguments


@pure_only
def test_a_piece_of_known_words_is_checked_without_judging_them(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert templates.items("R: visit 2  market: wine cloth") is not None
    monkeypatch.setattr(templates.words, "kind", refuse)
    monkeypatch.setattr(templates.words, "action", refuse)
    monkeypatch.setattr(templates.words, "head", refuse)
    made = templates.items("market: cloth wine  R: visit 2 2")
    assert made is not None
    assert [(entry[3], entry[4], entry[5]) for entry in made] == [
        ("*", ("market", "cloth", "wine"), "cloth wine"),
        ("R", ("visit", "2", "2"), "visit 2 2"),
    ]


def test_the_actor_of_each_head_is_found_once_and_bounded(
    templates: fastpath.PieceTemplates,
) -> None:
    judged = templates.words
    assert templates.items("r: visit 2  market: wine  *: souls B") is not None
    assert judged.heads == {"r": "R", "market": "*", "*": "*"}
    assert templates.items("7. R: pass") is None
    assert judged.heads["7. R"] == ""
    limit = patterns.LONGEST_WORD
    at, over = "a" * (limit - 1), "b" * limit  # the longest kept head is as long as a word
    assert judged.head(at) == judged.head(over) == "*"
    assert at in judged.heads and over not in judged.heads
    assert judged.head("setup") == "" and judged.heads["setup"] == ""


@pure_only
def test_a_full_memo_of_heads_starts_again(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(patterns, "WORDS_LIMIT", 2)
    judged = templates.words
    sizes = []
    for name in ("B", "G", "Y"):
        judged.head(name)
        sizes.append(len(judged.heads))
    assert sizes == [1, 2, 1] and judged.heads == {"Y": "Y"}


_WORDS = st.sampled_from(
    [
        "R:",
        "b:",
        "market:",
        "*:",
        "setup:",
        "visit",
        "bid",
        "5+2",
        "?+?",
        "wine>I",
        "1>II",
        "round",
        "3.",
        "?",
        "-2",
        "a:b",
        "x>",
        "5",
        "Round",
        "setupx",
    ]
)
_SPACES = st.sampled_from([" ", "  ", "\t", "\r", "\x0b", "\x0c", "\x1c", "\u00a0", ""])


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(st.lists(st.tuples(_SPACES, _WORDS), min_size=1, max_size=8), _SPACES)
def test_words_in_any_order_are_made_as_the_grammars_patterns_make_them(
    words: list[tuple[str, str]], end: str
) -> None:
    templates = fastpath.PieceTemplates()
    piece = "".join(space + word for space, word in words) + end
    made = templates.items(piece)
    if made is not None:
        assert made == (templates.headed(piece) or templates.make(piece)), piece


@pytest.mark.parametrize("piece", ["  R: R 2", "  b: b", "R: pass  Y: bid 1+2  G: G"])
def test_an_actions_first_word_is_found_after_its_head_not_in_it(
    templates: fastpath.PieceTemplates, piece: str
) -> None:
    # the action's first word also stands in its head ("R" in "R:"): it is looked for after
    # the whole head, wherever the head's column is
    made = templates.items(piece)
    assert made is not None and made == templates.make(piece)
    assert check_agrees(HEADERS + "round 1\n" + piece + "\n", line_base=2)


#: More words than CPython keeps one object per small int for (up to 256): counts compared by
#: value, never by identity.
_LONG = "  ".join(f"{'RBGY'[n % 4]}: bid {n % 6}+{n % 3}" for n in range(90))


def test_a_piece_of_more_than_256_words_is_made_whole(templates: fastpath.PieceTemplates) -> None:
    assert len(_LONG.split()) == 270
    made = templates.items(_LONG)
    assert made is not None and len(made) == 90 and made == templates.make(_LONG)
    assert check_agrees(HEADERS + "round 1\n" + _LONG + "\n", line_base=2)
    # a head without an action after them: declined, and the grammar says why
    assert templates.items(_LONG + "  B:") is None
    check_agrees(HEADERS + "round 1\n" + _LONG + "  B:\n")


def test_a_full_memo_of_words_starts_again_at_its_real_bound(
    templates: fastpath.PieceTemplates,
) -> None:
    # the bound itself (not a patched small one): a count above 256 compared by value
    limit = patterns.WORDS_LIMIT
    judged = templates.words
    judged.kinds.update(dict.fromkeys((f"w{n}" for n in range(limit)), 0))
    judged.arguments.add("w0")
    judged.firsts.add("w1")
    assert judged.kind("visit") == patterns.FIRST_WORD | patterns.ARGUMENT_WORD
    assert judged.kinds == {"visit": patterns.FIRST_WORD | patterns.ARGUMENT_WORD}
    assert judged.arguments == judged.firsts == {"visit"}


@pytest.mark.parametrize("piece", ["R: pass", "  B: visit 3  ", "market: wine cloth", "Y: bid 1+2"])
def test_a_piece_of_one_first_move_is_made_by_the_first_moves_pattern(
    templates: fastpath.PieceTemplates, piece: str
) -> None:
    # headed() makes what the scanner makes, with the first move's own pattern
    made = templates.headed(piece)
    assert made is not None and made == templates.make(piece)
    assert templates.headed(piece + "; B: pass") is None


@pure_only
def test_the_patterns_are_composed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every plain line asks for the patterns: they are composed from the grammar's terminals
    once, and the same compiled objects are handed out from then on."""
    import mcn.notation.grammar as grammar
    import mcn.notation.patterns as patterns

    made = (patterns._terminals(), patterns.scanner(), patterns.word_patterns())
    parts = patterns.move_parts()
    monkeypatch.setattr(grammar, "terminals", refuse)
    monkeypatch.setattr(patterns, "first_move", refuse)
    monkeypatch.setattr(patterns, "later_move", refuse)
    assert (patterns._terminals(), patterns.scanner(), patterns.word_patterns()) == made
    assert patterns.word_patterns() is made[2] and patterns.move_parts() is parts
    assert parse_plain(HEADERS + "round 1\n1. R: visit 2; B: pass\n") is not None


@pure_only
def test_a_blank_lines_empty_template_is_found_not_made_again(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A blank line (or one of spaces) is a known piece whose template holds nothing: found
    in the memo like any other, not taken for a miss and made again at every blank line."""
    from mcn.notation.outline import outline_plain

    text = HEADERS + "\nround 1\n  \n1. R: pass; B: pass\n\n"
    first = parse_plain(text)
    assert first is not None and outline_plain(text) is not None
    assert templates.first[""] == () and templates.first["  "] == ()
    monkeypatch.setattr(templates, "first_piece", refuse)
    monkeypatch.setattr(templates, "next_piece", refuse)
    assert parse_plain(text) == first
    outlines = outline_plain(text)
    assert outlines is not None and outlines[0].moves == 2


# ---- later pieces made word by word (PieceTemplates.later) -----------------------------------

#: Later pieces (without their ';') it makes, with what the grammar's patterns make of them.
LATER_MADE = (
    " B: guess 6",
    "visit 2",
    "  pope-stone lust>petty  ",
    " market: wine cloth",
    " *: souls Y B",
    "\tr: BONUS blue\r",
    " R:   bid 5+2",
    " B: R",
    " b: b 2",
    "  R: R 2",  # the action's first word stands in the head, two columns in
    " take-3",  # a first word ending in a character below ":" is no head
)

#: Later pieces it declines, each for a reason of its own: no space after the head, nothing
#: but a head, a new item after the action, a marker after it, a head that is none, a number
#: first, a blank piece, a non-ASCII space, a separator only str.split cuts at, a letter outside
#: ASCII, a label, a keyword first.
LATER_DECLINED = (
    " B:guess 6",
    " B:",
    " visit 2 R: pass",
    " visit 2 round 3",
    " setup: wine",
    " 5 visit",
    "   ",
    "",
    " visit\u00a02",
    " visit\x1c2",
    " visit 2\u00e9",
    " 3. R: pass",
    " round 2",
    " : pass",
)


@pytest.mark.parametrize("piece", LATER_MADE)
def test_a_later_piece_of_one_move_is_made_as_the_patterns_make_it(
    templates: fastpath.PieceTemplates, piece: str
) -> None:
    made = templates.later(piece)
    assert made is not None and made == templates.make(";" + piece, -1)
    assert check_agrees(HEADERS + "round 1\nR: pass;" + piece + "\n", line_base=2)
    assert templates.later(piece) == made  # again, from the memo of words


@pytest.mark.parametrize("piece", LATER_DECLINED)
def test_a_later_piece_it_cannot_tell_is_declined(
    templates: fastpath.PieceTemplates, piece: str
) -> None:
    assert templates.later(piece) is None
    check_agrees(HEADERS + "round 1\nR: pass;" + piece + "\n")
    # again with every word of it judged and kept: the memo does not let it through
    assert templates.items("R: visit 5 2  B: bid 5+2  setup: x") is None
    assert templates.later(piece) is None


@pure_only
def test_a_later_piece_of_known_words_is_made_without_the_patterns(
    templates: fastpath.PieceTemplates, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert parse_plain("G: pass; B: guess 6; visit 2") is not None
    monkeypatch.setattr(templates, "make", refuse)
    monkeypatch.setattr(templates.words, "kind", refuse)
    monkeypatch.setattr(templates.words, "action", refuse)
    monkeypatch.setattr(templates.words, "head", refuse)
    elements = parse_plain("G: pass; B: visit 6 2;  guess 2")
    assert elements is not None
    (item,) = elements
    assert isinstance(item, Item)
    assert [(m.actor, m.tokens, m.raw, m.where) for m in item.moves] == [
        ("G", ("pass",), "pass", (1, 1, 1, 8)),
        ("B", ("visit", "6", "2"), "visit 6 2", (1, 10, 1, 22)),
        ("G", ("guess", "2"), "guess 2", (1, 25, 1, 32)),  # the item's actor
    ]


_LATER_WORDS = st.sampled_from(
    ["B:", "*:", "market:", "setup:", "visit", "5+2", "round", "3.", "?"]
)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(st.tuples(_SPACES, _LATER_WORDS), min_size=1, max_size=5), _SPACES)
def test_later_words_in_any_order_are_made_as_the_patterns_make_them(
    words: list[tuple[str, str]], end: str
) -> None:
    templates = fastpath.PieceTemplates()
    piece = "".join(space + word for space, word in words) + end
    made = templates.later(piece)
    if made is not None:
        assert made == templates.make(";" + piece, -1), piece


#: More moves (hence colons) in one piece than CPython keeps one object per small int for.
_MANY = "  ".join(f"{'RBGY'[n % 4]}: pass" for n in range(300))


def test_a_piece_of_more_than_256_moves_is_made_whole(templates: fastpath.PieceTemplates) -> None:
    made = templates.items(_MANY)
    assert made is not None and len(made) == 300 and made == templates.make(_MANY)


def test_a_full_memo_of_heads_starts_again_at_its_real_bound(
    templates: fastpath.PieceTemplates,
) -> None:
    # the bound itself (not a patched small one): a count above 256 compared by value
    judged = templates.words
    judged.heads.update(dict.fromkeys((f"h{n}" for n in range(patterns.WORDS_LIMIT)), ""))
    assert judged.head("B") == "B"
    assert judged.heads == {"B": "B"}
