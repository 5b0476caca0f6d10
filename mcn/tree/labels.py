"""Escaping record text for Graphviz: HTML-like labels and escString tooltips, with limits.

Why a module of its own: every piece of record text drawn by :mod:`mcn.tree` goes through
these few functions, so quotes, angle brackets, braces, backslashes, newlines and control
characters can never break or inject into the DOT source or the SVG; keeping them together
makes that one auditable place (tests/safety checks them directly).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from typing import Final, cast

import graphviz

from mcn.io.limits import MAX_LABEL_CHARS, MAX_TOOLTIP_CHARS, shorten

_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]")


def _picture(match: re.Match[str]) -> str:
    """A control character as its visible Unicode 'control picture' (or U+FFFD)."""
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    return "\ufffd"


def printable(text: str) -> str:
    """Record text made safe for Graphviz and XML: line ends become ``\\n``, control characters
    (which XML cannot carry at all) become visible pictures; everything else is unchanged."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub(_picture, text)


def html_text(text: str, limit: int = MAX_LABEL_CHARS) -> str:
    """Text for inside a Graphviz HTML-like label: at most ``limit`` characters (cut with
    ``…``: Graphviz fails on an HTML string over 16 KB), entities escaped, newlines as
    ``<BR/>``, and backslashes doubled — Graphviz expands ``\\G \\E \\N \\H \\T \\L`` even
    in HTML labels (``{see \\G}`` would be drawn as "see mcn")."""
    escaped = html.escape(printable(shorten(text, limit)), quote=True).replace("\\", "\\\\")
    return escaped.replace("\n", '<BR ALIGN="LEFT"/>')


def escaped_string(text: str, limit: int = MAX_TOOLTIP_CHARS) -> str:
    """Text for a quoted Graphviz escString attribute (tooltips): at most ``limit`` characters
    (cut with ``…``), newlines as ``\\n``, ``&`` as ``&amp;`` (Graphviz reads entities in every
    string), and each backslash written as four: the DOT reader and the escString expansion
    each halve them, so none can start ``\\G``, ``\\E``, ``\\N``, ``\\H``, ``\\T``, ``\\L``,
    ``\\l`` or ``\\r``. The graphviz package then escapes the quotes. Never read as HTML."""
    escaped = printable(shorten(text, limit)).replace("\\", "\\\\\\\\").replace("&", "&amp;")
    escaped = escaped.replace("\n", "\\n")
    return cast(str, graphviz.nohtml(escaped))  # a str subclass the package never reads as HTML


def html_label(lines: Iterable[str]) -> str:
    """An HTML-like label from already escaped lines."""
    return "<" + "<BR/>".join(lines) + ">"


def one_line(text: str, limit: int) -> str:
    """``text`` with its runs of white space made one space, cut to ``limit`` (``…``)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
