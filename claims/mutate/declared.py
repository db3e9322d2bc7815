"""Run every claim under each declared defect and judge it against the defect's exact red set.

The baseline must be fully green first: a claim already red before the
defect is not a kill, so a red baseline refuses the whole run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from claims.declare import Claim
from claims.errors import DeclarationError
from claims.kinds import Verdict
from claims.mutate.apply import Reach, applied
from claims.mutate.defect import Seeded
from claims.mutate.verdict import DefectVerdict, Judgement, Observed, judge
from claims.runner import Result, Settings, run_claim


@frozen
class DefectRun:
    """Hold one seeded defect, what its run observed, and the judgement."""

    seeded: Seeded
    observed: Observed
    judgement: Judgement

    @property
    def verdict(self) -> DefectVerdict:
        return self.judgement.verdict


def observe(results: Sequence[Result], unreached: frozenset[str]) -> Observed:
    """Sort red results into failed by assertion, errored by crash, and crashes by the type contract."""
    failed = frozenset(r.claim.id for r in results if r.verdict is Verdict.FAIL)
    errored = frozenset(r.claim.id for r in results if r.verdict is Verdict.ERROR)
    typed = frozenset(r.claim.id for r in results if r.error_type == "TypeCheckError")
    return Observed(failed=failed, errored=errored, type_contract=typed, total=len(results), unreached=unreached)


def undeclared_claims(seeded: Seeded, known: set[str]) -> list[str]:
    """Return expected claim ids (red or green) that name no claim."""
    named = set(seeded.expect_red) | set(seeded.expect_green)
    return sorted(named - known)


def run_defect(seeded: Seeded, claims: Sequence[Claim], settings: Settings) -> DefectRun:
    """Apply one defect or group, run every claim, restore, and judge."""
    unknown = undeclared_claims(seeded, {c.id for c in claims})
    if unknown:
        seen = Observed(frozenset(), frozenset(), frozenset(), 0, problem=f"expects claim(s) that do not exist: {', '.join(unknown)}")
        return DefectRun(seeded, seen, judge(seeded.expect_red, seeded.expect_green, seen))
    reach = Reach()
    try:
        with applied(seeded.defects, reach):
            results = [run_claim(claim, settings) for claim in claims]
    except DeclarationError as exc:
        seen = Observed(frozenset(), frozenset(), frozenset(), 0, problem=f"did not apply: {exc}")
        return DefectRun(seeded, seen, judge(seeded.expect_red, seeded.expect_green, seen))
    # A group is reached only if every member is: an unreached member proves nothing.
    unreached = frozenset(d.target for d in seeded.defects if not reach.reached(d.target))
    seen = observe(results, unreached)
    return DefectRun(seeded, seen, judge(seeded.expect_red, seeded.expect_green, seen))


def run_declared(
    seeded: Sequence[Seeded],
    claims: Sequence[Claim],
    settings: Settings,
    on_run: Callable[[DefectRun], None] | None = None,
) -> list[DefectRun]:
    """Run each defect in turn (Ctrl-C propagates; runs finished so far were already reported)."""
    runs = []
    for one in seeded:
        run = run_defect(one, claims, settings)
        runs.append(run)
        if on_run is not None:
            on_run(run)
    return runs
