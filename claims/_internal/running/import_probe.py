"""Import witness modules first in a forked child: a module that ends, kills or hangs its process is named, not fatal.

Importing a witness module runs its code, in the process that supervises
every claim.  A module that calls `os._exit(0)` there ended the gate
silently with exit 0 (a false green); one killed by a signal gave a silent
137; one that slept hung the gate for good.  So each module is imported
first in a child forked for the purpose, under the per-claim timeout, and
the supervisor imports it only once the child lived through it: the child
runs ahead while the supervisor follows one module behind, so both import
at once on two cores.  A module the child did not live through is reported
as a witness that did not import, with why, and never imported by the
supervisor.  An ordinary exception at import is left to the supervisor's
own import, which reports it with its traceback.
"""

from __future__ import annotations

import importlib
import os
import select
import signal
import time
from collections.abc import Generator, Sequence
from pathlib import Path

from attrs import define


def _child(names: Sequence[str], write: int) -> None:
    """Import the modules in turn, saying which is under way and which it lived through; never return."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    for name in names:
        os.write(write, f"start {name}\n".encode())
        try:
            importlib.import_module(name)
        except BaseException:
            pass
        os.write(write, f"ok {name}\n".encode())
    os.write(write, b"done\n")
    os._exit(0)


def _ended(status: int) -> str:
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        return f"was killed by {signal.Signals(number).name} while importing"
    return f"ended its process (exit {os.waitstatus_to_exitcode(status)}) while importing"


def probed(names: Sequence[str], timeout: float) -> Generator[tuple[str, str | None], None, None]:
    """Yield each module with None once a forked child lived through importing it, else with why it did not.

    The child works ahead of the caller, who imports each module it yields with None.  After a module that ended
    or hung the child, a new child takes the modules left.
    """
    left = list(names)
    while left:
        child = _fork(left)
        try:
            blamed = yield from _follow(child, left, timeout)
        finally:
            os.close(child.read)
            _reap(child.pid)
        if blamed is None:
            return
        left.remove(blamed[0])
        yield blamed


@define
class _Child:
    """A forked child importing the modules left: the pipe it reports on, and its pid (0 once reaped)."""

    read: int
    pid: int


def _fork(left: Sequence[str]) -> _Child:
    """Fork a child that imports the modules left, reporting on a pipe."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        os.close(read)
        _child(left, write)
    os.close(write)
    return _Child(read=read, pid=pid)


def _follow(
    child: _Child, left: list[str], timeout: float
) -> Generator[tuple[str, None], None, tuple[str, str] | None]:
    """Yield each module the child lived through; return the module it did not live through and why, or None."""
    current: str | None = None
    buffered = b""
    deadline = time.monotonic() + timeout
    while True:
        if b"\n" not in buffered:
            chunk, why = _next_chunk(child, deadline, timeout)
            if why is not None:
                return (current or left[0], why)
            buffered += chunk
            continue
        line, _, buffered = buffered.partition(b"\n")
        kind, _, name = line.decode().partition(" ")
        if kind == "start":
            current, deadline = name, time.monotonic() + timeout
        elif kind == "ok":
            current = None
            left.remove(name)
            yield name, None
        elif kind == "done":
            return None


def _next_chunk(child: _Child, deadline: float, timeout: float) -> tuple[bytes, str | None]:
    """Decide what the child said next: some bytes, or why it says no more (it hung past the deadline, or ended)."""
    wait = deadline - time.monotonic()
    ready = select.select([child.read], [], [], max(wait, 0))[0] if wait > 0 else []
    if not ready:
        return b"", f"did not finish importing within {timeout:g} s (the timeout)"
    chunk = os.read(child.read, 65536)
    if not chunk:
        _, status = os.waitpid(child.pid, 0)
        child.pid = 0
        return b"", _ended(status)
    return chunk, None


def _reap(pid: int) -> None:
    """Kill and reap a child still running (pid 0: reaped already)."""
    if pid:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)


class Stream:
    """The verdicts of one probe over many modules, handed out in whatever order they are asked for.

    A collector that imports modules one at a time (the pytest plugin) asks for each as it comes to it; the child
    has usually lived through it already, working ahead in the order given.
    """

    def __init__(self, names: Sequence[str], timeout: float) -> None:
        self.timeout = timeout
        self._names = frozenset(names)
        self._steps = probed(names, timeout)
        self._known: dict[str, str | None] = {}

    def why_not(self, name: str) -> str | None:
        """Return why a module ended, killed or hung the child importing it, or None when it did not."""
        if name not in self._names:
            return next((why for _, why in probed([name], self.timeout)), None)
        while name not in self._known:
            try:
                found, why = next(self._steps)
            except StopIteration:
                return None
            self._known[found] = why
        return self._known[name]

    def close(self) -> None:
        """Stop the child and reap it, so no process of ours is left for the host to collect.

        A host that runs pytest in its own process and then waits on any child (mutmut's runner calls os.wait())
        would otherwise reap the probe's child as one of its own.
        """
        self._steps.close()


CLOSED = "closed"
"""The last line a leader writes: no verdict comes after it."""


class Leading(Stream):
    """A probe whose verdicts are also written, one line each, to a file that following processes read.

    Under pytest-xdist every worker imports the same witness modules; one forked probe child is enough for all of
    them, so a process of the controller's leads (`Publishing`) and the workers follow its verdicts instead of each
    forking a child of its own.
    """

    def __init__(self, names: Sequence[str], timeout: float, verdicts: Path) -> None:
        super().__init__(names, timeout)
        self._out: int | None = None
        self._sent = 0
        try:
            self._out = os.open(verdicts, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_TRUNC, 0o600)
        except OSError:
            pass  # followers find no file and probe for themselves

    def why_not(self, name: str) -> str | None:
        """Return the verdict, having written it (and those learned ahead of it) for the followers."""
        why = super().why_not(name)
        learned = list(self._known.items())
        for found, said in learned[self._sent :] if name in self._known else [(name, why)]:
            self._publish(f"{found}\t{said or ''}\n")
        self._sent = len(learned)
        return why

    def _publish(self, line: str) -> None:
        if self._out is not None:
            try:
                os.write(self._out, line.encode())
            except OSError:
                pass

    def close(self) -> None:
        """Stop the child, and tell the followers that no verdict comes after this."""
        super().close()
        self._publish(f"{CLOSED}\n")
        if self._out is not None:
            os.close(self._out)
            self._out = None


class Following:
    """Take a leading process's verdicts from its file; probe alone for what it never says, or when it goes quiet.

    The follower waits for a verdict no longer than the probe's own timeout (and a margin) after the leader last
    wrote, so a leader that died or never started costs one timeout, never a hang and never a module imported
    unprobed.
    """

    MARGIN = 5.0

    def __init__(self, names: Sequence[str], timeout: float, verdicts: Path) -> None:
        self.timeout = timeout
        self._verdicts = verdicts
        self._offset = 0
        self._partial = b""
        self._closed = False
        self._known: dict[str, str | None] = {}
        self._quiet_since = time.monotonic()

    def why_not(self, name: str) -> str | None:
        """Return the leader's verdict on a module, else (closed, quiet or absent) one from a probe of its own."""
        while name not in self._known and not self._closed:
            if not self._read() and time.monotonic() - self._quiet_since > self.timeout + self.MARGIN:
                break
            if name not in self._known and not self._closed:
                time.sleep(0.002)
        if name in self._known:
            return self._known[name]
        return next((why for _, why in probed([name], self.timeout)), None)

    def _read(self) -> bool:
        """Read what the leader wrote since the last read; say whether anything came."""
        try:
            with open(self._verdicts, "rb") as file:
                file.seek(self._offset)
                chunk = file.read()
        except OSError:
            return False
        if not chunk:
            return False
        self._offset += len(chunk)
        self._quiet_since = time.monotonic()
        lines = (self._partial + chunk).split(b"\n")
        self._partial = lines.pop()
        for line in lines:
            found, tab, why = line.decode().partition("\t")
            if not tab:
                self._closed = self._closed or found == CLOSED
                continue
            self._known[found] = why or None
        return True

    def close(self) -> None:
        """Nothing to reap: a follower forks a child only inside a single verdict."""


class Publishing:
    """A leading probe in a process of its own, forked now: it probes every module and writes each verdict.

    pytest-xdist's controller starts it before it spawns a worker, so the probe works while the workers start
    instead of after; every worker follows its file, and none waits on a probe one of them had to start first.
    The process leads its own process group, so stopping it stops the child importing for it as well.
    """

    def __init__(self, names: Sequence[str], timeout: float, verdicts: Path) -> None:
        self.verdicts = verdicts
        self._pid = os.fork()
        if self._pid == 0:  # pragma: no cover - the child never returns
            _publish(names, timeout, verdicts)
        try:
            os.setpgid(self._pid, self._pid)  # as the child does: whichever comes first
        except OSError:
            pass

    def stop(self) -> None:
        """Kill the probe (and its importing child) unless it has finished, reap it, and remove its file."""
        if self._pid:
            try:
                os.killpg(self._pid, signal.SIGKILL)
            except OSError:
                pass
            os.waitpid(self._pid, 0)
            self._pid = 0
        self.verdicts.unlink(missing_ok=True)


def _publish(names: Sequence[str], timeout: float, verdicts: Path) -> None:
    """Lead a probe over every module, in a process of its own; never return."""
    code = 1
    try:
        os.setpgid(0, 0)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the process that started it stops it
        leader = Leading(names, timeout, verdicts)
        for name in names:
            leader.why_not(name)
        leader.close()
        code = 0
    finally:
        os._exit(code)
