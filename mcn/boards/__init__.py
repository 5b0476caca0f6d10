"""Board profiles a user can correct (B-4, B-5): :mod:`~mcn.boards.profile` reads one from a
file (``--board FILE``) and describes one for reports. The built-in profiles and their schema
are the engine's data (:mod:`mcn.engine.data`); reading a user's file is I/O, which the engine
never does, so it lives here.
"""
