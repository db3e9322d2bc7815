"""Automatic mutants: the full kill matrix, type-contract kills, timeouts and crashes isolated, resume, shards."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import run_cli
from mutate_toy import make_green_toy

HAZARDS = '''\
"""Rules whose mutants hang, crash the worker, or break the type contract."""

import os
import signal


def margin_of(size: int, limit: int) -> int:
    margin = limit - size
    return margin


def spin(n: int) -> int:
    total = 0
    while n > 0:
        n -= 1
        total += 1
    return total


def guard(n: int) -> int:
    if n > 0:
        os._exit(9)
    return 1


def stall(n: int) -> int:
    if n > 0:
        # Block the claim deadline's signal, so only the parent can stop this.
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])
        while True:
            pass
    return 1
'''

HAZARD_CLAIMS = '''\
from claims import Witness, check
from toy_domain import hazards

witness = Witness("toy.hazards")


@witness.positive("The margin of three within ten is seven.", rules=[hazards.margin_of])
def margin_of_three() -> None:
    check.equal("margin", hazards.margin_of(3, 10), 7)


@witness.positive("Spinning three times counts three.", rules=[hazards.spin])
def spin_three() -> None:
    check.equal("count", hazards.spin(3), 3)


@witness.positive("An unset guard returns one.", rules=[hazards.guard])
def guard_unset() -> None:
    check.equal("guard", hazards.guard(0), 1)


@witness.positive("An unset stall returns one.", rules=[hazards.stall])
def stall_unset() -> None:
    check.equal("stall", hazards.stall(0), 1)
'''


@pytest.fixture
def hazard_toy(toy_project: Path) -> Path:
    project = make_green_toy(toy_project)
    (project / "toy_domain" / "hazards.py").write_text(HAZARDS)
    (project / "toy_witnesses" / "hazards.py").write_text(HAZARD_CLAIMS)
    return project


def sweep(project: Path, *args: str) -> tuple[dict, str]:
    out = project / "auto.json"
    proc = run_cli(project, "mutate", "--auto", "--out", str(out), *args, timeout=240)
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr
    return json.loads(out.read_text())["auto"], proc.stdout + proc.stderr


def mutant_whose_body(project: Path, module: str, needle: str) -> str:
    """Return the id of the generated mutant of `module` whose source contains `needle`."""
    source = (project / ".claims-cache" / "mutate" / "tree" / "toy_domain" / f"{module}.py").read_text()
    for name, body in re.findall(r"def (x_\w+__mutmut_\d+)\(.*?\n((?:    .*\n|\n)*)", source):
        if needle in body:
            return f"toy_domain.{module}.{name}"
    raise AssertionError(f"no mutant of {module} contains {needle!r}")


def test_every_claim_that_kills_a_mutant_is_recorded_and_hazards_are_isolated(hazard_toy: Path) -> None:
    auto, output = sweep(hazard_toy, "--workers", "2")
    plus = mutant_whose_body(hazard_toy, "rules", "Admitted(limit + size)")
    assert auto[plus]["status"] == "killed"
    # mutmut would stop at the first failing test; every killer is kept here.
    assert auto[plus]["killers"] == ["toy.by_name.by_name_admits", "toy.by_name.default_admits_small", "toy.good.within_limit_admits"]
    typed = mutant_whose_body(hazard_toy, "hazards", "margin = None")
    assert auto[typed]["by_type_contract"] == ["toy.hazards.margin_of_three"]
    hang = mutant_whose_body(hazard_toy, "hazards", "n += 1")
    assert auto[hang]["status"] == "timeout" and auto[hang]["timeouts"] == ["toy.hazards.spin_three"]
    crash = mutant_whose_body(hazard_toy, "hazards", "if n >= 0:\n        os._exit")
    assert auto[crash]["status"] == "crashed"
    stall = mutant_whose_body(hazard_toy, "hazards", "if n >= 0:\n        # Block")
    assert auto[stall]["status"] == "timeout" and "worker killed" in auto[stall]["why"]
    unused = "toy_domain.limits.x_unused_rule__mutmut_1"
    assert auto[unused] == {"covering": 0, "function": "x_unused_rule", "killers": [], "module": "toy_domain.limits", "status": "survived"}
    # After the crash and the stall, the replacement workers carried on: every mutant has a result.
    assert "toy_domain.rules" in output and "score" in output


def test_a_rerun_resumes_from_the_cache_and_reruns_what_a_changed_claim_covers(hazard_toy: Path) -> None:
    first, _ = sweep(hazard_toy, "toy_domain.rules.*")
    second, output = sweep(hazard_toy, "toy_domain.rules.*")
    assert first == second and "0 to run" in output
    good = hazard_toy / "toy_witnesses" / "good.py"
    good.write_text(good.read_text() + "\n# touched\n")
    _, output = sweep(hazard_toy, "toy_domain.rules.*")
    assert "0 to run" not in output


def test_shards_partition_the_mutants_and_merge_back_to_the_full_sweep(hazard_toy: Path) -> None:
    full, _ = sweep(hazard_toy, "toy_domain.rules.*", "toy_domain.limits.*")
    one, _ = sweep(hazard_toy, "--shard", "1/2", "toy_domain.rules.*", "toy_domain.limits.*")
    (hazard_toy / "one.json").write_text((hazard_toy / "auto.json").read_text())
    two, _ = sweep(hazard_toy, "--shard", "2/2", "toy_domain.rules.*", "toy_domain.limits.*")
    assert one and two and not set(one) & set(two) and {**one, **two} == full
    proc = run_cli(hazard_toy, "mutate", "--merge", "one.json", "auto.json", "--out", "merged.json")
    assert json.loads((hazard_toy / "merged.json").read_text())["auto"] == full


def test_write_records_the_auto_section_and_keeps_the_declared_one(hazard_toy: Path) -> None:
    (hazard_toy / "toy_mutations" / "seeded.py").write_text(
        (hazard_toy / "toy_mutations" / "seeded.py").read_text().split("too_few = ")[0]
    )
    assert run_cli(hazard_toy, "mutate", "--write").returncode == 0
    proc = run_cli(hazard_toy, "mutate", "--auto", "--write", timeout=240)
    assert proc.returncode == 1  # the toy's survivors are unexplained
    data = json.loads((hazard_toy / "ledger" / "kills.json").read_text())
    assert set(data) == {"schema", "declared", "auto"}
    assert data["declared"]["toy.default_limit_nine"]["verdict"] == "EXACT"
    assert data["auto"]["toy_domain.limits.x_unused_rule__mutmut_1"]["status"] == "survived"
    assert "unexplained survivor toy_domain.limits.x_unused_rule__mutmut_1" in proc.stdout


def test_a_red_baseline_refuses_the_sweep(hazard_toy: Path) -> None:
    good = hazard_toy / "toy_witnesses" / "good.py"
    good.write_text(good.read_text().replace("), 7)", "), 8)"))
    proc = run_cli(hazard_toy, "mutate", "--auto", timeout=240)
    assert proc.returncode == 1
    assert "  - toy.good.within_limit_admits" in proc.stderr
