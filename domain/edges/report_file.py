"""Write the dry-run report: to a regular file or a new path only, never over an input, atomically.

`checked_out_path` inspects `--out` without following a link or writing
anything, and `domain.edges.out_path.out_path_admitted` decides from what it
saw (a directory, a symbolic link, a FIFO, a device, a socket, a path under
a file, the authority log however spelled: each refused, left as it was).

`write_report` writes to a temp file created exclusively beside `--out`
with mode 0666, which the kernel narrows by the umask (and any default ACL)
as it would for `open(path, "w")`: `tempfile.mkstemp` would make every
report 0600.  A report that replaces one keeps that file's mode (a 0444 or
0600 report stays 0444 or 0600).  It is flushed, fsynced and renamed into place, so a reader
sees the old report or the new one, never half of one.  A temp name that is
taken (by a file or a planted symlink) is never opened: a fresh one is
tried, up to 100.  A failed write removes the temp file and every directory
it created: nothing is left.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path

from attrs import frozen

from domain.core.outcome import Admitted, Reason, Refused
from domain.edges.out_path import Entry, OutPathSeen, out_path_admitted

_KINDS = (
    (stat.S_ISDIR, Entry.DIRECTORY),
    (stat.S_ISLNK, Entry.SYMBOLIC_LINK),
    (stat.S_ISFIFO, Entry.FIFO),
    (stat.S_ISCHR, Entry.CHARACTER_DEVICE),
    (stat.S_ISBLK, Entry.BLOCK_DEVICE),
    (stat.S_ISSOCK, Entry.SOCKET),
    (stat.S_ISREG, Entry.REGULAR_FILE),
)

_TEMP_PREFIX = ".launch-dry-run."


@frozen
class ReportUnwritten(Reason):
    """Say the report could not be written; nothing it made is left behind."""


def _entry(mode: int) -> Entry:
    return next((entry for test, entry in _KINDS if test(mode)), Entry.SPECIAL)


def _first_non_directory(path: str) -> tuple[str, Entry] | None:
    """Return the first ancestor of `path` that exists and is not a directory, with its kind."""
    for parent in reversed(Path(os.path.abspath(path)).parents):
        try:
            mode = os.stat(parent).st_mode  # a symlink to a directory is a directory here
        except OSError:
            return None
        if not stat.S_ISDIR(mode):
            return str(parent), _entry(mode)
    return None


def _same_file(out: str, out_stat: os.stat_result, path: str) -> bool:
    if os.path.realpath(out) == os.path.realpath(path):
        return True
    try:
        other = os.stat(path)
    except OSError:
        return False
    return (other.st_dev, other.st_ino) == (out_stat.st_dev, out_stat.st_ino)


def _seen(out: str, inputs: Mapping[str, str]) -> OutPathSeen:
    try:
        found = os.lstat(out)
    except (FileNotFoundError, NotADirectoryError):
        blocked = _first_non_directory(out)
        return OutPathSeen() if blocked is None else OutPathSeen(under=blocked[0], under_entry=blocked[1])
    except (OSError, ValueError) as exc:  # ValueError: an embedded NUL byte
        return OutPathSeen(uninspectable=f"{type(exc).__name__}: {getattr(exc, 'strerror', None) or exc}")
    entry = _entry(found.st_mode)
    if entry is Entry.SYMBOLIC_LINK:
        return OutPathSeen(entry=entry, link_target=os.readlink(out))
    same = next(((name, path) for name, path in inputs.items() if _same_file(out, found, path)), None)
    return OutPathSeen(
        entry=entry, same_as=None if same is None else same[0], same_path=None if same is None else same[1]
    )


def checked_out_path(out: str, inputs: Mapping[str, str]) -> Admitted[str] | Refused:
    """Inspect `--out` (never following a link, never writing) and admit it only as a new path or a regular file none of `inputs` (name -> path) is."""
    return out_path_admitted(out, _seen(out, inputs))


def _fresh_temp_name() -> str:
    return f"{_TEMP_PREFIX}{secrets.token_hex(8)}.tmp"


def _exclusive_temp(directory: str, temp_name: Callable[[], str]) -> tuple[int, str]:
    # O_EXCL never opens what exists (nor follows a planted symlink); 0o666 lets the umask decide the mode.
    for _ in range(100):
        temp = os.path.join(directory, temp_name())
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666), temp
        except FileExistsError:
            continue
    # EEXIST makes it a FileExistsError; the refusal's stage already names the directory.
    raise OSError(errno.EEXIST, "no unused temporary name")


def missing_directories(directory: str) -> list[str]:
    """Return the directories a report's folder still needs, outermost first; any entry present, even a dangling link, ends the search."""
    missing: list[str] = []
    while not os.path.lexists(directory):
        missing.append(directory)
        directory = os.path.dirname(directory)
    return missing[::-1]


def _undo(made: list[Callable[[], None]]) -> None:
    # Each entry removes one thing this write made (os.rmdir of a directory, os.unlink of the temp file), newest first.
    for remove in reversed(made):
        try:
            remove()
        except OSError:
            pass  # already gone, or no longer empty: someone else's now


def _kept_mode(target: str) -> int | None:
    """Return the permission bits of the regular file a report replaces, or None for a new path."""
    try:
        found = os.lstat(target)
    except OSError:  # no such file, or a name the file system refuses: the rename says which
        return None
    return stat.S_IMODE(found.st_mode) if stat.S_ISREG(found.st_mode) else None


def write_report(out: str, text: str, *, temp_name: Callable[[], str] = _fresh_temp_name) -> Admitted[str] | Refused:
    """Write `text` to `out` atomically (an exclusive temp file beside it, fsynced, renamed over it); on failure refuse and leave nothing behind.

    `temp_name` gives each temp file name to try (by default a fresh random one).
    """
    target = os.path.abspath(out)
    made: list[Callable[[], None]] = []
    stage = "starting"
    try:
        for directory in missing_directories(os.path.dirname(target)):
            stage = f"creating directory {directory}"
            os.mkdir(directory)
            made.append(partial(os.rmdir, directory))
        stage = f"writing in {os.path.dirname(target)}"
        fd, temp = _exclusive_temp(os.path.dirname(target), temp_name)
        made.append(partial(os.unlink, temp))
        kept = _kept_mode(target)
        if kept is not None:
            os.fchmod(fd, kept)
        with os.fdopen(fd, "wb") as handle:
            # backslashreplace: a path from argv may hold undecodable bytes (surrogate escapes).
            handle.write(text.encode("utf-8", "backslashreplace"))
            handle.flush()
            os.fsync(handle.fileno())
        stage = "renaming the report into place"
        os.replace(temp, target)
    except OSError as exc:
        _undo(made)
        why = f"expected a path this process can create and write, got {type(exc).__name__} while {stage}: {exc.strerror or exc}"
        return Refused((ReportUnwritten(f"--out {out}", why),))
    except BaseException:
        _undo(made)
        raise
    return Admitted(out)
