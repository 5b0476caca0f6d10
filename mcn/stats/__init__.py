"""``mcn stats``: the figures of an archive of games (docs/stats.md).

:mod:`~mcn.stats.figures` reads one finished game's figures from its replay,
:mod:`~mcn.stats.intervals` gives the 95 % intervals, :mod:`~mcn.stats.tally` aggregates the
counted games, :mod:`~mcn.stats.render` and :mod:`~mcn.stats.page` write the report.
"""
