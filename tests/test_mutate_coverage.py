"""Declared defects run only the claims that reach their targets; the coverage pass is also the baseline."""

from __future__ import annotations

from pathlib import Path

from claims import Witness, check
from claims._internal.kinds import Verdict
from claims._internal.mutate import Defect
from claims._internal.mutate.coverage import covering, reaching_claims
from claims._internal.mutate.declared import run_defect
from claims._internal.runner import Settings

TARGET = f"{__name__}.double"


def double(x: int) -> int:
    return 2 * x


def triple(x: int) -> int:
    return 3 * x


def witness() -> Witness:
    w = Witness("t.coverage")

    @w.positive("Doubling two gives four.", rules=[double])
    def doubles() -> None:
        check.equal("double", double(2), 4)

    @w.positive("Tripling two gives six.", rules=[triple])
    def triples() -> None:
        check.equal("triple", triple(2), 6)

    return w


def test_the_pass_records_which_claims_reach_each_target(tmp_path: Path) -> None:
    claims = witness().claims
    results, reached = reaching_claims([TARGET], claims, Settings(timeout=5, snapshots=tmp_path))
    assert [r.verdict for r in results] == [Verdict.PASS, Verdict.PASS]
    assert reached == {TARGET: frozenset({"t.coverage.doubles"})}
    assert [c.id for c in covering(claims, [TARGET], reached)] == ["t.coverage.doubles"]
    # A target whose coverage is unknown (a constant) keeps every claim.
    assert len(covering(claims, ["elsewhere.CONSTANT"], reached)) == 2
    # The stand-in is gone afterwards: the function is itself again.
    assert double(3) == 6


def test_a_defect_runs_only_reaching_claims_yet_is_judged_over_its_scope(tmp_path: Path) -> None:
    claims = witness().claims
    settings = Settings(timeout=5, snapshots=tmp_path)
    _, reached = reaching_claims([TARGET], claims, settings)
    defect = Defect(id="t.double_adds", target=TARGET, replacement=lambda x: x + 1, description="Add one instead of doubling.", expect_red={"t.coverage.doubles"})
    run = run_defect(defect, claims, settings, reached)
    assert run.verdict.value == "EXACT"
    assert run.observed.total == 2  # judged over both claims in scope, though only one ran
