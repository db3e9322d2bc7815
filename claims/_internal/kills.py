"""Read the mutation engine's committed results (`ledger/kills.json`): which mutations kill which claims.

Schema `claims-kills/1`:

    {"schema": "claims-kills/1",
     "declared": {"<defect id>": {"red": ["<claim id>", ...]}},
     "auto": {"<mutant id>": {"killers": ["<claim id>", ...]}}}

Entries may carry further keys (the engine's own bookkeeping); the ledger
reads only `red` and `killers`.  An absent file means no kills are known yet,
and the floor's vacuity rule is then not enforced.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from attrs import frozen

from claims.errors import InputError
from claims._internal.strict import structure_strictly

SCHEMA = "claims-kills/1"


@frozen
class DeclaredKill:
    """Name the claims a declared seeded defect turned red."""

    red: tuple[str, ...]


@frozen
class AutoKill:
    """Name the claims that killed an automatic mutant."""

    killers: tuple[str, ...]


@frozen
class KillsDocument:
    """Hold the whole kills file."""

    schema: str
    declared: dict[str, DeclaredKill]
    auto: dict[str, AutoKill]


def killers_by_claim(kills_document: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """Map each claim id to the mutations that kill it: sorted declared defects, then sorted auto mutants."""
    declared: dict[str, list[str]] = {}
    auto: dict[str, list[str]] = {}
    for defect, entry in kills_document.get("declared", {}).items():
        for claim in entry.get("red", ()):
            declared.setdefault(claim, []).append(defect)
    for mutant, entry in kills_document.get("auto", {}).items():
        for claim in entry.get("killers", ()):
            auto.setdefault(claim, []).append(mutant)
    ids = set(declared) | set(auto)
    return {claim: tuple(sorted(set(declared.get(claim, ())))) + tuple(sorted(set(auto.get(claim, ())))) for claim in sorted(ids)}


def _entries_only_known(raw: Mapping[str, Any], section: str, key: str) -> Any:
    # The engine may add bookkeeping keys to an entry; keep only the one the ledger reads,
    # so the strict converter still refuses a wrong type for it.
    table = raw.get(section)
    if not isinstance(table, dict):
        return table  # let the converter refuse it, located
    return {name: ({key: entry.get(key)} if isinstance(entry, dict) and key in entry else entry) for name, entry in table.items()}


def load_kills(path: Path, *, shown_as: str) -> dict[str, Any] | None:
    """Return the kills document, None when the file is absent; raise a located InputError when malformed."""
    if not path.is_file():
        return None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{shown_as}: not valid JSON: {exc}; regenerate it with `claim_batch mutate --write`") from None
    if not isinstance(raw, dict):
        raise InputError(f"{shown_as} @ $: expected an object with keys schema, declared, auto, got {type(raw).__name__}")
    checked = {**raw, "declared": _entries_only_known(raw, "declared", "red"), "auto": _entries_only_known(raw, "auto", "killers")}
    document = structure_strictly(checked, KillsDocument, where=shown_as)
    if document.schema != SCHEMA:
        raise InputError(f"{shown_as} @ $.schema: expected {SCHEMA!r}, got {document.schema!r}")
    return {
        "schema": document.schema,
        "declared": {name: {"red": list(entry.red)} for name, entry in document.declared.items()},
        "auto": {name: {"killers": list(entry.killers)} for name, entry in document.auto.items()},
    }
