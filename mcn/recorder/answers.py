"""What the user may answer at a decision, and what a typed answer means.

A player's options are exactly the engine's legal actions (``GameState.legal_actions``); an
answer picks one by its number, by its text in any case and spacing, or by a unique prefix of
its words (``g b`` for ``greedy bread`` when nothing else starts so). When every option has
the same verb the verb may be left out (``3+5`` for ``bid 3+5``, ``red`` for ``pick red``).
Chance outcomes (soul order, market draw, room cards) are typed as seen on the table, each
word a unique prefix of a piece's name, and checked by the engine. Anything else is refused
with the engine's reason and rule, or the reading's message with its teaching hint.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass

from mcn.engine import GameState, parse_action
from mcn.engine.actions import Action, ActionSyntaxError
from mcn.engine.constants import CARD_IDS, CHANCE, COLOUR_NAMES, STONES
from mcn.notation.hints import hint

#: Options listed one by one up to this many; more are summarised by verb.
LISTED = 40
#: The words each chance decision is written with (after its verb).
CHANCE_WORDS: dict[str, tuple[str, ...]] = {
    "souls": tuple(COLOUR_NAMES),
    "market": STONES,
    "rooms": CARD_IDS,
}
CHANCE_GUIDE = {
    "souls": "the soul order on space 0, nearest Heaven first (colour initials: G B R)",
    "market": "the 7 stones drawn into the market, in any order (bread wine cloth jewel "
    "indulgence)",
    "rooms": "the cards of rooms 1-4 in room order (take-5 emperor-letter pope-stone …)",
}


class AnswerError(ValueError):
    """An answer that is not one of the options, with the reason (and a hint) for the user;
    ``numbered`` holds the options it could be, with their numbers, for a listing."""

    def __init__(
        self, message: str, numbered: Sequence[tuple[int, str]] = (), words: int = 1
    ) -> None:
        super().__init__(message)
        self.numbered = tuple(numbered)
        self.words = words


@dataclass(frozen=True, slots=True)
class Options:
    """The decision pending for ``actor``: its kind and (for a player) the legal actions."""

    actor: str
    kind: str
    actions: tuple[Action, ...]
    #: The game's colours (the soul order is written with these initials, no others); for
    #: the secret bids, the bidders still to bid (any of them may be entered first).
    players: tuple[str, ...] = ()

    @property
    def chance(self) -> bool:
        return self.actor == CHANCE

    @property
    def texts(self) -> list[str]:
        """The options' canonical texts, in the engine's order."""
        return [action.text for action in self.actions]

    def verbs(self) -> list[str]:
        """The distinct verbs of the options, in order."""
        return list(dict.fromkeys(text.split()[0] for text in self.texts))

    def completions(self) -> list[str]:
        """Texts a completer offers: the options, or a chance decision's words."""
        if self.chance:
            if self.kind == "souls" and self.players:
                return [self.kind, *self.players]
            return [self.kind, *CHANCE_WORDS.get(self.kind, ())]
        return self.texts


def options_for(state: GameState, actor: str) -> Options:
    """What ``actor`` (a colour, or ``*`` for chance) decides now."""
    kind = state.decision.kind
    if actor == CHANCE:
        return Options(actor, kind, (), tuple(state.players))
    pending = tuple(state.current_players()) if state.simultaneous() else ()
    return Options(actor, kind, tuple(state.legal_actions(actor)), pending)


def summary(options: Options, columns: int | None = None) -> list[str]:
    """Lines listing the options, numbered, in a grid as wide as the terminal (``columns``;
    the console asks the terminal each time, so a resized window is laid out anew)."""
    if options.chance:
        guide = CHANCE_GUIDE.get(options.kind, options.kind)
        if options.kind == "souls" and options.players:
            guide = guide.replace("G B R", " ".join(options.players))
        return [f"type {guide}"]
    if columns is None:
        columns = shutil.get_terminal_size((80, 24)).columns
    lines = []
    if len(options.texts) > LISTED and options.kind == "bid":
        other = options.players[-1] if options.players else options.actor
        lines.append(f"   (the bids are secret: enter them in any order, e.g. '{other}: bid 6+3')")
    numbered = list(enumerate(options.texts, 1))
    return lines + listing(numbered, columns, explain=options.kind != "bid")


def listing(
    numbered: Sequence[tuple[int, str]], columns: int, words: int = 1, explain: bool = True
) -> list[str]:
    """Numbered options in rows that fit ``columns``. Up to :data:`LISTED` each is shown
    with its number; more are grouped: a run of four or more that share their first
    ``words`` words is shown as its range of numbers (``14-123 donate bread>I … donate
    5>II 10>II``), and typing that beginning lists the run with each option's number
    (``explain`` says so under the list)."""
    if len(numbered) <= LISTED:
        return _grid([f"{number:>2} {text}" for number, text in numbered], columns)
    lines: list[str] = []
    short: list[str] = []
    example = ""
    biggest = 0
    shown = 0
    start = 0
    while start < len(numbered) and shown < 2 * LISTED:
        key = numbered[start][1].split()[:words]
        end = start
        while end + 1 < len(numbered) and numbered[end + 1][1].split()[:words] == key:
            end += 1
        if end - start >= 3:
            first, last = numbered[start], numbered[end]
            lines += [*_grid(short, columns), f"{first[0]:>2}-{last[0]} {first[1]} … {last[1]}"]
            short = []
            if end - start > biggest:  # the example in the note: the biggest range
                example, biggest = " ".join(key), end - start
            shown += 1
        else:
            end = min(end, start + 2 * LISTED - shown - 1)
            short.extend(f"{number:>2} {text}" for number, text in numbered[start : end + 1])
            shown += end + 1 - start
        start = end + 1
    lines += _grid(short, columns)
    if start < len(numbered):  # too many to list, even grouped
        rest = f"{numbered[start][0]}-{numbered[-1][0]}"
        lines += _grid([f"   … {len(numbered) - start} more ({rest}): type more of it"], columns)
    if example and explain:
        lines += _grid([f"   (type '{example}' to list a range with its numbers)"], columns)
    return lines


def _grid(cells: list[str], columns: int) -> list[str]:
    """``cells`` in rows that fit ``columns`` (one cell a row when even one is too wide)."""
    if not cells:
        return []
    width = max(len(cell) for cell in cells) + 4
    per_line = max(1, (columns - 1) // width)
    return [
        "".join(cell.ljust(width) for cell in cells[start : start + per_line]).rstrip()
        for start in range(0, len(cells), per_line)
    ]


def _normal(text: str) -> str:
    return " ".join(text.split()).lower()


def named_actor(answer: str) -> str | None:
    """The player an answer names with a head (``G: bid 6+3``, ``Green: …``), if any."""
    head = re.match(r"\s*([A-Za-z]+)\s*:", answer)
    if head is None:
        return None
    word = head.group(1).upper()
    return {name.upper(): colour for colour, name in COLOUR_NAMES.items()}.get(word, word)


def choose(state: GameState, options: Options, answer: str) -> Action:
    """The action ``answer`` stands for at ``state``. Raises :class:`AnswerError`."""
    text = answer.strip()
    head = re.match(r"([A-Za-z*-]+)\s*:\s*", text)
    if head is not None:
        word = head.group(1)
        chance_head = word == "*" or word.lower() in CHANCE_WORDS
        who = CHANCE if chance_head else named_actor(text)
        if who not in (CHANCE, *COLOUR_NAMES):
            raise AnswerError(
                f"unknown actor '{word}:': write R:, B:, G: or Y: (or leave the actor out)"
            )
        if who != options.actor:
            raise AnswerError(f"it is {_who(options.actor)}'s decision, not {_who(who)}'s")
        text = text[head.end() :]
        if word.lower() in CHANCE_WORDS:
            text = f"{word} {text}"
    if not text:
        raise AnswerError("an empty answer: type a move, its number or a unique beginning")
    if options.chance:
        return _chance(options, text)
    return _player(state, options, text)


def _who(actor: str) -> str:
    return "chance" if actor == CHANCE else COLOUR_NAMES.get(actor, actor)


def _player(state: GameState, options: Options, text: str) -> Action:
    actions = options.actions
    if not actions:
        raise AnswerError(f"{_who(options.actor)} has no decision to take now")
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(actions):
            return actions[number - 1]
        if len(actions) == 1:
            raise AnswerError(f"no option {number}: the only option is number 1")
        raise AnswerError(f"no option {number}: the options are numbered 1-{len(actions)}")
    wanted = _normal(text)
    verbs = options.verbs()
    candidates = [wanted]
    typed = [" ".join(text.split())]  # as typed: a refusal quotes the answer in its own case
    if len(verbs) == 1 and not wanted.startswith(verbs[0]):
        candidates.append(f"{verbs[0]} {wanted}")
        typed.append(f"{verbs[0]} {typed[0]}")
    for candidate in candidates:
        exact = _read(options.actor, candidate)
        if exact is not None and exact in actions:
            return exact
        if exact is not None and state.judge(exact).breach is not None:
            return exact  # I-POP-9: never offered, but what happened at the table is recorded
    for candidate in candidates:
        matches = _prefixed(actions, candidate)
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            numbered = [(actions.index(action) + 1, action.text) for action in matches]
            if len(numbered) <= 6:
                shown = ", ".join(f"{option} ({number})" for number, option in numbered)
                raise AnswerError(f"'{text}' could be {shown}: type more of it or its number")
            raise AnswerError(
                f"'{text}' could be any of {len(matches)} options: type its number or more of it",
                numbered,
                len(candidate.split()) + 1,
            )
    raise AnswerError(_refusal(state, options, candidates, typed))


def _read(actor: str, text: str) -> Action | None:
    try:
        return parse_action(actor, text)
    except ActionSyntaxError:
        return None


def _prefixed(actions: Sequence[Action], wanted: str) -> list[Action]:
    """The actions whose words begin with the typed words, word by word; of several, the one
    whose every word after the verb the answer gives in full, if only one has (``b 10>i`` is
    ``bonus 10>I``, not ``bonus 10>II`` nor ``bonus 10>I 10>I``)."""
    typed = wanted.split()
    out = []
    for action in actions:
        words = action.text.lower().split()
        if len(typed) <= len(words) and all(
            w.startswith(t) for t, w in zip(typed, words, strict=False)
        ):
            out.append(action)
    if len(out) > 1 and len(typed) > 1:
        whole = [
            action
            for action in out
            if len(action.text.split()) == len(typed)
            and _whole_words(typed, action) == len(typed) - 1
        ]
        if len(whole) == 1:
            return whole
    return out


def _whole_words(typed: Sequence[str], action: Action) -> int:
    """How many typed words after the verb are the option's word in full."""
    words = action.text.lower().split()
    return sum(1 for t, w in zip(typed[1:], words[1:], strict=False) if t == w)


def _refusal(state: GameState, options: Options, candidates: list[str], typed: list[str]) -> str:
    """Why the answer is none of the options: the engine's reason, or the reading's (of the
    answer as typed, so that its message and hint quote the answer in its own case)."""
    problem: ActionSyntaxError | None = None
    for text, as_typed in zip(candidates, typed, strict=True):
        try:
            action = parse_action(options.actor, text)
        except ActionSyntaxError as error:
            problem = problem or _typed_problem(options.actor, as_typed, error)
            continue
        refusal = state.judge(action).refusal
        if refusal is not None:
            return f"not legal now: {refusal.reason} [{refusal.rule}]"
        return f"'{action.text}' is not among the options"
    slipped = _head_slip(typed[0])
    if slipped is not None:  # the head of a record's move, slipped: validate's hint for it
        return f"'{typed[0]}' is not a move as typed\n    hint: {slipped}"
    message = str(problem)
    found = hint(message)
    return message + (f"\n    hint: {found}" if found else "")


_COLOUR_WORDS = {name.lower(): colour for colour, name in COLOUR_NAMES.items()}


def _head_slip(typed: str) -> str | None:
    """What is wrong with the head of an answer typed as a record writes a move, in the words
    ``mcn validate`` uses for the same slip in a record: an actor without its colon
    (``B choose pope``) or with ``;`` (``B; choose pope``), a colour word for the initial
    (``Blue choose pope``), an item number without its full stop (``5 R: visit 2``)."""
    label = re.fullmatch(r"(\d{1,9})\s+([RBGYrbgy])(:|\s+)\s*(\S.*)", typed)
    if label is not None and _read(label.group(2).upper(), label.group(4)) is not None:
        number, actor = label.group(1) + ".", label.group(2).upper()
        if label.group(3) == ":":
            return f"an item number ends with a full stop: '{number}'"
        return f"an item number ends with a full stop, an actor with a colon: '{number} {actor}:'"
    word = re.fullmatch(r"(?i:(red|blue|green|yellow))\s*[;,]?\s+(\S.*)", typed)
    if word is not None:
        colour = _COLOUR_WORDS[word.group(1).lower()]
        if _read(colour, word.group(2)) is not None:
            return f"write the colour initial: '{colour}: {word.group(2)}'"
    head = re.fullmatch(r"([RBGYrbgy])\s*([;,]?)\s+(\S.*)|([RBGYrbgy])\s*([;,])(\S.*)", typed)
    if head is None:
        return None
    actor = (head.group(1) or head.group(4)).upper()
    mark, rest = head.group(2) or head.group(5) or "", head.group(3) or head.group(6)
    if _read(actor, rest) is None:
        return None
    if mark:
        return f"an actor is followed by ':', not '{mark}': '{actor}: {rest}'"
    return f"an actor needs its colon: '{actor}: {rest}'"


def _typed_problem(actor: str, typed: str, lowered: ActionSyntaxError) -> ActionSyntaxError:
    """The reading's complaint about the answer as typed, when it has one (the same slip,
    quoted in the typed case); else the complaint about the lower-cased answer."""
    try:
        parse_action(actor, typed)
    except ActionSyntaxError as error:
        return error
    return lowered


def _chance(options: Options, text: str) -> Action:
    words = _normal(text).split()
    verb = options.kind
    if words and words[0] == verb:
        words = words[1:]
    elif words and words[0] in CHANCE_WORDS:
        raise AnswerError(f"chance decides the {verb} now, not the {words[0]}")
    vocabulary = CHANCE_WORDS.get(verb, ())
    if verb == "souls" and options.players:
        vocabulary = options.players  # the game's own colours, nobody else's
    names = {name.lower(): colour for colour, name in COLOUR_NAMES.items()}
    expanded = []
    for word in words:
        if verb == "souls" and word in names:
            word = names[word].lower()
        matches = [piece for piece in vocabulary if piece.lower().startswith(word)]
        exact = [piece for piece in vocabulary if piece.lower() == word]
        if exact:
            expanded.append(exact[0])
        elif len(matches) == 1:
            expanded.append(matches[0])
        elif matches:
            raise AnswerError(f"'{word}' could be {', '.join(matches)}: type more of it")
        else:
            raise AnswerError(f"'{word}' is not one of: {' '.join(vocabulary)}")
    try:
        return parse_action(CHANCE, " ".join([verb, *expanded]))
    except ActionSyntaxError as problem:
        raise AnswerError(str(problem)) from None
