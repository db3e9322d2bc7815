"""Supervise worker processes: the process that reports never runs claim code.

Workers are forked from the supervisor after discovery, so start-up is paid
once and every worker starts from the same state.  A worker runs one job at
a time (a claim, or a mutant with its claims) and talks back over a pipe:

    ("deadline", seconds, label)   what it starts now and how long that may take
    ("message", payload)           a result, handed to the caller
    ("done",)                      the job is finished

A worker that ends in any way while running a job (`sys.exit` slipping past
the runner, `os._exit`, a signal, a segfault, the OOM killer) or that does
not answer by its deadline plus a grace period (which also cuts a call stuck
in C code that SIGALRM cannot interrupt) is reported to the caller as an
`Ended` naming the label it was running, then replaced by a fresh fork.
The supervisor freezes its objects (`gc.freeze`) before forking.
Ctrl-C belongs to the supervisor: workers ignore SIGINT and are killed on
every exit path, so no process is left behind.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import os
import shutil
import signal
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from multiprocessing.connection import Connection, Pipe, wait
from typing import Any

from attrs import define, frozen

from claims._internal.running.capture import Capture, tail_of


@frozen
class Ended:
    """Say how a worker ended while running a job: what it was running, how, and its last output."""

    label: str | None
    how: str
    timed_out: bool
    output: str
    seconds: float


@define
class Channel:
    """The worker side of the pipe: announce a deadline, send a result, take captured output."""

    connection: Connection
    capture: Capture

    def expect(self, seconds: float, label: str) -> None:
        """Say what starts now and how long it may take before the supervisor kills this worker."""
        self.connection.send(("deadline", seconds, label))

    def send(self, payload: Any) -> None:
        """Hand one result to the supervisor."""
        self.connection.send(("message", payload))


Handler = Callable[[Any, Channel], None]


WAKE = 0.5
"""Seconds the supervisor may wait for a worker before it looks at signals (Ctrl-C) and deadlines again."""


LEND_AFTER = 0.1
"""Seconds a fresh worker's job must use no CPU at all before its core is lent to one more worker."""

try:
    _TICK = 1 / os.sysconf("SC_CLK_TCK")
except (AttributeError, ValueError, OSError):  # pragma: no cover - no sysconf here: /proc is not read either
    _TICK = 0.01


def _cpu_seconds(pid: int) -> float | None:
    """Return the CPU time a process has used so far while it sleeps (Linux's /proc), else None: it runs or waits
    for a core (state R), has ended, or /proc cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rpartition(b")")[2].split()
        if fields[0] not in (b"S", b"D"):
            return None
        return (int(fields[11]) + int(fields[12])) * _TICK  # utime and stime, the 14th and 15th fields
    except (OSError, ValueError, IndexError):
        return None


def grace(seconds: float) -> float:
    """Return how long past its own deadline a worker may stay silent before it is killed."""
    return max(2.0, 0.25 * seconds)


def _die_with_parent() -> None:
    # Linux: if the supervisor is killed outright, the kernel kills its workers too.
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        return f"killed by {name}"
    if os.WIFEXITED(status):
        return f"exited with status {os.WEXITSTATUS(status)}"
    return f"ended with wait status {status}"


@define
class _Worker:
    pid: int
    connection: Connection
    capture: str
    job: Any = None
    label: str | None = None
    started: float = 0.0
    kill_at: float | None = None
    soft: float = 0.0
    lane: bool = False  # the waiting lane's worker (see `Supervisor.submit`)
    cpu: float | None = None  # the CPU time it had used when last seen asleep (`Supervisor._note_idle`)
    looked: float = 0.0
    idle: bool = False  # its job used no CPU at all since the look before: it waits (a stream, a sleep)


def _wait_for(busy: Sequence[_Worker]) -> float:
    """Return how long to wait for a message: until the nearest deadline, and never longer than WAKE.

    A Ctrl-C that lands just before the wait blocks is only handled when the wait returns, and must not wait for a
    slow claim to finish.
    """
    deadlines = [w.kill_at for w in busy if w.kill_at is not None]
    return min(WAKE, max(0.0, min(deadlines) - time.monotonic())) if deadlines else WAKE


class Supervisor:
    """Run jobs on N forked workers; report results and endings; never run a job itself."""

    def __init__(self, handler: Handler, *, workers: int, fresh: bool = False) -> None:
        self.handler, self.count, self.fresh = handler, max(1, workers), fresh
        self.folder = tempfile.mkdtemp(prefix="claims-workers-")
        self.workers: list[_Worker] = []
        self.exiting: list[int] = []  # fresh workers that finished their job and are ending on their own
        self.pending: deque[Any] = deque()
        self.waiting: deque[Any] = deque()
        self.spawned = 0
        self.on_done: Callable[[Any], None] = lambda job: None

    def submit(self, job: Any, *, waits: bool = False) -> None:
        """Queue a job (callbacks may submit more while the run goes on).

        A job that `waits` (a claim that timed out, run again alone under a longer limit to confirm it) runs on a
        lane of its own, one job at a time, beside the N workers: it mostly sleeps or waits on a stream that never
        ends, and on one of the N it kept a core idle for seconds.  Its limit is at least four times the one it
        ran past (and five seconds), so sharing the cores cannot turn it red.
        """
        (self.waiting if waits else self.pending).append(job)

    def _spawn(self) -> _Worker:
        parent, child = Pipe(duplex=True)
        self.spawned += 1
        capture = os.path.join(self.folder, f"worker-{self.spawned}.out")
        for stream in (sys.stdout, sys.stderr):
            stream.flush()  # or the child would inherit, and one day print, the supervisor's buffer
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the child, which never returns
            try:
                parent.close()
                for other in self.workers:
                    other.connection.close()
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                _die_with_parent()
                self._serve(child, Capture(capture))
            finally:
                os._exit(0)
        child.close()
        worker = _Worker(pid, parent, capture)
        self.workers.append(worker)
        return worker

    def _serve(self, connection: Connection, capture: Capture) -> None:  # pragma: no cover - child side
        channel = Channel(connection, capture)
        while True:
            try:
                job = connection.recv()
            except (EOFError, OSError):
                return
            if job is None:
                return
            try:
                self.handler(job, channel)
            except BaseException:
                # A fault of the framework itself: leave its traceback where the supervisor reads it.
                import traceback

                traceback.print_exc()
                raise
            connection.send(("done",))
            if self.fresh:
                return

    def _reap(self, worker: _Worker, *, kill: bool) -> str:
        if kill:
            try:
                os.kill(worker.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            _, status = os.waitpid(worker.pid, 0)
            how = _how(status)
        except ChildProcessError:
            how = "ended (status unknown)"
        worker.connection.close()
        if worker in self.workers:
            self.workers.remove(worker)
        return how

    def _end(self, worker: _Worker, on_end: Callable[[Any, Ended], None], *, timed_out: bool) -> None:
        how = self._reap(worker, kill=True)
        if timed_out:
            how = (
                f"did not answer within {worker.soft:g} s plus {grace(worker.soft):g} s of grace and was killed ({how})"
            )
        output = tail_of(worker.capture)
        os.unlink(worker.capture) if os.path.exists(worker.capture) else None
        if worker.job is not None:
            on_end(worker.job, Ended(worker.label, how, timed_out, output, time.monotonic() - worker.started))

    def run(
        self,
        jobs: Iterable[Any],
        on_message: Callable[[Any, Any], None],
        on_end: Callable[[Any, Ended], None],
        *,
        stop: Callable[[], bool] = lambda: False,
        on_done: Callable[[Any], None] = lambda job: None,
        tick: Callable[[], None] | None = None,
    ) -> bool:
        """Run every job (and any submitted meanwhile); return True when Ctrl-C cut the run short."""
        self.on_done = on_done
        self.pending.extend(jobs)
        # The workers' collections then skip every object they inherit, so those pages stay shared instead of
        # being copied by each worker's first collection (and each collection has less to walk).
        gc.collect()
        gc.freeze()
        try:
            while self._unfinished():
                if stop():
                    break
                self._step(on_message, on_end, tick)
        except KeyboardInterrupt:
            return True
        finally:
            self.close()
            gc.unfreeze()
        return False

    def _unfinished(self) -> bool:
        """Say whether a job is pending or running."""
        return bool(self.pending or self.waiting) or any(w.job is not None for w in self.workers)

    def _step(
        self,
        on_message: Callable[[Any, Any], None],
        on_end: Callable[[Any, Ended], None],
        tick: Callable[[], None] | None,
    ) -> None:
        """Hand out jobs, take what the busy workers say, and end those past their deadline."""
        self._note_idle()
        self._hand_out()
        self._reap_exited()
        busy = [w for w in self.workers if w.job is not None]
        if tick is not None:
            tick()  # a live display is redrawn at least once a second, even when nothing finishes
        look = LEND_AFTER if self.fresh and self.pending else WAKE  # an idle worker is noticed soon
        for connection in wait([w.connection for w in busy], min(look, _wait_for(busy))):
            worker = next(w for w in busy if w.connection is connection)
            self._receive(worker, on_message, on_end)
        self._end_overdue(on_end)

    def _note_idle(self) -> None:
        """Look again at each busy fresh worker, at most every LEND_AFTER seconds: one asleep at two looks in a row
        that used no CPU between them waits (on a stream, a FIFO's writer, a sleep) and lends its core
        (`_hand_out`).  One that runs, or waits for a core on a loaded machine, never does."""
        if not self.fresh:
            return  # a lasting worker lent a core would last too: every job after would run on N + 1
        now = time.monotonic()
        for worker in self.workers:
            if worker.job is not None and not worker.lane and now - worker.looked >= LEND_AFTER:
                used = _cpu_seconds(worker.pid)
                worker.idle = used is not None and worker.cpu is not None and used == worker.cpu
                worker.cpu, worker.looked = used, now

    def _hand_out(self) -> None:
        """Give pending jobs to idle workers, spawning workers up to the count.

        While a fresh worker's job waits (it used no CPU since the last look), one more worker may run: its core
        would otherwise stay idle.  One at most, so the cores are never shared by more than N + 1 jobs that
        compute, each well within its limit (ten times its clean run).
        """
        lent = any(w.idle for w in self.workers if w.job is not None and not w.lane)
        while self.pending and (
            sum(not w.lane for w in self.workers) < self.count + lent or any(w.job is None for w in self.workers)
        ):
            worker = next((w for w in self.workers if w.job is None), None) or self._spawn()
            self._give(worker, self.pending.popleft())
        if self.waiting and not any(w.lane for w in self.workers):
            worker = self._spawn()
            worker.lane = True
            self._give(worker, self.waiting.popleft())

    def _give(self, worker: _Worker, job: Any) -> None:
        worker.job, worker.label, worker.kill_at, worker.started = job, None, None, time.monotonic()
        # Only a fresh worker may lend its core (`_note_idle`): a lasting one's jobs never read /proc.
        watched = self.fresh and not worker.lane
        worker.cpu, worker.looked, worker.idle = _cpu_seconds(worker.pid) if watched else None, worker.started, False
        worker.connection.send(job)

    def _end_overdue(self, on_end: Callable[[Any, Ended], None]) -> None:
        """End every worker whose job ran past its hard deadline."""
        now = time.monotonic()
        for worker in [w for w in self.workers if w.job is not None and w.kill_at is not None and now > w.kill_at]:
            self._end(worker, on_end, timed_out=True)

    def _receive(
        self, worker: _Worker, on_message: Callable[[Any, Any], None], on_end: Callable[[Any, Ended], None]
    ) -> None:
        try:
            message = worker.connection.recv()
        except (EOFError, OSError):
            self._end(worker, on_end, timed_out=False)
            return
        if message[0] == "deadline":
            worker.soft, worker.label = float(message[1]), str(message[2])
            worker.kill_at = time.monotonic() + worker.soft + grace(worker.soft)
        elif message[0] == "message":
            on_message(worker.job, message[1])
        elif message[0] == "done":
            job, worker.job, worker.label, worker.kill_at = worker.job, None, None, None
            self.on_done(job)
            if self.fresh or worker.lane:
                self._let_go(worker)

    def _let_go(self, worker: _Worker) -> None:
        """Let a fresh worker that finished its job end on its own, and reap it later.

        Its exit unmaps its copy of the supervisor's memory; waiting for that before forking the next worker
        kept a core idle for every job.
        """
        worker.connection.close()
        self.workers.remove(worker)
        self.exiting.append(worker.pid)
        os.unlink(worker.capture) if os.path.exists(worker.capture) else None

    def _reap_exited(self, *, wait_all: bool = False) -> None:
        """Reap the workers let go that have ended (with `wait_all`: every one, killing what still runs)."""
        for pid in list(self.exiting):
            if wait_all:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            try:
                ended, _ = os.waitpid(pid, 0 if wait_all else os.WNOHANG)
            except ChildProcessError:
                ended = pid
            if ended:
                self.exiting.remove(pid)

    def close(self) -> None:
        """Kill and reap every worker; remove their capture files."""
        for worker in list(self.workers):
            self._reap(worker, kill=True)
        self._reap_exited(wait_all=True)
        shutil.rmtree(self.folder, ignore_errors=True)
