"""Declared defects: exact red sets, by-name bindings, constants, NOOP, BADCTRL, the baseline gate, kills.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_cli
from mutate_toy import DEFECTS, make_green_toy

from claims._internal.mutate import Defect, DefectGroup
from claims.errors import DeclarationError


@pytest.fixture
def green_toy(toy_project: Path) -> Path:
    return make_green_toy(toy_project)


def verdicts(stdout: str) -> dict[str, str]:
    """Map defect id to verdict from the report's first lines."""
    out = {}
    for line in stdout.splitlines():
        parts = line.split()
        if parts and parts[0] in {"EXACT", "WRONG", "MISSING", "NOOP", "BADCTRL"}:
            out[parts[1]] = parts[0]
    return out


def test_every_verdict_is_reached_on_the_toy_project(green_toy: Path) -> None:
    proc = run_cli(green_toy, "mutate")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert verdicts(proc.stdout) == {
        "toy.admit_everything": "EXACT",
        "toy.admit_everything_expecting_too_few": "WRONG",
        "toy.admit_everything_expecting_too_many": "MISSING",
        "toy.crash": "WRONG",
        "toy.default_limit_nine": "EXACT",
        "toy.group": "EXACT",
        "toy.unused_rule": "NOOP",
    }
    assert "    - toy.by_name.default_refuses_eleven (FAIL)" in proc.stdout
    assert "    - toy.good.within_limit_admits (ERROR)" in proc.stdout
    assert "no claim executed toy_domain.limits.unused_rule" in proc.stdout


def test_a_function_swap_reaches_names_imported_into_other_modules(green_toy: Path) -> None:
    # default_refuses_eleven calls admit_size through toy_domain.limits' by-name import;
    # by_name_admits calls it through the witness module's own by-name import.
    proc = run_cli(green_toy, "mutate", "toy.admit_everything")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert verdicts(proc.stdout) == {"toy.admit_everything": "EXACT"}


def test_a_constant_is_patched_in_every_module_bound_to_it(green_toy: Path) -> None:
    # default_limit_is_ten reads the witness module's own binding; admit_default reads limits'.
    proc = run_cli(green_toy, "mutate", "toy.default_limit_nine")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_only_exact_defects_exit_zero_and_write_records_the_full_set(green_toy: Path) -> None:
    (green_toy / "toy_mutations" / "seeded.py").write_text(DEFECTS.split("too_few = ")[0] + "\n")
    proc = run_cli(green_toy, "mutate", "--write")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = json.loads((green_toy / "ledger" / "kills.json").read_text())
    assert set(data) == {"schema", "declared", "auto"} and data["schema"] == "claims-kills/1"
    assert data["declared"]["toy.default_limit_nine"]["verdict"] == "EXACT"
    assert data["declared"]["toy.admit_everything"]["red"] == ["toy.by_name.default_refuses_eleven", "toy.good.oversize_refuses"]
    text = (green_toy / "ledger" / "kills.json").read_text()
    assert text.endswith("}\n") and text == json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def test_write_refuses_a_partial_selection(green_toy: Path) -> None:
    assert run_cli(green_toy, "mutate", "--write", "toy.group").returncode == 2


def test_a_red_baseline_refuses_naming_the_red_claims(green_toy: Path) -> None:
    by_name = green_toy / "toy_witnesses" / "by_name.py"
    by_name.write_text(by_name.read_text().replace('check.equal("limit", DEFAULT_LIMIT, 10)', 'check.equal("limit", DEFAULT_LIMIT, 11)'))
    proc = run_cli(green_toy, "mutate")
    assert proc.returncode == 1
    assert "baseline is not green" in proc.stderr
    assert "  - toy.by_name.default_limit_is_ten" in proc.stderr
    assert "EXACT" not in proc.stdout


def test_a_missing_target_and_an_unknown_claim_are_badctrl(green_toy: Path) -> None:
    extra = '''
ghost = Defect(id="toy.ghost", target="toy_domain.rules.no_such_rule", replacement=admit_everything, description="Replace nothing.", expect_red={"toy.good.oversize_refuses"})
typo = Defect(id="toy.typo", target="toy_domain.rules.admit_size", replacement=admit_everything, description="Expect a claim that does not exist.", expect_red={"toy.good.no_such_claim"})
'''
    (green_toy / "toy_mutations" / "seeded.py").write_text(DEFECTS + extra)
    proc = run_cli(green_toy, "mutate", "toy.ghost", "toy.typo")
    assert verdicts(proc.stdout) == {"toy.ghost": "BADCTRL", "toy.typo": "BADCTRL"}
    assert "has no 'no_such_rule'" in proc.stdout
    assert "toy.good.no_such_claim" in proc.stdout


def test_a_mutation_module_that_does_not_import_fails_the_run(green_toy: Path) -> None:
    (green_toy / "toy_mutations" / "broken.py").write_text("import toy_domain.nothing_here\n")
    proc = run_cli(green_toy, "mutate", "toy.group")
    assert proc.returncode == 1
    assert "ERROR toy_mutations.broken  [mutation module did not import]" in proc.stdout


def test_the_function_is_restored_after_each_defect(green_toy: Path) -> None:
    # toy.crash runs before toy.default_limit_nine (id order); a leaked crash would make it WRONG.
    proc = run_cli(green_toy, "mutate", "toy.crash", "toy.default_limit_nine")
    assert verdicts(proc.stdout)["toy.default_limit_nine"] == "EXACT"


def test_defect_values_validate_at_the_edge() -> None:
    with pytest.raises(DeclarationError, match="single string"):
        Defect(id="a.b", target="m.f", replacement=1, description="x.", expect_red="a.b.c")
    with pytest.raises(DeclarationError, match="both red and green"):
        Defect(id="a.b", target="m.f", replacement=1, description="x.", expect_red={"c.d"}, expect_green={"c.d"})
    one = Defect(id="a.b", target="m.f", replacement=1, description="x.", expect_red=set())
    with pytest.raises(DeclarationError, match="two or more"):
        DefectGroup(id="a.g", description="x.", defects=[one], expect_red=set())


SCOPED = '''
scoped = Defect(
    id="toy.scoped_admit_everything",
    target="toy_domain.rules.admit_size",
    replacement=admit_everything,
    description="Admit every size, judged over the good witness only.",
    expect_red={"toy.good.oversize_refuses"},
    expect_green={"toy.good.within_limit_admits"},
    scope=("toy.good",),
)
scoped_glob = Defect(
    id="toy.scoped_by_glob",
    target="toy_domain.rules.admit_size",
    replacement=admit_everything,
    description="Admit every size, judged over the default-limit claims only.",
    expect_red={"toy.by_name.default_refuses_eleven"},
    scope=("toy.by_name.default_*",),
)
outside = Defect(
    id="toy.scoped_expecting_outside",
    target="toy_domain.rules.admit_size",
    replacement=admit_everything,
    description="Expect a claim the scope leaves out.",
    expect_red={"toy.good.oversize_refuses", "toy.by_name.default_refuses_eleven"},
    scope=("toy.good",),
)
empty = Defect(
    id="toy.scoped_to_nothing",
    target="toy_domain.rules.admit_size",
    replacement=admit_everything,
    description="Scope to a witness that does not exist.",
    expect_red=set(),
    scope=("toy.nowhere",),
)
scoped_group = DefectGroup(
    id="toy.scoped_group",
    description="Admit everything and lower the limit, judged over the by-name witness.",
    defects=[
        Defect(id="toy.sg_admit", target="toy_domain.rules.admit_size", replacement=admit_everything, description="Admit all.", expect_red=set()),
        Defect(id="toy.sg_limit", target="toy_domain.limits.DEFAULT_LIMIT", replacement=9, description="Limit nine.", expect_red=set()),
    ],
    expect_red={"toy.by_name.default_refuses_eleven", "toy.by_name.default_limit_is_ten", "toy.by_name.default_admits_small"},
    expect_green={"toy.by_name.by_name_admits"},
    scope=("toy.by_name",),
)
'''


def test_a_scoped_defect_runs_and_judges_only_the_claims_in_its_scope(green_toy: Path) -> None:
    # Unscoped, admit_everything also turns toy.by_name.default_refuses_eleven red (toy.admit_everything);
    # scoped to toy.good that claim is not run, so the defect is EXACT with one red claim.
    (green_toy / "toy_mutations" / "seeded.py").write_text(DEFECTS + SCOPED)
    proc = run_cli(green_toy, "mutate", "toy.scoped_admit_everything", "toy.scoped_by_glob", "toy.scoped_group")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert verdicts(proc.stdout) == {"toy.scoped_admit_everything": "EXACT", "toy.scoped_by_glob": "EXACT", "toy.scoped_group": "EXACT"}
    assert "EXACT    toy.scoped_admit_everything  (1 red of 2; scope: toy.good)" in proc.stdout
    assert "EXACT    toy.scoped_by_glob  (1 red of 3; scope: toy.by_name.default_*)" in proc.stdout
    assert "EXACT    toy.scoped_group  (3 red of 4; scope: toy.by_name)" in proc.stdout


def test_an_unscoped_defect_reports_every_claim_as_its_scope(green_toy: Path) -> None:
    proc = run_cli(green_toy, "mutate", "toy.admit_everything")
    assert "EXACT    toy.admit_everything  (2 red of 6; scope: every claim)" in proc.stdout


def test_a_scoped_defect_records_no_killers_outside_its_scope(green_toy: Path) -> None:
    (green_toy / "toy_mutations" / "seeded.py").write_text(DEFECTS.split("too_few = ")[0] + SCOPED.split("outside = ")[0])
    proc = run_cli(green_toy, "mutate", "--write")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = json.loads((green_toy / "ledger" / "kills.json").read_text())
    assert data["declared"]["toy.scoped_admit_everything"]["red"] == ["toy.good.oversize_refuses"]
    assert data["declared"]["toy.scoped_admit_everything"]["scope"] == ["toy.good"]
    assert data["declared"]["toy.admit_everything"]["scope"] == []


def test_an_expectation_outside_the_scope_or_an_empty_scope_is_badctrl(green_toy: Path) -> None:
    (green_toy / "toy_mutations" / "seeded.py").write_text(DEFECTS + SCOPED)
    proc = run_cli(green_toy, "mutate", "toy.scoped_expecting_outside", "toy.scoped_to_nothing")
    assert proc.returncode == 1
    assert verdicts(proc.stdout) == {"toy.scoped_expecting_outside": "BADCTRL", "toy.scoped_to_nothing": "BADCTRL"}
    assert "expects claim(s) outside its scope (toy.good): toy.by_name.default_refuses_eleven" in proc.stdout
    assert "scope pattern(s) select no claim: toy.nowhere" in proc.stdout


def test_a_scope_validates_at_the_edge() -> None:
    with pytest.raises(DeclarationError, match="single string"):
        Defect(id="a.b", target="m.f", replacement=1, description="x.", expect_red=set(), scope="a.b")
    with pytest.raises(DeclarationError, match="non-empty"):
        Defect(id="a.b", target="m.f", replacement=1, description="x.", expect_red=set(), scope=("",))
    assert Defect(id="a.b", target="m.f", replacement=1, description="x.", expect_red=set(), scope=["a.*"]).scope == ("a.*",)
