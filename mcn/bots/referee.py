"""The referee: plays games between bot processes and writes each as an MCN record.

Chance is drawn from a generator seeded with the match seed and the game's number, so a match
replays exactly. Seats rotate between games (game ``g`` gives seat ``k`` to bot ``k + g``), so
no bot keeps the advantage of a seat. A forced decision (one legal action) is taken by the
referee; the bot reads it among the moves of its next ``decide``. A bot that exits, hangs past
the move time or answers what is not a legal action forfeits the game: the record stops there,
says so (``[Termination]``, ``[Forfeit]`` and a closing comment, ``[Result "*"]``), and the
match goes on with the bot restarted.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from mcn.bots.process import BotProcess, Forfeit
from mcn.bots.protocol import QUIT, answer_text, decide_message, game_message, over_message
from mcn.engine import CHANCE, GameState, IllegalAction, new_game, parse_action
from mcn.engine.actions import Action, ActionSyntaxError
from mcn.engine.constants import COLOUR_NAMES
from mcn.notation.headers import Headers
from mcn.notation.model import Comment, Game, Header
from mcn.records.transcript import record_from_actions
from mcn.replay.model import Step

#: Seats in the order games give them out.
SEATS = ("R", "B", "G", "Y")


@dataclass(slots=True)
class GameOutcome:
    """One game of a match: its record, the bots by seat, the winners, and a forfeit."""

    number: int
    record: Game
    bots: dict[str, str]  # seat -> bot name
    winners: tuple[str, ...]
    forfeit: tuple[str, str] | None = None  # (seat, reason)


def seats_of(bots: Sequence[BotProcess], number: int) -> dict[str, BotProcess]:
    """Game ``number`` (1-based): seat ``k`` is played by bot ``(k + number - 1) % n``."""
    count = len(bots)
    return {SEATS[k]: bots[(k + number - 1) % count] for k in range(count)}


def play_game(
    seated: dict[str, BotProcess],
    number: int,
    seed: int,
    move_time: float | None,
    *,
    ruleset: str = "de-2016",
    board: str = "standard",
    event: str = "mcn match",
) -> GameOutcome:
    """One complete game (or one forfeited) between the seated bots."""
    players = tuple(seated)
    state = new_game(players, ruleset, board)
    rng = random.Random(f"{seed}:{number}")
    steps: list[Step] = []
    actions: list[Action] = []
    told = dict.fromkeys(players, 0)  # how many steps each seat has been shown
    forfeit: tuple[str, str] | None = None
    for seat, bot in seated.items():
        try:
            if not bot.alive:
                bot.start()
            bot.send(game_message(state, seat, number, move_time))
        except Forfeit as problem:
            forfeit = forfeit or (seat, problem.reason)
    while forfeit is None and not state.is_terminal():
        deciding = state.current_players()
        if deciding == (CHANCE,):
            action = state.sample_chance(rng)
        else:
            seat = deciding[0]
            options = state.legal_actions(seat)
            if len(options) == 1:
                action = options[0]
            else:
                try:
                    action = _ask(seated[seat], state, steps, seat, told[seat], number, move_time)
                except Forfeit as problem:
                    forfeit = (seat, problem.reason)
                    break
                told[seat] = len(steps)
        address = state.address_of(action)
        events = state.apply(action)
        steps.append(Step(address, action, None, events))
        actions.append(action)
    winners = state.winners() if forfeit is None else ()
    for bot in seated.values():
        try:
            bot.send(over_message(number, winners, forfeit))
        except Forfeit:
            bot.stop()
    if forfeit is not None:
        seated[forfeit[0]].stop()  # restarted for its next game
    record = _record(actions, seated, number, event, ruleset, board, state, forfeit)
    names = {seat: bot.name for seat, bot in seated.items()}
    return GameOutcome(number, record, names, winners, forfeit)


def _ask(
    bot: BotProcess,
    state: GameState,
    steps: list[Step],
    seat: str,
    since: int,
    number: int,
    move_time: float | None,
) -> Action:
    """The seat's answer as a legal action (:class:`Forfeit` otherwise)."""
    message = decide_message(state, steps, seat, since, number)
    line = bot.ask(message, move_time)
    try:
        text = answer_text(line)
    except ValueError as problem:
        raise Forfeit(str(problem)) from None
    written = text.split(":", 1)[1].strip() if text[:2].upper() == f"{seat}:" else text
    at = message["address"]
    try:
        action = parse_action(seat, written)
    except ActionSyntaxError as problem:
        raise Forfeit(f"answered '{written[:80]}' at {at}: {problem}") from None
    refusal = state.judge(action).refusal
    if refusal is None and action not in state.legal_actions(seat):
        refusal = IllegalAction("I-POP-9", "a rules breach is never a bot's choice", at)
    if refusal is not None:
        raise Forfeit(f"answered '{action.text}' at {at}: {refusal.reason} [{refusal.rule}]")
    return action


def _record(
    actions: list[Action],
    seated: dict[str, BotProcess],
    number: int,
    event: str,
    ruleset: str,
    board: str,
    state: GameState,
    forfeit: tuple[str, str] | None,
) -> Game:
    headers: list[tuple[str, str]] = [
        ("Event", event),
        ("Site", "mcn match"),
        ("Date", datetime.date.today().strftime("%Y.%m.%d")),
        ("Round", str(number)),
    ]
    headers += [(COLOUR_NAMES[seat].capitalize(), bot.name) for seat, bot in seated.items()]
    if forfeit is not None:
        seat, reason = forfeit
        at = state.pending_address()
        headers += [
            ("Forfeit", seat),
            ("Termination", f"{COLOUR_NAMES[seat]} forfeits at {at}: {reason}"),
        ]
    game = record_from_actions(
        actions, players=tuple(seated), headers=headers, ruleset=ruleset, board=board
    )
    if forfeit is None:
        return game
    seat, reason = forfeit
    note = Comment(f"{COLOUR_NAMES[seat]} ({seated[seat].name}) forfeits: {reason}")
    kept = (*(h for h in game.headers if h.tag != "Result"), Header("Result", "*"))
    return replace(game, headers=Headers(_ordered(kept)), body=(*game.body, note))


def _ordered(headers: tuple[Header, ...]) -> tuple[Header, ...]:
    from mcn.notation.lexical import ROSTER

    known = [h for tag in ROSTER for h in headers if h.tag == tag]
    return tuple(known + [h for h in headers if h.tag not in ROSTER])


def play_match(
    bots: Sequence[BotProcess],
    games: int,
    seed: int,
    move_time: float | None,
    *,
    ruleset: str = "de-2016",
    board: str = "standard",
    progress: Callable[[GameOutcome], None] | None = None,
) -> list[GameOutcome]:
    """``games`` games between ``bots`` (2 to 4), seats rotating; every bot stopped at the end."""
    outcomes: list[GameOutcome] = []
    try:
        for number in range(1, games + 1):
            outcome = play_game(
                seats_of(bots, number), number, seed, move_time, ruleset=ruleset, board=board
            )
            outcomes.append(outcome)
            if progress is not None:
                progress(outcome)
    finally:
        for bot in bots:
            try:
                if bot.alive:
                    bot.send(QUIT)
            except Forfeit:
                pass
            bot.stop()
    return outcomes
