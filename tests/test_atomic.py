"""Test `claims.atomic.write_atomically`: whole files, the umask's mode (an existing file's kept), nothing left behind on failure."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from claims._internal import destination
from claims.atomic import write_atomically


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_written_file_gets_0666_narrowed_by_the_umask(tmp_path: Path, umask: int, mode: int) -> None:
    path = tmp_path / "ledger" / "claims.json"
    previous = os.umask(umask)
    try:
        write_atomically(path, b"{}\n")
        write_atomically(path, b"{}\n")  # a replacement gets the same mode as a fresh file
    finally:
        os.umask(previous)
    assert stat.S_IMODE(path.stat().st_mode) == mode
    assert path.read_bytes() == b"{}\n" and os.listdir(path.parent) == ["claims.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "LEDGER.md"
    path.write_bytes(b"old")

    def no_rename(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(destination.os, "replace", no_rename)
    with pytest.raises(OSError, match="No space left"):
        write_atomically(path, b"new")
    assert path.read_bytes() == b"old" and os.listdir(tmp_path) == ["LEDGER.md"]


def test_a_planted_temp_name_is_never_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Someone guessed the next temp name and planted a symlink there: O_EXCL refuses it and another name is drawn.
    names = iter(["guessed", "fresh"])
    monkeypatch.setattr(destination.secrets, "token_hex", lambda _: next(names))
    (tmp_path / ".x.json.guessed.tmp").symlink_to(tmp_path / "victim")
    write_atomically(tmp_path / "x.json", b"data")
    assert (tmp_path / "x.json").read_bytes() == b"data" and not (tmp_path / "victim").exists()


def test_an_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "report.xml"
    path.write_bytes(b"old")
    path.chmod(0o600)
    previous = os.umask(0o022)
    try:
        write_atomically(path, b"new")
    finally:
        os.umask(previous)
    assert path.read_bytes() == b"new" and stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_failed_write_removes_the_folders_it_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_rename(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(destination.os, "replace", no_rename)
    with pytest.raises(OSError, match="No space left"):
        write_atomically(tmp_path / "new" / "deeper" / "claims.json", b"{}")
    assert os.listdir(tmp_path) == []
