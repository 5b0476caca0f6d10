"""Mutators: turn a valid MCN record into a plausible broken one.

Each mutator is a pure function ``(data, rng) -> bytes`` driven only by the ``random.Random``
it is given, so a failure is reproduced from (seed record, mutator, rng seed) alone. They
attack what the toolchain must survive: corrupted bytes, shuffled or repeated tokens and lines,
cut-off files, absurd numbers, deep nesting, hostile Unicode and bytes that are not UTF-8.
The hypothesis tests (``test_fuzz.py``) and the long random run (``bench/fuzz.py``) share them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Final

Mutator = Callable[[bytes, random.Random], bytes]

#: The largest input tried, like a fuzzer's maximum length: the one-second budget per input is
#: about pathological *shapes*, not about sheer size (a valid 10 MB archive takes longer).
MAX_INPUT: Final = 64 * 1024

_TOKEN: Final = re.compile(rb"\S+")
_DIGITS: Final = re.compile(rb"[0-9]+")
_MOVE_END: Final = re.compile(rb"(?<=[a-z0-9?])(?=[ \t]*(?:;|\n|$))", re.M)

#: Fragments a hand-written record could plausibly contain, legal or not, in the right place or
#: not: heads, markers, annotations, brackets, header-like text, actions and their odd cousins.
VOCABULARY: Final[tuple[bytes, ...]] = (
    b"R:",
    b"B:",
    b"G:",
    b"Y:",
    b"*:",
    b"X:",
    b"market:",
    b"rooms:",
    b"souls:",
    b"1.",
    b"99.",
    b"setup",
    b"round 1",
    b"round 0",
    b"round -1",
    b";",
    b"; B:",
    b"(",
    b")",
    b"()",
    b"{",
    b"}",
    b"{x}",
    b"<",
    b">",
    b"<souls R 3>",
    b"<digest 000000000000>",
    b"<>",
    b"[",
    b"]",
    b'"',
    b'[Result "R"]',
    b'[Variant "meta-culpa"]',
    b'[Players "R"]',
    b'[Red ""]',
    b"!",
    b"??",
    b"!?",
    b"$1",
    b"$",
    b"pass",
    b"end",
    b"skip",
    b"do",
    b"decline",
    b"buy wine",
    b"donate jewel>I 5>II",
    b"donate 10>III",
    b"bid 3+5",
    b"bid ?+?",
    b"bid 7+-1",
    b"?",
    b"choose pope",
    b"visit 7",
    b"guess 0",
    b"crew 1>3",
    b"steal R",
    b"pick red",
    b"give",
    b"infraction late-rotation",
    b"bonus bread>I wine>II",
    b"free indulgence>red",
    b">>",
    b"a>b>c",
    b"-",
    b"--1",
    b"+",
    b"1+",
    b"\\",
    b"\t",
    b"\r",
    b"\r\n",
    b"\x00",
    b"\x0c",
)

#: Characters outside ASCII that have tripped up text tools: wide, combining, invisible,
#: bidirectional, look-alike digits and letters, the BOM, line and paragraph separators.
UNICODE: Final[tuple[str, ...]] = (
    "é",
    "ß",
    "İ",
    "ﬁ",
    "Ⅻ",
    "٣",
    "０",
    "𝟙",
    "ｒ",
    "Ｒ:",
    "\u0301",
    "\u200b",
    "\u200d",
    "\u202e",
    "\ufeff",
    "\u2028",
    "\u2029",
    "\u00a0",
    "\u3000",
    "\U0001f600",
    "\U0010ffff",
    "\ufffd",
    "中",
)

#: Byte sequences that are not UTF-8: stray continuation bytes, truncated sequences, overlong
#: forms, encoded surrogates, code points beyond U+10FFFF, Latin-1 text.
INVALID_UTF8: Final[tuple[bytes, ...]] = (
    b"\x80",
    b"\xbf",
    b"\xc3",
    b"\xe2\x82",
    b"\xf0\x9f\x98",
    b"\xc0\xaf",
    b"\xe0\x80\xaf",
    b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80",
    b"\xff",
    b"\xfe",
    b"caf\xe9",
)


def _position(data: bytes, rng: random.Random) -> int:
    return rng.randint(0, len(data))


def byte_flip(data: bytes, rng: random.Random) -> bytes:
    """Flip one random bit in each of one to eight random bytes."""
    if not data:
        return bytes([rng.randrange(256)])
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        index = rng.randrange(len(out))
        out[index] ^= 1 << rng.randrange(8)
    return bytes(out)


def token_swap(data: bytes, rng: random.Random) -> bytes:
    """Swap two whitespace-separated tokens (possibly far apart)."""
    spans = [match.span() for match in _TOKEN.finditer(data)]
    if len(spans) < 2:
        return data + data
    first, second = sorted(rng.sample(range(len(spans)), 2))
    (a, b), (c, d) = spans[first], spans[second]
    return data[:a] + data[c:d] + data[b:c] + data[a:b] + data[d:]


def token_replace(data: bytes, rng: random.Random) -> bytes:
    """Replace a token by another token of the record or by a vocabulary fragment."""
    spans = [match.span() for match in _TOKEN.finditer(data)]
    if not spans:
        return rng.choice(VOCABULARY)
    start, end = rng.choice(spans)
    if rng.random() < 0.5:
        other_start, other_end = rng.choice(spans)
        replacement = data[other_start:other_end]
    else:
        replacement = rng.choice(VOCABULARY)
    return data[:start] + replacement + data[end:]


def insert_fragment(data: bytes, rng: random.Random) -> bytes:
    """Insert one to three vocabulary fragments at random places."""
    for _ in range(rng.randint(1, 3)):
        at = _position(data, rng)
        fragment = rng.choice(VOCABULARY)
        data = data[:at] + rng.choice((b"", b" ")) + fragment + rng.choice((b"", b" ")) + data[at:]
    return data


def truncate(data: bytes, rng: random.Random) -> bytes:
    """Cut the record off anywhere (or drop its beginning)."""
    at = _position(data, rng)
    return data[:at] if rng.random() < 0.8 else data[at:]


def delete_span(data: bytes, rng: random.Random) -> bytes:
    """Delete a random stretch of up to 200 bytes."""
    at = _position(data, rng)
    return data[:at] + data[at + rng.randint(1, 200) :]


def duplicate_lines(data: bytes, rng: random.Random) -> bytes:
    """Repeat one line or a run of lines, once or many times."""
    lines = data.splitlines(keepends=True)
    if not lines:
        return data
    start = rng.randrange(len(lines))
    stop = min(len(lines), start + rng.choice((1, 1, 2, 5, 20)))
    copies = rng.choice((1, 2, 3, 50))
    return b"".join(lines[:stop] + lines[start:stop] * copies + lines[stop:])


def shuffle_lines(data: bytes, rng: random.Random) -> bytes:
    """Move one line somewhere else."""
    lines = data.splitlines(keepends=True)
    if len(lines) < 2:
        return data
    line = lines.pop(rng.randrange(len(lines)))
    lines.insert(rng.randrange(len(lines) + 1), line)
    return b"".join(lines)


def huge_number(data: bytes, rng: random.Random) -> bytes:
    """Replace a run of digits (a round, label, bid, coin, glyph, checkpoint value) by a huge,
    negative or zero-padded number — beyond 64 bits and beyond Python's 4300-digit int limit."""
    spans = [match.span() for match in _DIGITS.finditer(data)]
    digits = rng.choice((20, 40, 400, 4301, 5000))
    number = rng.choice(
        (
            b"9" * digits,
            b"1" + b"0" * digits,
            b"-" + b"9" * 30,
            b"0" * rng.randint(2, 50) + b"1",
            b"18446744073709551616",
            b"2147483648",
        )
    )
    if not spans:
        return data + b" " + number
    start, end = rng.choice(spans)
    return data[:start] + number + data[end:]


def deep_nesting(data: bytes, rng: random.Random) -> bytes:
    """After a move, open variations nested tens to thousands deep (closed or not)."""
    depth = rng.choice((20, 100, 500, 2000))
    step = rng.choice((b" ( R: pass", b" ( 1. B: buy wine", b" (", b" ( {c}"))
    closing = b" )" * depth if rng.random() < 0.8 else b""
    nested = step * depth + closing
    ends = [match.start() for match in _MOVE_END.finditer(data)]
    at = rng.choice(ends) if ends else len(data)
    return data[:at] + nested + data[at:]


def random_unicode(data: bytes, rng: random.Random) -> bytes:
    """Insert hostile Unicode (valid UTF-8) in one to five places, or replace a token by it."""
    for _ in range(rng.randint(1, 5)):
        text = rng.choice(UNICODE)
        if rng.random() < 0.3:
            points = (rng.randint(0x80, 0x10FFFF) for _ in range(rng.randint(1, 4)))
            text = "".join(chr(p) for p in points if not 0xD800 <= p <= 0xDFFF)
        at = _position(data, rng)
        data = data[:at] + text.encode("utf-8") + data[at:]
    return data


def invalid_utf8(data: bytes, rng: random.Random) -> bytes:
    """Insert bytes that are not UTF-8 (or prefix a UTF-16 byte-order mark)."""
    if rng.random() < 0.1:
        return b"\xff\xfe" + data
    at = _position(data, rng)
    return data[:at] + rng.choice(INVALID_UTF8) + data[at:]


def splice(data: bytes, rng: random.Random) -> bytes:
    """Paste a copy of one stretch of the record somewhere else (crossover with itself)."""
    if not data:
        return data
    start = rng.randrange(len(data))
    chunk = data[start : start + rng.randint(1, 400)]
    at = _position(data, rng)
    return data[:at] + chunk + data[at:]


MUTATORS: Final[dict[str, Mutator]] = {
    "byte_flip": byte_flip,
    "token_swap": token_swap,
    "token_replace": token_replace,
    "insert_fragment": insert_fragment,
    "truncate": truncate,
    "delete_span": delete_span,
    "duplicate_lines": duplicate_lines,
    "shuffle_lines": shuffle_lines,
    "huge_number": huge_number,
    "deep_nesting": deep_nesting,
    "random_unicode": random_unicode,
    "invalid_utf8": invalid_utf8,
    "splice": splice,
}


def mutate(data: bytes, rng: random.Random, rounds: int | None = None) -> tuple[bytes, list[str]]:
    """Apply one to three random mutators in turn; the result (at most :data:`MAX_INPUT`
    bytes) and the mutators' names."""
    names = [rng.choice(list(MUTATORS)) for _ in range(rounds or rng.choice((1, 1, 1, 2, 3)))]
    for name in names:
        data = MUTATORS[name](data, rng)
    return data[:MAX_INPUT], names
