"""Show a sweep's progress and notes on stderr: the listener `claim_batch mutate` hands the engine.

Each phase the engine runs gets a progress bar (silent with --quiet), and
every note it has to say is a line on stderr; stdout keeps the results.
"""

from __future__ import annotations

import sys

from claims._internal.mutation.observe import Listener
from claims._internal.progress import Progress


def note(line: str) -> None:
    """Say one line of the sweep's notes on stderr."""
    print(line, file=sys.stderr)


def listener(quiet: bool) -> Listener:
    """Return one sweep's listener: its notes on stderr, and a progress bar per phase (silent when quiet)."""

    def bar(phase: str, total: int, *, unit: str = "", done: int = 0) -> Progress:
        return Progress(phase, total, unit=unit, quiet=quiet, done=done)

    return Listener(note, bar)
