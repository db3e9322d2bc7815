"""The claim_batch command: output, selection, exit codes, JSON and JUnit exports, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import run_cli


def test_a_full_run_reports_each_witness_failures_and_the_closing_line(toy_project: Path) -> None:
    proc = run_cli(toy_project)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("toy.good   2/2 PASS  (")
    assert lines[1].startswith("toy.mixed  2/8 ERROR  (")
    assert "ERROR toy_witnesses.broken  [witness did not import]" in proc.stdout
    assert "ModuleNotFoundError: No module named 'toy_domain.no_such_module'" in proc.stdout
    assert lines[-1] == "4 passed, 7 failed"


def test_a_green_selection_exits_zero(toy_project: Path) -> None:
    (toy_project / "toy_witnesses" / "broken.py").unlink()
    proc = run_cli(toy_project, "toy.good")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[-1] == "2 passed, 0 failed"


def test_globs_select_claims_by_id(toy_project: Path) -> None:
    (toy_project / "toy_witnesses" / "broken.py").unlink()
    proc = run_cli(toy_project, "--list", "toy.*.*refus*")
    assert proc.returncode == 0
    ids = [line.split()[0] for line in proc.stdout.splitlines()]
    assert ids == [
        "toy.good.oversize_refuses",
        "toy.mixed.refuses_for_another_reason",
        "toy.mixed.crash_is_not_a_refusal",
        "toy.mixed.admit_is_not_a_refusal",
    ]


def test_an_unknown_pattern_exits_two_naming_the_closest_ids(toy_project: Path) -> None:
    (toy_project / "toy_witnesses" / "broken.py").unlink()
    proc = run_cli(toy_project, "toy.good.oversize_refuse")
    assert proc.returncode == 2
    assert "no claim or witness matches 'toy.good.oversize_refuse'" in proc.stderr
    assert "closest: toy.good.oversize_refuses" in proc.stderr


def test_an_unknown_pattern_shows_a_witness_that_did_not_import_and_exits_one(toy_project: Path) -> None:
    # What the pattern names may be in the module that did not import: its traceback comes first, whatever the pattern.
    proc = run_cli(toy_project, "toy.good.oversize_refuse")
    assert proc.returncode == 1
    assert "ERROR toy_witnesses.broken  [witness did not import]" in proc.stderr
    assert "Traceback" in proc.stderr and "no claim or witness matches 'toy.good.oversize_refuse'" in proc.stderr
    assert "1 witness module(s) did not import (above)" in proc.stderr


def test_a_bad_option_exits_two(toy_project: Path) -> None:
    assert run_cli(toy_project, "--no-such-option").returncode == 2


def test_help_documents_the_exit_codes(toy_project: Path) -> None:
    proc = run_cli(toy_project, "--help")
    assert proc.returncode == 0
    for line in ("0    every selected claim passed", "1    a claim failed", "2    usage", "130  interrupted"):
        assert line in proc.stdout


def test_a_missing_configuration_exits_two(tmp_path: Path) -> None:
    proc = run_cli(tmp_path)
    assert proc.returncode == 2
    assert "no pyproject.toml with a [tool.claims] table" in proc.stderr


def test_json_output_follows_the_documented_schema(toy_project: Path) -> None:
    proc = run_cli(toy_project, "--json")
    assert proc.returncode == 1
    doc = json.loads(proc.stdout)
    assert doc["schema"] == "claim_batch/1"
    assert doc["summary"] == {**doc["summary"], "passed": 4, "failed": 7, "import_errors": 1, "interrupted": False}
    by_id = {c["id"]: c for c in doc["claims"]}
    fail = by_id["toy.mixed.fails_on_a_mismatch"]
    assert {k: fail[k] for k in ("witness", "kind", "rules", "verdict", "expected", "observed")} == {
        "witness": "toy.mixed",
        "kind": "positive",
        "rules": ["toy_domain.rules.admit_size"],
        "verdict": "FAIL",
        "expected": "margin: 8",
        "observed": "margin: 7",
    }
    assert isinstance(fail["duration_s"], float)
    assert by_id["toy.mixed.unit_line_snapshot"]["snapshot_sha256"] is not None
    assert doc["import_errors"][0]["module"] == "toy_witnesses.broken"


def test_junit_xml_is_written(toy_project: Path) -> None:
    target = toy_project / "out" / "junit.xml"
    run_cli(toy_project, "--junit-xml", str(target))
    root = ET.parse(target).getroot()
    suites = {s.get("name"): s for s in root}
    assert suites["toy.mixed"].get("failures") == "3" and suites["toy.mixed"].get("errors") == "3"
    assert suites["toy.good"].get("tests") == "2"


def test_exitfirst_stops_at_the_first_red_claim(toy_project: Path) -> None:
    proc = run_cli(toy_project, "-x", "toy.mixed")
    assert proc.returncode == 1
    assert "stopped at the first red claim (-x): 2 of 8 claims ran" in proc.stdout


def test_explain_shows_statement_rule_control_and_source(toy_project: Path) -> None:
    proc = run_cli(toy_project, "explain", "toy.good.oversize_refuses")
    assert proc.returncode == 0
    assert "statement: An oversize size is refused naming the limit." in proc.stdout
    assert "control:   refusal" in proc.stdout
    assert "rules:     toy_domain.rules.admit_size" in proc.stdout
    assert "expects:   refused: OverLimit @ $.size saying 'limit 10'" in proc.stdout
    assert "toy_witnesses/good.py:" in proc.stdout
    unknown = run_cli(toy_project, "explain", "toy.good.oversize")
    assert unknown.returncode == 2 and "closest: toy.good.oversize_refuses" in unknown.stderr


def _default_interrupts() -> None:
    for number in (signal.SIGINT, signal.SIGQUIT):
        signal.signal(number, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT, signal.SIGQUIT])


def test_ctrl_c_reports_what_finished_and_exits_130(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\nwitnesses = ["slow_witnesses"]\ntimeout = 60\n')
    package = tmp_path / "slow_witnesses"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "slow.py").write_text(
        "import time\n"
        "from claims import Witness\n"
        "witness = Witness('slow.rules')\n"
        "@witness.positive('The first claim is quick.', rules=['time.sleep'])\n"
        "def quick():\n    pass\n"
        "@witness.positive('The second claim is slow.', rules=['time.sleep'])\n"
        "def slow():\n    open('started', 'w').close()\n    time.sleep(30)\n"
    )
    # One worker, so the quick claim has finished when the slow one starts (it signals by a file: output is captured).
    proc = subprocess.Popen(
        [sys.executable, "-m", "claims.cli", "-n", "1", "--random-order=0"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**{k: v for k, v in os.environ.items() if k != "CLAIMS_PYPROJECT"}, "PYTHONFAULTHANDLER": "1"},
        # Start it as a terminal would. Under xdist the CLI sometimes inherited SIGINT and SIGQUIT ignored
        # (/proc SigIgn 0x1001006, as glibc's system() leaves them), and an ignored Ctrl-C rightly does nothing.
        preexec_fn=_default_interrupts,
    )
    deadline = time.monotonic() + 20
    while not (tmp_path / "started").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        # Say where it hung (its signal masks and threads; faulthandler dumps them on SIGABRT); leave nothing behind.
        status = Path(f"/proc/{proc.pid}/status")
        masks = (
            [x for x in status.read_text().splitlines() if x.startswith(("Sig", "Shd", "Threads"))]
            if status.exists()
            else []
        )
        proc.send_signal(signal.SIGABRT)
        out, err = proc.communicate(timeout=20)
        started = (tmp_path / "started").exists()
        pytest.fail(f"no exit 20 s after Ctrl-C (slow claim started: {started})\n{masks}\n{out}\n{err}")
    assert proc.returncode == 130
    assert "interrupted: 1 of 2 claims finished" in out
    assert out.splitlines()[-1] == "1 passed, 0 failed, 1 not run"
