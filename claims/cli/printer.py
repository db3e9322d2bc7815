"""Print what a run found: the one failure printer every command uses (run, gate, snapshots)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TextIO

from attrs import evolve

from claims._internal.kinds import Kind
from claims._internal.reports.terminal import failure_lines, import_failure_lines
from claims._internal.running.discovery import ImportFailure
from claims._internal.running.one_claim import Result


def without_diff(result: Result) -> Result:
    """Drop a snapshot result's diff (--no-diff); other details stay."""
    return evolve(result, detail="") if result.claim.kind is Kind.SNAPSHOT else result


def print_reds(
    results: Sequence[Result],
    failures: Sequence[ImportFailure],
    out: TextIO,
    *,
    root: str,
    debt: Collection[str] = (),
    no_diff: bool = False,
) -> None:
    """Print every red claim not admitted as debt (expected, observed, reasons, output), then modules that did not import."""
    for result in results:
        if result.verdict.red and result.claim.id not in debt:
            print(file=out)
            print("\n".join(failure_lines(without_diff(result) if no_diff else result, root)), file=out)
    for failure in failures:
        print(file=out)
        print("\n".join(import_failure_lines(failure)), file=out)
