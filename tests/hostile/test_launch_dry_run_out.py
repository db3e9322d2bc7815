"""Point `launch_dry_run --out` at what it must never replace or cannot write: exit 2, named, nothing written."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from domain.edges import report_file
from domain.edges.launch_dry_run import main

from .files import entry, tree

ROOT = Path(__file__).resolve().parents[2]
ADMITTING = ROOT / "examples" / "authority" / "v41-admitting.jsonl"
AT = "2026-01-01T01:00:00Z"


@pytest.fixture
def world(tmp_path: Path) -> Path:
    """Return a folder holding a copy of the admitting log, `log.jsonl`."""
    shutil.copy(ADMITTING, tmp_path / "log.jsonl")
    return tmp_path


def dry_run(
    world: Path, out: str | Path, capsys: pytest.CaptureFixture[str], log: str | Path | None = None
) -> tuple[int, str]:
    code = main(["v41-group-a", "--authority-log", str(log or world / "log.jsonl"), "--at", AT, "--out", str(out)])
    captured = capsys.readouterr()
    if code == 2:
        assert captured.out == "" and captured.err.endswith("launch_dry_run: bad input; nothing written\n")
    return code, captured.err


def test_out_a_directory_is_refused_and_left_as_it_was(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (world / "reports").mkdir()
    (world / "reports" / "old.txt").write_text("old")
    before = tree(world)
    code, err = dry_run(world, world / "reports", capsys)
    assert (
        code == 2
        and f"--out {world / 'reports'}: expected a regular file or a new path, got a directory; it is left as it was"
        in err
    )
    assert tree(world) == before


def test_out_a_symlink_is_refused_and_its_target_untouched(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (world / "target.txt").write_text("keep me")
    (world / "report.txt").symlink_to("target.txt")
    before = tree(world)
    code, err = dry_run(world, world / "report.txt", capsys)
    assert code == 2 and "got a symbolic link to 'target.txt'; it is left as it was" in err
    assert (
        tree(world) == before
        and (world / "report.txt").is_symlink()
        and (world / "target.txt").read_text() == "keep me"
    )


def test_out_a_dangling_symlink_is_refused(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (world / "report.txt").symlink_to(world / "nowhere" / "r.txt")
    before = tree(world)
    code, err = dry_run(world, world / "report.txt", capsys)
    assert code == 2 and "got a symbolic link to" in err and tree(world) == before and not (world / "nowhere").exists()


def test_out_a_fifo_is_refused_and_stays_a_fifo(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(world / "pipe")
    before = tree(world)
    code, err = dry_run(world, world / "pipe", capsys)
    assert code == 2 and "got a FIFO (named pipe); it is left as it was" in err
    assert tree(world) == before and stat.S_ISFIFO(os.lstat(world / "pipe").st_mode)


def test_out_a_device_is_refused_and_left_alone(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = entry(Path(os.devnull)), os.lstat(os.devnull).st_rdev
    code, err = dry_run(world, os.devnull, capsys)
    assert code == 2 and f"--out {os.devnull}: expected a regular file or a new path, got a character device" in err
    assert (entry(Path(os.devnull)), os.lstat(os.devnull).st_rdev) == before
    assert not any(name.startswith(".launch-dry-run.") for name in os.listdir(os.path.dirname(os.devnull)))


@pytest.mark.parametrize("spelling", ["same", "dotted", "relative", "hard link"])
def test_out_the_authority_log_is_refused_and_the_log_untouched(
    world: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, spelling: str
) -> None:
    (world / "sub").mkdir()
    monkeypatch.chdir(world)
    out = {
        "same": world / "log.jsonl",
        "dotted": world / "sub" / ".." / "log.jsonl",
        "relative": Path("log.jsonl"),
        "hard link": world / "sub" / "alias.jsonl",
    }[spelling]
    if spelling == "hard link":
        os.link(world / "log.jsonl", out)
    before = tree(world)
    code, err = dry_run(world, out, capsys, log=world / "log.jsonl")
    assert (
        code == 2
        and f"--out {out}: expected a path other than the authority log, got the same file as the authority log ({world / 'log.jsonl'})"
        in err
    )
    assert tree(world) == before and (world / "log.jsonl").read_bytes() == ADMITTING.read_bytes()


def test_out_under_a_file_is_refused(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (world / "afile").write_text("x")
    before = tree(world)
    code, err = dry_run(world, world / "afile" / "deeper" / "report.txt", capsys)
    assert (
        code == 2
        and f"expected a path under directories, got a path under {world / 'afile'}, which is a regular file" in err
    )
    assert tree(world) == before


@pytest.mark.parametrize(
    ("out", "said"),
    [
        ("", "--out: expected a file path, got an empty string"),
        ("reports/", "--out reports/: expected a file path, got a directory path"),
    ],
)
def test_out_not_a_file_path_is_refused(
    world: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, out: str, said: str
) -> None:
    monkeypatch.chdir(world)
    before = tree(world)
    code, err = dry_run(world, out, capsys)
    assert code == 2 and said in err and tree(world) == before


def test_bad_input_leaves_an_existing_report_exactly_as_it_was(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (world / "report.txt").write_text("yesterday's report")
    (world / "bad.jsonl").write_text('{"event": "host_held", "at": 1, "at": 1, "host": "srv5", "subject": "s"}\n')
    before = tree(world)
    code, err = dry_run(world, world / "report.txt", capsys, log=world / "bad.jsonl")
    assert code == 2 and "bad.jsonl:1: $.at: expected unique keys" in err and tree(world) == before


def test_a_regular_report_is_replaced_atomically(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (world / "report.txt").write_text("yesterday's report")
    code, _ = dry_run(world, world / "report.txt", capsys)
    assert code == 0 and (world / "report.txt").read_text().startswith("# launch dry run: v41-group-a — ADMITTED")
    assert sorted(os.listdir(world)) == ["log.jsonl", "report.txt"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through directory permissions")
def test_an_unwritable_directory_exits_2_leaving_nothing(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (world / "locked").mkdir()
    (world / "locked").chmod(0o555)
    try:
        before = tree(world)
        code, err = dry_run(world, world / "locked" / "new" / "report.txt", capsys)
        assert code == 2 and "PermissionError while creating directory" in err and tree(world) == before
    finally:
        (world / "locked").chmod(0o755)


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux /proc, where even root cannot create files")
def test_a_directory_that_cannot_be_written_exits_2(world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, err = dry_run(world, "/proc/launch-dry-run-report.txt", capsys)
    assert (
        code == 2
        and "--out /proc/launch-dry-run-report.txt: expected a path this process can create and write, got" in err
    )


def _refuse(*_: object) -> None:
    raise PermissionError(13, "Permission denied")


@pytest.mark.parametrize("stage", ["temp", "fsync", "rename"])
def test_a_failed_write_removes_its_temp_file_and_the_directories_it_made(
    world: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stage: str
) -> None:
    target = {
        "temp": (report_file, "_exclusive_temp"),
        "fsync": (report_file.os, "fsync"),
        "rename": (report_file.os, "replace"),
    }[stage]
    before = tree(world)
    with monkeypatch.context() as patched:
        patched.setattr(*target, _refuse)
        code, err = dry_run(world, world / "new" / "deeper" / "report.txt", capsys)
    assert code == 2 and "PermissionError while" in err and "Permission denied" in err
    assert tree(world) == before  # no temp file, no `new/deeper` left behind


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_the_report_gets_the_umask_mode(world: Path, capsys: pytest.CaptureFixture[str], umask: int, mode: int) -> None:
    previous = os.umask(umask)
    try:
        code, _ = dry_run(world, world / "report.txt", capsys)
    finally:
        os.umask(previous)
    assert code == 0 and stat.S_IMODE(os.stat(world / "report.txt").st_mode) == mode


def test_a_closed_stdout_ends_quietly_with_the_sigpipe_status(world: Path) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the command prints (`| head -0`)
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "domain.edges.launch_dry_run",
                "v41-group-a",
                "--authority-log",
                str(world / "log.jsonl"),
                "--at",
                AT,
                "--out",
                str(world / "r.txt"),
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
    assert (world / "r.txt").exists()  # the report was written before the print failed
