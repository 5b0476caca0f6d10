"""Lexical facts of MCN shared by the parser, the writer and the JSON form.

The grammar (``grammar/mcn.lark``) decides what a token *is*; this module decides how a token
is *spelled* canonically and how comment and header text is escaped, so that the builder, the
canonical writer and the JSON importer agree on one spelling (docs/notation.md, "Lexical rules").
"""

from __future__ import annotations

import re
from typing import Final

#: Player colours in roster order, and the header tag that names each player.
COLOURS: Final = ("R", "B", "G", "Y")
COLOUR_TAGS: Final = {"R": "Red", "B": "Blue", "G": "Green", "Y": "Yellow"}
#: The chance pseudo-player.
CHANCE: Final = "*"
ACTORS: Final = (*COLOURS, CHANCE)

#: Header tags in canonical order; unknown tags follow in their source order.
ROSTER: Final = (
    "Event",
    "Site",
    "Date",
    "Red",
    "Blue",
    "Green",
    "Yellow",
    "Rules",
    "Board",
    "Variant",
    "Infractions",
    "Result",
)
#: Tags every game must have (besides at least two player tags).
REQUIRED_TAGS: Final = ("Event", "Site", "Date", "Rules", "Board", "Variant", "Result")
#: The variant whose records must carry an ``Infractions`` tag (R-MET-3).
META_CULPA: Final = "meta-culpa"

#: Words that may not be action tokens: they are section markers.
RESERVED: Final = frozenset({"setup", "round"})

#: Tokens written in upper case: colour initials and the compartments.
_UPPER: Final = frozenset({"r", "b", "g", "y", "i", "ii"})

_WORD_SIDE = r"(?!(?:[rbgyi]|ii)(?![a-z0-9-]))[a-z][a-z0-9-]*"
_SIDE = rf"(?:{_WORD_SIDE}|[RBGY]|II?|[0-9][a-z0-9-]*|-[0-9]+|\?)"
_BID_SIDE = r"(?:[0-9]+|\?)"
#: The source of :data:`CANONICAL_TOKEN`; the record schema's token pattern is the same.
CANONICAL_TOKEN_PATTERN: Final = (
    rf"(?!(?:setup|round)(?![a-z0-9-]))(?:{_BID_SIDE}\+{_BID_SIDE}|{_SIDE}(?:>{_SIDE})?)"
)
#: A token in canonical spelling (lower case except ``R B G Y I II``).
CANONICAL_TOKEN: Final = re.compile(CANONICAL_TOKEN_PATTERN)
#: The first token of an action or a checkpoint: a word (its verb or name), canonically spelt.
CANONICAL_FIRST_PATTERN: Final = rf"(?!(?:setup|round)(?![a-z0-9-]))(?:{_WORD_SIDE}|[RBGY]|II?)"
CANONICAL_FIRST: Final = re.compile(CANONICAL_FIRST_PATTERN)
#: A lower-case word: what may head a chance item (``market:``).
WORD: Final = re.compile(r"[a-z][a-z0-9-]*")
#: A word in any spelling: what an action's text must begin with.
ANY_WORD: Final = re.compile(r"[A-Za-z][A-Za-z0-9-]*")
TAG: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
#: The glyphs a move may carry.
GLYPH: Final = re.compile(r"!!|\?\?|!\?|\?!|!|\?|\$[0-9]+")

# Final: in the compiled build a module's other globals are looked up by name at every use.
_cache: Final[dict[str, str]] = {}
_CACHE_LIMIT: Final = 1 << 16


def _canonical_slow(token: str) -> str:
    for separator in (">", "+"):
        if separator in token:
            return separator.join(_canonical_slow(part) for part in token.split(separator))
    lower = token.lower()
    return lower.upper() if lower in _UPPER else lower


def canonical_token(token: str) -> str:
    """The canonical spelling of one lexically valid token (docs/design.md, "Action text").

    Lower case except the colour initials ``R B G Y`` and the compartments ``I II``, on either
    side of a target (``bread>I``) as well. Results are memoised: records repeat few tokens.
    """
    canonical = _cache.get(token)
    if canonical is None:
        canonical = _canonical_slow(token)
        if len(_cache) >= _CACHE_LIMIT:
            _cache.clear()
        _cache[token] = canonical
    return canonical


_actions: Final[dict[str, tuple[str, ...]]] = {}


def canonical_tokens(text: str) -> tuple[str, ...]:
    """The canonical tokens of an action's (or a checkpoint's) lexically valid text.

    Memoised by the text: records repeat their moves. Here, in a compiled module, rather than
    in the grammar's builder, so that the fast path's templates of new pieces (the rooms and
    bids of each round are rarely the same twice) make them without an interpreted call.
    """
    tokens = _actions.get(text)
    if tokens is None:
        tokens = tuple([canonical_token(token) for token in text.split()])
        if len(_actions) >= _CACHE_LIMIT:
            _actions.clear()
        _actions[text] = tokens
    return tokens


_PLAYER_HEADS: Final = {"r": "R", "b": "B", "g": "G", "y": "Y"}


def head_actor(word: str) -> str:
    """The actor a head word names (``R`` in any case → ``R``; any other word is chance)."""
    return _PLAYER_HEADS.get(word.lower(), CHANCE)


def move_tokens(actor: str, word: str, raw: str) -> tuple[str, ...]:
    """The canonical tokens of a move of ``actor`` with head word ``word`` (a chance head
    word like ``market`` becomes the first token) and action text ``raw``."""
    tokens = canonical_tokens(raw)
    if actor == CHANCE and word and word != CHANCE:
        tokens = (canonical_token(word), *tokens)
    return tokens


def words_tokens(actor: str, word: str, action: str, words: list[str]) -> tuple[str, ...]:
    """:func:`move_tokens` of an ``action`` already cut into its ``words``, for the fast
    path's templates of new pieces. A chance move's tokens (``rooms: …``, ``market: …``,
    rarely the same twice) are spelt from the words as they are, without a memo by the
    action's text that would only miss; a player's (``bid 5+2``, which recur within new
    pieces) come from that memo, so that equal actions share one tuple of tokens."""
    if actor == CHANCE and word and word != CHANCE:
        known = _cache
        return (
            canonical_token(word),
            *[known.get(token) or canonical_token(token) for token in words],
        )
    tokens = _actions.get(action)
    if tokens is None:
        known = _cache
        tokens = tuple([known.get(token) or canonical_token(token) for token in words])
        if len(_actions) >= _CACHE_LIMIT:
            _actions.clear()
        _actions[action] = tokens
    return tokens


def forget_canonical_tokens() -> None:
    """Forget the memos of :func:`canonical_token` and :func:`canonical_tokens` (for
    cold-cache measurements)."""
    _cache.clear()
    _actions.clear()


def is_canonical_token(token: str, *, first: bool = False) -> bool:
    """Whether ``token`` is valid and canonically spelt (``first``: as an action's first)."""
    pattern = CANONICAL_FIRST if first else CANONICAL_TOKEN
    return pattern.fullmatch(token) is not None


def escape_comment(text: str) -> str:
    """Comment text as written between braces: ``\\`` and ``}`` are escaped."""
    return text.replace("\\", "\\\\").replace("}", "\\}")


_COMMENT_ESCAPE: Final = re.compile(r"\\([\\}])")


def unescape_comment(body: str) -> str:
    """The text of a comment body: ``\\}`` and ``\\\\`` are unescaped, other backslashes kept."""
    if "\\" not in body:
        return body
    return _COMMENT_ESCAPE.sub(r"\1", body)


def escape_value(text: str) -> str:
    """A header value as written between quotes: ``\\`` and ``"`` are escaped."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


_VALUE_ESCAPE: Final = re.compile(r'\\([\\"])')


def unescape_value(body: str) -> str:
    """The value of a quoted header body: ``\\"`` and ``\\\\`` unescaped, other backslashes kept."""
    if "\\" not in body:
        return body
    return _VALUE_ESCAPE.sub(r"\1", body)
