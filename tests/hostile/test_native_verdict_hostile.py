"""Feed `native_verdict` hostile packets: malformed ones exit 2 located `FILE: $.path`, printing no verdict; no id prints raw."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from domain.core.json_text import JSON_INT_MAX, MAX_JSON_DEPTH
from domain.edges.native_verdict import main

ROOT = Path(__file__).resolve().parents[2]
COMPLETE = json.loads((ROOT / "examples" / "native" / "complete-native.json").read_text())


def packet(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "packet.json"
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str, str]:
    code = main([str(path)])
    out, err = capsys.readouterr()
    if code == 2:
        assert out == "", "a malformed packet prints no verdict, not even half of one"
    return code, out, err


def with_start_id(arm: str, start_id: str) -> dict[str, Any]:
    """Return the complete packet with one arm's start id (and its observations') replaced."""
    document = copy.deepcopy(COMPLETE)
    old = document["arms"][arm]["start_id"]
    document["arms"][arm]["start_id"] = start_id
    for observation in document["observations"]:
        if observation["start_id"] == old:
            observation["start_id"] = start_id
    return document


def test_nesting_100000_deep_is_refused_at_its_line_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = packet(tmp_path, '{"q":\n' + "[" * 100_000 + "]" * 100_000 + "}")
    code, _, err = run(capsys, path)
    assert (
        code == 2
        and err
        == f"{path}: $: expected JSON nested at most {MAX_JSON_DEPTH} deep, got deeper nesting at line 2 column {MAX_JSON_DEPTH}\n"
    )


def test_a_lone_surrogate_in_an_id_is_refused_at_its_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = packet(tmp_path, json.dumps(with_start_id("on", "up2-on-\ud800")))
    code, _, err = run(capsys, path)
    lines = err.splitlines()
    assert code == 2
    assert (
        lines[0]
        == f"{path}: $.arms.on.start_id: expected Unicode text, got 'up2-on-\\ud800', which holds a lone surrogate"
    )
    assert f"{path}: $.observations[1].start_id: expected Unicode text" in err  # every place it occurs, each located
    assert all(line.isprintable() for line in lines)


def test_a_lone_surrogate_in_a_key_is_refused_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = copy.deepcopy(COMPLETE)
    document["checks"]["\udc80oops"] = "PASS"
    path = packet(tmp_path, json.dumps(document))
    code, _, err = run(capsys, path)
    assert (
        code == 2
        and f"{path}: $.checks['\\udc80oops']: expected a key of Unicode text, got '\\udc80oops', which holds a lone surrogate"
        in err
    )


def test_a_nested_duplicate_key_is_refused_with_its_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(COMPLETE).replace(
        '"container_id": "up2-native-on"', '"container_id": "up2-native-on", "container_id": "up2-native-off"'
    )
    path = packet(tmp_path, text)
    code, _, err = run(capsys, path)
    assert (
        code == 2
        and err == f"{path}: $.arms.on.container_id: expected unique keys, got duplicate key 'container_id' (2 times)\n"
    )


def test_an_integer_of_5000_digits_is_refused_at_its_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = packet(tmp_path, json.dumps(COMPLETE).replace('"q": 4092', '"q": ' + "4" * 5000))
    code, _, err = run(capsys, path)
    assert (
        code == 2
        and err
        == f"{path}: $.q: expected an int from -{JSON_INT_MAX + 1} to {JSON_INT_MAX} (64-bit), got an int of 5000 digits\n"
    )


def test_a_q_whose_tails_pass_the_int_digit_limit_is_refused_before_rendering(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 36 * q of 4,299 digits has 4,301: printing it would pass Python's int-digit limit mid-verdict.
    path = packet(tmp_path, json.dumps(COMPLETE).replace('"q": 4092', '"q": ' + "9" * 4299))
    code, _, err = run(capsys, path)
    assert code == 2 and "$.q: expected an int from" in err and "got an int of 4299 digits" in err


@pytest.mark.parametrize(
    "hostile", ["up2-on-\x1b[2J\x1b[H", "up2-on\nverdict: 12/12 PASS", "up2-on-\u202etxt.exe", "up2-on-\x00"]
)
def test_control_characters_in_an_id_print_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hostile: str
) -> None:
    path = packet(tmp_path, json.dumps(with_start_id("on", hostile)))
    code, out, _ = run(capsys, path)
    assert code == 0  # the id is odd but bound consistently: the verdict stands
    lines = out.splitlines()
    assert all(line.isprintable() for line in lines)
    assert [line for line in lines if line.startswith("verdict:")] == ["verdict: 12/12 PASS"]  # no forged line
    assert hostile.encode("unicode_escape").decode("ascii") in out


def test_an_ascii_terminal_gets_escapes_never_a_traceback(tmp_path: Path) -> None:
    path = packet(tmp_path, json.dumps(with_start_id("on", "up2-on-\u00e9t\u00e9-\U0001f600")))
    done = subprocess.run(
        [sys.executable, "-m", "domain.edges.native_verdict", str(path)],
        capture_output=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert done.returncode == 0 and done.stderr == b""
    assert b"ON start up2-on-\\xe9t\\xe9-\\U0001f600," in done.stdout
    assert done.stdout.rstrip().endswith(b"verdict: 12/12 PASS")


def test_a_closed_stdout_ends_quietly_with_the_sigpipe_status() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "domain.edges.native_verdict",
                str(ROOT / "examples" / "native" / "complete-native.json"),
            ],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=ROOT,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 141 and done.stderr == ""


def test_an_oversized_packet_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from domain.edges import streams

    monkeypatch.setattr(streams, "MAX_INPUT_CHARS", 10)
    path = packet(tmp_path, json.dumps(COMPLETE))
    code, _, err = run(capsys, path)
    assert code == 2 and err == f"{path}: $: expected at most 10 characters of JSON file, got more; it was not read\n"
