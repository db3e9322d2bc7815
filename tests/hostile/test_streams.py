"""Print through `domain.edges.streams` whatever the terminal: escaped, whole, and never a traceback."""

from __future__ import annotations

import errno
import io
from pathlib import Path

import pytest

from domain.edges import launch_dry_run, native_verdict
from domain.edges.streams import EXIT_BROKEN_PIPE, emit, printable

ROOT = Path(__file__).resolve().parents[2]
PACKET = str(ROOT / "examples" / "native" / "complete-native.json")
DRY_RUN = [
    "v41-group-a",
    "--authority-log",
    str(ROOT / "examples" / "authority" / "v41-admitting.jsonl"),
    "--at",
    "1767229200",
]


class Failing(io.TextIOBase):
    """Stand in for a stream whose every write fails with one OS error."""

    def __init__(self, error: OSError) -> None:
        self.error = error

    def write(self, text: str) -> int:
        raise self.error


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("plain text, é and ≤", "plain text, é and ≤"),
        ("bell\x07 escape\x1b[2J", "bell\\x07 escape\\x1b[2J"),
        ("two\nlines\r", "two\\nlines\\r"),
        ("lone \ud800 surrogate", "lone \\ud800 surrogate"),
        ("bidi \u202e override", "bidi \\u202e override"),
    ],
)
def test_printable_escapes_what_a_terminal_must_not_receive_raw(line: str, shown: str) -> None:
    assert printable(line) == shown and printable(line).isprintable()


def test_an_ascii_stream_gets_backslash_escapes(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="strict", write_through=True)
    monkeypatch.setattr("sys.stdout", stream)
    assert emit(["≤ 484 GiB, é"])
    assert stream.buffer.getvalue() == b"\\u2264 484 GiB, \\xe9\n"  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", ["launch_dry_run", "native_verdict"])
def test_a_closed_stdout_descriptor_prints_nothing_and_keeps_the_code(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdout", None)  # what Python sets when started with `>&-`
    if command == "launch_dry_run":
        assert launch_dry_run.main([*DRY_RUN, "--out", str(tmp_path / "r.txt")]) == 0
    else:
        assert native_verdict.main([PACKET]) == 0


def test_a_broken_pipe_returns_the_sigpipe_status(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdout", Failing(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    assert native_verdict.main([PACKET]) == EXIT_BROKEN_PIPE == 141
    assert launch_dry_run.main([*DRY_RUN, "--out", str(tmp_path / "r.txt")]) == 141


def test_a_full_device_on_stdout_is_said_on_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdout", Failing(OSError(errno.ENOSPC, "No space left on device")))
    assert native_verdict.main([PACKET]) == 0  # the exit code still carries the verdict
    assert capsys.readouterr().err == "stdout: expected a writable stream, got OSError: No space left on device\n"


def test_a_failing_stderr_still_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stderr", Failing(OSError(errno.EBADF, "Bad file descriptor")))
    assert native_verdict.main([str(tmp_path / "absent.json")]) == 2
