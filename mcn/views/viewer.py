"""``--as``: who is looking. One parser for every command that shows a record to one player.

A viewer is named the way players think of themselves: a colour initial (``R``), a colour
(``red``, any case), ``spectator``, or the player's name from the record's headers
(``--as "Paula Brandt"``; a single word of the name is enough when it names one player only).
A word that names two different viewers — ``--as red`` in a game where Blue's player is called
"red" — is refused as ambiguous (:class:`AmbiguousViewer`, listing both readings): showing one
player's view when another was meant would show secrets to the wrong person, so mcn never
guesses. A word that names the same colour both ways (Red's player called "red") is fine.
What the viewer then sees is :mod:`mcn.views.projection`'s business. A record redacted for one
player limits the viewer to that player or a spectator (:func:`within_record`): it lacks the
others' secrets, and mcn never shows a stand-in as a fact.
"""

from __future__ import annotations

from collections.abc import Iterable

import click

from mcn.engine.constants import COLOUR_NAMES, COLOURS
from mcn.notation.model import Game
from mcn.views.projection import EVERYTHING, SPECTATOR, Viewer

_WORDS = {
    **{c.lower(): c for c in COLOURS},
    **{name.lower(): c for c, name in COLOUR_NAMES.items()},
}
_SPECTATOR_WORDS = frozenset({"spectator", "spectators", "public"})


class UnknownViewer(ValueError):
    """``--as`` names nobody who plays in the game (the message lists who does)."""


class AmbiguousViewer(UnknownViewer):
    """``--as`` names two different viewers: a colour (or the spectator) and another player's
    name (the message lists both readings and how to name each one unambiguously)."""


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def choices(game: Game) -> str:
    """``R (Paula Brandt), B (Dominik Seifert), … or spectator``: what ``--as`` accepts."""
    parts = []
    for colour in game.players:
        name = (game.header(COLOUR_NAMES[colour]) or "").strip()
        parts.append(f"{colour} ({name})" if name else colour)
    return ", ".join(parts) + " or spectator"


def resolve(value: str, game: Game) -> Viewer:
    """The viewer ``value`` names in ``game``: a colour initial, ``None`` for the spectator.

    Raises :class:`UnknownViewer` when the value is no colour that plays, no player's name and
    not ``spectator``, and :class:`AmbiguousViewer` when it names a colour (or the spectator)
    and, as a name, another player.
    """
    word = _fold(value)
    named = _by_name(word, game)
    if word in _SPECTATOR_WORDS:
        if named is not None:
            raise AmbiguousViewer(_ambiguity(value, None, named, game))
        return SPECTATOR
    colour = _WORDS.get(word)
    if colour is not None and named is not None and named != colour:
        raise AmbiguousViewer(_ambiguity(value, colour, named, game))
    if colour is None:
        colour = named
    if colour is None or colour not in game.players:
        what = f"'{value}' does not play in this game" if colour else f"no player '{value}'"
        raise UnknownViewer(f"{what}; choose {choices(game)}")
    return colour


def _ambiguity(value: str, colour: Viewer, named: str, game: Game) -> str:
    """The message of :class:`AmbiguousViewer`: both readings, and how to say each."""
    player = (game.header(COLOUR_NAMES[named]) or "").strip()
    if colour is None:
        first, first_as = "the spectator", "spectator"
    else:
        plays = "" if colour in game.players else ", who does not play in this game"
        first, first_as = f"the colour {COLOUR_NAMES[colour]}{plays}", colour
    return (
        f"'{value}' is ambiguous: {first}, or {COLOUR_NAMES[named]}'s player ({player}); "
        f"use --as {first_as} or --as {named}"
    )


def _by_name(word: str, game: Game) -> str | None:
    """The colour whose player is called ``word`` (the full name, or one word of it when
    only one player's name has that word)."""
    names = {c: _fold(game.header(COLOUR_NAMES[c]) or "") for c in game.players}
    exact = [c for c, name in names.items() if name and name == word]
    if len(exact) == 1:
        return exact[0]
    partial = [c for c, name in names.items() if word and word in name.split()]
    return partial[0] if len(partial) == 1 else None


def redacted_for(game: Game) -> Viewer:
    """Whose view a redacted record (``[Redacted "G"]``) holds, or :data:`EVERYTHING` for a
    full record (an unreadable value: the spectator, who sees only what is public)."""
    value = (game.header("Redacted") or "").strip()
    if not value:
        return EVERYTHING
    try:
        return resolve(value, game)
    except UnknownViewer:
        return SPECTATOR


def within_record(game: Game, viewer: Viewer) -> Viewer:
    """``viewer`` limited to what the record knows. A record redacted for one player holds
    stand-ins for the others' secrets, so "everything" would show stand-ins as facts: it shows
    that player's view instead; a spectator's view is fine (it sees less); another player's
    view is a usage error — the record lacks his secrets, and mcn never makes a value up."""
    owner = redacted_for(game)
    if owner == EVERYTHING or viewer in (owner, SPECTATOR):
        return viewer
    if viewer == EVERYTHING:
        return owner
    who = "a spectator" if owner is None else f"{owner} ({COLOUR_NAMES[owner]})"
    raise click.BadParameter(
        f"the record was redacted for {who}: it cannot show {COLOUR_NAMES.get(str(viewer))}'s "
        f"view; use --as {owner or 'spectator'} or --as spectator",
        param_hint="'--as'",
    )


def resolve_option(
    value: str | None, games: Iterable[Game], default: Viewer, *, limit: bool = True
) -> Viewer:
    """``--as VALUE`` for a command showing ``games`` (they must all know the viewer): the
    viewer, or ``default`` when the option was not given. An unknown viewer is a usage error
    (exit status 2) that lists the players. With ``limit``, a redacted record limits the
    viewer (:func:`within_record`)."""
    games = list(games)
    if value is None:
        viewer = default
        for game in games if limit else ():
            viewer = within_record(game, viewer)
        if viewer not in (EVERYTHING, SPECTATOR) and any(viewer not in g.players for g in games):
            return SPECTATOR  # redacted for a player another record lacks: public only
        return viewer
    found: set[Viewer] = set()
    for game in games:
        try:
            found.add(within_record(game, resolve(value, game)) if limit else resolve(value, game))
        except UnknownViewer as problem:
            raise click.BadParameter(str(problem), param_hint="'--as'") from None
    if len(found) > 1:
        raise click.BadParameter(
            f"'{value}' plays different colours in these games; name a colour instead",
            param_hint="'--as'",
        )
    return found.pop() if found else default


def check_spelling(value: str) -> None:
    """Refuse an empty ``--as`` before any file is read (usage error)."""
    if not value.strip():
        raise click.BadParameter("name a colour, a player or 'spectator'", param_hint="'--as'")
