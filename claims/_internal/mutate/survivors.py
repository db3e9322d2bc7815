"""Explain surviving mutants: each is killed by a new claim or listed, with a reason, in `mutations/equivalent.toml`.

    [[equivalent]]
    mutant = "domain.fit_wall.x_headroom_gib__mutmut_4"
    reason = "max(a, b) and max(b, a) are the same value"

`explain_survivors` is pure, so the gate can call it on the committed
kills.json and equivalent.toml without running anything.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from claims.errors import InputError

SURVIVED = "survived"


def read_equivalent(path: Path) -> dict[str, str]:
    """Read mutant id -> reason; a missing file is empty, anything malformed is a located InputError."""
    if not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{path}: not valid TOML: {exc}") from exc
    extra = sorted(set(data) - {"equivalent"})
    if extra:
        raise InputError(f"{path}: unknown top-level key(s) {', '.join(extra)}; expected only [[equivalent]] tables")
    entries = data.get("equivalent", [])
    if not isinstance(entries, list):
        raise InputError(f"{path} @ $.equivalent: expected an array of tables ([[equivalent]])")
    out: dict[str, str] = {}
    for i, item in enumerate(entries):
        where = f"{path} @ $.equivalent[{i}]"
        if not isinstance(item, dict) or set(item) != {"mutant", "reason"}:
            raise InputError(f"{where}: expected exactly the keys mutant and reason, got {sorted(item) if isinstance(item, dict) else item!r}")
        mutant, reason = item["mutant"], item["reason"]
        if not isinstance(mutant, str) or not mutant or not isinstance(reason, str) or not reason.strip():
            raise InputError(f"{where}: mutant and reason must be non-empty strings")
        if mutant in out:
            raise InputError(f"{where}: mutant {mutant!r} is explained twice")
        out[mutant] = reason.strip()
    return out


def explain_survivors(auto: Mapping[str, Mapping[str, Any]], equivalent: Mapping[str, str]) -> list[str]:
    """Return one problem per unexplained survivor and per explanation that no longer fits; [] when all is explained."""
    problems = []
    for mutant_id in sorted(auto):
        if auto[mutant_id].get("status") == SURVIVED and mutant_id not in equivalent:
            problems.append(
                f"unexplained survivor {mutant_id}: kill it with a claim, or add it to mutations/equivalent.toml with the reason it is equivalent "
                f"(`mutmut show {mutant_id}` shows the diff)"
            )
    for mutant_id in sorted(equivalent):
        if mutant_id not in auto:
            problems.append(f"stale explanation {mutant_id}: no such mutant exists any more; remove it from mutations/equivalent.toml")
        elif auto[mutant_id].get("status") != SURVIVED:
            killers = ", ".join(auto[mutant_id].get("killers", [])) or auto[mutant_id].get("status", "?")
            problems.append(f"stale explanation {mutant_id}: it is not a survivor ({killers}); remove it from mutations/equivalent.toml")
    return problems
