"""Render results as terminal lines: a pure function from results to text.

spark.fit_wall  7/7 PASS  (0.01 s)
...failures with expected against observed and the located reasons...
118 passed, 0 failed
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from claims._internal.kinds import Verdict
from claims._internal.running.discovery import ImportFailure
from claims._internal.running.one_claim import Result

OUTPUT_LINES = 60
"""Lines of a red claim's captured output the terminal shows (the last ones)."""


def witness_line(name: str, results: Sequence[Result], width: int) -> str:
    """Summarise one witness: passed/total, its worst verdict, and its time."""
    passed = sum(1 for r in results if r.verdict is Verdict.PASS)
    worst = next((v for v in (Verdict.ERROR, Verdict.FAIL) if any(r.verdict is v for r in results)), Verdict.PASS)
    seconds = sum(r.duration for r in results)
    return f"{name.ljust(width)}  {passed}/{len(results)} {worst.value}  ({seconds:.2f} s)"


def _indent(text: str, prefix: str = "    ") -> list[str]:
    return [prefix + line for line in text.splitlines()]


def _shown_source(source: str, root: str | None) -> str:
    """Decide how a claim's source file is shown: relative to the root when under it, else as recorded."""
    if root and source.startswith(root + os.sep):
        return source[len(root) + 1 :]
    return source


def _expected_lines(result: Result) -> list[str]:
    """Decide the lines showing what a claim expected (none when it says nothing)."""
    if result.expected is None:
        return []
    return [
        "  expected: " + result.expected.splitlines()[0],
        *_indent("\n".join(result.expected.splitlines()[1:]), "            "),
    ]


def _observed_lines(result: Result) -> list[str]:
    """Decide the lines showing what a claim observed (none when it says nothing)."""
    if result.observed is None:
        return []
    first, *rest = result.observed.splitlines() or [""]
    return ["  observed: " + first, *["            " + line for line in rest]]


def _reason_lines(result: Result) -> list[str]:
    """Decide the lines listing a red claim's located reasons (none for a pass or no reasons)."""
    if not result.reasons or result.verdict is Verdict.PASS:
        return []
    return ["  reasons:", *["    - " + r for r in result.reasons]]


def _output_lines(result: Result) -> list[str]:
    """Decide the lines of captured output shown: the last `OUTPUT_LINES`, unless it only repeats the detail."""
    if not result.output or result.output.rstrip() == result.detail.rstrip():
        return []
    shown = result.output.rstrip().splitlines()
    lines = ["  captured output (stdout, stderr, logging):"]
    if len(shown) > OUTPUT_LINES:
        lines.append(f"    ... {len(shown) - OUTPUT_LINES} earlier lines (the --json record keeps up to 64 KiB) ...")
        shown = shown[-OUTPUT_LINES:]
    return [*lines, *["    " + line for line in shown]]


def failure_lines(result: Result, root: str | None = None) -> list[str]:
    """Show a red claim: id, statement, rules, expected against observed, reasons, source."""
    claim = result.claim
    return [
        f"{result.verdict.value} {claim.id}  [{claim.kind.value}]",
        f"  claim:    {claim.statement}",
        f"  rule:     {', '.join(claim.rules)}",
        *_expected_lines(result),
        *_observed_lines(result),
        *_reason_lines(result),
        *(_indent(result.detail.rstrip()) if result.detail else []),
        *_output_lines(result),
        f"  at {_shown_source(claim.source_file, root)}:{claim.source_line}",
    ]


def import_failure_lines(failure: ImportFailure) -> list[str]:
    """Show a witness module that did not import, with its traceback."""
    return [f"ERROR {failure.module}  [witness did not import]", *_indent(failure.traceback.rstrip())]


def closing_line(results: Iterable[Result], import_failures: int = 0, debt: int = 0, missing: int = 0) -> str:
    """Return exactly `N passed, M failed` (an ERROR and an import failure count as failed), then debt and claims not run."""
    items = list(results)
    passed = sum(1 for r in items if r.verdict is Verdict.PASS)
    failed = len(items) - passed + import_failures - debt
    line = f"{passed} passed, {failed} failed"
    return line + (f", {debt} admitted debt" if debt else "") + (f", {missing} not run" if missing else "")
