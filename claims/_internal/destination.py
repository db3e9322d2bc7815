"""Decide where a command may write, and write there atomically: the one module every file writer calls.

Every path the framework writes is inspected first, without following a
link and without writing anything.  A path the framework derives (a ledger
file, a snapshot, a cache entry: `write_atomically`) must be a regular file
or a new path under folders: never a folder, a symbolic link, a FIFO, a
device or a socket, and never a path under a file.  A path the user names
(`--junit-xml`, `mutate --out`, `--report-json`, `--report-html`:
`write_output`) must moreover be none of the project's own files (a `.py`
under a configured package, a file git tracks, `pyproject.toml`, anything
under the ledger or cache folder), no input of the same run and no other
output of it.  `--force-overwrite` lifts what an explicit overwrite can
mean: a project file or an input is replaced, a link is written through to
its target, and a FIFO or a character device is written into (never
replaced by a regular file).  A folder, a block device, a socket, a path
under a file and two outputs of one run on the same path are refused even
then.  A refusal is `PathRefused` (exit 2): it names the path, what it is,
and how to proceed.

The write itself goes to a temp file created exclusively beside the target
with mode 0666, which the kernel narrows by the umask (and any default ACL)
as for `open(path, "w")` (`tempfile.mkstemp` would make every file 0600);
a file that exists keeps its mode.  It is flushed, fsynced and renamed over
the target, so a reader sees the old file or the new one, never half of
one; a failed write removes its temp file and every folder it created.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Iterable, Sequence
from pathlib import Path

from attrs import frozen

from claims._internal.config import Config, project_paths
from claims._internal.special_files import kind_of
from claims.errors import PathRefused

FORCE = "--force-overwrite"

# What --force-overwrite may write into as a stream rather than replace: a reader or a device expects the bytes there.
_STREAMS = ("a FIFO (named pipe)", "a character device")


def blocking_ancestor(path: Path) -> tuple[Path, str] | None:
    """Return the first ancestor of `path` that exists and is not a folder (a link to a folder is one), with what it is."""
    for parent in reversed(Path(os.path.abspath(path)).parents):
        try:
            mode = os.stat(parent).st_mode
        except FileNotFoundError:
            if os.path.islink(parent):  # a dangling link: mkdir would meet it
                return parent, f"a symbolic link to {os.readlink(parent)!r}, which does not exist"
            return None
        except OSError:
            return None
        if not stat.S_ISDIR(mode):
            return parent, kind_of(mode) or "a regular file"
    return None


def _under(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _real(path: Path) -> Path:
    """Resolve every folder of `path` but not its last part (which may be the link being judged)."""
    return Path(os.path.realpath(path.parent if str(path.parent) else ".")) / path.name


def _same(path: Path, other: Path) -> bool:
    if _real(path) == _real(other) or Path(os.path.realpath(path)) == Path(os.path.realpath(other)):
        return True
    try:
        return os.path.samefile(path, other)  # a hard link, or the same file however spelled
    except OSError:
        return False


@frozen
class Guard:
    """Hold what a command's named outputs must not replace: the project's own files, this run's inputs, and whether the user forced it."""

    root: Path
    packages: tuple[Path, ...]
    configuration: tuple[Path, ...]
    ledger: Path
    cache: Path
    inputs: tuple[tuple[str, Path], ...] = ()
    force: bool = False

    def role(self, path: Path) -> str | None:
        """Say which of the project's files or this run's inputs `path` is, or None when it is none of them."""
        real = _real(path)
        judges = (self._input_role, self._configuration_role, self._folder_role, self._source_role, self._tracked_role)
        return next((role for judge in judges if (role := judge(path, real)) is not None), None)

    def _input_role(self, path: Path, real: Path) -> str | None:
        """Decide which of this run's inputs `path` is, if any."""
        return next((what for what, given in self.inputs if _same(path, given)), None)

    def _configuration_role(self, path: Path, real: Path) -> str | None:
        """Decide whether `path` is the project's configuration file."""
        config = next((config for config in self.configuration if _same(path, config)), None)
        return None if config is None else f"the project's configuration ({config.name})"

    def _folder_role(self, path: Path, real: Path) -> str | None:
        """Decide whether `path` lies in the ledger folder or the cache folder."""
        if _under(real, self.ledger):
            return f"a path in the ledger folder ({self.ledger.name}/), which only the ledger commands write"
        if _under(real, self.cache):
            return f"a path in the cache folder ({self.cache.name}/), which the runs read"
        return None

    def _source_role(self, path: Path, real: Path) -> str | None:
        """Decide whether `path` is a module under one of the project's package folders."""
        package = next((p for p in self.packages if _under(real, p)), None)
        if package is not None and real.suffix == ".py":
            return f"a source file of the project (a module under the package folder {package.name}/)"
        return None

    def _tracked_role(self, path: Path, real: Path) -> str | None:
        """Decide whether git tracks `path` in the project."""
        return "a file git tracks in the project" if _tracked(self.root, real) else None


def _tracked(root: Path, path: Path) -> bool:
    """Say whether git tracks `path` in the project (a deleted tracked file counts); False without git or a repository."""
    if not _under(path, root):
        return False
    import subprocess

    try:
        done = subprocess.run(
            ["git", "-C", str(root), "ls-files", "--error-unmatch", "--", str(path.relative_to(root))],
            capture_output=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def guard_for(config: Config, *, inputs: Iterable[tuple[str, Path]] = (), force: bool = False) -> Guard:
    """Build the guard of a project's configuration, with this run's inputs (what the messages call each, path)."""
    names = {*config.witnesses, *config.typecheck, *config.mutations, *config.immutable}
    packages = tuple(
        Path(os.path.realpath(folder / name.replace(".", "/")))
        for folder in project_paths(config.root)
        for name in sorted(names)
        if (folder / name.replace(".", "/")).is_dir()
    )
    override = os.environ.get("CLAIMS_PYPROJECT")
    configuration = (config.root / "pyproject.toml", *((Path(override),) if override else ()))
    return Guard(
        root=Path(os.path.realpath(config.root)),
        packages=packages,
        configuration=configuration,
        ledger=Path(os.path.realpath(config.ledger)),
        cache=Path(os.path.realpath(config.cache)),
        inputs=tuple(inputs),
        force=force,
    )


@frozen
class Target:
    """Say where a checked output goes (the link's target when forced through a link) and whether it is written into as a stream."""

    path: Path
    stream: bool = False


def _refused(label: str, expected: str, got: str, how: str) -> PathRefused:
    return PathRefused(f"{label}: expected {expected}, got {got}; nothing written; {how}")


def _forceable(label: str, expected: str, got: str, force: bool, what: str = "replace it") -> None:
    if not force:
        raise _refused(label, expected, got, f"choose another path, or pass {FORCE} to {what}")


def _never(label: str, expected: str, got: str) -> PathRefused:
    return _refused(label, expected, got, "choose another path")


def check_output(guard: Guard, flag: str, text: str, others: Sequence[tuple[str, str]] = ()) -> Target:
    """Admit a path the user named for an output (`others`: the run's other outputs, flag and path), or raise PathRefused."""
    label = f"{flag} {text}"
    if not text or text.endswith(os.sep):
        raise _never(label.strip(), "a file path", "an empty string" if not text else "a directory path")
    path = Path(text)
    twin = next((other for other, given in others if given and _same(path, Path(given))), None)
    if twin is not None:
        raise _never(label, "a path no other output of this run writes", f"the path {twin} writes too")
    return _admit(guard, label, path)


def _admit(guard: Guard, label: str, path: Path) -> Target:
    kind = _inspect(label, path)
    if kind is not None and kind.startswith("a symbolic link"):
        _forceable(label, "a new path or a regular file", kind, guard.force, "write through it to its target")
        target = Path(os.path.realpath(path))
        if os.path.islink(target):  # realpath stops inside a loop of links
            raise _never(label, "a link that resolves", "a loop of symbolic links")
        return _admit(guard, f"{label} (through the link to {target})", target)
    if kind in _STREAMS:
        _forceable(label, "a new path or a regular file", str(kind), guard.force, "write into it")
        return Target(path, stream=True)
    if kind is not None:
        raise _never(label, "a new path or a regular file", kind)
    role = guard.role(path)
    if role is not None:
        _forceable(label, "a path outside the project's sources, configuration, ledger and inputs", role, guard.force)
    return Target(path)


def _inspect(label: str, path: Path) -> str | None:
    """Return what `path` is (None for a regular file or a new path), refusing a path under a file or one that cannot be inspected."""
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        blocked = blocking_ancestor(path)
        if blocked is not None:
            raise _never(label, "a path under folders", f"a path under {blocked[0]}, which is {blocked[1]}") from None
        return None
    except (OSError, ValueError) as exc:  # ValueError: an embedded NUL byte
        reason = getattr(exc, "strerror", None) or exc
        raise _never(label, "a path this process can inspect", f"{type(exc).__name__}: {reason}") from None
    kind = kind_of(mode)
    if kind == "a symbolic link":
        return f"a symbolic link to {os.readlink(path)!r}"
    return kind


def check_outputs(guard: Guard, outputs: Sequence[tuple[str, str | None]]) -> None:
    """Check every output a command was asked for (flag, path or None) before it runs, so a refusal costs no run."""
    named = [(flag, text) for flag, text in outputs if text is not None]
    for index, (flag, text) in enumerate(named):
        check_output(guard, flag, text, named[:index])


def write_output(guard: Guard, flag: str, text: str, data: bytes, others: Sequence[tuple[str, str]] = ()) -> None:
    """Check a named output again (what is there may have changed during the run), then write `data` there."""
    target = check_output(guard, flag, text, others)
    try:
        if target.stream:
            _write_into(target.path, data)
        else:
            _replace(target.path, data)
    except OSError as exc:
        raise PathRefused(
            f"{flag} {text}: expected a path this process can write, got {type(exc).__name__}: "
            f"{exc.strerror or exc}; nothing is left behind; choose another path"
        ) from None


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` in one rename, creating missing folders; a new file gets 0666 & ~umask, an existing one keeps its mode.

    The path is one the framework derives (a ledger file, a snapshot, a cache entry): anything there but a
    regular file, or a file in the way of its folders, is refused (PathRefused) and left as it was.  An I/O
    failure raises its OSError, after removing the temp file and the folders this write created.
    """
    kind = _inspect(str(path), path)
    if kind is not None:
        raise _refused(str(path), "a regular file or a new path", kind, "move it away, then rerun")
    _replace(path, data)


def missing_folders(folder: Path) -> list[Path]:
    """Return the folders a file's folder still needs, outermost first; any entry present, even a dangling link, ends the search."""
    missing: list[Path] = []
    while not os.path.lexists(folder):
        missing.append(folder)
        folder = folder.parent
    return missing[::-1]


def _create_temp(path: Path) -> tuple[int, Path]:
    # O_EXCL never opens an existing name (nor follows a planted symlink); retry on a collision.
    for _ in range(100):
        temp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666), temp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary name", str(path.parent))


def _kept_mode(path: Path) -> int | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return stat.S_IMODE(found.st_mode) if stat.S_ISREG(found.st_mode) else None


def undo(made: Sequence[Path]) -> None:
    """Remove what a failed write made, newest first: its files, then the folders it created (left when no longer empty)."""
    for path in reversed(made):
        try:
            path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink()
        except OSError:
            pass  # already gone, or no longer empty: someone else's now


def _replace(path: Path, data: bytes) -> None:
    made: list[Path] = []
    try:
        for folder in missing_folders(path.parent):
            folder.mkdir()
            made.append(folder)
        fd, temp = _create_temp(path)
        made.append(temp)
        with os.fdopen(fd, "wb") as handle:
            mode = _kept_mode(path)
            if mode is not None:
                os.fchmod(handle.fileno(), mode)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        undo(made)
        raise


def _write_into(path: Path, data: bytes) -> None:
    # No O_CREAT: what is written into must still be the FIFO or device that was checked; O_NOCTTY keeps a tty ours.
    fd = os.open(path, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
