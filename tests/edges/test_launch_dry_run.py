"""Run the `launch_dry_run` edge for its exit codes: 0 admitted, 1 refused (report written), 2 bad input (nothing written)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from domain.core.outcome import Admitted
from domain.edges.dry_run_command import utilization_bp
from domain.edges.launch_dry_run import main

ROOT = Path(__file__).resolve().parents[2]
AUTHORITY = ROOT / "examples" / "authority"
AT = "2026-01-01T01:00:00Z"

REFUSAL_WORLDS = {
    "v41-active-incumbent": "SuccessorMayNotLaunch @ pair_serving_successor_may_launch",
    "v41-expired-lease": "SuccessorMayNotLaunch @ pair_serving_successor_may_launch",
    "v41-other-successor": "SuccessorIsNotThisCandidate @ V41CandidateKeyed.candidate",
    "v41-other-runtime-key": "ImageNotAdmittedForRuntimeArtifact @ V41CandidateKeyed.runtime_artifact",
    "v41-host-not-held": "HostNotHeldBySubject @ admit_host_held_by_subject_among",
    "v41-no-registry-reading": "NoRegistryReading @ $.produced.registry_reading",
}


def run(*args: str, out: Path) -> int:
    return main([*args, "--at", AT, "--out", str(out)])


def test_the_admitting_world_exits_0_and_writes_four_hosts(tmp_path: Path) -> None:
    out = tmp_path / "report.txt"
    assert run("v41-group-a", "--authority-log", str(AUTHORITY / "v41-admitting.jsonl"), out=out) == 0
    text = out.read_text()
    assert text.startswith("# launch dry run: v41-group-a — ADMITTED")
    assert text.count("--- Engram staging (3 typed steps) ---") == 4
    assert "384 GiB × 5/4 = 480 GiB ≤ 484 GiB, margin 4 GiB" in text


def test_the_admitting_world_admits_when_read_now(tmp_path: Path) -> None:
    # The default read time is now: the example's lease must still be live today.
    assert (
        main(
            ["v41-group-a", "--authority-log", str(AUTHORITY / "v41-admitting.jsonl"), "--out", str(tmp_path / "r.txt")]
        )
        == 0
    )


@pytest.mark.parametrize("world", sorted(REFUSAL_WORLDS))
def test_each_refusal_world_exits_1_naming_its_reason(
    world: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.txt"
    assert run("v41-group-a", "--authority-log", str(AUTHORITY / f"{world}.jsonl"), out=out) == 1
    printed = capsys.readouterr().out
    assert REFUSAL_WORLDS[world] in printed
    text = out.read_text()
    assert "REFUSED" in text.splitlines()[0]
    assert REFUSAL_WORLDS[world] in text


def test_an_open_frontier_refuses_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.txt"
    code = run(
        "v41-group-a",
        "--authority-log",
        str(AUTHORITY / "v41-admitting.jsonl"),
        "--open",
        "12371",
        "--open",
        "#12359",
        out=out,
    )
    assert code == 1
    printed = capsys.readouterr().out
    assert "ObligationOpen @ #12371" in printed and "ObligationOpen @ #12359" in printed


def test_half_utilization_refuses_naming_the_allowance(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.txt"
    assert (
        run(
            "v41-group-a",
            "--authority-log",
            str(AUTHORITY / "v41-admitting.jsonl"),
            "--gpu-memory-utilization",
            "0.50",
            out=out,
        )
        == 1
    )
    assert "242 GiB declared Engram page-cache allowance" in capsys.readouterr().out


def test_the_glm_world_exits_0(tmp_path: Path) -> None:
    out = tmp_path / "glm.txt"
    assert run("glm-group-b", "--authority-log", str(AUTHORITY / "glm-group-b-admitting.jsonl"), out=out) == 0
    assert out.read_text().startswith("# launch dry run: glm-group-b — ADMITTED")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--authority-log", str(AUTHORITY / "malformed.jsonl")],
            "malformed.jsonl:2: $.at: expected int, got str '1767200000'",
        ),
        (
            ["--authority-log", str(AUTHORITY / "v41-admitting.jsonl"), "--gpu-memory-utilization", "0.80001"],
            "at most 4 places",
        ),
        (["--authority-log", str(AUTHORITY / "v41-admitting.jsonl"), "--gpu-memory-utilization", "1.5"], "(0, 1]"),
        (
            ["--authority-log", str(AUTHORITY / "missing.jsonl")],
            "missing.jsonl: expected a readable UTF-8 authority log",
        ),
    ],
)
def test_bad_input_exits_2_and_writes_nothing(
    args: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sub" / "report.txt"
    assert run("v41-group-a", *args, out=out) == 2
    assert said in capsys.readouterr().err
    assert not out.exists() and not out.parent.exists()


def test_a_bad_time_exits_2(tmp_path: Path) -> None:
    out = tmp_path / "report.txt"
    assert (
        main(
            [
                "v41-group-a",
                "--authority-log",
                str(AUTHORITY / "v41-admitting.jsonl"),
                "--at",
                "yesterday",
                "--out",
                str(out),
            ]
        )
        == 2
    )
    assert not out.exists()


def test_utilization_converts_exactly_to_basis_points() -> None:
    assert [utilization_bp(u) for u in ("0.80", "0.8", "0.8125", "1", "0.0001")] == [
        Admitted(bp) for bp in (8000, 8000, 8125, 10000, 1)
    ]


@pytest.mark.parametrize(
    ("log", "code"),
    [("v41-admitting.jsonl", 0), ("v41-expired-lease.jsonl", 1), ("malformed.jsonl", 2)],
)
def test_the_console_script_runs_in_a_subprocess(log: str, code: int, tmp_path: Path) -> None:
    out = tmp_path / "report.txt"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "domain.edges.launch_dry_run",
            "v41-group-a",
            "--authority-log",
            str(AUTHORITY / log),
            "--at",
            AT,
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == code, done.stderr
    assert out.exists() == (code != 2)


def test_the_default_output_path_is_under_target(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["v41-group-a", "--authority-log", str(AUTHORITY / "v41-admitting.jsonl"), "--at", AT]) == 0
    assert (tmp_path / "target" / "v41-group-a-launch-dry-run.txt").exists()
    assert [p.name for p in (tmp_path / "target").iterdir()] == ["v41-group-a-launch-dry-run.txt"]


def test_engram_bets_add_their_section_and_nothing_else(tmp_path: Path) -> None:
    plain, bets = tmp_path / "plain.txt", tmp_path / "bets.txt"
    log = str(AUTHORITY / "v41-admitting.jsonl")
    assert run("v41-group-a", "--authority-log", log, out=plain) == 0
    assert run("v41-group-a", "--authority-log", log, "--engram-bets", out=bets) == 0
    section = (
        "\n## Engram residency bets\n"
        "per-rank allowance 24.25 GiB at 8000 bp (0.8) on FabricGroupA\n"
        "x2: bet 19 GiB per rank, within the allowance; no reading yet\n"
        "x4: bet 30 GiB per rank, exceeds the allowance; no reading yet\n"
        "x6: bet 37 GiB per rank, exceeds the allowance; no reading yet\n"
        "x16: bet 46 GiB per rank, exceeds the allowance; no reading yet\n"
        "the staircase's refault/PSI stop rules decide whether the pressure matters; a reading above its bet falsifies it\n"
    )
    assert section in bets.read_text()
    assert bets.read_text().replace(section, "", 1) == plain.read_text()


def test_engram_bets_for_glm_are_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.txt"
    assert (
        run("glm-group-b", "--authority-log", str(AUTHORITY / "glm-group-b-admitting.jsonl"), "--engram-bets", out=out)
        == 2
    )
    assert (
        "--engram-bets: glm-group-b declares nothing beyond its weights, so it bets nothing" in capsys.readouterr().err
    )
    assert not out.exists()
