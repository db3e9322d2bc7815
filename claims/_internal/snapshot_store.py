"""Find and write stored snapshots: the files under `<ledger>/snapshots/` and which claim owns each.

Writing is always explicit (`claim_batch snapshots --update`) and atomic;
"unused" is judged only against a full run, since a partial one owns only
part of the folder.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from claims._internal.declare import Claim
from claims._internal.kinds import Kind
from claims._internal.snapshot import snapshot_path
from claims.atomic import write_atomically


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
