"""Replayed examples: a property claim draws once on the original code, and every verdict stays what a real run gives."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import run_cli
from hypothesis import assume, example, given, target
from hypothesis import strategies as st
from mutation_toy import dedent, make_toy

from claims import Witness, check
from claims._internal.declare import Claim
from claims._internal.kinds import Verdict
from claims._internal.mutation.apply import mutation_budgets, mutation_mode
from claims._internal.mutation.replay import Drawn, record, replaying
from claims._internal.runner import Settings, run_claim

PROPERTIES = dedent(
    '''\
    """Property claims: drawn apart from the rules, drawn through a rule, and assuming what a rule says."""

    from hypothesis import assume, example, given, strategies as st

    from claims import Witness, check
    from toy_domain.limits import doubled
    from toy_domain.rules import Admitted, Refused, admit_size

    witness = Witness("toy.props")


    @witness.property("Every size up to the limit is admitted, with the rest as its margin.", rules=[admit_size])
    @example(size=10)
    @given(size=st.integers(0, 10))
    def within_limit_admits(size: int) -> None:
        check.equal("margin", check.admitted(admit_size(size, 10)), 10 - size)


    @witness.property("A verdict drawn through the rule agrees with the limit.", rules=[admit_size])
    @given(pair=st.integers(0, 20).map(lambda n: (n, admit_size(n, 10))))
    def drawn_verdict_agrees(pair: tuple[int, Admitted | Refused]) -> None:
        size, verdict = pair
        assert isinstance(verdict, Admitted) == (size <= 10)


    @witness.property("Whatever the rule refuses is over the limit.", rules=[admit_size])
    @given(size=st.integers(0, 20))
    def refused_only_over_the_limit(size: int) -> None:
        assume(isinstance(admit_size(size, 10), Refused))
        assert size > 10


    @witness.property("Doubling is adding a number to itself.", rules=[doubled])
    @given(n=st.integers(-50, 50))
    def doubling_adds(n: int) -> None:
        check.equal("doubled", doubled(n), n + n)
    '''
)


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = make_toy(tmp_path_factory.mktemp("replay") / "toy")
    (project / "toy_witnesses" / "props.py").write_text(PROPERTIES)
    return project


@pytest.mark.parametrize("kind", [(), ("--auto", "--operators", "mutmut")], ids=["declared", "auto"])
def test_replayed_examples_change_no_observation(toy: Path, kind: tuple[str, ...]) -> None:
    replayed = run_cli(toy, "mutate", *kind, "--rebuild", "-n", "2", timeout=300)
    fresh = run_cli(toy, "mutate", *kind, "--rebuild", "-n", "2", "--no-replay", timeout=300)
    assert replayed.stdout == fresh.stdout
    # The four property claims drew once; the kills below would be missed by a replay that ignored what the
    # draws run (drawn_verdict_agrees) or how an assumption ends (refused_only_over_the_limit).
    assert re.search(r"replay: 4 of 4 property claims drew", replayed.stderr), replayed.stderr
    assert "replay:" not in fresh.stderr


def test_the_kills_a_naive_replay_would_miss_are_recorded(toy: Path) -> None:
    run_cli(toy, "mutate", "--update", "-n", "2", timeout=300)
    everything = run_cli(toy, "mutate", "show", "toy.admit_everything", timeout=120).stdout
    # Its draws run the replaced rule: it runs for real. Its assumption ends otherwise: the replay gives way.
    assert "toy.props.drawn_verdict_agrees" in everything and "toy.props.refused_only_over_the_limit" in everything
    # Replayed, and killed by the replayed examples (its draws run no rule).
    assert "toy.props.doubling_adds" in run_cli(toy, "mutate", "show", "toy.group", timeout=120).stdout


# In process: what `record` keeps and how a replay ends, against a real run in mutation mode.

BROKEN = {"on": False}  # stands in for a mutant of `admit`


def admit(size: int) -> bool:
    return size >= 0 if not BROKEN["on"] else size % 7 != 3


@contextmanager
def _mutation_mode(claim: Claim) -> Iterator[None]:
    inner = claim.fn.hypothesis.inner_test  # type: ignore[attr-defined]
    mutation_mode(mutation_budgets([claim]))
    try:
        yield
    finally:
        claim.fn.hypothesis.inner_test = inner  # type: ignore[attr-defined]
        claim.fn._hypothesis_internal_use_seed = None  # type: ignore[attr-defined]
        vars(claim.fn).pop("_hypothesis_internal_database_key", None)


def _run(claim: Claim, tmp_path: Path) -> tuple[Verdict, str | None]:
    result = run_claim(claim, Settings(timeout=30, snapshots=tmp_path), isolated=True, explain=False)
    return result.verdict, result.error_type


def _recorded_and_replayed(claim: Claim, tmp_path: Path) -> tuple[Drawn | None, tuple[Verdict, str | None] | None]:
    """Record on the original rule; then, with the rule broken, return the replay's verdict (None: nothing to replay)."""
    with _mutation_mode(claim):
        drawn = record(claim, Settings(timeout=30, snapshots=tmp_path), 30, packages=())
        BROKEN["on"] = True
        try:
            return drawn, (_run(replaying(claim, drawn), tmp_path) if drawn is not None else None)
        finally:
            BROKEN["on"] = False


def _really(claim: Claim, tmp_path: Path) -> tuple[Verdict, str | None]:
    with _mutation_mode(claim):
        BROKEN["on"] = True
        try:
            return _run(claim, tmp_path)
        finally:
            BROKEN["on"] = False


def test_a_replay_draws_nothing_and_hands_the_body_what_a_real_run_would(tmp_path: Path) -> None:
    w = Witness("t.replay")
    draws: list[int] = []
    bodies: list[int] = []

    @w.property("Every drawn size is admitted.", rules=[admit])
    @example(size=3)
    @given(size=st.integers(0, 10**6).map(lambda n: draws.append(n) or n))
    def admitted(size: int) -> None:
        bodies.append(size)
        check.equal("admitted", admit(size), True)

    (claim,) = w.claims
    with _mutation_mode(claim):
        drawn = record(claim, Settings(timeout=30, snapshots=tmp_path), 30, packages=())
        assert drawn is not None and len(drawn.examples) == 10 and all(e.valid for e in drawn.examples)
        assert [e.kwargs["size"] for e in drawn.examples] == draws
        draws.clear()
        bodies.clear()
        assert _run(replaying(claim, drawn), tmp_path) == (Verdict.PASS, None)
    assert draws == [] and bodies == [3, *(e.kwargs["size"] for e in drawn.examples)]
    # Broken: the replay stops where a real run stops, with its verdict (the explicit example 3 fails first).
    assert _recorded_and_replayed(claim, tmp_path)[1] == _really(claim, tmp_path) == (Verdict.FAIL, None)


def test_failures_and_crashes_in_replayed_examples_end_as_in_a_real_run(tmp_path: Path) -> None:
    w = Witness("t.replay_fail")

    @w.property("Every drawn size is admitted.", rules=[admit])
    @given(size=st.integers(0, 100))
    def admitted(size: int) -> None:
        check.equal("admitted", admit(size), True)

    @w.property("A refused size crashes the claim.", rules=[admit])
    @given(size=st.integers(0, 100))
    def crashes(size: int) -> None:
        if not admit(size):
            raise KeyError(size)

    for claim, expected in zip(w.claims, [(Verdict.FAIL, None), (Verdict.ERROR, "KeyError")], strict=True):
        drawn, replayed = _recorded_and_replayed(claim, tmp_path)
        assert drawn is not None and replayed == _really(claim, tmp_path) == expected


def test_an_assumption_that_ends_otherwise_runs_the_claim_for_real(tmp_path: Path) -> None:
    w = Witness("t.replay_assume")
    draws: list[int] = []

    @w.property("Every size the rule admits is not negative.", rules=[admit])
    @given(size=st.integers(0, 100).map(lambda n: draws.append(n) or n))
    def assumed(size: int) -> None:
        assume(admit(size))
        assert size >= 0

    (claim,) = w.claims
    drawn, replayed = _recorded_and_replayed(claim, tmp_path)
    # Some example was valid on the original and is rejected when broken: the replay gives way there.
    assert drawn is not None and any(e.valid and e.kwargs["size"] % 7 == 3 for e in drawn.examples)
    assert replayed == _really(claim, tmp_path)


def test_nothing_is_kept_from_draws_a_body_could_change_or_steer(tmp_path: Path) -> None:
    w = Witness("t.replay_declined")

    @w.property("Drawn interactively.", rules=[admit])
    @given(data=st.data())
    def interactive(data: st.DataObject) -> None:
        assert admit(data.draw(st.integers(0, 9)))

    @w.property("A list argument.", rules=[admit])
    @given(sizes=st.lists(st.integers(0, 9)))
    def listed(sizes: list[int]) -> None:
        assert all(admit(s) for s in sizes)

    @w.property("Targeted.", rules=[admit])
    @given(size=st.integers(0, 9))
    def targeted(size: int) -> None:
        target(float(size))
        assert admit(size)

    @w.property("Not green on the original.", rules=[admit])
    @given(size=st.integers(0, 9))
    def red(size: int) -> None:
        assert not admit(size)

    for claim in w.claims:
        assert _recorded_and_replayed(claim, tmp_path)[0] is None, claim.name
