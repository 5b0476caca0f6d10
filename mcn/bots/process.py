"""A bot process: started from a command line, told messages, asked for answers with a
deadline. Whatever goes wrong — it exits, hangs past the deadline, writes garbage — becomes a
:class:`Forfeit` with a reason a person can read; the referee never hangs and never crashes
because of a bot."""

from __future__ import annotations

import contextlib
import os
import selectors
import shlex
import subprocess
import time
from typing import Any

from mcn.bots.protocol import encode

#: The longest answer line a bot may write (a move is short; a runaway bot is stopped).
MAX_LINE = 65536


class Forfeit(Exception):
    """A bot loses the game: ``reason`` says why (it exited, hung, or answered wrongly)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BotProcess:
    """One bot, as a child process speaking the protocol on its standard input and output."""

    def __init__(self, name: str, command: str) -> None:
        self.name = name
        self.command = command
        self.process: subprocess.Popen[bytes] | None = None
        self.buffer = b""

    def start(self) -> None:
        """Start the process (again, if it had died or was stopped)."""
        self.stop()
        try:
            self.process = subprocess.Popen(
                shlex.split(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        except OSError as error:
            self.process = None
            raise Forfeit(f"cannot start '{self.command}': {error.strerror or error}") from None
        self.buffer = b""

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def send(self, message: dict[str, Any]) -> None:
        """Tell the bot ``message`` (:class:`Forfeit` if it is gone)."""
        process = self.process
        if process is None or process.stdin is None or process.poll() is not None:
            raise Forfeit(self._gone())
        try:
            process.stdin.write(encode(message).encode("ascii"))
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise Forfeit(self._gone()) from None

    def ask(self, message: dict[str, Any], timeout: float | None) -> str:
        """Send ``message`` and wait for one answer line, at most ``timeout`` seconds."""
        self.send(message)
        return self.read_line(timeout)

    def read_line(self, timeout: float | None) -> str:
        process = self.process
        assert process is not None and process.stdout is not None
        deadline = None if timeout is None else time.monotonic() + timeout
        handle = process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(handle, selectors.EVENT_READ)
            while b"\n" not in self.buffer:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    self.stop()
                    raise Forfeit(f"no answer within {timeout:g} s (--move-time)")
                if not selector.select(left):
                    continue
                chunk = os.read(handle, 4096)
                if not chunk:
                    process.wait()
                    raise Forfeit(self._gone())
                self.buffer += chunk
                if len(self.buffer) > MAX_LINE:
                    self.stop()
                    raise Forfeit(f"an answer longer than {MAX_LINE} bytes")
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", "replace")

    def _gone(self) -> str:
        process = self.process
        if process is None:
            return "the bot is not running"
        status = process.poll()
        if status is None:
            return "the bot stopped reading"
        return f"the bot exited with status {status}"

    def stop(self) -> None:
        """End the process (politely closed input first; killed if it does not go)."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            try:
                if process.stdin is not None:
                    process.stdin.close()
                process.wait(timeout=0.5)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
