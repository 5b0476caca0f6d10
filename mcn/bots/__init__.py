"""Bots: the JSON-lines protocol between a referee and bot processes (docs/bots.md), the
referee that plays matches (``mcn match``), and the reference bots (``mcn bot random``,
``mcn bot greedy``).

By concept: :mod:`~mcn.bots.protocol` (what the referee says to one seat, built through the one
projection), :mod:`~mcn.bots.process` (a bot process with a deadline), :mod:`~mcn.bots.referee`
(games and matches, forfeits, records), :mod:`~mcn.bots.results` (win rates and confidence
intervals) and :mod:`~mcn.bots.players` (the reference bots).
"""
