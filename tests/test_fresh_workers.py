"""Fresh workers (one fork per job, as mutation runs use them) never hold up the next fork, and none outlive a run."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

from claims._internal.running import workers
from claims._internal.running.workers import Channel, Ended, Supervisor


def _say_pid(job: Any, channel: Channel) -> None:
    channel.send((job, os.getpid()))


def _run(supervisor: Supervisor, jobs: list[int]) -> tuple[dict[int, int], list[Ended]]:
    said: dict[int, int] = {}
    ended: list[Ended] = []
    supervisor.run(jobs, lambda job, message: said.__setitem__(*message), lambda job, end: ended.append(end))
    return said, ended


def test_each_job_runs_in_a_fork_of_its_own_and_no_worker_outlives_the_run() -> None:
    said, ended = _run(Supervisor(_say_pid, workers=2, fresh=True), list(range(12)))
    assert sorted(said) == list(range(12)) and not ended
    assert len(set(said.values())) == 12  # a fresh fork for every job
    for pid in said.values():  # every worker, even one let go while the run went on, was reaped
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def test_a_worker_that_finished_is_not_waited_for_before_the_next_fork(monkeypatch: pytest.MonkeyPatch) -> None:
    # Its exit unmaps its copy of the supervisor (hundreds of MB in a mutation run): waiting for it before forking
    # the next worker left a core idle after every job.
    events: list[str] = []
    real_waitpid, real_fork = os.waitpid, os.fork

    def waitpid(pid: int, flags: int) -> tuple[int, int]:
        if flags == 0:
            events.append("blocking wait")
        return real_waitpid(pid, flags)

    def fork() -> int:
        pid = real_fork()
        if pid:
            events.append("fork")
        return pid

    monkeypatch.setattr(workers.os, "waitpid", waitpid)
    monkeypatch.setattr(workers.os, "fork", fork)
    said, _ = _run(Supervisor(_say_pid, workers=2, fresh=True), list(range(8)))
    assert len(said) == 8
    last_fork = max(i for i, event in enumerate(events) if event == "fork")
    assert "blocking wait" not in events[:last_fork], events


def _meets(job: Any, channel: Channel) -> None:
    """A busy job waits (up to 10 s) for the marker a waiting job leaves; a waiting job leaves it."""
    kind, folder = job
    marker = os.path.join(folder, "waiting job ran")
    if kind == "waits":
        open(marker, "w").close()
        channel.send((job, "left the marker"))
        return
    deadline = time.monotonic() + 10
    while not os.path.exists(marker) and time.monotonic() < deadline:
        time.sleep(0.01)
    channel.send((job, "met it" if os.path.exists(marker) else "ran alone"))


def test_a_job_that_waits_runs_beside_the_workers_on_a_lane_of_its_own(tmp_path: Any) -> None:
    # A timeout's confirmation mostly waits: on one of the N workers it kept a core idle for seconds.
    supervisor = Supervisor(_meets, workers=1, fresh=True)
    supervisor.submit(("waits", str(tmp_path)), waits=True)
    said, ended = _run(supervisor, [("busy", str(tmp_path))])
    assert not ended
    assert said == {("busy", str(tmp_path)): "met it", ("waits", str(tmp_path)): "left the marker"}


def test_the_lane_runs_one_waiting_job_at_a_time_and_the_workers_stay_n(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int]] = []
    hand_out = Supervisor._hand_out

    def counted(self: Supervisor) -> None:
        hand_out(self)
        seen.append((sum(w.lane for w in self.workers), sum(w.job is not None and not w.lane for w in self.workers)))

    monkeypatch.setattr(Supervisor, "_hand_out", counted)
    supervisor = Supervisor(_say_pid, workers=2, fresh=True)
    for job in range(100, 106):
        supervisor.submit(job, waits=True)
    said, _ = _run(supervisor, list(range(6)))
    assert sorted(said) == [*range(6), *range(100, 106)]
    assert max(lane for lane, _ in seen) == 1 and max(n for _, n in seen) == 2, seen


def _spins_or_meets(job: Any, channel: Channel) -> None:
    """A spinning job computes, a waiting one sleeps, each until the marker is there or its seconds are over, then
    says which; a marking one leaves the marker."""
    kind, folder, seconds = job
    marker = os.path.join(folder, "marker")
    if kind == "marks":
        open(marker, "w").close()
        channel.send((kind, "left the marker"))
        return
    deadline = time.monotonic() + seconds
    while not os.path.exists(marker) and time.monotonic() < deadline:
        if kind == "waits":
            time.sleep(0.01)
    channel.send((kind, "met it" if os.path.exists(marker) else "ran alone"))


@pytest.mark.skipif(not os.path.exists(f"/proc/{os.getpid()}/stat"), reason="a worker's CPU time is read from /proc")
def test_a_worker_whose_job_waits_lends_its_core_to_one_more(tmp_path: Any) -> None:
    # A claim that waits on a stream or a FIFO's writer left its core idle for seconds in a declared run.
    said, ended = _run_kinds([("waits", 10.0), ("marks", 0.0)], tmp_path)
    assert not ended and said == {"waits": "met it", "marks": "left the marker"}


def test_a_worker_that_computes_lends_nothing(tmp_path: Any) -> None:
    said, ended = _run_kinds([("spins", 1.0), ("marks", 0.0)], tmp_path)
    assert not ended and said == {"spins": "ran alone", "marks": "left the marker"}


def test_a_lasting_worker_that_waits_lends_nothing(tmp_path: Any) -> None:
    # Lent to a worker that lasts, the core would stay lent: every job after would run on N + 1 workers.
    supervisor = Supervisor(_spins_or_meets, workers=1)
    said: dict[str, str] = {}
    jobs = [("waits", str(tmp_path), 1.0), ("marks", str(tmp_path), 0.0)]
    supervisor.run(jobs, lambda job, m: said.__setitem__(*m), lambda job, end: None)
    assert said == {"waits": "ran alone", "marks": "left the marker"}


def _run_kinds(kinds: list[tuple[str, float]], folder: Any) -> tuple[dict[str, str], list[Ended]]:
    said: dict[str, str] = {}
    ended: list[Ended] = []
    supervisor = Supervisor(_spins_or_meets, workers=1, fresh=True)
    supervisor.run(
        [(kind, str(folder), seconds) for kind, seconds in kinds],
        lambda job, m: said.__setitem__(*m),
        lambda job, end: ended.append(end),
    )
    return said, ended
