"""Where answers come from: a terminal (prompt_toolkit) or a script (one answer per line).

The interactive console uses prompt_toolkit: a line editor with history and tab completion
of the legal options, the same library IPython and pgcli use (docs/design.md, "Recording a
game"). The script console reads standard input line by line without buffering more than it
needs, so :meth:`ScriptConsole.pending` can tell whether the next answer is already waiting:
the recorder saves the file whenever it is about to wait for input.
"""

from __future__ import annotations

import asyncio
import os
import select
import shutil
import sys
from collections.abc import Callable, Iterable
from typing import IO, Any, Protocol

from mcn.io.terminal import visible

#: Seconds a resized window keeps its width before the options are shown again for it.
RESIZE_SETTLE = 0.2


class Console(Protocol):
    """What the recorder needs from its user."""

    interactive: bool

    def ask(
        self,
        prompt: str,
        completions: Iterable[str] = (),
        relist: Callable[[int], list[str]] | None = None,
    ) -> str:
        """The next answer (raises EOFError at the end of the input, KeyboardInterrupt on ^C);
        ``relist(columns)`` gives the question and its options anew for a terminal that is
        resized while the answer is typed."""
        ...

    def columns(self) -> int:
        """The width the options are laid out for."""
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
        self._ahead: list[str] = []  # lines looked at (peek) and not yet answered
        try:
            self._fd: int | None = stream.fileno()
        except (AttributeError, OSError, ValueError):
            self._fd = None

    def _line(self) -> str | None:
        if self._ahead:
            return self._ahead.pop(0)
        return self._read()

    def peek(self, count: int) -> list[str]:
        """Up to ``count`` next lines, left to be read as answers (fewer at the end)."""
        while len(self._ahead) < count:
            line = self._read()
            if line is None:
                break
            self._ahead.append(line)
        return [line.rstrip("\r\n") for line in self._ahead[:count]]

    def skip(self, count: int) -> None:
        """Pass over ``count`` lines (looked at with :meth:`peek`) without answering them."""
        for _ in range(count):
            if self._line() is None:
                break
            self.number += 1

    def _read(self) -> str | None:
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

    def ask(
        self,
        prompt: str,
        completions: Iterable[str] = (),
        relist: Callable[[int], list[str]] | None = None,
    ) -> str:
        line = self._line()
        if line is None:
            raise EOFError
        self.number += 1
        if self.verbose:
            self.err.write(visible(f"{prompt}{line.rstrip()}") + "\n")
        return line.rstrip("\r\n")

    def columns(self) -> int:
        return shutil.get_terminal_size((80, 24)).columns

    def say(self, text: str) -> None:
        if self.verbose:
            self.err.write(visible(text, lines=True) + "\n")

    def warn(self, text: str) -> None:
        self.err.write(visible(f"<stdin>:{self.number}: {text}", lines=True) + "\n")
        self.err.flush()

    def pending(self) -> bool:
        if self._fd is None or self._ahead:
            return True  # an in-memory stream: everything is there already
        if b"\n" in self._buffer or self._eof:
            return True
        try:
            ready, _, _ = select.select([self._fd], [], [], 0)
        except (OSError, ValueError):
            return False
        return bool(ready)


class TerminalConsole:
    """A prompt_toolkit line editor with completion of the current options.

    The options are laid out for the terminal's width as it is when they are shown; when the
    window is resized while an answer is typed (SIGWINCH, which prompt_toolkit answers by
    drawing the prompt anew), the question and its options are shown again above the prompt,
    laid out for the new width."""

    interactive = True

    def __init__(self) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self._session: PromptSession[str] = PromptSession(history=InMemoryHistory())
        self._relist: Callable[[int], list[str]] | None = None
        self._width = 0
        self._settling: asyncio.TimerHandle | None = None
        self._session.app.before_render += self._resized

    def ask(
        self,
        prompt: str,
        completions: Iterable[str] = (),
        relist: Callable[[int], list[str]] | None = None,
    ) -> str:
        from mcn.recorder.completion import OptionCompleter

        completer = OptionCompleter(list(completions))
        self._relist, self._width = relist, self.columns()
        try:
            return self._session.prompt(prompt, completer=completer, complete_while_typing=False)
        finally:
            self._relist = None
            if self._settling is not None:
                self._settling.cancel()
                self._settling = None

    def columns(self) -> int:
        """The terminal's own width (not a COLUMNS variable, which a resize leaves behind)."""
        try:
            return os.get_terminal_size(sys.stdout.fileno()).columns
        except (OSError, ValueError):
            return shutil.get_terminal_size((80, 24)).columns

    def _resized(self, app: Any) -> None:
        """Before each drawing of the prompt: if the width changed since the options were
        laid out, show them again above the prompt for the new width — once the window has
        kept its size for a moment (a window dragged wider sends many SIGWINCH: one list)."""
        if self._relist is None or app.output.get_size().columns == self._width:
            return
        if self._settling is not None:
            self._settling.cancel()
        self._settling = asyncio.get_running_loop().call_later(RESIZE_SETTLE, self._relay, app)

    def _relay(self, app: Any) -> None:
        from prompt_toolkit.application import run_in_terminal

        self._settling = None
        width = app.output.get_size().columns
        relist = self._relist
        if relist is None or width == self._width or not app.is_running:
            return
        self._width = width
        lines = relist(width)
        run_in_terminal(lambda: self.say("\n".join(lines)))

    def say(self, text: str) -> None:
        sys.stdout.write(visible(text, lines=True) + "\n")
        sys.stdout.flush()

    def warn(self, text: str) -> None:
        sys.stdout.write(visible(f"! {text}", lines=True) + "\n")
        sys.stdout.flush()

    def pending(self) -> bool:
        return False
