"""Read and write the kill evidence files under `ledger/evidence/` (their format: see `evidence`).

Only `claim_batch mutate --update` writes them; reading them is the gate's and every sweep's first step.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from attrs import evolve

from claims._internal.caching.environment import Environment
from claims._internal.config import shown_path
from claims._internal.mutation.evidence import (
    KINDS,
    DefectRow,
    Evidence,
    FunctionRow,
    MutantRow,
    Observation,
    claim_key,
    function_of,
)
from claims.atomic import write_atomically
from claims.errors import InputError

INPUTS_FILE = "claim-inputs.jsonl"
ENVIRONMENT_FILE = "recorded-under.json"
"""Names no module can have (a hyphen): they never meet a rule module's evidence file."""
PART_NAMES = ("own", "reads", "runs", "code")


def evidence_file(folder: Path, module: str) -> Path:
    """Return the evidence file of a module (`domain.fit_wall` -> `<folder>/domain/fit_wall.jsonl`)."""
    return folder.joinpath(*module.split(".")).with_suffix(".jsonl")


def _line(value: Mapping[str, Any]) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _present(observation: Observation) -> dict[str, frozenset[str]]:
    """Return the observation's killers by kind without those read as `?key`: claims the suite no longer has.

    A row carried over unrerun (the other kind's, in an `--update` of one kind) can still name a claim that was
    since removed; its fingerprint covered that claim, so the row is stale and the next run of its kind reruns it.
    """
    return {kind: frozenset(c for c in ids if not c.startswith("?")) for kind, ids in observation.by_kind().items()}


def render_module(module: str, evidence: Evidence, key_of: Mapping[str, str]) -> bytes:
    """Render one module's rows: functions, then mutants (by function and number), then defects."""
    functions, mutants, defects = _module_rows(module, evidence)
    index = {row.name: {c: i for i, c in enumerate(row.claims)} for row in functions}
    lines = [_line({"fn": row.name, "src": row.source, "claims": [key_of[c] for c in row.claims]}) for row in functions]
    lines += [_mutant_line(mutant, index.get(mutant.function, {})) for mutant in mutants]
    lines += [_defect_line(defect, key_of) for defect in defects]
    return ("\n".join(lines) + "\n").encode("utf-8") if lines else b""


def _module_rows(module: str, evidence: Evidence) -> tuple[list[FunctionRow], list[MutantRow], list[DefectRow]]:
    """Decide one module's rows, each kind in its file's order: functions and mutants by name, defects by id."""
    return (
        sorted((r for r in evidence.functions.values() if r.module == module), key=lambda r: r.name),
        sorted((r for r in evidence.mutants.values() if r.module == module), key=lambda r: r.name),
        sorted((r for r in evidence.defects.values() if r.module == module), key=lambda r: r.id),
    )


def _killer_fields(observation: Observation, key: Mapping[str, Any]) -> dict[str, list[Any]]:
    """Decide a row's killer fields: each kind that has present killers, as their sorted keys (`key` maps a claim)."""
    return {kind: sorted(key[c] for c in ids) for kind, ids in _present(observation).items() if ids}


def _mutant_line(mutant: MutantRow, positions: Mapping[str, int]) -> str:
    """Render a mutant's row, its killers as positions in its function's list of claims."""
    # The function is in the mutant's name (<function>.<tag>) and the status follows from n and the killers.
    entry: dict[str, Any] = {
        "mutant": mutant.name,
        "op": mutant.operator,
        "fp": mutant.fingerprint,
        "n": mutant.ran,
        "chg": mutant.change,
    }
    entry.update(_killer_fields(mutant.observation, positions))
    return _line(entry)


def _defect_line(defect: DefectRow, key_of: Mapping[str, str]) -> str:
    """Render a defect's row, its killers by claim key, and its problem when it has one."""
    entry: dict[str, Any] = {"defect": defect.id, "targets": list(defect.targets), "fp": defect.fingerprint}
    entry.update(_killer_fields(defect.observation, key_of))
    if defect.observation.problem:
        entry["problem"] = defect.observation.problem
    return _line(entry)


def parse_module(module: str, text: str, id_of: Mapping[str, str], shown_as: str, into: Evidence) -> list[str]:
    """Read one module's rows into `into`; return located problems (capped by the caller), never raise."""
    problems: list[str] = []
    claims_of: dict[str, list[str | None]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            _read_row(module, json.loads(raw), id_of, claims_of, into)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            problems.append(f"{shown_as}:{number}: {type(exc).__name__}: {exc}")
    return problems


def _read_row(
    module: str, row: Any, id_of: Mapping[str, str], claims_of: dict[str, list[str | None]], into: Evidence
) -> None:
    """Decide which kind of row a line is and read it into `into`; raise what is wrong with it."""
    if not isinstance(row, dict):
        raise ValueError("expected a JSON object")
    if "fn" in row and "mutant" not in row:
        _read_function(module, row, id_of, claims_of, into)
    elif "mutant" in row:
        _read_mutant(module, row, claims_of, into)
    elif "defect" in row:
        _read_defect(module, row, id_of, into)
    else:
        raise ValueError("expected a function, mutant or defect row")


def _read_function(
    module: str, row: dict[str, Any], id_of: Mapping[str, str], claims_of: dict[str, list[str | None]], into: Evidence
) -> None:
    """Read a function row, and keep its list of claims for the mutant rows that follow it."""
    keys = list(row["claims"])
    claims_of[row["fn"]] = [id_of.get(k) for k in keys]
    into.functions[f"{module}:{row['fn']}"] = FunctionRow(
        module, str(row["fn"]), str(row["src"]), tuple(id_of.get(k, f"?{k}") for k in keys)
    )


def _read_mutant(module: str, row: dict[str, Any], claims_of: dict[str, list[str | None]], into: Evidence) -> None:
    """Read a mutant row, its killers given as positions in its function's list of claims."""
    row["fn"] = function_of(str(row["mutant"]))
    listed = claims_of.get(row["fn"], [])
    sets = {kind: frozenset(listed[i] or f"?{i}" for i in row.get(kind, [])) for kind in KINDS}
    into.mutants[f"{module}.{row['mutant']}"] = MutantRow(
        module,
        str(row["mutant"]),
        str(row["fn"]),
        str(row["op"]),
        str(row["fp"]),
        _observation(sets, None),
        int(row["n"]),
        str(row.get("chg", "")),  # a row from before changes were recorded: its fingerprint is stale
    )


def _read_defect(module: str, row: dict[str, Any], id_of: Mapping[str, str], into: Evidence) -> None:
    """Read a defect row, its killers given by claim key."""
    sets = {kind: frozenset(id_of.get(k, f"?{k}") for k in row.get(kind, [])) for kind in KINDS}
    into.defects[str(row["defect"])] = DefectRow(
        str(row["defect"]),
        module,
        tuple(row["targets"]),
        str(row["fp"]),
        _observation(sets, row.get("problem")),
    )


def _observation(sets: Mapping[str, frozenset[str]], problem: Any) -> Observation:
    return Observation(sets["F"], sets["E"], sets["TC"], sets["TO"], sets["X"], str(problem) if problem else None)


def _module_files(folder: Path) -> list[Path]:
    """Return the evidence files of rule modules (a name with a hyphen is one of the ledger's own tables)."""
    found = sorted(folder.rglob("*.jsonl")) if folder.is_dir() else []
    return [path for path in found if "-" not in path.relative_to(folder).as_posix()]


def parse_inputs(text: str, id_of: Mapping[str, str], shown_as: str, into: Evidence) -> list[str]:
    """Read the claims' recorded inputs into `into`; return located problems."""
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            row = json.loads(raw)
            kinds = _input_kinds(row)
            claim = id_of.get(str(row["claim"]), f"?{row['claim']}")
            for kind in kinds:
                into.inputs.setdefault(kind, {})[claim] = tuple(str(row[part]) for part in PART_NAMES)
        except (ValueError, KeyError, TypeError) as exc:
            problems.append(f"{shown_as}:{number}: {type(exc).__name__}: {exc}")
    return problems


def _input_kinds(row: Any) -> list[str]:
    """Decide which kinds of run an inputs row is recorded for; raise ValueError when the row is malformed."""
    if not isinstance(row, dict) or set(row) != {"claim", "for", *PART_NAMES}:
        raise ValueError(f"expected an object with the keys claim, for, {', '.join(PART_NAMES)}")
    kinds = row["for"]
    if not isinstance(kinds, list) or not kinds or not set(kinds) <= {"auto", "declared"}:
        raise ValueError(f"for: expected a list of auto and declared, got {kinds!r}")
    return kinds


def parse_environment(text: str, shown_as: str) -> Environment:
    """Read the recorded environment; raise ValueError naming what is wrong."""
    data = json.loads(text)
    if not _environment_shaped(data):
        raise ValueError(f'{shown_as}: expected {{"python": str, "packages": {{name: version}}, "sources": str}}')
    return Environment(data["python"], dict(data["packages"]), data["sources"])


def _environment_shaped(data: Any) -> bool:
    """Say whether a recorded environment holds exactly its python, packages and sources, each of its type."""
    return (
        isinstance(data, dict)
        and set(data) == {"python", "packages", "sources"}
        and isinstance(data["python"], str)
        and isinstance(data["sources"], str)
        and _names_to_versions(data["packages"])
    )


def _names_to_versions(packages: Any) -> bool:
    """Say whether recorded packages map names to versions, both strings."""
    return isinstance(packages, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in packages.items())


def read_evidence(folder: Path, claim_ids: Iterable[str], *, root: Path) -> Evidence:
    """Read every evidence file; a malformed one is an InputError listing its located problems (at most 20)."""
    id_of = {claim_key(c): c for c in claim_ids}
    evidence = Evidence()
    problems: list[str] = []

    def shown(path: Path) -> str:
        return shown_path(path, root)

    for path in _module_files(folder):
        module = ".".join(path.relative_to(folder).with_suffix("").parts)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(f"{shown(path)}: unreadable: {exc}")
            continue
        problems += parse_module(module, text, id_of, shown(path), evidence)
    inputs, environment = folder / INPUTS_FILE, folder / ENVIRONMENT_FILE
    try:
        if inputs.is_file():
            problems += parse_inputs(inputs.read_text(encoding="utf-8"), id_of, shown(inputs), evidence)
        if environment.is_file():
            recorded = parse_environment(environment.read_text(encoding="utf-8"), shown(environment))
            evidence = evolve(evidence, environment=recorded)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        problems.append(f"{type(exc).__name__}: {exc}")
    if problems:
        more = f"\n... and {len(problems) - 20} more" if len(problems) > 20 else ""
        raise InputError(
            "\n".join(problems[:20])
            + more
            + "\nthe evidence is generated: rebuild it with `claim_batch mutate --rebuild --update` and `claim_batch mutate --auto --rebuild --update`"
        )
    return evidence


def write_evidence(
    folder: Path, evidence: Evidence, claim_ids: Iterable[str], modules: Iterable[str] | None = None
) -> list[Path]:
    """Write the modules' files atomically (all of them by default); return the files that changed."""
    key_of = _claim_keys(evidence, claim_ids)
    changed = []
    chosen = list(modules) if modules is not None else evidence.modules()
    for module in chosen:
        path = evidence_file(folder, module)
        if _module_written(path, render_module(module, evidence, key_of)):
            changed.append(path)
    # A module with no rows any more leaves no file behind.
    if modules is None and folder.is_dir():
        changed += _leftovers_removed(folder, chosen)
    for name, table in _tables(evidence, key_of).items():
        path = folder / name
        if table is not None and _written(path, table):
            changed.append(path)
    return changed


def _claim_keys(evidence: Evidence, claim_ids: Iterable[str]) -> dict[str, str]:
    """Decide the key each claim is written under: the suite's claims, and any a function row still lists."""
    key_of = {c: claim_key(c) for c in claim_ids}
    for row in evidence.functions.values():
        for c in row.claims:
            key_of.setdefault(c, claim_key(c))
    return key_of


def _written(path: Path, data: bytes) -> bool:
    """Write a file atomically unless it already holds exactly these bytes; say whether it changed."""
    if path.is_file() and path.read_bytes() == data:
        return False
    write_atomically(path, data)
    return True


def _module_written(path: Path, data: bytes) -> bool:
    """Write a module's file, or remove it when the module has no rows; say whether it changed."""
    if data:
        return _written(path, data)
    if not path.exists():
        return False
    path.unlink()
    return True


def _leftovers_removed(folder: Path, chosen: list[str]) -> list[Path]:
    """Remove the files of modules not written this time (they have no rows any more); return them."""
    removed = []
    for path in _module_files(folder):
        if ".".join(path.relative_to(folder).with_suffix("").parts) not in chosen:
            path.unlink()
            removed.append(path)
    return removed


def _tables(evidence: Evidence, key_of: Mapping[str, str]) -> dict[str, bytes | None]:
    """Decide the ledger's own tables: the claims' inputs and the environment, each None when there is none."""
    environment = evidence.environment
    return {
        INPUTS_FILE: render_inputs(evidence, key_of) if evidence.inputs else None,
        ENVIRONMENT_FILE: (
            (json.dumps(environment.plain(), indent=1, sort_keys=True) + "\n").encode("utf-8")
            if environment is not None
            else None
        ),
    }


def render_inputs(evidence: Evidence, key_of: Mapping[str, str]) -> bytes:
    """Render each claim's recorded inputs, one line per claim (two when its kinds were recorded apart)."""
    rows: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for kind in sorted(evidence.inputs):
        for claim, parts in evidence.inputs[kind].items():
            if not claim.startswith("?"):
                rows.setdefault((key_of.get(claim) or claim_key(claim), parts), []).append(kind)
    lines = [
        _line({"claim": key, "for": kinds, **dict(zip(PART_NAMES, parts, strict=True))})
        for (key, parts), kinds in sorted(rows.items())
    ]
    return ("\n".join(lines) + "\n").encode("utf-8") if lines else b""
