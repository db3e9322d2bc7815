"""The fault run's cases for the bundled suite's two commands: a FIFO with no writer, an empty log, a kept report
mode, and launchers installed under a path with spaces."""

from __future__ import annotations

import ast
import json
import os
import shlex
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from domain.edges import launch_dry_run, streams

ROOT = Path(__file__).resolve().parents[2]
AT = "2026-01-01T01:00:00Z"


def command(name: str, *args: str | Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run a bundled command as its launcher does: this checkout's module, a fresh process."""
    return subprocess.run(
        [sys.executable, "-m", f"domain.edges.{name}", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def test_a_fifo_no_writer_opens_is_refused_after_the_wait_by_both_commands(tmp_path: Path) -> None:
    fifo = tmp_path / "input.fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", f"domain.edges.{name}", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for name, args in (
            ("launch_dry_run", ["glm-group-b", "--authority-log", str(fifo), "--out", str(tmp_path / "r.txt")]),
            ("native_verdict", [str(fifo)]),
        )
    ]
    ended = [run.communicate(timeout=streams.INPUT_WAIT_SECONDS * 4) for run in runs]
    waited = time.monotonic() - started
    said = f"expected a writer to open this FIFO within {streams.INPUT_WAIT_SECONDS} s, none did"
    assert [run.returncode for run in runs] == [2, 2], ended
    assert all(said in err for _, err in ended), ended
    assert streams.INPUT_WAIT_SECONDS <= waited < streams.INPUT_WAIT_SECONDS * 3
    assert not (tmp_path / "r.txt").exists()


def unnamed(report: str, log: str) -> str:
    """Return a report with the log's name taken out where the report names the log (its text or its JSON)."""
    return report.replace(f"authority log: {log},", "authority log: LOG,").replace(json.dumps(log), '"LOG"')


@pytest.mark.parametrize("arm", ["glm-group-b", "v41-group-a"])
@pytest.mark.parametrize("form", ["text", "json"])
def test_an_empty_log_has_one_meaning_however_it_comes(tmp_path: Path, arm: str, form: str) -> None:
    """An empty log records nothing: the dry run is REFUSED (exit 1, report written) for the same reasons, whether the
    log is an empty file, blank lines, /dev/null or a pipe closed without a write."""
    (tmp_path / "empty.jsonl").write_text("")
    (tmp_path / "blank.jsonl").write_text("\n  \n\n")
    logs = {"empty file": tmp_path / "empty.jsonl", "blank lines": tmp_path / "blank.jsonl", "/dev/null": "/dev/null"}
    extra = ["--json"] if form == "json" else []
    seen = {}
    for name, log in logs.items():
        out = tmp_path / f"{name.replace('/', '_')}.report"
        done = command("launch_dry_run", arm, "--authority-log", log, "--at", AT, "--out", out, *extra)
        seen[name] = (done.returncode, unnamed(out.read_text(), str(log)) if out.exists() else None)
    read, write = os.pipe()
    os.close(write)  # a writer came and went: `--authority-log <(true)`
    try:
        out = tmp_path / "pipe.report"
        done = subprocess.run(
            [sys.executable, "-m", "domain.edges.launch_dry_run", arm, "--authority-log", f"/dev/fd/{read}"]
            + ["--at", AT, "--out", str(out), *extra],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=ROOT,
            pass_fds=(read,),
        )
    finally:
        os.close(read)
    seen["a closed pipe"] = (done.returncode, unnamed(out.read_text(), f"/dev/fd/{read}"))
    codes = {name: code for name, (code, _) in seen.items()}
    assert codes == dict.fromkeys(seen, 1)
    reports = {text for _, text in seen.values()}
    assert len(reports) == 1, seen
    assert "REFUSED" in reports.pop()


@pytest.mark.parametrize("mode", [0o444, 0o600, 0o640], ids=oct)
def test_a_report_that_replaces_one_keeps_its_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: int
) -> None:
    log = ROOT / "examples" / "authority" / "v41-admitting.jsonl"
    report = tmp_path / "report.txt"
    report.write_text("an older report\n")
    report.chmod(mode)
    previous = os.umask(0o022)
    try:
        code = launch_dry_run.main(["v41-group-a", "--authority-log", str(log), "--at", AT, "--out", str(report)])
    finally:
        os.umask(previous)
    capsys.readouterr()
    assert code == 0
    assert oct(stat.S_IMODE(report.stat().st_mode)) == oct(mode)
    assert "an older report" not in report.read_text()


def _launcher_text() -> str:
    """Return setup.py's launcher template, read without running setup()."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "LAUNCHER" for t in node.targets):
            return str(ast.literal_eval(node.value))
    raise AssertionError("setup.py defines no LAUNCHER")


@pytest.mark.parametrize("command_name", ["launch_dry_run", "native_verdict"])
def test_a_launcher_under_a_path_with_spaces_starts(tmp_path: Path, command_name: str) -> None:
    """Install a launcher as pip does (a `#!python` first line becomes `#!` + the interpreter) in an environment
    folder whose path holds spaces, beside a `python`; it must start the command."""
    bin_dir = tmp_path / "an env with spaces" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)
    text = _launcher_text().format(
        name=command_name,
        root=str(ROOT),
        root_text=str(ROOT),
        built=shlex.quote(str(tmp_path / "gone" / "python")),  # the build's Python may be gone by now
        module=f"domain.edges.{command_name}",
        function="main",
    )
    if text.startswith("#!python\n"):  # what pip does to a script's `#!python` line
        text = f"#!{bin_dir / 'python'}\n" + text.split("\n", 1)[1]
    launcher = bin_dir / command_name
    launcher.write_text(text, encoding="utf-8")
    launcher.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    for how, argv in (("by its path", [str(launcher), "--help"]), ("on PATH", [command_name, "--help"])):
        env["PATH"] = f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}" if how == "on PATH" else env.get("PATH", "")
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
        assert done.returncode == 0, (how, done.stderr)
        assert done.stdout.startswith(f"usage: {command_name}"), (how, done.stdout)
