"""Random legal play: a uniform random player and whole random games.

Chance is a player too: in :func:`play_random_game` one seeded ``random.Random`` proposes the
chance outcomes (through :meth:`GameState.sample_chance`) and the players' choices, and every
proposal goes through the checked :meth:`GameState.apply`.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from mcn.engine import chance
from mcn.engine.actions import Action, Bid, SideAction
from mcn.engine.constants import CHANCE, COLOURS, POST_MAX
from mcn.engine.state import GameState, new_game

#: The infractions a random META CULPA game agrees on when none are given (R-MET-3): the
#: library's ``random_game`` and ``mcn random`` share them.
DEFAULT_INFRACTIONS = ("late-rotation", "forgot-merchant-stone", "out-of-turn", "take-back")


class HistoryEntry(NamedTuple):
    """One applied decision of a game."""

    address: str
    action: Action
    forced: bool  # the decision had exactly one legal action


class RandomPlayer:
    """Chooses uniformly among the legal actions.

    Bids are drawn directly (notches 1..6 uniform, taler 0..``max_bid_taler`` but never more
    than the player holds, I-BID-5) so random games stay sane: a uniform choice among all
    ``6 x (money + 1)`` bids would throw most money away every round.
    """

    def __init__(self, seed: int | random.Random = 0, max_bid_taler: int = 4) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.max_bid_taler = max_bid_taler

    def choose(self, state: GameState, actor: str) -> Action:
        """A legal action of ``actor`` at the pending decision."""
        if state.decision.kind == "bid":
            notches = self.rng.randint(1, POST_MAX)
            taler = self.rng.randint(0, min(self.max_bid_taler, state.money[actor]))
            return Bid(actor, notches, taler)
        return self.rng.choice(state.legal_actions(actor))


def _is_forced(state: GameState, actor: str) -> tuple[bool, list[Action]]:
    """Whether the decision has a single legal action, and the legal actions when listed."""
    if actor == CHANCE:
        return chance.forced(state), []
    if state.decision.kind == "bid":
        return False, []  # at least six bids (1..6 notches) are always legal
    legal = state.legal_actions(actor)
    return len(legal) == 1, legal


def play_random_game(
    players: tuple[str, ...] | list[str] | int = ("R", "B", "G", "Y"),
    seed: int = 0,
    ruleset: str = "de-2016",
    board: str = "standard",
    variant: str = "standard",
    infractions: tuple[str, ...] = (),
    check_invariants: bool = False,
    max_decisions: int = 100_000,
    infraction_rate: float = 0.01,
) -> tuple[GameState, list[HistoryEntry]]:
    """Play one seeded random game to its end; return the final state and the history.

    ``players`` is a tuple of colours or a player count (the first colours of R B G Y).
    With ``check_invariants`` every state is checked and a violation raises AssertionError.
    In a META CULPA game with agreed ``infractions``, a side action (an agreed infraction, a
    cost the Petty Sinner leaves undone, a catch: I-MET-5, I-MET-6) is recorded before a
    decision with probability ``infraction_rate`` (they are never in ``legal_actions``).
    """
    colours = COLOURS[:players] if isinstance(players, int) else tuple(players)
    state = new_game(colours, ruleset, board, variant, infractions)
    rng = random.Random(seed)
    player = RandomPlayer(rng)
    history: list[HistoryEntry] = []
    while not state.is_terminal():
        if len(history) >= max_decisions:
            raise RuntimeError(f"random game {seed} did not end within {max_decisions} decisions")
        if infractions and rng.random() < infraction_rate:
            options = [
                a
                for a in state.legal_actions(include_infractions=True)
                if isinstance(a, SideAction)
            ]
            if options:  # META CULPA: now and then an infraction, an omission, a catch
                action = rng.choice(options)  # type: Action
                history.append(HistoryEntry(state.address_of(action), action, False))
                state.apply(action)
                continue
        actors = state.current_players()
        actor = actors[0] if len(actors) == 1 else rng.choice(actors)
        forced, legal = _is_forced(state, actor)
        if actor == CHANCE:
            action = state.sample_chance(rng)
        elif legal:
            action = rng.choice(legal)
        else:
            action = player.choose(state, actor)
        address = state.address_of(action)
        state.apply(action)
        history.append(HistoryEntry(address, action, forced))
        if check_invariants:
            problems = state.check_invariants()
            if problems:
                raise AssertionError(f"seed {seed} after {address} {action.text}: {problems}")
    return state, history
