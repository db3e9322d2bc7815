"""How a mutation run shows its progress: the probe's bar, then the run's, whose rate counts the run alone."""

from __future__ import annotations

import io
import re
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli
from mutation_toy import make_toy

from claims._internal import progress
from claims._internal.mutation import jobs
from claims._internal.mutation.jobs import Engine, Job
from claims._internal.running.one_claim import Settings
from claims._internal.running.workers import Ended


def test_items_done_as_a_phase_starts_fill_its_bar_but_count_for_no_rate(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [100.0]

    class Clock:
        @staticmethod
        def monotonic() -> float:
            return clock[0]

    monkeypatch.setattr(progress, "time", Clock)
    bar = progress.Progress("defects", 100, stream=io.StringIO(), done=90)
    clock[0] += 10
    bar.update(95)
    line = bar.line()
    assert "95/100" in line and "0.5/s" in line and "ETA 10 s" in line, line


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_toy(tmp_path_factory.mktemp("probe_progress") / "toy")


def test_the_probe_shows_its_own_progress_and_the_run_starts_its_bar_after_it(toy: Path) -> None:
    proc = run_cli(toy, "mutate", "--rebuild", "-n", "2", "--probe", timeout=300)
    lines = proc.stderr.splitlines()
    probe_lines = [n for n, line in enumerate(lines) if re.match(r"probe +\[[#.]+\] \d+/\d+ claims", line)]
    summary = next(n for n, line in enumerate(lines) if line.startswith("probe: "))
    run_lines = [n for n, line in enumerate(lines) if line.startswith("defects ")]
    assert probe_lines and run_lines, proc.stderr
    assert max(probe_lines) < summary < min(run_lines)
    settled = re.match(r"probe +\[#+\] (\d+)/(\d+) claims", lines[max(probe_lines)])
    assert settled is not None and settled.group(1) == settled.group(2), lines[max(probe_lines)]
    assert lines[max(run_lines)].endswith("probe included"), lines[max(run_lines)]


class _Scripted:
    """Stand in for the supervisor: play each probe job claim by claim, the worker dying on the claims in `dies`."""

    dies: frozenset[str | None] = frozenset()
    reaches: dict[str, list[str]] = {}

    def __init__(self, handler: Any, *, workers: int, fresh: bool = False) -> None:
        self.pending: deque[Job] = deque()

    def submit(self, job: Job) -> None:
        self.pending.append(job)

    def run(
        self,
        jobs: Sequence[Job],
        on_message: Callable[[Job, Any], None],
        on_end: Callable[[Job, Ended], None],
        *,
        tick: Callable[[], None] | None = None,
        **_: Any,
    ) -> bool:
        self.pending.extend(jobs)
        while self.pending:
            job = self.pending.popleft()
            if None in self.dies:  # dies before its first claim
                on_end(job, Ended(None, "was killed by SIGKILL", False, "", 0.0))
                continue
            for claim_id, _limit in job.claims:
                if claim_id in self.dies:
                    on_end(job, Ended(claim_id, "was killed by SIGKILL", False, "", 0.0))
                    break
                on_message(job, ("reached", claim_id, self.reaches.get(claim_id, [])))
        return False


def _probed_with(
    dies: frozenset[str | None], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> tuple[list[int], dict[str, set[str]]]:
    monkeypatch.setattr(_Scripted, "dies", dies)
    monkeypatch.setattr(_Scripted, "reaches", {"c1": ["d1"], "c3": []})
    monkeypatch.setattr(jobs, "Supervisor", _Scripted)
    runs = Engine({}, {}, {}, Settings(timeout=5, snapshots=tmp_path), (), lambda module: (tmp_path, ""), 2)
    job = Job("probe", "probe-0", (("c1", 4.0), ("c2", 4.0), ("c3", 4.0)), (("d1",), ("d1", "d2"), ("d2",)))
    settled: list[int] = []
    reached, interrupted = runs.probe([job], on_settled=settled.append)
    assert not interrupted
    return settled, reached


def test_a_claim_its_worker_died_on_is_settled_once_and_the_rest_still_probed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    settled, reached = _probed_with(frozenset({"c2"}), monkeypatch, tmp_path)
    assert settled[-1] == 3 and settled == sorted(settled)
    assert reached == {"d1": {"c1", "c2"}, "d2": {"c2"}}  # the claim it died on reaches every subject it watched


def test_a_worker_that_dies_before_its_first_claim_settles_them_all(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    settled, reached = _probed_with(frozenset({None}), monkeypatch, tmp_path)
    assert settled == [3]
    assert reached == {"d1": {"c1", "c2"}, "d2": {"c2", "c3"}}
