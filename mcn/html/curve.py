"""The win-chance curve of an analysed record (``mcn analyse``, docs/analysis.md) on its page.

A record written by ``mcn analyse`` names the player analysed in its ``[Analysis]`` header
and carries an ``{analysis: win X% -> Y% (±Z)…}`` comment on each analysed move. The page
draws the curve of those numbers (:func:`mcn.openspiel.annotate.curve_svg`: the win chance
after each analysed move, flagged moves marked, each point a ``#ADDRESS`` link the viewer
follows) — only where the page shows that player's annotations (the page's own rule,
:mod:`mcn.html.sharing`), so a page for another player reveals nothing the comments would not.
"""

from __future__ import annotations

from mcn.engine.constants import COLOUR_NAMES
from mcn.html.sharing import Sharing
from mcn.notation.model import Game
from mcn.replay import GameReplay

#: The header ``mcn analyse`` writes (:data:`mcn.openspiel.annotate.HEADER`, which a test holds
#: equal): a page of a record without it imports nothing of the analysis.
ANALYSIS_HEADER = "Analysis"


def analysis_curve(game: Game, replay: GameReplay, shared: Sharing) -> str:
    """The curve's markup for the page, or "" when the record is not analysed or the page
    does not show the analysed player's annotations."""
    label = (game.header(ANALYSIS_HEADER) or "").strip()
    player = label.split(";")[0].strip()
    main = replay.main
    if player not in game.players or main is None or not shared.annotations_of(player):
        return ""
    from mcn.openspiel.annotate import curve_svg, parse_comment

    points: list[tuple[str, float, str]] = []
    for step in main.steps:
        move = step.move
        if move is None or step.action.actor != player:
            continue
        for comment in move.after:
            numbers = parse_comment(comment.text)
            if numbers is not None:
                flagged = [g for g in move.glyphs if g in ("?", "??")] if numbers[3] else []
                points.append((step.address, numbers[1], flagged[-1] if flagged else ""))
                break
    if not points:
        return ""
    title = f"{COLOUR_NAMES[player]}'s win chance after each analysed move ({label})"
    return (
        '<section id="curve" class="curve" aria-label="Win chance (mcn analyse)">'
        + curve_svg(points, title)
        + "</section>"
    )


__all__ = ["analysis_curve"]
