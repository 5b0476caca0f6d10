"""Hints that teach: name a common slip and its fix, from an error and the source line.

The reading stays strict: nothing here changes what is accepted or the error messages. A
hint is attached afterwards (``NotationError.hint``, ``Diagnostic.hint``) and only where the
slip is recognised for certain from the message and the text around the error — a colour
word as the actor (``Red:``), spaces inside ``5>I`` or ``2+3``, a ``{`` inside a comment,
commas, full-width letters, a misspelled move word, and so on. :func:`hint` returns None
when no rule recognises the error: a wrong hint is worse than none.

Each rule is a small function ``(Slip) -> str | None``, tried in :data:`_RULES` order.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from mcn.base.plain import PlainValue
from mcn.notation.vocabulary import VERBS

_COLOUR_WORDS: Final = {"red": "R", "blue": "B", "green": "G", "yellow": "Y"}
_INITIALS: Final = {initial.lower(): word for word, initial in _COLOUR_WORDS.items()}
_CHANCE_VERBS: Final = ("souls", "market", "rooms")
_STONES: Final = frozenset({"bread", "wine", "cloth", "jewel", "indulgence"})
#: Typographic characters NFKC leaves alone, and what was meant.
_LOOKALIKES: Final = {
    "“": '"',
    "”": '"',
    "„": '"',
    "«": '"',
    "»": '"',
    "‘": "'",
    "’": "'",
    "–": "-",
    "—": "-",
    "−": "-",
    "×": "x",
}
_TOKEN_CHARS: Final = r"[^\s;{}()<>\[\]\"!?$,]"
#: The longest source line whose text the rules read. A hand-written line is far shorter; a
#: generated one can be megabytes and hold thousands of errors, and reading the whole line
#: for each of them made showing the errors grow with the square of the line. Past it, only
#: the rules that need nothing but the message apply.
MAX_HINT_LINE: Final = 2_000


@dataclass(frozen=True, slots=True, repr=False, eq=False)
class Slip(PlainValue):
    """What a rule looks at: the message, the source line and the 0-based index of the error's
    column in it (``None`` when the source line is not known)."""

    message: str
    line: str | None
    index: int | None

    @property
    def action(self) -> str | None:
        """The action text an engine message quotes (``cannot read action '…'``)."""
        match = re.search(r"(?:action|matches) '([^']*)'", self.message)
        return match.group(1) if match else None

    def around(self) -> tuple[str, str] | None:
        """The source line split at the error: (before, from the error on)."""
        if self.line is None or self.index is None or not 0 <= self.index <= len(self.line):
            return None
        return self.line[: self.index], self.line[self.index :]


def _quote(text: str) -> str:
    return f"'{text}'"


def _close(word: str, choices: tuple[str, ...] | list[str]) -> str | None:
    matches = difflib.get_close_matches(word.lower(), choices, n=1, cutoff=0.6)
    return matches[0] if matches else None


# ---- rules on the source text (syntax errors) -------------------------------------------------


def _full_width(slip: Slip) -> str | None:
    """A non-ASCII look-alike (full-width letters, typographic quotes or dashes) near the error."""
    parts = slip.around()
    if parts is None:
        return None
    before, after = parts
    start = len(before) - len(re.search(r"\S*$", before).group())  # type: ignore[union-attr]
    end = len(before) + len(re.match(r"\S*", after).group())  # type: ignore[union-attr]
    assert slip.line is not None
    word = slip.line[start:end]
    meant = "".join(
        _LOOKALIKES.get(char, unicodedata.normalize("NFKC", char)) if ord(char) > 127 else char
        for char in word
    )
    if meant == word or not meant.isascii():
        return None
    odd = "".join(char for char in word if ord(char) > 127)
    return f"'{odd}' is not ASCII (full-width or typographic): write {_quote(meant)}"


def _spaced_operator(slip: Slip) -> str | None:
    """``5 > I``, ``jewel> II``, ``2 + 3``, ``6+ 3``: a target or a bid is one token."""
    parts = slip.around()
    if parts is None:
        return None
    before, after = parts
    match = re.fullmatch(r"unexpected (?:character )?'([>+])'.*", slip.message)
    if match is not None and after.startswith(match.group(1)):
        operator = match.group(1)
        rest = after[1:]
    else:
        token = re.match(r"invalid token '(.*[>+])'", slip.message)
        if token is None or not after.startswith(token.group(1)):
            return None
        operator = token.group(1)[-1]
        before = before + token.group(1)[:-1]
        rest = after[len(token.group(1)) :]
    left = re.search(rf"({_TOKEN_CHARS}+)\s*$", before)
    right = re.match(rf"\s*({_TOKEN_CHARS}+)", rest)
    if left is None or right is None:
        return None
    if not (before[left.end(1) :] or rest[: right.start(1)]):
        return None  # no space at all: some other problem
    return f"no spaces inside {_quote(left.group(1) + operator + right.group(1))}"


def _comma(slip: Slip) -> str | None:
    """``,`` between items, between moves, or between the parts of a move."""
    if not slip.message.startswith("unexpected character ','"):
        return None
    parts = slip.around()
    if parts is None:
        return None
    rest = parts[1][1:].lstrip()
    actor = re.search(r"(?:^|[\s;.])([RBGYrbgy])\s*$", parts[0])
    if actor is not None:
        move = re.match(r"[^;{}()]*", rest).group().strip()  # type: ignore[union-attr]
        fixed = _quote(actor.group(1).upper() + ": " + move)
        return f"an actor is followed by ':', not ',': {fixed}"
    if re.match(r"(?:\d{1,9}\.\s*)?(?:[A-Za-z*][A-Za-z0-9-]*):", rest):
        return "items need no separator: leave out the ',' (a new 'R:' starts a new item)"
    word = re.match(r"[A-Za-z][A-Za-z0-9-]*", rest)
    if word is not None and word.group().lower() in VERBS and word.group().lower() != "pass":
        return "separate the moves of an item with ';', not ','"
    return "separate the words of a move with spaces, not ',' ('donate 2>I 5>II')"


def _nested_comment(slip: Slip) -> str | None:
    """``{a {b} c}``: the first ``}`` ends the comment, and ``c}`` is read as moves."""
    parts = slip.around()
    if parts is None:
        return None
    before = parts[0]
    if "}" not in before:
        return None  # no comment ended before the error (a scan in C, before the loop)
    opened = inner = None
    last: tuple[int, int, int] | None = None  # (opened, inner '{', closed) of the last comment
    index = 0
    while index < len(before):
        char = before[index]
        if opened is None:
            if char == "{":
                opened, inner = index, None
        elif char == "\\":
            index += 1
        elif char == "{" and inner is None:
            inner = index
        elif char == "}":
            last = (opened, inner, index) if inner is not None else None
            opened = None
        index += 1
    if last is None or opened is not None or "{" in before[last[2] :]:
        return None
    start, _, end = last
    return (
        f"a comment cannot contain '{{' … '}}': comments do not nest, so the '}}' at column "
        f"{end + 1} ended the comment begun at column {start + 1}; write '\\}}' for a '}}' "
        "inside a comment"
    )


def _space_before_colon(slip: Slip) -> str | None:
    if not slip.message.startswith("unexpected character ':'"):
        return None
    parts = slip.around()
    if parts is None:
        return None
    head = re.search(r"([A-Za-z*][A-Za-z0-9-]*)\s+$", parts[0])
    if head is None:
        return None
    return f"no space before the ':' of an actor: {_quote(head.group(1) + ':')}"


_UNHEADED: Final = r"unexpected action '([A-Za-z][A-Za-z0-9-]*)([^']*)': expected an item"


def _missing_head(slip: Slip) -> str | None:
    match = re.match(
        r"unexpected action '([A-Za-z][A-Za-z0-9-]*)([^']*)': expected an item", slip.message
    )
    if match is None:
        return None
    verb = match.group(1).lower()
    if verb in _CHANCE_VERBS:
        return f"a chance outcome is written with a head: {_quote(verb + ':' + match.group(2))}"
    if verb in VERBS:
        return "a move begins with its actor: 'R: " + match.group(1) + match.group(2) + "'"
    return _unheaded_draw(slip)


def _unheaded_draw(slip: Slip) -> str | None:
    """A chance line typed without its head: the market's stones, the rooms' cards, or the
    soul order's colour initials."""
    parts = slip.around()
    if parts is None:
        return None
    words = re.match(r"[A-Za-z0-9 \t-]*", parts[1]).group().split()  # type: ignore[union-attr]
    lowered = [word.lower() for word in words]
    if len(words) < 2:
        return None
    if all(word in _STONES for word in lowered):
        head = "market"
    elif all(re.fullmatch(r"[a-z]+-[a-z0-9]+", word) for word in lowered):
        head = "rooms"
    elif all(word in _INITIALS for word in lowered):
        head = "souls"
    else:
        return None
    return f"a chance outcome is written with a head: {_quote(head + ': ' + ' '.join(words))}"


def _label_then_actor(slip: Slip) -> str | None:
    """``5. R donate 2>I``: the item number is right, the actor lacks its colon."""
    match = re.match(
        r"unexpected action '(\S+)\s+([^']*)': expected an actor like 'R:' after the item",
        slip.message,
    )
    if match is None:
        return None
    actor, rest = match.group(1), match.group(2).rstrip("…")
    if actor.lower() in _COLOUR_WORDS:
        return f"write the colour initial and a colon: {_quote(_COLOUR_WORDS[actor.lower()] + ':')}"
    if actor.lower() in _INITIALS:
        return f"an actor needs its colon: {_quote(actor.upper() + ': ' + rest)}"
    return None


def _run_on(slip: Slip) -> str | None:
    """A new line read as more of the move before it (:mod:`mcn.notation.slips`): the line
    begins like an item, but its actor lacks the ':' (or has ';') or its number the '.'."""
    if "runs on into this line" not in slip.message:
        return None
    parts = slip.around()
    if parts is None:
        return None
    after = parts[1]
    move = r"([^;{}()\n]*?)\s*(?:[;{(]|$)"
    match = re.match(r"(?i:(red|blue|green|yellow))\b\s*[:;,]?\s*" + move, after)
    if match is not None:
        colour = _COLOUR_WORDS[match.group(1).lower()]
        return f"write the colour initial: {_quote(colour + ': ' + match.group(2))}"
    match = re.match(r"([RBGYrbgy])\s*([;,])\s*" + move, after)
    if match is not None:
        fixed = match.group(1).upper() + ": " + match.group(3)
        return f"an actor is followed by ':', not '{match.group(2)}': {_quote(fixed)}"
    match = re.match(r"([RBGYrbgy])\s+" + move, after)
    if match is not None:
        return f"an actor needs its colon: {_quote(match.group(1).upper() + ': ' + match.group(2))}"
    match = re.match(r"([0-9]{1,9})\s+([RBGYrbgy*])(:?)", after)
    if match is None:
        return None
    number = match.group(1) + "."
    if match.group(3):
        return f"an item number ends with a full stop: {_quote(number)}"
    actor = match.group(2).upper()
    return f"an item number ends with a full stop, an actor with a colon: '{number} {actor}:'"


def _comment_left_open(slip: Slip) -> str | None:
    if not slip.message.startswith("unclosed comment: this '{' is closed only by"):
        return None
    return "end the comment with '}' where it should end (a brace inside one is written '\\}')"


def _spaced_target(slip: Slip) -> str | None:
    """``donate 1 > II`` typed as an answer: the engine reads ``>`` as a word of its own."""
    match = re.search(r"action '([^']*)': expected X>Y, not '>'", slip.message)
    if match is None:
        return None
    spaced = re.search(r"(\S+)\s*>\s*(\S+)", match.group(1))
    if spaced is None:
        return None
    right = spaced.group(2)
    right = right.upper() if right.lower() in ("i", "ii") else right
    return f"no spaces inside {_quote(spaced.group(1) + '>' + right)}"


def _round_colon(slip: Slip) -> str | None:
    parts = slip.around()
    if parts is None or not slip.message.startswith("'round' must be followed"):
        return None
    match = re.match(r"(?i:round)\s*(\d{1,9})\s*:", parts[1])
    if match is None:
        return None
    return f"no ':' after a section marker: 'round {match.group(1)}'"


def _label_parenthesis(slip: Slip) -> str | None:
    parts = slip.around()
    if parts is None or not slip.message.startswith("unmatched ')'"):
        return None
    number = re.search(r"(?:^|\s)(\d{1,9})$", parts[0])
    if number is None:
        return None
    return f"an item number ends with a full stop: {_quote(number.group(1) + '.')}"


def _header_quotes(slip: Slip) -> str | None:
    if not slip.message.startswith("malformed header") or slip.line is None:
        return None
    if re.search(r"\[\s*[A-Za-z][A-Za-z0-9_]*\s+'", slip.line):
        return 'a header value goes in double quotes: [Event "Club night"]'
    return None


# ---- rules on the engine's messages (rule errors) ---------------------------------------------


def _colour_word_head(slip: Slip) -> str | None:
    action = slip.action
    if action is None or "chance only decides" not in slip.message:
        return None
    word = action.split()[0].lower()
    if word in _COLOUR_WORDS:
        return f"write the colour initial: {_quote(_COLOUR_WORDS[word] + ':')}"
    return None


def _unknown_verb(slip: Slip) -> str | None:
    match = re.search(r"unknown (?:action|move) '([^']*)'", slip.message)
    if match is None:
        return None
    word = match.group(1)
    if word in _COLOUR_WORDS or word.upper() in ("R", "B", "G", "Y"):
        return None
    guess = _close(word, list(VERBS))
    if guess is not None:
        return f"did you mean {_quote(guess)}? ('mcn help moves' lists every move)"
    return "'mcn help moves' lists every move"


def _one_of(slip: Slip) -> str | None:
    """``X must be one of a, b, c, not 'v'``: a letter initial, a split card name, a typo."""
    match = re.search(r"(\S.*?) must be one of ([a-z0-9, -]+), not '([^']*)'", slip.message)
    if match is None:
        return None
    what, choices, value = match.group(1), match.group(2).split(", "), match.group(3)
    if "letter colour" in what and value.lower() in _INITIALS:
        return f"letter colours are written in full: {_quote(_INITIALS[value.lower()])}"
    tokens = (slip.action or "").lower().split()
    if value in tokens:
        at = tokens.index(value)
        if at + 1 < len(tokens) and f"{value}-{tokens[at + 1]}" in choices:
            return f"a card name is one word: {_quote(value + '-' + tokens[at + 1])}"
    guess = _close(value, choices)
    return f"did you mean {_quote(guess)}?" if guess is not None else None


def _player_colour(slip: Slip) -> str | None:
    match = re.search(r"player colour must be R, B, G or Y, not '([^']*)'", slip.message)
    if match is None:
        return None
    value = match.group(1).lower()
    if value in _COLOUR_WORDS:
        return f"players are written by their initial: {_quote(_COLOUR_WORDS[value])}"
    tokens = (slip.action or "").split()
    lowered = [token.lower() for token in tokens]
    if value in VERBS and value in lowered:
        at = lowered.index(value)
        if at > 0 and tokens[at - 1].upper() in ("R", "B", "G", "Y"):
            return f"an actor needs its colon: {_quote(tokens[at - 1].upper() + ': ' + value)}"
    return None


def _roman(slip: Slip) -> str | None:
    match = re.search(r"compartment must be I or II, not '([12])'", slip.message)
    if match is None:
        return None
    return f"compartments are written I and II: {_quote('I' if match.group(1) == '1' else 'II')}"


def _arguments(slip: Slip) -> str | None:
    """``'verb' takes 1 argument(s), got 2``: a split target or bid, or a label without '.'."""
    match = re.search(r"'([a-z-]+)' takes 1 argument\(s\), got 2", slip.message)
    action = slip.action
    if match is None or action is None:
        return None
    verb = match.group(1)
    args = action.split()[1:]
    if verb in ("guess", "visit", "room") and args[0].lower() in ("room", "suite"):
        return f"write just the number: {_quote(verb + ' ' + args[1])}"
    label = _label_without_stop(slip, args[-1])
    if label is not None:
        return label
    if verb == "bid" and all(arg.isdigit() for arg in args):
        return f"a bid is one token: {_quote('bid ' + '+'.join(args))}"
    if verb in ("pope-stone", "crew", "free") and not any(">" in arg for arg in args):
        target = ">".join(args)
        return f"no spaces inside {_quote(target)}: {_quote(verb + ' ' + target)}"
    return None


def _label_without_stop(slip: Slip, last: str) -> str | None:
    if not last.isdigit() or slip.line is None or slip.index is None:
        return None
    pattern = rf"\s{re.escape(last)}\s+[A-Za-z*][A-Za-z0-9-]*:"
    if re.search(pattern, slip.line[slip.index :]) is None:
        return None
    return f"an item number ends with a full stop: {_quote(last + '.')}"


def _spaced_glyph(slip: Slip) -> str | None:
    action = slip.action
    if action is None or not re.search(r"\s\?{1,2}$|\s\?!$", action):
        return None
    move, glyph = action.rsplit(None, 1)
    return f"a glyph beginning with '?' touches its move: {_quote(move + glyph)}"


def _split_donation(slip: Slip) -> str | None:
    """The Emperor's two donations written as two moves: ``donate 2>I; donate 5>II``."""
    parts = slip.around()
    if parts is None:
        return None
    before, after = parts
    second = re.match(r"(?i:donate)\s+(\S+>\S+)(?=\s*(?:$|[;{(!?$]))", after)
    first = re.search(r"(?i:donate)\s+(\S+>\S+)\s*;\s*$", before)
    if second is None or first is None:
        return None
    items = f"donate {first.group(1)} {second.group(1)}"
    return f"the Emperor's two donations are one move: {_quote(items)}"


_Rule = Callable[[Slip], "str | None"]
_RULES: Final[tuple[_Rule, ...]] = (
    _run_on,
    _comment_left_open,
    _full_width,
    _spaced_operator,
    _spaced_target,
    _comma,
    _nested_comment,
    _space_before_colon,
    _missing_head,
    _label_then_actor,
    _round_colon,
    _label_parenthesis,
    _header_quotes,
    _colour_word_head,
    _unknown_verb,
    _one_of,
    _player_colour,
    _roman,
    _arguments,
    _spaced_glyph,
    _split_donation,
)


def hint(message: str, source_line: str | None = None, column: int | None = None) -> str | None:
    """The teaching hint for an error ``message`` at 1-based ``column`` of ``source_line``."""
    index = None if column is None else column - 1
    line = None if source_line is None else source_line.rstrip("\r\n")
    if line is not None and len(line) > MAX_HINT_LINE:
        line = None  # too long to read for every error on it (MAX_HINT_LINE)
    slip = Slip(message, line, index)
    for rule in _RULES:
        found = rule(slip)
        if found is not None:
            return found
    return None
