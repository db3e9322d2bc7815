"""The benchmark reads what each tool decided for each mutant (its result list, its report), not a progress display."""

from __future__ import annotations

import functools
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def bench() -> ModuleType:
    """Load `bench/speed.py`, a script outside every package."""
    spec = importlib.util.spec_from_file_location("bench_speed", ROOT / "bench" / "speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_mutmut_results_give_one_status_per_listed_mutant_whatever_the_progress_line_counted() -> None:
    out = (
        "Running mutation testing\n"
        "⠋ 1/3  🎉 1 🫥 0  ⏰ 0  🤔 0  🙁 0  🔇 0\r⠙ 2/3  🎉 1 🫥 0  ⏰ 0  🤔 0  🙁 1  🔇 0\r"
        "⠹ 3/3  🎉 2 🫥 0  ⏰ 0  🤔 0  🙁 1  🔇 0\n"
        "0.42 mutations/second\n\nMutant results\n--------------\n"
        "🎉 m.x_f__mutmut_1\n🙁 m.x_f__mutmut_2\n⏰ m.x_g__mutmut_1\n💥 m.x_g__mutmut_2\n? m.x_g__mutmut_3\n"
    )
    results = bench().mutmut_results(out)
    assert results == {
        "m.x_f__mutmut_1": "killed",
        "m.x_f__mutmut_2": "survived",
        "m.x_g__mutmut_1": "timeout",
        "m.x_g__mutmut_2": "segfault",
        "m.x_g__mutmut_3": "not checked",
    }
    assert {n for n, s in results.items() if s in bench().MUTMUT_DETECTED} == {
        "m.x_f__mutmut_1",
        "m.x_g__mutmut_1",
        "m.x_g__mutmut_2",
    }


def test_our_detected_mutants_are_read_from_the_stryker_report_of_one_module(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    mutants = [
        {"id": "m.x_f__mutmut_1", "status": "Killed"},
        {"id": "m.x_f__mutmut_2", "status": "Survived"},
        {"id": "m.x_f__mutmut_3", "status": "Timeout"},
        {"id": "m.x_f__mutmut_4", "status": "RuntimeError"},
        {"id": "m.x_f__mutmut_5", "status": "NoCoverage"},
        {"id": "other.x_h__mutmut_1", "status": "Killed"},
    ]
    report.write_text(json.dumps({"files": {"m.py": {"mutants": mutants}}}), encoding="utf-8")
    every, detected = bench().ours_detected(report, "m")
    assert every == {f"m.x_f__mutmut_{n}" for n in range(1, 6)}
    assert detected == {"m.x_f__mutmut_1", "m.x_f__mutmut_3", "m.x_f__mutmut_4"}


def test_the_cold_ratio_is_said_as_one_workers_ratio_times_what_the_other_workers_add() -> None:
    line = bench().decomposed(theirs=20.0, alone=16.0, cold=10.0, workers=2)
    assert line == (
        "  2.00x = 1.25x (pytest / one worker: the same claims' code either way) x 1.60x (one worker / 2: at most 2x)"
    )


def test_the_plain_twin_has_a_file_per_witness_file_and_a_test_per_claim_spinning_its_time(tmp_path: Path) -> None:
    report = tmp_path / "junit.xml"
    report.write_text(
        '<testsuites><testsuite name="pytest">'
        '<testcase classname="witnesses.a" name="a.one" time="0.004" />'
        '<testcase classname="witnesses.a" name="a.two" time="0.021" />'
        '<testcase classname="witnesses.b" name="b.one" time="0.000" />'
        "</testsuite></testsuites>",
        encoding="utf-8",
    )
    costs = bench().junit_costs(report)
    assert costs == {"witnesses.a": [0.004, 0.021], "witnesses.b": [0.0]}
    twin = tmp_path / "twin"
    assert bench().write_twin(costs, twin) == 3
    assert sorted(p.name for p in twin.iterdir()) == ["pytest.ini", "test_000.py", "test_001.py"]
    assert "_spin(0.021)" in (twin / "test_000.py").read_text() and "_spin(0.0)" in (twin / "test_001.py").read_text()
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"],
        cwd=twin,
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0 and "3 passed" in ran.stdout, ran.stdout
