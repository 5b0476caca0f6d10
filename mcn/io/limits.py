"""Bounds on the work one record may ask for (docs/notation.md, "Limits").

Records are untrusted, and some inputs cost far more than their size suggests: 100,000 empty
variations ``()`` are a 200 KB file, a comment of a megabyte makes Graphviz give up, and
``--alternatives 100000`` or ``--jobs 600`` turn one command into minutes and gigabytes. Every
such bound lives here, with the reason for its value, so that the documentation, the checks
and the tests share one number. Each is enforced with a clear error (or, where the output can
still be faithful, by shortening it visibly) and tested at and just past the limit.
"""

from __future__ import annotations

import re
from typing import Final

#: The most text one game may hold, in characters (4 MiB). A full game is about 5,000
#: characters; a richly annotated one stays well below 1 MiB. Reading stops being linear in
#: the size of the input without a bound (a file with no line break, ``/dev/zero``).
MAX_GAME_CHARS: Final = 4 * 1024 * 1024

#: The most variations one game may hold, at all depths. Each costs a line of play in replay
#: and a branch in every drawing; 10,000 is far more than any annotator writes.
MAX_VARIATIONS: Final = 10_000

#: The most empty variations (``()``, or comments only) one game may hold: they say nothing,
#: and only a generated or hostile file has many.
MAX_EMPTY_VARIATIONS: Final = 1_000

#: The most decisions replayed in one game, main line and variations together. A game is
#: about 300; a richly annotated one a few thousand. Every command that shows a game keeps a
#: state per decision (``replay``, ``position``, ``legal``, ``diff``, ``tree``, ``html``), and
#: the page of ``html`` a frame per decision, so this bounds their memory and time: at the
#: limit each stays under 300 MB and 10 s (``bench/run.py``, rows "largest record"). Without
#: it, 4 MiB of one-line META CULPA infractions are 160,000 decisions.
MAX_DECISIONS: Final = 10_000

#: ``tree --alternatives N``: at most this many unplayed legal actions drawn per decision.
MAX_ALTERNATIVES: Final = 100

#: The most nodes ``tree`` asks Graphviz to lay out (SVG, PNG, PDF): dot's layout time grows
#: faster than the square of the nodes (1,000 take about 3 s, 3,000 about 14 s on one core).
#: ``.dot`` output, which runs no layout, is not bounded.
MAX_DRAWN_NODES: Final = 2_000

#: Characters of one record text (a comment, a header value, a move) in a Graphviz label;
#: longer text is cut with an ellipsis, and the tooltip keeps it whole (up to
#: :data:`MAX_TOOLTIP_CHARS`). Graphviz fails on labels of a few kilobytes.
MAX_LABEL_CHARS: Final = 160

#: Characters of one tooltip in a drawing (the full text of what a label shortened).
MAX_TOOLTIP_CHARS: Final = 2_000

#: The most bytes read from something that is not a regular file (a pipe, ``/dev/zero``) by
#: the commands that read a whole file at once (``fmt``, ``export``, ``import``).
MAX_STREAM_BYTES: Final = 64 * 1024 * 1024


# ``--jobs`` is capped at the cores this process may use: mcn.io.inputs.effective_jobs.


#: A comment or a header value: where a '(' is not a variation.
_OPAQUE: Final = re.compile(r'\{[^\\}]*(?:\\[\s\S][^\\}]*)*\}?|"[^"\\\n]*(?:\\.[^"\\\n]*)*"?')
_EMPTY: Final = re.compile(r"\(\s*\)")


def _blank(match: re.Match[str]) -> str:
    """The same text with everything but line breaks as spaces: positions stay right."""
    return re.sub(r"[^\n]", " ", match.group())


def variation_problem(text: str) -> tuple[str, int] | None:
    """Why the game ``text`` holds too many variations, and the offset of the first one past
    the limit; None when it is within :data:`MAX_VARIATIONS` and :data:`MAX_EMPTY_VARIATIONS`.

    Counted lexically, before any parsing, so that the check costs next to nothing for a
    normal game (one ``str.count``) and a hostile one is refused before it costs anything.
    """
    if text.count("(") <= MAX_EMPTY_VARIATIONS:
        return None
    plain = _OPAQUE.sub(_blank, text)
    for empty, match in enumerate(_EMPTY.finditer(plain), start=1):
        if empty > MAX_EMPTY_VARIATIONS:
            return (
                f"more than {MAX_EMPTY_VARIATIONS:,} empty variations in one game "
                f'(the limit; docs/notation.md, "Limits")',
                match.start(),
            )
    if plain.count("(") <= MAX_VARIATIONS:
        return None
    position = -1
    for _ in range(MAX_VARIATIONS + 1):
        position = plain.index("(", position + 1)
    return (
        f"more than {MAX_VARIATIONS:,} variations in one game "
        f'(the limit; docs/notation.md, "Limits")',
        position,
    )


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending in ``…`` when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
