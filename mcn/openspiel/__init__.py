"""Mea Culpa on OpenSpiel (docs/openspiel.md): the game ``python_mea_culpa``, the ISMCTS
player and the analysis of a record (``mcn analyse``).

Needs the optional extra ``mcn[openspiel]`` (the ``open-spiel`` wheel). Importing
:mod:`mcn.openspiel.game` registers the game with OpenSpiel::

    import pyspiel
    import mcn.openspiel.game  # noqa: F401  (registers "python_mea_culpa")

    game = pyspiel.load_game("python_mea_culpa", {"players": 3, "variant": "meta-culpa"})

* :mod:`mcn.openspiel.encoding` — the fixed action vocabulary and the chance encoding;
* :mod:`mcn.openspiel.game` — the game and its states;
* :mod:`mcn.openspiel.views` — information state and observation strings (the one projection);
* :mod:`mcn.openspiel.resample` — ``resample_from_infostate`` (the knowledge sampler);
"""

from __future__ import annotations

from typing import Final

#: What to tell a user who runs an OpenSpiel feature without the extra.
MISSING: Final = (
    "this needs OpenSpiel, the optional extra of mcn: pip install 'mcn[openspiel]' "
    "(or: pip install open-spiel)"
)


def available() -> bool:
    """Whether OpenSpiel (the ``open-spiel`` wheel) is installed."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


__all__ = ["MISSING", "available"]
