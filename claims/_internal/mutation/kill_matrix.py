"""Build the reports' `ReportModel` from the generated mutants, the recorded evidence, the defects and the claims.

Statuses map to Stryker's: killed by an assertion or a crash is Killed, by
timeouts only Timeout, by ended workers only RuntimeError; a survivor is
Survived (NoCoverage when no claim executed its statement), and Ignored
with its reason when the equivalents file explains it.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence
from pathlib import Path

from claims._internal.caching.fingerprint import package_files
from claims._internal.config import Config, shown_path
from claims._internal.declare import Claim
from claims._internal.functions import function_likes
from claims._internal.mutation.defects import Seeded
from claims._internal.mutation.evidence import Evidence, Observation
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.plan import Baseline, defect_covering, target_parts
from claims._internal.mutation.tallies import counted
from claims._internal.reports.model import MutantInfo, Position, ReportModel, TestInfo


def _relative(path: Path, root: Path) -> str:
    return shown_path(path, root)


def status_of(seen: Observation, ran: int, explained: str | None) -> tuple[str, str | None]:
    """Return the Stryker status and reason of one mutant's observation."""
    if seen.killers:
        if seen.killers == seen.timeout:
            return "Timeout", None
        if seen.killers <= seen.timeout | seen.crashed:
            return "RuntimeError", None
        return "Killed", None
    if explained is not None:
        return "Ignored", explained
    return ("Survived" if ran else "NoCoverage"), None


def _how(seen: Observation) -> tuple[tuple[str, str], ...]:
    return tuple((claim, seen.how(claim)) for claim in sorted(seen.killers))


def _function_spans(text: str) -> dict[str, tuple[int, int]]:
    """Map each function-like (`rule`, `Class.method`) to its `def` line and its last."""
    return {f.qualname: (f.node.lineno, f.node.end_lineno or f.node.lineno) for f in function_likes(ast.parse(text))[0]}


def _place(text: str, from_line: int, needle: str) -> tuple[Position, Position] | None:
    """Return where `needle` first stands at or after a line (1-based line and column), or None."""
    lines = text.splitlines(keepends=True)
    offset = sum(len(line) for line in lines[: from_line - 1])
    at = text.find(needle, offset)
    if at < 0:
        return None
    before = text[:at]
    line, column = before.count("\n") + 1, at - (before.rfind("\n") + 1) + 1
    stop = before + needle
    return Position(line, column), Position(stop.count("\n") + 1, len(stop) - (stop.rfind("\n") + 1) + 1)


def build_model(
    config: Config,
    claims: Sequence[Claim],
    mutants: Sequence[Mutant],
    seeded: Sequence[Seeded],
    evidence: Evidence,
    equivalent: Mapping[str, str],
    baseline: Baseline | None,
    version: str | None = None,
    left: Sequence[tuple[str, str, int, str]] = (),
) -> ReportModel:
    """Return everything the reports show: rule sources, mutants and defects with every killer, claims as tests,
    and the functions left unmutated (an `Ignored` entry at its `def` line saying why; see `tables.counted`)."""
    root = config.root
    sources: dict[str, tuple[str, str]] = {}
    for package in config.typecheck:
        for name, path in package_files(package, root):
            sources[name] = (_relative(path, root), path.read_text(encoding="utf-8"))
    infos = [
        *_mutant_infos(mutants, evidence, equivalent, baseline, sources),
        *_defect_infos(seeded, evidence, baseline, claims, sources),
        *_left_infos(left, sources),
    ]
    tests, test_files = _tests(claims, root)
    files = {rel: text for rel, text in sources.values() if any(m.file == rel for m in infos)}
    return ReportModel(
        project=root.name, files=files, mutants=tuple(infos), tests=tuple(tests), test_files=test_files, version=version
    )


def _mutant_infos(
    mutants: Sequence[Mutant],
    evidence: Evidence,
    equivalent: Mapping[str, str],
    baseline: Baseline | None,
    sources: Mapping[str, tuple[str, str]],
) -> list[MutantInfo]:
    infos: list[MutantInfo] = []
    for mutant in mutants:
        row = evidence.mutants.get(mutant.id)
        if row is None or mutant.module not in sources:
            continue
        status, reason = status_of(row.observation, row.ran, equivalent.get(mutant.id))
        covered = sorted(baseline.covering_mutant(mutant)) if baseline else sorted(row.observation.killers)
        infos.append(
            MutantInfo(
                id=mutant.id,
                declared=False,
                file=sources[mutant.module][0],
                rule=f"{mutant.module}.{mutant.function}",
                operator=mutant.operator,
                description=f"{mutant.original.strip()} -> {mutant.replacement.strip()}",
                original=mutant.original,
                replacement=mutant.replacement,
                start=Position(mutant.line, mutant.column + 1),
                end=Position(mutant.end_line, mutant.end_column + 1),
                status=status,
                status_reason=reason,
                killed_by=tuple(sorted(row.observation.killers)),
                covered_by=tuple(covered),
                how=_how(row.observation),
                tests_completed=row.ran,
            )
        )
    return infos


def _defect_infos(
    seeded: Sequence[Seeded],
    evidence: Evidence,
    baseline: Baseline | None,
    claims: Sequence[Claim],
    sources: Mapping[str, tuple[str, str]],
) -> list[MutantInfo]:
    infos: list[MutantInfo] = []
    for one in seeded:
        recorded = evidence.defects.get(one.id)
        module, function = target_parts(one.targets[0], sources)
        if recorded is None or module not in sources:
            continue
        first, last = _function_spans(sources[module][1]).get(function, (1, 1))
        covered = (
            sorted(defect_covering(one, baseline, claims, lambda m: sources[m][1] if m in sources else None))
            if baseline
            else sorted(recorded.observation.killers)
        )
        status, reason = status_of(recorded.observation, len(covered), None)
        original, replacement, (start, end) = _defect_change(one, sources[module][1], first, last)
        infos.append(
            MutantInfo(
                id=one.id,
                declared=True,
                file=sources[module][0],
                rule=one.targets[0],
                operator=one.id,
                description=one.intent,
                original=original,
                replacement=replacement,
                start=start,
                end=end,
                status=status,
                status_reason=reason or recorded.observation.problem,
                killed_by=tuple(sorted(recorded.observation.killers)),
                covered_by=tuple(covered),
                how=_how(recorded.observation),
                tests_completed=len(covered),
            )
        )
    return infos


def _defect_change(one: Seeded, source: str, first: int, last: int) -> tuple[str, str, tuple[Position, Position]]:
    """Say what a defect changes, and where: a lone textual patch at its place, else every defect over the function."""
    start, end = Position(first, 1), Position(last + 1, 1)
    head = one.defects[0]
    if head.patch is not None and len(one.defects) == 1:
        # A textual patch shows as what it is: the old text at its place in the rule, and the new text.
        original, replacement = head.patch
        return original, replacement, _place(source, first, original) or (start, end)
    original = "\n".join(
        f"{d.target}: {d.patch[0]!r} -> {d.patch[1]!r}" if d.patch else f"{d.target}" for d in one.defects
    )
    replacement = "\n".join(
        f"{d.target}: {d.patch[0]!r} -> {d.patch[1]!r}"
        if d.patch
        else f"{d.target} wrapped by {getattr(d.replacement, '__qualname__', '?')}"
        for d in one.defects
    )
    return original, replacement, (start, end)


def _left_infos(left: Sequence[tuple[str, str, int, str]], sources: Mapping[str, tuple[str, str]]) -> list[MutantInfo]:
    infos: list[MutantInfo] = []
    for module, qualname, line, why in counted(left):
        if module not in sources:
            continue
        infos.append(
            MutantInfo(
                id=f"{module}.{qualname}.not_mutated",
                declared=False,
                file=sources[module][0],
                rule=f"{module}.{qualname}",
                operator="not mutated",
                description=f"not mutated: {why}",
                original="",
                replacement="",
                start=Position(line, 1),
                end=Position(line + 1, 1),
                status="Ignored",
                status_reason=f"not mutated: {why}",
                killed_by=(),
                covered_by=(),
            )
        )
    return infos


def _tests(claims: Sequence[Claim], root: Path) -> tuple[list[TestInfo], dict[str, str]]:
    tests = []
    test_files: dict[str, str] = {}
    for claim in claims:
        path = Path(claim.source_file)
        rel = _relative(path, root)
        if rel not in test_files and path.is_file():
            test_files[rel] = path.read_text(encoding="utf-8")
        tests.append(
            TestInfo(claim.id, claim.statement, rel, claim.source_line, claim.witness, claim.kind.value, claim.rules)
        )
    return tests, test_files
