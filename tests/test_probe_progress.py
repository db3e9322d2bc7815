"""How a mutation run shows its progress: the probe's bar, then the run's, whose rate counts the run alone."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from conftest import run_cli
from mutation_toy import make_toy

from claims._internal import progress


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
