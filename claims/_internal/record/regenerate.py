"""Regenerate the ledger in memory from the code, and say how the committed one differs (what `ledger` and `gate` share).

The ledger is derived entirely from the witnesses, the stored snapshots, `debt.toml` and the recorded
evidence, so regenerating never reads the committed `claims.json` or `LEDGER.md`; comparing does.
"""

from __future__ import annotations

from attrs import frozen

from claims._internal.mutation.audit import killers_by_claim
from claims._internal.mutation.evidence import Evidence
from claims._internal.mutation.recorded import read_evidence
from claims._internal.record.debt import Debt, load_debt
from claims._internal.record.ledger import (
    LedgerDocument,
    LedgerPaths,
    build_ledger,
    compare_rows,
    ledger_paths,
    parse_ledger,
    render_json,
)
from claims._internal.record.mirror import render_mirror
from claims._internal.running.session import Session
from claims.errors import InputError

FIX = "run `claim_batch ledger --write`"


@frozen
class Regenerated:
    """Hold the ledger the current code implies, with the inputs it was built from."""

    paths: LedgerPaths
    debt: dict[str, Debt]
    evidence: Evidence | None
    killers: dict[str, tuple[tuple[str, ...], int]]
    document: LedgerDocument
    machine: bytes
    mirror: bytes


def regenerate(session: Session) -> Regenerated:
    """Build the ledger and its mirror in memory; a malformed debt or evidence file raises InputError (exit 2)."""
    paths = ledger_paths(session.config)
    debt = load_debt(paths.debt, shown_as=paths.shown(paths.debt))
    ids = [c.id for c in session.discovery.claims]
    evidence = read_evidence(paths.evidence, ids, root=paths.root) if paths.evidence.is_dir() else None
    killers = killers_by_claim(evidence) if evidence is not None else {}
    document = build_ledger(session.discovery.witnesses, paths, debt=debt, killers=killers)
    views: list[str] = []
    if evidence is not None:
        from claims._internal.mutation.survivors import (
            equivalent_path,
            read_equivalent,
            read_untriaged,
            untriaged_path,
        )
        from claims._internal.record.mirror import views_lines

        equivalent = read_equivalent(equivalent_path(session.config))
        views = views_lines(document, evidence, equivalent, read_untriaged(untriaged_path(session.config)))
    mirror = render_mirror(document, kills_known=evidence is not None, views=views)
    return Regenerated(paths, debt, evidence, killers, document, render_json(document), mirror)


def read_committed(data: bytes, shown_as: str) -> LedgerDocument:
    """Read the committed ledger; a corrupt one is bad input (exit 2) whose message says how to rebuild it."""
    try:
        return parse_ledger(data, shown_as=shown_as)
    except InputError as exc:
        # A generated file is rebuilt, never repaired, and `ledger --write` never reads the old one.
        raise InputError(
            f"{exc}\n{shown_as} is generated: `claim_batch ledger --write` rebuilds it without reading it"
        ) from None


def stale_lines(regenerated: Regenerated) -> list[str]:
    """Say how the committed ledger and mirror differ from the regenerated ones; empty when identical."""
    paths = regenerated.paths
    machine, mirror = paths.shown(paths.machine), paths.shown(paths.mirror)
    if not paths.machine.is_file():
        return [f"{machine}: missing; {FIX}"]
    lines = []
    committed_bytes = paths.machine.read_bytes()
    if committed_bytes != regenerated.machine:
        changes = compare_rows(read_committed(committed_bytes, machine), regenerated.document)
        lines += [f"{claim_id}: unledgered: the claim is not in {machine}; {FIX}" for claim_id in changes.unledgered]
        lines += [
            f"{claim_id}: vanished: {machine} has a row for a claim no witness declares; {FIX} (or restore the claim)"
            for claim_id in changes.vanished
        ]
        lines += [
            f"{claim_id}: stale row in {machine} ({', '.join(fields)} changed); {FIX}"
            for claim_id, fields in changes.changed
        ]
        if not changes.any:
            lines.append(f"{machine}: stale: not byte-identical to the regenerated ledger; {FIX}")
    elif not paths.mirror.is_file() or paths.mirror.read_bytes() != regenerated.mirror:
        # When claims.json is stale the mirror is too, and the same command fixes both: say it once.
        lines.append(f"{mirror}: stale or missing mirror of {machine}; {FIX}")
    return lines
