"""What to read: the files named on the command line and found in directories, and how to
decode each one.

Nothing is skipped silently. A directory is walked recursively (submissions arrive in
sub-folders such as ``late/``); a file is read when its name matches one of the ``include``
globs — by default ``*.mcn``, compared case-insensitively so ``a.MCN`` counts — and every other
file is listed as skipped, with the reason. Hidden files and folders (``.git``, ``.DS_Store``)
and symbolic links to folders (never followed: no loops) are skipped too, and listed as well.
A file named on the command line is always read.

Encodings (``--encoding auto``, the default): a byte-order mark decides (UTF-8, UTF-16 LE/BE,
UTF-32 LE/BE); without one the file is UTF-8 when all of it decodes as UTF-8, otherwise it is
read as Windows-1252 (Latin-1 when it holds a byte Windows-1252 leaves undefined) with a
warning naming the file. An explicit encoding is used as given for every file.
"""

from __future__ import annotations

import codecs
import fnmatch
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Final

AUTO: Final = "auto"
DEFAULT_INCLUDE: Final = ("*.mcn",)
#: Byte-order marks, longest first (the UTF-32 LE mark begins with the UTF-16 LE one).
_BOMS: Final = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
#: Bytes decoded at a time when scanning a file's encoding (the warning's byte offset counts
#: back the bytes of a cut character the decoder kept, so it does not depend on the block).
_SCAN_BLOCK: Final = 1 << 20
#: ... but a block is first read in pieces of this size and only checked to be ASCII: a new
#: megabyte each time is a fresh mapping of memory (4.6 MB scanned in 4.4-5.9 ms of CPU cold,
#: loaded, against 1.5-2.4 ms in these pieces, which reuse the same memory). A block that is
#: not all ASCII is read again whole and decoded.
_SCAN_PIECE: Final = 1 << 16


@dataclass(frozen=True, slots=True)
class Skipped:
    """A file found in a directory and not read, and why."""

    path: str
    reason: str

    def to_json(self) -> dict[str, str]:
        return {"file": self.path, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Inputs:
    """The files to read, in order, and the files skipped."""

    files: tuple[str, ...]
    skipped: tuple[Skipped, ...]
    #: Whether a directory was among the paths (for messages: "no file matched").
    directories: tuple[str, ...] = ()


def matches(name: str, include: Sequence[str]) -> bool:
    """Whether the file name ``name`` matches one of the globs, ignoring case."""
    lowered = name.lower()
    return any(fnmatch.fnmatchcase(lowered, pattern.lower()) for pattern in include)


def collect(paths: Iterable[str], include: Sequence[str] = DEFAULT_INCLUDE) -> Inputs:
    """The files under ``paths``: files as given (``-`` is standard input), and under each
    directory, recursively and sorted, those whose name matches ``include``."""
    files: list[str] = []
    skipped: list[Skipped] = []
    directories: list[str] = []
    patterns = tuple(include) or DEFAULT_INCLUDE
    for path in paths:
        if path == "-" or not os.path.isdir(path):
            files.append(path)
            continue
        directories.append(path)
        for root, folders, names in os.walk(path):
            for folder in sorted(folders):
                if folder.startswith("."):
                    skipped.append(Skipped(str(Path(root, folder)), "hidden folder"))
                elif os.path.islink(Path(root, folder)):
                    reason = "symbolic link to a folder (not followed; name it to read it)"
                    skipped.append(Skipped(str(Path(root, folder)), reason))
            folders[:] = sorted(
                f for f in folders if not f.startswith(".") and not os.path.islink(Path(root, f))
            )
            for name in sorted(names):
                full = str(Path(root, name))
                if name.startswith("."):
                    skipped.append(Skipped(full, "hidden file"))
                elif not os.path.isfile(full):
                    skipped.append(Skipped(full, "not a regular file"))
                elif matches(name, patterns):
                    files.append(full)
                else:
                    wanted = " or ".join(patterns)
                    skipped.append(Skipped(full, f"name does not match {wanted}"))
    return Inputs(tuple(files), tuple(skipped), tuple(directories))


def check_encoding(name: str) -> None:
    """Raise LookupError unless ``name`` is ``auto`` or a text encoding Python knows (not a
    bytes-to-bytes codec such as ``base64``, nor ``rot13``) that can carry MCN text (not
    ``undefined``, which encodes nothing)."""
    if name.lower() == AUTO:
        return
    try:
        info = codecs.lookup(name)
    except LookupError:
        raise LookupError(f"unknown encoding '{name}'") from None
    if not getattr(info, "_is_text_encoding", True) or info.name == "rot-13":
        raise LookupError(f"'{name}' is not a text encoding")
    probe = '[Event "x"]\n'
    try:
        if probe.encode(name).decode(name) != probe:
            raise UnicodeError("the probe did not survive")
    except (UnicodeError, LookupError, ValueError, TypeError):
        raise LookupError(f"'{name}' cannot encode MCN text (e.g. '[Event')") from None


@dataclass(frozen=True, slots=True)
class Detected:
    """The encoding chosen for a file, and the warning to give about it (if any)."""

    encoding: str
    warning: str | None = None


def detect(path: str) -> Detected:
    """Decide the encoding of the file at ``path`` (see the module docstring).

    The whole file is scanned with an incremental UTF-8 decoder (constant memory); that costs
    a small fraction of parsing it. A block of ASCII bytes is UTF-8 and is skipped, unless the
    decoder holds the first bytes of a character from the block before: ``bytes.isascii`` is
    many times faster than decoding, and the scan is serial time before ``--jobs`` can share
    any work (5–8 ms of 1,000 games' 4.6 MB, loaded, against 1–2 ms).
    """
    with open(path, "rb") as handle:
        head = handle.read(4)
        for bom, encoding in _BOMS:
            if head.startswith(bom):
                return Detected(encoding)
        handle.seek(0)
        decoder = codecs.getincrementaldecoder("utf-8")()
        offset = 0
        held = 0  # bytes of a character cut at the last block's end, kept by the decoder
        try:
            while size := _ascii_block(handle):
                if size < 0 or held:
                    handle.seek(offset)
                    block = handle.read(_SCAN_BLOCK)
                    decoder.decode(block)
                    held = len(decoder.getstate()[0])
                    size = len(block)
                offset += size
            decoder.decode(b"", final=True)
            return Detected("utf-8")
        except UnicodeDecodeError as problem:
            # The decoder counts from the bytes it kept: they began ``held`` bytes earlier.
            at = offset - held + problem.start
        handle.seek(0)
        undefined = False
        while block := handle.read(_SCAN_BLOCK):
            try:
                block.decode("cp1252")
            except UnicodeDecodeError:
                undefined = True
                break
    fallback, label = ("latin-1", "Latin-1") if undefined else ("cp1252", "Windows-1252")
    return Detected(
        fallback,
        f"not UTF-8 (byte offset {at}): read as {label}; check the names in this file, or "
        "give --encoding",
    )


def _ascii_block(handle: BinaryIO) -> int:
    """Read the next block (:data:`_SCAN_BLOCK` bytes, fewer at the end) in pieces: its size
    if it is all ASCII, -1 at its first piece that is not (read no further), 0 at the end."""
    size = 0
    while size < _SCAN_BLOCK:
        piece = handle.read(min(_SCAN_PIECE, _SCAN_BLOCK - size))
        if not piece:
            break
        if not piece.isascii():
            return -1
        size += len(piece)
    return size


def encoding_for(path: str, requested: str | None) -> Detected:
    """The encoding to read ``path`` with: ``requested`` as given, or detected for ``auto``
    (and for None). Standard input cannot be scanned twice: it is read as UTF-8 (a byte-order
    mark of UTF-8 or UTF-16 is still honoured by the reader)."""
    if requested is not None and requested.lower() != AUTO:
        return Detected(requested)
    if path == "-" or not os.path.isfile(path):  # a pipe or device (/dev/zero) is read once
        return Detected("utf-8")
    try:
        return detect(path)
    except OSError:
        return Detected("utf-8")  # the reader reports the problem with the file


def cpu_count() -> int:
    """The cores this process may use (the affinity mask, where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def effective_jobs(jobs: int) -> int:
    """``--jobs`` capped at the cores available: more processes than cores only add work
    (docs/notation.md, "Limits"); a capped value is said on standard error."""
    cores = cpu_count()
    if jobs > cores:
        print(f"note: --jobs {jobs} capped at {cores}, the number of cores", file=sys.stderr)
    return max(1, min(jobs, cores))
