"""Audit the recorded evidence against the code, without running a mutant: what the gate checks on every merge.

- every recorded row's fingerprint matches what would produce it now, and
  every covered rule and declared defect has rows (`staleness`);
- every declared defect's intent holds on its recorded evidence;
- no defect target and no `rules=` entry is private;
- every automatic survivor is explained in the equivalents file, and no
  explanation is stale;
- every claim is killed by some recorded mutant or defect.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from claims._internal.declare import Claim
from claims._internal.mutation.defects import Seeded
from claims._internal.mutation.evidence import Evidence, MutantRow, is_legacy
from claims._internal.mutation.intent import Judgement, judge
from claims._internal.mutation.plan import (
    Baseline,
    defect_covering,
)
from claims._internal.mutation.staleness import DECLARED_UPDATE
from claims._internal.problems import Problem
from claims._internal.select import matches


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


def _named(label: str, ids: frozenset[str]) -> str:
    """Decide the detail part naming these claims under this label, or nothing when there are none."""
    return f"{label}: {', '.join(sorted(ids))}" if ids else ""


def _intent_detail(verdict: Judgement) -> str:
    """Decide the parenthesised detail explaining why a defect's intent failed."""
    parts = (
        _named("must turn red but stays green", verdict.missing),
        _named("must stay green but turns red", verdict.broken),
        _named("red within its exact scope but not named", verdict.unexpected),
        verdict.detail,
    )
    return "; ".join(part for part in parts if part)


def _defect_scope(one: Seeded, claims: Sequence[Claim]) -> frozenset[str] | None:
    """Decide the claims within a defect's exact scope, or None when it declares none."""
    if not one.scope:
        return None
    return frozenset(c.id for c in claims if any(matches(c, p) for p in one.scope))


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
        verdict = judge(one, row.observation, ran, _defect_scope(one, claims))
        if not verdict.verdict.holds:
            problems.append(
                Problem(
                    one.id,
                    f"{verdict.verdict.value}: {verdict.verdict.sentence} ({_intent_detail(verdict)})",
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
    by_change = _stable_ids_by_change(evidence)
    plan: dict[str, tuple[str, str]] = {}
    left: dict[str, str] = {}
    for mutant_id, change in sorted(bindings.items()):
        if not is_legacy(mutant_id.rpartition(".")[2]):
            continue
        found = by_change.get(change or "", [])
        why = _why_left(change, found, bindings)
        if why is not None:
            left[mutant_id] = why
        elif change is not None:
            plan[mutant_id] = (found[0], change)
    return plan, left


def _stable_ids_by_change(evidence: Evidence) -> dict[str, list[str]]:
    """Decide which stable-id rows record each mutation (keyed by its change line)."""
    by_change: dict[str, list[str]] = {}
    for mutant_id, row in evidence.mutants.items():
        if row.change and not is_legacy(row.name):
            by_change.setdefault(row.change, []).append(mutant_id)
    return by_change


def _why_left(change: str | None, found: Sequence[str], bindings: Mapping[str, str | None]) -> str | None:
    """Decide why `--bind` must leave an entry under a number, or None when it may rewrite it."""
    if change is None:
        return "it names a mutant by number and has no change line saying which mutation it explains"
    if len(found) != 1:
        return "the mutation it was written for is gone (its function changed since it was bound)"
    if found[0] in bindings:
        return f"the mutation it explains is {found[0]}, which has an explanation of its own"
    return None


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
            f"find the mutation its reason was written for among the survivors of its function (`claim_batch mutate "
            f"survivors`): write that mutation's id in {equivalent_file} if it is there, else delete the entry",
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
    problems += _stale_explanations(evidence, sorted(set(equivalent) - legacy), equivalent_file)
    problems += _stale_untriaged(evidence, equivalent, equivalent_file, untriaged, untriaged_file)
    return problems


def _stale_explanation(mutant_id: str, found: MutantRow | None, equivalent_file: str) -> Problem | None:
    """Decide whether an explanation is stale (its mutant gone or killed), and the problem saying so."""
    if found is None:
        return Problem(
            mutant_id,
            "stale explanation: no mutant has this id now (the lines of its mutation were edited, or its "
            "function is gone)",
            f"remove it from {equivalent_file}: the mutation it explains is gone, and a survivor on edited "
            "lines has an id of its own that needs its own explanation",
        )
    if found.status == "killed":
        return Problem(
            mutant_id,
            f"stale explanation: it is killed ({', '.join(sorted(found.observation.killers)[:3])}...)",
            f"remove it from {equivalent_file}",
        )
    return None


def _stale_explanations(evidence: Evidence, explained: Sequence[str], equivalent_file: str) -> list[Problem]:
    """Name every explanation (under a stable id) whose mutant is gone or killed."""
    found = (_stale_explanation(m, evidence.mutants.get(m), equivalent_file) for m in explained)
    return [problem for problem in found if problem is not None]


def _why_untriaged_stale(
    mutant_id: str, found: MutantRow | None, equivalent: Mapping[str, str], equivalent_file: str
) -> str | None:
    """Decide why an untriaged entry no longer fits, or None when it still does."""
    if found is None:
        return "no such mutant is recorded"
    if found.status == "killed":
        return "it is killed now"
    if mutant_id in equivalent:
        return f"it is explained in {equivalent_file}"
    return None


def _stale_untriaged(
    evidence: Evidence,
    equivalent: Mapping[str, str],
    equivalent_file: str,
    untriaged: frozenset[str],
    untriaged_file: str,
) -> list[Problem]:
    """Name every untriaged entry whose mutant is gone, killed, or explained."""
    problems = []
    for mutant_id in sorted(untriaged):
        why = _why_untriaged_stale(mutant_id, evidence.mutants.get(mutant_id), equivalent, equivalent_file)
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
