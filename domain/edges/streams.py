"""Read an input file and write to the terminal the way both commands must: bounded, printable, whole.

Input is read as UTF-8 up to `MAX_INPUT_CHARS` (so `/dev/zero` is refused,
not read forever); a FIFO that no writer opens within `INPUT_WAIT_SECONDS`
is refused, never waited on forever.  Output is built whole before a single write, with every
character a terminal must not receive raw (control characters, lone
surrogates, bidi overrides) escaped, and encoded for the stream's own
encoding with backslash escapes, so no input text can make a command print
half its output and then raise.  A reader that closes the pipe early
(`launch_dry_run ... | head -1`) ends the command quietly with the shell's
SIGPIPE status, `EXIT_BROKEN_PIPE`, never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import select
import stat
import sys
from collections.abc import Sequence
from typing import TextIO

from attrs import frozen

from domain.core.outcome import Admitted, Reason, Refused
from domain.edges.command_output import EXIT_BROKEN_PIPE

__all__ = [
    "EXIT_BROKEN_PIPE",
    "INPUT_WAIT_SECONDS",
    "MAX_INPUT_CHARS",
    "InputUnreadable",
    "emit",
    "flushed",
    "printable",
    "read_input",
]

MAX_INPUT_CHARS = 64 * 2**20
"""The largest input either command reads (64 Mi characters; a real log or packet is a few KiB)."""

INPUT_WAIT_SECONDS = 10
"""How long either command waits for a writer to open an input that is a FIFO before it refuses it."""


@frozen
class InputUnreadable(Reason):
    """Say an input file cannot be read as bounded UTF-8 text, located at its path."""


def _opened_without_waiting(path: str, flags: int) -> int:
    # O_NONBLOCK: opening a FIFO no writer holds would block until one comes; this returns at once instead.
    return os.open(path, flags | os.O_NONBLOCK)


def _writer_came(fd: int, seconds: float) -> bool:
    """Wait up to `seconds` for a FIFO to hold data or be closed by a writer; say whether one came."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    # Linux reports no hang-up on a FIFO no writer has opened yet, so an empty result means none came.
    return bool(poller.poll(max(0, int(seconds * 1000))))


def read_input(
    path: str, what: str, limit: int | None = None, wait: float = INPUT_WAIT_SECONDS
) -> Admitted[str] | Refused:
    """Read a file's text as UTF-8, at most `limit` characters (default `MAX_INPUT_CHARS`); refuse, at its path, one that cannot be read whole.

    A FIFO is waited on at most `wait` seconds for a writer to write or close it (a `<(...)` pipe has one already).
    """
    most = MAX_INPUT_CHARS if limit is None else limit
    where = path if path.strip() else repr(path)
    try:
        with open(path, encoding="utf-8", opener=_opened_without_waiting) as handle:
            fd = handle.fileno()
            if stat.S_ISFIFO(os.fstat(fd).st_mode) and not _writer_came(fd, wait):
                return Refused(
                    (
                        InputUnreadable(
                            where, f"expected a writer to open this FIFO within {wait:g} s, none did; {what} not read"
                        ),
                    )
                )
            os.set_blocking(fd, True)
            text = handle.read(most + 1)
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: an embedded NUL byte in the path
        return Refused((InputUnreadable(where, f"expected a readable UTF-8 {what}, got {type(exc).__name__}: {exc}"),))
    if len(text) > most:
        return Refused(
            (InputUnreadable(where, f"expected at most {most} characters of {what}, got more; it was not read"),)
        )
    return Admitted(text)


def _escaped(char: str) -> str:
    return char.encode("unicode_escape").decode("ascii")


def printable(line: str) -> str:
    """Escape every character of one line that is not printable (`\\x1b`, `\\n`, `\\ud800`, `\\u202e`)."""
    if line.isprintable():
        return line
    return "".join(char if char.isprintable() else _escaped(char) for char in line)


def _block(lines: Sequence[str], stream: TextIO) -> str:
    text = "".join(printable(line) + "\n" for line in lines)
    encoding = getattr(stream, "encoding", None) or "utf-8"
    # An ASCII or Latin-1 terminal cannot encode every printable character either.
    return text.encode(encoding, "backslashreplace").decode(encoding)


def _silence(stream: TextIO) -> None:
    # Point the closed stream's descriptor at /dev/null, so the flush at exit cannot raise again.
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):  # a captured stream (pytest's capsys) has no descriptor
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def _failed(stream: TextIO, exc: OSError) -> None:
    # A failed device (`> /dev/full`, a revoked descriptor), not a closed reader: the exit code still
    # carries the outcome, so say what failed on stderr if stderr is another, working stream.
    _silence(stream)
    if stream is sys.stdout and sys.stderr is not None:
        with contextlib.suppress(OSError):
            sys.stderr.write(f"stdout: expected a writable stream, got {type(exc).__name__}: {exc.strerror or exc}\n")
            sys.stderr.flush()


def emit(out: Sequence[str] = (), err: Sequence[str] = ()) -> bool:
    """Write whole escaped lines to stderr then stdout; return False when a reader closed the pipe."""
    for lines, stream in ((err, sys.stderr), (out, sys.stdout)):
        if not lines or stream is None:  # started with the descriptor closed (`>&-`): as print() does, say nothing
            continue
        try:
            stream.write(_block(lines, stream))
            stream.flush()
        except BrokenPipeError:
            _silence(stream)
            return False
        except OSError as exc:
            _failed(stream, exc)
    return True


def flushed() -> bool:
    """Flush stdout and stderr (what argparse printed); return False when a reader closed the pipe."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:
            stream.flush()
        except BrokenPipeError:
            _silence(stream)
            return False
        except OSError as exc:
            _failed(stream, exc)
    return True
