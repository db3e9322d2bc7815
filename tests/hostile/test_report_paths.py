"""Point every report option at what it must never replace or cannot write: exit 2, named, nothing written.

The project is the toy (a git repository here, so "tracked" means something);
every refusal is checked against a snapshot of the whole folder, links not
followed and FIFOs or devices never opened.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from conftest import TOY, run_cli

from .files import entry, tree

FORCE = "--force-overwrite"


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    """Copy the toy project into a fresh git repository, every file committed."""
    root = tmp_path / "toy"
    shutil.copytree(TOY, root, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "NOTES.txt").write_text("tracked notes\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run([*git, "add", "-A"], cwd=root, check=True)
    subprocess.run([*git, "commit", "-qm", "toy"], cwd=root, check=True)
    return root


def refused(root: Path, *args: str) -> str:
    """Run a command that must refuse: exit 2, no traceback, the folder exactly as it was; return its stderr."""
    before = tree(root)
    done = run_cli(root, *args)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and tree(root) == before
    return done.stderr


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("toy_domain/rules.py", "got a source file of the project (a module under the package folder toy_domain/)"),
        ("toy_witnesses/new_report.py", "got a source file of the project (a module under the package folder"),
        ("pyproject.toml", "got the project's configuration (pyproject.toml)"),
        ("ledger/report.xml", "got a path in the ledger folder (ledger/)"),
        ("NOTES.txt", "got a file git tracks in the project"),
        (".claims-cache/report.xml", "got a path in the cache folder (.claims-cache/)"),
    ],
)
def test_junit_xml_at_a_project_file_is_refused(toy: Path, path: str, said: str) -> None:
    err = refused(toy, "--junit-xml", path, "toy.good")
    assert f"claim_batch: --junit-xml {path}: expected a path outside the project's" in err and said in err
    assert "pass --force-overwrite to replace it" in err


def test_junit_xml_at_a_directory_or_under_a_file_is_refused_even_forced(toy: Path) -> None:
    (toy / "reports").mkdir()
    assert "got a directory; nothing written; choose another path" in refused(toy, "--junit-xml", "reports", FORCE)
    err = refused(toy, "--junit-xml", "NOTES.txt/r.xml", FORCE)
    assert f"expected a path under folders, got a path under {toy / 'NOTES.txt'}, which is a regular file" in err


def test_junit_xml_at_a_fifo_is_refused_and_stays_a_fifo(toy: Path) -> None:
    os.mkfifo(toy / "pipe")
    err = refused(toy, "--junit-xml", "pipe", "toy.good")
    assert (
        "got a FIFO (named pipe); nothing written; choose another path, or pass --force-overwrite to write into it"
        in err
    )
    assert stat.S_ISFIFO(os.lstat(toy / "pipe").st_mode)


def test_junit_xml_at_a_symlink_is_refused_and_its_target_untouched(toy: Path) -> None:
    (toy / "report.xml").symlink_to("NOTES.txt")
    err = refused(toy, "--junit-xml", "report.xml", "toy.good")
    assert "got a symbolic link to 'NOTES.txt'" in err and (toy / "NOTES.txt").read_text() == "tracked notes\n"


def _device(tmp_path: Path) -> Path:
    # Never a real /dev node: a build without the check would replace it with a regular file.
    node = tmp_path / "null"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError):
        pytest.skip("cannot make a device node here (needs root, outside a restricted container)")
    return node


def test_junit_xml_at_a_device_is_refused_and_stays_a_device(toy: Path, tmp_path: Path) -> None:
    node = _device(tmp_path)
    before = entry(node), os.lstat(node).st_rdev
    err = refused(toy, "--junit-xml", str(node), "toy.good")
    assert "got a character device; nothing written" in err and (entry(node), os.lstat(node).st_rdev) == before


def test_forced_a_link_is_written_through_and_stays_a_link(toy: Path) -> None:
    (toy / "report.xml").symlink_to("NOTES.txt")
    done = run_cli(toy, "--junit-xml", "report.xml", FORCE, "toy.good")
    assert done.returncode == 1 and "Traceback" not in done.stderr  # 1: the toy's broken witness
    assert os.readlink(toy / "report.xml") == "NOTES.txt"
    assert (toy / "NOTES.txt").read_text().startswith("<?xml")


def test_forced_a_fifo_is_written_into_never_replaced(toy: Path) -> None:
    os.mkfifo(toy / "pipe")
    reader = subprocess.Popen(["cat", str(toy / "pipe")], stdout=subprocess.PIPE)
    done = run_cli(toy, "--junit-xml", "pipe", FORCE, "toy.good")
    received, _ = reader.communicate(timeout=60)
    assert done.returncode == 1 and received.startswith(b"<?xml") and b'name="toy.good"' in received
    assert stat.S_ISFIFO(os.lstat(toy / "pipe").st_mode)


def test_forced_a_project_file_is_replaced_keeping_its_mode(toy: Path) -> None:
    (toy / "NOTES.txt").chmod(0o640)
    done = run_cli(toy, "--junit-xml", "NOTES.txt", FORCE, "toy.good")
    assert done.returncode == 1 and (toy / "NOTES.txt").read_text().startswith("<?xml")
    assert stat.S_IMODE((toy / "NOTES.txt").stat().st_mode) == 0o640


def test_a_plain_report_path_is_still_written(toy: Path) -> None:
    done = run_cli(toy, "--junit-xml", "out/report.xml", "toy.good")
    assert done.returncode == 1 and (toy / "out" / "report.xml").read_bytes().startswith(b"<?xml")


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux /proc, where even root cannot create files")
def test_a_report_that_cannot_be_written_is_exit_2_after_the_run(toy: Path) -> None:
    done = run_cli(toy, "--junit-xml", "/proc/claims-report.xml", "toy.good")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--junit-xml /proc/claims-report.xml: expected a path this process can write, got" in done.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--report-html", "pyproject.toml"], "--report-html pyproject.toml: expected a path outside the project's"),
        (["--auto", "--report-json", "toy_domain/rules.py"], "got a source file of the project"),
        (["--auto", "--out", "ledger/s.json"], "got a path in the ledger folder"),
        (["--auto", "--report-json", "r.json", "--report-html", "r.json"], "got the path --report-json writes too"),
        (["--auto", "--merge", "NOTES.txt", "--out", "NOTES.txt"], "got a --merge input of this run"),
        (["--auto", "--report-html", "pyproject.toml/r.html"], "expected a path under folders"),
    ],
)
def test_mutate_report_paths_are_checked_before_anything_runs(toy: Path, args: list[str], said: str) -> None:
    err = refused(toy, "mutate", "-q", *args)
    assert said in err
