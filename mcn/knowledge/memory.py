"""What a viewer remembers of a path of play: perfect memory of everything done in view of all
(I-HID-5), and the secrets that remain.

A player who keeps notes knows every public event: the items donated, the letters taken from
the open supply, every payment. What he cannot know is exactly what R-HID-1 and I-HID-4 keep
secret: a donation's compartment (until the evaluation opens the compartment, I-HID-2, which
still never says which donation went where), and the colour of a letter passed from hand to
hand (only giver and taker see it). :class:`Memory` walks a path once and keeps

* the *letter worlds*: every assignment of letters to players that is consistent with what the
  viewer saw (a gift he did not see branches into one world per colour the giver could have
  given; a pope-yellow transfer keeps the worlds in which the holder had a yellow letter; the
  final scoring keeps the worlds that match the letters it reveals);
* the *donation ledger*: every donation (item, the true compartment, how many evaluations had
  started before it) and what each evaluation revealed, from which :mod:`mcn.knowledge.chests`
  derives the consistent compartment assignments.

The true compartments and colours are kept too (the memory is built from the record, which
knows everything): :mod:`mcn.knowledge.chests` uses them only where an evaluation reveals
them, and tests compare them with the inferred bounds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from mcn.engine import secret_readers, secrets
from mcn.engine.actions import Action
from mcn.engine.constants import COLOUR_NAMES, COMPARTMENTS, GOODS, LETTER_INDEX
from mcn.engine.events import Donated, Evaluation, Event, LetterMoved, LettersScored

if TYPE_CHECKING:
    from mcn.engine import GameState

#: The viewer that sees everything (``mcn.views.projection.EVERYTHING``, the engine's
#: declaration's).
ALL_SEEING: Final = secrets.EVERYTHING
_PLAYER_BY_NAME: Final = {name: colour for colour, name in COLOUR_NAMES.items()}

Letters = tuple[int, int, int, int]
World = tuple[Letters, ...]
"""Letters per player (in the game's player order): yellow, blue, red, green."""


@dataclass(frozen=True, slots=True)
class Donation:
    """One item put into a chest: by whom, what (a good or a coin's value), into which
    compartment (0 for I, 1 for II: the truth, secret to the others), and in which *window*
    (how many evaluations had started before it: 0 or 1)."""

    player: str
    item: str
    compartment: int
    window: int
    address: str


@dataclass(frozen=True, slots=True)
class Reveal:
    """An evaluation that opened ``compartment`` (0 or 1) of every chest (I-HID-2): what each
    player's compartment held, by item (bread, wine, cloth, jewel, money)."""

    compartment: int
    window: int
    contents: dict[str, tuple[int, int, int, int, int]]
    address: str


def item_vector(item: str) -> tuple[int, int, int, int, int]:
    """A donated item as counts of bread, wine, cloth, jewel and taler."""
    if item.isdigit():
        return (0, 0, 0, 0, int(item))
    out = [0, 0, 0, 0, 0]
    out[GOODS.index(item)] = 1
    return (out[0], out[1], out[2], out[3], out[4])


@dataclass
class Memory:
    """What ``viewer`` (a colour, ``None`` for a spectator, or :data:`ALL_SEEING`) remembers of
    a path of play. Build it with :func:`remember`; it can be extended step by step
    (:meth:`see`), which is how a page of frames builds one memory per decision."""

    players: tuple[str, ...]
    viewer: str | None
    truth: list[list[int]]
    worlds: set[World]
    donations: list[Donation] = field(default_factory=list)
    reveals: list[Reveal] = field(default_factory=list)
    evaluations: int = 0
    #: The compartments whose donations have gone back (R-EVA-4: at the end of their
    #: evaluation; until then the evaluated compartment still holds what it revealed).
    emptied: set[int] = field(default_factory=set)
    #: Whether letters passed from hand to hand unseen by the viewer (the worlds may differ).
    gifts_unseen: int = 0
    #: (player, window) -> the items donated in that window, counted by kind (bread, wine,
    #: cloth, jewel, taler), and the coins among them: kept as the donations come in, so that
    #: an inference at every decision does not recount the ledger.
    totals: dict[tuple[str, int], list[int]] = field(default_factory=dict)
    coins: dict[tuple[str, int], list[int]] = field(default_factory=dict)
    #: Inferences drawn from the ledger, kept until the ledger changes (a donation, an
    #: evaluation): most decisions change neither.
    inferred: dict[tuple[str, bool], object] = field(default_factory=dict)

    def copy(self) -> Memory:
        """An independent copy (for a memory per frame)."""
        return Memory(
            self.players,
            self.viewer,
            [list(row) for row in self.truth],
            set(self.worlds),
            list(self.donations),
            list(self.reveals),
            self.evaluations,
            set(self.emptied),
            self.gifts_unseen,
            {key: list(value) for key, value in self.totals.items()},
            {key: list(value) for key, value in self.coins.items()},
        )

    def sees(self, *owners: str) -> bool:
        """Whether the viewer sees a secret of ``owners``."""
        return secret_readers.sees(self.viewer, *owners)

    # ---- walking -------------------------------------------------------------------------

    def see(self, address: str, action: Action, events: Iterable[Event]) -> None:
        """Take in one decision (its action and the events it caused)."""
        for event in events:
            if isinstance(event, Donated | Evaluation):
                self.inferred.clear()
            if isinstance(event, LetterMoved):
                self._letter(event, action)
            elif isinstance(event, Donated):
                self.donations.append(
                    Donation(
                        event.player,
                        event.item,
                        COMPARTMENTS.index(event.compartment),
                        self.evaluations,
                        address,
                    )
                )
                key = (event.player, self.evaluations)
                total = self.totals.setdefault(key, [0, 0, 0, 0, 0])
                for i, n in enumerate(item_vector(event.item)):
                    total[i] += n
                if event.item.isdigit():
                    self.coins.setdefault(key, []).append(int(event.item))
            elif isinstance(event, Evaluation) and event.what == "starts":
                self._reveal(COMPARTMENTS.index(event.compartment), address)
            elif isinstance(event, Evaluation) and event.what == "donations returned":
                self.emptied.add(COMPARTMENTS.index(event.compartment))
            elif isinstance(event, LettersScored):
                seat = self.players.index(event.player)
                true = tuple(self.truth[seat])
                self.worlds = {w for w in self.worlds if w[seat] == true}

    def _reveal(self, compartment: int, address: str) -> None:
        contents: dict[str, tuple[int, int, int, int, int]] = {}
        for player in self.players:
            total = [0, 0, 0, 0, 0]
            for donation in self.donations:
                if donation.player == player and donation.compartment == compartment:
                    if compartment == 0 and donation.window > 0:
                        continue  # compartment I was emptied by its evaluation (R-EVA-4)
                    for i, n in enumerate(item_vector(donation.item)):
                        total[i] += n
            contents[player] = (total[0], total[1], total[2], total[3], total[4])
        self.reveals.append(Reveal(compartment, self.evaluations, contents, address))
        self.evaluations += 1

    def _letter(self, event: LetterMoved, action: Action) -> None:
        taker = self.players.index(event.player)
        colour = LETTER_INDEX[event.colour]
        giver_colour = _PLAYER_BY_NAME.get(event.source)
        if giver_colour is None or giver_colour not in self.players:
            self.truth[taker][colour] += event.count
            self.worlds = {_moved(w, None, taker, colour, event.count) for w in self.worlds}
            return
        giver = self.players.index(giver_colour)
        self.truth[giver][colour] -= event.count
        self.truth[taker][colour] += event.count
        secret = secret_readers.event_secret(event, action)
        if secret is not None and not self.sees(*secret.seen_by(event, action)):
            # I-HID-4 (declared by the engine): any colour the giver may have held, as far as
            # the viewer knows
            self.gifts_unseen += 1
            self.worlds = {
                _moved(w, giver, taker, c, 1) for w in self.worlds for c in range(4) if w[giver][c]
            }
        else:  # a known colour (pope-yellow, or a gift the viewer saw): he held one
            self.worlds = {
                _moved(w, giver, taker, colour, event.count)
                for w in self.worlds
                if w[giver][colour] >= event.count
            }
        assert self.worlds, "the true world is always consistent"

    # ---- what the viewer knows -----------------------------------------------------------

    def letters_known(self, player: str) -> tuple[list[int], int]:
        """The letters of ``player`` that the viewer knows by colour, and how many more he
        holds whose colour the viewer cannot tell (I-HID-5: "1 letter, colour unknown")."""
        seat = self.players.index(player)
        true = self.truth[seat]
        if self.sees(player) or len(self.worlds) <= 1:
            return list(true), 0
        known = [min(w[seat][c] for w in self.worlds) for c in range(4)]
        return known, sum(true) - sum(known)

    def emptied_after(self, compartment: int) -> int | None:
        """The last window whose donations to ``compartment`` have gone back to the bag and
        the bank (R-EVA-4), or None while it still holds them all."""
        if compartment not in self.emptied:
            return None
        return next(r.window for r in self.reveals if r.compartment == compartment)

    def chest_donations(self, player: str) -> list[Donation]:
        """The donations of ``player`` on the path, in order."""
        return [d for d in self.donations if d.player == player]


def _moved(world: World, giver: int | None, taker: int, colour: int, count: int) -> World:
    rows = [list(row) for row in world]
    if giver is not None:
        rows[giver][colour] -= count
    rows[taker][colour] += count
    return tuple((r[0], r[1], r[2], r[3]) for r in rows)


def _start_letters(end: GameState, steps: Sequence[tuple[Action, Sequence[Event]]]) -> World:
    """The letters at the start of the path: those at its end less what the path moved."""
    players = end.players
    rows = [list(end.letters[c]) for c in players]
    for _action, events in steps:
        for event in events:
            if not isinstance(event, LetterMoved):
                continue
            colour = LETTER_INDEX[event.colour]
            rows[players.index(event.player)][colour] -= event.count
            giver = _PLAYER_BY_NAME.get(event.source)
            if giver is not None and giver in players:
                rows[players.index(giver)][colour] += event.count
    return tuple((r[0], r[1], r[2], r[3]) for r in rows)


#: The first decision of every game: a path that starts there is the whole game.
GAME_START: Final = "setup.1"


def is_game_start(state: GameState) -> bool:
    """Whether ``state`` is the start of a game (not a position written mid-game)."""
    return state.section == "setup" and state.counter == 0


def start_memory(players: tuple[str, ...], viewer: str | None, letters: World) -> Memory:
    """The memory at the start of a path, where the letters were ``letters`` (all known: a
    game starts without letters, and a position states them)."""
    return Memory(players, viewer, [list(row) for row in letters], {letters})


def remember(
    end: GameState,
    steps: Sequence[tuple[str, Action, Sequence[Event]]],
    viewer: str | None,
) -> Memory:
    """The memory of ``viewer`` after ``steps`` (address, action, events), where ``end`` is the
    state after the last of them (it gives the letters, counted back to the path's start).
    The path must start at the start of the game (:data:`GAME_START`): a record that starts
    from a position written mid-game has secrets in its start the viewer never saw, so it has
    no memory (the view then knows only the state; :func:`mcn.views.projection.memory_of`)."""
    start = _start_letters(end, [(a, e) for _, a, e in steps])
    memory = start_memory(end.players, viewer, start)
    for address, action, events in steps:
        memory.see(address, action, events)
    return memory


__all__ = [
    "ALL_SEEING",
    "GAME_START",
    "Donation",
    "Memory",
    "Reveal",
    "is_game_start",
    "item_vector",
    "remember",
    "start_memory",
]
