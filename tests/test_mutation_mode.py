"""Mutation mode: what the supervisor prepares once for every fork changes no draw, and a verdict needs no text."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, seed
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from claims import Witness, check
from claims._internal.kinds import Verdict
from claims._internal.mutation.apply import mutation_budgets, mutation_mode
from claims._internal.runner import Settings, run_claim


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


def _draws(witness: Witness, seen: list[int], tmp_path: Path, *, prepared: bool) -> list[int]:
    (claim,) = witness.claims
    budgets = mutation_budgets([claim])
    if not prepared:  # only the budget, as before the seed was computed in the supervisor
        budgets = tuple(
            (fn, {k: v for k, v in chosen.items() if k == "_hypothesis_internal_use_settings"})
            for fn, chosen in budgets
        )
    mutation_mode(budgets)
    seen.clear()
    assert run_claim(claim, Settings(timeout=30, snapshots=tmp_path)).verdict is Verdict.PASS
    return list(seen)


def test_the_seed_computed_once_draws_what_derandomize_draws_by_itself(tmp_path: Path) -> None:
    seen: list[int] = []
    w = _drawing("t.mode", seen)
    (claim,) = w.claims
    chosen = dict(mutation_budgets([claim])[0][1])
    assert set(chosen) == {
        "_hypothesis_internal_use_settings",
        "_hypothesis_internal_use_seed",
        "_hypothesis_internal_database_key",
    }
    prepared = _draws(w, seen, tmp_path, prepared=True)
    claim.fn._hypothesis_internal_use_seed = None  # type: ignore[attr-defined]
    del claim.fn._hypothesis_internal_database_key  # type: ignore[attr-defined]
    alone = _draws(w, seen, tmp_path, prepared=False)
    assert len(prepared) == 10
    assert prepared == alone


def test_an_explicit_seed_is_kept(tmp_path: Path) -> None:
    w = Witness("t.seeded")

    @w.property("Every drawn size is admitted.", rules=[admit])
    @seed(1234)
    @hsettings(database=None)
    @given(st.integers(min_value=0))
    def seeded(size: int) -> None:
        check.equal("admitted", admit(size), True)

    (claim,) = w.claims
    ((_, chosen),) = mutation_budgets([claim])
    assert "_hypothesis_internal_use_seed" not in chosen
    mutation_mode([(claim.fn, chosen)])
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
