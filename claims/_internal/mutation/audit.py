"""Audit the recorded evidence against the code, without running a mutant: what the gate checks on every merge.

- every recorded row's fingerprint matches what would produce it now (the
  function's source, the covering claims' sources, the operator or patch):
  a row that no longer matches is named, with what changed;
- every rule some claim covers has a function row, and no row outlives its
  function or defect; every declared defect has a row;
- every declared defect's intent holds on its recorded evidence;
- no defect target and no `rules=` entry is private;
- every automatic survivor is explained in the equivalents file, and no
  explanation is stale;
- every claim is killed by some recorded mutant or defect.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from claims._internal.declare import Claim
from claims._internal.fingerprint import Sources
from claims._internal.import_reach import ImportReach
from claims._internal.mutation.defects import Seeded
from claims._internal.mutation.evidence import Evidence, MutantRow, is_legacy
from claims._internal.mutation.intent import judge
from claims._internal.mutation.plan import (
    Baseline,
    ClaimDigests,
    defect_covering,
    defect_fingerprint,
    function_row,
    mutant_fingerprint,
)
from claims._internal.problems import Problem
from claims._internal.select import matches

UPDATE = "run `claim_batch mutate --update` (declared defects) and `claim_batch mutate --auto --update` (automatic mutants), then commit ledger/evidence"
AUTO_UPDATE = "run `claim_batch mutate --auto --update`, then commit ledger/evidence"
DECLARED_UPDATE = "run `claim_batch mutate --update`, then commit ledger/evidence"


def _private(name: str) -> bool:
    return any(part.startswith("_") and not (part.startswith("__") and part.endswith("__")) for part in name.split("."))


def private_names(claims: Sequence[Claim], seeded: Sequence[Seeded]) -> list[Problem]:
    """Refuse private rule names in `rules=` and private defect targets: a proof of a helper is not a proof of a rule."""
    problems = []
    for claim in claims:
        for rule in claim.rules:
            if _private(rule):
                problems.append(
                    Problem(
                        claim.id,
                        f"names the private helper {rule} as its rule",
                        "name the public rule the claim exercises (rules=[...])",
                    )
                )
    for one in seeded:
        for target in one.targets:
            if _private(target):
                problems.append(
                    Problem(
                        one.id,
                        f"targets the private helper {target}",
                        "target the public rule that calls it (a wrapper or a patch of the rule)",
                    )
                )
    return problems


def stale_rows(
    evidence: Evidence,
    baseline: Baseline,
    claims: Mapping[str, Claim],
    seeded: Sequence[Seeded],
    sources: Sources,
    typecheck: Sequence[str],
    imported: ImportReach,
) -> list[Problem]:
    """Name every row whose fingerprint no longer matches the code, every covered rule without rows, every orphan row."""
    problems = []
    seen_functions = set()
    for key, row in sorted(evidence.functions.items()):
        seen_functions.add(key)
        if (
            sources.modules.get(row.module) is None
            or key.partition(":")[2] not in sources.modules[row.module].functions
        ):
            problems.append(Problem(key, "evidence for a rule that no longer exists", AUTO_UPDATE))
            continue
        now = function_row(row.module, row.name, baseline, sources)
        changed = []
        if now.source != row.source:
            changed.append("its source changed")
        added, dropped = sorted(set(now.claims) - set(row.claims)), sorted(set(row.claims) - set(now.claims))
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
    for module, digests in sorted(sources.modules.items()):
        if not any(module == p or module.startswith(p + ".") for p in typecheck):
            continue
        for function in sorted(digests.functions):
            key = f"{module}:{function}"
            if key not in seen_functions and "." not in function and baseline.covering_function(module, function):
                problems.append(
                    Problem(key, "no evidence: claims cover this rule but no mutant of it is recorded", AUTO_UPDATE)
                )
    stale_mutants = 0
    first = ""
    covered_by = ClaimDigests(claims, sources, baseline, imported)
    for mutant_id, mutant in sorted(evidence.mutants.items()):
        covering = baseline.covering_function(mutant.module, mutant.function)
        if (
            mutant_fingerprint(
                mutant.module,
                mutant.name,
                mutant.function,
                mutant.operator,
                covering,
                covered_by,
                sources,
                mutant.change,
            )
            != mutant.fingerprint
        ):
            stale_mutants += 1
            first = first or mutant_id
    if stale_mutants:
        problems.append(
            Problem(
                "ledger/evidence",
                f"{stale_mutants} automatic mutant row(s) have fingerprints that no longer match the code (first: {first})",
                AUTO_UPDATE,
            )
        )
    declared = {s.id: s for s in seeded}
    for defect_id, defect in sorted(evidence.defects.items()):
        if defect_id not in declared:
            problems.append(Problem(defect_id, "evidence for a defect no longer declared", DECLARED_UPDATE))
            continue
        covering = defect_covering(declared[defect_id], baseline, list(claims.values()), sources.text)
        if defect_fingerprint(declared[defect_id], covering, covered_by, sources) != defect.fingerprint:
            problems.append(
                Problem(
                    defect_id,
                    "stale evidence: its rule, patch, wrapper or covering claims changed since it was recorded",
                    DECLARED_UPDATE,
                )
            )
    for defect_id in sorted(set(declared) - set(evidence.defects)):
        problems.append(Problem(defect_id, "no evidence recorded for this declared defect", DECLARED_UPDATE))
    return problems


def intent_problems(
    evidence: Evidence,
    seeded: Sequence[Seeded],
    baseline: Baseline,
    claims: Sequence[Claim],
    text_of: Callable[[str], str | None],
) -> list[Problem]:
    """Re-judge every declared defect's intent on its recorded evidence."""
    problems = []
    for one in seeded:
        row = evidence.defects.get(one.id)
        if row is None:
            continue
        ran = len(defect_covering(one, baseline, claims, text_of))
        scope = frozenset(c.id for c in claims if any(matches(c, p) for p in one.scope)) if one.scope else None
        verdict = judge(one, row.observation, ran, scope)
        if not verdict.verdict.holds:
            detail = "; ".join(
                part
                for part in (
                    f"must turn red but stays green: {', '.join(sorted(verdict.missing))}" if verdict.missing else "",
                    f"must stay green but turns red: {', '.join(sorted(verdict.broken))}" if verdict.broken else "",
                    f"red within its exact scope but not named: {', '.join(sorted(verdict.unexpected))}"
                    if verdict.unexpected
                    else "",
                    verdict.detail,
                )
                if part
            )
            problems.append(
                Problem(
                    one.id,
                    f"{verdict.verdict.value}: {verdict.verdict.sentence} ({detail})",
                    f"fix the claims or the defect's intent in its mutations module, then {DECLARED_UPDATE}",
                )
            )
    return problems


def binding_plan(
    evidence: Evidence, bindings: Mapping[str, str | None]
) -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """Say what `mutate survivors --bind` may do with explanations written before ids were stable.

    Such an entry names its mutant by number (`pkg.x_rule__mutmut_3`), which an edit or a new operator gives to
    another mutation; its `change` line records the mutation it was written for.  Returns (entries to rewrite:
    old id -> (the stable id of the row recording exactly that mutation, its change), and the entries it must
    leave, with why).  An entry without a change line, or whose mutation no row records now (its function
    changed since), is left: only a person can say which mutation its reason explains.  Entries under stable
    ids are never touched: an id names one mutation for good.
    """
    by_change: dict[str, list[str]] = {}
    for mutant_id, row in evidence.mutants.items():
        if row.change and not is_legacy(row.name):
            by_change.setdefault(row.change, []).append(mutant_id)
    plan: dict[str, tuple[str, str]] = {}
    left: dict[str, str] = {}
    for mutant_id, change in sorted(bindings.items()):
        if not is_legacy(mutant_id.rpartition(".")[2]):
            continue
        found = by_change.get(change or "", [])
        if change is None:
            left[mutant_id] = "it names a mutant by number and has no change line saying which mutation it explains"
        elif len(found) != 1:
            left[mutant_id] = "the mutation it was written for is gone (its function changed since it was bound)"
        elif found[0] in bindings:
            left[mutant_id] = f"the mutation it explains is {found[0]}, which has an explanation of its own"
        else:
            plan[mutant_id] = (found[0], change)
    return plan, left


def binding_problems(evidence: Evidence, bindings: Mapping[str, str | None], equivalent_file: str) -> list[Problem]:
    """Name every explanation still under a number instead of a stable id (see `binding_plan`)."""
    plan, left = binding_plan(evidence, bindings)
    problems = [
        Problem(
            mutant_id,
            f"explanation under a mutant's old number: the mutation it explains is {moved}",
            "`claim_batch mutate survivors --bind` rewrites it under that id",
        )
        for mutant_id, (moved, _) in sorted(plan.items())
    ]
    problems += [
        Problem(
            mutant_id,
            f"explanation under a mutant's old number: {why}",
            f"read its reason against the survivors of its function (`claim_batch mutate survivors`); write the id of "
            f"the one it explains in {equivalent_file}, or delete it",
        )
        for mutant_id, why in sorted(left.items())
    ]
    return problems


def unexplained_survivors(
    mutants: Mapping[str, MutantRow], equivalent: Mapping[str, str], equivalent_file: str, untriaged: frozenset[str]
) -> list[Problem]:
    """Name every survivor of these rows that is neither explained nor admitted untriaged."""
    return [
        Problem(
            mutant_id,
            f"unexplained survivor ({row.status})",
            f"kill it with a claim, or explain it in {equivalent_file} (`claim_batch mutate show {mutant_id}` shows the diff)",
        )
        for mutant_id, row in sorted(mutants.items())
        if row.status != "killed" and mutant_id not in equivalent and mutant_id not in untriaged
    ]


def survivor_problems(
    evidence: Evidence,
    equivalent: Mapping[str, str],
    equivalent_file: str,
    untriaged: frozenset[str] = frozenset(),
    untriaged_file: str = "untriaged.toml",
    bindings: Mapping[str, str | None] | None = None,
) -> list[Problem]:
    """Name every survivor neither explained nor admitted untriaged, and every entry that no longer fits.

    One place for the survivor rules: the gate and `claim_batch mutate --auto` both judge with it.
    """
    problems = []
    legacy: set[str] = set()
    if bindings is not None:
        problems += binding_problems(evidence, bindings, equivalent_file)
        legacy = {m for m in bindings if is_legacy(m.rpartition(".")[2])}
    problems += unexplained_survivors(evidence.mutants, equivalent, equivalent_file, untriaged)
    for mutant_id in sorted(set(equivalent) - legacy):
        found = evidence.mutants.get(mutant_id)
        if found is None:
            problems.append(
                Problem(
                    mutant_id,
                    "stale explanation: no mutant has this id now (the lines of its mutation were edited, or its "
                    "function is gone)",
                    f"remove it from {equivalent_file}; if its reason holds for a survivor whose lines were edited, "
                    "write that survivor's id instead (`claim_batch mutate survivors` lists them)",
                )
            )
        elif found.status == "killed":
            problems.append(
                Problem(
                    mutant_id,
                    f"stale explanation: it is killed ({', '.join(sorted(found.observation.killers)[:3])}...)",
                    f"remove it from {equivalent_file}",
                )
            )
    for mutant_id in sorted(untriaged):
        found = evidence.mutants.get(mutant_id)
        why = (
            "no such mutant is recorded"
            if found is None
            else "it is killed now"
            if found.status == "killed"
            else f"it is explained in {equivalent_file}"
            if mutant_id in equivalent
            else None
        )
        if why:
            problems.append(
                Problem(
                    mutant_id,
                    f"stale untriaged entry: {why}",
                    f"run `claim_batch mutate survivors --admit-untriaged` to shrink {untriaged_file}",
                )
            )
    return problems


def killers_by_claim(evidence: Evidence) -> dict[str, tuple[tuple[str, ...], int]]:
    """Map each claim id to (the declared defects that kill it, how many automatic mutants kill it)."""
    defects: dict[str, list[str]] = {}
    automatic: dict[str, int] = {}
    for row in evidence.defects.values():
        for claim in row.observation.killers:
            defects.setdefault(claim, []).append(row.id)
    for mutant in evidence.mutants.values():
        for claim in mutant.observation.killers:
            automatic[claim] = automatic.get(claim, 0) + 1
    return {c: (tuple(sorted(defects.get(c, ()))), automatic.get(c, 0)) for c in sorted(set(defects) | set(automatic))}
