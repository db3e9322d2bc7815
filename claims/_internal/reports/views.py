"""Decide the views no other mutation report has: per rule, per claim, per operator; as rows and as markdown.

Counting follows the kill matrix's tables: a mutant is *detected* when a
claim turned red under it (Killed, Timeout, RuntimeError: each names its
claims), *equivalent* when it is Ignored with a recorded reason, and
*undetected* otherwise (Survived, NoCoverage, CompileError) — uncovered
code is unproven code, so it counts against the rate.  Automatic mutants
make the rates; declared defects are listed by id, apart.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

from claims._internal.kinds import Kind
from claims._internal.reports.model import MutantInfo, ReportModel, TestInfo

DETECTED = frozenset({"Killed", "Timeout", "RuntimeError"})
EQUIVALENT = "Ignored"
# The framework's four control kinds, in the order the issue lists them.
KINDS = tuple(k.value for k in (Kind.POSITIVE, Kind.REFUSAL, Kind.PROPERTY, Kind.SNAPSHOT))


@frozen
class Tally:
    """Count automatic mutants: all, detected by a claim, explained as equivalent."""

    mutants: int = 0
    detected: int = 0
    equivalent: int = 0

    @property
    def undetected(self) -> int:
        """Return the mutants neither detected nor explained."""
        return self.mutants - self.detected - self.equivalent

    def rate(self) -> str:
        """Render detected/mutants as a percentage with one decimal, or `-` without mutants."""
        return f"{100.0 * self.detected / self.mutants:.1f}%" if self.mutants else "-"


def tally(mutants: Iterable[MutantInfo]) -> Tally:
    """Count the given mutants as detected, equivalent or undetected."""
    listed = list(mutants)
    return Tally(len(listed), sum(m.status in DETECTED for m in listed), sum(m.status == EQUIVALENT for m in listed))


@frozen
class RuleRow:
    """One rule: its claims by control kind, its declared defects (and those no claim killed), its mutants' tally."""

    rule: str
    claims: tuple[tuple[str, tuple[str, ...]], ...]
    defects: tuple[str, ...]
    missed_defects: tuple[str, ...]
    tally: Tally

    def of_kind(self, kind: str) -> tuple[str, ...]:
        """Return the rule's claims of one control kind."""
        return dict(self.claims).get(kind, ())


@frozen
class ClaimRow:
    """One claim: how many mutants (and defects) it kills and covers, and the ones no other claim kills."""

    claim: str
    kind: str
    killed: int
    covered: int
    alone: tuple[str, ...]


@frozen
class OperatorRow:
    """One mutation operator's tally over the automatic mutants it made."""

    operator: str
    tally: Tally


def _tests_by_rule(model: ReportModel) -> dict[str, list[TestInfo]]:
    """Decide which claims name each rule."""
    tests_of: dict[str, list[TestInfo]] = {}
    for test in model.tests:
        for rule in test.rules:
            tests_of.setdefault(rule, []).append(test)
    return tests_of


def _mutants_by_rule(model: ReportModel) -> dict[str, list[MutantInfo]]:
    """Decide which mutants (automatic and declared) mutate each rule."""
    mutants_of: dict[str, list[MutantInfo]] = {}
    for mutant in model.mutants:
        mutants_of.setdefault(mutant.rule, []).append(mutant)
    return mutants_of


def _claims_by_kind(tests: list[TestInfo]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Decide a rule's claims of each control kind, sorted, in the kinds' order."""
    return tuple((kind, tuple(sorted(t.id for t in tests if t.kind == kind))) for kind in KINDS)


def _rule_row(rule: str, tests: list[TestInfo], mutants: list[MutantInfo]) -> RuleRow:
    """Decide one rule's row: its claims by kind, its declared defects (and those undetected), its automatic tally."""
    defects = sorted((m for m in mutants if m.declared), key=lambda m: m.id)
    return RuleRow(
        rule,
        _claims_by_kind(tests),
        tuple(m.id for m in defects),
        tuple(m.id for m in defects if m.status not in DETECTED),
        tally(m for m in mutants if not m.declared),
    )


def rule_rows(model: ReportModel) -> tuple[RuleRow, ...]:
    """Return one row per rule named by a claim or a mutant, in rule order."""
    tests_of = _tests_by_rule(model)
    mutants_of = _mutants_by_rule(model)
    return tuple(
        _rule_row(rule, tests_of.get(rule, []), mutants_of.get(rule, []))
        for rule in sorted(tests_of.keys() | mutants_of.keys())
    )


def claim_rows(model: ReportModel) -> tuple[ClaimRow, ...]:
    """Return one row per claim, in claim order: kills, coverage, and the mutants it alone kills."""
    killed: dict[str, int] = {}
    covered: dict[str, int] = {}
    alone: dict[str, list[str]] = {}
    for mutant in model.mutants:
        for claim in set(mutant.killed_by):
            killed[claim] = killed.get(claim, 0) + 1
        for claim in set(mutant.covered_by):
            covered[claim] = covered.get(claim, 0) + 1
        if mutant.status in DETECTED and len(set(mutant.killed_by)) == 1:
            alone.setdefault(mutant.killed_by[0], []).append(mutant.id)
    return tuple(
        ClaimRow(t.id, t.kind, killed.get(t.id, 0), covered.get(t.id, 0), tuple(sorted(alone.get(t.id, ()))))
        for t in sorted(model.tests, key=lambda t: t.id)
    )


def idle_claims(rows: Iterable[ClaimRow]) -> tuple[str, ...]:
    """Return the claims that kill no mutant and no defect, in claim order."""
    return tuple(sorted(row.claim for row in rows if row.killed == 0))


def operator_rows(model: ReportModel) -> tuple[OperatorRow, ...]:
    """Return one row per operator of the automatic mutants, in operator order (declared defects are not operators)."""
    automatic = [m for m in model.mutants if not m.declared]
    return tuple(
        OperatorRow(op, tally(m for m in automatic if m.operator == op))
        for op in sorted({m.operator for m in automatic})
    )


def total(rows: Iterable[OperatorRow]) -> Tally:
    """Add the operator rows' tallies up."""
    listed = list(rows)
    return Tally(
        sum(r.tally.mutants for r in listed),
        sum(r.tally.detected for r in listed),
        sum(r.tally.equivalent for r in listed),
    )


Cell = str | tuple[str, ...]
"""A table cell: plain text, or identifiers (claims, mutants, rules) shown as code, one a line."""


@frozen
class Table:
    """A view ready for any renderer: a title, column headers, rows of cells, and what to say when it is empty."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    empty: str = "none"


def rule_table(rows: Iterable[RuleRow]) -> Table:
    """Lay the rule rows out: claims by kind, declared defects, the automatic mutants' tally."""
    return Table(
        "Rules",
        (
            "rule",
            *KINDS,
            "declared defects",
            "defects not killed",
            "mutants",
            "detected",
            "equivalent",
            "undetected",
            "detected%",
        ),
        tuple(
            ((r.rule,), *(r.of_kind(k) for k in KINDS), r.defects, r.missed_defects, *_tally_cells(r.tally))
            for r in rows
        ),
    )


def claim_table(rows: Iterable[ClaimRow]) -> Table:
    """Lay the claim rows out: kills, coverage, and the mutants only that claim kills."""
    return Table(
        "Claims",
        ("claim", "kind", "kills", "covers", "alone kills", "mutants only it kills"),
        tuple(((r.claim,), r.kind, str(r.killed), str(r.covered), str(len(r.alone)), r.alone) for r in rows),
    )


def idle_table(rows: Iterable[ClaimRow]) -> Table:
    """Lay out the claims that kill nothing (every claim must be killed by at least one mutant)."""
    listed = list(rows)
    idle = set(idle_claims(listed))
    return Table(
        "Claims that kill nothing",
        ("claim", "kind", "covers"),
        tuple(((r.claim,), r.kind, str(r.covered)) for r in listed if r.claim in idle),
    )


def operator_table(rows: Iterable[OperatorRow]) -> Table:
    """Lay the operator rows out, then their total."""
    listed = list(rows)
    cells: list[tuple[Cell, ...]] = [((r.operator,), *_tally_cells(r.tally)) for r in listed]
    cells.append(("total", *_tally_cells(total(listed))))
    return Table(
        "Operators", ("operator", "mutants", "detected", "equivalent", "undetected", "detected%"), tuple(cells)
    )


def _tally_cells(t: Tally) -> tuple[str, ...]:
    return (str(t.mutants), str(t.detected), str(t.equivalent), str(t.undetected), t.rate())


def tables(model: ReportModel) -> tuple[Table, ...]:
    """Return the views of the model in reading order: rules, claims, claims that kill nothing, operators."""
    claims = claim_rows(model)
    return (rule_table(rule_rows(model)), claim_table(claims), idle_table(claims), operator_table(operator_rows(model)))


def _markdown_cell(cell: Cell) -> str:
    if isinstance(cell, str):
        return cell.replace("|", "\\|")
    return "<br>".join(f"`{item}`".replace("|", "\\|") for item in cell)


def markdown(table: Table) -> list[str]:
    """Render a table as markdown lines (or one line saying it is empty)."""
    if not table.rows:
        return [f"{table.empty.capitalize()}."]
    lines = ["| " + " | ".join(table.headers) + " |", "|" + "---|" * len(table.headers)]
    return lines + ["| " + " | ".join(_markdown_cell(c) for c in row) + " |" for row in table.rows]


def views_markdown(model: ReportModel, level: int = 2) -> str:
    """Render every view under a heading of the given level, ready for LEDGER.md."""
    return "\n\n".join(f"{'#' * level} {t.title}\n\n" + "\n".join(markdown(t)) for t in tables(model)) + "\n"
