"""Benchmark whole-process `claim_batch` against pytest running the same claims through the plugin.

Runs are interleaved (claim_batch, pytest, claim_batch, ...) so machine noise
falls on both alike; the figure that matters is the ratio of medians, since
the baseline is measured in the same run.  Not a timed test: a script.

    python bench/claim_batch_vs_pytest.py --runs 7
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(command: list[str]) -> tuple[float, int]:
    """Run a command to completion; return its wall time and exit code."""
    start = time.perf_counter()
    proc = subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start, proc.returncode


def main() -> int:
    """Measure both commands interleaved and print medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (default 5)")
    parser.add_argument("patterns", nargs="*", help="claim_batch patterns (pytest runs the same witnesses folder)")
    args = parser.parse_args()
    ours = [sys.executable, "-m", "claims.cli", *args.patterns]
    theirs = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "witnesses"]
    times: dict[str, list[float]] = {"claim_batch": [], "pytest": []}
    for run in range(args.runs):
        for name, command in (("claim_batch", ours), ("pytest", theirs)):
            seconds, code = timed(command)
            times[name].append(seconds)
            print(f"run {run + 1}/{args.runs}  {name:<11} {seconds:6.3f} s  (exit {code})", file=sys.stderr, flush=True)
    ours_median = statistics.median(times["claim_batch"])
    theirs_median = statistics.median(times["pytest"])
    print(f"claim_batch median {ours_median:.3f} s over {args.runs} runs")
    print(f"pytest      median {theirs_median:.3f} s over {args.runs} runs (baseline, same claims through the plugin)")
    print(f"ratio pytest/claim_batch = {theirs_median / ours_median:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
