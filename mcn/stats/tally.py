"""The figures of the counted games, added up (docs/stats.md, "What is counted").

Games are added one at a time (:meth:`Tally.add`), into one :class:`Block` per number of
players — a seat, a win rate or a bid means something else at a 2-player table than at a
4-player one, so they are never mixed. Each block holds only running counts and means
(:mod:`mcn.stats.intervals`), so the memory does not grow with the number of games.

The unit of the win rates and average places is a *player-game*: one player in one game. The
groupings (``--by``):

* ``seat`` — the player's place in the start order of the souls on space 0 (R-SET-1):
  seat 1 is nearest Heaven (picks his starting bonus first, R-SET-4), the last seat nearest
  Hell (wins every tie, R-TIE-1). A game recorded from a position has no start order: its
  players are left out of this grouping (counted in ``unseated``).
* ``colour`` — R, B, G, Y.
* ``character`` — the character held in a round: one row per round and character, each the
  players who held it in that round (with 2 or 3 players a player holds two, R-P2-1).
* ``player`` — the player's name as the roster writes it (matched as standings match names).
* ``ruleset`` — the game's ruleset and variant.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from mcn.archive.verdict import name_key
from mcn.engine.constants import CHARACTER_INDEX, CHARACTER_NAMES, colour_name
from mcn.stats.figures import GameFigures, PlayerFigures
from mcn.stats.intervals import Mean, Rate

GROUPINGS: Final = ("seat", "colour", "character", "player", "ruleset")
DEFAULT_BY: Final = ("seat", "colour", "character")
#: What each grouping's rows are, for the report's headings.
TITLES: Final = {
    "seat": "By seat: start order on space 0 (1 = nearest Heaven, R-SET-1)",
    "colour": "By colour",
    "character": "By character held, round by round",
    "player": "By player",
    "ruleset": "By ruleset",
}
_COLOUR_ORDER: Final = {"R": 0, "B": 1, "G": 2, "Y": 3}


@dataclass(slots=True)
class Group:
    """The player-games of one row: wins, place, and what they ended with."""

    label: str
    order: tuple[Any, ...]
    win: Rate = field(default_factory=Rate)
    place: Mean = field(default_factory=Mean)
    money: Mean = field(default_factory=Mean)
    letters: Mean = field(default_factory=Mean)
    sets: Mean = field(default_factory=Mean)
    space: Mean = field(default_factory=Mean)

    def add(self, player: PlayerFigures) -> None:
        self.win.add(player.won)
        self.place.add(player.place)
        self.money.add(player.money)
        self.letters.add(player.letters)
        self.sets.add(player.sets)
        self.space.add(player.space)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "n": self.win.trials,
            "win": self.win.to_json(),
            "place": self.place.to_json(),
            "money": self.money.to_json(),
            "letters": self.letters.to_json(),
            "sets": self.sets.to_json(),
            "space": self.space.to_json(),
        }


@dataclass(slots=True)
class Bids:
    """Bids of one row: notches, taler and their sum (the bid's value, R-BID-1)."""

    label: str
    order: tuple[Any, ...]
    notches: Mean = field(default_factory=Mean)
    taler: Mean = field(default_factory=Mean)
    value: Mean = field(default_factory=Mean)

    def add(self, notches: int, taler: int) -> None:
        self.notches.add(notches)
        self.taler.add(taler)
        self.value.add(notches + taler)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "n": self.notches.count,
            "notches": self.notches.to_json(),
            "taler": self.taler.to_json(),
            "value": self.value.to_json(),
        }


@dataclass(slots=True)
class Block:
    """Every figure of the games with one number of players."""

    players: int
    games: int = 0
    groups: dict[str, dict[Any, Group]] = field(default_factory=dict)
    unseated: int = 0
    bids_by_round: dict[int, Bids] = field(default_factory=dict)
    bids_by_character: dict[str, Bids] = field(default_factory=dict)
    #: winners, the others, everybody.
    end: dict[str, Group] = field(default_factory=dict)
    rounds: Mean = field(default_factory=Mean)
    decisions: Mean = field(default_factory=Mean)
    round_counts: Counter[int] = field(default_factory=Counter)
    finished_by: Counter[str] = field(default_factory=Counter)
    won_by: Counter[str] = field(default_factory=Counter)

    def rows(self, grouping: str) -> list[Group]:
        return sorted(self.groups.get(grouping, {}).values(), key=lambda g: g.order)

    def ending_rates(self, counts: Counter[str]) -> list[tuple[str, Rate]]:
        """Each way of ending with its share of the games, most frequent first."""
        return [(label, Rate(k, self.games)) for label, k in counts.most_common()]

    def to_json(self, by: Iterable[str]) -> dict[str, Any]:
        return {
            "players": self.players,
            "games": self.games,
            "groups": {g: [row.to_json() for row in self.rows(g)] for g in by},
            "unseated": self.unseated,
            "bids": {
                "by_round": [
                    {"round": r, **self.bids_by_round[r].to_json()}
                    for r in sorted(self.bids_by_round)
                ],
                "by_character": [
                    b.to_json() for b in sorted(self.bids_by_character.values(), key=_order)
                ],
            },
            "end": {who: self.end[who].to_json() for who in ("winners", "others", "all")},
            "length": {
                "rounds": self.rounds.to_json(),
                "decisions": self.decisions.to_json(),
                "games_by_rounds": [
                    {"rounds": r, **Rate(self.round_counts[r], self.games).to_json()}
                    for r in sorted(self.round_counts)
                ],
            },
            "endings": {
                "finished_by": [
                    {"label": label, **rate.to_json()}
                    for label, rate in self.ending_rates(self.finished_by)
                ],
                "won_by": [
                    {"label": label, **rate.to_json()}
                    for label, rate in self.ending_rates(self.won_by)
                ],
            },
        }


def _order(item: Bids) -> tuple[Any, ...]:
    return item.order


class Tally:
    """Adds up the figures of counted games, block by block (number of players)."""

    def __init__(self, by: Iterable[str] = DEFAULT_BY) -> None:
        self.by = tuple(by)
        self.blocks: dict[int, Block] = {}
        self.games = 0

    def add(self, game: GameFigures) -> None:
        """Count one game."""
        self.games += 1
        block = self.blocks.get(len(game.players))
        if block is None:
            block = self.blocks[len(game.players)] = _new_block(len(game.players))
        block.games += 1
        block.rounds.add(game.length)
        block.decisions.add(game.decisions)
        block.round_counts[game.length] += 1
        block.finished_by[game.finished_by] += 1
        block.won_by[game.won_by] += 1
        for player in game.players:
            block.end["all"].add(player)
            block.end["winners" if player.won else "others"].add(player)
            for grouping in self.by:
                if grouping == "character":
                    continue
                key = _key(grouping, game, player)
                if key is None:
                    block.unseated += 1
                    continue
                _group(block, grouping, key).add(player)
        for played in game.rounds:
            taken: dict[str, tuple[str, ...]] = {who: () for who, _ in played.characters}
            for who, character in played.characters:
                taken[who] += (character,)
                if "character" in self.by:
                    key = (played.round, CHARACTER_INDEX[character])
                    _group(block, "character", key).add(game.player(who))
            for who, notches, taler in played.bids:
                _bids(block.bids_by_round, played.round, f"round {played.round}").add(
                    notches, taler
                )
                for character in taken.get(who, ()):
                    name = CHARACTER_NAMES[CHARACTER_INDEX[character]]
                    _bids(block.bids_by_character, character, name).add(notches, taler)

    def sorted_blocks(self) -> list[Block]:
        return [self.blocks[n] for n in sorted(self.blocks)]

    def to_json(self) -> list[dict[str, Any]]:
        return [block.to_json(self.by) for block in self.sorted_blocks()]


def _new_block(players: int) -> Block:
    block = Block(players)
    block.end = {
        "winners": Group("winners", (0,)),
        "others": Group("the others", (1,)),
        "all": Group("everybody", (2,)),
    }
    return block


def _bids(table: dict[Any, Bids], key: Any, label: str) -> Bids:
    row = table.get(key)
    if row is None:
        order = (CHARACTER_INDEX[key],) if isinstance(key, str) else (key,)
        row = table[key] = Bids(label, order)
    return row


def _key(grouping: str, game: GameFigures, player: PlayerFigures) -> Any:
    """The row of ``player`` in ``grouping`` (None: he has no seat, the game started from a
    position)."""
    if grouping == "seat":
        return player.seat
    if grouping == "colour":
        return player.colour
    if grouping == "player":
        return name_key(player.name or player.colour), " ".join(player.name.split())
    return game.ruleset, game.variant


def _group(block: Block, grouping: str, key: Any) -> Group:
    table = block.groups.setdefault(grouping, {})
    if grouping == "player":  # one row per name as matched; the first spelling names it
        matched, written = key
        row = table.get(matched)
        if row is None:
            row = table[matched] = Group(written or matched, (matched,))
        return row
    row = table.get(key)
    if row is None:
        row = table[key] = Group(_label(grouping, key, block.players), _sort(grouping, key))
    return row


def _label(grouping: str, key: Any, players: int) -> str:
    if grouping == "seat":
        where = " (nearest Heaven)" if key == 1 else " (nearest Hell)" if key == players else ""
        return f"seat {key}{where}"
    if grouping == "colour":
        return colour_name(key)
    if grouping == "character":
        round_, index = key
        return f"round {round_}: {CHARACTER_NAMES[index]}"
    ruleset, variant = key
    return ruleset if variant == "standard" else f"{ruleset} ({variant})"


def _sort(grouping: str, key: Any) -> tuple[Any, ...]:
    if grouping == "colour":
        return (_COLOUR_ORDER.get(key, 9), key)
    if grouping == "character":
        return tuple(key)
    if grouping == "seat":
        return (key,)
    return tuple(key)
