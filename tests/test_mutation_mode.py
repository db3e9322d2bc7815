"""Mutation mode: the seed prepared once changes no draw, a first failing example ends a claim, strategies are validated before forking."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hypothesis import assume, example, given, seed
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from claims import Witness, check
from claims._internal.declare import Claim
from claims._internal.kinds import Verdict
from claims._internal.mutation.apply import mutation_budgets, mutation_mode
from claims._internal.mutation.jobs import ready_to_fork
from claims._internal.running.one_claim import Result, Settings, run_claim


def admit(size: int) -> bool:
    return size >= 0


def _drawing(name: str, seen: list[int]) -> Witness:
    w = Witness(name)

    @w.property("Every drawn size is admitted.", rules=[admit])
    @given(st.integers(min_value=0, max_value=10**9))
    def every_size(size: int) -> None:
        seen.append(size)
        check.equal("admitted", admit(size), True)

    return w


def _in_mutation_mode(claim: Claim, tmp_path: Path, *, prepared: bool) -> Result:
    """Run a claim in mutation mode, with all the supervisor prepares or with the budget alone (as before)."""
    ((fn, chosen, wrapped),) = mutation_budgets([claim])
    if not prepared:
        chosen, wrapped = {"_hypothesis_internal_use_settings": chosen["_hypothesis_internal_use_settings"]}, None
    put_back = mutation_mode([(fn, chosen, wrapped)])
    try:
        return run_claim(claim, Settings(timeout=30, snapshots=tmp_path), isolated=True, explain=False)
    finally:
        put_back()


def test_mutation_mode_is_put_back_as_it_was_found(tmp_path: Path) -> None:
    seen: list[int] = []
    (claim,) = _drawing("t.undone", seen).claims
    before = dict(vars(claim.fn))
    inner = claim.fn.hypothesis.inner_test  # type: ignore[attr-defined]
    ((fn, chosen, wrapped),) = mutation_budgets([claim])
    put_back = mutation_mode([(fn, chosen, wrapped)])
    assert claim.fn.hypothesis.inner_test is wrapped  # type: ignore[attr-defined]
    assert {name: vars(fn)[name] for name in chosen} == chosen
    put_back()
    assert claim.fn.hypothesis.inner_test is inner  # type: ignore[attr-defined]
    assert vars(claim.fn) == before, "an attribute the claim lacked is removed, one it had is restored"
    assert run_claim(claim, Settings(timeout=30, snapshots=tmp_path)).verdict is Verdict.PASS
    assert len(seen) > 10, "out of mutation mode, the claim's own budget draws again"


def test_the_seed_computed_once_draws_what_derandomize_draws_by_itself(tmp_path: Path) -> None:
    seen: list[int] = []
    (claim,) = _drawing("t.mode", seen).claims
    assert set(mutation_budgets([claim])[0][1]) == {
        "_hypothesis_internal_use_settings",
        "_hypothesis_internal_use_seed",
        "_hypothesis_internal_database_key",
        "_hypothesis_internal_print_given_args",
    }
    assert _in_mutation_mode(claim, tmp_path, prepared=True).verdict is Verdict.PASS
    prepared = list(seen)
    seen.clear()
    assert _in_mutation_mode(claim, tmp_path, prepared=False).verdict is Verdict.PASS
    assert len(prepared) == 10
    assert prepared == seen


def test_an_explicit_seed_is_kept(tmp_path: Path) -> None:
    w = Witness("t.seeded")

    @w.property("Every drawn size is admitted.", rules=[admit])
    @seed(1234)
    @hsettings(database=None)
    @given(st.integers(min_value=0))
    def seeded(size: int) -> None:
        check.equal("admitted", admit(size), True)

    (claim,) = w.claims
    ((_, chosen, _),) = mutation_budgets([claim])
    assert "_hypothesis_internal_use_seed" not in chosen
    mutation_mode([(claim.fn, chosen, None)])
    assert claim.fn._hypothesis_internal_use_seed == 1234  # type: ignore[attr-defined]


def test_without_explain_a_failure_keeps_its_verdict_and_error_type_and_formats_nothing(tmp_path: Path) -> None:
    w = Witness("t.quiet")

    @w.positive("Size 3 is refused (wrongly).", rules=[admit])
    def fails() -> None:
        check.equal("admitted", admit(3), False)

    @w.positive("A crash is an error.", rules=[admit])
    def crashes() -> None:
        raise KeyError("boom")

    failed, crashed = w.claims
    config = Settings(timeout=5, snapshots=tmp_path)
    for claim, verdict, error_type in ((failed, Verdict.FAIL, None), (crashed, Verdict.ERROR, "KeyError")):
        full = run_claim(claim, config, isolated=True)
        bare = run_claim(claim, config, isolated=True, explain=False)
        assert (full.verdict, full.error_type) == (bare.verdict, bare.error_type) == (verdict, error_type)
        assert full.detail or full.observed
        assert not bare.detail


def _verdicts(claim: Claim, tmp_path: Path, *, prepared: bool) -> tuple[Verdict, str | None]:
    result = _in_mutation_mode(claim, tmp_path, prepared=prepared)
    return result.verdict, result.error_type


def test_a_generated_failure_ends_the_run_at_once_with_the_verdict_hypothesis_would_give(tmp_path: Path) -> None:
    w = Witness("t.first")
    calls: list[int] = []

    @w.property("Sizes below a million are admitted as odd (wrongly).", rules=[admit])
    @given(st.integers(min_value=0, max_value=10**6))
    def odd(size: int) -> None:
        calls.append(size)
        check.equal("odd", size % 2, 1)

    @w.property("Sizes crash the claim.", rules=[admit])
    @given(st.integers(min_value=0, max_value=10**6))
    def crashes(size: int) -> None:
        calls.append(size)
        if size % 2 == 0:
            raise KeyError(size)

    for claim, expected in zip(w.claims, [(Verdict.FAIL, None), (Verdict.ERROR, "KeyError")], strict=True):
        calls.clear()
        assert _verdicts(claim, tmp_path, prepared=False) == expected
        replayed = list(calls)
        calls.clear()
        assert _verdicts(claim, tmp_path, prepared=True) == expected
        # The same examples, up to the first failure; hypothesis alone then runs the failing one again.
        assert replayed == calls + calls[-1:]


def test_the_first_failing_explicit_example_ends_the_run_unrendered_and_assumptions_are_left_to_hypothesis(
    tmp_path: Path,
) -> None:
    w = Witness("t.explicit")
    ran: list[int] = []
    rendered: list[int] = []

    class Size(int):
        def __repr__(self) -> str:
            rendered.append(int(self))
            return f"Size({int(self)})"

    @w.property("Two explicit examples fail differently: hypothesis alone groups them.", rules=[admit])
    @example(size=Size(1))
    @example(size=Size(2))
    @given(st.integers(min_value=0))
    def grouped(size: int) -> None:
        ran.append(size)
        if size == 1:
            raise KeyError("one")
        check.equal("admitted", admit(size), False)

    @w.property("Odd sizes are assumed away; every even one is admitted.", rules=[admit])
    @given(st.integers(min_value=0, max_value=100))
    def assumed(size: int) -> None:
        assume(size % 2 == 0)
        check.equal("admitted", admit(size), True)

    grouped_claim, assumed_claim = w.claims
    alone = _verdicts(grouped_claim, tmp_path, prepared=False)
    assert alone[0] is Verdict.ERROR and alone[1] is not None and "ExceptionGroup" in alone[1]
    assert ran == [1, 2] and rendered  # both examples ran, each rendered before it ran
    ran.clear()
    rendered.clear()
    # Prepared: the first example (the top decorator's) fails, and is the verdict; the second never runs, and
    # no example's arguments are rendered for a report nobody reads.
    assert _verdicts(grouped_claim, tmp_path, prepared=True) == (Verdict.ERROR, "KeyError")
    assert ran == [1] and rendered == []
    assert _verdicts(assumed_claim, tmp_path, prepared=True) == (Verdict.PASS, None)


def test_an_explicit_example_expected_to_raise_still_passes_when_it_raises(tmp_path: Path) -> None:
    w = Witness("t.xfail")

    @w.property("Size 1 is refused with a KeyError; every other size is admitted.", rules=[admit])
    @example(size=1).xfail(raises=KeyError)
    @given(st.integers(min_value=2, max_value=100))
    def expected(size: int) -> None:
        if size == 1:
            raise KeyError("one")
        check.equal("admitted", admit(size), True)

    @w.property(
        "The same, but size 3 also raises: the generated examples still end at the first failure.", rules=[admit]
    )
    @example(size=1).xfail(raises=KeyError)
    @given(st.integers(min_value=2, max_value=100))
    def unexpected(size: int) -> None:
        if size in (1, 3) or size % 2 == 0:
            raise KeyError(size)

    expected_claim, unexpected_claim = w.claims
    assert _verdicts(expected_claim, tmp_path, prepared=False) == (Verdict.PASS, None)
    assert _verdicts(expected_claim, tmp_path, prepared=True) == (Verdict.PASS, None)
    assert _verdicts(unexpected_claim, tmp_path, prepared=True) == (Verdict.ERROR, "KeyError")


def test_the_supervisor_validates_each_property_claims_strategies_once_before_forking(tmp_path: Path) -> None:
    w = Witness("t.validated")

    @w.property("Every drawn word is text.", rules=[admit])
    @given(st.text(alphabet="ab", max_size=3).map(str.upper), st.integers(min_value=0).filter(bool))
    def words(word: str, size: int) -> None:
        check.equal("text", isinstance(word, str), True)

    @w.property("An invalid strategy is the claim's own error, in the fork.", rules=[admit])
    @given(st.integers(min_value=5, max_value=1).map(abs))
    def invalid(size: int) -> None:
        check.equal("admitted", admit(size), True)

    @w.positive("A positive claim has no strategies.", rules=[admit])
    def plain() -> None:
        check.equal("admitted", admit(1), True)

    valid_claim, invalid_claim, _ = w.claims
    strategies = valid_claim.fn.hypothesis._given_kwargs.values()  # type: ignore[attr-defined]
    before = _verdicts(invalid_claim, tmp_path, prepared=True)
    assert not any(s.validate_called for s in strategies)
    ready_to_fork(w.claims)
    assert all(s.validate_called for s in strategies)
    assert _verdicts(invalid_claim, tmp_path, prepared=True) == before == (Verdict.ERROR, "InvalidArgument")
    assert _verdicts(valid_claim, tmp_path, prepared=True) == (Verdict.PASS, None)


def test_the_supervisor_imports_the_judge_so_that_no_fork_compiles_it_again() -> None:
    # The runner imports the judge with itself (no longer on first use), so the supervisor has it before any
    # fork; a fresh process shows it is loaded once ready_to_fork returns.
    probe = (
        "import sys\n"
        "from claims._internal.mutation.jobs import ready_to_fork\n"
        "ready_to_fork()\n"
        "print('claims._internal.running.judge' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True"]
