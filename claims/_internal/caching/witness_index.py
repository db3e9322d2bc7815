"""Remember which witness module declares which claims, so a selection imports only what it can match.

`.claims-cache/witness-index.json` is written after every full discovery:
each witness-package file with its size and mtime, and each module's claim
ids.  `modules_for` answers only when it is sure: every file unchanged since
the index was written, no module that failed to import, and every pattern
matching some indexed claim.  Otherwise it answers None: discover everything.
"""

from __future__ import annotations

import fnmatch
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from claims._internal.caching.fingerprint import package_files
from claims._internal.config import Config
from claims.atomic import write_atomically

if TYPE_CHECKING:
    from claims._internal.running.discovery import Discovery

SCHEMA = "claims-witness-index/2"


def _path(config: Config) -> Path:
    return config.caches.witness_index


def file_stamps(config: Config) -> dict[str, list[int]]:
    """Return the size and mtime of every witness-package file, keyed by its path from the project root.

    Relative keys let a project moved or copied with its cache (times kept) still trust it.
    """
    stamps = {}
    for package in config.witnesses:
        for _, path in package_files(package, config.root):
            info = os.stat(path)
            stamps[from_root(config, path)] = [info.st_size, info.st_mtime_ns]
    return stamps


def from_root(config: Config, path: str | Path) -> str:
    """Return a path relative to the project root (POSIX separators) when it lies under it, else as given."""
    try:
        return Path(path).relative_to(config.root).as_posix()
    except ValueError:
        return str(path)


def _selects(claim_id: str, witness: str, pattern: str) -> bool:
    # The same rule as claim_batch's selection (claims._internal.select.matches), on plain ids.
    return (
        claim_id == pattern
        or claim_id.startswith(pattern + ".")
        or fnmatch.fnmatchcase(claim_id, pattern)
        or fnmatch.fnmatchcase(witness, pattern)
    )


def modules_for(config: Config, patterns: Sequence[str]) -> list[str] | None:
    """Return the witness modules that can hold claims matching the patterns, or None when unsure."""
    if not patterns:
        return None
    modules = _indexed_modules(config)
    if modules is None:
        return None
    chosen: set[str] = set()
    for pattern in patterns:
        hits = _hits(modules, pattern)
        if not hits:
            return None  # perhaps a new claim, perhaps a typo: full discovery decides
        chosen |= hits
    return sorted(chosen)


def _indexed_modules(config: Config) -> dict[str, list[list[str]]] | None:
    """Decide whether the index can be trusted: its modules' claims, or None when absent, stale or after a failure."""
    try:
        index = json.loads(_path(config).read_text(encoding="utf-8"))
        if index.get("schema") != SCHEMA or index["files"] != file_stamps(config) or index["failed"]:
            return None
        modules: dict[str, list[list[str]]] = index["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return modules


def _hits(modules: dict[str, list[list[str]]], pattern: str) -> set[str]:
    """Decide which indexed modules declare a claim the pattern selects."""
    return {m for m, claims in modules.items() if any(_selects(c, w, pattern) for c, w in claims)}


def write_index(config: Config, discovery: Discovery) -> None:
    """Record the modules and claims a full discovery found (best effort: it is only a cache)."""
    modules: dict[str, list[list[str]]] = {}
    for witness in discovery.witnesses:
        modules.setdefault(witness.module, []).extend([c.id, c.witness] for c in witness.claims)
    document = {
        "schema": SCHEMA,
        "files": file_stamps(config),
        "failed": sorted(f.module for f in discovery.failures),
        "modules": modules,
    }
    try:
        write_atomically(_path(config), (json.dumps(document, sort_keys=True) + "\n").encode("utf-8"))
    except OSError:
        pass
