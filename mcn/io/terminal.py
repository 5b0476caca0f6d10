"""The one sanitiser for text from a record on its way to a terminal.

A record is untrusted: a header value or a comment may hold ``ESC ] 0 ; … BEL`` (set the
window title), ``ESC [ 2 J`` (clear the screen), a lone carriage return (overwrite the start of
the line with a fake message), Unicode bidi overrides ("Trojan source") or a lone surrogate
(which cannot even be encoded for output and would crash the print). Every line mcn prints
that contains record text — error source lines and messages, diagnostics, the replay picture,
diff reports — goes through :func:`visible` (or :func:`one_line`) first.

Nothing is dropped silently: the user should see that the record holds something odd.

* C0 control characters and DEL become their Unicode control pictures, one column each
  (``ESC`` → ``␛``, ``BEL`` → ``␇``, a lone ``CR`` → ``␍``, ``NUL`` → ``␀``), as in
  :mod:`mcn.tree`'s drawings; so an escape sequence prints as harmless text (``␛[2J``).
  Tabs are kept; line feeds are kept only where the caller prints several lines.
* C1 controls (U+0080–U+009F, which some terminals obey as ``CSI``), bidi embedding, override
  and isolate marks, line/paragraph separators and lone surrogates are written as Python-style
  escapes (``\\x9b``, ``\\u202e``, ``\\ud800``).

Output that is the record itself (canonical MCN from ``fmt``/``export``, JSON, ``filter -o -``,
an HTML page) stays byte-faithful for a pipe or a file; when standard output is a terminal,
:func:`mcn.io.output.open_output` passes it through :func:`visible` (``lines=True``) first.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["caret_display", "one_line", "visible"]

#: Characters that must not reach a terminal as they are (see the module docstring).
_UNSAFE: Final = re.compile(
    "[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)
_UNSAFE_KEEP_LF: Final = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"
)


def _shown(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` safe to print: every unsafe character shown as a visible stand-in.

    With ``lines=True`` line feeds are kept (``CR LF`` becomes ``LF``; a lone ``CR`` is still
    shown as ``␍``), for a block of several lines; otherwise the result is one line.
    """
    if lines:
        return _UNSAFE_KEEP_LF.sub(_shown, text.replace("\r\n", "\n"))
    return _UNSAFE.sub(_shown, text)


def one_line(text: str) -> str:
    """``text`` on one line for running prose (a name, a comment in a picture): tabs and line
    breaks become spaces, everything else unsafe is shown as by :func:`visible`."""
    return visible(text.replace("\r\n", " ").replace("\n", " ").replace("\t", " "))


#: The widest source line shown under an error; a longer one is cut around the column.
SOURCE_WIDTH: Final = 120


def caret_display(source: str, column: int) -> tuple[str, str]:
    """A source line made visible and the caret line that points at its 1-based ``column``.

    The caret is computed on the visible text, so it stays under the right character even when
    characters before it were shown as multi-column escapes; tabs are copied so that the
    terminal expands them the same way in both lines. A line longer than
    :data:`SOURCE_WIDTH` (a whole file on one line, with lone CRs) is cut to a window around
    the column, with ``…`` where text was left out.
    """
    line = source.rstrip("\r\n")
    index = min(max(column - 1, 0), len(line))
    start, end = 0, len(line)
    if len(line) > SOURCE_WIDTH:
        start = max(0, index - SOURCE_WIDTH // 2)
        end = min(len(line), start + SOURCE_WIDTH)
        start = max(0, end - SOURCE_WIDTH)
    head = "…" if start > 0 else ""
    tail = "…" if end < len(line) else ""
    prefix = head + visible(line[start:index])
    caret = "".join("\t" if char == "\t" else " " for char in prefix) + "^"
    return head + visible(line[start:end]) + tail, caret
