"""Build what the edge witnesses share: input files' texts, streams that record or fail, and a folder's listing (no claims here).

Every claim that touches files works inside the `tmp_path` the framework
gives it and passes every path explicitly (`--out`, `default_dir`), so even
a mutant that changes a default cannot write outside that folder.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import locale
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from domain.core.outcome import Refused
from domain.native.checks import Arm, NativeCheck
from domain.spark.authority_log import EVENT_TYPES, AuthorityEvent
from witnesses.native.fixtures import complete, packet_document, without
from witnesses.spark.fixtures import ACTIVE, HELD_A, IMAGE, LEASE_EXPIRES_AT, READING, SUSPENSION

AT = "2026-01-01T01:00:00Z"
"""The witnesses' read time (`READ_AT`, 1767229200) as an operator types it."""

TAGS = {kind: tag for tag, kind in EVENT_TYPES.items()}


def log_text(*events: AuthorityEvent) -> str:
    """Render events as authority-log JSON Lines, each tagged with its `event` type."""
    return "".join(json.dumps({"event": TAGS[type(e)], **attrs.asdict(e)}) + "\n" for e in events)


ADMITTING_LOG = log_text(ACTIVE, *HELD_A, IMAGE, READING, SUSPENSION)
"""Group A suspended for this V4.1 candidate under a live lease, its image admitted and read, srv5-srv8 held."""

EXPIRED_LOG = log_text(
    ACTIVE, *HELD_A, IMAGE, READING, attrs.evolve(SUSPENSION, lease_expires_at=LEASE_EXPIRES_AT - 5400)
)
"""The same world, its lease expired at 1767227400, 1800 s before it is read."""

DUPLICATE_KEY_LOG = '{"event": "host_held", "at": 1, "at": 2, "host": "srv5", "subject": "s"}\n'

COMPLETE_PACKET = json.dumps(packet_document(complete()))
MISSING_SUBCASE_PACKET = json.dumps(
    packet_document(without(complete(), NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE, "tail_36q_plus_129", Arm.ON))
)
MALFORMED_PACKET = COMPLETE_PACKET.replace('"q": 4092', '"q": "4092"', 1)


def written(folder: Path, name: str, text: str) -> Path:
    """Write `text` as `folder/name` and return its path."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def listing(folder: Path) -> dict[str, tuple[str, bytes | str | None]]:
    """Return every path under `folder` (links not followed) with its kind and content (a file's bytes, a link's target)."""
    found: dict[str, tuple[str, bytes | str | None]] = {}
    for directory, subdirectories, files in os.walk(folder):
        for name in sorted([*subdirectories, *files]):
            path = Path(directory) / name
            mode = os.lstat(path).st_mode
            content: bytes | str | None = (
                path.read_bytes() if stat.S_ISREG(mode) else os.readlink(path) if stat.S_ISLNK(mode) else None
            )
            found[str(path.relative_to(folder))] = (
                "file" if stat.S_ISREG(mode) else "link" if stat.S_ISLNK(mode) else "other",
                content,
            )
    return found


def in_folder(outcome: Any, folder: Path) -> Any:
    """Return a refusal with the temporary folder spelled `TMP` in each reason, so a claim can expect where it is located."""
    if not isinstance(outcome, Refused):
        return outcome
    spell = lambda text: text.replace(str(folder), "TMP")
    return Refused(tuple(type(r)(spell(r.where), spell(r.why)) for r in outcome.reasons))


class Recording(io.StringIO):
    """Stand in for a terminal stream, recording each write (and having no file descriptor, so nothing is redirected)."""

    def __init__(self, log: list[tuple[str, str]] | None = None, name: str = "stream") -> None:
        super().__init__()
        self.log = log if log is not None else []
        self.name = name

    def write(self, text: str) -> int:
        self.log.append((self.name, text))
        return super().write(text)


class ClosedPipe(io.StringIO):
    """Stand in for stdout whose reader went away: every write and flush raises BrokenPipeError."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


@contextlib.contextmanager
def terminal(
    stdout: io.StringIO | None = None, stderr: io.StringIO | None = None
) -> Iterator[tuple[io.StringIO, io.StringIO]]:
    """Point stdout and stderr at recording streams (or the given ones) while a command runs."""
    out = Recording(name="stdout") if stdout is None else stdout
    err = Recording(name="stderr") if stderr is None else stderr
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        yield out, err


def shown(title: str, code: int, out: Sequence[str], err: Sequence[str]) -> str:
    """Render one run for a snapshot: a title line with the exit code, then each stdout and stderr line, labelled."""
    return (
        f"===== {title}: exit {code} =====\n"
        + "".join(f"stdout: {line}\n" for line in out)
        + "".join(f"stderr: {line}\n" for line in err)
    )


def ran(main: Callable[..., int], *argv: str, **options: Any) -> tuple[int, str, str]:
    """Run a command's `main` with recording streams; return its exit code, stdout and stderr."""
    with terminal() as (out, err):
        try:
            code = main(list(argv), **options)
        except SystemExit as exc:  # argparse's usage error: the exit code it chose
            code = exc.code if isinstance(exc.code, int) else -1
    return code, out.getvalue(), err.getvalue()


class Encoded(Recording):
    """Stand in for a terminal stream of a given encoding (an ASCII or Latin-1 terminal), recording each write."""

    def __init__(self, encoding: str, log: list[tuple[str, str]] | None = None, name: str = "stream") -> None:
        super().__init__(log, name)
        self._encoding = encoding

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding


class Bare:
    """Stand in for a stream that has only write and flush (no `encoding`, no descriptor)."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass


class FullDevice(io.StringIO):
    """Stand in for a failed device (`> /dev/full`): every write and flush raises ENOSPC, each attempted write recorded.

    Given a descriptor, it reports it as its own, so a claim can see what the command pointed it at.
    """

    def __init__(self, fd: int | None = None) -> None:
        super().__init__()
        self.fd = fd
        self.attempts: list[str] = []

    def fileno(self) -> int:
        if self.fd is None:
            raise io.UnsupportedOperation("no descriptor")
        return self.fd

    def write(self, text: str) -> int:
        self.attempts.append(text)
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")


class ClosedPipeAt(ClosedPipe):
    """A ClosedPipe that reports a real descriptor as its own."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd

    def fileno(self) -> int:
        return self.fd


class Undescribed:
    """Stand in for a failed stream whose descriptor cannot be had: `fileno` raises `error`, or there is none (None).

    Every write and flush raises `failure` (a closed reader's BrokenPipeError or a full device's ENOSPC).  A plain
    object, not an io stream: it has no finalizer, so nothing of it runs later, inside another claim.
    """

    encoding = "utf-8"

    def __init__(self, failure: OSError, error: BaseException | None) -> None:
        self.failure, self.error = failure, error

    def __getattr__(self, name: str) -> Any:
        # Only reached for what the class does not define: `fileno` exists when it has an error to raise.
        if name == "fileno" and self.error is not None:
            return self._fileno
        raise AttributeError(name)

    def _fileno(self) -> int:
        assert self.error is not None
        raise self.error

    def write(self, text: str) -> int:
        raise self.failure

    def flush(self) -> None:
        raise self.failure


@contextlib.contextmanager
def pipe() -> Iterator[tuple[int, int]]:
    """Open a pipe for a claim (read end, write end) and close both ends afterwards, whatever the claim did to them."""
    read_end, write_end = os.pipe()
    try:
        yield read_end, write_end
    finally:
        for fd in (read_end, write_end):
            with contextlib.suppress(OSError):
                os.close(fd)


def is_null_device(fd: int) -> bool:
    """Say whether descriptor `fd` now refers to /dev/null."""
    found, null = os.fstat(fd), os.stat(os.devnull)
    return stat.S_ISCHR(found.st_mode) and found.st_rdev == null.st_rdev


@contextlib.contextmanager
def umask(mask: int) -> Iterator[None]:
    """Run with the process umask set to `mask`, restoring the previous one afterwards."""
    previous = os.umask(mask)
    try:
        yield
    finally:
        os.umask(previous)


class TempNames:
    """Stand in for a temp-name source: give `names` in order, recording each one given."""

    def __init__(self, *names: str) -> None:
        self.left = list(names)
        self.given: list[str] = []

    def __call__(self) -> str:
        self.given.append(self.left.pop(0))
        return self.given[-1]


class Interrupted(Exception):
    """Stand in for an interruption that is not an OSError (Ctrl-C, MemoryError), raised where a claim chooses."""


@contextlib.contextmanager
def ctype_locale(name: str) -> Iterator[None]:
    """Run with the process's LC_CTYPE locale set to `name` (the "C" locale's encoding is ASCII), restoring the previous one afterwards."""
    previous = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, name)
    try:
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, previous)


def file_mode(path: Path | str) -> int:
    """Return a file's permission bits (`0o644`)."""
    return stat.S_IMODE(os.lstat(path).st_mode)


def helped(main: Callable[..., int], **options: Any) -> tuple[int, str, str]:
    """Run a command's `--help` 100 columns wide (argparse wraps to $COLUMNS); return its exit code, stdout and stderr."""
    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"
    try:
        return ran(main, "--help", **options)
    finally:
        if previous is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = previous


def deep_folder(folder: Path, length: int = 4070) -> Path:
    """Make and return a directory under `folder` whose absolute path is `length` characters long.

    At 4070 a short file name beside it still fits PATH_MAX (4096), but the
    report's temp name (36 characters) does not: only the write can fail.
    """
    path = str(folder)
    while len(path) < length:
        path += "/" + "d" * min(200, length - len(path) - 1)
    os.makedirs(path)
    return Path(path)
