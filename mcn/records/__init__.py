"""Whole records made from games the engine played, and the public calls that write them.

:mod:`~mcn.records.transcript` writes an engine-played game as an MCN record (the other half of
the replay binding); :mod:`~mcn.records.making` holds the public API's calls that make and write
records (random games, records from a bot's actions, canonical MCN, the lossless JSON form;
re-exported from :mod:`mcn`); :mod:`~mcn.records.arguments` is the public API's argument checks
(a wrong kind is a ``TypeError``), shared by :mod:`mcn.api` and these calls.
"""
