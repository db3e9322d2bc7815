"""Test the `native_verdict` command: exit codes, verdict lines and located errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from domain.edges.native_verdict import main
from witnesses.native.fixtures import examples

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "native"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_examples_are_the_witness_fixture_documents() -> None:
    for name, document in examples().items():
        assert json.loads((EXAMPLES / name).read_text()) == document, f"regenerate examples/native/{name}"


def test_complete_native_packet_passes_all_twelve(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(EXAMPLES / "complete-native.json"))
    assert code == 0 and err == ""
    assert out.count(": PASS\n") == 12
    assert out.rstrip().endswith("verdict: 12/12 PASS")


def test_cpu_fixture_packet_is_schema_valid_but_holds_every_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(EXAMPLES / "cpu-fixture.json"))
    assert code == 1
    assert "schema: valid (schema-valid is not native evidence)" in out
    assert out.count(": HOLD (packet says PASS)\n") == 12
    assert "FixtureNotNative @ $.checks.final_need_draft_real_complete.tail_36q_plus_1.OFF" in out
    assert "verdict: 0/12 PASS" in out


def test_missing_subcase_holds_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(EXAMPLES / "missing-subcase.json"))
    assert code == 1
    assert "final_need_draft_real_complete: HOLD (packet says PASS)\n" in out
    assert (
        "  SubcaseMissing @ $.checks.final_need_draft_real_complete.tail_36q_plus_129.ON: no observation of tail_36q_plus_129 in arm ON"
        in out
    )
    assert out.rstrip().endswith("verdict: 11/12 PASS; not qualified: final_need_draft_real_complete HOLD")


def test_missing_arm_holds_naming_every_subcase(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(EXAMPLES / "missing-arm.json"))
    assert code == 1
    for subcase in ("no_local_mtp_load", "zero_local_fallback_growth", "remote_round_progress"):
        assert f"SubcaseMissing @ $.checks.no_local_drafter.{subcase}.OFF" in out


def test_malformed_packet_exits_2_with_located_errors(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "malformed.json")
    code, out, err = run(capsys, path)
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"{path}: $.q: expected int, got str '4092'",
        f"{path}: $.arms.on.container_id: expected a value, got nothing (the key is missing)",
        f"{path}: $.observations[0].arm: expected one of OFF, ON, got str 'BOTH'",
        f"{path}: $.observations[0].held: expected bool, got str 'true'",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "$: expected JSON, got invalid JSON at line 1 column 2"),
        ("[]", "$: expected a JSON object, got list"),
        ('{"q": 1, "q": 2}', "$.q: expected unique keys, got duplicate key 'q' (2 times)"),
        ('{"q": NaN}', "$.q: expected a JSON number, got NaN"),
    ],
)
def test_unreadable_json_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str) -> None:
    path = tmp_path / "packet.json"
    path.write_text(text)
    code, _, err = run(capsys, str(path))
    assert code == 2
    assert err.startswith(f"{path}: {message}")


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(tmp_path / "absent.json"))
    assert code == 2 and "$: expected a readable UTF-8 JSON file" in err


def test_schema_refusal_exits_1_even_when_observations_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = json.loads((EXAMPLES / "complete-native.json").read_text())
    document["requests"]["completions"] = 27
    path = tmp_path / "packet.json"
    path.write_text(json.dumps(document))
    code, out, _ = run(capsys, str(path))
    assert code == 1
    assert "schema: REFUSED (1 reason(s))" in out and "CountInvalid @ $.requests" in out
    assert "verdict: 12/12 PASS; not qualified" in out


def test_observation_from_another_start_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = json.loads((EXAMPLES / "complete-native.json").read_text())
    document["arms"]["on"]["start_id"] = "up2-on-20261026T090000Z"
    path = tmp_path / "packet.json"
    path.write_text(json.dumps(document))
    code, out, _ = run(capsys, str(path))
    assert code == 1 and "binding: REFUSED (55 reason(s))" in out


def test_help_names_the_exit_codes() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "domain.edges.native_verdict", "--help"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0
    assert "usage: native_verdict [-h] [--window | --records] [PACKET.json]" in result.stdout
    assert "0  all twelve native checks PASS" in result.stdout


def test_usage_error_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([])
    assert exit_info.value.code == 2


@pytest.mark.parametrize("argv", [["--window", "packet.json"], ["--window", "--records"]])
def test_a_packet_and_a_report_together_are_a_usage_error(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2


def test_window_says_each_figure_with_its_provenance_and_no_fit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--window")
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert lines[0] == "native_verdict: window feasibility (seed B2: exact figures, each MEASURED or ESTIMATED)"
    assert "one 32K/32-token probe: 0.74–1.14 min (ESTIMATED)" in lines
    assert "W13 first send to last completion: 50.093 min (MEASURED)" in lines
    assert "one-HOLD fit: NOT ESTABLISHED (4 reasons)" in lines
    assert "complete-packet fit within the 900 s wait: NOT ESTABLISHED (12 reasons)" in lines
    assert lines[-1] == "publishing PASS from an incomplete probe set to meet the clock is prohibited"


def test_records_say_what_each_saved_record_shows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--records")
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert lines[0] == "native_verdict: saved-record facts (seed B2: fixture values of the saved records)"
    assert "diagnostic requests: 28 send intents, 28 opened, 28 completions, accounted" in lines
    assert "diagnostic tails: REFUSED" in lines and "300K screen as native evidence: REFUSED" in lines
    assert lines[-1] == "checks decided on the saved records: 12 NOT RUN"
