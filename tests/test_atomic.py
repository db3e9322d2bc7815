"""Test `claims.atomic.write_atomically`: whole files, the umask's mode, nothing left behind on failure."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from claims import atomic
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

    monkeypatch.setattr(atomic.os, "replace", no_rename)
    with pytest.raises(OSError, match="No space left"):
        write_atomically(path, b"new")
    assert path.read_bytes() == b"old" and os.listdir(tmp_path) == ["LEDGER.md"]


def test_a_planted_temp_name_is_never_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Someone guessed the next temp name and planted a symlink there: O_EXCL refuses it and another name is drawn.
    names = iter(["guessed", "fresh"])
    monkeypatch.setattr(atomic.secrets, "token_hex", lambda _: next(names))
    (tmp_path / ".x.json.guessed.tmp").symlink_to(tmp_path / "victim")
    write_atomically(tmp_path / "x.json", b"data")
    assert (tmp_path / "x.json").read_bytes() == b"data" and not (tmp_path / "victim").exists()
