"""Name what a path is when it is not a regular file, and refuse a framework folder that is something else.

Below `config` and `destination`, which both use it: the config checks the cache folder as it loads, and the
destination check names what a report path would replace.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from claims.errors import PathRefused

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def kind_of(mode: int) -> str | None:
    """Name what a file mode is, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "a special file")


def check_folder(path: Path, what: str) -> None:
    """Refuse a folder the framework keeps (its cache) when something other than a folder, or a link to one, holds its name."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return  # made on first use
    if stat.S_ISDIR(mode) or (stat.S_ISLNK(mode) and os.path.isdir(path)):
        return
    got = kind_of(mode) or "a regular file"
    if stat.S_ISLNK(mode):
        got = f"a symbolic link to {os.readlink(path)!r}, which is not a folder"
    raise PathRefused(
        f"{path}: expected {what} (a folder, or nothing yet), got {got}; remove it (the next run remakes it), then rerun"
    )
