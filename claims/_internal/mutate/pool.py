"""Drive worker processes: hand out mutants, enforce each mutant's deadline, survive workers that hang or die.

A mutant that hangs past its deadline (even in C code a signal cannot
interrupt) gets its worker killed and is recorded as `timeout`; a mutant
whose worker dies is recorded as `crashed`.  Either way a fresh worker takes
its place and the run goes on.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

from attrs import frozen

STARTUP_SECONDS = 300.0


@frozen
class Job:
    """Ask for one mutant to be run against its covering claims within a deadline."""

    mutant: str
    claims: tuple[str, ...]
    limits: dict[str, float]
    deadline: float


class WorkerFailed(Exception):
    """A worker could not start (its import failed); the message carries its traceback."""


class Proc:
    """One worker subprocess and the thread that reads its replies into the shared queue."""

    def __init__(self, index: int, tree: Path, cwd: Path, log: TextIO, inbox: queue.Queue[tuple[int, int, str | None]], generation: int) -> None:
        self.index, self.generation = index, generation
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "claims._internal.mutate.worker", str(tree)],
            cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True, bufsize=1,
        )
        self.job: Job | None = None
        self.started = 0.0
        threading.Thread(target=self._read, args=(inbox,), daemon=True).start()

    def _read(self, inbox: queue.Queue[tuple[int, int, str | None]]) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            inbox.put((self.index, self.generation, line))
        inbox.put((self.index, self.generation, None))

    def send(self, request: dict[str, Any]) -> None:
        assert self.popen.stdin is not None
        self.popen.stdin.write(json.dumps(request) + "\n")
        self.popen.stdin.flush()

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
        self.popen.wait()


class Pool:
    """Run jobs on N workers; call back with each finished mutant's reply (or a timeout/crash record)."""

    def __init__(self, workers: int, tree: Path, cwd: Path, log_path: Path) -> None:
        self.tree, self.cwd = tree, cwd
        log_path.parent.mkdir(parents=True, exist_ok=True)
        self.log = open(log_path, "a", encoding="utf-8")  # noqa: SIM115 - closed in close()
        self.inbox: queue.Queue[tuple[int, int, str | None]] = queue.Queue()
        self.generation = 0
        self.procs = [self._spawn(i) for i in range(workers)]
        self.ready: set[int] = set()
        self.failed_starts = 0

    def _spawn(self, index: int) -> Proc:
        self.generation += 1
        return Proc(index, self.tree, self.cwd, self.log, self.inbox, self.generation)

    def _next(self, timeout: float) -> tuple[Proc, dict[str, Any] | None] | None:
        """Return the next reply from a current worker (None payload at EOF), or None on timeout."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                index, generation, line = self.inbox.get(timeout=left)
            except queue.Empty:
                return None
            proc = self.procs[index]
            if proc.generation != generation:
                continue  # a reply from a worker already replaced
            return proc, (json.loads(line) if line is not None else None)

    def wait_ready(self, proc: Proc) -> dict[str, Any]:
        """Wait for one worker's ready line; a fatal start is a WorkerFailed."""
        while True:
            got = self._next(STARTUP_SECONDS)
            if got is None:
                raise WorkerFailed(f"worker {proc.index} did not start within {STARTUP_SECONDS:g} s")
            who, payload = got
            if payload is None or "fatal" in payload:
                raise WorkerFailed(payload["fatal"] if payload else f"worker {who.index} exited while starting; see {self.log.name}")
            self.ready.add(who.index)
            if who is proc:
                return payload

    def request(self, proc: Proc, payload: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send one request to one worker and wait for its reply (used for the baseline)."""
        if proc.index not in self.ready:
            self.wait_ready(proc)
        proc.send(payload)
        got = self._next(timeout)
        if got is None or got[1] is None:
            raise WorkerFailed(f"worker {proc.index} gave no reply to {payload['op']}; see {self.log.name}")
        return got[1]

    def run(self, jobs: Iterable[Job], on_done: Callable[[Job, dict[str, Any]], None]) -> None:
        """Run every job; on Ctrl-C stop handing out work and kill the workers (finished results were already handed over)."""
        pending = deque(jobs)
        try:
            while pending or any(p.job for p in self.procs):
                for proc in self.procs:
                    if proc.job is None and pending and proc.index in self.ready:
                        proc.job, proc.started = pending.popleft(), time.monotonic()
                        proc.send({"op": "mutant", "id": proc.job.mutant, "claims": list(proc.job.claims), "limits": proc.job.limits})
                busy = [p for p in self.procs if p.job]
                wait = min((p.started + p.job.deadline - time.monotonic() for p in busy if p.job), default=STARTUP_SECONDS)
                got = self._next(max(wait, 0.01))
                if got is not None:
                    proc, payload = got
                    if payload is not None and "ready" in payload:
                        self.ready.add(proc.index)
                    elif payload is not None and "fatal" in payload:
                        raise WorkerFailed(payload["fatal"])
                    elif payload is not None and proc.job is not None:
                        job, proc.job = proc.job, None
                        on_done(job, payload)
                    elif payload is None:
                        if proc.index not in self.ready:
                            self.failed_starts += 1
                            if self.failed_starts > 3:
                                raise WorkerFailed(f"workers keep exiting before they are ready; see {self.log.name}")
                        self._replace(proc, on_done, "crashed", f"worker exited with {proc.popen.wait()}")
                for proc in self.procs:
                    if proc.job and time.monotonic() - proc.started > proc.job.deadline:
                        self._replace(proc, on_done, "timeout", f"no reply within {proc.job.deadline:.1f} s; worker killed")
        finally:
            self.close()

    def _replace(self, proc: Proc, on_done: Callable[[Job, dict[str, Any]], None], status: str, why: str) -> None:
        job = proc.job
        proc.kill()
        self.ready.discard(proc.index)
        self.procs[proc.index] = self._spawn(proc.index)
        if job is not None:
            on_done(job, {"id": job.mutant, "status": status, "why": why})

    def close(self) -> None:
        for proc in self.procs:
            if proc.popen.stdin:
                try:
                    proc.popen.stdin.close()
                except OSError:
                    pass
            proc.kill()
        self.log.close()
