"""Reuse a claim's PASS when nothing it executed changed (the anchor is pytest-testmon's selection).

`.claims-cache/results.json` keeps, per claim that passed: its fingerprint
(see `fingerprint`), the functions and statements it reached, and its
duration.  Only PASS is reused: a red claim always runs again, so its
failure is shown fresh.  Durations of every claim are kept to balance the
workers.  The file is written atomically at the end of a run; a torn or
foreign file is ignored, never trusted.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from attrs import define, field

from claims.atomic import write_atomically

SCHEMA = "claims-results/2"


@define
class Entry:
    """One passing claim as the cache remembers it."""

    fingerprint: str
    functions: tuple[str, ...]
    reach: tuple[str, ...]
    duration: float
    digest: str | None = None


@define
class ResultsCache:
    """Load, consult and rewrite `.claims-cache/results.json`."""

    path: Path
    entries: dict[str, Entry] = field(factory=dict)
    durations: dict[str, float] = field(factory=dict)
    import_reach: tuple[str, ...] = ()

    @classmethod
    def load(cls, path: Path) -> ResultsCache:
        """Read the cache; anything unreadable yields an empty cache (and is rewritten at the end)."""
        cache = cls(path)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cache
        if not isinstance(raw, dict) or raw.get("schema") != SCHEMA:
            return cache
        try:
            for claim_id, e in raw.get("claims", {}).items():
                cache.entries[claim_id] = Entry(
                    str(e["fingerprint"]),
                    tuple(e["functions"]),
                    tuple(e["reach"]),
                    float(e["duration"]),
                    e.get("digest"),
                )
            cache.durations = {str(k): float(v) for k, v in raw.get("durations", {}).items()}
            cache.import_reach = tuple(raw.get("import_reach", ()))
        except (KeyError, TypeError, ValueError, AttributeError):
            return cls(path)
        return cache

    def record(self, claim_id: str, entry: Entry | None, duration: float) -> None:
        """Remember a passing claim (or forget a red one), and its duration either way."""
        self.durations[claim_id] = duration
        if entry is None:
            self.entries.pop(claim_id, None)
        else:
            self.entries[claim_id] = entry

    def save(self) -> None:
        """Write the cache atomically (sorted, so two runs that agree write the same bytes)."""
        document: Mapping[str, Any] = {
            "schema": SCHEMA,
            "import_reach": sorted(self.import_reach),
            "durations": {k: round(v, 6) for k, v in sorted(self.durations.items())},
            "claims": {
                k: {
                    "fingerprint": e.fingerprint,
                    "functions": list(e.functions),
                    "reach": list(e.reach),
                    "duration": round(e.duration, 6),
                    "digest": e.digest,
                }
                for k, e in sorted(self.entries.items())
            },
        }
        write_atomically(self.path, (json.dumps(document, sort_keys=True) + "\n").encode("utf-8"))
