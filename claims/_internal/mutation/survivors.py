"""Read the equivalents file: each surviving mutant that no claim can kill, with the reason it is equivalent.

[[equivalent]]
mutant = "domain.fit_wall.headroom_gib.min_max_3f0c9a1d"
reason = "max(a, b) and max(b, a) are the same value"

A mutant's id names what it changes (`identity`), so an explanation stays with its mutation through
edits elsewhere.  An entry written before ids were stable names a number (`x_headroom_gib__mutmut_4`)
with a `change` line recording the mutation it was written for; `claim_batch mutate survivors --bind`
rewrites such entries under their stable ids (see `audit.binding_plan`).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, cast

from claims._internal.config import Config
from claims.errors import InputError

MAX_PROBLEMS = 20


def equivalent_path(config: Config) -> Path:
    """Return `<first mutations package>/equivalent.toml` (or ./mutations/equivalent.toml)."""
    package = config.mutations[0] if config.mutations else "mutations"
    return config.root / package.replace(".", "/") / "equivalent.toml"


def _tables(path: Path, key: str) -> tuple[list[object], list[str]]:
    """Read a TOML file holding only `[[key]]` tables: the tables, and a located problem per unknown top-level key."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: not valid TOML: {exc}") from None
    problems = [
        f"{path}: unknown top-level key {other!r}; expected only [[{key}]] tables"
        for other in sorted(set(data) - {key})
    ]
    entries = data.get(key, [])
    if not isinstance(entries, list):
        raise InputError(f"{path} @ $.{key}: expected an array of tables ([[{key}]])")
    return entries, problems


def read_equivalent(path: Path) -> dict[str, str]:
    """Read mutant id -> reason; a missing file is empty; every malformed entry is listed, located (at most 20)."""
    return {mutant: reason for mutant, (reason, _) in _explanations(path).items()}


def read_bindings(path: Path) -> dict[str, str | None]:
    """Read mutant id -> the mutation its explanation was written for (`change`, see `Mutant.change`), or None.

    Only entries from before ids were stable need a change line; the others are read with theirs, if any.
    """
    return {mutant: change for mutant, (_, change) in _explanations(path).items()}


def _explanations(path: Path) -> dict[str, tuple[str, str | None]]:
    """Read mutant id -> (reason, change) from the equivalents file, refusing every malformed entry at once."""
    if not path.is_file():
        return {}
    entries, problems = _tables(path, "equivalent")
    out: dict[str, tuple[str, str | None]] = {}
    for i, item in enumerate(entries):
        where = f"{path} @ $.equivalent[{i}]"
        entry = cast(dict[str, Any], item)  # read only once its keys are found right
        problem = _keys_problem(where, item) or _values_problem(where, entry, out)
        if problem is not None:
            problems.append(problem)
            continue
        out[entry["mutant"]] = (entry["reason"].strip(), entry.get("change"))
    _refuse(problems)
    return out


def _keys_problem(where: str, item: object) -> str | None:
    """Decide whether an equivalents entry lacks the keys mutant and reason (and change), or holds others."""
    if isinstance(item, dict) and set(item) - {"change"} == {"mutant", "reason"}:
        return None
    return f"{where}: expected the keys mutant and reason (and change, in an entry from before ids were stable), got {sorted(item) if isinstance(item, dict) else item!r}"


def _values_problem(where: str, entry: dict[str, Any], out: Mapping[str, object]) -> str | None:
    """Decide what is wrong with an equivalents entry's values (empty, malformed, a repeat), or None when sound."""
    mutant, reason, change = entry["mutant"], entry["reason"], entry.get("change")
    if not _non_empty(mutant) or not (isinstance(reason, str) and reason.strip()):
        return f"{where}: mutant and reason must be non-empty strings"
    if change is not None and not _non_empty(change):
        return f"{where}.change: expected the non-empty digest of the mutation, got {change!r}"
    if mutant in out:
        return f"{where}.mutant: {mutant!r} is explained twice"
    return None


def _non_empty(value: object) -> bool:
    """Decide whether a value is a non-empty string."""
    return isinstance(value, str) and bool(value)


def _refuse(problems: list[str]) -> None:
    """Refuse a file with problems: list the first few, located, and how many more there are."""
    if problems:
        more = f"\n... and {len(problems) - MAX_PROBLEMS} more" if len(problems) > MAX_PROBLEMS else ""
        raise InputError("\n".join(problems[:MAX_PROBLEMS]) + more)


_ENTRY_MUTANT = re.compile(r'^mutant = "([^"\\]+)"\n(?:change = "[^"\\]*"\n)?', re.M)


def bound_text(text: str, bound: Mapping[str, tuple[str, str]]) -> str:
    """Return the equivalents file with each entry in `bound` (old id -> (stable id, change)) under its stable id.

    Only the `mutant` line and the `change` line under it are rewritten (the change line goes: a stable id names
    its mutation); reasons, comments and order stay.
    """

    def rewrite(match: re.Match[str]) -> str:
        found = bound.get(match.group(1))
        if found is None:
            return match.group(0)
        return f"mutant = {json.dumps(found[0])}\n"

    return _ENTRY_MUTANT.sub(rewrite, text)


# --- untriaged survivors: admitted debt, a ratchet that only shrinks ---

UNTRIAGED_HEADER = """\
# Surviving automatic mutants admitted as UNTRIAGED DEBT: no claim kills them and nobody has yet explained why.
# Written by `claim_batch mutate survivors --admit-untriaged` from the recorded evidence; never edit it by hand.
# The gate passes these survivors but still counts them undetected (survived-unexplained), and fails on an entry
# whose mutant is killed or gone, so the list only shrinks: kill a survivor with a claim, or move it to
# equivalent.toml with its reason, then run the command again.
"""


def untriaged_path(config: Config) -> Path:
    """Return `<first mutations package>/untriaged.toml` (beside the equivalents file)."""
    return equivalent_path(config).with_name("untriaged.toml")


def read_untriaged(path: Path) -> frozenset[str]:
    """Read the admitted untriaged survivors; a missing file admits none; every malformed entry is listed, located."""
    if not path.is_file():
        return frozenset()
    entries, problems = _tables(path, "untriaged")
    out: set[str] = set()
    for i, item in enumerate(entries):
        problem = _untriaged_problem(f"{path} @ $.untriaged[{i}]", item, out)
        if problem is not None:
            problems.append(problem)
        else:
            out.add(cast(dict[str, str], item)["mutant"])
    _refuse(problems)
    return frozenset(out)


def _untriaged_problem(where: str, item: object, out: set[str]) -> str | None:
    """Decide what is wrong with one untriaged entry (its keys, its value, a repeat), or None when it is sound."""
    if not isinstance(item, dict) or set(item) != {"mutant"} or not _non_empty(item["mutant"]):
        return f"{where}: expected exactly the key mutant (a non-empty string), got {item!r}"[:300]
    if item["mutant"] in out:
        return f"{where}.mutant: {item['mutant']!r} is admitted twice"
    return None


def untriaged_text(mutant_ids: Iterable[str]) -> str:
    """Render the untriaged file: the header, then one table per mutant id in sorted order (deterministic)."""
    tables = [f"[[untriaged]]\nmutant = {json.dumps(m)}\n" for m in sorted(set(mutant_ids))]
    return UNTRIAGED_HEADER + "".join("\n" + t for t in tables)
