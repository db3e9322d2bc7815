"""Capture everything a claim writes: file descriptors 1 and 2, sys.stdout/stderr, logging, a crash dump.

A worker points fds 1 and 2 at one append-only file for its whole life, so
nothing a claim prints (from Python, from C, from a subprocess it starts)
reaches the supervisor's report streams.  After each claim the worker takes
what was written (head and tail, when it is long) and empties the file.
faulthandler writes there too, so the supervisor can show the Python stack
of a worker that died in a segfault.
"""

from __future__ import annotations

import faulthandler
import io
import logging
import os
import sys

KEEP = 32 * 1024
"""Bytes kept from each end of a claim's output; the middle of a longer one is elided."""


def tail_of(path: str, keep: int = KEEP) -> str:
    """Return the head and tail of a capture file (used by the supervisor after a worker died)."""
    try:
        with open(path, "rb") as handle:
            return _shorten(handle, os.fstat(handle.fileno()).st_size, keep)
    except OSError:
        return ""


def _shorten(handle: io.BufferedReader, size: int, keep: int) -> str:
    if size <= 2 * keep:
        handle.seek(0)
        data = handle.read(size)
    else:
        handle.seek(0)
        head = handle.read(keep)
        handle.seek(size - keep)
        tail = handle.read(keep)
        data = head + f"\n... {size - 2 * keep} bytes of output elided ...\n".encode() + tail
    return data.decode("utf-8", errors="backslashreplace")


class Capture:
    """Own fds 1 and 2 of this (worker) process; hand back each claim's output."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(self.fd, 1)
        os.dup2(self.fd, 2)
        # Line-buffered text streams over the same file, so Python and C output interleave in order.
        sys.stdout = open(1, "w", encoding="utf-8", errors="backslashreplace", buffering=1, closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", buffering=1, closefd=False)
        self.streams = (sys.stdout, sys.stderr)
        self.handler = logging.StreamHandler(sys.stderr)
        self.handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        logging.root.handlers[:] = [self.handler]
        faulthandler.enable(file=sys.stderr, all_threads=False)

    def take(self) -> str:
        """Return what was written since the last take, then empty the file."""
        for stream in {sys.stdout, sys.stderr, *self.streams}:
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass  # a claim closed or replaced its stream: what reached the file is still read
        # A claim that swapped the streams or the log handlers leaves them swapped for itself only.
        sys.stdout, sys.stderr = self.streams
        logging.root.handlers[:] = [self.handler]
        size = os.fstat(self.fd).st_size
        if size == 0:
            return ""
        with open(self.path, "rb") as handle:
            text = _shorten(handle, size, KEEP)
        os.ftruncate(self.fd, 0)
        return text
