"""An explanation of a surviving mutant stays with the mutation it explains, and never moves to another.

Mutant ids name what the mutation changes, so an explanation needs no
binding of its own; entries written before ids were stable (a number and a
`change` line recording the mutation) are rewritten under their stable ids
by `claim_batch mutate survivors --bind`, and only where the change line
names exactly one recorded mutation.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli
from mutation_toy import make_toy

from claims._internal.mutation.audit import binding_plan, binding_problems, survivor_problems
from claims._internal.mutation.evidence import Evidence, MutantRow, Observation
from claims._internal.mutation.survivors import bound_text, read_bindings, read_equivalent
from claims.errors import InputError

KILLED = Observation(failed=frozenset({"w.a"}))


def evidence(**rows: tuple[str, Observation]) -> Evidence:
    """Rows of one rule under stable ids: tag -> (change, observation); every row ran one claim."""
    return Evidence(
        mutants={
            f"pkg.rule.{tag}": MutantRow("pkg", f"rule.{tag}", "rule", "domain.min_max", "fp", seen, 1, change)
            for tag, (change, seen) in rows.items()
        }
    )


def test_a_legacy_entry_is_rewritten_under_the_stable_id_its_change_line_records() -> None:
    rows = evidence(min_max_aaaa1111=("aaaa", Observation()), min_max_bbbb2222=("bbbb", Observation()))
    bindings: dict[str, str | None] = {"pkg.x_rule__mutmut_d1": "bbbb"}
    assert binding_plan(rows, bindings) == ({"pkg.x_rule__mutmut_d1": ("pkg.rule.min_max_bbbb2222", "bbbb")}, {})
    [problem] = binding_problems(rows, bindings, "equivalent.toml")
    assert problem.line() == (
        "pkg.x_rule__mutmut_d1: explanation under a mutant's old number: the mutation it explains is "
        "pkg.rule.min_max_bbbb2222; `claim_batch mutate survivors --bind` rewrites it under that id"
    )
    # The survivor it explains is not called unexplained meanwhile? It is: the entry still names the number.
    problems = survivor_problems(rows, {"pkg.x_rule__mutmut_d1": "symmetric"}, "equivalent.toml", bindings=bindings)
    assert {p.subject for p in problems} == {
        "pkg.x_rule__mutmut_d1",
        "pkg.rule.min_max_aaaa1111",
        "pkg.rule.min_max_bbbb2222",
    }
    assert all("stale explanation" not in p.message for p in problems), "a legacy entry is not called stale"


@pytest.mark.parametrize(
    ("change", "rows", "why"),
    [
        (None, {"min_max_aaaa1111": "aaaa"}, "no change line saying which mutation it explains"),
        ("cccc", {"min_max_aaaa1111": "aaaa"}, "the mutation it was written for is gone"),
        ("aaaa", {"min_max_aaaa1111": "aaaa", "min_max_aaaa2222": "aaaa"}, "the mutation it was written for is gone"),
    ],
    ids=["unbound", "its function changed", "two rows hold the change"],
)
def test_a_legacy_entry_that_names_no_single_mutation_is_left_for_a_person(
    change: str | None, rows: dict[str, str], why: str
) -> None:
    found = evidence(**{tag: (c, Observation()) for tag, c in rows.items()})
    plan, left = binding_plan(found, {"pkg.x_rule__mutmut_d1": change})
    assert plan == {} and why in left["pkg.x_rule__mutmut_d1"]
    [problem] = binding_problems(found, {"pkg.x_rule__mutmut_d1": change}, "equivalent.toml")
    assert "write that mutation's id" in problem.fix and "--bind" not in problem.fix


def test_a_legacy_entry_never_takes_an_id_that_has_an_explanation_of_its_own() -> None:
    rows = evidence(min_max_aaaa1111=("aaaa", Observation()))
    bindings: dict[str, str | None] = {"pkg.x_rule__mutmut_d1": "aaaa", "pkg.rule.min_max_aaaa1111": None}
    plan, left = binding_plan(rows, bindings)
    assert plan == {} and "which has an explanation of its own" in left["pkg.x_rule__mutmut_d1"]


def test_entries_under_stable_ids_are_never_rewritten_and_a_gone_id_is_stale_not_moved() -> None:
    rows = evidence(min_max_aaaa1111=("aaaa", Observation()), min_max_bbbb2222=("bbbb", Observation()))
    # A stable entry whose change line (copied by hand) names another row is still read under its own id.
    bindings: dict[str, str | None] = {"pkg.rule.min_max_aaaa1111": "bbbb", "pkg.rule.min_max_gone0000": "aaaa"}
    assert binding_plan(rows, bindings) == ({}, {})
    problems = survivor_problems(
        rows,
        {"pkg.rule.min_max_aaaa1111": "r", "pkg.rule.min_max_gone0000": "r", "pkg.rule.min_max_bbbb2222": "r"},
        "equivalent.toml",
        bindings=bindings,
    )
    [stale] = problems
    assert stale.subject == "pkg.rule.min_max_gone0000"
    assert stale.message.startswith("stale explanation: no mutant has this id now")
    assert "remove it" in stale.fix and "--bind" not in stale.fix and "write" not in stale.fix


def test_binding_rewrites_only_the_mutant_line_and_drops_the_change_line(tmp_path: Path) -> None:
    text = (
        "# kept\n\n[[equivalent]]\n"
        'mutant = "pkg.x_rule__mutmut_d1"\nreason = "a"\n\n'
        '[[equivalent]]\nmutant = "pkg.x_rule__mutmut_d2"\nchange = "bbbb"\nreason = "b"\n\n'
        '[[equivalent]]\nmutant = "pkg.rule.number_0a1b2c3d"\nreason = "c"\n'
    )
    new = bound_text(text, {"pkg.x_rule__mutmut_d2": ("pkg.rule.min_max_bbbb2222", "bbbb")})
    assert new == text.replace(
        'mutant = "pkg.x_rule__mutmut_d2"\nchange = "bbbb"\n', 'mutant = "pkg.rule.min_max_bbbb2222"\n'
    )
    path = tmp_path / "equivalent.toml"
    path.write_text(new)
    assert read_bindings(path) == {
        "pkg.x_rule__mutmut_d1": None,
        "pkg.rule.min_max_bbbb2222": None,
        "pkg.rule.number_0a1b2c3d": None,
    }
    assert read_equivalent(path)["pkg.rule.min_max_bbbb2222"] == "b"
    path.write_text('[[equivalent]]\nmutant = "m"\nchange = ""\nreason = "r"\n')
    with pytest.raises(InputError, match=r"equivalent.toml @ \$.equivalent\[0\].change: expected the non-empty digest"):
        read_equivalent(path)


def test_an_explanation_survives_an_edit_of_its_function_elsewhere_and_legacy_entries_migrate(tmp_path: Path) -> None:
    project = make_toy(tmp_path / "toy", '"""No declared defects."""\n')
    swept = run_cli(project, "mutate", "--auto", "--update", "-q", "-n", "2", "--operators", "mutmut", timeout=300)
    survivors = [line.split(":")[0] for line in swept.stdout.splitlines() if ": unexplained survivor (" in line]
    assert survivors, swept.stdout
    path = project / "toy_mutations" / "equivalent.toml"
    path.write_text("".join(f'[[equivalent]]\nmutant = "{m}"\nreason = "explained"\n\n' for m in survivors))
    passed = run_cli(project, "mutate", "--auto", "-q", "--operators", "mutmut", timeout=300)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    # An edit above a survivor's line: mutmut's numbers move, the ids and so the explanations do not.
    rules = project / "toy_domain" / "limits.py"
    rules.write_text(rules.read_text().replace("    total = _twice(n)\n", "    spare = 0\n    total = _twice(n)\n"))
    moved = run_cli(project, "mutate", "--auto", "--update", "-q", "--operators", "mutmut", timeout=300)
    assert "recorded:" in moved.stdout, moved.stdout + moved.stderr
    assert "stale explanation" not in moved.stdout, moved.stdout
    new = [line.split(":")[0] for line in moved.stdout.splitlines() if ": unexplained survivor (" in line]
    assert new and not set(new) & set(survivors), "only the new line's mutants are unexplained"
    path.write_text(path.read_text() + "".join(f'[[equivalent]]\nmutant = "{m}"\nreason = "new"\n\n' for m in new))
    # An entry from before ids were stable: a number and the change of the mutation it was written for.
    rows = {
        row["mutant"]: row
        for row in map(
            __import__("json").loads, (project / "ledger/evidence/toy_domain/limits.jsonl").read_text().splitlines()
        )
        if "mutant" in row
    }
    first = survivors[0]
    change = rows[first.removeprefix("toy_domain.limits.")]["chg"]
    path.write_text(
        path.read_text().replace(
            f'mutant = "{first}"\n', f'mutant = "toy_domain.limits.x_doubled__mutmut_7"\nchange = "{change}"\n'
        )
    )
    legacy = run_cli(project, "mutate", "--auto", "-q", "--operators", "mutmut", timeout=300)
    assert legacy.returncode == 1 and f"the mutation it explains is {first}" in legacy.stdout, legacy.stdout
    bound = run_cli(project, "mutate", "survivors", "--bind", timeout=300)
    assert bound.returncode == 0 and "rewrote 1, left 0" in bound.stdout, bound.stdout + bound.stderr
    assert f'mutant = "{first}"\nreason' in path.read_text() and "change = " not in path.read_text()
    again = run_cli(project, "mutate", "--auto", "-q", "--operators", "mutmut", timeout=300)
    assert again.returncode == 0, again.stdout + again.stderr
