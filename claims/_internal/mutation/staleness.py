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

from attrs import frozen

from claims._internal.caching.environment import Environment, differences
from claims._internal.caching.fingerprint import Sources
from claims._internal.caching.readable_modules import ImportReach
from claims._internal.declare import Claim
from claims._internal.mutation.defects import Seeded
from claims._internal.mutation.evidence import Evidence
from claims._internal.mutation.inputs import CODE_PARTS, PART_WORDS, ClaimDigests
from claims._internal.mutation.plan import (
    Baseline,
    defect_covering,
    defect_prints,
    function_row,
    holds,
    mutant_prints,
)
from claims._internal.problems import Problem

UPDATE = "run `claim_batch mutate --update` (declared defects) and `claim_batch mutate --auto --update` (automatic mutants), then commit ledger/evidence"
AUTO_UPDATE = "run `claim_batch mutate --auto --update`, then commit ledger/evidence"
DECLARED_UPDATE = "run `claim_batch mutate --update`, then commit ledger/evidence"
SHOWN = 3


@frozen
class Moved:
    """Why one row's fingerprint moved: code it covers (named), and claims whose reach alone moved."""

    subject: str
    kind: str
    code: tuple[str, ...]
    runs: frozenset[str]


class Inputs:
    """Compare each covering claim's inputs now with those its kind's rows were recorded under.

    When no module changed since the evidence was recorded (`Environment.sources`), whatever moved moved with what
    the claims execute alone: the source of a function a claim now executes is new to its digest, not changed.
    """

    def __init__(self, evidence: Evidence, digests: ClaimDigests) -> None:
        self.evidence, self.digests = evidence, digests
        recorded = evidence.environment.sources if evidence.environment is not None else ""
        readable = digests.imported.readable_by_any(digests.sources)
        self.untouched = bool(recorded) and recorded == digests.sources.tree(readable)

    def moved(self, kind: str, covering: Iterable[str]) -> tuple[list[str], set[str]]:
        """Return (what code moved, in words; the claims whose executed functions alone moved)."""
        recorded = self.evidence.inputs.get(kind, {})
        code: list[str] = []
        runs: set[str] = set()
        for claim_id in sorted(covering):
            then = recorded.get(claim_id)
            if then is None:
                continue  # no inputs recorded for it: the covering set, or an older ledger, says why
            parts = self.digests.inputs(claim_id).moved(then)
            changed = [] if self.untouched else [p for p in parts if p in CODE_PARTS]
            for part in changed:
                rules = self.changed_rules(claim_id) if part == "code" else []
                code += rules or [PART_WORDS[part].format(claim=claim_id)]
            if parts and not changed:
                runs.add(claim_id)
        return code, runs

    def changed_rules(self, claim_id: str) -> list[str]:
        """Name the recorded rules a claim executes whose source changed since they were recorded."""
        found = []
        for key in sorted(self.digests.baseline.executed.get(claim_id, frozenset())):
            row = self.evidence.functions.get(key)
            if row is not None and self.digests.sources.function(key)[:12] != row.source:
                found.append(f"the source of {key}")
        return found


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
    moved = [*_moved_mutants(evidence, baseline, sources, digests, inputs)]
    moved += [Moved(key, "function", (), frozenset(claims_of)) for key, claims_of in coverage_only.items()]
    declared = {s.id: s for s in seeded}
    for defect_id in sorted(evidence.defects):
        if defect_id not in declared:
            problems.append(Problem(defect_id, "evidence for a defect no longer declared", DECLARED_UPDATE))
    moved += _moved_defects(evidence, declared, baseline, claims, sources, digests, inputs)
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
        if sources.modules.get(row.module) is None or row.name not in sources.modules[row.module].functions:
            problems.append(Problem(key, "evidence for a rule that no longer exists", AUTO_UPDATE))
            continue
        now = function_row(row.module, row.name, baseline, sources)
        changed = []
        if now.source != row.source:
            changed.append("its source changed")
        added, dropped = sorted(set(now.claims) - set(row.claims)), sorted(set(row.claims) - set(now.claims))
        if untouched and not changed and (added or dropped):
            coverage_only[key] = {*added, *dropped}
            continue
        if added:
            changed.append("claims now cover it: " + ", ".join(added))
        if dropped:
            changed.append("claims no longer cover it: " + ", ".join(dropped))
        if changed:
            count = sum(1 for m in evidence.mutants.values() if m.module == row.module and m.function == row.name)
            problems.append(
                Problem(
                    key,
                    f"stale evidence ({'; '.join(changed)}); its {count} mutant row(s) no longer match",
                    AUTO_UPDATE,
                )
            )
    recorded = set(evidence.functions)
    for module, digests in sorted(sources.modules.items()):
        if not any(module == p or module.startswith(p + ".") for p in typecheck):
            continue
        for function in sorted(digests.functions):
            key = f"{module}:{function}"
            if key not in recorded and "." not in function and baseline.covering_function(module, function):
                problems.append(
                    Problem(key, "no evidence: claims cover this rule but no mutant of it is recorded", AUTO_UPDATE)
                )
    return problems, coverage_only


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
        *_moved_mutants(evidence, baseline, sources, digests, inputs, chosen),
        *_moved_defects(evidence, declared, baseline, claims, sources, digests, inputs, chosen),
    ]


def summary(moved: Sequence[Moved], recorded: Environment | None = None, now: Environment | None = None) -> str:
    """Say in a few words what moved under a set of rows (the most frequent causes first, then the versions)."""
    code = _counted(c for m in moved for c in m.code)
    runs = sorted({c for m in moved if not m.code for c in m.runs})
    reach = f"which functions {len(runs)} claim(s) execute (first: {runs[0]})" if runs else ""
    versions = differences(recorded, now) if recorded is not None and now is not None else []
    installed = f"the installed versions ({', '.join(versions[:8])})" if versions else ""
    return "; ".join(p for p in (code, reach, installed) if p) or "the engine, or an older `mutate --update`"


def _moved_mutants(
    evidence: Evidence,
    baseline: Baseline,
    sources: Sources,
    digests: ClaimDigests,
    inputs: Inputs,
    only: set[str] | None = None,
) -> Iterable[Moved]:
    for mutant_id, mutant in sorted(evidence.mutants.items()):
        if only is not None and mutant_id not in only:
            continue
        covering = baseline.covering_function(mutant.module, mutant.function)
        made = mutant_prints(
            mutant.module, mutant.name, mutant.function, mutant.operator, covering, digests, sources, mutant.change
        )
        if holds(mutant.fingerprint, made, covering, evidence.inputs.get("auto", {}), digests):
            continue
        code, runs = inputs.moved("auto", covering)
        row = evidence.functions.get(f"{mutant.module}:{mutant.function}")
        now = function_row(mutant.module, mutant.function, baseline, sources)
        if row is None or row.source != now.source:
            code.insert(0, f"the source of {mutant.module}:{mutant.function}")
        elif set(row.claims) != set(now.claims):
            if inputs.untouched:  # no code changed: other claims reach it now
                runs |= set(row.claims) ^ set(now.claims)
            else:
                code.insert(0, f"the claims covering {mutant.module}:{mutant.function}")
        yield Moved(mutant_id, "auto", tuple(code), frozenset(runs))


def _moved_defects(
    evidence: Evidence,
    declared: Mapping[str, Seeded],
    baseline: Baseline,
    claims: Mapping[str, Claim],
    sources: Sources,
    digests: ClaimDigests,
    inputs: Inputs,
    only: set[str] | None = None,
) -> Iterable[Moved]:
    every = list(claims.values())
    for defect_id, row in sorted(evidence.defects.items()):
        one = declared.get(defect_id)
        if one is None or (only is not None and defect_id not in only):
            continue
        covering = defect_covering(one, baseline, every, sources.text)
        made = defect_prints(one, covering, digests, sources)
        if holds(row.fingerprint, made, covering, evidence.inputs.get("declared", {}), digests):
            continue
        code, runs = inputs.moved("declared", covering)
        if not code and not runs:
            code = ["its rule, its patch or wrapper, or which claims it runs"]
        yield Moved(defect_id, "declared", tuple(code), frozenset(runs))


def grouped(moved: Sequence[Moved], recorded: Environment | None, now: Environment | None) -> list[Problem]:
    """Turn moved rows into gate problems: a line per defect or group whose code moved, one line for the rest."""
    problems = []
    mutants = [m for m in moved if m.kind == "auto" and m.code]
    if mutants:
        causes = _counted(c for m in mutants for c in m.code)
        problems.append(
            Problem(
                "ledger/evidence",
                f"{len(mutants)} automatic mutant row(s) no longer match the code they cover, which changed: "
                f"{causes} (first: {mutants[0].subject})",
                AUTO_UPDATE,
            )
        )
    for defect in (m for m in moved if m.kind == "declared" and m.code):
        problems.append(
            Problem(
                defect.subject,
                f"stale evidence: changed since it was recorded: {_counted(defect.code)}",
                DECLARED_UPDATE,
            )
        )
    reach_only = [m for m in moved if not m.code and m.runs]
    if reach_only:
        problems.append(_reach_problem(reach_only, recorded, now))
    unexplained = [m for m in moved if not m.code and not m.runs]
    if unexplained:
        problems.append(
            Problem(
                "ledger/evidence",
                f"{len(unexplained)} row(s) no longer match though no code and no claim input they cover moved since "
                f"they were recorded: the engine changed, or an older `mutate --update` recorded them "
                f"(first: {unexplained[0].subject})",
                UPDATE if any(m.kind == "declared" for m in unexplained) else AUTO_UPDATE,
            )
        )
    return problems


def _reach_problem(rows: Sequence[Moved], recorded: Environment | None, now: Environment | None) -> Problem:
    claims = sorted({c for m in rows for c in m.runs})
    mutants = sum(1 for m in rows if m.kind == "auto")
    defects = sum(1 for m in rows if m.kind == "declared")
    what = " and ".join(
        part
        for part in (
            f"{mutants} automatic mutant row(s)" if mutants else "",
            f"{defects} declared defect(s)" if defects else "",
        )
        if part
    )
    message = (
        f"{what} moved their fingerprints with no code changed: which functions {len(claims)} claim(s) execute "
        f"changed (first: {claims[0]})"
    )
    versions = differences(recorded, now) if recorded is not None and now is not None else []
    if versions:
        shown = ", ".join(versions[:8]) + (f" and {len(versions) - 8} more" if len(versions) > 8 else "")
        return Problem(
            "ledger/evidence",
            f"{message}; the evidence was recorded under other versions: {shown}",
            "install the versions it was recorded under (the project's lock), or record it under these: "
            + UPDATE.removeprefix("run "),
        )
    return Problem(
        "ledger/evidence",
        f"{message}, under the versions it was recorded under",
        f"{UPDATE}; if it moves again with nothing changed, what a claim executes depends on the machine or the "
        "order it runs in (`claim_batch mutate show ID` says what a row's fingerprint covers)",
    )


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
    mutant = evidence.mutants.get(subject)
    defect = evidence.defects.get(subject)
    declared = {s.id: s for s in seeded}
    if mutant is not None:
        covering = sorted(c for c in baseline.covering_function(mutant.module, mutant.function) if c in claims)
        what = (
            f"the source of {mutant.module}:{mutant.function}, the mutation (change {mutant.change}), "
            f"its operator {mutant.operator}, the engine"
        )
        recorded = mutant.fingerprint
    elif defect is not None and subject in declared:
        every = list(claims.values())
        covering = sorted(c for c in defect_covering(declared[subject], baseline, every, sources.text) if c in claims)
        what = f"the source of {', '.join(declared[subject].targets)}, its patch or wrapper, its scope, the engine"
        recorded = defect.fingerprint
    else:
        return ["fingerprint: no row is recorded for it (`claim_batch mutate --update` records one)"]
    lines = [f"fingerprint: {recorded}, covering {what}, and the inputs of {len(covering)} covering claim(s):"]
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
    lines.append(NOT_COVERED)
    moved = why_moved(evidence, baseline, claims, seeded, sources, digests, [subject])
    if moved:
        lines.append(f"stale: what moved since it was recorded: {summary(moved, evidence.environment, environment)}")
    else:
        lines.append("current: the code and the claims' inputs it covers are as recorded")
    return lines
