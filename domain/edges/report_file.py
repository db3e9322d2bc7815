"""Write the dry-run report: to a regular file or a new path only, never over an input, atomically.

`--out` may name a new path or an existing regular file.  Anything else
that exists there (a directory, a symbolic link, a FIFO, a device, a
socket), a path under something that is not a directory, and the authority
log itself (the same file, however spelled) are refused before anything is
written, and left exactly as they were.

The report goes to a temp file created exclusively beside `--out` with
mode 0666, which the kernel narrows by the umask (and any default ACL) as
it would for `open(path, "w")`: `tempfile.mkstemp` would make every report
0600.  It is flushed, fsynced and renamed into place.  A failed write
removes the temp file and every directory it created: nothing is left
behind.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISREG, "a regular file"),
)

_TEMP_PREFIX = ".launch-dry-run."


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "a special file")


def _first_non_directory(path: str) -> tuple[str, str] | None:
    """Return the first ancestor of `path` that exists and is not a directory, with its kind."""
    for parent in reversed(Path(os.path.abspath(path)).parents):
        try:
            mode = os.stat(parent).st_mode  # a symlink to a directory is a directory here
        except OSError:
            return None
        if not stat.S_ISDIR(mode):
            return str(parent), _kind(mode)
    return None


def _same_file(out: str, out_stat: os.stat_result, path: str) -> bool:
    if os.path.realpath(out) == os.path.realpath(path):
        return True
    try:
        other = os.stat(path)
    except OSError:
        return False
    return (other.st_dev, other.st_ino) == (out_stat.st_dev, out_stat.st_ino)


def out_refusals(out: str, inputs: Mapping[str, str]) -> list[str]:
    """Say why `out` may not be written: not a file path, not a regular file, under a file, or one of `inputs` (name -> path)."""
    where = f"--out {out}"
    if not out:
        return ["--out: expected a file path, got an empty string"]
    if os.path.basename(out) in ("", ".", ".."):
        return [f"{where}: expected a file path, got a directory path"]
    try:
        found = os.lstat(out)
    except (FileNotFoundError, NotADirectoryError):
        blocked = _first_non_directory(out)
        if blocked is None:
            return []  # a new path; its missing directories are made when the report is written
        parent, kind = blocked
        return [f"{where}: expected a path under directories, got a path under {parent}, which is {kind}"]
    except OSError as exc:
        return [f"{where}: expected a path this process can inspect, got {type(exc).__name__}: {exc.strerror or exc}"]
    if not stat.S_ISREG(found.st_mode):
        kind = _kind(found.st_mode)
        if stat.S_ISLNK(found.st_mode):
            kind += f" to {os.readlink(out)!r}"
        return [f"{where}: expected a regular file or a new path, got {kind}; it is left as it was"]
    for name, path in inputs.items():
        if _same_file(out, found, path):
            return [f"{where}: expected a path other than the {name}, got the same file as the {name} ({path}); it is left as it was"]
    return []


def _exclusive_temp(directory: str) -> tuple[int, str]:
    # O_EXCL never opens what exists (nor follows a planted symlink); 0o666 lets the umask decide the mode.
    for _ in range(100):
        temp = os.path.join(directory, f"{_TEMP_PREFIX}{secrets.token_hex(8)}.tmp")
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666), temp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary name", directory)


def _missing_directories(directory: str) -> list[str]:
    missing: list[str] = []
    while not os.path.lexists(directory):
        missing.append(directory)
        directory = os.path.dirname(directory)
    return missing[::-1]


def _write(target: str, data: bytes, made: list[tuple[str, str]], stage: list[str]) -> None:
    for directory in _missing_directories(os.path.dirname(target)):
        stage[0] = f"creating directory {directory}"
        os.mkdir(directory)
        made.append(("directory", directory))
    stage[0] = f"writing in {os.path.dirname(target)}"
    fd, temp = _exclusive_temp(os.path.dirname(target))
    made.append(("file", temp))
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    stage[0] = "renaming the report into place"
    os.replace(temp, target)


def _remove(made: list[tuple[str, str]]) -> None:
    for kind, path in reversed(made):
        try:
            if kind == "directory":
                os.rmdir(path)
            else:
                os.unlink(path)
        except OSError:
            pass  # already gone, or no longer empty: someone else's now


def write_report(out: str, text: str) -> list[str]:
    """Write `text` to `out` atomically; on failure return why and leave nothing behind."""
    made: list[tuple[str, str]] = []
    stage = ["starting"]
    try:
        # backslashreplace: a path from argv may hold undecodable bytes (surrogate escapes).
        _write(os.path.abspath(out), text.encode("utf-8", "backslashreplace"), made, stage)
    except OSError as exc:
        _remove(made)
        return [f"--out {out}: expected a path this process can create and write, got {type(exc).__name__} while {stage[0]}: {exc.strerror or exc}"]
    except BaseException:
        _remove(made)
        raise
    return []
