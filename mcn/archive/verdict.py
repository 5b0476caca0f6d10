"""The verdict on one game: what a tournament organiser needs to decide it.

:class:`GameReport` gathers, for one game of one file, the headers that place it (event, round,
date), the roster, the setup, the result claimed and the result replayed and whether they
agree, the final soul spaces and the placings with the rule that decided each
(:func:`mcn.engine.ranking.placings`), and every diagnostic. The functions here turn what the
notation and replay found into messages that name the real cause: a missing roster header by
name, a result written as a player's name or a colour word (accepted with a warning when it is
unambiguous), and a record that ends early ("the record ends in the middle of round 3; the
last complete decision is 3.2.4").
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace
from typing import Any, Final

from mcn.base.plain import PlainFields
from mcn.engine.constants import COLOURS, colour_name
from mcn.engine.ranking import placings
from mcn.engine.state import GameState
from mcn.notation.lexical import COLOUR_TAGS
from mcn.notation.model import Game, Span
from mcn.replay import Diagnostic, GameReplay, result_of

_SEPARATORS: Final = re.compile(r"\s*(?:,|;|\+|&|/|\band\b)\s*", re.IGNORECASE)


def name_key(name: str) -> str:
    """A player's name for matching: case-folded, runs of white space made one space."""
    return " ".join(name.split()).casefold()


@dataclass(slots=True, repr=False, eq=False)
class GameReport(PlainFields):
    """What validation found in one game, and the facts that decide it."""

    file: str
    game: int
    decisions: int = 0
    result: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: Main-line moves read (reported by ``--syntax-only``, which replays no decision).
    moves: int = 0
    line: int | None = None
    event: str | None = None
    round: str | None = None
    date: str | None = None
    roster: dict[str, str] = field(default_factory=dict)
    rules: str | None = None
    board: str | None = None
    #: The board profile the game was replayed with (mcn.boards.profile.describe), once known.
    board_used: dict[str, Any] | None = None
    variant: str | None = None
    claimed_tag: str | None = None
    claimed: str | None = None
    agreement: str = "unknown"
    souls: dict[str, int | str] = field(default_factory=dict)
    placings: list[dict[str, Any]] = field(default_factory=list)
    fingerprint: str | None = None
    encoding: str | None = None
    #: Where a valid record of a game not over stops (abandoned: ``[Result "*"]`` or no
    #: Result header): "the record ends in the middle of round 3; the last complete …".
    stops: str | None = None
    #: The game's source text, only when a command asked the reader for it (filter, site).
    text: str | None = None
    #: What the command's examiner answered for this game (:class:`mcn.archive.checking.Examiner`).
    examined: Any = None

    @property
    def valid(self) -> bool:
        return not any(d.severity == "error" for d in self.diagnostics)

    @property
    def finished(self) -> bool:
        return bool(self.placings)

    def _board_json(self) -> dict[str, Any] | None:
        """The board used (B-4: which one, and whether its values are provisional), else the
        one the record names, else None."""
        if self.board_used is not None:
            return {**self.board_used, "named": self.board}
        return None if self.board is None else {"name": self.board}

    def to_json(self) -> dict[str, Any]:
        """The report form of a game (schemas/report.schema.json, ``game``)."""
        return {
            "file": self.file,
            "game": self.game,
            "line": self.line,
            "valid": self.valid,
            "event": self.event,
            "round": self.round,
            "date": self.date,
            "roster": self.roster,
            "players": len(self.roster),
            "rules": self.rules,
            "board": self._board_json(),
            "variant": self.variant,
            "claimed": {"tag": self.claimed_tag, "result": self.claimed},
            "result": self.result,
            "agreement": self.agreement,
            "souls": self.souls,
            "placings": self.placings,
            "decisions": self.decisions,
            "fingerprint": self.fingerprint,
            "stops": self.stops,
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


def describe_headers(report: GameReport, game: Game) -> None:
    """Copy the headers that place and set up the game into ``report``."""
    report.line = game.span.line if game.span else report.line
    report.event = game.header("Event")
    report.round = game.header("Round")
    report.date = game.header("Date")
    report.roster = {c: game.header(COLOUR_TAGS[c]) or "" for c in game.players}
    report.rules = game.header("Rules")
    report.board = game.header("Board")
    report.variant = game.header("Variant")
    report.claimed_tag = game.header("Result")
    report.fingerprint = fingerprint(game)


#: A header as written: ``[Tag "value"]`` on one line (grammar/mcn.lark, ``HEADER``).
_HEADER_LINE = re.compile(
    r'^[ \t]*\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\r\n]|\\.)*)"[ \t]*\]'
)


def describe_written_headers(report: GameReport, text: str) -> None:
    """Copy the headers of a game that could not be read into ``report``, as written: the
    summary after a syntax error names the game and the result it claims, not "none"."""
    values: dict[str, str] = {}
    for line in text.splitlines():
        match = _HEADER_LINE.match(line)
        if match is not None:
            value = re.sub(r"\\(.)", r"\1", match.group(2))
            values.setdefault(match.group(1), value)
    if not values:
        return
    report.event = values.get("Event")
    report.round = values.get("Round")
    report.date = values.get("Date")
    report.roster = {c: values[tag] for c, tag in COLOUR_TAGS.items() if tag in values}
    report.rules = values.get("Rules")
    report.board = values.get("Board")
    report.variant = values.get("Variant")
    report.claimed_tag = values.get("Result")


def fingerprint(game: Game) -> str | None:
    """A digest of the main line's moves (actors and canonical tokens): the same game
    submitted twice has the same fingerprint, whatever its layout, comments or headers."""
    hasher = hashlib.blake2b(digest_size=8)
    count = 0
    for move in game.moves():
        hasher.update(f"{move.actor}:{move.text.lower()}\n".encode())
        count += 1
    return hasher.hexdigest() if count else None


def roster_gap(game: Game, file: str, number: int) -> Diagnostic | None:
    """A player who moves in the record but has no roster header, named by the header that is
    missing (the engine would only see a soul order that does not fit the players)."""
    players = set(game.players)
    for move in game.moves():
        if move.actor in COLOURS and move.actor not in players:
            where = f'in "{move.actor}: {move.text}"'
            return _missing_header(move.actor, where, move.span, game, file, number)
        if move.is_chance and move.tokens and move.tokens[0] == "souls":
            extra = [t.upper() for t in move.tokens[1:] if t.upper() in COLOURS]
            for colour in extra:
                if colour not in players:
                    return _missing_header(
                        colour, "in the soul order", move.span, game, file, number
                    )
    return None


def _missing_header(
    colour: str, where: str, span: Span | None, game: Game, file: str = "", number: int = 0
) -> Diagnostic:
    tag = COLOUR_TAGS[colour]
    named = ", ".join(COLOUR_TAGS[c] for c in game.players) or "nobody"
    message = (
        f"the [{tag}] header is missing: {tag} plays in this record ({where}) but has no "
        f'[{tag} "player name"] header; the roster names {named}'
    )
    return Diagnostic("error", "header", message, file, number, None, span, "R-SET-1")


def read_result(tag: str, roster: dict[str, str]) -> tuple[tuple[str, ...] | None, str | None]:
    """The winners a ``Result`` tag names, and why it could not be read (or None).

    Understood: ``*`` (no result), colour initials, colour words (``Green``), and the players'
    names from the roster (``Emil Berg``), alone or joined by ``,`` ``+`` ``&`` ``/`` ``and``.
    A word that is a colour and also another player's name is ambiguous and not guessed.
    """
    value = " ".join(tag.split())
    if value in ("", "*", "?"):
        return None, None
    names: dict[str, list[str]] = {}
    for colour, name in roster.items():
        if name.strip():
            names.setdefault(name_key(name), []).append(colour)
    whole = names.get(name_key(value))
    parts = [value] if whole is not None else [p for p in _SEPARATORS.split(value) if p]
    if whole is None and len(parts) == 1:
        parts = value.split()
    colours: list[str] = []
    for part in parts:
        found = _resolve(part, names)
        if isinstance(found, str) and found not in COLOURS:
            return (), found
        colours.append(str(found))
    if len(set(colours)) != len(colours):
        return (), f"it names {colour_name(colours[0])} twice"
    return tuple(sorted(colours, key=COLOURS.index)), None


def _resolve(part: str, names: dict[str, list[str]]) -> str:
    """The colour one word (or name) of a Result tag stands for, or why it stands for none."""
    key = name_key(part)
    as_colour = {
        c for c in COLOURS if key in (c.lower(), colour_name(c).lower(), COLOUR_TAGS[c].lower())
    }
    as_name = set(names.get(key, ()))
    found = as_colour | as_name
    if len(found) == 1:
        return found.pop()
    if not found:
        return f'"{part}" is neither a colour nor a player of this game'
    owners = " and ".join(colour_name(c) for c in sorted(found, key=COLOURS.index))
    return f'"{part}" is ambiguous: it could mean {owners}'


def _canonical(colours: tuple[str, ...]) -> str:
    return " ".join(colours)


def _who(colours: tuple[str, ...], roster: dict[str, str]) -> str:
    people = [
        f"{colour_name(c)} ({roster[c]})" if roster.get(c) else colour_name(c) for c in colours
    ]
    return " and ".join(people)


def _result_check(diagnostic: Diagnostic) -> bool:
    """Whether ``diagnostic`` is replay's own verdict on the Result tag (replaced here)."""
    return (
        diagnostic.address == "end"
        and diagnostic.code in ("result", "secret")
        and (diagnostic.rule == "R-END-3")
    )


def judge_result(report: GameReport, replay: GameReplay, span: Span | None) -> None:
    """Decide the claimed and the replayed result and whether they agree.

    Replay's own result check is replaced here: it knows colours only, while a verdict can
    read a name and say who is who.
    """
    report.diagnostics[:] = [d for d in report.diagnostics if not _result_check(d)]
    final = replay.final
    tag = report.claimed_tag
    claimed, problem = (None, None) if tag is None else read_result(tag, report.roster)
    report.claimed = _canonical(claimed) if claimed else None
    if final is None or not final.is_terminal():
        report.agreement = "unfinished" if final is not None else "unknown"
        return
    winners = tuple(final.winners())
    right = result_of(final)
    unsure = replay.main.unsure if replay.main is not None else None

    def say(severity: str, message: str, code: str = "result") -> None:
        report.diagnostics.append(
            Diagnostic(
                severity,  # type: ignore[arg-type]
                code,
                message,
                report.file,
                report.game,
                "end",
                span,
                "R-END-3",
            )
        )

    if tag is None:
        report.agreement = "unclaimed"
        return
    if problem is not None:
        report.agreement = "disagree"
        say(
            "error",
            f'[Result "{tag}"] cannot be read: {problem}; the game\'s result is "{right}" — '
            f"{_who(winners, report.roster)} won",
        )
        return
    if claimed is None:
        report.agreement = "unclaimed"
        say(
            "warning",
            f'the game is over but [Result "{tag}"] gives no result: it is "{right}" — '
            f"{_who(winners, report.roster)} won",
        )
        return
    if claimed != winners:
        report.agreement = "disagree"
        extra = f" (not certain: {unsure})" if unsure is not None else ""
        named = ""
        if tag.strip() != _canonical(claimed):
            named = f" names {_who(claimed, report.roster)} and"
        say(
            "note" if unsure is not None else "error",
            f'[Result "{tag}"]{named} is wrong: the game\'s result is "{right}" — '
            f"{_who(winners, report.roster)} won{extra}",
            "secret" if unsure is not None else "result",
        )
        return
    report.agreement = "agree"
    if tag.strip() != right:
        say(
            "warning",
            f'[Result "{tag}"] is read as "{right}" — {_who(winners, report.roster)} won; its '
            f'canonical form is [Result "{right}"]',
        )


def describe_end(report: GameReport, final: GameState | None) -> None:
    """Final soul spaces and placings of a finished game."""
    if final is None:
        return
    heaven = -final.board.heaven
    report.souls = {c: ("heaven" if s == heaven else s) for c, s in final.souls()}
    report.placings = [
        {
            "colour": p.colour,
            "name": report.roster.get(p.colour, ""),
            "place": p.place,
            "space": "heaven" if p.heaven else p.space,
            "shared": p.shared,
            "rules": list(p.rules),
        }
        for p in placings(final)
    ]


def round_of(address: str) -> str:
    """``3.5.2`` → ``round 3``; ``setup.2`` → ``the setup``."""
    head = address.split("/")[0].split(".")[0]
    return f"round {head}" if head.isdigit() else "the setup" if head == "setup" else head


def where_it_ends(replay: GameReplay | None) -> str:
    """ "the record ends in the middle of round 3; the last complete decision is 3.2.4"."""
    if replay is None or replay.main is None or replay.final is None:
        return "the record ends before its first decision"
    pending = replay.final.pending_address()
    steps = replay.main.steps
    last = steps[-1].address if steps else None
    done = f"the last complete decision is {last}" if last else "no decision was made"
    return f"the record ends in the middle of {round_of(pending)}; {done}"


def explain_incomplete(report: GameReport, replay: GameReplay, truncated: bool) -> None:
    """Say where an unfinished record stops, in the words of the issue it usually is."""
    cut = " (the file ends without a line break: it looks cut off)" if truncated else ""
    for index, d in enumerate(report.diagnostics):
        if d.code == "incomplete":
            tag = report.claimed_tag or ""
            message = f'{where_it_ends(replay)}{cut}, but [Result "{tag}"] claims a finished game'
            report.diagnostics[index] = replace(d, message=message)


def truncation(
    report: GameReport, replay: GameReplay | None, last_line: int, cause: str | None
) -> Diagnostic:
    """The error of a game whose file stops inside its last line."""
    because = f" ({cause})" if cause else ""
    message = (
        f"{where_it_ends(replay)}: the file stops in the middle of line {last_line}, "
        f"without a line break — it looks cut off{because}"
    )
    return Diagnostic(
        "error",
        "truncated",
        message,
        report.file,
        report.game,
        None,
        Span(last_line, 1, last_line, 1),
    )
