"""Read and write `ledger/kills.json`: which claims each declared defect and each automatic mutant turned red.

    {"schema": "claims-kills/1",
     "declared": {"<defect id>": {"red": [claim ids], "verdict": "EXACT", ...}},
     "auto": {"<mutant id>": {"killers": [claim ids], "status": "killed", ...}}}

Deterministic: sorted keys, two-space indent, a trailing newline, so the
ledger can be regenerated and compared byte for byte.  Each section is
written by its own run; the other section is kept as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from claims.atomic import write_atomically
from claims.errors import InputError

SCHEMA = "claims-kills/1"
SECTIONS = ("declared", "auto")


def render(document: dict[str, Any]) -> bytes:
    """Render a kills document deterministically."""
    return (json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def read_kills(path: Path) -> dict[str, Any]:
    """Read a kills document, or an empty one when the file does not exist; a malformed one is an InputError."""
    if not path.is_file():
        return {"schema": SCHEMA, "declared": {}, "auto": {}}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: not valid JSON: {exc}; regenerate it with `claim_batch mutate --write`") from exc
    if not isinstance(data, dict) or data.get("schema") != SCHEMA or set(data) != {"schema", *SECTIONS}:
        raise InputError(f"{path}: expected the keys schema={SCHEMA!r}, declared, auto; got {sorted(data) if isinstance(data, dict) else type(data).__name__}")
    for section in SECTIONS:
        if not isinstance(data[section], dict):
            raise InputError(f"{path} @ $.{section}: expected an object keyed by id")
    return data


def write_section(path: Path, section: str, entries: dict[str, dict[str, Any]]) -> None:
    """Replace one section of the kills file atomically, keeping the other."""
    if section not in SECTIONS:
        raise ValueError(section)
    document = read_kills(path)
    document[section] = entries
    write_atomically(path, render(document))
