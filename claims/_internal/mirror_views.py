"""Render LEDGER.md's mutation views from the ledger document and the recorded evidence: per rule, per claim, per operator.

The HTML report shows the same views from the full report model; here they
are computed from what is committed alone (no generated mutants, no run), so
the mirror stays a pure, deterministic function of `claims.json`,
`evidence/` and the equivalents and untriaged files.  Counting follows the
kill matrix's tables: *detected* when a claim killed it, *explained* when
the equivalents file says why no claim can, *untriaged* when it is admitted
debt, *undetected* otherwise (untriaged included); the rate is detected over
all.
"""

from __future__ import annotations

from collections.abc import Mapping

from claims._internal.kinds import Kind
from claims._internal.ledger import LedgerDocument
from claims._internal.mutation.evidence import Evidence


def _rate(detected: int, total: int) -> str:
    return f"{100.0 * detected / total:.1f}%" if total else "-"


def _tally(rows: list[tuple[str, bool]], equivalent: Mapping[str, str]) -> tuple[int, int, int, int]:
    detected = sum(1 for _, killed in rows if killed)
    explained = sum(1 for mutant, killed in rows if not killed and mutant in equivalent)
    return len(rows), detected, explained, len(rows) - detected - explained


def views_lines(
    document: LedgerDocument, evidence: Evidence, equivalent: Mapping[str, str], untriaged: frozenset[str]
) -> list[str]:
    """Return the markdown lines of the Rules, Claims and Operators views (headings included)."""
    by_rule: dict[str, list[tuple[str, bool]]] = {}
    by_operator: dict[str, list[tuple[str, bool]]] = {}
    alone: dict[str, int] = {}
    for mutant_id, row in evidence.mutants.items():
        killed = bool(row.observation.killers)
        by_rule.setdefault(f"{row.module}.{row.function}", []).append((mutant_id, killed))
        by_operator.setdefault(row.operator, []).append((mutant_id, killed))
        if len(row.observation.killers) == 1:
            (only,) = row.observation.killers
            alone[only] = alone.get(only, 0) + 1
    defects_of: dict[str, list[str]] = {}
    for defect in evidence.defects.values():
        for target in defect.targets:
            defects_of.setdefault(target, []).append(defect.id)
    kinds = (Kind.POSITIVE, Kind.REFUSAL, Kind.PROPERTY, Kind.SNAPSHOT)
    claims_of: dict[str, dict[Kind, int]] = {}
    for claim in document.claims:
        for rule in claim.rules:
            counts = claims_of.setdefault(rule, {})
            counts[claim.kind] = counts.get(claim.kind, 0) + 1
    admitted = sum(1 for m in untriaged if m in evidence.mutants and not evidence.mutants[m].observation.killers)
    lines = [
        "## Mutation views",
        "",
        "Per rule, per claim and per operator, from `evidence/`; `undetected` counts every survivor that no entry of"
        f" the equivalents file explains, the {admitted} admitted untriaged survivors included.",
        "",
        "### Rules",
        "",
        "| rule | " + " | ".join(k.value for k in kinds) + " | declared defects | mutants | detected | explained"
        " | undetected | detected% |",
        "|---|" + "---|" * (len(kinds) + 6),
    ]
    for rule in sorted(claims_of.keys() | by_rule.keys() | defects_of.keys()):
        counts = claims_of.get(rule, {})
        total, detected, explained, undetected = _tally(by_rule.get(rule, []), equivalent)
        lines.append(
            f"| `{rule}` | "
            + " | ".join(str(counts.get(k, 0)) for k in kinds)
            + f" | {len(defects_of.get(rule, []))} | {total} | {detected} | {explained} | {undetected}"
            f" | {_rate(detected, total)} |"
        )
    idle = [c for c in document.claims if not c.killed_by and not c.killed_by_mutants]
    lines += [
        "",
        "### Claims",
        "",
        "| claim | kind | declared defects that kill it | automatic mutants it kills | of which it alone kills |",
        "|---|---|---|---|---|",
    ]
    lines += [
        f"| `{c.id}` | {c.kind.value} | {len(c.killed_by)} | {c.killed_by_mutants} | {alone.get(c.id, 0)} |"
        for c in sorted(document.claims, key=lambda c: c.id)
    ]
    lines += ["", "### Claims that kill nothing", ""]
    lines += [f"- `{c.id}`" for c in sorted(idle, key=lambda c: c.id)] or ["None: every claim is killed by a mutation."]
    lines += [
        "",
        "### Operators",
        "",
        "| operator | mutants | detected | explained | undetected | detected% |",
        "|---|---|---|---|---|---|",
    ]
    rows = [(op, _tally(found, equivalent)) for op, found in sorted(by_operator.items())]
    everything = [item for found in by_operator.values() for item in found]
    for name, (total, detected, explained, undetected) in [*rows, ("total", _tally(everything, equivalent))]:
        shown = name if name == "total" else f"`{name}`"
        lines.append(f"| {shown} | {total} | {detected} | {explained} | {undetected} | {_rate(detected, total)} |")
    return lines
