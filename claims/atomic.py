"""Write files atomically: a temp file in the same folder, fsync, then rename.

A reader never sees a half-written ledger, snapshot or report; an
interrupted write leaves the old file intact.  The temp file is created
exclusively with mode 0666, which the kernel narrows by the umask (and any
default ACL) exactly as for `open(path, "w")`; `tempfile.mkstemp` would
make every ledger, snapshot and report 0600 whatever the umask.
"""

from __future__ import annotations

import errno
import os
import secrets
from pathlib import Path


def _create_temp(path: Path) -> tuple[int, Path]:
    # O_EXCL never opens an existing name (nor follows a planted symlink); retry on a collision.
    for _ in range(100):
        temp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666), temp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary name", str(path.parent))


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` in one rename, creating parent folders; the file gets mode 0666 & ~umask."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _create_temp(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
