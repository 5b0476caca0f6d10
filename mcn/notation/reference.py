"""The reference reading of MCN: the grammar alone, read by Lark, with no fast path.

``grammar/mcn.lark`` defines MCN; :func:`parse_reference` and :func:`parse_lenient_reference`
read a text with nothing but that grammar (Lark's LALR parser and the record builder), through
the same pipeline as :func:`mcn.notation.parse` and :func:`mcn.notation.parse_lenient` — the
same game splitting, header rules and messages. They are slower, and they give the same
records (spans included) and the same errors: ``tests/notation/test_differential.py`` checks
that on the examples, engine-played records and the fuzz corpus. They are the yardstick for
the fast readers, and a way to confirm a suspected fast-path bug on a given text.
"""

from __future__ import annotations

from mcn.notation.errors import NotationError
from mcn.notation.model import File
from mcn.notation.parser import read_lenient, read_strict, reference_elements


def parse_reference(text: str, *, name: str = "<string>") -> File:
    """What :func:`mcn.notation.parse` returns or raises, by the grammar alone."""
    return read_strict(text, name, reference_elements)


def parse_lenient_reference(
    text: str, *, name: str = "<string>"
) -> tuple[File, tuple[NotationError, ...]]:
    """What :func:`mcn.notation.parse_lenient` returns, by the grammar alone."""
    return read_lenient(text, name, reference_elements)
