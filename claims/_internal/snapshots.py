"""Locate, read and compare byte-identity snapshots.

Snapshots are raw bytes under `<ledger>/snapshots/<witness>/<claim>.<ext>`,
compared byte for byte: line endings are never normalised, and a missing
snapshot is a failure, never a silent write.

Stored snapshots are found and written here too: the files under `<ledger>/snapshots/` and which claim
owns each.  Writing is always explicit (`claim_batch snapshots --update`) and atomic; "unused" is judged
only against a full run, since a partial one owns only part of the folder.
"""

from __future__ import annotations

import difflib
import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

from claims._internal.declare import Claim
from claims._internal.kinds import Kind
from claims.atomic import write_atomically
from claims.errors import DeclarationError

DEFAULT_DIFF_LINES = 100


def snapshot_path(root: Path, claim: Claim) -> Path:
    """Return where a snapshot claim's bytes live, refusing ids that would escape `root`."""
    for part in (claim.witness, claim.name, claim.snapshot_ext):
        if not part or "/" in part or "\\" in part or part in {".", ".."} or part.startswith(".") or "\x00" in part:
            raise DeclarationError(f"{claim.id}: snapshot path part {part!r} would escape {root}")
    path = root / claim.witness / f"{claim.name}.{claim.snapshot_ext}"
    resolved_root = root.resolve()
    if resolved_root not in path.resolve().parents:
        raise DeclarationError(f"{claim.id}: snapshot path {path} escapes {root}")
    return path


def digest(data: bytes) -> str:
    """Return the sha256 hex digest the ledger records for snapshot bytes."""
    return hashlib.sha256(data).hexdigest()


def diff_lines(stored: bytes, observed: bytes, limit: int = DEFAULT_DIFF_LINES) -> list[str]:
    """Return a unified diff of stored against observed, capped at `limit` lines."""
    old = stored.decode("utf-8", errors="backslashreplace").splitlines(keepends=True)
    new = observed.decode("utf-8", errors="backslashreplace").splitlines(keepends=True)
    # Show carriage returns: a snapshot must never hide a line-ending change.
    lines = [
        line.rstrip("\n").replace("\r", "\\r") for line in difflib.unified_diff(old, new, "stored", "observed", n=2)
    ]
    if stored != observed and stored.splitlines() == observed.splitlines():
        lines.insert(
            0, f"bytes differ only in line endings or final newline ({len(stored)} stored, {len(observed)} observed)"
        )
    if len(lines) > limit:
        lines = lines[:limit] + [f"... diff cut at {limit} lines ({len(lines) - limit} more; --diff-lines N)"]
    return lines


def stored_files(root: Path) -> list[Path]:
    """List every file under the snapshot folder, sorted; symlinked folders are not followed."""
    if not root.is_dir():
        return []
    found: list[Path] = []
    for folder, _, files in os.walk(root, followlinks=False):
        found.extend(Path(folder) / name for name in files)
    return sorted(found)


def unused_snapshots(root: Path, claims: Iterable[Claim]) -> list[Path]:
    """Return the stored files no snapshot claim owns (judge this only on a full run)."""
    owned = {snapshot_path(root, c) for c in claims if c.kind is Kind.SNAPSHOT}
    return [path for path in stored_files(root) if path not in owned]


def write_snapshot(root: Path, claim: Claim, payload: bytes) -> tuple[Path, str] | None:
    """Store a claim's bytes if they are new or changed; return the path and 'new'/'changed', None if unchanged."""
    path = snapshot_path(root, claim)
    if path.is_file():
        if path.read_bytes() == payload:
            return None
        state = "changed"
    else:
        state = "new"
    write_atomically(path, payload)
    return path, state


def prune_empty_folders(root: Path) -> None:
    """Remove witness folders left empty by a prune (deepest first), keeping the snapshot folder itself."""
    if not root.is_dir():
        return
    for folder, _, _ in sorted(os.walk(root, followlinks=False), key=lambda entry: -len(Path(entry[0]).parts)):
        path = Path(folder)
        if path != root and not any(path.iterdir()):
            path.rmdir()
