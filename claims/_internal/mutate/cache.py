"""Keep automatic-mutant results incrementally, so Ctrl-C keeps what finished and a rerun resumes.

Results are appended, one JSON line per finished mutant, to
`.claims-cache/mutate/results.jsonl`; the last line for a mutant wins.  A
cached result is reused only while its fingerprint (function source and
covering claims) is unchanged.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


class ResultCache:
    """Append finished mutants; look them up by id and fingerprint."""

    def __init__(self, path: Path, fresh: bool = False) -> None:
        self.path = path
        self.known: dict[str, dict[str, Any]] = {}
        path.parent.mkdir(parents=True, exist_ok=True)
        if fresh and path.exists():
            path.unlink()
        if path.is_file():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short by a kill; that mutant simply reruns
                if isinstance(record, dict) and "id" in record:
                    self.known[record["id"]] = record
        # One os.write per record on an O_APPEND descriptor: concurrent sweeps never interleave lines.
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def get(self, mutant_id: str, fingerprint: str) -> dict[str, Any] | None:
        """Return the cached entry when its fingerprint still matches."""
        record = self.known.get(mutant_id)
        return record["entry"] if record and record.get("fingerprint") == fingerprint else None

    def put(self, mutant_id: str, fingerprint: str, entry: dict[str, Any]) -> None:
        """Record a finished mutant now (flushed), so an interrupt cannot lose it."""
        record = {"id": mutant_id, "fingerprint": fingerprint, "entry": entry}
        self.known[mutant_id] = record
        os.write(self.fd, (json.dumps(record, sort_keys=True) + "\n").encode("utf-8"))

    def close(self) -> None:
        os.close(self.fd)
