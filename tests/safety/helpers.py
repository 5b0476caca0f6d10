"""Shared pieces of the safety tests: the CLI runner that forbids tracebacks, and records."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from mcn.cli import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAME = EXAMPLES / "game-4p.mcn"
ANNOTATED = EXAMPLES / "annotated-4p.mcn"
#: A move of GAME that may be written again as its own variation.
BRANCH = "B: bonus 10>II\n"


def run(*args: str, input: str | bytes | None = None) -> Result:
    """The command's result; a traceback or an escaped exception fails the test."""
    result = CliRunner().invoke(cli, list(args), input=input)
    assert "Traceback" not in result.output, result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def forget_memos() -> None:
    """Empty every memo reading and replaying fill (each bounded, each cleared at its bound),
    so that a measurement starts from the same state whatever ran before it in the process:
    a memo that other tests left near a resize of its table would otherwise allocate the
    larger table during the measured run (megabytes that are not the record's)."""
    from mcn.engine.actions.parse import forget_parsed_actions
    from mcn.engine.addresses import forget_addresses
    from mcn.engine.events.shared import forget_shared_events
    from mcn.engine.shared_steps import forget_shared_steps
    from mcn.notation import fastpath, grammar, lexical
    from mcn.replay.binding import forget_bound_actions
    from mcn.replay.turns import forget_turns

    fastpath.TEMPLATES.clear()
    grammar.shared()[1].forget_tokens()
    lexical.forget_canonical_tokens()
    forget_parsed_actions()
    forget_shared_steps()
    forget_shared_events()
    forget_bound_actions()
    forget_turns()
    forget_addresses()


def game_text() -> str:
    return GAME.read_text(encoding="utf-8")


def with_variations(text: str, variations: str) -> str:
    """GAME's text with ``variations`` written right after the move :data:`BRANCH`."""
    return text.replace(BRANCH, BRANCH.rstrip("\n") + " " + variations + "\n", 1)


def nested(depth: int) -> str:
    """``depth`` variations, each inside the one before."""
    move = BRANCH.rstrip("\n")
    return f"({move} " * depth + ")" * depth
