"""How a probe's claims are dealt to its workers, and how its progress is shown."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from conftest import run_cli
from mutation_toy import make_toy

from claims._internal import progress
from claims._internal.mutation.engine import Job
from claims._internal.mutation.sweep import PROBE_SECONDS_PER_SUBJECT, PROBE_SHARE, PROBE_SLOWDOWN, probe_jobs


def _planned(watchers: dict[str, int], limit: float = 1.0) -> list[Job]:
    """Plan jobs so that claim `c` is run by `watchers[c]` subjects (subject k runs every claim watched k-fold)."""
    most = max(watchers.values())
    return [
        Job("defect", f"d{k}", tuple((c, limit) for c, n in sorted(watchers.items()) if n > k)) for k in range(most)
    ]


def _cost(job: Job, durations: dict[str, float]) -> float:
    return sum(
        durations[c] + PROBE_SECONDS_PER_SUBJECT * len(w) for (c, _), w in zip(job.claims, job.watch, strict=True)
    )


def test_every_covering_claim_is_probed_once_watching_exactly_the_subjects_that_run_it() -> None:
    watchers = {f"c{i:02d}": 1 + i % 4 for i in range(40)}
    durations = {c: 0.01 * (1 + i % 7) for i, c in enumerate(watchers)}
    dealt = probe_jobs(_planned(watchers, limit=2.0), 2, 60.0, durations)
    probed = [c for job in dealt for c, _ in job.claims]
    assert sorted(probed) == sorted(watchers)
    for job in dealt:
        for (claim, limit), watched in zip(job.claims, job.watch, strict=True):
            assert watched == tuple(f"d{k}" for k in range(watchers[claim]))
            assert limit == PROBE_SLOWDOWN * 2.0


def test_the_jobs_shrink_from_the_costliest_claims_to_a_short_last_one() -> None:
    watchers = {f"c{i:03d}": 1 for i in range(200)}
    durations = {c: 0.001 * (1 + i) for i, c in enumerate(watchers)}  # c199 the costliest
    dealt = probe_jobs(_planned(watchers), 2, 60.0, durations)
    costs = [_cost(job, durations) for job in dealt]
    whole = sum(costs)
    assert dealt[0].claims[0][0] == "c199"
    assert costs[0] >= whole / (PROBE_SHARE * 2)  # the first job takes a share of all the work
    biggest = [max(durations[c] for c, _ in job.claims) + PROBE_SECONDS_PER_SUBJECT for job in dealt]
    # A job ends on the claim that reaches its share, so it may pass the one before by at most that claim.
    assert all(costs[k + 1] <= costs[k] + biggest[k + 1] for k in range(len(costs) - 1)), costs
    assert costs[len(costs) // 2] < costs[0] / 2
    assert costs[-1] < costs[0] / 4  # the workers finish on short jobs
    assert 4 <= len(dealt) <= 40  # a few forks, not one per claim


def test_a_claim_watched_by_many_subjects_is_dealt_before_one_as_quick_watched_by_one() -> None:
    watchers = {"z.many": 400, "a.one": 1}
    dealt = probe_jobs(_planned(watchers), 1, 60.0, {"z.many": 0.01, "a.one": 0.01})
    order = [c for job in dealt for c, _ in job.claims]
    assert order == ["z.many", "a.one"]


def test_a_claim_of_unknown_duration_counts_as_the_ceiling() -> None:
    watchers = {"known": 1, "unknown": 1}
    dealt = probe_jobs(_planned(watchers), 1, 60.0, {"known": 5.0})
    assert [c for job in dealt for c, _ in job.claims] == ["unknown", "known"]


def test_no_planned_job_deals_no_probe_job() -> None:
    assert probe_jobs([], 2, 60.0, {}) == []


def test_items_done_as_a_phase_starts_fill_its_bar_but_count_for_no_rate() -> None:
    clock = [100.0]

    class Clock:
        @staticmethod
        def monotonic() -> float:
            return clock[0]

    stream = io.StringIO()
    original = progress.time
    progress.time = Clock  # type: ignore[assignment]
    try:
        bar = progress.Progress("defects", 100, stream=stream, done=90)
        clock[0] += 10
        bar.update(95)
        line = bar.line()
    finally:
        progress.time = original
    assert "95/100" in line and "0.5/s" in line and "ETA 10 s" in line, line


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_toy(tmp_path_factory.mktemp("dealing") / "toy")


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
