"""The CI gate and the ledger, end to end on copies of the toy project (one fresh interpreter per command)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import TOY, run_cli

RENDER_WITNESS = '''"""A snapshot claim over an admitted margin."""

from claims import Witness, check
from toy_domain import rules

witness = Witness("toy.render")


@witness.snapshot("The margin line renders byte for byte.", rules=[rules.admit_size])
def margin_line() -> str:
    return rules.render(check.admitted(rules.admit_size(3, 10)))
'''

RED_WITNESS = '''"""A claim red on purpose, admitted as debt."""

from claims import Witness, check
from toy_domain import rules

witness = Witness("toy.owed")


@witness.positive("The margin is claimed wrongly until the oracle is fixed.", rules=[rules.admit_size])
def wrong_margin() -> None:
    check.equal("margin", check.admitted(rules.admit_size(3, 10)), 8)
'''

DEBT = """[[debt]]
claim = "{claim}"
reason = "The oracle is being re-derived."
owner = "toy maintainers"
trigger = "TRIGGER: retire when the oracle lands."
"""


@pytest.fixture(scope="module")
def green_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build a green toy project once: no broken or red witness, one snapshot, a written ledger."""
    root = tmp_path_factory.mktemp("green") / "toy"
    shutil.copytree(TOY, root, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "toy_witnesses" / "broken.py").unlink()
    (root / "toy_witnesses" / "mixed.py").unlink()
    shutil.rmtree(root / "ledger" / "snapshots" / "toy.mixed")
    (root / "toy_witnesses" / "render.py").write_text(RENDER_WITNESS)
    # No rule package is declared for mutation, so the gate asks for no kill evidence (tests/test_mutation_* cover it).
    pyproject = root / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace('typecheck = ["toy_domain"]', "typecheck = []"))
    update = run_cli(root, "snapshots", "--update")
    assert update.returncode == 0, update.stdout + update.stderr
    assert "wrote ledger/snapshots/toy.render/margin_line.txt (new, 7 bytes" in update.stdout
    write = run_cli(root, "ledger", "--write")
    assert write.returncode == 0, write.stdout + write.stderr
    return root


@pytest.fixture
def green(green_template: Path, tmp_path: Path) -> Path:
    target = tmp_path / "toy"
    shutil.copytree(green_template, target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def gate(root: Path) -> tuple[int, str]:
    proc = run_cli(root, "gate", "--no-diff")
    return proc.returncode, proc.stdout + proc.stderr


def test_the_gate_passes_a_clean_green_project(green: Path) -> None:
    code, out = gate(green)
    assert code == 0, out
    assert out.splitlines()[-2:] == ["3 passed, 0 failed", "gate: PASS"]


def test_ledger_write_twice_changes_nothing_and_records_nothing_machine_dependent(green: Path) -> None:
    machine, mirror = green / "ledger" / "claims.json", green / "ledger" / "LEDGER.md"
    before = machine.read_bytes(), mirror.read_bytes()
    proc = run_cli(green, "ledger", "--write")
    assert proc.returncode == 0
    assert "unchanged ledger/claims.json" in proc.stdout and "unchanged ledger/LEDGER.md" in proc.stdout
    assert (machine.read_bytes(), mirror.read_bytes()) == before
    text = machine.read_text()
    assert str(green) not in text and "duration" not in text and text.endswith("}\n")
    assert '"source": "toy_witnesses/render.py"' in text
    assert run_cli(green, "ledger", "--check").returncode == 0


def test_a_claim_added_without_regenerating_is_unledgered(green: Path) -> None:
    with (green / "toy_witnesses" / "good.py").open("a") as f:
        f.write(
            '\n\n@witness.positive("A zero size is admitted.", rules=[rules.admit_size])\ndef zero_admits() -> None:\n    check.admitted(rules.admit_size(0, 10))\n'
        )
    code, out = gate(green)
    assert code == 1
    assert (
        "toy.good.zero_admits: unledgered: the claim is not in ledger/claims.json; run `claim_batch ledger --write`"
        in out
    )
    assert out.splitlines()[-1] == "gate: FAIL (1 problem)"
    assert run_cli(green, "ledger", "--write").returncode == 0
    assert gate(green)[0] == 0


def test_a_deleted_claim_leaves_a_vanished_row(green: Path) -> None:
    good = green / "toy_witnesses" / "good.py"
    good.write_text(
        good.read_text()
        .replace("def within_limit_admits", "def _helper")
        .replace(
            '@witness.positive("A size within the limit is admitted with its margin.", rules=[rules.admit_size])\n', ""
        )
    )
    code, out = gate(green)
    assert code == 1
    assert (
        "toy.good.within_limit_admits: vanished: ledger/claims.json has a row for a claim no witness declares; run `claim_batch ledger --write`"
        in out
    )
    # The floor notices the rule lost its positive control too.
    assert "toy_domain.rules.admit_size: rule has no positive claim" in out


def test_one_flipped_snapshot_byte_fails_the_gate(green: Path) -> None:
    snap = green / "ledger" / "snapshots" / "toy.render" / "margin_line.txt"
    data = bytearray(snap.read_bytes())
    data[0] ^= 0x01
    snap.write_bytes(bytes(data))
    code, out = gate(green)
    assert code == 1
    assert "toy.render.margin_line: FAIL and not admitted as debt: 7 bytes, sha256" in out
    assert "run `claim_batch snapshots --update toy.render.margin_line`" in out
    assert "toy.render.margin_line: stale row in ledger/claims.json (snapshot_sha256 changed)" in out


def test_a_missing_snapshot_is_a_failure_never_a_silent_write(green: Path) -> None:
    snap = green / "ledger" / "snapshots" / "toy.render" / "margin_line.txt"
    snap.unlink()
    code, out = gate(green)
    assert code == 1 and "no snapshot stored" in out
    assert not snap.exists()


def test_an_unused_snapshot_fails_the_gate(green: Path) -> None:
    (green / "ledger" / "snapshots" / "toy.render" / "orphan.txt").write_bytes(b"x")
    code, out = gate(green)
    assert code == 1
    assert (
        "ledger/snapshots/toy.render/orphan.txt: unused snapshot: no snapshot claim owns it; run `claim_batch snapshots --prune`"
        in out
    )
    prune = run_cli(green, "snapshots", "--prune")
    assert "deleted ledger/snapshots/toy.render/orphan.txt" in prune.stdout
    assert gate(green)[0] == 0


def test_debt_for_a_green_claim_is_paid_and_fails_the_gate(green: Path) -> None:
    (green / "ledger" / "debt.toml").write_text(DEBT.format(claim="toy.good.oversize_refuses"))
    assert run_cli(green, "ledger", "--write").returncode == 0
    code, out = gate(green)
    assert code == 1
    assert (
        "toy.good.oversize_refuses: debt paid: the admitted claim now passes; retire it: delete its entry from ledger/debt.toml"
        in out
    )


def test_admitted_debt_is_counted_apart_and_lets_the_gate_pass(green: Path) -> None:
    (green / "toy_witnesses" / "owed.py").write_text(RED_WITNESS)
    (green / "ledger" / "debt.toml").write_text(DEBT.format(claim="toy.owed.wrong_margin"))
    assert run_cli(green, "ledger", "--write").returncode == 0
    assert (
        "| `wrong_margin` | positive | `toy_domain.rules.admit_size` | The margin is claimed wrongly until the oracle is fixed. | admitted debt | — |"
        in (green / "ledger" / "LEDGER.md").read_text()
    )
    code, out = gate(green)
    assert code == 0, out
    assert out.splitlines()[-2:] == ["3 passed, 0 failed, 1 admitted debt", "gate: PASS"]
    run = run_cli(green)
    assert run.returncode == 0
    assert "  FAIL toy.owed.wrong_margin  owner: toy maintainers; TRIGGER: retire when the oracle lands." in run.stdout


def test_an_aggregator_claim_fails_the_floor(green: Path) -> None:
    with (green / "toy_witnesses" / "good.py").open("a") as f:
        f.write(
            '\n\n@witness.positive("Both claims hold.", rules=[rules.admit_size])\ndef both() -> None:\n    within_limit_admits()\n    oversize_refuses()\n'
        )
    assert run_cli(green, "ledger", "--write").returncode == 0
    code, out = gate(green)
    assert code == 1
    assert (
        "toy.good.both: aggregator: the claim uses claim(s) toy.good.oversize_refuses, toy.good.within_limit_admits; check the rule directly"
        in out
    )


def test_a_corrupted_ledger_exits_2_located_and_is_left_untouched(green: Path) -> None:
    machine = green / "ledger" / "claims.json"
    original = machine.read_bytes()
    corrupt = original.replace(b'"kind": "positive"', b'"kind": "positive",', 1)
    machine.write_bytes(corrupt)
    proc = run_cli(green, "gate")
    assert proc.returncode == 2
    assert "claim_batch: ledger/claims.json: not valid JSON at line" in proc.stderr
    assert machine.read_bytes() == corrupt
    machine.write_bytes(original.replace(b'"kind": "positive"', b'"kind": 7', 1))
    proc = run_cli(green, "ledger", "--check")
    assert proc.returncode == 2
    assert "ledger/claims.json @ $.claims[" in proc.stderr and "].kind" in proc.stderr
    assert "`claim_batch ledger --write` rebuilds it without reading it" in proc.stderr
    rebuilt = run_cli(green, "ledger", "--write")
    assert rebuilt.returncode == 0 and machine.read_bytes() == original


def test_a_malformed_debt_file_exits_2_for_every_command(green: Path) -> None:
    (green / "ledger" / "debt.toml").write_text(
        '[[debt]]\nclaim = "toy.good.oversize_refuses"\nreason = "r"\nowner = 3\ntrigger = "TRIGGER: x"\n'
    )
    for args in (("gate",), (), ("ledger", "--write")):
        proc = run_cli(green, *args)
        assert proc.returncode == 2, args
        assert "ledger/debt.toml:1 @ $.debt[0].owner: expected str, got int 3" in proc.stderr


def test_the_gate_names_a_witness_that_does_not_import(toy_project: Path) -> None:
    code, out = gate(toy_project)
    assert code == 1
    assert "toy_witnesses.broken: witness module did not import: ModuleNotFoundError" in out
    assert run_cli(toy_project, "ledger", "--write").returncode == 1
    assert not (toy_project / "ledger" / "claims.json").exists()


def test_a_run_says_which_reds_are_admitted_and_which_are_new(toy_project: Path) -> None:
    (toy_project / "toy_witnesses" / "broken.py").unlink()
    (toy_project / "ledger" / "debt.toml").write_text(
        DEBT.format(claim="toy.mixed.fails_on_a_mismatch") + DEBT.format(claim="toy.mixed.times_out")
    )
    proc = run_cli(toy_project, "toy.mixed")
    assert proc.returncode == 1
    assert "admitted debt (ledger/debt.toml): 2 red claim(s) allowed" in proc.stdout
    assert "new reds (not admitted): 4" in proc.stdout
    assert proc.stdout.splitlines()[-1] == "2 passed, 4 failed, 2 admitted debt"


def test_snapshot_writes_are_refused_under_ci_unless_forced(green: Path) -> None:
    (green / "ledger" / "snapshots" / "toy.render" / "margin_line.txt").write_bytes(b"old\n")
    proc = run_cli(green, "snapshots", "--update", env={"CI": "true"})
    assert proc.returncode == 2 and "refusing to write snapshots with CI set" in proc.stderr
    proc = run_cli(green, "snapshots", "--update", "--force", env={"CI": "true"})
    assert proc.returncode == 0
    assert "wrote ledger/snapshots/toy.render/margin_line.txt (changed, 7 bytes" in proc.stdout


def test_rule_packages_without_recorded_evidence_fail_the_gate(green: Path) -> None:
    pyproject = green / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace("typecheck = []", 'typecheck = ["toy_domain"]'))
    code, out = gate(green)
    assert code == 1
    assert "ledger/evidence: no kill evidence is recorded; run `claim_batch mutate --update`" in out


def test_a_mutable_module_table_fails_the_gate_unless_allowed(green: Path) -> None:
    rules = green / "toy_domain" / "rules.py"
    rules.write_text(rules.read_text() + "\nLIMITS = [10, 20]\n")
    pyproject = green / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace("typecheck = []", 'typecheck = []\nimmutable = ["toy_domain"]'))
    code, out = gate(green)
    assert code == 1
    assert "toy_domain.rules.LIMITS: module-level mutable list" in out
    pyproject.write_text(
        pyproject.read_text().replace(
            'immutable = ["toy_domain"]', 'immutable = ["toy_domain"]\nmutable_allowed = ["toy_domain.rules.LIMITS"]'
        )
    )
    code, out = gate(green)
    assert code == 0, out
