"""Render declared-defect runs as terminal lines and as kills.json entries: pure functions of the runs."""

from __future__ import annotations

from typing import Any

from claims._internal.mutate.declared import DefectRun, scope_words
from claims._internal.mutate.defect import Defect
from claims._internal.mutate.verdict import DefectVerdict


def _ids(ids: frozenset[str]) -> list[str]:
    return sorted(ids)


def run_lines(run: DefectRun) -> list[str]:
    """Show one defect: verdict, id, red count, scope, description, then what explains a non-EXACT verdict."""
    j, seen, seeded = run.judgement, run.observed, run.seeded
    lines = [f"{j.verdict.value:<8} {seeded.id}  ({len(j.red)} red of {seen.total}; scope: {scope_words(seeded)})", f"  defect:   {seeded.description}"]
    if j.verdict is DefectVerdict.EXACT:
        return lines
    lines.append(f"  verdict:  {j.verdict.sentence}")
    if j.detail:
        lines.append(f"  detail:   {j.detail}")
    for label, ids in (("unexpected red", j.unexpected), ("expected red, stayed green", j.missing), ("control broken (expected green)", j.green_broken)):
        if ids:
            lines.append(f"  {label}:")
            lines += [f"    - {i}" + (" (ERROR)" if i in seen.errored else " (FAIL)" if i in seen.failed else "") for i in sorted(ids)]
    if seen.errored and j.verdict is not DefectVerdict.BADCTRL:
        lines.append(f"  red by crash (ERROR), not by assertion: {', '.join(sorted(seen.errored))}")
    return lines


def entry(run: DefectRun) -> dict[str, Any]:
    """Return the kills.json entry of one defect run (no timings: the file must be deterministic)."""
    seeded, seen, j = run.seeded, run.observed, run.judgement
    targets = [d.target for d in seeded.defects]
    out: dict[str, Any] = {
        "red": _ids(j.red),
        "verdict": j.verdict.value,
        "failed": _ids(seen.failed),
        "errored": _ids(seen.errored),
        "type_contract": _ids(seen.type_contract),
        "expect_red": _ids(seeded.expect_red),
        "expect_green": _ids(seeded.expect_green),
        "targets": targets,
        "group": not isinstance(seeded, Defect),
        "description": seeded.description,
        "scope": list(seeded.scope),
    }
    if j.verdict is not DefectVerdict.EXACT:
        out["unexpected"] = _ids(j.unexpected)
        out["missing"] = _ids(j.missing)
        out["detail"] = j.detail
    return out


def closing(runs: list[DefectRun]) -> str:
    """Count the defects by verdict: `5 defects: 5 EXACT`."""
    counts = {v: sum(1 for r in runs if r.verdict is v) for v in DefectVerdict}
    parts = [f"{n} {v.value}" for v, n in counts.items() if n]
    return f"{len(runs)} defects: " + (", ".join(parts) if parts else "none declared")
