"""Say which recorded rows no longer match what would produce them now, and which of their inputs moved.

A row's fingerprint covers its function's source (or a defect's rules,
patch or wrapper), the mutation, the engine, and each covering claim's
inputs (`inputs`: its own source, what it reads, which functions it
executes and their source).  When one no longer matches, the gate says
which of those moved, because the fix differs:

- **code moved** (a function, a claim, a module's constants): what kills
  the mutant may have changed; rerunning it tells;
- **only what claims execute moved**, with no code changed: the same code
  ran other functions.  Under other dependency versions (hypothesis draws
  other examples from release to release) this is expected, and one line
  names the versions instead of listing hundreds of rows; under the same
  versions it means a claim's reach depends on something it must not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from claims._internal.caching.environment import Environment, differences
from claims._internal.caching.fingerprint import Sources
from claims._internal.caching.readable_modules import ImportReach
from claims._internal.declare import Claim
from claims._internal.mutation.defects import Seeded
from claims._internal.mutation.evidence import Evidence, FunctionRow, MutantRow
from claims._internal.mutation.inputs import ClaimDigests
from claims._internal.mutation.moved_rows import Inputs, Moved, moved_defects, moved_mutants
from claims._internal.mutation.plan import Baseline, defect_covering, function_row
from claims._internal.problems import Problem

UPDATE = "run `claim_batch mutate --update` (declared defects) and `claim_batch mutate --auto --update` (automatic mutants), then commit ledger/evidence"
AUTO_UPDATE = "run `claim_batch mutate --auto --update`, then commit ledger/evidence"
DECLARED_UPDATE = "run `claim_batch mutate --update`, then commit ledger/evidence"
SHOWN = 3


def stale_rows(
    evidence: Evidence,
    baseline: Baseline,
    claims: Mapping[str, Claim],
    seeded: Sequence[Seeded],
    sources: Sources,
    typecheck: Sequence[str],
    imported: ImportReach,
    environment: Environment | None = None,
) -> list[Problem]:
    """Name every row whose fingerprint no longer matches the code, every covered rule without rows, every orphan row.

    `environment` is the one this run has: compared with the one the evidence was recorded under, it names the
    versions behind rows that moved with no code changed.
    """
    digests = ClaimDigests(claims, sources, baseline, imported)
    inputs = Inputs(evidence, digests)
    problems, coverage_only = _function_problems(evidence, baseline, sources, typecheck, inputs.untouched)
    moved = [*moved_mutants(evidence, baseline, sources, digests, inputs)]
    moved += [Moved(key, "function", (), frozenset(claims_of)) for key, claims_of in coverage_only.items()]
    declared = {s.id: s for s in seeded}
    for defect_id in sorted(evidence.defects):
        if defect_id not in declared:
            problems.append(Problem(defect_id, "evidence for a defect no longer declared", DECLARED_UPDATE))
    moved += moved_defects(evidence, declared, baseline, claims, sources, digests, inputs)
    for defect_id in sorted(set(declared) - set(evidence.defects)):
        problems.append(Problem(defect_id, "no evidence recorded for this declared defect", DECLARED_UPDATE))
    return problems + grouped(moved, evidence.environment, environment)


def _function_problems(
    evidence: Evidence, baseline: Baseline, sources: Sources, typecheck: Sequence[str], untouched: bool
) -> tuple[list[Problem], dict[str, set[str]]]:
    """Name function rows whose source or covering claims changed, and rules without rows.

    With no module changed since recording (`untouched`), a function whose covering claims alone changed is
    returned apart (key -> the claims that came or went): its rows moved with what the claims execute.
    """
    problems = []
    coverage_only: dict[str, set[str]] = {}
    for key, row in sorted(evidence.functions.items()):
        if not _still_defined(row, sources):
            problems.append(Problem(key, "evidence for a rule that no longer exists", AUTO_UPDATE))
            continue
        now = function_row(row.module, row.name, baseline, sources)
        added, dropped = sorted(set(now.claims) - set(row.claims)), sorted(set(row.claims) - set(now.claims))
        if untouched and now.source == row.source and (added or dropped):
            coverage_only[key] = {*added, *dropped}
            continue
        changed = _function_changes(now.source != row.source, added, dropped)
        if changed:
            problems.append(_stale_function(key, row, changed, evidence.mutants.values()))
    return problems + _rules_without_rows(evidence, baseline, sources, typecheck), coverage_only


def _still_defined(row: FunctionRow, sources: Sources) -> bool:
    """Decide whether a function row's module still defines its function."""
    module = sources.modules.get(row.module)
    return module is not None and row.name in module.functions


def _function_changes(source_changed: bool, added: Sequence[str], dropped: Sequence[str]) -> list[str]:
    """Say what changed under a function row: its source, the claims that now cover it, those that no longer do."""
    said = (
        "its source changed" if source_changed else "",
        "claims now cover it: " + ", ".join(added) if added else "",
        "claims no longer cover it: " + ", ".join(dropped) if dropped else "",
    )
    return [part for part in said if part]


def _stale_function(key: str, row: FunctionRow, changed: Sequence[str], mutants: Iterable[MutantRow]) -> Problem:
    """Say that a function row is stale, why, and how many mutant rows of it no longer match."""
    count = sum(1 for m in mutants if m.module == row.module and m.function == row.name)
    return Problem(
        key,
        f"stale evidence ({'; '.join(changed)}); its {count} mutant row(s) no longer match",
        AUTO_UPDATE,
    )


def _rules_without_rows(
    evidence: Evidence, baseline: Baseline, sources: Sources, typecheck: Sequence[str]
) -> list[Problem]:
    """Name every type-checked rule that claims cover but that has no recorded row."""
    recorded = set(evidence.functions)
    problems = []
    for module, digests in sorted(sources.modules.items()):
        if not _type_checked(module, typecheck):
            continue
        for function in sorted(digests.functions):
            key = f"{module}:{function}"
            if key not in recorded and "." not in function and baseline.covering_function(module, function):
                problems.append(
                    Problem(key, "no evidence: claims cover this rule but no mutant of it is recorded", AUTO_UPDATE)
                )
    return problems


def _type_checked(module: str, typecheck: Sequence[str]) -> bool:
    """Decide whether a module lies in one of the type-checked packages."""
    return any(module == p or module.startswith(p + ".") for p in typecheck)


def why_moved(
    evidence: Evidence,
    baseline: Baseline,
    claims: Mapping[str, Claim],
    seeded: Sequence[Seeded],
    sources: Sources,
    digests: ClaimDigests,
    subjects: Iterable[str],
) -> list[Moved]:
    """Say, for recorded rows a run found with new fingerprints, which of their inputs moved."""
    chosen = set(subjects)
    inputs = Inputs(evidence, digests)
    declared = {s.id: s for s in seeded}
    return [
        *moved_mutants(evidence, baseline, sources, digests, inputs, chosen),
        *moved_defects(evidence, declared, baseline, claims, sources, digests, inputs, chosen),
    ]


def summary(moved: Sequence[Moved], recorded: Environment | None = None, now: Environment | None = None) -> str:
    """Say in a few words what moved under a set of rows (the most frequent causes first, then the versions)."""
    code = _counted(c for m in moved for c in m.code)
    said = (code, _reach_words(moved), _installed_words(_versions(recorded, now)))
    return "; ".join(p for p in said if p) or "the engine, or an older `mutate --update`"


def _reach_words(moved: Sequence[Moved]) -> str:
    """Say how many claims' reach alone moved under rows whose code did not (nothing when none did)."""
    runs = sorted({c for m in moved if not m.code for c in m.runs})
    return f"which functions {len(runs)} claim(s) execute (first: {runs[0]})" if runs else ""


def _installed_words(versions: Sequence[str]) -> str:
    """Say the first eight installed versions that differ from those recorded (nothing when none do)."""
    return f"the installed versions ({', '.join(versions[:8])})" if versions else ""


def _versions(recorded: Environment | None, now: Environment | None) -> list[str]:
    """Say how the installed versions differ from those the evidence was recorded under (nothing when unknown)."""
    return differences(recorded, now) if recorded is not None and now is not None else []


def grouped(moved: Sequence[Moved], recorded: Environment | None, now: Environment | None) -> list[Problem]:
    """Turn moved rows into gate problems: a line per defect or group whose code moved, one line for the rest."""
    problems = _code_moved_mutants(moved) + _code_moved_defects(moved)
    reach_only = [m for m in moved if not m.code and m.runs]
    if reach_only:
        problems.append(_reach_problem(reach_only, recorded, now))
    return problems + _unexplained(moved)


def _code_moved_mutants(moved: Sequence[Moved]) -> list[Problem]:
    """Say, in one line, which automatic mutant rows moved with the code they cover, and why."""
    mutants = [m for m in moved if m.kind == "auto" and m.code]
    if not mutants:
        return []
    causes = _counted(c for m in mutants for c in m.code)
    return [
        Problem(
            "ledger/evidence",
            f"{len(mutants)} automatic mutant row(s) no longer match the code they cover, which changed: "
            f"{causes} (first: {mutants[0].subject})",
            AUTO_UPDATE,
        )
    ]


def _code_moved_defects(moved: Sequence[Moved]) -> list[Problem]:
    """Say, one line each, which declared defects moved with the code they cover, and why."""
    return [
        Problem(
            defect.subject,
            f"stale evidence: changed since it was recorded: {_counted(defect.code)}",
            DECLARED_UPDATE,
        )
        for defect in moved
        if defect.kind == "declared" and defect.code
    ]


def _unexplained(moved: Sequence[Moved]) -> list[Problem]:
    """Say, in one line, which rows moved though neither code nor any claim input they cover did."""
    unexplained = [m for m in moved if not m.code and not m.runs]
    if not unexplained:
        return []
    return [
        Problem(
            "ledger/evidence",
            f"{len(unexplained)} row(s) no longer match though no code and no claim input they cover moved since "
            f"they were recorded: the engine changed, or an older `mutate --update` recorded them "
            f"(first: {unexplained[0].subject})",
            UPDATE if any(m.kind == "declared" for m in unexplained) else AUTO_UPDATE,
        )
    ]


def _reach_problem(rows: Sequence[Moved], recorded: Environment | None, now: Environment | None) -> Problem:
    """Say which rows moved with reach alone, and whether other installed versions explain it."""
    claims = sorted({c for m in rows for c in m.runs})
    message = (
        f"{_reach_rows(rows)} moved their fingerprints with no code changed: which functions {len(claims)} claim(s) "
        f"execute changed (first: {claims[0]})"
    )
    versions = _versions(recorded, now)
    if versions:
        return Problem(
            "ledger/evidence",
            f"{message}; the evidence was recorded under other versions: {_shown_versions(versions)}",
            "install the versions it was recorded under (the project's lock), or record it under these: "
            + UPDATE.removeprefix("run "),
        )
    return Problem(
        "ledger/evidence",
        f"{message}, under the versions it was recorded under",
        f"{UPDATE}; if it moves again with nothing changed, what a claim executes depends on the machine or the "
        "order it runs in (`claim_batch mutate show ID` says what a row's fingerprint covers)",
    )


def _reach_rows(rows: Sequence[Moved]) -> str:
    """Say how many automatic mutant rows and declared defects are among these rows."""
    mutants = sum(1 for m in rows if m.kind == "auto")
    defects = sum(1 for m in rows if m.kind == "declared")
    said = (
        f"{mutants} automatic mutant row(s)" if mutants else "",
        f"{defects} declared defect(s)" if defects else "",
    )
    return " and ".join(part for part in said if part)


def _shown_versions(versions: Sequence[str]) -> str:
    """Say the first eight version differences, and how many more there are."""
    return ", ".join(versions[:8]) + (f" and {len(versions) - 8} more" if len(versions) > 8 else "")


def _counted(causes: Iterable[str]) -> str:
    """Say the distinct causes, a changed rule's source first, then the most frequent; the first few named."""
    counts: dict[str, int] = {}
    for cause in causes:
        counts[cause] = counts.get(cause, 0) + 1
    ordered = sorted(counts, key=lambda c: (not c.startswith("the source of "), -counts[c], c))
    named = "; ".join(ordered[:SHOWN])
    return named + (f"; and {len(ordered) - SHOWN} more" if len(ordered) > SHOWN else "")


NOT_COVERED = (
    "not covered: the installed versions (recorded beside the rows, compared by the gate), paths, users, temporary "
    "folders, clocks, time zones, locales, the string-hash seed (pinned), bytecode, the worker count, the order"
)


def covered_lines(
    subject: str,
    evidence: Evidence,
    baseline: Baseline,
    claims: Mapping[str, Claim],
    seeded: Sequence[Seeded],
    sources: Sources,
    imported: ImportReach,
    environment: Environment | None = None,
) -> list[str]:
    """Say what a recorded row's fingerprint covers, and whether it still matches (for `claim_batch mutate show`)."""
    digests = ClaimDigests(claims, sources, baseline, imported)
    found = _row_covers(subject, evidence, baseline, claims, seeded, sources)
    if found is None:
        return ["fingerprint: no row is recorded for it (`claim_batch mutate --update` records one)"]
    recorded, what, covering = found
    lines = [f"fingerprint: {recorded}, covering {what}, and the inputs of {len(covering)} covering claim(s):"]
    lines += _claim_input_lines(covering, baseline, claims, sources, imported)
    lines.append(NOT_COVERED)
    moved = why_moved(evidence, baseline, claims, seeded, sources, digests, [subject])
    if moved:
        lines.append(f"stale: what moved since it was recorded: {summary(moved, evidence.environment, environment)}")
    else:
        lines.append("current: the code and the claims' inputs it covers are as recorded")
    return lines


def _row_covers(
    subject: str,
    evidence: Evidence,
    baseline: Baseline,
    claims: Mapping[str, Claim],
    seeded: Sequence[Seeded],
    sources: Sources,
) -> tuple[str, str, list[str]] | None:
    """Decide a row's fingerprint, what it covers besides claims, and its covering claims (None: no such row)."""
    mutant = evidence.mutants.get(subject)
    if mutant is not None:
        return _mutant_covers(mutant, baseline, claims)
    defect = evidence.defects.get(subject)
    one = {s.id: s for s in seeded}.get(subject)
    if defect is None or one is None:
        return None
    covering = sorted(c for c in defect_covering(one, baseline, list(claims.values()), sources.text) if c in claims)
    what = f"the source of {', '.join(one.targets)}, its patch or wrapper, its scope, the engine"
    return defect.fingerprint, what, covering


def _mutant_covers(mutant: MutantRow, baseline: Baseline, claims: Mapping[str, Claim]) -> tuple[str, str, list[str]]:
    """Decide an automatic mutant row's fingerprint, what it covers besides claims, and its covering claims."""
    covering = sorted(c for c in baseline.covering_function(mutant.module, mutant.function) if c in claims)
    what = (
        f"the source of {mutant.module}:{mutant.function}, the mutation (change {mutant.change}), "
        f"its operator {mutant.operator}, the engine"
    )
    return mutant.fingerprint, what, covering


def _claim_input_lines(
    covering: Sequence[str],
    baseline: Baseline,
    claims: Mapping[str, Claim],
    sources: Sources,
    imported: ImportReach,
) -> list[str]:
    """Say, for the first twenty covering claims, which of their inputs a fingerprint covers."""
    lines = []
    for claim_id in covering[:20]:
        executed = baseline.executed.get(claim_id, frozenset())
        modules = imported.modules_of(claims[claim_id].witness, sources)
        reads = "every module" if modules is None else f"the {len(modules)} module(s)"
        lines.append(
            f"  {claim_id}: its source, the {len(executed)} function(s) it executes and their source, the constants "
            f"of {reads} it can read"
        )
    if len(covering) > 20:
        lines.append(f"  ... and {len(covering) - 20} more")
    return lines
