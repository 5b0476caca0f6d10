"""Sealed moves and verifiable chance: opening a record's commitments and checking them.

A sealed move (``R: bid ? #3f2a…``, docs/notation.md "Sealed moves") shows what everybody may
see and commits to the rest; a ``<reveal R bid 3+5 SALT>`` checkpoint opens it. Under the chance
protocol (``[Chance "commit-reveal"]``, docs/fair-play.md) every player commits to a random
contribution before each draw (``<chance-commit R DIGEST>``) and reveals it
(``<chance-reveal R VALUE>``); the draw is the engine's deterministic function of them
(:mod:`mcn.engine.fair_draw`).

Replay binds this in two steps around the ordinary walk, so that the walk itself knows nothing
of it:

1. :func:`open_seals` pairs each reveal with the earliest open sealed move of the same player
   and verb before it on its line (a variation sees the open seals of the line it branches
   from), checks the salt and the hash, and gives the walk a copy of the game in which every
   correctly opened sealed move carries its revealed text (an unopened one stays a ``?`` move:
   a stand-in, as in a redacted record); the walk passes over the protocol's checkpoints
   (they are no statements about the state, and they end no turn).
2. :func:`mcn.replay.seal_checks.check_seals` looks at the replayed steps: a sealed move must
   hold a secret that the secrets' declaration (:mod:`mcn.engine.secrets`) names, must show
   exactly what that declaration masks, and must be opened when the rules reveal it — after
   the step that reveals it and before the next move; a secret the rules never reveal to all
   (a donation's compartment) once the game is over. Each draw under the protocol is
   recomputed (:mod:`mcn.replay.draws`).

Errors name the player, the decision address and the rule of the secret (or of its reveal).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from mcn.base.values import Fields
from mcn.engine import CHANCE
from mcn.engine.constants import COLOUR_NAMES
from mcn.engine.secret_readers import secret_by_verb
from mcn.notation.commitments import salt_problem, seal_digest
from mcn.notation.model import Checkpoint, Element, Game, Header, Item, Move
from mcn.replay.draws import (
    CHANCE_COMMIT,
    CHANCE_PROTOCOLS,
    CHANCE_REVEAL,
    CHANCE_TAG,
    COMMIT_REVEAL,
    Draw,
    Problem,
    draw_rule,
    name,
    take_contribution,
)

#: The checkpoint that opens a sealed move; with the chance protocol's, the checkpoints the
#: walk passes over.
REVEAL: Final = "reveal"
PROTOCOL_CHECKPOINTS: Final = (REVEAL, CHANCE_COMMIT, CHANCE_REVEAL)


@dataclass(slots=True, repr=False, eq=False)
class Seal(Fields):
    """A sealed move and what opened it (checked after the walk: :mod:`mcn.replay.seal_checks`)."""

    move: Move
    reveal: Checkpoint | None = None
    ordinal: int = 0  # the reveal's place in the record
    opened: bool = False  # the reveal matches the commitment


@dataclass(slots=True, repr=False, eq=False)
class Opening(Fields):
    """What :func:`open_seals` found: the game the walk replays and what is left to check."""

    original: Game
    game: Game
    protocol: str = "none"
    seals: list[Seal] = field(default_factory=list)
    by_move: dict[int, Seal] = field(default_factory=dict)  # id(replayed move) -> seal
    ordinals: dict[int, int] = field(default_factory=dict)  # id(replayed move) -> place
    draws: dict[int, Draw] = field(default_factory=dict)  # id(chance move) -> contributions
    problems: list[Problem] = field(default_factory=list)

    def seal_of(self, move: Move) -> Checkpoint | None:
        """The reveal that opened ``move`` (a move of :attr:`game`), or None."""
        seal = self.by_move.get(id(move))
        return seal.reveal if seal is not None and seal.opened else None

    @property
    def active(self) -> bool:
        """Whether the record uses a protocol at all (else replay goes on as ever)."""
        return bool(self.seals or self.problems or self.protocol != "none")


def _protocol(game: Game, problems: list[Problem]) -> str:
    for header in game.headers:
        if isinstance(header, Header) and header.tag == CHANCE_TAG:
            value = header.value.strip()
            if value in CHANCE_PROTOCOLS:
                return value
            problems.append(
                Problem(
                    f"unknown chance protocol '{value[:40]}' in [{CHANCE_TAG}] "
                    f"(known: {', '.join(CHANCE_PROTOCOLS)})",
                    header.span,
                    None,
                    code="header",
                )
            )
    return "none"


def _uses_protocol(game: Game) -> bool:
    """Cheap test: a seal, a protocol checkpoint or the chance header anywhere."""
    if game.header(CHANCE_TAG) is not None:
        return True
    work: list[tuple[Element, ...]] = [game.body]
    while work:
        for element in work.pop():
            if isinstance(element, Item):  # the most common element first
                for move in element.moves:
                    if move.seal:
                        return True
                    if move.variations:  # most moves have none: no call to extend by nothing
                        work.extend(move.variations)
            elif isinstance(element, Checkpoint) and element.name in PROTOCOL_CHECKPOINTS:
                return True
    return False


class _Opener:
    """Pairs reveals with seals and contributions with draws, line by line (no recursion)."""

    def __init__(self, opening: Opening) -> None:
        self.opening = opening
        self.counter = 0
        self.replaced: dict[int, Move] = {}  # id(original move) -> move with revealed text
        self.final: dict[int, Move] = {}  # id(original move) -> the move the walk replays

    def run(self) -> None:
        game = self.opening.original
        work: list[tuple[tuple[Element, ...], list[Seal], Draw]] = [(game.body, [], Draw())]
        while work:
            elements, open_seals, draw = work.pop()
            for element in elements:
                self.counter += 1
                if isinstance(element, Checkpoint):
                    self.checkpoint(element, open_seals, draw)
                elif isinstance(element, Item):
                    for move in element.moves:
                        self.counter += 1
                        for variation in move.variations:
                            work.append((variation, list(open_seals), draw.copy()))
                        if move.seal:
                            seal = Seal(move)
                            open_seals.append(seal)
                            self.opening.seals.append(seal)
                        if move.actor == CHANCE:
                            rule = draw_rule(move.tokens)
                            for problem in draw.problems:
                                problem.move, problem.rule = move, rule
                            self.opening.draws[id(move)] = draw
                            draw = Draw()
                        self.opening.ordinals[id(move)] = self.counter

    def checkpoint(self, checkpoint: Checkpoint, open_seals: list[Seal], draw: Draw) -> None:
        if checkpoint.name == REVEAL:
            self.reveal(checkpoint, open_seals)
        elif checkpoint.name in (CHANCE_COMMIT, CHANCE_REVEAL):
            self.contribution(checkpoint, draw)

    def problem(
        self,
        message: str,
        checkpoint: Checkpoint,
        rule: str | None,
        move: Move | None = None,
        draw: Draw | None = None,
    ) -> None:
        code = "seal" if checkpoint.name == REVEAL else "chance"
        problem = Problem(message, checkpoint.span, rule, move, code)
        self.opening.problems.append(problem)
        if draw is not None:
            draw.problems.append(problem)

    def reveal(self, checkpoint: Checkpoint, open_seals: list[Seal]) -> None:
        args = checkpoint.args
        if len(args) < 3 or args[0] not in COLOUR_NAMES:
            self.problem(
                "malformed reveal: expected <reveal C VERB ARGUMENTS… SALT> "
                "(a player's colour, the move's text and its salt)",
                checkpoint,
                None,
            )
            return
        actor, tokens, salt = args[0], args[1:-1], args[-1]
        text = " ".join(tokens)
        candidates = [
            s for s in open_seals if s.move.actor == actor and s.move.tokens[0] == tokens[0]
        ]
        # The seal this reveal opens; if it opens none (a wrong text or salt), the earliest,
        # so that the mismatch is told at the decision it most likely concerns.
        valid = salt_problem(salt) is None
        digest = seal_digest(actor, text, salt) if valid else ""
        seal = next(
            (s for s in candidates if s.move.seal == digest),
            candidates[0] if candidates else None,
        )
        secret = secret_by_verb(tokens[0])
        rule = secret.rule if secret is not None else None
        if seal is None:
            self.problem(
                f"reveal with no commitment: {name(actor)} has no sealed '{tokens[0]}' move "
                "before it that is still unopened on this line",
                checkpoint,
                rule,
            )
            return
        open_seals.remove(seal)
        seal.reveal = checkpoint
        seal.ordinal = self.counter
        bad_salt = salt_problem(salt)
        if bad_salt is not None:
            self.problem(f"{name(actor)}'s reveal: {bad_salt}", checkpoint, rule, seal.move)
            return
        if digest != seal.move.seal:
            self.problem(
                f"{name(actor)}'s reveal '{text}' does not match the commitment of the sealed "
                f"move '{seal.move.text}' (the text and salt hash to {digest[:12]}…, "
                f"the commitment is {seal.move.seal[:12]}…)",
                checkpoint,
                rule,
                seal.move,
            )
            return
        seal.opened = True
        self.replaced[id(seal.move)] = Move(
            seal.move.actor,
            tokens,
            seal.move.glyphs,
            seal.move.before,
            seal.move.after,
            seal.move.variations,
            seal.move.raw,
            seal.move.span,
            seal.move.seal,
        )

    def contribution(self, checkpoint: Checkpoint, draw: Draw) -> None:
        def problem(message: str) -> None:
            self.problem(message, checkpoint, None, draw=draw)

        take_contribution(checkpoint, draw, problem)

    def rebuilt(self) -> Game:
        """The game with opened moves replaced; built bottom-up from a list of every element
        list (no recursion over variations). The protocol's checkpoints stay: the walk passes
        over them (they state nothing about the state and end no turn), redaction keeps them."""
        original = self.opening.original
        lists: list[tuple[Element, ...]] = []
        work: list[tuple[Element, ...]] = [original.body]
        while work:
            elements = work.pop()
            lists.append(elements)
            for element in elements:
                if isinstance(element, Item):
                    for move in element.moves:
                        work.extend(move.variations)
        done: dict[int, tuple[Element, ...]] = {}
        for elements in reversed(lists):
            out: list[Element] = []
            for element in elements:
                if isinstance(element, Item):
                    element = Item(
                        tuple(self.moved(move, done) for move in element.moves),
                        element.label,
                        element.span,
                    )
                out.append(element)
            done[id(elements)] = tuple(out)
        return Game(original.headers, done[id(original.body)], original.span, original.source)

    def moved(self, move: Move, done: dict[int, tuple[Element, ...]]) -> Move:
        """``move`` as the walk replays it: with its revealed text, its variations rebuilt."""
        base = self.replaced.get(id(move), move)
        if base is move and not move.variations:
            self.final[id(move)] = move
            return move
        new = Move(
            base.actor,
            base.tokens,
            base.glyphs,
            base.before,
            base.after,
            tuple(done[id(v)] for v in move.variations),
            base.raw,
            base.span,
            base.seal,
        )
        self.final[id(move)] = new
        return new


def open_seals(game: Game) -> Opening:
    """Pair the record's reveals with its seals (see the module's docstring)."""
    opening = Opening(game, game)
    if not _uses_protocol(game):
        return opening
    opening.protocol = _protocol(game, opening.problems)
    opener = _Opener(opening)
    opener.run()
    opening.game = opener.rebuilt()
    final = opener.final
    ordinals = {id(final[key]): place for key, place in opening.ordinals.items() if key in final}
    draws = {id(final[key]): draw for key, draw in opening.draws.items() if key in final}
    opening.ordinals, opening.draws = ordinals, draws
    for seal in opening.seals:
        replayed = final.get(id(seal.move))
        if replayed is not None:
            opening.by_move[id(replayed)] = seal
    return opening


__all__ = [
    "CHANCE_COMMIT",
    "CHANCE_PROTOCOLS",
    "CHANCE_REVEAL",
    "CHANCE_TAG",
    "COMMIT_REVEAL",
    "PROTOCOL_CHECKPOINTS",
    "REVEAL",
    "Opening",
    "open_seals",
]
