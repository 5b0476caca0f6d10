"""Where answers come from: a terminal (prompt_toolkit) or a script (one answer per line).

The interactive console uses prompt_toolkit: a line editor with history and tab completion
of the legal options, the same library IPython and pgcli use (docs/design.md, "Recording a
game"). The script console reads standard input line by line without buffering more than it
needs, so :meth:`ScriptConsole.pending` can tell whether the next answer is already waiting:
the recorder saves the file whenever it is about to wait for input.
"""

from __future__ import annotations

import os
import select
import sys
from collections.abc import Iterable
from typing import IO, Protocol

from mcn.terminal import visible


class Console(Protocol):
    """What the recorder needs from its user."""

    interactive: bool

    def ask(self, prompt: str, completions: Iterable[str] = ()) -> str:
        """The next answer (raises EOFError at the end of the input, KeyboardInterrupt on ^C)."""
        ...

    def say(self, text: str) -> None:
        """Tell the user something (progress, the options, what was understood)."""
        ...

    def warn(self, text: str) -> None:
        """Tell the user what went wrong with an answer."""
        ...

    def pending(self) -> bool:
        """Whether the next answer is already waiting (no need to save before reading it)."""
        ...


class ScriptConsole:
    """Answers from a stream, one per line; says nothing unless ``verbose``; a wrong answer
    is reported with its line number (``<stdin>:12: …``)."""

    interactive = False

    def __init__(self, stream: IO[bytes] | IO[str], err: IO[str], verbose: bool = False) -> None:
        self.stream = stream
        self.err = err
        self.verbose = verbose
        self.number = 0
        self._buffer = b""
        self._eof = False
        try:
            self._fd: int | None = stream.fileno()
        except (AttributeError, OSError, ValueError):
            self._fd = None

    def _line(self) -> str | None:
        if self._fd is None:
            raw = self.stream.readline()
            if not raw:
                return None
            return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        while b"\n" not in self._buffer and not self._eof:
            chunk = os.read(self._fd, 65536)
            if not chunk:
                self._eof = True
            self._buffer += chunk
        if not self._buffer:
            return None
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", "replace")

    def ask(self, prompt: str, completions: Iterable[str] = ()) -> str:
        line = self._line()
        if line is None:
            raise EOFError
        self.number += 1
        if self.verbose:
            self.err.write(visible(f"{prompt}{line.rstrip()}") + "\n")
        return line.rstrip("\r\n")

    def say(self, text: str) -> None:
        if self.verbose:
            self.err.write(visible(text, lines=True) + "\n")

    def warn(self, text: str) -> None:
        self.err.write(visible(f"<stdin>:{self.number}: {text}", lines=True) + "\n")
        self.err.flush()

    def pending(self) -> bool:
        if self._fd is None:
            return True  # an in-memory stream: everything is there already
        if b"\n" in self._buffer or self._eof:
            return True
        try:
            ready, _, _ = select.select([self._fd], [], [], 0)
        except (OSError, ValueError):
            return False
        return bool(ready)


class TerminalConsole:
    """A prompt_toolkit line editor with completion of the current options."""

    interactive = True

    def __init__(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self._session: PromptSession[str] = PromptSession(history=InMemoryHistory())

    def ask(self, prompt: str, completions: Iterable[str] = ()) -> str:
        from mcn.recorder.completion import OptionCompleter

        completer = OptionCompleter(list(completions))
        return self._session.prompt(prompt, completer=completer, complete_while_typing=False)

    def say(self, text: str) -> None:
        sys.stdout.write(visible(text, lines=True) + "\n")
        sys.stdout.flush()

    def warn(self, text: str) -> None:
        sys.stdout.write(visible(f"! {text}", lines=True) + "\n")
        sys.stdout.flush()

    def pending(self) -> bool:
        return False
