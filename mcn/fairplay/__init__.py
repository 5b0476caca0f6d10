"""Fair play at a distance (docs/fair-play.md): sealed records and verifiable chance.

:mod:`~mcn.fairplay.sealing` turns a record into its sealed form (every secret move committed,
opened where the rules reveal it) and plays random games under the commit-reveal chance
protocol; :mod:`~mcn.fairplay.salts` keeps a player's salts; :mod:`~mcn.fairplay.verify`
checks a redacted copy against the full record. The commitments' canonical forms are the
notation's (:mod:`mcn.notation.commitments`), the checks of a sealed record replay's
(:mod:`mcn.replay.sealed`), the derivation of a draw the engine's (:mod:`mcn.engine.fair_draw`).
"""
