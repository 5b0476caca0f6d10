"""Hidden information in records: ``?`` secrets and the checkpoints that reveal them.

A redacted record (docs/notation.md, "Redacted records") writes another player's secret as
``?`` — the compartment of a donation, the colour of a letter — and states what the rules
reveal later with two *reveal checkpoints*:

``<chest I R jewel 2 money 12 B wine 1 G Y>``
    what each player's compartment I held when it was evaluated (II: at the second evaluation);
``<letters R yellow 1 red 2 B blue 1 G green 3 Y>``
    the letters each player held when they were scored at the end of the game.

A player is written as his colour initial followed by ``name count`` pairs (zeros left out).
Reveal checkpoints hold for the moment of their reveal wherever they stand on their line, so
replay can use them to fill in the secrets before the evaluation or the scoring that needs them.
This module knows their syntax and how a ``?`` pattern matches a concrete action; what is
secret and which reveals exist is the engine's declaration (:mod:`mcn.engine.secrets`), and the
replay (:mod:`mcn.replay`) decides when to use them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Literal

from mcn.engine import secret_readers, secrets
from mcn.engine.actions import Action
from mcn.engine.constants import COLOURS, COMPARTMENTS, GOODS, LETTERS

SECRET: Final = secrets.SECRET
#: What a chest compartment holds, in the order of the engine's chest lists.
CHEST_ITEMS: Final = (*GOODS, "money")
#: The checkpoints that reveal secrets (the engine's declared reveals that have one).
REVEALS: Final = secret_readers.checkpoints()

#: The longest count a reveal checkpoint may write.
_COUNT_DIGITS: Final = 9

SecretKind = Literal["chest", "letters", "other"]


def is_secret(tokens: Sequence[str]) -> bool:
    """Whether a move's tokens hide something (a ``?`` anywhere, also inside ``X>?``)."""
    return any(SECRET in token for token in tokens)


def _side_matches(pattern: str, token: str) -> bool:
    if pattern == token:
        return True
    if SECRET not in pattern:
        return False
    left, _, right = pattern.partition(">")
    t_left, _, t_right = token.partition(">")
    if (">" in pattern) != (">" in token):
        return pattern == SECRET
    return left in (SECRET, t_left) and right in (SECRET, t_right)


def matches(pattern: Sequence[str], action: Action) -> bool:
    """Whether ``action`` is one of the actions the ``?`` pattern may stand for.

    The verb must be equal; the arguments match in any order (a donation's two items may be
    written either way round), each ``?`` standing for one token or one side of ``X>Y``.
    """
    tokens = action.text.split()
    if len(tokens) != len(pattern) or tokens[0] != pattern[0]:
        return False
    rest, wanted = tokens[1:], list(pattern[1:])
    if len(rest) > 3:
        return all(_side_matches(p, t) for p, t in zip(wanted, rest, strict=True))
    return _match_any_order(wanted, rest)


def _match_any_order(wanted: list[str], rest: list[str]) -> bool:
    if not wanted:
        return True
    head, tail = wanted[0], wanted[1:]
    for index, token in enumerate(rest):
        if _side_matches(head, token) and _match_any_order(tail, rest[:index] + rest[index + 1 :]):
            return True
    return False


def secret_kind(action: Action) -> SecretKind:
    """Which hidden part of the state a secret in ``action`` touches, as the engine declares
    it (:func:`mcn.engine.secret_readers.touches`).

    Compartments matter only when a compartment is evaluated; letter colours matter for gifts,
    the supply and the final scoring; any other secret leaves the replay unsure of everything.
    """
    kind = secret_readers.touches(action)
    return "chest" if kind == secrets.CHEST else "letters" if kind == secrets.LETTERS else "other"


def _groups(args: Sequence[str], names: Sequence[str]) -> dict[str, list[int]] | str:
    """``R bread 1 jewel 2 B …`` → ``{"R": [1, 0, 0, 2, 0], "B": …}``, or a problem."""
    out: dict[str, list[int]] = {}
    current: list[int] | None = None
    index = 0
    while index < len(args):
        token = args[index]
        if token in COLOURS:
            if token in out:
                return f"{token} is listed twice"
            current = out[token] = [0] * len(names)
            index += 1
            continue
        if current is None:
            return f"expected a colour initial before '{token}'"
        if token not in names:
            return f"'{token}' is not one of {', '.join(names)}"
        count = args[index + 1] if index + 1 < len(args) else ""
        # ASCII digits only (str.isdigit() takes '²', which int() refuses), and few of them:
        # no count in the game comes near, and int() refuses 4,301 digits with an exception.
        if not (count.isascii() and count.isdigit() and len(count) <= _COUNT_DIGITS):
            return f"'{token}' must be followed by a count (at most {_COUNT_DIGITS} digits)"
        current[names.index(token)] = int(count)
        index += 2
    return out


def parse_chest(args: Sequence[str]) -> tuple[int, dict[str, list[int]]] | str:
    """The arguments of ``<chest …>``: the compartment index and each player's contents."""
    if not args or args[0] not in COMPARTMENTS:
        return "a chest checkpoint names its compartment first: <chest I …> or <chest II …>"
    contents = _groups(args[1:], CHEST_ITEMS)
    if isinstance(contents, str):
        return contents
    return COMPARTMENTS.index(args[0]), contents


def parse_letters(args: Sequence[str]) -> dict[str, list[int]] | str:
    """The arguments of ``<letters …>``: each player's letters by colour."""
    return _groups(args, LETTERS)


def _group_tokens(contents: Mapping[str, Sequence[int]], names: Sequence[str]) -> list[str]:
    tokens: list[str] = []
    for colour in COLOURS:
        if colour not in contents:
            continue
        tokens.append(colour)
        for name, count in zip(names, contents[colour], strict=True):
            if count:
                tokens.extend((name, str(count)))
    return tokens


def chest_args(compartment: int, contents: Mapping[str, Sequence[int]]) -> tuple[str, ...]:
    """The canonical arguments of a ``<chest …>`` checkpoint."""
    return (COMPARTMENTS[compartment], *_group_tokens(contents, CHEST_ITEMS))


def letters_args(contents: Mapping[str, Sequence[int]]) -> tuple[str, ...]:
    """The canonical arguments of a ``<letters …>`` checkpoint."""
    return tuple(_group_tokens(contents, LETTERS))


def describe(values: Sequence[int], names: Sequence[str]) -> str:
    """``[1, 0, 0, 2, 0]`` → ``"bread 1, jewel 2"`` (``"nothing"`` when all are zero)."""
    parts = [f"{name} {count}" for name, count in zip(names, values, strict=True) if count]
    return ", ".join(parts) or "nothing"
