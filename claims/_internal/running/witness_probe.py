"""Decide which import probe a pytest process follows: its own, its controller's, or the one it starts for workers.

A plain pytest session probes alone (`Stream`), started on the first witness
module it collects.  Under pytest-xdist the controller, before it spawns any
worker, starts one probe in a process of its own (`Publishing`) writing its
verdicts to a file; each worker is handed that file and follows it
(`Following`), so one child imports ahead for all of them instead of one per
worker on the same cores.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from claims._internal.caching.fingerprint import package_files
from claims._internal.config import Config
from claims._internal.running.import_probe import Following, Publishing, Stream


class WitnessProbe:
    """Hold the probe a process follows (started on first use), and the one it publishes for its workers."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.shared: Path | None = None  # the verdicts file the controller's probe writes, in a worker
        self.publishing: Publishing | None = None  # the probe this process started for its workers
        self._probe: Stream | Following | None = None

    def names(self) -> list[str]:
        """Return every witness module, in pytest's file order: the order the probe imports them in."""
        files = sorted(
            (str(path), name) for p in self.config.witnesses for name, path in package_files(p, self.config.root)
        )
        return [name for _, name in files]

    def probe(self) -> Stream | Following:
        """Return the probe importing every witness module first: this process's own, or its controller's."""
        if self._probe is None:
            if self.shared is None:
                self._probe = Stream(self.names(), self.config.timeout)
            else:
                self._probe = Following(self.names(), self.config.timeout, self.shared)
        return self._probe

    def publish(self) -> None:
        """Start the probe the workers follow, in a process of its own writing its verdicts to a file.

        When no file or process can be had, nothing is started (and no file is left): each worker then probes
        alone.
        """
        try:
            handle, name = tempfile.mkstemp(prefix="claims-probe-", suffix=".verdicts")
        except OSError:
            return
        os.close(handle)
        try:
            self.publishing = Publishing(self.names(), self.config.timeout, Path(name))
        except OSError:
            Path(name).unlink(missing_ok=True)

    def close(self) -> None:
        """Reap the probe's child once collection no longer needs it."""
        if self._probe is not None:
            self._probe.close()

    def stop(self) -> None:
        """Reap the probe's child, and stop the published probe (and the child importing for it): the session ended."""
        self.close()
        if self.publishing is not None:
            self.publishing.stop()
