"""Apply a mutant or a declared defect inside a worker (a fresh fork: nothing is ever restored).

Before anything runs, caches built from the original code are dropped
(`hermetic.Caches`: cattrs' dispatch caches, `functools` caches).  Every
property claim runs in mutation mode, which the supervisor puts in force
before it forks: a small derandomised budget, explicit examples first, and
no shrinking (a failure is the kill; shrinking would only find a smaller
one), even where the claim sets its own budget.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from claims._internal.declare import Claim
from claims._internal.mutation.defects import DefectGroup, Seeded
from claims._internal.mutation.infection import Probe
from claims._internal.mutation.layout import mangled
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.patches import patched_rule, resolve
from claims._internal.mutation.trampoline import ORIG, activate, switch, table_of
from claims._internal.running.one_claim import FirstFailure

MUTATION_EXAMPLES = 10
"""Generated examples a property claim gets under a mutant (its @examples always run first)."""


def mutation_budgets(claims: Iterable[Claim]) -> tuple[tuple[Any, dict[str, Any], Any], ...]:
    """Return each property claim's function with what mutation mode sets on it: the budget, and no shrinking.

    They override the claim's own @settings. Built once, in the supervisor; `mutation_mode` puts them in force.
    The seed `derandomize` derives from a digest of the claim's source is computed here too, once, and set as
    the claim's seed, with the same digest as its database key (an explicit `@seed` or key stays). Hypothesis
    would otherwise read, tokenize and parse the claim's source file in every fork, twice a run; the draws are
    the same, since `derandomize` seeds its generator with exactly that number.

    The third item stands in for the claim's body (hypothesis's `inner_test`): an example that fails ends the
    run at once (`_first_failure_ends`), where hypothesis would record the failure, replay the example and
    format its report, only for the kill to be counted. For the same reason no example's arguments are
    rendered (`print_given_args`): hypothesis renders every explicit example's before running it, for a report
    a mutation run never shows.
    """
    from hypothesis import Phase, settings
    from hypothesis.internal.compat import int_from_bytes
    from hypothesis.internal.reflection import function_digest

    budgets = []
    for claim in claims:
        current = getattr(claim.fn, "_hypothesis_internal_use_settings", None)
        if current is None:
            continue
        budget = settings(
            current,
            max_examples=min(current.max_examples, MUTATION_EXAMPLES),
            phases=[Phase.explicit, Phase.reuse, Phase.generate],
            derandomize=True,
            database=None,
            deadline=None,
        )
        chosen: dict[str, Any] = {
            "_hypothesis_internal_use_settings": budget,
            "_hypothesis_internal_print_given_args": False,
        }
        handle = getattr(claim.fn, "hypothesis", None)
        inner = None
        if handle is not None:
            digest = function_digest(handle.inner_test)
            if getattr(claim.fn, "_hypothesis_internal_use_seed", None) is None:
                chosen["_hypothesis_internal_use_seed"] = int_from_bytes(digest)
            if getattr(claim.fn, "_hypothesis_internal_database_key", None) is None:
                chosen["_hypothesis_internal_database_key"] = digest
            expecting = any(e.raises is not None for e in getattr(claim.fn, "hypothesis_explicit_examples", ()))
            inner = _first_failure_ends(handle.inner_test, explicit=not expecting)
        budgets.append((claim.fn, chosen, inner))
    return tuple(budgets)


def _first_failure_ends(inner: Callable[..., Any], *, explicit: bool = True) -> Callable[..., Any]:
    """Wrap a property claim's body so that an error in any example leaves hypothesis as a FirstFailure.

    Hypothesis catches what its own runs treat as a failure (Exception, SystemExit, GeneratorExit). With no
    shrinking it would stop at a generated example's failure anyway, then replay it to raise the same error
    with a report; at a failing explicit example it would format the traceback, run every other explicit
    example, and raise what failed together as a group. The kill is the first error either way, and it is
    the verdict: a claim whose explicit examples fail with an assertion and a TypeCheckError is recorded by the
    first of them (in the order hypothesis runs them, the decorators' from the top), where the group's
    verdict would name neither. Anything hypothesis raises itself (an unmet `assume`, an overrun) is left to
    it, so its verdict is what it would be.

    Without `explicit` (for a claim with an `@example(...).xfail(...)`, whose expected error is its pass),
    what hypothesis runs as final, its explicit examples and the replay of a failure, is left to it as well.
    """
    from hypothesis.control import current_build_context
    from hypothesis.errors import HypothesisException

    @functools.wraps(inner)
    def example(*args: Any, **kwargs: Any) -> Any:
        try:
            return inner(*args, **kwargs)
        except (Exception, SystemExit, GeneratorExit) as exc:
            if isinstance(exc, HypothesisException) or (not explicit and current_build_context().is_final):
                raise
            raise FirstFailure(exc) from exc

    return example


def mutation_mode(budgets: Iterable[tuple[Any, Mapping[str, Any], Any]]) -> Callable[[], None]:
    """Give every property claim its mutation budget (see `mutation_budgets`); return what puts them back as found.

    The engine does this once, in the supervisor, before it forks: done in each fresh fork instead, it wrote to
    every property claim's function (about 700 pages copied per fork, with this suite).
    """
    missing = object()
    found: list[tuple[Any, dict[str, Any], Any]] = []
    for fn, chosen, inner in budgets:
        body = fn.hypothesis.inner_test if inner is not None else missing
        found.append((fn, {name: vars(fn).get(name, missing) for name in chosen}, body))
        for name, value in chosen.items():
            setattr(fn, name, value)
        if inner is not None:
            fn.hypothesis.inner_test = inner

    def put_back() -> None:
        for fn, saved, body in found:
            for name, value in saved.items():
                if value is missing:
                    vars(fn).pop(name, None)
                else:
                    setattr(fn, name, value)
            if body is not missing:
                fn.hypothesis.inner_test = body

    return put_back


def mutant_table(mutant: Mutant) -> dict[str, Callable[..., Any]]:
    """Return the trampoline table of a mutant's rule (its original, its mutants, and which is active)."""
    return getattr(sys.modules[mutant.module], f"mutants_{mangled(mutant.function)}__mutmut")  # type: ignore[no-any-return]


def apply_mutant(mutant: Mutant) -> None:
    """Switch one rule to its mutant copy."""
    table = mutant_table(mutant)
    switch(table, table[mutant.copy])


def apply_defect(seeded: Seeded, source_of: Callable[[str], tuple[Path, str]]) -> None:
    """Activate every member of a defect or group; LookupError says why one cannot be applied."""
    for defect in seeded.defects:
        module, rule = resolve(defect.target)
        activate(
            rule, defect.replacement if defect.replacement is not None else patched_rule(defect, module, source_of)
        )


def install_probes(
    subjects: Iterable[str],
    mutants: Mapping[str, Mutant],
    defects: Mapping[str, Seeded],
    source_of: Callable[[str], tuple[Path, str]],
) -> tuple[list[Probe], set[str]]:
    """Put a probe in front of every rule a subject replaces; return the probes and the subjects left unprobed.

    A defect group is left unprobed (its members act together, and a probe compares one rule at a time), as is
    any subject whose replacement cannot be built: both always run for real.
    """
    tables: dict[int, tuple[dict[str, Callable[..., Any]], dict[str, Callable[..., Any]]]] = {}
    unprobed: set[str] = set()
    for subject in subjects:
        try:
            if subject in mutants:
                table = mutant_table(mutants[subject])
                variant = table[mutants[subject].copy]
            else:
                seeded = defects[subject]
                if isinstance(seeded, DefectGroup):
                    unprobed.add(subject)
                    continue
                module, rule = resolve(seeded.target)
                table = table_of(rule) or {}  # resolve() already refused a rule without a table
                variant = (
                    seeded.replacement if seeded.replacement is not None else patched_rule(seeded, module, source_of)
                )
        except (LookupError, KeyError, AttributeError):
            unprobed.add(subject)
            continue
        tables.setdefault(id(table), (table, {}))[1][subject] = variant
    probes = []
    for table, variants in tables.values():
        probe = Probe(table[ORIG], variants)
        switch(table, probe)
        probes.append(probe)
    return probes, unprobed
