"""Recorded evidence: generated, compared like a snapshot, fingerprinted, checked by the gate, rebuilt without reading."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import run_cli
from mutation_toy import dedent, make_toy

HOLDING = '''\
"""Defects whose intents hold."""

from claims.defects import Defect, original
from toy_domain import limits, rules


def admit_everything(size: int, limit: int) -> rules.Admitted | rules.Refused:
    return rules.Admitted(limit - size)


admit_all = Defect(
    id="toy.admit_everything",
    target=rules.admit_size,
    intent="Admit every size, so no refusal holds.",
    replacement=admit_everything,
    must_red={"toy.good.oversize_refuses"},
)

doubled_plus_one = Defect(
    id="toy.doubled_plus_one",
    target=limits.doubled,
    intent="Add one to every doubled count.",
    patch=("total = _twice(n)", "total = _twice(n) + 1"),
    must_red={"toy.by_name.doubling_three_gives_six"},
)
'''

EXPLAINED = """\
[[equivalent]]
mutant = "toy_domain.rules.x_render__mutmut_1"
reason = "render is exercised by a snapshot claim only; accepted for the toy"
"""


@pytest.fixture(scope="module")
def recorded_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A toy project whose declared defects hold and whose evidence is recorded and committed-like, made once."""
    project = make_toy(tmp_path_factory.mktemp("recorded") / "toy", HOLDING)
    update = run_cli(project, "mutate", "--update", "-q", timeout=180)
    assert update.returncode == 0, update.stdout + update.stderr
    return project


@pytest.fixture
def recorded(recorded_once: Path, tmp_path: Path) -> Path:
    """A copy of it for one test, caches included (compiled code is keyed by its path, so it is left behind)."""
    return Path(shutil.copytree(recorded_once, tmp_path / "toy", ignore=shutil.ignore_patterns("bytecode")))


def test_update_records_one_line_per_defect_and_a_rerun_matches(recorded: Path) -> None:
    rows = (recorded / "ledger" / "evidence" / "toy_domain" / "rules.jsonl").read_text().splitlines()
    assert len([r for r in rows if '"defect":"toy.admit_everything"' in r]) == 1
    again = run_cli(recorded, "mutate", "-q", timeout=180)
    assert again.returncode == 0, again.stdout
    assert "differs from ledger/evidence" not in again.stdout


def test_a_rebuild_reproves_the_evidence_and_keeps_the_rows_it_did_not_rerun(recorded: Path) -> None:
    evidence = recorded / "ledger" / "evidence"
    auto = run_cli(recorded, "mutate", "--auto", "--update", "-q", timeout=180)
    both = {p: p.read_text() for p in sorted(evidence.rglob("*.jsonl"))}
    assert any('"defect"' in t for t in both.values()) and any('"mutant"' in t for t in both.values())
    # The declared defects hold (exit 0); the toy keeps unexplained survivors, so --auto ends 1 even when recorded.
    for args, code in ((["mutate"], 0), (["mutate", "--auto"], auto.returncode)):
        again = run_cli(recorded, *args, "--rebuild", timeout=180)
        assert "to run" in again.stderr and " 0 to run" not in again.stderr, again.stderr  # everything reran
        # Re-proved: nothing differs and nothing is stale, so it ends as the run that recorded it did.
        assert "differs from" not in again.stdout and "stale" not in again.stdout, again.stdout
        assert again.returncode == code, again.stdout + again.stderr
    for args in (["--rebuild", "toy.admit_everything"], ["--auto", "--rebuild"], ["--rebuild"]):
        run_cli(recorded, "mutate", *args, "--update", "-q", timeout=180)
        assert {p: p.read_text() for p in sorted(evidence.rglob("*.jsonl"))} == both, args


def test_a_new_claim_noticing_a_defect_needs_only_an_update(recorded: Path) -> None:
    good = recorded / "toy_witnesses" / "good.py"
    good.write_text(
        good.read_text()
        + dedent("""

        @witness.refusal("Twelve is refused too.", rules=[rules.admit_size], reasons=[because(rules.OverLimit, at="$.size", saying="limit 10")])
        def twelve_refuses():
            return rules.admit_size(12, 10)
        """)
    )
    before = run_cli(recorded, "mutate", "-q", timeout=180)
    assert before.returncode == 1
    assert "toy.admit_everything: newly killed by toy.good.twelve_refuses (FAIL)" in before.stdout
    assert run_cli(recorded, "mutate", "--update", "-q", timeout=180).returncode == 0
    after = run_cli(recorded, "mutate", "-q", timeout=180)
    assert after.returncode == 0, after.stdout


def test_weakening_a_claim_is_listed_first_naming_the_defect_and_the_claim(recorded: Path) -> None:
    good = recorded / "toy_witnesses" / "good.py"
    good.write_text(
        good.read_text().replace(
            "return rules.admit_size(11, 10)",
            "return rules.Refused((rules.OverLimit(where='$.size', why='size 11 exceeds limit 10'),))",
        )
    )
    proc = run_cli(recorded, "mutate", "-q", timeout=180)
    assert proc.returncode == 1
    lines = [line.strip() for line in proc.stdout.splitlines()]
    first = (
        lines.index(
            next(
                line for line in lines if line.startswith("behaviour changed: evidence of the declared defects differs")
            )
        )
        + 1
    )
    assert lines[first] == "toy.admit_everything: toy.good.oversize_refuses no longer kills it (was FAIL)"


def test_changing_the_patched_line_turns_the_defect_badctrl(recorded: Path) -> None:
    limits = recorded / "toy_domain" / "limits.py"
    limits.write_text(
        limits.read_text().replace("total = _twice(n)", "result = _twice(n)").replace("return total", "return result")
    )
    proc = run_cli(recorded, "mutate", "-q", timeout=180)
    assert "BADCTRL  toy.doubled_plus_one" in proc.stdout
    assert "the patched text 'total = _twice(n)' no longer appears in toy_domain.limits.doubled" in proc.stdout


def test_renaming_a_private_helper_breaks_no_defect(recorded: Path) -> None:
    limits = recorded / "toy_domain" / "limits.py"
    limits.write_text(limits.read_text().replace("_twice", "_times_two"))
    mutations = recorded / "toy_mutations" / "seeded.py"
    mutations.write_text(mutations.read_text().replace("_twice", "_times_two"))
    proc = run_cli(recorded, "mutate", "-q", timeout=180)
    assert "PASS     toy.doubled_plus_one" in proc.stdout and "PASS     toy.admit_everything" in proc.stdout


def test_the_gate_names_stale_rows_after_a_rule_edit(recorded: Path) -> None:
    assert run_cli(recorded, "mutate", "--auto", "--update", "-q", timeout=300).returncode in (0, 1)
    (recorded / "toy_mutations" / "equivalent.toml").write_text("")
    assert run_cli(recorded, "ledger", "--write").returncode == 0
    limits = recorded / "toy_domain" / "limits.py"
    limits.write_text(
        limits.read_text().replace(
            '"""Double a count through a private helper."""', '"""Double a count through a private helper (edited)."""'
        )
    )
    gate = run_cli(recorded, "gate", timeout=120)
    assert gate.returncode == 1
    assert "toy_domain.limits:doubled: stale evidence (its source changed)" in gate.stdout
    assert "toy.doubled_plus_one: stale evidence" in gate.stdout
    assert "claim_batch mutate --auto --update" in gate.stdout


def test_corrupt_evidence_is_exit_two_and_rebuilt_without_reading_it(recorded: Path) -> None:
    path = recorded / "ledger" / "evidence" / "toy_domain" / "rules.jsonl"
    path.write_text("{not json\n")
    proc = run_cli(recorded, "mutate", "-q", timeout=180)
    assert proc.returncode == 2
    assert "ledger/evidence/toy_domain/rules.jsonl:1:" in proc.stderr
    assert "claim_batch mutate --rebuild --update" in proc.stderr
    rebuilt = run_cli(recorded, "mutate", "--rebuild", "--update", "-q", timeout=180)
    assert rebuilt.returncode == 0, rebuilt.stdout + rebuilt.stderr
    assert run_cli(recorded, "mutate", "-q", timeout=180).returncode == 0


def test_a_private_defect_target_is_refused_by_mutate_before_its_run_and_by_the_gate(tmp_path: Path) -> None:
    private = HOLDING + dedent("""

        private = Defect(id="toy.private_target", target="toy_domain.limits._twice", intent="Target a helper.", patch=("n * 2", "n * 3"), must_red=set())
        """)
    project = make_toy(tmp_path / "toy", private)
    said = "toy.private_target: targets the private helper toy_domain.limits._twice"
    # Recorded, so no stale evidence makes the exit code 1: the private target alone does.
    mutate = run_cli(project, "mutate", "--update", timeout=180)
    assert mutate.returncode == 1 and "PASS     toy.private_target" in mutate.stdout, mutate.stdout + mutate.stderr
    assert f"claim_batch mutate: {said}" in mutate.stderr.split("baseline")[0]  # said before the run starts
    assert f"ERROR {said}" in mutate.stdout and "(the gate refuses it)" in mutate.stdout
    gate = run_cli(project, "gate", timeout=120)
    assert said in gate.stdout


def test_declared_defects_rerun_only_when_something_their_claims_see_changed(recorded: Path) -> None:
    def to_run(proc: subprocess.CompletedProcess[str]) -> int:
        found = re.search(r"(\d+) defects: (\d+) unchanged since recorded .*?, (\d+) to run", proc.stderr)
        assert found, proc.stdout + proc.stderr
        return int(found.group(3))

    again = run_cli(recorded, "mutate", timeout=180)
    assert again.returncode == 0 and to_run(again) == 0, again.stdout + again.stderr
    total = int(re.search(r"(\d+) defects:", again.stderr).group(1))  # type: ignore[union-attr]
    # A witness module's constant is read by its own claims only: the defects none of its claims cover stand.
    good = recorded / "toy_witnesses" / "good.py"
    good.write_text(
        good.read_text().replace('witness = Witness("toy.good")\n', 'witness = Witness("toy.good")\nSPARE = 1\n')
    )
    some = run_cli(recorded, "mutate", timeout=180)
    assert 0 < to_run(some) < total, some.stderr
    # A module constant is not any function's source, yet the claims read it: every defect reruns.
    limits = recorded / "toy_domain" / "limits.py"
    limits.write_text(limits.read_text().replace("DEFAULT_LIMIT = 10\n", "DEFAULT_LIMIT = 10  # the default\n"))
    rerun = run_cli(recorded, "mutate", timeout=180)
    assert to_run(rerun) > 0, rerun.stderr
    assert "PASS     toy.admit_everything" in rerun.stdout
    assert "re-observed with the same evidence under a new fingerprint" in rerun.stdout


def test_removing_a_killing_claim_updates_either_kind_first(recorded: Path) -> None:
    # A claim that kills a declared defect and automatic mutants is recorded, then removed: each kind's update
    # carries the other kind's rows unrerun, still naming the claim, and must write them, not crash on its key.
    good = recorded / "toy_witnesses" / "good.py"
    before = good.read_text()
    good.write_text(
        before
        + dedent("""

        @witness.refusal("Twelve is refused too.", rules=[rules.admit_size], reasons=[because(rules.OverLimit, at="$.size", saying="limit 10")])
        def twelve_refuses():
            return rules.admit_size(12, 10)
        """)
    )
    for args in (["mutate", "--update"], ["mutate", "--auto", "--update"]):
        run_cli(recorded, *args, "-q", timeout=180)
    evidence = recorded / "ledger" / "evidence"
    key = next(line for line in (evidence / "toy_domain" / "rules.jsonl").read_text().splitlines() if '"fn"' in line)
    assert "twelve_refuses" not in key  # rows name claims by key; the claim is recorded as a killer below
    assert "toy.good.twelve_refuses" in run_cli(recorded, "mutate", "show", "toy.admit_everything").stdout
    good.write_text(before)
    for args in (["mutate", "--update"], ["mutate", "--auto", "--update"]):
        proc = run_cli(recorded, *args, "-q", timeout=180)
        assert "Traceback" not in proc.stderr, proc.stderr
        assert "recorded:" in proc.stdout, proc.stdout + proc.stderr
    again = run_cli(recorded, "mutate", "-q", timeout=180)
    assert again.returncode == 0 and "differs from" not in again.stdout, again.stdout
    assert "twelve_refuses" not in run_cli(recorded, "mutate", "show", "toy.admit_everything").stdout
