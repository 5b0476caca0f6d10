"""The one safe writer: every file mcn writes goes through here.

A record is often its owner's only copy of a game, so a write must never leave it half done.
Every function here writes to a temporary file in the target's own directory, flushes and
fsyncs it, gives it the original's permissions (mode; owner and group too when running as
root), checks that the target has not changed since the caller read it, then renames it over
the target with :func:`os.replace` (atomic on POSIX) and fsyncs the directory. Whatever goes
wrong — a full disk, a read-only file, a kill signal, an unencodable character, an exception
in the caller's own writing loop — the target keeps its old bytes exactly and the temporary
file is removed (after SIGKILL a stray ``.NAME.*.mcn-tmp`` may remain; the target is intact).

How to use it (the recorder, the HTML viewer, filters — every new writer):

* Whole text at once::

      from mcn.io.safe_write import WriteError, write_text_atomic
      try:
          write_text_atomic(path, text)                # UTF-8, newlines kept as given
      except WriteError as problem:
          click.echo(str(problem), err=True)           # "PATH: error: cannot write: ..."
          sys.exit(1)

* Streaming, for large outputs written game by game::

      with atomic_open(path) as out:                   # text mode, UTF-8, newline=""
          for game in games:
              out.write(write(game))

  An exception inside the block discards everything written; the target is untouched.

* Rewriting a file in place (``fmt -i``): read it with :func:`read_for_update`, which returns
  its bytes and a :class:`Fingerprint` (size, mtime, inode, device and a BLAKE2 digest of the
  bytes read); pass that as ``expected=``. If anyone appended to or replaced the file in the
  meantime, :class:`ChangedError` (a :class:`WriteError`) is raised and nothing is written.

Details a caller may rely on:

* A symbolic link is followed: its target is replaced, the link stays a link.
* A target that exists but is not a regular file (``/dev/null``, a FIFO, a terminal) is
  written directly — it cannot be replaced atomically, and must never be replaced by a file.
* A name of one of this process's descriptors (``/dev/stdout``, ``/dev/stderr``,
  ``/dev/fd/N``, ``/proc/self/fd/N``) is written through a copy of that descriptor, whatever
  it is open on: ``-o /dev/stdout >> log.txt`` appends to log.txt, into a pipe it writes the
  pipe. It is never resolved to the file behind it and replaced.
* A file the running command reads (any file named by its arguments or options other than
  the output; same device and inode, links followed) is never replaced: a
  :class:`WriteError` says it is an input. Only an in-place update that passes ``expected``
  (``fmt -i``) writes over its input.
* A target the user may not write is refused, as a plain ``open`` would refuse it, and so is a
  file with no write permission bit at all (``chmod a-w``), even for root; so is a directory,
  and a missing parent directory unless ``make_parents=True``.
* A new file gets the mode a plain ``open`` would give it (0666 minus the umask).
* Hard links to the target are not preserved (the name points at the new file), as with
  every atomic editor.

Every failure is a :class:`WriteError` whose ``str()`` is one line ``PATH: error: ...`` for the
user; the commands print it and exit with status 1.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import IO, Any, Final, Literal

__all__ = [
    "ChangedError",
    "Fingerprint",
    "WriteError",
    "atomic_open",
    "fingerprint_file",
    "read_for_update",
    "write_bytes_atomic",
    "write_text_atomic",
]

_TEMP_SUFFIX = ".mcn-tmp"
_CHUNK = 1 << 20
#: How the temporary file is opened, as :func:`tempfile.mkstemp` opens one: made by this very
#: call, never an existing file or a link planted under its name (``O_EXCL``; a link is not
#: followed with it); like every descriptor Python opens, it is not inherited by child
#: processes (PEP 446). tempfile itself is not imported: it imports shutil and with it bz2 and
#: lzma, milliseconds of the start of every command that writes a file (``mcn html``, issue 34).
_TEMP_FLAGS: Final = os.O_WRONLY | os.O_CREAT | os.O_EXCL
#: Random names tried before giving up (each is 48 random bits: a clash means someone else
#: fills the folder with such names on purpose).
_TEMP_TRIES: Final = 100


class WriteError(Exception):
    """A file could not be written; the target (if any) is unchanged."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        from mcn.io.terminal import one_line

        self.path = os.fspath(path)
        self.reason = reason
        # the message is printed as it is: the name the user gave, shown escaped (issue 24)
        super().__init__(f"{one_line(self.path)}: error: cannot write: {one_line(reason)}")


class ChangedError(WriteError):
    """The target changed after it was read: writing would lose someone else's edits."""


@dataclass(frozen=True)
class Fingerprint:
    """What a file looked like when it was read: compared again just before replacing it.

    ``digest`` (BLAKE2b of the content) is optional; with it, a rewrite of the same size within
    one timestamp tick is caught too.
    """

    size: int
    mtime_ns: int
    inode: int
    device: int
    digest: bytes | None = None

    @classmethod
    def from_stat(cls, status: os.stat_result, digest: bytes | None = None) -> Fingerprint:
        return cls(status.st_size, status.st_mtime_ns, status.st_ino, status.st_dev, digest)

    @classmethod
    def of(cls, path: str | os.PathLike[str]) -> Fingerprint | None:
        """The stat fingerprint of ``path`` now (None if it does not exist)."""
        try:
            return cls.from_stat(os.stat(path))
        except FileNotFoundError:
            return None

    def same_stat(self, status: os.stat_result) -> bool:
        return (self.size, self.mtime_ns, self.inode, self.device) == (
            status.st_size,
            status.st_mtime_ns,
            status.st_ino,
            status.st_dev,
        )


def _digest(data: bytes) -> bytes:
    import hashlib  # only a rewrite in place takes fingerprints: not at every writer's start

    return hashlib.blake2b(data, digest_size=32).digest()


def read_for_update(path: str | os.PathLike[str]) -> tuple[bytes, Fingerprint]:
    """The bytes of ``path`` and the fingerprint to pass back as ``expected=`` when rewriting it.

    Raises :class:`OSError` as ``open`` does, or (EINVAL) for something that is not a regular
    file (the caller reports it as a read error).
    """
    with open(path, "rb") as handle:
        before = os.fstat(handle.fileno())
        if not stat.S_ISREG(before.st_mode):  # a device or a pipe cannot be rewritten
            raise OSError(errno.EINVAL, "not a regular file")
        data = handle.read()
    return data, Fingerprint.from_stat(before, _digest(data))


def fingerprint_file(path: str | os.PathLike[str]) -> Fingerprint:
    """The fingerprint of ``path`` as it is now, digest included, read in pieces: for a caller
    that streams the file instead of holding it (``fmt -i`` of a big archive). Take it before
    reading the content: a change in between is then caught as a change. Raises like
    :func:`read_for_update`."""
    with open(path, "rb") as handle:
        before = os.fstat(handle.fileno())
        if not stat.S_ISREG(before.st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
    return Fingerprint.from_stat(before, _file_digest(os.fspath(path)))


def _file_digest(path: str) -> bytes:
    import hashlib

    hasher = hashlib.blake2b(digest_size=32)
    with open(path, "rb") as handle:
        while chunk := handle.read(_CHUNK):
            hasher.update(chunk)
    return hasher.digest()


def _reason(problem: OSError) -> str:
    return problem.strerror or str(problem)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _check_unchanged(target: str, shown: str, expected: Fingerprint | None) -> None:
    if expected is None:
        return
    try:
        status = os.stat(target)
    except FileNotFoundError:
        raise ChangedError(shown, "the file was removed after it was read") from None
    if not expected.same_stat(status) or (
        expected.digest is not None and _file_digest(target) != expected.digest
    ):
        raise ChangedError(shown, "the file changed after it was read (not overwritten; run again)")


def _resolve(path: str | os.PathLike[str], make_parents: bool) -> tuple[str, os.stat_result | None]:
    """The real file to replace (symlinks followed) and its status (None if it is new)."""
    shown = os.fspath(path)
    if shown == "":
        raise WriteError(shown, "empty file name")
    target = os.path.realpath(shown)
    try:
        status: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        status = None
    except OSError as problem:
        raise WriteError(shown, _reason(problem)) from None
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise WriteError(shown, "it is a directory")
    folder = os.path.dirname(target) or "."
    if status is None and not os.path.isdir(folder):
        if not make_parents:
            raise WriteError(shown, f"no such directory: {os.path.dirname(shown) or '.'}")
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as problem:
            raise WriteError(shown, _reason(problem)) from None
    # A replacing rename only needs the directory to be writable, and root may write anything:
    # so honour the file's own permission bits, as an editor does without '!'.
    if (
        status is not None
        and stat.S_ISREG(status.st_mode)
        and (not status.st_mode & 0o222 or not os.access(target, os.W_OK))
    ):
        raise WriteError(shown, "permission denied (the file is read-only)")
    return target, status


def _temporary(folder: str, target: str) -> tuple[int, str]:
    """A new file ``.NAME.RANDOM.mcn-tmp`` beside ``target`` in ``folder``, open for writing
    and readable by its owner only (it gets the target's mode once written): its descriptor
    and path. Raises :class:`OSError` when none can be made."""
    prefix = os.path.join(folder, f".{os.path.basename(target)}.")
    for _ in range(_TEMP_TRIES):
        path = prefix + os.urandom(6).hex() + _TEMP_SUFFIX
        try:
            return os.open(path, _TEMP_FLAGS, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary file name", folder)


def _fsync_directory(folder: str) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # some systems cannot open directories; the rename itself is done
    try:
        with suppress(OSError):  # not every filesystem can fsync a directory
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


@contextmanager
def atomic_open(
    path: str | os.PathLike[str],
    mode: Literal["w", "wb"] = "w",
    *,
    encoding: str = "utf-8",
    newline: str | None = "",
    expected: Fingerprint | None = None,
    make_parents: bool = False,
) -> Iterator[IO[Any]]:
    """Open ``path`` for writing through a temporary file; replace ``path`` only on success.

    ``mode`` is ``"w"`` (text; ``encoding``, ``newline=""`` writes newlines as given) or
    ``"wb"``. On leaving the block normally the data is fsynced, ``expected`` checked, and the
    temporary file renamed over ``path``; on an exception it is deleted and the exception
    propagates (an :class:`OSError` or :class:`UnicodeEncodeError` from writing is turned into
    :class:`WriteError`). Raises :class:`WriteError` if ``path`` cannot be written.
    """
    shown = os.fspath(path)
    descriptor_number = _descriptor_named(shown)
    if descriptor_number is not None:
        yield from _write_descriptor(descriptor_number, shown, mode, encoding, newline)
        return
    target, status = _resolve(path, make_parents)
    if status is not None and not stat.S_ISREG(status.st_mode):
        yield from _write_special(target, shown, mode, encoding, newline)
        return
    if status is not None and expected is None:
        _refuse_an_input(shown, status)
    _check_unchanged(target, shown, expected)
    folder = os.path.dirname(target) or "."
    try:
        descriptor, temporary = _temporary(folder, target)
    except OSError as problem:
        raise WriteError(
            shown, f"cannot create a temporary file in {folder}: {_reason(problem)}"
        ) from None
    owned = False  # once a file object owns the descriptor, it closes it
    try:
        if status is not None:
            if os.geteuid() == 0:
                os.fchown(descriptor, status.st_uid, status.st_gid)
            os.fchmod(descriptor, stat.S_IMODE(status.st_mode))
        else:
            os.fchmod(descriptor, 0o666 & ~_umask())
        if mode == "wb":
            handle: IO[Any] = os.fdopen(descriptor, "wb")
        else:
            handle = os.fdopen(descriptor, "w", encoding=encoding, newline=newline)
        owned = True
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        _check_unchanged(target, shown, expected)
        os.replace(temporary, target)
    except BaseException as problem:
        if not owned:
            with suppress(OSError):
                os.close(descriptor)
        with suppress(OSError):
            os.unlink(temporary)
        if isinstance(problem, WriteError):
            raise
        if isinstance(problem, OSError):
            raise WriteError(shown, _reason(problem)) from None
        if isinstance(problem, UnicodeEncodeError):
            character = problem.object[problem.start : problem.start + 1]
            raise WriteError(
                shown, f"{problem.encoding} cannot encode {character!r}: {problem.reason}"
            ) from None
        raise
    _fsync_directory(folder)


_DESCRIPTOR_PATH = re.compile(r"/(?:dev/(?:std(out|err)|fd/(\d+))|proc/self/fd/(\d+))")


def _descriptor_named(shown: str) -> int | None:
    """The open descriptor ``shown`` names (``/dev/stdout``, ``/dev/fd/3``,
    ``/proc/self/fd/1``), if any. Such a name is a descriptor of this process, whatever it
    is open on: resolved to the file behind it and replaced, ``-o /dev/stdout >> log.txt``
    destroyed log.txt's earlier lines; with a pipe behind it there is nothing to replace."""
    match = _DESCRIPTOR_PATH.fullmatch(os.path.abspath(shown))
    if match is None:
        return None
    std, fd, proc = match.groups()
    if std is not None:
        return 1 if std == "out" else 2
    return int(fd if fd is not None else proc)


def _write_descriptor(
    number: int, shown: str, mode: str, encoding: str, newline: str | None
) -> Iterator[IO[Any]]:
    """Write through a copy of descriptor ``number``: its file, pipe or terminal gets the bytes
    at its own position and with its own flags (``>>`` appends), and nothing is replaced."""
    import sys

    for stream in (sys.stdout, sys.stderr):
        with suppress(AttributeError, OSError, ValueError):
            if stream.fileno() == number:
                stream.flush()
    try:
        copy = os.dup(number)
    except OSError as problem:
        raise WriteError(shown, _reason(problem)) from None
    try:
        if mode == "wb":
            handle: IO[Any] = os.fdopen(copy, "wb")
        else:
            handle = os.fdopen(copy, "w", encoding=encoding, newline=newline)
    except OSError as problem:
        os.close(copy)
        raise WriteError(shown, _reason(problem)) from None
    yield from _written(handle, shown)


def _written(handle: IO[Any], shown: str) -> Iterator[IO[Any]]:
    """Hand ``handle`` to the writer and close it; a failure of the device or of the encoding
    becomes a WriteError naming the output (for the outputs written directly, not replaced)."""
    try:
        with handle:
            yield handle
    except OSError as problem:
        raise WriteError(shown, _reason(problem)) from None
    except UnicodeEncodeError as problem:
        raise WriteError(shown, f"{problem.encoding} cannot encode: {problem.reason}") from None


def _command_inputs() -> list[str]:
    """The files named by the running command's arguments and options, but its output: what
    an output must never replace. Outside a command (the library) there are none."""
    import click

    context = click.get_current_context(silent=True)
    found: list[str] = []
    while context is not None:
        for name, value in context.params.items():
            if name in ("output", "out", "in_place"):
                continue
            values = value if isinstance(value, (tuple, list)) else (value,)
            found.extend(v for v in values if isinstance(v, str) and v not in ("", "-"))
        context = context.parent
    return found


def _refuse_an_input(shown: str, status: os.stat_result) -> None:
    """Refuse to replace a file this command reads (same device and inode, links followed):
    ``export X.mcn --as R -o X.mcn`` left a redacted X.mcn, its secrets gone for good. Only
    an explicit in-place update (``fmt -i``, which passes ``expected``) may."""
    for name in _command_inputs():
        try:
            other = os.stat(name)
        except (OSError, ValueError):
            continue
        if (other.st_dev, other.st_ino) == (status.st_dev, status.st_ino):
            raise WriteError(
                shown,
                f"it is an input of this command ({name}); write the output elsewhere",
            )


def _write_special(
    target: str, shown: str, mode: str, encoding: str, newline: str | None
) -> Iterator[IO[Any]]:
    """Write straight into a device or FIFO (``-o /dev/null``): it cannot be replaced."""
    try:
        if mode == "wb":
            handle: IO[Any] = open(target, "wb")  # noqa: SIM115 - closed below
        else:
            handle = open(target, "w", encoding=encoding, newline=newline)  # noqa: SIM115
    except OSError as problem:
        raise WriteError(shown, _reason(problem)) from None
    yield from _written(handle, shown)


def write_bytes_atomic(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    expected: Fingerprint | None = None,
    make_parents: bool = False,
) -> None:
    """Replace ``path`` with ``data`` atomically (see the module docstring)."""
    with atomic_open(path, "wb", expected=expected, make_parents=make_parents) as handle:
        handle.write(data)


def write_text_atomic(
    path: str | os.PathLike[str],
    text: str,
    *,
    encoding: str = "utf-8",
    expected: Fingerprint | None = None,
    make_parents: bool = False,
) -> None:
    """Replace ``path`` with ``text`` atomically; newlines are written exactly as given.

    The text is encoded before anything is created, so an unencodable character (a lone
    surrogate) fails without touching the disk.
    """
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError as problem:
        character = problem.object[problem.start : problem.start + 1]
        raise WriteError(
            path, f"{problem.encoding} cannot encode {character!r}: {problem.reason}"
        ) from None
    except LookupError:
        raise WriteError(path, f"unknown encoding {encoding!r}") from None
    write_bytes_atomic(path, data, expected=expected, make_parents=make_parents)
