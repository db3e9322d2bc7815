"""Plan an automatic sweep: which claims cover each mutant, each claim's time limit, shards, and resume fingerprints."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from claims.errors import UsageError
from claims._internal.mutate.generate import Mutant

# Bump when the way results are computed changes, so cached results are not reused.
ENGINE = "claims-mutate/1"
SLACK_SECONDS = 5.0


def parse_shard(text: str) -> tuple[int, int]:
    """Parse `K/N` (1 <= K <= N)."""
    try:
        k, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise UsageError(f"--shard expects K/N such as 2/4, got {text!r}") from None
    if not 1 <= k <= n:
        raise UsageError(f"--shard {text}: K must be between 1 and N")
    return k, n


def in_shard(mutant_id: str, k: int, n: int) -> bool:
    """Say whether a mutant belongs to shard K of N; by a hash of its id, so adding mutants moves no other."""
    return int(hashlib.sha256(mutant_id.encode()).hexdigest()[:8], 16) % n == k - 1


def covering(baseline: Mapping[str, Mapping[str, Any]]) -> dict[str, list[str]]:
    """Map each mutated function to the claims whose baseline run executed it, in claim id order."""
    out: dict[str, list[str]] = {}
    for claim_id in sorted(baseline):
        for function in baseline[claim_id]["covers"]:
            out.setdefault(function, []).append(claim_id)
    return out


def claim_limit(duration: float, ceiling: float) -> float:
    """Give a claim ten times its clean duration (at least a second), never more than the configured timeout."""
    return min(ceiling, max(1.0, 10 * duration + 0.5))


def file_digest(path: str, memo: dict[str, str]) -> str:
    """Hash a source file once per run."""
    if path not in memo:
        try:
            memo[path] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        except OSError:
            memo[path] = "missing"
    return memo[path]


def fingerprint(mutant: Mutant, claims: Iterable[str], baseline: Mapping[str, Mapping[str, Any]], memo: dict[str, str]) -> str:
    """Fingerprint what a mutant's result depends on: its function's source and its covering claims' sources."""
    ids = sorted(claims)
    parts = [ENGINE, mutant.id, mutant.function_hash, *ids, *(file_digest(baseline[i]["source"], memo) for i in ids)]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:16]
