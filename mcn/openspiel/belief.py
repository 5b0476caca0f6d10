"""A bot's own game, rebuilt from what the bot protocol tells its seat (docs/bots.md).

A bot is told the moves as its seat may read them (``bid ?``, ``donate jewel>?``, ``visit ?``,
``give ?``) and never a secret. To search, it needs a complete game that it cannot tell from
the true one: :class:`Table` rebuilds one, move by move, through the engine, choosing for
every masked move an action that *projects* for the seat exactly as the move was shown — its
text and every event, checked through the one projection (:func:`mcn.views.projection.action_tokens`
and :func:`mcn.views.projection.event_json`):

* a bid takes the value the reveal later showed, or while it is pending any legal bid;
* the Pope die takes the room the guess revealed, or before it any room the Pope could set;
* a donation's compartments and a gift's colour are searched: a choice is kept while every
  later move still projects as shown (an evaluation's displays and picks depend on what the
  compartments hold), and the search backs up to the latest choice that can change when one
  does not (depth first; the choices of the previous rebuild are tried first, so a rebuild
  after a few more moves costs one replay).

The result is one consistent history, not a uniform draw: the ISMCTS search draws its worlds
from it with ``resample_from_infostate``, which only keeps what the seat knows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from mcn.engine import CHANCE, Action, GameState, IllegalAction, load_board, parse_action
from mcn.engine.actions import Bid, Bonus, Donate, Give, Visit
from mcn.engine.constants import COMPARTMENTS, GOODS
from mcn.engine.data import DataError, board_from_json, register_board
from mcn.engine.events import Evaluation, PopeDie
from mcn.openspiel.evaluations import (
    Shown,
    agrees,
    contents,
    draw_compartments,
    observe,
    window_of,
)
from mcn.openspiel.game import Play
from mcn.replay.model import Step
from mcn.views.projection import Projection, action_tokens, event_json

#: Compartment draws per proposal, and proposals per rebuild (:meth:`Table._propose`).
PROPOSALS: Final = 5_000
PROPOSAL_ROUNDS: Final = 200
#: Engine applies one rebuild may spend before it gives up (a bug or an inconsistent referee).
BUDGET: Final = 200_000


class Inconsistent(RuntimeError):
    """No history projects as the moves were shown (the referee or the bot is wrong)."""


def _copy(play: Play) -> Play:
    return Play(play.engine.clone(), list(play.path), list(play.caches), [])


@dataclass
class Table:
    """The game one seat plays, rebuilt from the protocol's ``game`` and ``decide`` messages."""

    seat: str
    players: tuple[str, ...]
    ruleset: str
    variant: str
    board: str
    infractions: tuple[str, ...] = ()
    moves: list[dict[str, Any]] = field(default_factory=list)
    #: the action text chosen for each masked move by the last rebuild (tried first next time)
    chosen: dict[int, str] = field(default_factory=dict)
    #: each evaluation's start (its move's index): every player's nearness to Hell there
    hell: dict[int, dict[str, int]] = field(default_factory=dict)
    #: the ``decide`` message the rebuilt game must answer (None: stop after the moves)
    pending: dict[str, Any] | None = None

    @classmethod
    def from_game_message(cls, message: dict[str, Any]) -> Table:
        """The table of a ``game`` message (its board profile registered if not built in)."""
        document = message["board"]
        name = str(document.get("id", "standard"))
        try:
            known = load_board(name)
        except DataError:
            known = None
        if known is None or known.id != name:
            register_board(board_from_json(document, "the bot protocol"), document)
        return cls(
            str(message["seat"]),
            tuple(message["players"]),
            str(message["rules"]),
            str(message.get("variant", "standard")),
            name,
            tuple(message.get("infractions", ())),
        )

    def add(self, moves: Sequence[dict[str, Any]], decide: dict[str, Any] | None = None) -> None:
        """Take in the moves of a ``decide`` message (and the decision it asks: the game
        rebuilt must stand there, with the same legal actions)."""
        self.moves.extend(moves)
        self.pending = decide

    def rebuild(self, seed: int = 0) -> Play:
        """A complete game the seat cannot tell from the true one (see the module docstring).

        The masked moves whose choice a later move can contradict (a donation's compartments,
        a gift's colour) are the search's variables; a replay takes the choice kept for each
        (the last rebuild's first) and otherwise the first candidate that fits. When a later
        move does not fit, a local search changes one variable at a time, keeping a change
        that lets the replay get at least as far (a tie is kept half the time, to walk
        plateaus), and replays only from the variable changed."""
        rng = random.Random(seed)
        engine = GameState.new(
            self.players, self.ruleset, self.board, self.variant, self.infractions
        )
        start = Play(engine, [], [], [])
        reached, play, marks = self._replay(start, 0, {})
        spent = len(self.moves)
        proposed: set[int] = set()  # where a proposal was tried (once per failing move)
        while reached <= len(self.moves):
            variables = [i for i in marks if i < reached]
            if not variables:
                raise Inconsistent(self._why(reached))
            if reached not in proposed and self._propose(marks, reached, rng):
                proposed.add(reached)
                first = min(variables)
                found = self._replay(
                    marks[first], first, {i: m for i, m in marks.items() if i < first}
                )
                spent += found[0] - first
                if found[0] > reached:
                    reached, play, marks = found
                    continue
            proposed.add(reached)
            index = rng.choice(variables)
            options = [a.text for a in self._candidates(marks[index].engine, index)]
            others = [t for t in options if t != self.chosen.get(index)]
            if not others:
                continue
            kept = self.chosen.get(index)
            self.chosen[index] = rng.choice(others)
            trial_reached, trial_play, trial_marks = self._replay(
                marks[index], index, {i: m for i, m in marks.items() if i < index}
            )
            spent += trial_reached - index
            if spent > BUDGET:
                raise Inconsistent(f"no consistent game found in {BUDGET} replayed moves")
            if trial_reached > reached or (trial_reached == reached and rng.random() < 0.5):
                reached, play, marks = trial_reached, trial_play, trial_marks
            elif kept is not None:
                self.chosen[index] = kept
        return play

    def _replay(
        self, play: Play, index: int, marks: dict[int, Play]
    ) -> tuple[int, Play, dict[int, Play]]:
        """Replay the moves from ``index`` on ``play``: how far the replay got, the play there
        and a copy of the play before each variable (to replay from it)."""
        play = _copy(play)
        for at in range(index, len(self.moves)):
            candidates = self._candidates(play.engine, at)
            if len(candidates) > 1 and _variable(self.moves[at]):
                marks[at] = _copy(play)
            for action in candidates:
                trial = _copy(play)
                if self._fits(trial, action, self.moves[at]):
                    if "?" in str(self.moves[at]["action"]):
                        self.chosen[at] = action.text
                    play = trial
                    if any(
                        isinstance(e, Evaluation) and e.what == "starts"
                        for e in play.path[-1].events
                    ):
                        self.hell[at] = {p: play.engine.hell_key(p) for p in self.players}
                    break
            else:
                return at, play, marks
        if not self._stands(play):
            return len(self.moves), play, marks
        return len(self.moves) + 1, play, marks

    def _stands(self, play: Play) -> bool:
        """Whether ``play`` stands at the decision the seat is asked, with its legal actions."""
        if self.pending is None:
            return True
        engine = play.engine
        if self.seat not in engine.current_players():
            return False
        legal = engine.legal_actions(self.seat)
        if not legal or engine.address_of(legal[0]) != self.pending.get("address"):
            return False
        if sorted(a.text for a in legal) != sorted(self.pending.get("legal", ())):
            return False
        shown = self.pending.get("state")
        return shown is None or Projection(play.path, self.seat).state(engine) == shown

    def _opened(self, compartment: int) -> dict[str, list[int]]:
        """The contents of ``compartment`` of each chest, as the state the seat is shown now
        has them (an evaluation under way shows the compartment it opened, I-HID-2)."""
        out: dict[str, list[int]] = {}
        seats = (self.pending or {}).get("state", {}).get("seats", {})
        for player, seat in seats.items():
            value = seat.get("chest", {}).get(COMPARTMENTS[compartment], {}).get("value")
            if isinstance(value, dict):
                out[player] = [int(value.get(k, 0)) for k in (*GOODS, "money")]
        return out

    def _propose(self, marks: dict[int, Play], reached: int, rng: random.Random) -> bool:
        """Draw compartments for the masked donations before ``reached`` until the
        evaluations they lead to show the takers the seat was shown
        (:func:`mcn.openspiel.evaluations.agrees`); keep them as the choices. False when no
        evaluation is in reach or no draw agreed."""
        picking = self.seat if self.pending and self.pending.get("decision") == "pick" else None
        shown = [
            e for e in observe(self.moves, picking) if e.index < reached and e.index in self.hell
        ]
        if not shown:
            return False
        for evaluation in shown:
            if evaluation.returned is None:  # under way: the state shows what it opened
                evaluation.returned = self._opened(evaluation.compartment)
        fixed: list[tuple[str, str, int, int]] = []
        variables: dict[int, list[tuple[str, list[tuple[str, int]]]]] = {}
        for index, move in enumerate(self.moves[:reached]):
            window = window_of(index, shown)
            actor = str(move["actor"])
            if index in marks and str(move["action"]).split()[0] in ("donate", "bonus"):
                options = []
                for action in self._candidates(marks[index].engine, index):
                    items = getattr(action, "items", ())
                    placed = [(item, COMPARTMENTS.index(comp)) for item, comp in items if comp]
                    options.append((action.text, placed))
                variables[index] = options
                continue
            for event in move.get("events", ()):
                if event.get("kind") == "donated" and event.get("compartment") in COMPARTMENTS:
                    where = COMPARTMENTS.index(event["compartment"])
                    fixed.append((str(event["player"]), str(event["item"]), where, window))
                elif event.get("kind") == "donated":  # masked, one way only: as replayed
                    chosen = parse_action(actor, self.chosen[index])
                    for item, comp in getattr(chosen, "items", ()):
                        if comp and item == event.get("item"):
                            fixed.append((actor, item, COMPARTMENTS.index(comp), window))
                            break
        by_player: dict[str, list[int]] = {}
        for index in variables:
            by_player.setdefault(str(self.moves[index]["actor"]), []).append(index)
        for _ in range(PROPOSAL_ROUNDS):
            picks: dict[int, tuple[str, list[tuple[str, int]]]] = {}
            for player, indexes in by_player.items():
                found = self._draw_player(player, indexes, variables, fixed, shown, rng)
                if found is None:
                    return False
                picks.update(found)
            donations = list(fixed)
            for index, (_, placed) in picks.items():
                actor = str(self.moves[index]["actor"])
                window = window_of(index, shown)
                donations += [(actor, item, where, window) for item, where in placed]
            if all(
                agrees(contents(donations, e, w), e, self.hell[e.index], self.players)
                for w, e in enumerate(shown)
            ):
                for index, (text, _) in picks.items():
                    self.chosen[index] = text
                return True
        return False

    def _draw_player(
        self,
        player: str,
        indexes: list[int],
        variables: dict[int, list[tuple[str, list[tuple[str, int]]]]],
        fixed: list[tuple[str, str, int, int]],
        shown: list[Shown],
        rng: random.Random,
    ) -> dict[int, tuple[str, list[tuple[str, int]]]] | None:
        """Choices for ``player``'s masked donations whose compartments hold, at every
        evaluation that is over, exactly what went back (R-EVA-4); None if no draw does."""
        free: list[tuple[int, str]] = []
        owners: list[tuple[int, int]] = []  # (move index, item position) of each free item
        for index in indexes:
            window = window_of(index, shown)
            for position, (item, _) in enumerate(variables[index][0][1]):
                free.append((window, item))
                owners.append((index, position))
        texts = {index: {text for text, _ in variables[index]} for index in indexes}
        for _ in range(PROPOSALS):
            drawn = draw_compartments(player, free, fixed, shown, rng)
            if drawn is None:
                return None
            picks: dict[int, tuple[str, list[tuple[str, int]]]] = {}
            for index in indexes:
                items = [
                    (free[n][1], drawn[n]) for n, owner in enumerate(owners) if owner[0] == index
                ]
                kind = Donate if str(self.moves[index]["action"]).startswith("donate") else Bonus
                text = kind(player, tuple((i, COMPARTMENTS[c]) for i, c in items)).text
                if text not in texts[index]:
                    break  # not legal as drawn (a compartment that may not take it): again
                picks[index] = (text, items)
            else:
                return picks
        return None

    def _why(self, index: int) -> str:
        if index >= len(self.moves):
            return "no game consistent with the moves stands at the decision asked"
        move = self.moves[index]
        return f"no game projects as shown: {move.get('address')} {move['actor']}: {move['action']}"

    # ---- one move ------------------------------------------------------------------------

    def _candidates(self, engine: GameState, index: int) -> list[Action]:
        move = self.moves[index]
        actor = str(move["actor"])
        text = str(move["action"])
        if actor == CHANCE or "?" not in text:
            return [parse_action(actor, text)]
        verb = text.split()[0]
        if verb == "bid":
            revealed = _revealed_bid(self.moves, index, actor)
            if revealed is not None:
                return [revealed]
        if verb == "visit":
            room = _revealed_die(self.moves, index, actor)
            if room is not None:
                return [Visit(actor, room)]
        masked = tuple(text.split())
        options = [
            a
            for a in engine.legal_actions(actor)
            if isinstance(a, Give | Bid | Visit) or action_tokens(a, self.seat, (), False) == masked
        ]
        options = [a for a in options if a.text.split()[0] == verb]
        previous = self.chosen.get(index)
        options.sort(key=lambda a: a.text != previous)  # stable: the last rebuild's choice first
        return options

    def _fits(self, trial: Play, action: Action, move: dict[str, Any]) -> bool:
        """Apply ``action`` to ``trial``; whether it projects for the seat as ``move``."""
        engine = trial.engine
        address = engine.address_of(action)
        if address != move.get("address", address):
            return False
        try:
            events = engine.apply(action)
        except IllegalAction:
            return False
        trial.path.append(Step(address, action, None, events))
        trial.caches.append({})
        shown = str(move["action"]).split()
        revealed = "?" not in move["action"]
        if list(action_tokens(action, self.seat, events, revealed)) != shown:
            return False
        seen = [event_json(e, self.seat, action, revealed) for e in events]
        return seen == list(move.get("events", seen))


def _variable(move: dict[str, Any]) -> bool:
    """Whether a later move can contradict the choice made for ``move``."""
    text = str(move["action"])
    return "?" in text and text.split()[0] in ("donate", "bonus", "give")


def _revealed_bid(moves: Sequence[dict[str, Any]], index: int, actor: str) -> Action | None:
    """The bid ``actor`` wrote as ``?`` at ``index``, as the bids' reveal after it shows it."""
    for move in moves[index + 1 :]:
        for event in move.get("events", ()):
            if event.get("kind") == "bids-revealed":
                for player, notches, taler in event["bids"]:
                    if player == actor:
                        return Bid(actor, int(notches), int(taler))
                return None
    return None


def _revealed_die(moves: Sequence[dict[str, Any]], index: int, actor: str) -> int | None:
    """The room ``actor`` set the Pope die to at ``index``, as the guess after it shows it."""
    for move in moves[index + 1 :]:
        for event in move.get("events", ()):
            revealing = event.get("kind") == PopeDie.kind and event.get("guess")
            if revealing and event.get("player") == actor:
                return int(event["room"])
    return None


__all__ = ["BUDGET", "Inconsistent", "Table"]
