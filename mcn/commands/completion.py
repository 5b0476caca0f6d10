"""Shell completion for what only a record knows: players for ``--as``, addresses for ``--to``.

Click completes subcommands, options, choices and paths by itself (``_MCN_COMPLETE=bash_source
mcn``, see README). What it cannot know is which players sit in the record named earlier on the
command line, or which decision addresses it has; these callbacks look. They must be cheap and
must never fail (a completion that raises breaks the user's shell line), so any problem yields
no suggestions. Players come from the colour headers of the first game (a quick scan of the
file's start, no parse); addresses come from replaying the first game's main line, which takes
well under a second for a whole game.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import click
from click.shell_completion import CompletionItem

__all__ = [
    "complete_address",
    "complete_colour",
    "complete_help_topic",
    "complete_viewer",
    "shell_value",
]

#: Colour tag → initial, in roster order.
_COLOURS = {"Red": "R", "Blue": "B", "Green": "G", "Yellow": "Y"}
_HEADER = re.compile(r'\[[ \t]*(Red|Blue|Green|Yellow)[ \t]+"((?:[^"\\\r\n]|\\[^\r\n])*)"')
#: How much of a file the player scan reads: the headers stand at its start.
_HEAD_BYTES = 65536
#: Suggestions offered at most (a shell menu of thousands helps nobody).
_MOST = 400


def _record_paths(ctx: click.Context) -> Iterator[Path]:
    """The files named so far on the command line (any argument that is an existing file).

    Click's parameters first; while the option being completed still lacks its value, Click's
    lenient parse may leave them unset, so then the words the shell passed (``COMP_WORDS``,
    set by the bash, zsh and fish scripts alike) are read too.
    """
    values: list[object] = []
    for value in ctx.params.values():
        values.extend(value if isinstance(value, tuple | list) else (value,))
    try:
        values.extend(shlex.split(os.environ.get("COMP_WORDS", ""))[1:])
    except ValueError:  # an unclosed quote while the user types
        values.extend(os.environ.get("COMP_WORDS", "").split()[1:])
    for item in values:
        if isinstance(item, str) and item and item != "-" and not item.startswith("-"):
            path = Path(item)
            if path.is_file():
                yield path


def _players(path: Path) -> list[tuple[str, str, str]]:
    """(initial, colour word, name) of each colour header in the file's first game."""
    try:
        with path.open("rb") as handle:
            head = handle.read(_HEAD_BYTES).decode("utf-8", "replace")
    except OSError:
        return []
    seen: dict[str, tuple[str, str, str]] = {}
    for tag, value in _HEADER.findall(head):
        if tag in seen:  # the next game's roster
            break
        name = value.replace('\\"', '"').replace("\\\\", "\\")
        seen[tag] = (_COLOURS[tag], tag.lower(), name)
    return [seen[tag] for tag in _COLOURS if tag in seen]


def complete_viewer(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """``--as``: the colour initials, colour words and names of the record's players.

    A name is the record's text and goes into the shell's menu and onto its command line: one
    with a control character, a bidi mark or a line break (``ESC ] 52`` would write the
    clipboard; a newline would inject a completion of its own) is never offered as a value —
    its colour is — and shows in the help escaped (:func:`mcn.io.terminal.one_line`).
    """
    from mcn.io.terminal import one_line

    if _merging(ctx):
        return complete_colour(ctx, param, incomplete)
    items: list[CompletionItem] = []
    for path in _record_paths(ctx):
        for initial, word, name in _players(path):
            shown = one_line(name)
            items.append(CompletionItem(initial, help=f"{word}: {shown}"))
            items.append(CompletionItem(word, help=shown))
            if name and shown == name:
                items.append(CompletionItem(name, help=word))
        break
    items.append(CompletionItem("spectator", help="sees only what is public"))
    folded = incomplete.lstrip("'\"").casefold()
    typed = os.environ.get("COMP_WORDS", "").rsplit(" ", 1)[-1]
    quoted = incomplete[:1] in ("'", '"') or typed[:1] in ("'", '"')
    return [
        CompletionItem(shell_value(str(item.value), quoted), help=item.help)
        for item in items
        if str(item.value).casefold().startswith(folded)
    ]


def complete_colour(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """``--as`` over an archive (``explore``, ``search``, ``tree --merge``): the colours, as
    initials and words, and ``spectator`` — never a player's name, which those commands refuse
    (a name may play different colours in different games)."""
    items = [CompletionItem(initial, help=tag.lower()) for tag, initial in _COLOURS.items()]
    items += [CompletionItem(tag.lower(), help=initial) for tag, initial in _COLOURS.items()]
    items.append(CompletionItem("spectator", help="sees only what is public"))
    folded = incomplete.lstrip("'\"").casefold()
    return [item for item in items if str(item.value).casefold().startswith(folded)]


def _merging(ctx: click.Context) -> bool:
    """Whether the command line merges an archive (``tree --merge``): its ``--as`` is a colour."""
    if ctx.params.get("merge"):
        return True
    try:
        words = shlex.split(os.environ.get("COMP_WORDS", ""))
    except ValueError:  # an unclosed quote while the user types
        words = os.environ.get("COMP_WORDS", "").split()
    return "--merge" in words


def shell_value(value: str, quoted: bool = False) -> str:
    """``value`` as the shell must receive it: a name with a space (``Paula Brandt``) is quoted
    for bash and zsh, which insert a completion as typed text (fish quotes by itself); not
    when the user already opened a quote."""
    shell = os.environ.get("_MCN_COMPLETE", "")
    if quoted or shell.startswith("fish") or value == shlex.quote(value):
        return value
    return shlex.quote(value)


def _addresses(path: Path) -> list[str]:
    """The main-line decision addresses of the file's first game (empty when it cannot tell),
    with the decision where a broken record stops (a refused bid's ``3.bid.R`` too)."""
    try:
        from mcn.commands.loader import record_source
        from mcn.replay import replay_game

        for result in record_source(str(path)).results():
            if result.game is None:
                return []
            replay = replay_game(result.game, file=str(path))
            main = replay.main
            if main is None:
                return []
            found = [step.address for step in main.steps]
            if main.error is not None and main.error.address:
                found.append(main.error.address)
            return found
    except Exception:  # a completion must never break the user's shell line
        return []
    return []


def complete_address(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """``--to``/``--at``/``--from``: the record's decision addresses and their round prefixes,
    each with what the option means there (one meaning per address: ``--at`` the state before
    the decision, ``--to`` the state after it; docs/notation.md, "Decision addresses")."""
    after = "--at" not in param.opts
    meaning = "the state after" if after else "the state before"
    if "--from" in param.opts:
        meaning = "list from"
    for path in _record_paths(ctx):
        addresses = _addresses(path)
        break
    else:
        return []
    prefixes: list[str] = ["start"] if "start".startswith(incomplete) else []
    seen = set(prefixes)
    for address in addresses:
        parts = address.split(".")
        for depth in range(1, len(parts) + 1):
            candidate = ".".join(parts[:depth])
            if candidate not in seen and candidate.startswith(incomplete):
                seen.add(candidate)
                # Offer rounds and turns first, then the decisions as the user narrows down.
                if depth <= incomplete.count(".") + 2:
                    prefixes.append(candidate)
    return [
        CompletionItem(value, help=_meaning(meaning, value, after)) for value in prefixes[:_MOST]
    ]


def _meaning(meaning: str, value: str, after: bool) -> str:
    if value == "start" or "." in value.rsplit(":", 1)[-1]:
        return f"{meaning} {value}"
    edge = "last" if after else "first"
    return f"{meaning} the {edge} decision of {value}"


#: ``mcn help`` topics besides the commands (mcn/commands/help.py).
HELP_TOPICS = {"moves": "every decision: who decides, how it is written, the rule"}


def complete_help_topic(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """``mcn help TOPIC``: the topics, then the commands."""
    items = [CompletionItem(name, help=what) for name, what in HELP_TOPICS.items()]
    group = ctx.parent.command if ctx.parent is not None else None
    if isinstance(group, click.Group) and ctx.parent is not None:
        items += [
            CompletionItem(name, help="its --help") for name in group.list_commands(ctx.parent)
        ]
    return [item for item in items if str(item.value).startswith(incomplete)]
