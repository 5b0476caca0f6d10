"""Infrastructure: what mcn reads and writes and where it runs, knowing nothing of the game.

Which files to read and in which encoding (:mod:`~mcn.io.inputs`), the one safe writer
(:mod:`~mcn.io.safe_write`) and the streaming output built on it (:mod:`~mcn.io.output`), the
one terminal sanitiser (:mod:`~mcn.io.terminal`), progress bars (:mod:`~mcn.io.progress`), the
bounds on the work a record may ask for (:mod:`~mcn.io.limits`), where the grammar, schemas and
data live (:mod:`~mcn.io.resources`), the garbage-collector pause around cycle-free work
(:mod:`~mcn.io.collector`), which build is installed (:mod:`~mcn.io.compiled`) and how a
process ends once its output is out (:mod:`~mcn.io.quick_exit`).

Nothing here imports the engine, the notation, replay or any view (an import-linter contract
in pyproject.toml checks it), so every layer may use it. This file imports nothing: the engine
reads its data through :mod:`mcn.io.resources` and pays for no more than that module.
"""
