"""Locate, read and compare byte-identity snapshots.

Snapshots are raw bytes under `<ledger>/snapshots/<witness>/<claim>.<ext>`,
compared byte for byte: line endings are never normalised, and a missing
snapshot is a failure, never a silent write.
"""

from __future__ import annotations

import difflib
import hashlib
from pathlib import Path

from claims._internal.declare import Claim
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
