"""Run every claim under each declared defect and judge it against the defect's exact red set.

The baseline must be fully green first: a claim already red before the
defect is not a kill, so a red baseline refuses the whole run.  A defect
with a `scope` runs (and is judged over) only the claims its patterns select.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from attrs import frozen

from claims._internal.declare import Claim
from claims.errors import DeclarationError
from claims._internal.kinds import Verdict
from claims._internal.mutate.apply import Reach, applied
from claims._internal.mutate.coverage import covering
from claims._internal.mutate.defect import Seeded
from claims._internal.mutate.verdict import DefectVerdict, Judgement, Observed, judge
from claims._internal.runner import Result, Settings, run_claim
from claims._internal.select import matches


@frozen
class DefectRun:
    """Hold one seeded defect, what its run observed, and the judgement."""

    seeded: Seeded
    observed: Observed
    judgement: Judgement

    @property
    def verdict(self) -> DefectVerdict:
        return self.judgement.verdict


def observe(results: Sequence[Result], unreached: frozenset[str], judged: int | None = None) -> Observed:
    """Sort red results into failed by assertion, errored by crash, and crashes by the type contract."""
    failed = frozenset(r.claim.id for r in results if r.verdict is Verdict.FAIL)
    errored = frozenset(r.claim.id for r in results if r.verdict is Verdict.ERROR)
    typed = frozenset(r.claim.id for r in results if r.error_type == "TypeCheckError")
    total = len(results) if judged is None else judged
    return Observed(failed=failed, errored=errored, type_contract=typed, total=total, unreached=unreached)


def undeclared_claims(seeded: Seeded, known: set[str]) -> list[str]:
    """Return expected claim ids (red or green) that name no claim."""
    named = set(seeded.expect_red) | set(seeded.expect_green)
    return sorted(named - known)


def in_scope(seeded: Seeded, claims: Sequence[Claim]) -> list[Claim]:
    """Return the claims a defect is judged over: those its scope selects, or every claim when it has none."""
    if not seeded.scope:
        return list(claims)
    return [c for c in claims if any(matches(c, p) for p in seeded.scope)]


def scope_problem(seeded: Seeded, claims: Sequence[Claim]) -> str | None:
    """Say what is wrong with a defect's scope: a pattern that selects nothing, or an expected claim outside it."""
    if not seeded.scope:
        return None
    empty = [p for p in seeded.scope if not any(matches(c, p) for c in claims)]
    if empty:
        return f"scope pattern(s) select no claim: {', '.join(empty)}"
    inside = {c.id for c in in_scope(seeded, claims)}
    outside = sorted((set(seeded.expect_red) | set(seeded.expect_green)) - inside)
    if outside:
        return f"expects claim(s) outside its scope ({', '.join(seeded.scope)}): {', '.join(outside)}"
    return None


def scope_words(seeded: Seeded) -> str:
    """Render a defect's scope for the report: its patterns, or `every claim`."""
    return ", ".join(seeded.scope) if seeded.scope else "every claim"


def run_defect(seeded: Seeded, claims: Sequence[Claim], settings: Settings, reached: Mapping[str, frozenset[str]] | None = None) -> DefectRun:
    """Apply one defect or group, run the claims in its scope that reach a target, restore, and judge."""
    unknown = undeclared_claims(seeded, {c.id for c in claims})
    problem = f"expects claim(s) that do not exist: {', '.join(unknown)}" if unknown else scope_problem(seeded, claims)
    if problem is not None:
        seen = Observed(frozenset(), frozenset(), frozenset(), 0, problem=problem)
        return DefectRun(seeded, seen, judge(seeded.expect_red, seeded.expect_green, seen))
    judged = in_scope(seeded, claims)
    # Claims that never reach a target keep their green baseline verdict: only the others run.
    claims = covering(judged, [d.target for d in seeded.defects], reached)
    reach = Reach()
    try:
        with applied(seeded.defects, reach):
            results = [run_claim(claim, settings) for claim in claims]
    except DeclarationError as exc:
        seen = Observed(frozenset(), frozenset(), frozenset(), 0, problem=f"did not apply: {exc}")
        return DefectRun(seeded, seen, judge(seeded.expect_red, seeded.expect_green, seen))
    # A group is reached only if every member is: an unreached member proves nothing.
    unreached = frozenset(d.target for d in seeded.defects if not reach.reached(d.target))
    seen = observe(results, unreached, judged=len(judged))
    return DefectRun(seeded, seen, judge(seeded.expect_red, seeded.expect_green, seen))


def run_declared(
    seeded: Sequence[Seeded],
    claims: Sequence[Claim],
    settings: Settings,
    on_run: Callable[[DefectRun], None] | None = None,
    reached: Mapping[str, frozenset[str]] | None = None,
) -> list[DefectRun]:
    """Run each defect in turn (Ctrl-C propagates; runs finished so far were already reported)."""
    runs = []
    for one in seeded:
        run = run_defect(one, claims, settings, reached)
        runs.append(run)
        if on_run is not None:
            on_run(run)
    return runs
