"""Feed `launch_dry_run` hostile authority logs and arguments: each exits 2, located `FILE:LINE: $.path`, writing nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.core.json_text import JSON_INT_MAX, MAX_JSON_DEPTH
from domain.edges import streams
from domain.edges.launch_dry_run import main

from .files import tree

ROOT = Path(__file__).resolve().parents[2]
ADMITTING = (ROOT / "examples" / "authority" / "v41-admitting.jsonl").read_text()
AT = "2026-01-01T01:00:00Z"
HELD = '{"event": "host_held", "at": %s, "host": "srv5", "subject": %s}'


def run_log(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    """Write `text` as the log, run the dry run into tmp_path/out, and prove nothing else appeared."""
    log = tmp_path / "log.jsonl"
    log.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = tree(tmp_path)
    code = main(
        ["v41-group-a", "--authority-log", str(log), "--at", AT, "--out", str(tmp_path / "out" / "report.txt"), *extra]
    )
    out, err = capsys.readouterr()
    if code == 2:
        assert tree(tmp_path) == before, "exit 2 must write nothing"
        assert err.endswith("launch_dry_run: bad input; nothing written\n") and out == ""
    return code, out, err


def test_an_integer_of_5000_digits_is_refused_at_its_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ADMITTING + HELD % ("1" * 5000, '"s"') + "\n"
    code, _, err = run_log(tmp_path, text, capsys)
    line = len(ADMITTING.splitlines()) + 1
    assert code == 2
    assert (
        f"log.jsonl:{line}: $.at: expected an int from -{JSON_INT_MAX + 1} to {JSON_INT_MAX} (64-bit), got an int of 5000 digits"
        in err
    )


def test_an_integer_just_beyond_64_bits_is_refused_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_log(tmp_path, HELD % (JSON_INT_MAX + 1, '"s"'), capsys)
    assert code == 2 and "log.jsonl:1: $.at: expected an int from" in err and f"got int {JSON_INT_MAX + 1}" in err


@pytest.mark.parametrize("opener", ["[", '{"a": '])
def test_nesting_100000_deep_is_refused_at_its_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], opener: str
) -> None:
    closer = "]" if opener == "[" else "}"
    code, _, err = run_log(tmp_path, "\n" + opener * 100_000 + "1" + closer * 100_000 + "\n", capsys)
    assert code == 2
    column = (MAX_JSON_DEPTH * len(opener)) + 1
    assert (
        f"log.jsonl:2: $: expected JSON nested at most {MAX_JSON_DEPTH} deep, got deeper nesting at column {column}"
        in err
    )


def test_nesting_at_the_limit_is_read_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 64 deep parses; the line is then refused for its shape, never for its depth.
    code, _, err = run_log(tmp_path, "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH, capsys)
    assert code == 2 and "log.jsonl:1: $: expected a JSON object, got list" in err and "nested" not in err


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    subject = "[" * 500 + '\\"{' * 100
    code, out, _ = run_log(tmp_path, HELD % (1, json.dumps(subject)), capsys)
    assert code == 1 and f"srv5 (held by {subject})" in out  # read as text, then refused by admission


def test_a_duplicate_key_is_refused_with_the_key_and_its_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = '{"event": "host_held", "at": 1, "at": 2, "host": "srv5", "subject": "s"}\n'
    code, _, err = run_log(tmp_path, text, capsys)
    assert code == 2 and "log.jsonl:1: $.at: expected unique keys, got duplicate key 'at' (2 times)" in err


def test_a_nested_duplicate_key_is_located_at_its_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = ADMITTING.splitlines()[-1]
    assert '"exact_candidate_realization": {"key": ' in line
    doubled = line.replace(
        '"exact_candidate_realization": {"key": ', '"exact_candidate_realization": {"key": "other", "key": '
    )
    code, _, err = run_log(tmp_path, doubled, capsys)
    assert (
        code == 2
        and "log.jsonl:1: $.exact_candidate_realization.key: expected unique keys, got duplicate key 'key' (2 times)"
        in err
    )


def test_a_lone_surrogate_is_refused_at_its_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_log(tmp_path, HELD % (1, '"x\\ud800"'), capsys)
    assert (
        code == 2
        and "log.jsonl:1: $.subject: expected Unicode text, got 'x\\ud800', which holds a lone surrogate" in err
    )


def test_a_surrogate_pair_is_text_not_a_lone_surrogate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_log(tmp_path, ADMITTING + HELD % (1767200000, '"\\ud83d\\ude00"'), capsys)
    assert code == 1 and "srv5 (held by \U0001f600)" in out


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_at_their_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], constant: str
) -> None:
    code, _, err = run_log(tmp_path, HELD % (constant, '"s"'), capsys)
    assert code == 2 and f"log.jsonl:1: $.at: expected a JSON number, got {constant}" in err


def test_a_line_separator_inside_a_string_does_not_split_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # JSON Lines split at "\n" only: a raw U+2028 in a string is one line (splitlines() would cut it in two).
    code, out, _ = run_log(tmp_path, ADMITTING + HELD % (1767200000, '"a\u2028b"'), capsys)
    assert code == 1 and "srv5 (held by a\\u2028b)" in out  # and printed escaped


def test_every_fault_of_every_line_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "\n".join([HELD % ("9" * 30, '"s"'), "[" * 70 + "]" * 70, '{"event": "host_held", "event": "x"}'])
    code, _, err = run_log(tmp_path, text, capsys)
    assert code == 2
    assert [line.split(": $", 1)[0].rsplit("/", 1)[-1] for line in err.splitlines()[:-1]] == [
        "log.jsonl:1",
        "log.jsonl:2",
        "log.jsonl:3",
    ]


def test_an_oversized_log_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(streams, "MAX_INPUT_CHARS", 100)
    code, _, err = run_log(tmp_path, ADMITTING, capsys)
    assert code == 2 and "log.jsonl: expected at most 100 characters of authority log, got more; it was not read" in err


@pytest.mark.parametrize(
    ("flag", "value", "said"),
    [
        (
            "--at",
            "1" * 5000,
            "--at: expected epoch seconds of at most 9223372036854775807, got '1111111111111111111111111111111111111111'... (5000 characters)",
        ),
        (
            "--at",
            str(JSON_INT_MAX + 1),
            f"--at: expected epoch seconds of at most {JSON_INT_MAX}, got '{JSON_INT_MAX + 1}'",
        ),
        ("--gpu-memory-utilization", "1" * 5000, "--gpu-memory-utilization: expected a share in (0, 1], got '1111"),
        (
            "--gpu-memory-utilization",
            "0." + "1" * 5000,
            "--gpu-memory-utilization: expected a decimal with at most 4 places",
        ),
    ],
)
def test_huge_numeric_arguments_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str, said: str
) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text(ADMITTING)
    before = tree(tmp_path)
    code = main(["v41-group-a", "--authority-log", str(log), flag, value, "--out", str(tmp_path / "r.txt")])
    assert code == 2 and said in capsys.readouterr().err and tree(tmp_path) == before


def test_leading_zeros_are_read_exactly_without_converting_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text(ADMITTING)
    code = main(
        [
            "v41-group-a",
            "--authority-log",
            str(log),
            "--at",
            AT,
            "--gpu-memory-utilization",
            "0" * 5000 + ".8",
            "--out",
            str(tmp_path / "r.txt"),
        ]
    )
    assert code == 0 and "at 8000 bp (0.8)" in (tmp_path / "r.txt").read_text()
