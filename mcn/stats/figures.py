"""The figures of one finished game, read from its replay (never from a second reading of the
rules): what ``mcn stats`` aggregates.

Everything here comes from the engine: the seat order is the chance order of the souls on
space 0 (:class:`~mcn.engine.events.SoulsPlaced`, R-SET-1), the bids are the ones the engine
revealed (:class:`~mcn.engine.events.BidsRevealed`, R-BID-2), the characters the ones chosen
(:class:`~mcn.engine.events.CharacterChosen`), the places the end-of-game ranking
(:func:`mcn.engine.ranking.placings`, R-END-3, I-END-5), money, letters and soul space the
final state's. :func:`game_figures` runs where the game is replayed (a worker process with
``--jobs``), so only this compact, picklable summary travels back — never the replay.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcn.engine.events import (
    BidsRevealed,
    Built,
    CharacterChosen,
    GameEnded,
    RoundStarted,
    SoulsPlaced,
)
from mcn.engine.ranking import placings
from mcn.notation.lexical import COLOUR_TAGS
from mcn.replay import GameReplay, Step

#: How the second cathedral was finished (the game's end, R-END-1), by the decision that
#: placed its last crew.
BY_EMPEROR = "the Emperor's crew (preliminary, R-CHR-2)"
BY_NEW_CREW = "a new-crew room card (R-HOP-3)"
BY_MOVE_CREW = "a move-crew room card (R-HOP-3)"
#: Who won (R-END-3).
HEAVEN_ONE = "one soul reached Heaven"
HEAVEN_SEVERAL = "several souls reached Heaven (shared win)"
NEAREST = "nobody reached Heaven: the soul nearest Heaven won"


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """One player's game: seat (1 = nearest Heaven at the start; None when the record starts
    from a position, so the start order is unknown), place and what he ends with."""

    colour: str
    name: str
    seat: int | None
    place: int
    money: int
    letters: int
    #: Sets of four different letters (each worth 8 steps at the end, R-END-2).
    sets: int
    #: The soul's final space (negative toward Heaven; Heaven is ``-board.heaven``).
    space: int
    heaven: bool

    @property
    def won(self) -> bool:
        return self.place == 1


@dataclass(frozen=True, slots=True)
class RoundFigures:
    """One round's bids ``(colour, notches, taler)`` and characters ``(colour, character)``,
    both in choice order (with 2 or 3 players a player takes two characters, R-P2-1)."""

    round: int
    bids: tuple[tuple[str, int, int], ...]
    characters: tuple[tuple[str, str], ...]

    def held_by(self, colour: str) -> tuple[str, ...]:
        return tuple(character for who, character in self.characters if who == colour)


@dataclass(frozen=True, slots=True)
class GameFigures:
    """The figures of one finished game."""

    ruleset: str
    variant: str
    players: tuple[PlayerFigures, ...]
    rounds: tuple[RoundFigures, ...]
    #: The round the game ended in.
    length: int
    #: Decisions of the main line, the implicit (forced) ones included: the engine's count.
    decisions: int
    finished_by: str
    won_by: str

    def player(self, colour: str) -> PlayerFigures:
        return next(p for p in self.players if p.colour == colour)


def game_figures(game: object, replay: GameReplay) -> GameFigures | None:
    """The figures of a finished game (None while it is not over): ``mcn stats``' examiner
    (:class:`mcn.archive.checking.Examiner`), run where the game is replayed."""
    line = replay.main
    final = replay.final
    if line is None or final is None or not final.is_terminal():
        return None
    seats: dict[str, int] = {}
    rounds: list[RoundFigures] = []
    current = line.start.round
    bids: tuple[tuple[str, int, int], ...] = ()
    chosen: list[tuple[str, str]] = []
    spires = 0
    finished_by = ""
    heaven = False
    for step in line.steps:
        for event in step.events:
            if isinstance(event, SoulsPlaced):
                seats = {colour: index + 1 for index, colour in enumerate(event.order)}
            elif isinstance(event, RoundStarted):
                if bids or chosen:
                    rounds.append(RoundFigures(current, bids, tuple(chosen)))
                current, bids, chosen = event.round, (), []
            elif isinstance(event, BidsRevealed):
                bids = event.bids
            elif isinstance(event, CharacterChosen):
                chosen.append((event.player, event.character))
            elif isinstance(event, Built) and event.part == "spire":
                spires += 1
                if spires == 2:
                    finished_by = finisher(step)
            elif isinstance(event, GameEnded):
                heaven = event.heaven
    if bids or chosen:
        rounds.append(RoundFigures(current, bids, tuple(chosen)))
    roster = {c: replay.game.header(COLOUR_TAGS[c]) or "" for c in final.players}
    places = placings(final)
    players = tuple(
        PlayerFigures(
            colour=p.colour,
            name=roster.get(p.colour, ""),
            seat=seats.get(p.colour),
            place=p.place,
            money=final.money[p.colour],
            letters=sum(final.letters[p.colour]),
            sets=min(final.letters[p.colour]),
            space=p.space,
            heaven=p.heaven,
        )
        for p in sorted(places, key=lambda p: final.players.index(p.colour))
    )
    winners = sum(1 for p in places if p.place == 1)
    won_by = (HEAVEN_ONE if winners == 1 else HEAVEN_SEVERAL) if heaven else NEAREST
    return GameFigures(
        ruleset=final.ruleset.id,
        variant=final.variant,
        players=players,
        rounds=tuple(rounds),
        length=final.round,
        decisions=len(line.steps),
        finished_by=finished_by or "the record's start position (finished before it)",
        won_by=won_by,
    )


def finisher(step: Step) -> str:
    """What placed the crew that finished the second cathedral: the Emperor's preliminary
    (or the player doing it for him, R-P3-1) in the character phase, else a room card's
    effect — ``crew FROM>TO`` moves a crew, ``crew SITE`` places a new one."""
    words = step.action.text.split()
    if ".pick." in step.address:
        return BY_EMPEROR
    if words and words[0] == "crew":
        return BY_MOVE_CREW if len(words) > 1 and ">" in words[1] else BY_NEW_CREW
    return f"another decision ({words[0] if words else step.action.kind})"


__all__ = [
    "BY_EMPEROR",
    "BY_MOVE_CREW",
    "BY_NEW_CREW",
    "HEAVEN_ONE",
    "HEAVEN_SEVERAL",
    "NEAREST",
    "GameFigures",
    "PlayerFigures",
    "RoundFigures",
    "game_figures",
]
