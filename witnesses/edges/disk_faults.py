"""Watch and fail the file system under a rule: the calls it syncs and renames, short writes, refused links, a full or failing disk (no claims here).

Each is a context manager that patches `os` for the block alone; a claim reads what was recorded, or what the
rule did when a call failed.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator
from typing import Any


def open_descriptors() -> int:
    """Count the descriptors this process holds open (the entries of /proc/self/fd; Linux, as the suite is)."""
    return len(os.listdir("/proc/self/fd"))


@contextlib.contextmanager
def disk_calls() -> Iterator[list[tuple[str, int, int | str]]]:
    """Record, in order, what a rule syncs to disk and renames into place while it runs, still doing each call.

    An fsync is recorded as `("fsync file", inode, size)` (the size as the disk sees it then, so bytes still in a
    write buffer do not count) or `("fsync directory", inode, 0)`; a link or replace as `("link"/"replace", the
    source's inode, the target's name)`.  A crash is seen only through these calls: a claim reads their order.
    """
    calls: list[tuple[str, int, int | str]] = []
    originals = os.fsync, os.link, os.replace

    def fsync(fd: int) -> None:
        found = os.fstat(fd)
        kind = "fsync directory" if stat.S_ISDIR(found.st_mode) else "fsync file"
        calls.append((kind, found.st_ino, 0 if stat.S_ISDIR(found.st_mode) else found.st_size))
        originals[0](fd)

    def renamer(name: str, call: Callable[..., None]) -> Callable[..., None]:
        def renaming(source: Any, target: Any, *args: Any, **kwargs: Any) -> None:
            inode = os.lstat(source).st_ino if os.path.lexists(source) else -1
            calls.append((name, inode, os.path.basename(target)))
            call(source, target, *args, **kwargs)

        return renaming

    os.fsync, os.link, os.replace = fsync, renamer("link", originals[1]), renamer("replace", originals[2])
    try:
        yield calls
    finally:
        os.fsync, os.link, os.replace = originals


@contextlib.contextmanager
def short_writes(at_most: int) -> Iterator[list[int]]:
    """Let each write to a regular file take at most `at_most` bytes, as a write a signal interrupts (or one past 2 GiB) does; record each write's size.

    A short write is a success: `os.write` returns how many bytes it took, and the caller writes the rest.
    """
    sizes: list[int] = []
    original = os.write

    def write(fd: int, data: Any) -> int:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return original(fd, data)
        taken = original(fd, memoryview(data)[:at_most])
        sizes.append(taken)
        return taken

    os.write = write
    try:
        yield sizes
    finally:
        os.write = original


@contextlib.contextmanager
def linked_temps() -> Iterator[list[str]]:
    """Record the name (the basename) of each file a rule links into place while it runs, still linking it."""
    names: list[str] = []
    original = os.link

    def link(source: Any, target: Any, *args: Any, **kwargs: Any) -> None:
        names.append(os.path.basename(source))
        original(source, target, *args, **kwargs)

    os.link = link
    try:
        yield names
    finally:
        os.link = original


@contextlib.contextmanager
def refused_links(code: int) -> Iterator[None]:
    """Make each link a rule makes fail with the system error `code`, as a file system without hard links (EPERM), a full disk (ENOSPC) or a link count at its limit (EMLINK) does."""
    original = os.link

    def link(source: Any, target: Any, *args: Any, **kwargs: Any) -> None:
        raise OSError(code, os.strerror(code), os.fspath(source), None, os.fspath(target))

    os.link = link
    try:
        yield
    finally:
        os.link = original


@contextlib.contextmanager
def failing_disk(call: str, code: int) -> Iterator[None]:
    """Make each `os.write` to a regular file, or each `os.fsync` of one (`call` names which), fail with the system error `code`, as a full disk (ENOSPC) or a failing device (EIO) does."""
    original = getattr(os, call)

    def failing(fd: int, *args: Any) -> Any:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(code, os.strerror(code))
        return original(fd, *args)

    setattr(os, call, failing)
    try:
        yield
    finally:
        setattr(os, call, original)
