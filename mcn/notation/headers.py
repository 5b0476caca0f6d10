"""A game's headers: the tag pairs in canonical order, read like a mapping by tag.

``game.headers["Result"]`` is the value of the ``Result`` tag (``KeyError`` when the game
lacks it), as python-chess's ``game.headers`` reads; ``get``, ``keys``, ``values``, ``items``
and ``in`` work by tag too. The object is read-only (a record is immutable). It is still the
tuple of :class:`~mcn.notation.model.Header` it always was — indexing by position, slicing and
iterating give the ``Header`` objects with their source text and position — so the reader,
writer and JSON form keep every detail. Not compiled: mypyc's native classes cannot extend
``tuple``; the record model (compiled) wraps its headers in it once per game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, SupportsIndex, overload

if TYPE_CHECKING:
    from mcn.notation.model import Header

__all__ = ["Headers"]


class Headers(tuple["Header", ...]):
    """The headers of a game: a tuple of ``Header`` that answers by tag as well."""

    __slots__ = ()

    @overload
    def __getitem__(self, key: SupportsIndex) -> Header: ...
    @overload
    def __getitem__(self, key: slice) -> tuple[Header, ...]: ...
    @overload
    def __getitem__(self, key: str) -> str: ...
    def __getitem__(self, key: SupportsIndex | slice | str) -> Header | tuple[Header, ...] | str:
        if isinstance(key, str):
            for header in tuple.__iter__(self):
                if header.tag == key:
                    return header.value
            raise KeyError(key)
        return tuple.__getitem__(self, key)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            return any(header.tag == key for header in tuple.__iter__(self))
        return tuple.__contains__(self, key)

    def get(self, tag: str, default: str | None = None) -> str | None:
        """The value of ``tag``, or ``default`` when the game lacks it."""
        for header in tuple.__iter__(self):
            if header.tag == tag:
                return header.value
        return default

    def keys(self) -> list[str]:
        """The tags, in canonical order."""
        return [header.tag for header in tuple.__iter__(self)]

    def values(self) -> list[str]:
        """The values, in the order of :meth:`keys`."""
        return [header.value for header in tuple.__iter__(self)]

    def items(self) -> list[tuple[str, str]]:
        """``(tag, value)`` pairs, in canonical order (``dict(game.headers.items())``)."""
        return [(header.tag, header.value) for header in tuple.__iter__(self)]

    def as_dict(self) -> dict[str, str]:
        """A new ``dict`` of tag to value (a copy: changing it changes no record)."""
        return dict(self.items())

    def __repr__(self) -> str:
        return f"Headers({self.as_dict()!r})"
