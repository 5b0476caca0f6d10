"""An analysed record: the original with each analysed move annotated, and the win-chance curve.

:func:`annotated` returns a new :class:`~mcn.notation.model.Game` in which every analysed
move of the main line carries an ``{analysis: …}`` after-comment and, when flagged, the glyph
``?`` or ``??`` after its own glyphs (a decision the record left implicit, the ``end`` of a
turn, is written out to carry them); every header, comment, glyph and variation of the
original is kept, and an ``[Analysis "…"]`` header says whose view, with which budget. The
moves are found by identity (the replay's steps point at the record's moves), so nothing else
changes. :func:`parse_comment` reads the numbers back (``mcn html`` draws the curve from them),
and :func:`curve_svg` draws the curve: the analysed player's win chance after each of his
analysed moves, flagged moves marked, each point linked to its decision (``#ADDRESS``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Final

from mcn.notation.model import Comment, Element, Game, Header, Item, Move

if TYPE_CHECKING:  # only named here: `mcn html` draws an analysed record's curve without the
    # analysis itself (the bots, the action vocabulary: a tenth of its start-up)
    from mcn.openspiel.analysis import Verdict

HEADER: Final = "Analysis"
_COMMENT = re.compile(
    r"^analysis: win (\d+)% -> (\d+)% \(±(\d+)\)(?:; better (.+): (\d+)%)?$", re.DOTALL
)


def _annotated_move(move: Move, verdict: Verdict) -> Move:
    glyphs = (*move.glyphs, verdict.glyph) if verdict.glyph else move.glyphs
    after = (*move.after, Comment(verdict.comment()))
    return Move(
        move.actor,
        move.tokens,
        glyphs,
        move.before,
        after,
        move.variations,
        move.raw,
        seal=move.seal,
    )


def _implied_move(actor: str, text: str, verdict: Verdict) -> Move:
    """A decision the record left implicit (the ``end`` of a turn), written out to carry its
    verdict: replay reads ``B: donate 1>II; end`` as it read ``B: donate 1>II``."""
    glyphs = (verdict.glyph,) if verdict.glyph else ()
    return Move(actor, tuple(text.split()), glyphs, (), (Comment(verdict.comment()),))


def _walk(
    elements: Iterable[Element],
    notes: dict[int, Verdict],
    implied: dict[int, list[tuple[str, str, Verdict]]],
) -> tuple[Element, ...]:
    out: list[Element] = []
    for element in elements:
        if isinstance(element, Item):
            moves = []
            for move in element.moves:
                original = id(move)
                verdict = notes.get(original)
                if move.variations:
                    move = Move(
                        move.actor,
                        move.tokens,
                        move.glyphs,
                        move.before,
                        move.after,
                        tuple(_walk(v, notes, implied) for v in move.variations),
                        move.raw,
                        move.span,
                        move.seal,
                    )
                moves.append(_annotated_move(move, verdict) if verdict else move)
                moves.extend(_implied_move(*found) for found in implied.get(original, ()))
            element = Item(tuple(moves), element.label, element.span)
        out.append(element)
    return tuple(out)


def annotated(
    game: Game,
    verdicts: Sequence[Verdict],
    moves: Sequence[Move],
    label: str,
    implied: Sequence[tuple[Move, str, str, Verdict]] = (),
) -> Game:
    """``game`` with ``verdicts`` on ``moves`` (the record's moves, by identity) and the
    ``[Analysis label]`` header (replacing an earlier one). ``implied``: decisions the record
    left implicit, each ``(the record's move it follows, actor, action text, verdict)``; each
    is written out after that move with its verdict (the record replays as before)."""
    notes = {id(move): verdict for move, verdict in zip(moves, verdicts, strict=True)}
    after: dict[int, list[tuple[str, str, Verdict]]] = {}
    for anchor, actor, text, verdict in implied:
        after.setdefault(id(anchor), []).append((actor, text, verdict))
    headers = [h for h in game.headers if h.tag != HEADER]
    headers.append(Header(HEADER, label))
    return Game(tuple(headers), _walk(game.body, notes, after), game.span, game.source)


def parse_comment(text: str) -> tuple[float, float, float, str | None] | None:
    """``(before, after, se, better move or None)`` of an ``{analysis: …}`` comment."""
    found = _COMMENT.match(text.strip())
    if found is None:
        return None
    before, after, se, better, _ = found.groups()
    return int(before) / 100, int(after) / 100, int(se) / 100, better


def curve_svg(points: Sequence[tuple[str, float, str]], title: str) -> str:
    """An SVG line chart of ``points`` (address, win chance, glyph): the win chance after each
    analysed move, flagged moves as red marks with their glyph, each point a link to
    ``#ADDRESS``. Self-contained, no script, no network."""
    width, height, left, top, bottom = 640, 240, 40, 24, 28
    plot_w, plot_h = width - left - 12, height - top - bottom
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(title)}" class="mcn-curve">',
        f"<title>{escape(title)}</title>",
        f'<text x="{left}" y="16" font-size="12" font-family="sans-serif">{escape(title)}</text>',
    ]
    for pct in (0, 25, 50, 75, 100):
        y = top + plot_h * (1 - pct / 100)
        parts.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" '
            f'stroke="#ddd" stroke-width="1"/>'
            f'<text x="{left - 4}" y="{y + 4:.1f}" font-size="11" text-anchor="end" '
            f'font-family="sans-serif">{pct}%</text>'
        )
    n = len(points)

    def xy(i: int, win: float) -> tuple[float, float]:
        x = left + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)
        return x, top + plot_h * (1 - win)

    if n:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(i, p[1]) for i, p in enumerate(points)))
        parts.append(f'<polyline points="{path}" fill="none" stroke="#2b6cb0" stroke-width="2"/>')
    for i, (address, win, glyph) in enumerate(points):
        x, y = xy(i, win)
        colour = "#c53030" if glyph else "#2b6cb0"
        radius = 5 if glyph else 3
        label = f"{address}: {round(win * 100)}%{' ' + glyph if glyph else ''}"
        parts.append(
            f'<a href="#{escape(address)}" xlink:href="#{escape(address)}">'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{colour}">'
            f"<title>{escape(label)}</title></circle></a>"
        )
        if glyph:
            parts.append(
                f'<text x="{x:.1f}" y="{y - 8:.1f}" font-size="11" text-anchor="middle" '
                f'fill="#c53030" font-family="sans-serif">{escape(glyph)}</text>'
            )
    parts.append(
        f'<text x="{left + plot_w / 2}" y="{height - 6}" font-size="11" text-anchor="middle" '
        f'font-family="sans-serif">the analysed player\'s decisions, in order</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


__all__ = ["HEADER", "annotated", "curve_svg", "parse_comment"]
