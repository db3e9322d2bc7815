"""Show progress on long phases: a live bar on a terminal, a plain line every few seconds in a log.

    generate   [#########.........] 412/900 files ·  46% · ETA 12 s
    sweep      [####..............] 1210/4317 · killed 1190 survived 20 · 11.2/s · ETA 4 m 37 s

Every line names its phase.  `quiet` silences it all; nothing is
printed to stdout, so reports stay clean.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from typing import TextIO

WIDTH = 24
LOG_EVERY = 5.0
TTY_EVERY = 0.2


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes} m {rest:02d} s" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d} m"


class Progress:
    """Report one phase's progress: counts, rate and ETA."""

    def __init__(
        self,
        phase: str,
        total: int,
        *,
        unit: str = "",
        quiet: bool = False,
        stream: TextIO | None = None,
        done: int = 0,
    ) -> None:
        """`done`: items already done as the phase starts (they fill the bar but count for no rate or ETA)."""
        self.phase, self.total, self.unit, self.quiet = phase, total, unit, quiet
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.start = time.monotonic()
        self.shown = 0.0
        self.done = self.already = done
        self.counts: Mapping[str, int] = {}
        self._emit(force=not self.tty)

    def line(self) -> str:
        """Render the current state on one line."""
        elapsed = time.monotonic() - self.start
        rate = (self.done - self.already) / elapsed if elapsed > 0 else 0.0
        counts = " ".join(f"{k} {v}" for k, v in self.counts.items())
        parts = [self._bar()]
        if counts:
            parts.append(counts)
        if self._shows_rate(elapsed):
            parts.append(f"{rate:.1f}/s")
        parts.append(self._eta(rate, elapsed))
        return " · ".join(parts)

    def _bar(self) -> str:
        """Decide the line's opening: the phase, the filled bar and the count done of the total."""
        share = self.done / self.total if self.total else 1.0
        filled = int(WIDTH * share)
        unit = (" " + self.unit) if self.unit else ""
        return f"{self.phase:<9} [{'#' * filled}{'.' * (WIDTH - filled)}] {self.done}/{self.total}{unit}"

    def _shows_rate(self, elapsed: float) -> bool:
        """Decide whether the rate is worth showing: items done in this phase, over more than a second."""
        return self.done > self.already and elapsed > 1

    def _eta(self, rate: float, elapsed: float) -> str:
        """Decide the line's ending: the time left while work remains at a known rate, else the time taken."""
        if rate > 0 and self.done < self.total:
            return f"ETA {_duration((self.total - self.done) / rate)}"
        return f"{_duration(elapsed)}"

    def _emit(self, *, force: bool = False) -> None:
        if self.quiet:
            return
        now = time.monotonic()
        if not force and now - self.shown < (TTY_EVERY if self.tty else LOG_EVERY):
            return
        self.shown = now
        if self.tty:
            self.stream.write("\r\033[2K" + self.line())
        else:
            self.stream.write(self.line() + "\n")
        self.stream.flush()

    def update(self, done: int, counts: Mapping[str, int] | None = None) -> None:
        """Record how many items are done (and any counts), redrawing when it is time."""
        self.done = done
        if counts is not None:
            self.counts = dict(counts)
        self._emit()

    def finish(self, note: str = "") -> None:
        """Print the phase's final line (nothing when quiet)."""
        self.done = max(self.done, self.total) if not note.startswith("interrupted") else self.done
        if self.quiet:
            return
        text = self.line() + (f" · {note}" if note else "")
        if self.tty and not self.quiet:
            self.stream.write("\r\033[2K")
        self.stream.write(text + "\n")
        self.stream.flush()
