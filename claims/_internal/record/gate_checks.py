"""Name what the gate finds wrong, as data: results, discovery and committed files in, `Problem`s out.

Each finder is independent and pure (reading committed files aside), so the
gate's report is the concatenation of their problems, each naming its
subject and the command that fixes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from claims._internal.config import shown_path
from claims._internal.kinds import Kind
from claims._internal.problems import Problem
from claims._internal.record.debt import Debt
from claims._internal.record.ledger import LedgerPaths
from claims._internal.running.discovery import Discovery
from claims._internal.running.one_claim import Result
from claims._internal.snapshots import unused_snapshots

if TYPE_CHECKING:
    from claims._internal.mutation.evidence import Evidence
    from claims._internal.running.session import Session


def _red_fix(result: Result, debt_file: str) -> str:
    """Decide how to clear a red claim: update a changed snapshot, else fix the claim or admit it as debt."""
    claim = result.claim
    if claim.kind is Kind.SNAPSHOT and result.payload is not None:
        return f"if the new bytes are right, run `claim_batch snapshots --update {claim.id}`, then `claim_batch ledger --write`"
    return f"fix it (`claim_batch {claim.id}` shows why) or admit it as debt in {debt_file}"


def _result_problem(result: Result, debt: Mapping[str, Debt], debt_file: str) -> Problem | None:
    """Decide what is wrong with one result: red and not admitted, or admitted and passing (the debt paid)."""
    claim = result.claim
    owed = claim.id in debt
    if result.verdict.red and not owed:
        observed = (result.observed or result.verdict.value).splitlines()[0]
        return Problem(
            claim.id, f"{result.verdict.value} and not admitted as debt: {observed}", _red_fix(result, debt_file)
        )
    if owed and not result.verdict.red:
        return Problem(
            claim.id,
            "debt paid: the admitted claim now passes",
            f"retire it: delete its entry from {debt_file}, then run `claim_batch ledger --write`",
        )
    return None


def verdict_problems(results: Sequence[Result], debt: Mapping[str, Debt], debt_file: str) -> list[Problem]:
    """Name every red claim not admitted as debt, every paid debt, and every debt for no claim."""
    problems = [problem for result in results if (problem := _result_problem(result, debt, debt_file)) is not None]
    declared = {r.claim.id for r in results}
    for claim_id in sorted(set(debt) - declared):
        problems.append(
            Problem(
                claim_id,
                f"{debt_file} admits a claim no witness declares",
                f"delete the entry from {debt_file}, then run `claim_batch ledger --write`",
            )
        )
    return problems


def snapshot_problems(discovery: Discovery, paths: LedgerPaths) -> list[Problem]:
    """Name stored snapshot files no claim owns (only when every witness imported: a full run)."""
    if discovery.failures:
        return []
    return [
        Problem(
            paths.shown(path),
            "unused snapshot: no snapshot claim owns it",
            "run `claim_batch snapshots --prune` (or restore the claim)",
        )
        for path in unused_snapshots(paths.snapshots, discovery.claims)
    ]


def import_problems(discovery: Discovery) -> list[Problem]:
    """Name every witness module that did not import."""
    problems = []
    for failure in discovery.failures:
        last = failure.traceback.strip().splitlines()[-1] if failure.traceback.strip() else "?"
        problems.append(
            Problem(
                failure.module,
                f"witness module did not import: {last}",
                "fix the import (`claim_batch` shows the traceback)",
            )
        )
    return problems


def mutable_table_problems(immutable: Sequence[str], allowed: Sequence[str]) -> list[Problem]:
    """Name every module-level mutable container in the `immutable` packages (order independence: one claim cannot change the next)."""
    import sys

    from claims._internal.running.mutable_tables import mutable_tables

    modules = sorted(m for m in list(sys.modules) if any(m == p or m.startswith(p + ".") for p in immutable))
    return [
        Problem(
            f"{module}.{name}",
            f"module-level mutable {kind}: a claim or rule that changes it changes every claim run after it",
            "make it immutable (tuple, frozenset, types.MappingProxyType, a frozen attrs value), "
            "or list it in [tool.claims].mutable_allowed with a reason in a comment",
        )
        for module, name, kind in mutable_tables(modules, allowed)
    ]


def as_problem(line: str) -> Problem:
    """Turn a `subject: message; fix` line into a Problem."""
    # stale_lines already ends each line with its fix: keep it whole.
    subject, _, rest = line.partition(": ")
    message, _, fix = rest.rpartition("; ")
    return Problem(subject, message, fix)


def not_run_problems(results: Sequence[Result], claims: Sequence[object]) -> list[Problem]:
    """Name the run itself when some selected claims never produced a result."""
    missing = len(claims) - len(results)
    if missing <= 0:
        return []
    return [
        Problem(
            "run",
            f"{missing} of {len(claims)} claims produced no result",
            "rerun `claim_batch gate`; a green gate needs every claim seen passing",
        )
    ]


def evidence_problems(
    session: Session, results: Sequence[Result], reached: Mapping[str, Sequence[str]], evidence: Evidence | None
) -> list[Problem]:
    """Audit the recorded kill evidence against the code and the declared defects (see mutation.audit)."""
    from claims._internal.caching.environment import current
    from claims._internal.caching.fingerprint import Sources
    from claims._internal.mutation import audit, staleness
    from claims._internal.mutation.collect import collect
    from claims._internal.mutation.plan import Baseline
    from claims._internal.mutation.survivors import (
        equivalent_path,
        read_bindings,
        read_equivalent,
        read_untriaged,
        untriaged_path,
    )

    config = session.config
    claims = session.discovery.claims
    catalog = collect(config.mutations)
    problems = [
        Problem(
            f.module,
            "mutation module did not import: " + (f.traceback.strip().splitlines() or ["?"])[-1],
            "fix the import (`claim_batch mutate --list` shows the traceback)",
        )
        for f in catalog.failures
    ]
    problems += [
        Problem(d.split(" ")[0], "defect id declared twice " + d.partition(" ")[2], "rename one of them")
        for d in catalog.duplicates
    ]
    problems += audit.private_names(claims, catalog.seeded)
    if evidence is None:
        if catalog.seeded or config.typecheck:
            problems.append(Problem("ledger/evidence", "no kill evidence is recorded", staleness.UPDATE))
        return problems
    baseline = Baseline.of({r.claim.id: r.duration for r in results}, reached)
    sources = Sources((*config.typecheck, *config.witnesses), config.root)
    by_id = {c.id: c for c in claims}
    path = equivalent_path(config)
    shown = shown_path(path, config.root)
    problems += staleness.stale_rows(
        evidence, baseline, by_id, catalog.seeded, sources, config.typecheck, session.import_reach, current(config.root)
    )
    problems += audit.intent_problems(evidence, catalog.seeded, baseline, claims, sources.text)
    admitted = untriaged_path(config)
    problems += audit.survivor_problems(
        evidence, read_equivalent(path), shown, read_untriaged(admitted), admitted.name, read_bindings(path)
    )
    return problems


def untriaged_debt(session: Session, evidence: Evidence | None) -> int:
    """Count the admitted untriaged survivors no claim kills yet (the gate reports them as debt, as mutate does)."""
    from claims._internal.mutation.survivors import read_untriaged, untriaged_path

    if evidence is None:
        return 0
    # Read after the evidence check, which has already refused a malformed file (exit 2, located).
    admitted = read_untriaged(untriaged_path(session.config))
    return sum(1 for m in admitted if m in evidence.mutants and not evidence.mutants[m].observation.killers)
