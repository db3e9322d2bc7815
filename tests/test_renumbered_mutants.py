"""A new operator renumbers mutants: each is compared with the recorded row of its own mutation, not of its name."""

from __future__ import annotations

from claims._internal.mutation.changes import compare_all
from claims._internal.mutation.evidence import Evidence, MutantRow, Observation
from claims._internal.mutation.generate import Mutant
from claims._internal.mutation.sweep import recorded_by_mutation


def mutant(n: str, change: str) -> Mutant:
    return Mutant(f"pkg.x_rule__mutmut_{n}", "pkg", "rule", "domain.min_max", 0, 1, 0, 1, 1, "a", "b", change)


def row(n: str, change: str, *killers: str) -> MutantRow:
    return MutantRow(
        "pkg", f"x_rule__mutmut_{n}", "rule", "domain.min_max", "fp", Observation(failed=frozenset(killers)), 1, change
    )


def test_a_renumbered_mutation_is_compared_with_its_own_row_and_a_new_one_is_new() -> None:
    # Recorded: d1 (aaaa) killed by w.a, d2 (bbbb) killed by w.b.  An operator adds a mutation (new0) first.
    recorded = Evidence(
        mutants={r.module + "." + r.name: r for r in (row("d1", "aaaa", "w.a"), row("d2", "bbbb", "w.b"))}
    )
    now = [mutant("d1", "new0"), mutant("d2", "aaaa"), mutant("d3", "bbbb")]
    before = recorded_by_mutation(recorded, now)
    assert before == {
        "pkg.x_rule__mutmut_d2": Observation(failed=frozenset({"w.a"})),
        "pkg.x_rule__mutmut_d3": Observation(failed=frozenset({"w.b"})),
    }
    observed = {
        "pkg.x_rule__mutmut_d1": Observation(failed=frozenset({"w.c"})),
        "pkg.x_rule__mutmut_d2": Observation(failed=frozenset({"w.a"})),
        "pkg.x_rule__mutmut_d3": Observation(failed=frozenset({"w.b", "w.c"})),
    }
    lines = [c.line() for c in compare_all(before, observed, [])]
    # By name this would read "w.a no longer kills d1" and "w.b no longer kills d2": two false weakenings.
    assert lines == [
        "pkg.x_rule__mutmut_d1: new row: killed by 1 claim(s)",
        "pkg.x_rule__mutmut_d3: newly killed by w.c (FAIL)",
    ]


def test_a_mutation_that_lost_a_killer_is_still_a_weakening_whatever_its_name() -> None:
    recorded = Evidence(mutants={"pkg.x_rule__mutmut_d1": row("d1", "aaaa", "w.a", "w.b")})
    before = recorded_by_mutation(recorded, [mutant("d1", "new0"), mutant("d2", "aaaa")])
    [change] = compare_all(before, {"pkg.x_rule__mutmut_d2": Observation(failed=frozenset({"w.a"}))}, [])
    assert change.weakening and change.line() == "pkg.x_rule__mutmut_d2: w.b no longer kills it (was FAIL)"
    # A row written before changes were recorded is compared by name.
    legacy = Evidence(mutants={"pkg.x_rule__mutmut_d1": row("d1", "", "w.a")})
    assert recorded_by_mutation(legacy, [mutant("d1", "aaaa")]) == {
        "pkg.x_rule__mutmut_d1": Observation(failed=frozenset({"w.a"}))
    }
