"""Binding a record's moves to engine actions (docs/design.md, "Replay binding"): a move the
pending decision accepts is applied; omitted forced moves and the ``end`` of a turn are taken
implicitly; otherwise the move is wrong and its line stops."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mcn.engine import GameState, IllegalAction, parse_action
from mcn.engine.actions import (
    Action,
    ActionSyntaxError,
    Donate,
    MoveCrew,
    PlaceCrew,
    SideAction,
)
from mcn.engine.constants import CHANCE, EMPEROR
from mcn.engine.legality import Ruling
from mcn.engine.secrets import SECRET
from mcn.io.limits import MAX_DECISIONS
from mcn.notation.model import Move, Span
from mcn.replay.diagnostics import Diagnostics
from mcn.replay.lookahead import FORCED_LIMIT, end_before, fits, legal_after
from mcn.replay.model import GameReplay, Line
from mcn.replay.secrets import SecretBook
from mcn.replay.stepping import Stepper

if TYPE_CHECKING:  # the brancher's module reads forced_action from this one
    from mcn.replay.variations import Brancher, Frame


def forced_action(state: GameState) -> Action | None:
    """The only legal action of a pending *player* decision, if there is exactly one.

    Records may leave such moves out (docs/design.md, "Replay binding"); chance outcomes and the
    secret bids are never forced, whatever the count. The engine answers it without listing
    the legal actions (:meth:`GameState.forced_action`).
    """
    return state.forced_action()


#: Placeholder for the engine's refusal of a move by a player who is not deciding.
_NOT_YOURS: Final = IllegalAction("R-ACT-2", "not this player's decision")

#: What a move stands for: an action, the syntax error of words the engine does not read, or
#: None for a ``?`` secret.
BoundAction = Action | ActionSyntaxError | None
#: The memo of what moves stand for: by a move's tokens, then by its actor. The key is the
#: tokens tuple itself, not a key built per move: the reader shares one tuple per action text
#: (:mod:`mcn.notation.builder`), so a lookup hashes the tuple (its words' hashes are kept by
#: the strings) and finds the entry by identity, no word compared; a program's own moves with
#: equal words share their entry. Once per distinct text, not per move (docs/performance-
#: history.md, "Per move, round four"; before: a memo by the tokens' identity, whose
#: integer key was made and a second memo by value).
_ACTIONS: Final[dict[tuple[str, ...], dict[str, BoundAction]]] = {}
#: The part of :data:`_ACTIONS` that the walk's fast lane reads first: the actions that are
#: neither a ``?``, nor a syntax error, nor crew placed or moved (which may finish a cathedral
#: whose evaluation needs secrets). A move found here may take the fast lane without asking
#: what kind of action it is: that is answered once per distinct text, not per move
#: (docs/performance-history.md, "Per move, round six").
PLAIN_ACTIONS: Final[dict[tuple[str, ...], dict[str, Action]]] = {}
#: Distinct action texts remembered at most (a whole archive has a few hundred).
_ACTIONS_LIMIT: Final = 1 << 14


def forget_bound_actions() -> None:
    """Forget the memo of the actions moves stand for (for cold-cache measurements)."""
    _ACTIONS.clear()
    PLAIN_ACTIONS.clear()


def _action_of(move: Move) -> BoundAction:
    """The engine action ``move`` stands for: None for a ``?`` secret, the syntax error for
    words the engine does not read. Memoised (bounded): records repeat their moves, and actions
    and errors are immutable."""
    tokens = move.tokens
    actor = move.actor
    by_actor = _ACTIONS.get(tokens)
    if by_actor is None:
        if len(_ACTIONS) >= _ACTIONS_LIMIT:
            _ACTIONS.clear()
            PLAIN_ACTIONS.clear()
        by_actor = _ACTIONS[tokens] = {}
    else:
        known = by_actor.get(actor, _ACTIONS)
        if known is not _ACTIONS:
            return known  # type: ignore[return-value]
    found: BoundAction = None
    text = move.text
    # A '?' anywhere (also inside 'X>?'): the tokens joined hold one exactly where a token
    # does (mcn.replay.hidden.is_secret), and parse_action reads the joined text anyway.
    if SECRET not in text:
        try:
            found = parse_action(actor, text)
        except ActionSyntaxError as error:
            found = error
    by_actor[actor] = found
    kind = type(found)
    if isinstance(found, Action) and kind is not PlaceCrew and kind is not MoveCrew:
        plain = PLAIN_ACTIONS.get(tokens)
        if plain is None:
            plain = PLAIN_ACTIONS[tokens] = {}
        plain[actor] = found
    return found


def _at_the_slip(move: Move, message: str) -> tuple[str, Span | None]:
    """The refusal of ``move`` told where the person slipped: a move that runs on into a line
    that begins like an item (``B choose pope``: the ':' forgotten) is reported at that line
    (:mod:`mcn.notation.slips`); any other move at its own place."""
    from mcn.notation.slips import run_on, run_on_message  # only for a refused move

    found = run_on(move.raw, move.span)
    if found is None:
        return message, move.span
    return run_on_message(found, message), found.span


def _split_donation(line: Line, state: GameState, action: Action | None) -> str | None:
    """R-DON-2: the Emperor's two donations are one move; written as two, the second is
    refused (a second action of the same kind, or a turn later): say so, with the move."""
    if not isinstance(action, Donate) or len(action.items) != 1:
        return None
    if state.holders[EMPEROR] != action.actor:
        return None
    mine = (s for s in reversed(line.steps) if s.action.actor == action.actor and s.move)
    previous = next(mine, None)
    if previous is None or not isinstance(previous.action, Donate):
        return None
    if (
        len(previous.action.items) != 1
        or previous.address.split(".")[0] != state.pending_address().split(".")[0]
    ):
        return None
    both = previous.action.text + " " + action.text.split(" ", 1)[1]
    return f"the Emperor's two donations are one move: '{both}'"


class Binder:
    """Moves to actions: the record's own moves, and the implicit ones that lead to them.

    It asks the secret book for a ``?`` move's stand-in, the brancher for a move's
    variations, and the stepper (:class:`~mcn.replay.stepping.Stepper`) to carry out and
    record each action it finds legal. The fast lane of an ordinary written move (one engine
    call, its step recorded) is the walk's own (:meth:`~mcn.replay.walk.Replayer.replay_line`),
    which hands this binder every move it does not take.
    """

    def __init__(
        self,
        diagnostics: Diagnostics,
        secrets: SecretBook,
        brancher: Brancher,
        stepper: Stepper,
        *,
        variations: bool,
    ) -> None:
        self.diagnostics = diagnostics
        self.result: GameReplay = diagnostics.result
        self.secrets = secrets
        self.brancher = brancher
        self.stepper = stepper
        self.variations = variations
        #: Whether written moves may take :meth:`play`'s fast lane: not when ``before_step``
        #: must see each state before the engine is asked about its action (the stepper's).
        self.fast = stepper.fast
        #: The engine's section when the last written move was applied: its address without
        #: the last part, by which the walk finds the turn facts of an item
        #: (:func:`~mcn.replay.turns.turn_in`) without hashing a new address string.
        self.section = ""

    def lane_action(self, line: Line, state: GameState, move: Move) -> Action | None:
        """The action of a written move that the walk's fast lane may carry out as it stands
        (:meth:`~mcn.replay.walk.Replayer.replay_line`), when :data:`PLAIN_ACTIONS` does not
        know it or the scoring is ahead: crew placed or moved that finishes no cathedral, or
        any action the secret book has nothing to fill in for
        (:meth:`SecretBook.needs_before`); None for a ``?``, a syntax error, or an action
        :meth:`play` must take the long way."""
        bound = _action_of(move)
        if not isinstance(bound, Action) or self.secrets.needs_before(line, state, bound):
            return None
        return bound

    def play(self, line: Line, state: GameState, move: Move, spawned: list[Frame]) -> str | None:
        """Apply a written move that is not for the walk's fast lane (:meth:`lane_action`
        said None), after the forced moves and the ``end`` that lead to it; its address, or
        None when it cannot be played (reported)."""
        return self.settle(line, state, move, _action_of(move), spawned, None)

    def settle(
        self,
        line: Line,
        state: GameState,
        move: Move,
        action: BoundAction,
        spawned: list[Frame],
        judged: Ruling | None,
    ) -> str | None:
        """:meth:`play` the long way: a syntax error or a ``?`` reported or matched, omitted
        forced moves and ``end`` taken until the move fits, a breach weighed (I-POP-9), the
        move's variations spawned. ``judged`` is the engine's ruling on ``action`` in this
        very state when the fast lane has just asked it (not asked twice)."""
        if type(action) is ActionSyntaxError:
            self.stepper.finish_forced(line, state)  # so the address is where the move stands
            message, span = _at_the_slip(move, str(action))
            self.diagnostics.fail(
                line,
                "action",
                message,
                address=line.prefix + state.pending_address(),
                span=span,
            )
            return None
        if action is None and move.actor == CHANCE:
            # R-HID-1: draws are public, so no record hides one. Matching a '?' against every
            # outcome would also list tens of thousands of room-card sequences.
            self.stepper.finish_forced(line, state)
            self.diagnostics.fail(
                line,
                "chance",
                f"'{move.text}': chance outcomes are public, so '?' cannot stand for one",
                address=line.prefix + state.pending_address(),
                span=move.span,
                rule="R-HID-1",
            )
            return None
        branch = bool(move.variations) and self.variations
        stepper = self.stepper
        lane = self.fast and not branch  # the fast lane again once implicit moves are taken
        own: IllegalAction | None = None
        for _ in range(FORCED_LIMIT):
            problem: IllegalAction | None = None
            ruling: Ruling | None = None
            # Asked once a round: nothing changes the state before the round's last question.
            # Not asked of the first when the walk hands its engine's ruling (``judged``): it
            # asked the engine only because the actor decides (``deciding_address``).
            deciding = judged is not None or move.actor in state.current_players()
            if action is None:  # a '?' move: a secret's stand-in must fit
                problem = fits(self.secrets, state, move, None)
            elif not branch and not deciding and not isinstance(action, SideAction):
                # Another player's decision is pending (typically an omitted forced move):
                # the engine would refuse; ask it why only if nothing implicit comes first.
                problem = _NOT_YOURS
            else:
                if (
                    judged is None
                    and lane
                    and self.result.decisions < MAX_DECISIONS
                    # apply() would carry the action out as it stands: the secret book has
                    # nothing to fill in first (asked only where apply() asks it; written out:
                    # one call fewer per round, and type(…) is: see Stepper.apply)
                    and (
                        (
                            state.finished != 2
                            and (kind := type(action)) is not PlaceCrew
                            and kind is not MoveCrew
                        )
                        or not self.secrets.needs_before(line, state, action)
                    )
                ):
                    # The fast lane's one engine call, now that the implicit moves before
                    # the move are taken: no ruling made unless the engine refuses.
                    address = state.address_of(action)
                    self.section = state.section
                    done = state.try_apply(action)
                    if isinstance(done, list):  # accepted (not 'not a Ruling': see the walk)
                        stepper.taken(line, state, action, move, address, done)
                        return address
                    judged = done  # refused, or a breach to weigh: nothing changed
                # one check: apply() will not repeat it
                ruling = state.judge(action) if judged is None else judged
                problem = ruling.refusal
            judged = None  # only for the first round: an implicit move changes the state
            breach = None if ruling is None else ruling.breach
            if problem is None and breach is not None:
                assert action is not None
                # I-POP-9: a breach is read only if the move is not legal a little later
                # (the forced 'end' of the Pope's turn before the next character's visit).
                implicit = state.forced_action() or end_before(self.secrets, state, move, action)
                if implicit is not None and legal_after(state, implicit, action):
                    self.stepper.apply(line, state, implicit, None)
                    continue
            if problem is None:
                address = (
                    state.address_of(action) if action else self.secrets.secret_address(state, move)
                )
                self.section = state.section
                if branch:
                    self.brancher.spawn(line, state, move, address, spawned)
                try:
                    if action is None:
                        self.take_secret(line, state, move, address)
                    else:
                        self.stepper.apply(line, state, action, move, address, ruling)
                    return address
                except IllegalAction as error:
                    problem = error
            if deciding:
                # The actor's own decision said no: the telling reason, in this state.
                own = problem
            implicit = state.forced_action() or end_before(self.secrets, state, move, action)
            if implicit is None:
                problem = own or problem
                if problem is _NOT_YOURS:
                    problem = fits(self.secrets, state, move, action) or problem
                message, span = _at_the_slip(move, problem.reason)
                self.diagnostics.fail(
                    line,
                    "chance" if move.actor == CHANCE else "illegal",
                    message,
                    address=line.prefix + (problem.address or state.pending_address()),
                    span=span,
                    rule=problem.rule,
                    slip=_split_donation(line, state, action),
                )
                return None
            self.stepper.implicit(line, state, implicit)
        self.diagnostics.fail(
            line, "illegal", "too many forced moves", address=line.prefix, span=move.span
        )
        return None

    def take_secret(self, line: Line, state: GameState, move: Move, address: str) -> None:
        """Apply a ``?`` move as the stand-in the secret book chooses, and let the book note
        what the stand-in may have got wrong."""
        action, kind = self.secrets.stand_in_for(line, state, move)
        self.stepper.apply(line, state, action, move, address)
        self.secrets.note_stand_in(line, move, address, kind)
