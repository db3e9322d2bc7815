"""Render a `ReportModel` as a Stryker mutation-testing report (mutation-testing-report-schema, version 2).

The schema is vendored in `vendor/mutation-testing-report-schema.json`
(see `vendor/README.md`); the tests validate every report against it.
Claims are the report's tests: a mutant's `killedBy` names every claim
that turned red under it, `coveredBy` every claim that executed it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from importlib import resources
from types import MappingProxyType
from typing import Any

from claims._internal.reports.model import MutantInfo, Position, ReportModel, TestInfo
from claims.errors import ClaimsError

SCHEMA_VERSION = "2"
SCHEMA_FILE = "mutation-testing-report-schema.json"
FRAMEWORK = "typed-claims"
LANGUAGE = "python"
# Stryker's own defaults: a score of 80% or more is high, under 60% low.
THRESHOLDS = MappingProxyType({"high": 80, "low": 60})

# What a killer's `how` word says about the mutant's status, for the statusReason of a Timeout or RuntimeError.
# The words are the model's `how` words (MutantInfo's docstring).
_NAMED_BY = MappingProxyType(
    {"Timeout": ("timeout", "timed out under"), "RuntimeError": ("worker ended", "the worker ended under")}
)


def schema_text() -> str:
    """Return the vendored mutation-testing-report-schema (JSON text)."""
    return resources.files("claims._internal.reports").joinpath("vendor", SCHEMA_FILE).read_text(encoding="utf-8")


def stryker_report(model: ReportModel) -> dict[str, Any]:
    """Render the model as a report dict: files with their mutants, claims as tests grouped by witness file."""
    framework: dict[str, Any] = {"name": FRAMEWORK}
    if model.version:
        framework["version"] = model.version
    report: dict[str, Any] = {
        "schemaVersion": SCHEMA_VERSION,
        "thresholds": dict(THRESHOLDS),
        "files": _files(model),
        "testFiles": _test_files(model),
        "framework": framework,
    }
    if model.project:
        report["projectRoot"] = model.project
    return report


def _files(model: ReportModel) -> dict[str, Any]:
    by_file: dict[str, list[MutantInfo]] = {path: [] for path in model.files}
    for mutant in model.mutants:
        if mutant.file not in by_file:
            raise ClaimsError(
                f"mutant {mutant.id} is in {mutant.file!r}, which the report model has no source for; add it to ReportModel.files"
            )
        by_file[mutant.file].append(mutant)
    return {
        path: {
            "language": LANGUAGE,
            "source": model.files[path],
            "mutants": [_mutant(m) for m in sorted(by_file[path], key=_place)],
        }
        for path in sorted(by_file)
    }


def _place(mutant: MutantInfo) -> tuple[int, int, int, int, str]:
    return (mutant.start.line, mutant.start.column, mutant.end.line, mutant.end.column, mutant.id)


def _mutant(mutant: MutantInfo) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": mutant.id,
        "mutatorName": mutant.operator,
        "replacement": mutant.replacement,
        "location": {"start": _position(mutant.start), "end": _position(mutant.end)},
        "status": mutant.status,
    }
    if mutant.description:
        out["description"] = mutant.description
    reason = status_reason(mutant)
    if reason is not None:
        out["statusReason"] = reason
    if mutant.killed_by:
        out["killedBy"] = sorted(mutant.killed_by)
    out["coveredBy"] = sorted(mutant.covered_by)
    out["testsCompleted"] = len(mutant.covered_by) if mutant.tests_completed is None else mutant.tests_completed
    return out


def _position(position: Position) -> dict[str, int]:
    return {"line": position.line, "column": position.column}


def status_reason(mutant: MutantInfo) -> str | None:
    """Return why the mutant has its status: the recorded reason, else one said from its killers."""
    if mutant.status_reason:
        return mutant.status_reason
    if mutant.status == "Killed" and mutant.killed_by:
        return _killed_reason(mutant)
    if mutant.status in _NAMED_BY:
        return _named_reason(mutant)
    return None


def _killed_reason(mutant: MutantInfo) -> str:
    """Decide how a killed mutant's reason reads: how many claims killed it, and how many turned red each way."""
    return f"killed by {_count(len(mutant.killed_by))}" + (f": {_ways(mutant.how)}" if mutant.how else "")


def _named_reason(mutant: MutantInfo) -> str | None:
    """Decide the reason of a mutant that timed out or ended its worker: the claims under which it did, if known."""
    word, phrase = _NAMED_BY[mutant.status]
    named = sorted(claim for claim, how in mutant.how if how == word) or sorted(mutant.killed_by)
    return f"{phrase} {', '.join(named)}" if named else None


def _count(n: int) -> str:
    return f"{n} claim" if n == 1 else f"{n} claims"


def _ways(how: Iterable[tuple[str, str]]) -> str:
    """Say how many killers turned red each way (`5 FAIL, 2 ERROR`), the most common first."""
    counts = Counter(word for _, word in how)
    return ", ".join(f"{n} {word}" for word, n in sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def _test_files(model: ReportModel) -> dict[str, Any]:
    by_file: dict[str, list[TestInfo]] = {}
    for test in model.tests:
        by_file.setdefault(test.file, []).append(test)
    out: dict[str, Any] = {}
    for path in sorted(by_file):
        source = model.test_files.get(path)
        entry: dict[str, Any] = {
            "tests": [_test(t, source) for t in sorted(by_file[path], key=lambda t: (t.line, t.id))]
        }
        if source is not None:
            entry["source"] = source
        out[path] = entry
    return out


def _test(test: TestInfo, source: str | None) -> dict[str, Any]:
    # The schema's TestDefinition has only id, name and location: no field for the statement, so the name is the id.
    return {
        "id": test.id,
        "name": test.id,
        "location": {"start": {"line": test.line, "column": _indent(source, test.line) + 1}},
    }


def _indent(source: str | None, line: int) -> int:
    """Return how far the given 1-based line is indented, so a claim's marker sits on its first character."""
    lines = (source or "").splitlines()
    if not 1 <= line <= len(lines):
        return 0
    text = lines[line - 1]
    return len(text) - len(text.lstrip())
