"""The opening explorer: many games merged by their public moves (``mcn explore``,
``mcn tree --merge``; docs/explore.md).

One concept per module:

- :mod:`mcn.explore.moves`: a game as one viewer reads it, move by move (through
  :mod:`mcn.views.projection`), and the ``--after`` moves a user writes.
- :mod:`mcn.explore.query`: what is taken from each game where it is replayed (the examiners).
- :mod:`mcn.explore.tally`: games, wins and places of a move, with 95 % intervals.
- :mod:`mcn.explore.merge`: the moves at one decision, and the merged tree.
- :mod:`mcn.explore.archive`: reading an archive with the judgement of ``mcn validate``.
- :mod:`mcn.explore.draw`: the merged tree as :mod:`mcn.tree` draws it.
"""
