"""The figures of ``mcn stats`` computed directly through the library, for comparison.

A plain loop over each game's decisions and final state: the seat order from the ``souls``
chance move, the bids and characters from the actions taken, places from the engine's ranking
of the final state, money, letters and souls from that state, the finishing decision from the
state's count of finished cathedrals. None of it goes through ``mcn.stats``. The games come
either from the records read back through the public API (:func:`direct`: ``mcn.read_games``,
``mcn.decisions``) or straight from the engine that played them (:func:`direct_of` with
:func:`tests.stats.archives.write_played`'s account, which no reader touched).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mcn
from mcn.engine import GameState
from mcn.engine.actions import Action
from mcn.engine.actions.characters import Bid, Choose
from mcn.engine.ranking import placings

Sums = dict[str, list[float]]


def _values() -> defaultdict[Any, list[float]]:
    return defaultdict(list)


@dataclass(frozen=True)
class Played:
    """What the direct computation needs of one finished game: the final state, every
    decision in order (address and action), and the decision that finished the second
    cathedral (where the state's count of finished cathedrals went from 1 to 2)."""

    final: GameState
    steps: tuple[tuple[str, Action], ...]
    finishing: tuple[str, Action]


def read_back(paths: list[Path]) -> Iterator[Played]:
    """The games of ``paths`` as the library reads and replays them (``mcn.decisions``)."""
    for path in paths:
        for game in mcn.read_games(str(path)):
            steps = list(mcn.decisions(game))
            final = steps[-1].after
            finishing = next(s for s in steps if s.after.finished == 2 and s.before.finished == 1)
            yield Played(
                final,
                tuple((s.address, s.action) for s in steps),
                (finishing.address, finishing.action),
            )


def direct(paths: list[Path]) -> dict[int, dict[str, Any]]:
    """Per number of players: lists of the raw values of every figure, by row, of the games
    of ``paths`` read back through the library."""
    return direct_of(read_back(paths))


def direct_of(games: Iterable[Played]) -> dict[int, dict[str, Any]]:
    """Per number of players: lists of the raw values of every figure, by row."""
    out: dict[int, dict[str, Any]] = {}
    for game in games:
        final, steps = game.final, game.steps
        assert final.is_terminal()
        block = out.setdefault(
            len(final.players),
            {
                "games": 0,
                "seat": defaultdict(_values),
                "colour": defaultdict(_values),
                "character": defaultdict(_values),
                "bids_round": defaultdict(_values),
                "bids_character": defaultdict(_values),
                "end": defaultdict(_values),
                "rounds": [],
                "decisions": [],
                "finished_by": defaultdict(int),
                "won_by": defaultdict(int),
            },
        )
        block["games"] += 1
        souls = next(a for _, a in steps if a.actor == "*" and a.text.startswith("souls"))
        order = [t.upper() for t in souls.text.split()[1:]]
        place = {p.colour: p for p in placings(final)}
        for colour in final.players:
            figures = {
                "win": float(place[colour].place == 1),
                "place": float(place[colour].place),
                "money": float(final.money[colour]),
                "letters": float(sum(final.letters[colour])),
                "sets": float(min(final.letters[colour])),
                "space": float(final.pos[colour]),
            }
            rows = [
                ("seat", order.index(colour) + 1),
                ("colour", colour),
                ("end", "winners" if place[colour].place == 1 else "others"),
                ("end", "all"),
            ]
            for section, key in rows:
                for name, value in figures.items():
                    block[section][key][name].append(value)
        bids: dict[tuple[int, str], Bid] = {}
        for address, action in steps:
            round_ = int(address.split(".")[0]) if address[0].isdigit() else 0
            if isinstance(action, Bid):
                bids[round_, action.actor] = action
                for name, value in (("notches", action.notches), ("taler", action.taler)):
                    block["bids_round"][round_][name].append(float(value))
                block["bids_round"][round_]["value"].append(float(action.notches + action.taler))
            if isinstance(action, Choose):
                who, character = action.actor, action.character
                for name, value in (
                    ("win", float(place[who].place == 1)),
                    ("place", float(place[who].place)),
                ):
                    block["character"][round_, character][name].append(value)
                bid = bids[round_, who]
                row = block["bids_character"][character]
                row["notches"].append(float(bid.notches))
                row["taler"].append(float(bid.taler))
                row["value"].append(float(bid.notches + bid.taler))
        block["rounds"].append(float(final.round))
        block["decisions"].append(float(len(steps)))
        block["finished_by"][_finisher(*game.finishing)] += 1
        heaven = any(p.heaven for p in place.values())
        winners = sum(1 for p in place.values() if p.place == 1)
        block["won_by"][(heaven, winners > 1 if heaven else False)] += 1
    return out


def _finisher(address: str, action: Action) -> str:
    if ".pick." in address:
        return "emperor"
    return "move" if ">" in action.text else "new"


def mean(values: list[float]) -> float:
    return sum(values) / len(values)


def sd(values: list[float]) -> float:
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1))
