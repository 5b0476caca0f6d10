"""Tab completion of the options at a decision (prompt_toolkit; interactive use only)."""

from __future__ import annotations

from collections.abc import Iterator

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document


class OptionCompleter(Completer):
    """Completes a whole answer against the options word by word (``g b`` → ``greedy
    bread``); where the options are single words (the pieces of a chance outcome, which is
    typed as several of them), completes the word being typed."""

    def __init__(self, options: list[str]) -> None:
        self.options = options
        self.single = all(" " not in option for option in options)

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        text = document.text_before_cursor
        if self.single:
            word = document.get_word_before_cursor(WORD=True)
            for option in self.options:
                if option.lower().startswith(word.lower()):
                    yield Completion(option, start_position=-len(word))
            return
        typed = text.lower().split()
        if text.endswith(" ") or not typed:
            typed.append("")
        for option in self.options:
            words = option.lower().split()
            if len(typed) <= len(words) and all(
                word.startswith(part) for part, word in zip(typed, words, strict=False)
            ):
                yield Completion(option, start_position=-len(text))
