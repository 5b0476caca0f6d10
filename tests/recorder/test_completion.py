"""Tab completion at the terminal: the options of the decision, word by word."""

from __future__ import annotations

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from mcn.recorder.completion import OptionCompleter


def completions(options: list[str], typed: str) -> list[str]:
    completer = OptionCompleter(options)
    found = completer.get_completions(Document(typed, len(typed)), CompleteEvent())
    return [completion.text for completion in found]


def test_a_whole_option_completes_word_by_word() -> None:
    options = ["buy bread", "buy wine", "greedy bread", "donate 5>I", "pass"]
    assert completions(options, "") == options
    assert completions(options, "b") == ["buy bread", "buy wine"]
    assert completions(options, "g b") == ["greedy bread"]
    assert completions(options, "DONATE 5") == ["donate 5>I"]
    assert completions(options, "buy ") == ["buy bread", "buy wine"]
    assert completions(options, "sell") == []


def test_a_chance_outcome_completes_the_word_being_typed() -> None:
    pieces = ["market", "bread", "wine", "cloth", "jewel", "indulgence"]
    assert completions(pieces, "market: bread br") == ["bread"]
    assert completions(pieces, "market: bread j") == ["jewel"]
