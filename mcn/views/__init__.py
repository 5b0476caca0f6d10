"""The views of a replayed record: what one viewer may see of it, and the forms it is shown in.

:mod:`~mcn.views.projection` is THE one projection (what a viewer may see at a decision,
masking exactly the secrets the engine declares); :mod:`~mcn.views.viewer` parses ``--as``;
:mod:`~mcn.views.redact` rewrites a record as one player saw it; :mod:`~mcn.views.seen_errors`
shows error messages as a viewer may read them; :mod:`~mcn.views.causes` names the rule behind
an event; :mod:`~mcn.views.legal` describes the legal actions at a decision;
:mod:`~mcn.views.render` draws a (viewed) state for a terminal. Every view of a record for one
player goes through the projection.
"""
