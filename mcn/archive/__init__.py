"""A folder of submissions judged as a whole: which games count, and how players are ranked.

:mod:`mcn.archive.checking` decides each game on its own (valid, finished, its placings); this
package decides what only the whole folder can: which of several copies of one game counts, which
submissions conflict (:mod:`mcn.archive.judgement`, :mod:`mcn.archive.keys`), which table of a
schedule each game belongs to (:mod:`mcn.archive.schedule`), and how players with equal points
are ranked (:mod:`mcn.archive.tiebreaks`). ``mcn validate``, ``mcn standings``, ``mcn filter``
and ``mcn site`` share one judgement, so they agree game by game.
"""
