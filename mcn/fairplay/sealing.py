"""Sealed records: a full record written as its players would post it, and fair random games.

:func:`seal_game` writes every secret move of a record's main line (the secrets the engine
declares, :mod:`mcn.engine.secrets`) as a sealed move — what the other players may see and
the commitment — and inserts each ``<reveal …>`` where the rules reveal the secret: right after
the move that reveals it (the last bid of a round, the Pope's guess), or, for a secret the rules
never show to everybody (a donation's compartment), after the last move of a finished game.
:func:`play_fair_game` plays a seeded random game whose draws follow the commit-reveal chance
protocol. Both serve the tests, the documentation's walkthrough and ``mcn seal --record``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from mcn.engine import CHANCE, COLOURS, HistoryEntry, new_game
from mcn.engine.chance import forced
from mcn.engine.fair_draw import derived_draw
from mcn.engine.random_play import RandomPlayer
from mcn.engine.secret_readers import action_secret, action_tokens, reveal_of
from mcn.notation.commitments import contribution_digest, draw_seed, seal_digest
from mcn.notation.model import Checkpoint, Element, Game, Header, Item, Move
from mcn.records.transcript import transcript
from mcn.replay import Step, replay_game
from mcn.replay.sealed import CHANCE_COMMIT, CHANCE_REVEAL, CHANCE_TAG, COMMIT_REVEAL, REVEAL

#: A salt for the secret of ``actor`` at ``address`` (a fresh random one, or a seeded one).
SaltSource = Callable[[str, str], str]


def _reveal_index(steps: list[Step], index: int, name: str) -> int | None:
    for k in range(index, len(steps)):
        for event in steps[k].events:
            found = reveal_of(event)
            if found is not None and found.name == name:
                return k
    return None


def seal_game(game: Game, salt: SaltSource) -> Game:
    """``game`` with every secret move of its main line sealed and opened where the rules
    reveal it (see the module's docstring). Raises ValueError when the record does not
    replay without an error on its main line."""
    replay = replay_game(game, variations=False)
    main = replay.main
    if main is None or main.error is not None or not replay.valid:
        raise ValueError("only a record that replays without error can be sealed")
    steps = main.steps
    sealed: dict[int, Move] = {}
    after: dict[int, list[Checkpoint]] = {}
    at_end: list[Checkpoint] = []
    last_written = {k: s.move for k, s in enumerate(steps) if s.move is not None}
    finished = main.final is not None and main.final.is_terminal()
    for index, step in enumerate(steps):
        move = step.move
        secret = action_secret(step.action, step.events)
        if move is None or secret is None or move.seal:
            continue
        shown = action_tokens(step.action, None, step.events)
        actor = step.action.actor
        own_salt = salt(actor, step.address)
        sealed[id(move)] = Move(
            actor,
            shown,
            move.glyphs,
            move.before,
            move.after,
            move.variations,
            seal=seal_digest(actor, move.text, own_salt),
        )
        reveal = Checkpoint(REVEAL, (actor, *move.tokens, own_salt))
        if not secret.revealed_by:
            if finished:
                at_end.append(reveal)
            continue
        carrier = _reveal_index(steps, index, secret.revealed_by)
        if carrier is None:
            continue
        writer = max(k for k in last_written if k <= carrier)
        after.setdefault(id(last_written[writer]), []).append(reveal)
    body: list[Element] = []
    for element in game.body:
        if not isinstance(element, Item):
            body.append(element)
            continue
        moves: list[Move] = []
        label = element.label
        for move in element.moves:
            moves.append(sealed.get(id(move), move))
            opened = after.get(id(move))
            if opened:
                body.append(Item(tuple(moves), label))
                body.extend(opened)
                moves, label = [], None
        if moves:
            if moves[0].actor != element.moves[0].actor and label is None:
                body.append(Item(tuple(moves)))
            else:
                body.append(Item(tuple(moves), label))
    body.extend(at_end)
    return Game(game.headers, tuple(body), source=game.source)


def play_fair_game(players: int, seed: int) -> Game:
    """A seeded random game of ``players`` players whose every draw follows the commit-reveal
    chance protocol: each player commits to a random contribution, all reveal, and the draw is
    the engine's derivation from them. The record states the protocol in ``[Chance]``."""
    colours = COLOURS[:players]
    state = new_game(colours)
    rng = random.Random(seed)
    player = RandomPlayer(rng)
    history: list[HistoryEntry] = []
    contributions: list[list[Checkpoint]] = []  # per chance step, in order
    while not state.is_terminal():
        actors = state.current_players()
        actor = actors[0] if len(actors) == 1 else rng.choice(actors)
        if actor == CHANCE:
            was_forced = forced(state)
            values = {c: f"{rng.getrandbits(128):032x}" for c in colours}
            commits = [
                Checkpoint(CHANCE_COMMIT, (c, contribution_digest(c, values[c]))) for c in colours
            ]
            reveals = [Checkpoint(CHANCE_REVEAL, (c, values[c])) for c in colours]
            contributions.append(commits + reveals)  # a forced draw too: validate checks every draw
            action = derived_draw(state, draw_seed(state.pending_address(), values))
        else:
            legal = state.legal_actions(actor) if state.decision.kind != "bid" else []
            was_forced = len(legal) == 1
            action = rng.choice(legal) if legal else player.choose(state, actor)
        address = state.address_of(action)
        state.apply(action)
        history.append(HistoryEntry(address, action, was_forced))
    record = transcript(history, players=colours)
    body: list[Element] = []
    pending = iter(contributions)
    for element in record.body:
        # The transcript writes every chance step, a forced one too (the last stones of the
        # bag): each chance move of an item takes its own step's contributions, in order.
        if isinstance(element, Item):
            for move in element.moves:
                if move.actor == CHANCE:
                    body.extend(next(pending))
        body.append(element)
    headers = (*record.headers, Header(CHANCE_TAG, COMMIT_REVEAL))
    return Game(headers, tuple(body))


def next_draw(game: Game) -> str:
    """The draw that the contributions revealed at the end of ``game`` give, as a record
    writes it (``market: bread …``). Raises ValueError (with the reason) when the record has
    an error, does not end before a draw, or lacks a player's revealed contribution."""
    replay = replay_game(game, variations=False)
    errors = [d for d in replay.diagnostics if d.severity == "error"]
    if errors:
        raise ValueError(f"the record has errors; the first: {errors[0].text()}")
    state = replay.final
    tag = state.stack[-1][0] if state is not None and state.stack else ""
    if state is None or tag not in ("souls", "market", "rooms"):
        pending = state.pending_address() if state is not None else "none"
        raise ValueError(f"the record does not end before a draw (the next decision: {pending})")
    values: dict[str, str] = {}
    for element in game.body:
        if isinstance(element, Item) and any(m.actor == CHANCE for m in element.moves):
            values = {}
        elif (
            isinstance(element, Checkpoint)
            and element.name == CHANCE_REVEAL
            and len(element.args) == 2
        ):
            values[element.args[0]] = element.args[1]
    missing = [c for c in state.players if c not in values]
    if missing:
        raise ValueError(
            "no revealed contribution yet from " + ", ".join(missing) + f" for {tag} "
            f"at {state.pending_address()}"
        )
    action = derived_draw(state, draw_seed(state.pending_address(), values))
    verb, _, rest = action.text.partition(" ")
    return f"{verb}: {rest}"


__all__ = ["SaltSource", "next_draw", "play_fair_game", "seal_game"]
