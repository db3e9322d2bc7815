"""Build, render and read the claim ledger: the committed, deterministic record of what is proven.

`ledger/claims.json` holds one row per claim, sorted by id: its short
evidence key, witness, kind, rules, statement, source file (relative, POSIX;
never a line number, which churns), the stored snapshot's sha256, the
declared defects that kill it and how many automatic mutants do (the full
kill matrix is `ledger/evidence/`), and any admitted debt.  Nothing machine-dependent goes in (no timings, no absolute
paths), so regenerating it anywhere yields the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath

from attrs import frozen

from claims._internal.config import Config, shown_path
from claims._internal.declare import Claim, Witness
from claims._internal.kinds import Kind
from claims._internal.record.debt import Debt
from claims._internal.snapshots import digest, snapshot_path
from claims._internal.strict import structure_strictly, unstructure
from claims.errors import InputError

SCHEMA = "claims-ledger/2"


@frozen
class AdmittedDebt:
    """Record why a red claim is allowed: reason, owner, and the trigger that retires it."""

    reason: str
    owner: str
    trigger: str


@frozen
class LedgerRow:
    """Record one claim as the ledger knows it."""

    id: str
    key: str
    witness: str
    kind: Kind
    rules: tuple[str, ...]
    statement: str
    source: str
    snapshot_sha256: str | None
    killed_by: tuple[str, ...]
    killed_by_mutants: int
    debt: AdmittedDebt | None


@frozen
class LedgerDocument:
    """Hold every row, sorted by claim id."""

    schema: str
    claims: tuple[LedgerRow, ...]


@frozen
class LedgerPaths:
    """Name the ledger's files, and how to show them (relative to the project root)."""

    root: Path
    folder: Path

    @property
    def machine(self) -> Path:
        return self.folder / "claims.json"

    @property
    def mirror(self) -> Path:
        return self.folder / "LEDGER.md"

    @property
    def debt(self) -> Path:
        return self.folder / "debt.toml"

    @property
    def evidence(self) -> Path:
        return self.folder / "evidence"

    @property
    def snapshots(self) -> Path:
        return self.folder / "snapshots"

    def shown(self, path: Path) -> str:
        """Return `path` relative to the project root with POSIX separators, for messages and rows."""
        return shown_path(path, self.root)


def ledger_paths(config: Config) -> LedgerPaths:
    """Return the ledger files named by the configuration."""
    return LedgerPaths(root=config.root, folder=config.ledger)


def source_of(claim: Claim, module: str, paths: LedgerPaths) -> str:
    """Return the claim's source file relative to the project root; outside it, the module's path."""
    try:
        return PurePosixPath(*Path(claim.source_file).resolve().relative_to(paths.root.resolve()).parts).as_posix()
    except ValueError:
        # An installed witness package lives at a machine-dependent path: name it by module.
        return module.replace(".", "/") + ".py"


def stored_digest(claim: Claim, paths: LedgerPaths) -> str | None:
    """Return the sha256 of a snapshot claim's stored bytes, None if it has none stored."""
    if claim.kind is not Kind.SNAPSHOT:
        return None
    path = snapshot_path(paths.snapshots, claim)
    return digest(path.read_bytes()) if path.is_file() else None


def build_ledger(
    witnesses: Iterable[Witness],
    paths: LedgerPaths,
    *,
    debt: Mapping[str, Debt],
    killers: Mapping[str, tuple[tuple[str, ...], int]],
) -> LedgerDocument:
    """Return the ledger the code, the stored snapshots, the debt file and the recorded evidence imply."""
    from claims._internal.mutation.evidence import claim_key

    rows = []
    for witness in witnesses:
        for claim in witness.claims:
            owed = debt.get(claim.id)
            defects, mutants = killers.get(claim.id, ((), 0))
            rows.append(
                LedgerRow(
                    id=claim.id,
                    key=claim_key(claim.id),
                    witness=claim.witness,
                    kind=claim.kind,
                    rules=claim.rules,
                    statement=claim.statement,
                    source=source_of(claim, witness.module, paths),
                    snapshot_sha256=stored_digest(claim, paths),
                    killed_by=defects,
                    killed_by_mutants=mutants,
                    debt=AdmittedDebt(owed.reason, owed.owner, owed.trigger) if owed else None,
                )
            )
    return LedgerDocument(schema=SCHEMA, claims=tuple(sorted(rows, key=lambda r: r.id)))


def render_json(document: LedgerDocument) -> bytes:
    """Render the machine file: sorted keys, indent 2, UTF-8, one trailing newline."""
    return (json.dumps(unstructure(document), sort_keys=True, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def parse_ledger(data: bytes, *, shown_as: str) -> LedgerDocument:
    """Read the machine file strictly; raise a located InputError for anything malformed."""
    try:
        raw = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise InputError(f"{shown_as}: not UTF-8 text: {exc}") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{shown_as}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    document = structure_strictly(raw, LedgerDocument, where=shown_as)
    if document.schema != SCHEMA:
        raise InputError(f"{shown_as} @ $.schema: expected {SCHEMA!r}, got {document.schema!r}")
    seen: set[str] = set()
    for index, row in enumerate(document.claims):
        if row.id in seen:
            raise InputError(f"{shown_as} @ $.claims[{index}].id: {row.id!r} appears twice")
        seen.add(row.id)
    return document


@frozen
class RowChanges:
    """Say how a committed ledger differs from the regenerated one, row by row."""

    unledgered: tuple[str, ...]
    vanished: tuple[str, ...]
    changed: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def any(self) -> bool:
        return bool(self.unledgered or self.vanished or self.changed)


def compare_rows(committed: LedgerDocument, expected: LedgerDocument) -> RowChanges:
    """List claims missing from the committed ledger, rows whose claim vanished, and rows that differ (with the fields)."""
    old = {r.id: r for r in committed.claims}
    new = {r.id: r for r in expected.claims}
    changed = []
    for claim_id in sorted(set(old) & set(new)):
        fields = tuple(
            f
            for f in (
                "key",
                "witness",
                "kind",
                "rules",
                "statement",
                "source",
                "snapshot_sha256",
                "killed_by",
                "killed_by_mutants",
                "debt",
            )
            if getattr(old[claim_id], f) != getattr(new[claim_id], f)
        )
        if fields:
            changed.append((claim_id, fields))
    return RowChanges(
        unledgered=tuple(sorted(set(new) - set(old))),
        vanished=tuple(sorted(set(old) - set(new))),
        changed=tuple(changed),
    )
