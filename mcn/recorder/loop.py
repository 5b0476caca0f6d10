"""The recording loop: show the decision, read an answer, apply it, save.

At each decision the recorder says whose turn it is and what is decided, lists the legal
options (numbered; summarised by verb when there are many) and reads one answer: a move (see
:mod:`mcn.recorder.answers`) or one of the commands below. The file is saved whenever the
recorder is about to wait for an answer, so what was entered is on disk before the next
question — a crash or ^C loses nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mcn.engine import IllegalAction, parse_action
from mcn.engine.actions import Action, ActionSyntaxError, End, SideAction
from mcn.engine.constants import CHANCE, COLOUR_NAMES
from mcn.engine.events import Event
from mcn.recorder.answers import (
    AnswerError,
    choose,
    listing,
    named_actor,
    options_for,
    summary,
)
from mcn.recorder.console import Console
from mcn.recorder.session import Entry, Session, SessionError
from mcn.replay import forced_action

COMMANDS = (
    ("undo", "take back the last decision entered (in an empty variation: drop it)"),
    ("{TEXT}", "a comment after the last decision entered (also: comment TEXT)"),
    ("! ? !! ?? !? ?! $N", "a glyph on the last decision entered"),
    ("var", "open a variation: an alternative to the last decision entered"),
    ("back", "close the variation and go back to the line it branched from"),
    ("list", "show the options again"),
    ("help", "this list"),
    ("quit", "save and stop (run mcn record -o FILE again to continue)"),
)
_FORCED_LIMIT = 1000
_GLYPH = re.compile(r"(?:!!|\?\?|!\?|\?!|!|\?|\$\d{1,9})")


class Quit(Exception):
    """The user asked to stop."""


class Recorder:
    """Drives a :class:`Session` from a :class:`Console`; ``save`` writes the record."""

    def __init__(self, session: Session, console: Console, save: Callable[[], None]) -> None:
        self.session = session
        self.console = console
        self.save = save
        self.dirty = True
        self.shown: tuple[int, str] | None = None  # the decision whose options were shown
        #: Read answers as replay reads a record's moves: one that is the forced move just
        #: taken confirms it (a script holds a record's moves; at a terminal the answer is
        #: for the question shown, and confirms a forced move only if it fits nothing else).
        self.replay_order = not console.interactive

    def run(self) -> int:
        """Record until the input ends or the user quits; 0, or 1 after a wrong scripted
        answer (the record keeps everything before it)."""
        while True:
            if self.dirty and not self.console.pending():
                self.save()
                self.dirty = False
            actor = self._actor()
            if actor is not None:
                self._show(actor)
            prompt = self._prompt(actor)
            relist = None if actor is None else self._relister(actor)
            try:
                answer = self.console.ask(prompt, self._completions(actor), relist)
            except EOFError:
                self._finish()
                return 0
            try:
                self._handle(answer.strip(), actor)
            except Quit:
                self._finish()
                return 0
            except (AnswerError, IllegalAction, SessionError) as problem:
                self.console.warn(self._reason(problem))
                if not self.console.interactive:
                    self._finish()
                    return 1

    def _finish(self) -> None:
        if self.dirty:
            self.save()
            self.dirty = False

    # ---- showing ---------------------------------------------------------------------------

    def _actor(self) -> str | None:
        """Who decides now (the first pending bidder during the secret bids)."""
        state = self.session.state
        if state.is_terminal():
            return None
        players = state.current_players()
        return players[0] if players else None

    def _show(self, actor: str) -> None:
        state = self.session.state
        key = (id(state), actor)
        if self.shown == key:
            return
        self.shown = key
        for line in self._question(actor, self.console.columns()):
            self.console.say(line)

    def _question(self, actor: str, columns: int) -> list[str]:
        """The decision's heading and its options, laid out for ``columns``."""
        state = self.session.state
        decision = state.decision
        address = decision.address_for(actor) if decision.per_actor else decision.address
        where = "" if self.session.line.parent is None else f"  [variation, depth {self.depth}]"
        return [
            f"\n{address}  {decision.prompt}{where}",
            *summary(options_for(state, actor), columns),
        ]

    def _relister(self, actor: str) -> Callable[[int], list[str]]:
        def relist(columns: int) -> list[str]:
            return self._question(actor, columns)

        return relist

    @property
    def depth(self) -> int:
        return self.session.line.depth()

    def _prompt(self, actor: str | None) -> str:
        if actor is None:
            winners = " ".join(self.session.state.winners())
            self.console.say(
                f"\nThe game is over: {winners or 'no winner'} (undo, var, back, quit)"
            )
            return "> "
        name = "chance" if actor == CHANCE else COLOUR_NAMES[actor]
        return f"{name}> "

    def _completions(self, actor: str | None) -> list[str]:
        words = ["undo", "var", "back", "list", "help", "quit"]
        if actor is None:
            return words
        return options_for(self.session.state, actor).completions() + words

    # ---- answers ---------------------------------------------------------------------------

    def _handle(self, answer: str, actor: str | None) -> None:
        session = self.session
        word = answer.lower()
        if not answer:
            return
        if word == "quit":
            raise Quit
        if word == "help":
            for name, what in COMMANDS:
                self.console.say(f"  {name:<20}{what}")
            self.console.say("  or a move: its number, its text, or a unique beginning")
            return
        if word == "list":
            self.shown = None
            return
        if word == "undo":
            undone = session.undo()
            self._changed(f"undone: {undone}")
            return
        if word in ("var", "variation"):
            replaced = session.open_variation()
            self._changed(
                f"variation: an alternative to {replaced.action.actor}: {replaced.action.text}"
                " ('back' returns)"
            )
            return
        if word in ("back", "close"):
            session.close_variation()
            self._changed("back on the line the variation branched from")
            return
        comment = _comment(answer)
        if comment is not None:
            where = session.comment(comment)
            self._changed(f"comment on {where}")
            return
        if _GLYPH.fullmatch(answer):
            where = session.glyph(answer)
            self._changed(f"glyph {answer} on {where}")
            return
        if actor is None:
            # a forced move the recorder took by itself, typed anyway after the game ended
            named = named_actor(answer)
            body = re.sub(r"^\s*[A-Za-z*]+\s*:\s*", "", answer) if named else answer
            body = re.sub(r"^\s*\d{1,9}\.\s+", "", body)
            if self._confirm_forced(named, body):
                return
            raise SessionError("the game is over: undo, var, back or quit")
        label = re.match(r"\s*(\d{1,9})\.\s+", answer)
        if label is not None:  # a turn number, as in a record: a new turn ends the last one
            answer = answer[label.end() :]
            self._new_turn(int(label.group(1)))
            actor = self._actor() or actor
        named = named_actor(answer)
        body = re.sub(r"^\s*[A-Za-z*]+\s*:\s*", "", answer) if named else answer
        side = _side_action(named or actor, body)
        if side is not None and not (self.replay_order and self._confirm_forced(named, body)):
            self._report(session.play(side))  # at any time, without taking the decision
            return
        if side is not None:
            return
        if self.replay_order and self._confirm_forced(named, body):
            return
        if self.replay_order and named and self._breach_before_forced(named, body):
            return
        if named in session.state.current_players() and session.state.simultaneous():
            actor = named  # the secret bids: any pending bidder may be entered first
        options = options_for(session.state, actor)
        try:
            added = session.play(choose(session.state, options, answer))
        except AnswerError:
            if self._confirm_forced(named, body):
                return
            end = self._end_first(answer, actor)
            if end is None:
                raise
            added = session.play(end[0]) + session.play(end[1])
        self._report(added)

    def _new_turn(self, number: int) -> None:
        """Before a move labelled with turn ``number``: end the turn that waits for its
        second action, if it is another turn."""
        state = self.session.state
        parts = state.pending_address().split(".")
        actor = self._actor()
        if len(parts) != 3 or not parts[1].isdigit() or int(parts[1]) == number or actor is None:
            return
        end = End(actor)
        if actor != CHANCE and state.judge(end).accepted:
            self._report(self.session.play(end))

    def _breach_before_forced(self, named: str, body: str) -> bool:
        """I-POP-9, read as replay reads it: a breach (the Pope die past the post limit) that
        fits the decision before the forced moves just taken, where the forced moves would
        not make it a legal move; it is played there (and reported as a breach on replay)."""
        session = self.session
        try:
            action = parse_action(named, body)
        except ActionSyntaxError:
            return False
        if session.state.judge(action).legal:
            return False  # legal where it stands now
        line = session.line
        start = line.last_entered()
        first = (-1 if start is None else start) + 1
        for index in range(first, len(line.entries)):  # before each forced move just taken
            state = line.entries[index - 1].after if index else line.start
            if state.judge(action).breach is not None:
                del line.entries[index:]
                self._report(session.play(action))
                return True
        return False

    def _confirm_forced(self, named: str | None, body: str) -> bool:
        """Whether the answer fits before a forced move the recorder has just taken by
        itself, as replay would read it there: the forced move itself (the scorer wrote it
        down anyway: kept as entered), or a move the engine accepts at that point (a META
        CULPA side action, a breach of I-POP-9). Then it is taken there."""
        session = self.session
        line = session.line
        start = line.last_entered()
        first = (-1 if start is None else start) + 1
        for index in range(first, len(line.entries)):
            entry = line.entries[index]
            before = line.entries[index - 1].after if index > 0 else line.start
            actor = named or entry.action.actor
            try:
                action = parse_action(actor, body)
            except ActionSyntaxError:
                continue
            if action == entry.action:
                entry.auto = False
                self.console.say(f"  {_written(entry.action)} (already taken: it was forced)")
                self.dirty = True
                return True
            if not before.judge(action).accepted:
                continue
            del line.entries[index:]
            self._report(session.play(action))
            return True
        return False

    def _report(self, added: list[tuple[Entry, list[Event]]]) -> None:
        """Echo the decisions taken (the forced ones marked) and what they caused."""
        for entry, events in added:
            prefix = "  (forced) " if entry.auto else "  "
            self.console.say(prefix + _written(entry.action))
            for event in events:
                self.console.say(f"      {event.text()}")
        self.dirty = True

    def _end_first(self, answer: str, actor: str) -> tuple[Action, Action] | None:
        """``end`` and the answer, when the turn waits for its second action and the answer
        is a legal move once the turn is ended (as replay reads a record that leaves the
        ``end`` out: a Merchant's free stone, the next player's turn)."""
        state = self.session.state
        end = End(actor)
        if actor == CHANCE or not state.judge(end).accepted:
            return None
        probe = state.clone()
        probe.apply(end)
        for _ in range(_FORCED_LIMIT):
            forced = forced_action(probe)
            if forced is None:
                break
            probe.apply(forced)
        players = probe.current_players()
        if probe.is_terminal() or not players:
            return None
        try:
            return end, choose(probe, options_for(probe, players[0]), answer)
        except AnswerError:
            return None

    def _changed(self, message: str) -> None:
        self.console.say(message)
        self.shown = None
        self.dirty = True

    def _reason(self, problem: Exception) -> str:
        if isinstance(problem, IllegalAction):
            return f"not legal: {problem.reason} [{problem.rule}]"
        if isinstance(problem, AnswerError) and problem.numbered:
            lines = listing(problem.numbered, self.console.columns(), problem.words)
            return "\n".join([str(problem), *lines])
        return str(problem)


def _side_action(actor: str, text: str) -> SideAction | None:
    """A META CULPA side action (an infraction, a cost left undone, a catch), which may come
    at any pending decision without taking it (R-MET-1, I-MET-5, I-MET-6)."""
    if text.lower().split()[:1] not in (["infraction"], ["undone"], ["catch"]):
        return None
    try:
        action = parse_action(actor, text)
    except ActionSyntaxError as problem:
        raise AnswerError(str(problem)) from None
    return action if isinstance(action, SideAction) else None


def _written(action: Action) -> str:
    """An action as a record writes it (``R: bid 3+5``, ``market: bread …``)."""
    if action.actor == CHANCE:
        verb, _, rest = action.text.partition(" ")
        return f"{verb}: {rest}"
    return f"{action.actor}: {action.text}"


def _comment(answer: str) -> str | None:
    """The text of a comment answer: ``{text}``, ``{text`` or ``comment text``."""
    if answer.startswith("{"):
        text = answer[1:]
        return text[:-1] if text.endswith("}") else text
    lowered = answer.lower()
    if lowered.startswith("comment ") or lowered.startswith("comment:"):
        return answer[8:].strip()
    return None
