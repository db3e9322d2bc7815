"""An explanation of a surviving mutant is bound to the mutation it explains, not to the number in its name."""

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


def evidence(**changes: tuple[str, Observation]) -> Evidence:
    """Rows of one rule: name suffix -> (change, observation); every row ran one claim."""
    return Evidence(
        mutants={
            f"pkg.x_rule__mutmut_{n}": MutantRow(
                "pkg", f"x_rule__mutmut_{n}", "rule", "domain.min_max", "fp", seen, 1, c
            )
            for n, (c, seen) in changes.items()
        }
    )


def test_an_unbound_explanation_is_bound_to_what_its_name_records_and_reported_until_it_is() -> None:
    rows = evidence(d1=("aaaa", Observation()))
    assert binding_plan(rows, {"pkg.x_rule__mutmut_d1": None}) == (
        {"pkg.x_rule__mutmut_d1": ("pkg.x_rule__mutmut_d1", "aaaa")},
        {},
    )
    [problem] = binding_problems(rows, {"pkg.x_rule__mutmut_d1": None}, "equivalent.toml")
    assert "bound to no mutation" in problem.message and "--bind" in problem.fix
    assert binding_problems(rows, {"pkg.x_rule__mutmut_d1": "aaaa"}, "equivalent.toml") == []


def test_a_renumbered_mutation_takes_its_explanation_along_and_the_name_it_left_is_not_explained() -> None:
    # An operator added before it: the explained mutation (bbbb) is now d2, and d1 names a new mutation (aaaa).
    rows = evidence(d1=("aaaa", Observation()), d2=("bbbb", Observation()))
    bindings = {"pkg.x_rule__mutmut_d1": "bbbb"}
    assert binding_plan(rows, bindings) == ({"pkg.x_rule__mutmut_d1": ("pkg.x_rule__mutmut_d2", "bbbb")}, {})
    problems = survivor_problems(rows, {"pkg.x_rule__mutmut_d1": "symmetric"}, "equivalent.toml", bindings=bindings)
    lines = sorted(p.line() for p in problems)
    assert lines == [
        "pkg.x_rule__mutmut_d1: explanation of a renamed mutant: the mutation it explains is now pkg.x_rule__mutmut_d2; "
        "`claim_batch mutate survivors --bind` renames it",
        "pkg.x_rule__mutmut_d2: unexplained survivor (survived); kill it with a claim, or explain it in equivalent.toml "
        "(`claim_batch mutate show pkg.x_rule__mutmut_d2` shows the diff)",
    ]
    # A renamed mutation whose old name is killed now is renamed, not called stale.
    rows = evidence(d1=("aaaa", KILLED), d2=("bbbb", Observation()))
    problems = survivor_problems(rows, {"pkg.x_rule__mutmut_d1": "symmetric"}, "equivalent.toml", bindings=bindings)
    assert [p.message for p in problems if p.subject == "pkg.x_rule__mutmut_d1"] == [
        "explanation of a renamed mutant: the mutation it explains is now pkg.x_rule__mutmut_d2"
    ]


def test_a_run_of_renumbered_mutations_moves_its_explanations_together_in_one_binding() -> None:
    # An operator adds one mutation before d1: every explained mutation moves one name along, onto a name that
    # is itself explained until its own entry moves on.
    rows = evidence(d1=("new0", Observation()), d2=("aaaa", Observation()), d3=("bbbb", Observation()))
    bindings: dict[str, str | None] = {"pkg.x_rule__mutmut_d1": "aaaa", "pkg.x_rule__mutmut_d2": "bbbb"}
    assert binding_plan(rows, bindings) == (
        {
            "pkg.x_rule__mutmut_d1": ("pkg.x_rule__mutmut_d2", "aaaa"),
            "pkg.x_rule__mutmut_d2": ("pkg.x_rule__mutmut_d3", "bbbb"),
        },
        {},
    )
    text = '[[equivalent]]\nmutant = "pkg.x_rule__mutmut_d1"\nchange = "aaaa"\nreason = "a"\n\n'
    text += '[[equivalent]]\nmutant = "pkg.x_rule__mutmut_d2"\nchange = "bbbb"\nreason = "b"\n'
    assert bound_text(text, binding_plan(rows, bindings)[0]) == text.replace("mutmut_d2", "mutmut_d3").replace(
        "mutmut_d1", "mutmut_d2"
    )


def test_an_explanation_whose_mutation_is_gone_is_left_for_a_person() -> None:
    # The function changed: no row records the explained mutation any more, and d1 names something else.
    rows = evidence(d1=("cccc", Observation()))
    bindings: dict[str, str | None] = {"pkg.x_rule__mutmut_d1": "bbbb"}
    plan, left = binding_plan(rows, bindings)
    assert plan == {} and left == {"pkg.x_rule__mutmut_d1": "the mutation it explains is gone (its function changed)"}
    [problem] = binding_problems(rows, bindings, "equivalent.toml")
    assert problem.message.startswith("explanation of another mutation") and "delete its change line" in problem.fix
    # Nor does it follow its mutation onto a name that has an explanation of its own.
    rows = evidence(d1=("cccc", Observation()), d2=("bbbb", Observation()))
    both: dict[str, str | None] = {"pkg.x_rule__mutmut_d1": "bbbb", "pkg.x_rule__mutmut_d2": None}
    assert binding_plan(rows, both)[1] == {
        "pkg.x_rule__mutmut_d1": "the mutation it explains is now pkg.x_rule__mutmut_d2, which has an explanation of its own"
    }


def test_binding_rewrites_only_the_mutant_and_change_lines(tmp_path: Path) -> None:
    text = (
        "# kept\n\n[[equivalent]]\n"
        'mutant = "pkg.x_rule__mutmut_d1"\nreason = "a"\n\n'
        '[[equivalent]]\nmutant = "pkg.x_rule__mutmut_d2"\nchange = "old"\nreason = "b"\n\n'
        '[[equivalent]]\nmutant = "pkg.x_rule__mutmut_3"\nreason = "c"\n'
    )
    new = bound_text(
        text,
        {
            "pkg.x_rule__mutmut_d1": ("pkg.x_rule__mutmut_d1", "aaaa"),
            "pkg.x_rule__mutmut_d2": ("pkg.x_rule__mutmut_d4", "bbbb"),
        },
    )
    assert new == (
        "# kept\n\n[[equivalent]]\n"
        'mutant = "pkg.x_rule__mutmut_d1"\nchange = "aaaa"\nreason = "a"\n\n'
        '[[equivalent]]\nmutant = "pkg.x_rule__mutmut_d4"\nchange = "bbbb"\nreason = "b"\n\n'
        '[[equivalent]]\nmutant = "pkg.x_rule__mutmut_3"\nreason = "c"\n'
    )
    path = tmp_path / "equivalent.toml"
    path.write_text(new)
    assert read_bindings(path) == {
        "pkg.x_rule__mutmut_d1": "aaaa",
        "pkg.x_rule__mutmut_d4": "bbbb",
        "pkg.x_rule__mutmut_3": None,
    }
    assert read_equivalent(path) == {
        "pkg.x_rule__mutmut_d1": "a",
        "pkg.x_rule__mutmut_d4": "b",
        "pkg.x_rule__mutmut_3": "c",
    }
    path.write_text('[[equivalent]]\nmutant = "m"\nchange = ""\nreason = "r"\n')
    with pytest.raises(InputError, match=r"equivalent.toml @ \$.equivalent\[0\].change: expected the non-empty digest"):
        read_equivalent(path)


def test_the_toy_projects_explanations_are_bound_by_the_command_and_then_pass(tmp_path: Path) -> None:
    project = make_toy(tmp_path / "toy", '"""No declared defects."""\n')
    swept = run_cli(project, "mutate", "--auto", "--update", "-q", "-n", "2", "--operators", "mutmut", timeout=300)
    survivors = [
        line.split()[2].rstrip(":")
        for line in swept.stdout.splitlines()
        if line.strip().startswith("unexplained survivor ") or line.startswith("unexplained survivor ")
    ]
    assert survivors, swept.stdout
    path = project / "toy_mutations" / "equivalent.toml"
    path.write_text("".join(f'[[equivalent]]\nmutant = "{m}"\nreason = "explained"\n\n' for m in survivors))
    unbound = run_cli(project, "mutate", "--auto", "-q", "--operators", "mutmut", timeout=300)
    assert unbound.returncode == 1 and "explanation bound to no mutation" in unbound.stdout, unbound.stdout
    bound = run_cli(project, "mutate", "survivors", "--bind", timeout=300)
    assert bound.returncode == 0 and f"bound {len(survivors)}, renamed 0, left 0" in bound.stdout, bound.stdout
    assert path.read_text().count("change = ") == len(survivors)
    passed = run_cli(project, "mutate", "--auto", "-q", "--operators", "mutmut", timeout=300)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    # A renamed entry whose change line is not right under its mutant line cannot be rewritten: refused, unchanged.
    bindings = read_bindings(path)
    first, second = sorted(bindings)[:2]
    bound_file = path.read_text()
    odd = f'[[equivalent]]\nmutant = "{second}"\nreason = "explained"\nchange = "{bindings[first]}"\n'
    path.write_text(odd)
    refused = run_cli(project, "mutate", "survivors", "--bind", timeout=300)
    assert refused.returncode == 2 and "nothing was written" in refused.stderr, refused.stdout + refused.stderr
    assert path.read_text() == odd
    path.write_text(bound_file)
    # A binding that names no recorded mutation is left, and the gate says so.
    path.write_text(path.read_text().replace('change = "', 'change = "0', 1))
    left = run_cli(project, "mutate", "survivors", "--bind", timeout=300)
    assert left.returncode == 1 and "left 1" in left.stdout and "is gone" in left.stdout, left.stdout
