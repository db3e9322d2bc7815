"""Record what a directory holds (kind, inode, bytes or link target) to prove a command left it as it was."""

from __future__ import annotations

import os
import stat
from pathlib import Path

Entry = tuple[int, int, bytes | str | None]


def entry(path: Path) -> Entry:
    """Return one path's kind, inode and content (bytes of a file, target of a link, None otherwise)."""
    found = os.lstat(path)
    if stat.S_ISREG(found.st_mode):
        content: bytes | str | None = path.read_bytes()
    elif stat.S_ISLNK(found.st_mode):
        content = os.readlink(path)
    else:
        content = None  # never open a FIFO or a device: that could block or change it
    return stat.S_IFMT(found.st_mode), found.st_ino, content


def tree(root: Path) -> dict[str, Entry]:
    """Return every path under `root` (links not followed) with its entry."""
    found: dict[str, Entry] = {}
    for directory, subdirectories, files in os.walk(root):
        for name in [*subdirectories, *files]:
            path = Path(directory) / name
            found[str(path.relative_to(root))] = entry(path)
    return found
