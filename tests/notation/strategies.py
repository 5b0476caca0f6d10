"""Hypothesis strategies for records, and a writer that lays them out untidily.

``records()`` draws valid :class:`File` models: required headers plus random unknown tags,
chance items, bids, labelled turns, moves of other actors inside an item, glyphs, comments with
nasty characters (braces, backslashes, quotes, newlines, non-ASCII), nested variations and
checkpoints. ``messy(record, data)`` writes such a record the way a careless person might —
random whitespace and newlines, random letter case, redundant heads, chance items as ``*: …``
— so the tests can check that layout never changes what a record says.
"""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from mcn.notation.games import canonical_order
from mcn.notation.lexical import (
    RESERVED,
    ROSTER,
    canonical_token,
    escape_comment,
    escape_value,
)
from mcn.notation.model import (
    Checkpoint,
    Comment,
    Element,
    File,
    Game,
    Header,
    Item,
    Move,
    Section,
)

VERBS = ("bid", "buy", "sell", "donate", "visit", "choose", "pass", "end", "free", "guess", "do")
WORDS = ("bread", "wine", "cloth", "jewel", "red", "blue", "pope", "lust", "greed", "take-5")
CHANCE_WORDS = ("market", "rooms", "souls")
GLYPHS = ("!", "?", "!!", "??", "!?", "?!", "$1", "$14", "$255")
PLAYERS = ("R", "B", "G", "Y")
NASTY = "ab {}\\\"'\n\r\t\x0b}{\\}\\\\é☃…<>()[];:?!"

_LOWER = "abcdefghijklmnopqrstuvwxyz"
_word = st.builds(
    str.__add__, st.sampled_from(_LOWER), st.text(_LOWER + "0123456789-", max_size=7)
).filter(lambda w: w not in RESERVED)
word = st.one_of(st.sampled_from(VERBS + WORDS), _word).map(canonical_token)
code = st.builds(str.__add__, st.integers(0, 99).map(str), _word)  # like a digest: 3fa9c0
_side = st.one_of(word, st.integers(-20, 99).map(str), code, st.just("?"))
token = st.one_of(
    word,
    st.integers(-5, 30).map(str),
    code,
    st.just("?"),
    st.tuples(_side, _side).map(lambda pair: canonical_token(f"{pair[0]}>{pair[1]}")),
    st.tuples(st.sampled_from(["?", *map(str, range(7))]), st.sampled_from(["?", "0", "12"])).map(
        lambda pair: f"{pair[0]}+{pair[1]}"
    ),
    st.sampled_from((*PLAYERS, "I", "II")),
)
comment = st.text(alphabet=NASTY, max_size=12).map(Comment)
glyphs = st.lists(st.sampled_from(GLYPHS), max_size=3).map(tuple)
#: A sealed move's commitment (64 hex digits), or none (most moves).
seal = st.one_of(st.just(""), st.text(alphabet="0123456789abcdef", min_size=64, max_size=64))


def action(first: st.SearchStrategy[str] = word) -> st.SearchStrategy[tuple[str, ...]]:
    """Action tokens: a word, then up to four tokens."""
    return st.tuples(first, st.lists(token, max_size=4)).map(lambda t: (t[0], *t[1]))


def _deep(elements: st.SearchStrategy[tuple[Element, ...]]) -> bool:
    """Whether ``elements`` can hold anything (the innermost level is always empty)."""
    return elements is not _EMPTY


_EMPTY: st.SearchStrategy[tuple[Element, ...]] = st.just(())


@cache
def moves(actor: str, elements: st.SearchStrategy[tuple[Element, ...]]) -> st.SearchStrategy[Move]:
    """A move of ``actor`` with random annotations; variations drawn from ``elements``."""
    tokens = action(st.sampled_from(CHANCE_WORDS)) if actor == "*" else action()
    return st.builds(
        Move,
        st.just(actor),
        tokens,
        glyphs,
        st.lists(comment, max_size=2).map(tuple),
        st.lists(comment, max_size=2).map(tuple),
        st.lists(elements, max_size=2).map(tuple) if _deep(elements) else st.just(()),
        seal=seal if actor != "*" else st.just(""),
    )


@cache
def items(elements: st.SearchStrategy[tuple[Element, ...]]) -> st.SearchStrategy[Item]:
    """An item: a chance item, a bid, or a turn of one to three moves (some by others)."""
    chance = moves("*", elements).map(lambda move: Item((move,)))
    bid = st.sampled_from(PLAYERS).map(lambda colour: Item((Move(colour, ("bid", "3+5")),)))

    @st.composite
    def turn(draw: st.DrawFn) -> Item:
        actor = draw(st.sampled_from(PLAYERS))
        first = draw(moves(actor, elements))
        others = draw(
            st.lists(st.sampled_from((actor, actor, *PLAYERS, "*")), max_size=2).flatmap(
                lambda actors: st.tuples(*(moves(a, elements) for a in actors))
            )
        )
        label = draw(st.none() | st.integers(0, 40))
        return Item((first, *others), label)

    return st.one_of(chance, bid, turn())


section = st.one_of(
    st.just(Section("setup")), st.integers(0, 30).map(lambda n: Section("round", n))
)
checkpoint = st.builds(Checkpoint, word, st.lists(token, max_size=4).map(tuple))


def _no_comment_after_item(elements: list[Element]) -> tuple[Element, ...]:
    kept: list[Element] = []
    for element in elements:
        if isinstance(element, Comment) and kept and isinstance(kept[-1], Item):
            continue
        kept.append(element)
    return tuple(kept)


@cache
def element_lists(depth: int) -> st.SearchStrategy[tuple[Element, ...]]:
    """Body element lists whose variations nest at most ``depth`` deep."""
    inner = _EMPTY if depth == 0 else element_lists(depth - 1)
    element = st.one_of(items(inner), items(inner), section, checkpoint, comment)
    return st.lists(element, max_size=6 if depth >= 2 else 3).map(_no_comment_after_item)


_TAGS = ("Event", "Site", "Date", "Rules", "Board", "Result")
header_value = st.text(
    alphabet=st.characters(blacklist_characters="\r\n", blacklist_categories=("Cs",)), max_size=10
)
unknown_tag = st.builds(
    str.__add__,
    st.sampled_from(_LOWER + _LOWER.upper()),
    st.text(_LOWER + _LOWER.upper() + "0123456789_", max_size=8),
).filter(
    lambda tag: tag not in {*_TAGS, "Red", "Blue", "Green", "Yellow", "Variant", "Infractions"}
)


@st.composite
def headers(draw: st.DrawFn) -> tuple[Header, ...]:
    """The required roster, two to four players, maybe Infractions, and unknown tags."""
    chosen = [Header(tag, draw(header_value)) for tag in _TAGS]
    players = draw(
        st.lists(
            st.sampled_from(("Red", "Blue", "Green", "Yellow")), min_size=2, max_size=4, unique=True
        )
    )
    chosen += [Header(tag, draw(header_value)) for tag in players]
    variant = draw(st.sampled_from(("standard", "meta-culpa")))
    chosen.append(Header("Variant", variant))
    if variant == "meta-culpa" or draw(st.booleans()):
        chosen.append(Header("Infractions", "late-rotation out-of-turn"))
    tags = draw(st.lists(unknown_tag, max_size=3, unique=True))
    chosen += [Header(tag, draw(header_value)) for tag in tags]
    return canonical_order(draw(st.permutations(chosen)))


@st.composite
def records(draw: st.DrawFn, depth: int = 2) -> File:
    """A valid file of one to three games."""
    count = draw(st.integers(1, 3))
    games = []
    for index in range(count):
        body = draw(element_lists(depth))
        if not body and index < count - 1:
            body = (Section("setup"),)
        games.append(Game(draw(headers()), body))
    return File(tuple(games))


# ---- an untidy writer -------------------------------------------------------------------------


def _space(data: st.DataObject, required: bool = True) -> str:
    spaces = data.draw(st.sampled_from([" ", "  ", "\n", "\t", " \n  ", "\r\n"]))
    return spaces if required or data.draw(st.booleans()) else ""


def _case(data: st.DataObject, text: str) -> str:
    style = data.draw(st.sampled_from(["same", "upper", "lower", "title"]))
    return {"same": text, "upper": text.upper(), "lower": text.lower(), "title": text.title()}[
        style
    ]


def messy(record: File, data: st.DataObject) -> str:
    """``record`` as valid MCN in a random, untidy layout (recursive: keep depths small)."""
    out: list[str] = []
    for game in record.games:
        for header in _shuffled_headers(game.headers, data):
            gap = data.draw(st.sampled_from([" ", "  ", "\t"]))
            out.append(f'[{header.tag}{gap}"')
            out.append(escape_value(header.value) + '"]' + _space(data))
        _elements(game.body, data, out)
        out.append("\n")
    return "".join(out)


def _shuffled_headers(headers: tuple[Header, ...], data: st.DataObject) -> list[Header]:
    """Headers in a random order that keeps the unknown tags in their order (it is kept)."""
    shuffled = list(data.draw(st.permutations(headers)))
    unknown = iter([header for header in headers if header.tag not in ROSTER])
    return [next(unknown) if header.tag not in ROSTER else header for header in shuffled]


def _comment(text: str) -> str:
    return "{" + escape_comment(text) + "}"


def _elements(elements: tuple[Element, ...], data: st.DataObject, out: list[str]) -> None:
    for element in elements:
        out.append(_space(data))
        if isinstance(element, Section):
            name = "setup" if element.kind == "setup" else f"round{_space(data)}{element.number}"
            out.append(_case(data, name))
        elif isinstance(element, Checkpoint):
            inner = _space(data).join(_case(data, t) for t in (element.name, *element.args))
            out.append(f"<{_space(data, False)}{inner}{_space(data)}>")
        elif isinstance(element, Comment):
            out.append(_comment(element.text))
        else:
            _item(element, data, out)


def _item(item: Item, data: st.DataObject, out: list[str]) -> None:
    if item.label is not None:
        out.append(f"{item.label:0{data.draw(st.integers(1, 3))}d}.{_space(data, False)}")
    for index, move in enumerate(item.moves):
        if index:
            out.append(f"{_space(data, False)};{_space(data, False)}")
        needs_head = index == 0 or move.actor != item.actor
        tokens = list(move.tokens)
        if needs_head or data.draw(st.booleans()):
            if move.actor != "*":
                out.append(_case(data, move.actor) + ":")
            elif (
                len(tokens) >= 2
                and tokens[1][0].isalpha()
                and ">" not in tokens[1]
                and (data.draw(st.booleans()))
            ):
                out.append(_case(data, tokens.pop(0)) + ":")
            else:
                out.append("*:")
            out.append(_space(data, bool(move.before) is False and data.draw(st.booleans())))
        for before in move.before:
            out.append(_comment(before.text) + _space(data, False))
        out.append(_space(data).join(_case(data, t) for t in tokens))
        if move.seal:
            out.append(_space(data, data.draw(st.booleans())) + "#" + _case(data, move.seal))
        for position, glyph in enumerate(move.glyphs):
            if position or glyph.startswith("$") or glyph.startswith("!") or move.seal:
                out.append(_space(data, position > 0 or glyph.startswith("$")))
            out.append(glyph)
        for after in move.after:
            out.append(_space(data, False) + _comment(after.text))
        for variation in move.variations:
            out.append(_space(data, False) + "(")
            _elements(variation, data, out)
            out.append(_space(data, False) + ")")
