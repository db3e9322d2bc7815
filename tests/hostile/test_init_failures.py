"""`claim_batch init` where it cannot write: exit 2, named, everything it wrote removed, so a rerun meets nothing of its own."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Any

import pytest
from conftest import run_cli

import claims.cli.init as init_command

from .files import tree


def test_a_folder_under_a_file_is_exit_2_before_anything_is_written(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("x")
    before = tree(tmp_path)
    done = run_cli(tmp_path, "init", "afile/demo", "--no-ledger")
    assert done.returncode == 2 and "Traceback" not in done.stderr and tree(tmp_path) == before
    assert (
        f"claim_batch init: afile/demo: expected a folder to create or fill, got a path under {tmp_path / 'afile'}, "
        "which is a regular file; nothing written" in done.stderr
    )


@pytest.mark.parametrize("failing", [1, 3, 8])
def test_a_write_that_fails_removes_everything_init_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], failing: int
) -> None:
    # The nth file cannot be created, as in a folder that turns read-only (or a disk that fills) midway.
    opened: list[str] = []

    def refusing_open(path: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(path))
        if len(opened) == failing:
            raise PermissionError(13, "Permission denied", str(path))
        return open(path, *args, **kwargs)

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(init_command, "open", refusing_open, raising=False)
    assert init_command.main(["new folder/demo", "--no-ledger"]) == 2
    err = capsys.readouterr().err
    assert f"claim_batch init: cannot write {opened[-1]} (PermissionError: Permission denied)" in err
    assert "everything init had written is removed" in err and os.listdir(tmp_path) == []
    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    assert init_command.main(["new folder/demo", "--no-ledger"]) == 0  # the rerun meets nothing of its own


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through folder permissions")
def test_a_read_only_folder_is_exit_2_leaving_it_empty(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        done = run_cli(tmp_path, "init", "locked", "--no-ledger")
        assert done.returncode == 2 and "Traceback" not in done.stderr and os.listdir(locked) == []
    finally:
        locked.chmod(0o755)


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux /proc, where even root cannot create folders")
def test_a_folder_nobody_can_create_is_exit_2(tmp_path: Path) -> None:
    done = run_cli(tmp_path, "init", "/proc/claims-init-demo", "--no-ledger")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "claim_batch init: cannot write /proc/claims-init-demo" in done.stderr


@pytest.mark.parametrize("folder", ["naïve café", "it's", "$HOME;x"])
def test_the_hint_is_quoted_for_the_shell(tmp_path: Path, folder: str) -> None:
    done = run_cli(tmp_path, "init", folder, "--no-ledger")
    assert done.returncode == 0, done.stderr
    assert f"next: cd {shlex.quote(folder)} && claim_batch snapshots --update" in done.stdout
