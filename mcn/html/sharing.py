"""Which annotations a page keeps for its viewer: the rule of ``mcn redact --as``, for pages.

Comments, glyphs and variations are written by people. The annotator of a full record knew
everything, so a page for one player (``mcn html --as``) keeps only what that player wrote
himself — the comments, glyphs and variations on *his own* moves — as ``mcn redact --as`` keeps
them (docs/notation.md, "Redacted records"). The person sharing the page may decide otherwise:
``--keep-annotations`` keeps everyone's annotations (every move in them still worded by the
projection, so a variation shows ``bid ?`` as the main line does). A record that was itself
redacted with its annotations (``mcn redact --keep-annotations``) was shared that way on
purpose: its page, for the player it was redacted for, keeps them all.

Never kept under ``--as``: ``<money>`` and the reveal checkpoints (``<chest>``, ``<letters>``),
which hold what the viewer may not see, and the moves a broken record left unreplayed (their
text was never worded by the projection).
"""

from __future__ import annotations

from dataclasses import dataclass

from mcn.base.plain import PlainValue
from mcn.notation.model import Game
from mcn.views.projection import EVERYTHING, Viewer, sees, viewer_label

#: Checkpoints only the full view lists: they hold secrets of the moment they were written.
PRIVATE_CHECKPOINTS = frozenset({"money", "digest", "chest", "letters"})


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Sharing(PlainValue):
    """What a page for ``viewer`` keeps of a record's annotations."""

    viewer: Viewer
    #: Everyone's annotations (the full view, ``--keep-annotations``, or a record redacted
    #: with its annotations for this very viewer).
    everyone: bool

    @property
    def full(self) -> bool:
        """Whether the page shows everything (no secret hidden)."""
        return self.viewer == EVERYTHING

    def own(self, actor: str) -> bool:
        """Whether ``actor``'s moves are the viewer's own (a spectator has none)."""
        return self.viewer != EVERYTHING and sees(self.viewer, actor)

    def annotations_of(self, actor: str) -> bool:
        """Whether the comments, glyphs and variations on ``actor``'s moves stay."""
        return self.everyone or self.own(actor)

    def glyphs_of(self, actor: str, hidden: bool) -> bool:
        """Whether the glyphs of a move stay: a move the viewer reads in full keeps them (as
        ``mcn redact`` keeps them); one with a secret (``bid ?``, ``donate jewel>?``) keeps them
        only when its annotations stay — a glyph on it was given by someone who saw it."""
        return self.annotations_of(actor) or not hidden

    @property
    def game_comments(self) -> bool:
        """Whether game-level comments stay (they belong to no player's move)."""
        return self.everyone

    def checkpoint(self, name: str) -> bool:
        """Whether a checkpoint named ``name`` is listed."""
        return self.full or name not in PRIVATE_CHECKPOINTS

    @property
    def unplayed(self) -> bool:
        """Whether moves after a record's error are listed (as written: the full view only)."""
        return self.full


def sharing(game: Game, viewer: Viewer, keep_annotations: bool = False) -> Sharing:
    """The rule for a page of ``game`` as ``viewer`` sees it."""
    redacted_for = (game.header("Redacted") or "").strip()
    own_record = viewer != EVERYTHING and redacted_for == viewer_label(viewer)
    everyone = viewer == EVERYTHING or keep_annotations or own_record
    return Sharing(viewer, everyone)
